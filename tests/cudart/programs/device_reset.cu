// cudaDeviceReset destroys the primary context's allocations and modules; the next call
// starts a fresh context, and registered kernels and variables load again.
#include "check.h"

__device__ int value = 3;

__global__ void bump(int *out) { out[0] = ++value; }

int run() {
  int *d, h = 0;
  CUDA_OK(cudaMalloc(&d, sizeof(int)));
  bump<<<1, 1>>>(d);
  CUDA_OK(cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost));
  CUDA_OK(cudaFree(d));
  return h;
}

int main() {
  CHECK(run() == 4);
  CHECK(run() == 5);
  CUDA_OK(cudaDeviceReset());
  CHECK(run() == 4); // the module's variables start again from their initializers
  CUDA_OK(cudaDeviceReset());
  return pass();
}
