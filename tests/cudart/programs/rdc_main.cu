// -rdc=true with two translation units: the kernels live in rdc_kernels.cu and are launched
// from here; each unit also has a __device__ variable of its own.
#include "check.h"

__global__ void fill(int *out, int n, int value); // rdc_kernels.cu
__global__ void addOffset(int *out, int n);       // rdc_kernels.cu
void setOffset(int value);                        // rdc_kernels.cu

__device__ int launches;

__global__ void count() { atomicAdd(&launches, 1); }

int main() {
  const int n = 300;
  int *d;
  CUDA_OK(cudaMalloc(&d, n * sizeof(int)));
  fill<<<3, 100>>>(d, n, 7);
  setOffset(5);
  addOffset<<<3, 100>>>(d, n);
  count<<<2, 1>>>();
  CUDA_OK(cudaDeviceSynchronize());
  int h[n];
  CUDA_OK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i)
    CHECK(h[i] == 12);
  int c = 0;
  CUDA_OK(cudaMemcpyFromSymbol(&c, launches, sizeof c));
  CHECK(c == 2);
  CUDA_OK(cudaFree(d));
  return pass();
}
