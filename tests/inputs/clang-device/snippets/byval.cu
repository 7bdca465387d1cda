// a struct passed by value to device functions and indexed dynamically there.
#include "prelude.h"
struct S { float a[5]; int n; };
__device__ __noinline__ float sum(S s, int k) { float t = 0; for (int i = 0; i < s.n; ++i) t += s.a[(i + k) % 5]; return t; }
__device__ __noinline__ float pick(S s, int i) { return s.a[i]; }
__global__ void k(float *out, S s) { out[threadIdx.x] = sum(s, threadIdx.x) + pick(s, threadIdx.x % 5); }
