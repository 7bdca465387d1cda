// a template struct of 64-bit keys sorted by value in a device function.
#include "prelude.h"
template <typename T> __device__ void swap_if(T &a, T &b) { if (b < a) { T t = a; a = b; b = t; } }
template <typename T, int N> struct Keys { T k[N]; };
template <typename T, int N> __device__ __noinline__ Keys<T, N> sorted(Keys<T, N> in) { for (int i = 0; i < N; ++i) for (int j = 0; j + 1 < N - i; ++j) swap_if(in.k[j], in.k[j + 1]); return in; }
__global__ void k(const long long *in, long long *out) {
  Keys<long long, 9> a; for (int i = 0; i < 9; ++i) a.k[i] = in[threadIdx.x * 9 + i];
  Keys<long long, 9> s = sorted(a); for (int i = 0; i < 9; ++i) out[threadIdx.x * 9 + i] = s.k[i];
}
