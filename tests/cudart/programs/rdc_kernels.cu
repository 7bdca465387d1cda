// The second translation unit of rdc_main.cu.
#include "check.h"

__constant__ int offset;

__global__ void fill(int *out, int n, int value) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = value;
}

__global__ void addOffset(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] += offset;
}

void setOffset(int value) { CUDA_OK(cudaMemcpyToSymbol(offset, &value, sizeof value)); }
