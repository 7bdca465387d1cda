// printf with several argument types, __assertfail.
#include "prelude.h"
extern "C" __device__ int printf(const char *, ...);
__global__ void k(const float *a, int n) { if (threadIdx.x < 2) printf("t %d a %f n %d %s %lld\n", threadIdx.x, a[threadIdx.x], n, "x", (long long)n * 3); }
__device__ void __assert_fail_like(int x) { if (!x) __assertfail("x", __FILE__, __LINE__, __func__, 1); }
__global__ void k2(const int *a) { __assert_fail_like(a[threadIdx.x]); }
