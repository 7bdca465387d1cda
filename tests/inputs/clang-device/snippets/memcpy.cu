// memcpy, memset and memmove of structs and variable lengths (clang's loops).
#include "prelude.h"
struct Big { int a[37]; char c[5]; };
__device__ __noinline__ void cp(Big *d, const Big *s) { *d = *s; }
__global__ void k(Big *out, const Big *in, int n) {
  Big local; __builtin_memcpy(&local, in + threadIdx.x, sizeof(Big)); local.a[threadIdx.x % 37] += 1;
  __builtin_memset(out + threadIdx.x, 0, sizeof(Big)); cp(out + threadIdx.x, &local);
  char buf[64]; __builtin_memset(buf, n, n & 63); out[0].c[0] = buf[threadIdx.x & 63];
}
__global__ void k2(char *d, const char *s, int n) { __builtin_memcpy(d, s, n); __builtin_memmove(d + 1, d, n / 2); }
