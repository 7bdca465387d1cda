// CUDA's declaration keywords and vector types as a program uses them: compiled by
// check-headers-compile.py in the CUDA device and host passes and as plain C++.
#include <crt/host_defines.h>
#include <vector_functions.h>
#include <vector_types.h>

__managed__ int managedValue;
__constant__ int table[4];
__device__ int deviceValue;

struct Params {
  int a;
};

__global__ void __launch_bounds__(128, 2) kernel(const __grid_constant__ Params p, int *out) {
  __shared__ int staging[32];
  staging[0] = p.a + table[0] + managedValue + deviceValue;
  out[0] = staging[0];
}

__device__ __forceinline__ int inlined(int x) { return x + 1; }

__host__ __device__ int2 extent() {
  dim3 block(2);
  uint3 asUint3 = block;
  return make_int2(static_cast<int>(asUint3.x), static_cast<int>(block.y));
}

struct __align__(16) Aligned {
  float x;
};
static_assert(alignof(Aligned) == 16, "__align__");
static_assert(sizeof(float4) == 16 && alignof(float4) == 16, "float4");
static_assert(sizeof(double4_32a) == 32 && alignof(double4_32a) == 32, "double4_32a");
static_assert(sizeof(dim3) == 12, "dim3");
