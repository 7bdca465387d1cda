// The second translation unit of rdc_device_call_main.cu: the __device__ function, the
// variables and the function table that the first unit's kernels use without defining them.
#include "check.h"

#include <cstdio>

__device__ int scale = 3;
__device__ int table[4] = {10, 20, 30, 40};
__device__ int libCalls;

__device__ int transform(int x) {
  atomicAdd(&libCalls, 1);
  return x * scale + table[x & 3];
}

__device__ int negate(int x) { return -x; }
__device__ int square(int x) { return x * x; }
typedef int (*Op)(int);
__device__ Op ops[2] = {negate, square};

// File-static in both units: each unit keeps its own.
static __device__ int hidden = 5;

__global__ void libKernel(int *out) {
  if (threadIdx.x == 0)
    printf("libKernel ran\n"); // a string literal in each unit: both are $str in PTX
  out[0] = hidden;
}

void setScale(int value) { CUDA_OK(cudaMemcpyToSymbol(scale, &value, sizeof value)); }
