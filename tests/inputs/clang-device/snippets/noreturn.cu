// [[noreturn]] and __builtin_unreachable paths in device functions, exit through inline asm.
#include "prelude.h"
[[noreturn]] __device__ __noinline__ void fail(int code) { __builtin_trap(); }
__device__ __noinline__ int checked_div(int a, int b) { if (b == 0) fail(1); return a / b; }
__device__ __noinline__ int bounded(int x) { if (x < 0 || x > 100) __builtin_unreachable(); return x * 3; }
__global__ void k(const int *a, const int *b, int *o) { int i = threadIdx.x; o[i] = checked_div(a[i], b[i]) + bounded(a[i] & 63); }
__device__ __noinline__ void finish() { asm volatile("exit;"); }
__global__ void k2(int *o) { if (threadIdx.x & 1) finish(); o[threadIdx.x] = 1; }
