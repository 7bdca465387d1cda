// -rdc=true, device linking: this unit's kernels call a __device__ function, read __device__
// variables and call through a function table, all defined in rdc_device_call_lib.cu; each
// unit has a file-static variable and a printf string of the same name in PTX.
#include "check.h"

#include <cstdio>

extern __device__ int scale;
extern __device__ int table[4];
extern __device__ int libCalls;
__device__ int transform(int x);
typedef int (*Op)(int);
extern __device__ Op ops[2];

static __device__ int hidden = 7;

__global__ void apply(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i == 0)
    printf("apply ran with scale %d\n", scale);
  if (i < n)
    out[i] = transform(i);
}

__global__ void callTable(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = ops[i & 1](i);
}

__global__ void mainHidden(int *out) { out[0] = hidden; }

__global__ void libKernel(int *out); // rdc_device_call_lib.cu
void setScale(int value);            // rdc_device_call_lib.cu

int main() {
  const int n = 200;
  int *d;
  CUDA_OK(cudaMalloc(&d, n * sizeof(int)));
  int h[n];

  apply<<<2, 100>>>(d, n);
  CUDA_OK(cudaGetLastError());
  CUDA_OK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
  const int table[4] = {10, 20, 30, 40};
  for (int i = 0; i < n; ++i)
    CHECK(h[i] == i * 3 + table[i & 3]);

  setScale(5); // the other unit's host code writes the variable both units' kernels see
  apply<<<2, 100>>>(d, n);
  CUDA_OK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i)
    CHECK(h[i] == i * 5 + table[i & 3]);
  int calls = 0;
  CUDA_OK(cudaMemcpyFromSymbol(&calls, libCalls, sizeof calls));
  CHECK(calls == 2 * n);

  callTable<<<2, 100>>>(d, n);
  CUDA_OK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i)
    CHECK(h[i] == ((i & 1) ? i * i : -i));

  int hidden[2] = {0, 0};
  mainHidden<<<1, 1>>>(d);
  CUDA_OK(cudaMemcpy(&hidden[0], d, sizeof(int), cudaMemcpyDeviceToHost));
  libKernel<<<1, 32>>>(d);
  CUDA_OK(cudaMemcpy(&hidden[1], d, sizeof(int), cudaMemcpyDeviceToHost));
  CHECK(hidden[0] == 7);
  CHECK(hidden[1] == 5);
  CUDA_OK(cudaDeviceSynchronize());
  CUDA_OK(cudaFree(d));
  return pass();
}
