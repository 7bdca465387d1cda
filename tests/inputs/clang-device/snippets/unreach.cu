// a switch whose default clang proves unreachable, __builtin_trap.
#include "prelude.h"
__device__ __noinline__ int sel(int x) {
  switch (x & 3) { case 0: return 10; case 1: return 20; case 2: return 30; case 3: return 41; }
  __builtin_unreachable();
}
__device__ __noinline__ void check(int x) { if (x > 1000) __builtin_trap(); }
__global__ void k(int *out) { int v = sel(threadIdx.x); check(v); out[threadIdx.x] = v; }
