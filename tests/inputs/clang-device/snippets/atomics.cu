// atomics on global and shared memory: 32- and 64-bit integer, f32 and f64 adds, cas, exch, max.
#include "prelude.h"
__device__ float atomicAddF(float *a, float v) { return __nvvm_atom_add_gen_f(a, v); }
__global__ void k(int *i32, unsigned long long *u64, float *f, double *d, int v) {
  atomicAddF(f, 1.0f);
  __nvvm_atom_add_gen_i(i32, v); __nvvm_atom_max_gen_i(i32 + 1, v); __nvvm_atom_cas_gen_i(i32 + 2, 0, v);
  __nvvm_atom_add_gen_ll((long long*)u64, 1); __nvvm_atom_xchg_gen_ll((long long*)u64 + 1, v);
  __nvvm_atom_add_gen_d(d, 1.5);
  __shared__ int s[32]; s[threadIdx.x & 31] = 0; __syncthreads(); __nvvm_atom_add_gen_i(s + (v & 31), 1); __syncthreads(); i32[3 + threadIdx.x] = s[threadIdx.x & 31];
}
