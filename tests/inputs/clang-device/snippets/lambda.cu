// lambdas passed to templates, a template struct by value.
#include "prelude.h"
template <typename F> __device__ void for_each(float *p, int n, F f) { for (int i = threadIdx.x; i < n; i += blockDim.x) p[i] = f(p[i], i); }
template <typename T, int N> struct Arr { T v[N]; };
template <typename T, int N> __device__ __noinline__ T reduce(Arr<T, N> a) { T s = 0; for (int i = 0; i < N; ++i) s += a.v[i] * (i + 1); return s; }
__global__ void k(float *p, int n, float scale) {
  for_each(p, n, [=](float x, int i) { return x * scale + i; });
  Arr<float, 7> a; for (int i = 0; i < 7; ++i) a.v[i] = p[i];
  if (threadIdx.x == 0) p[0] = reduce(a);
}
