// __constant__ and __device__ variables reached from the host: cudaMemcpyToSymbol (with an
// offset), cudaMemcpyFromSymbol, cudaGetSymbolAddress and cudaGetSymbolSize, and a variable's
// initializer as the module defines it.
#include "check.h"

__constant__ float coefficients[8];
__device__ int counter = 41;
__device__ float results[8];

__global__ void apply(float x) {
  int i = threadIdx.x;
  results[i] = coefficients[i] * x;
  if (i == 0)
    atomicAdd(&counter, 1);
}

int main() {
  float c[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  CUDA_OK(cudaMemcpyToSymbol(coefficients, c, 4 * sizeof(float)));
  CUDA_OK(cudaMemcpyToSymbol(coefficients, c + 4, 4 * sizeof(float), 4 * sizeof(float)));
  apply<<<1, 8>>>(0.5f);
  CUDA_OK(cudaDeviceSynchronize());
  float r[8];
  CUDA_OK(cudaMemcpyFromSymbol(r, results, sizeof r));
  for (int i = 0; i < 8; ++i)
    CHECK(r[i] == c[i] * 0.5f);
  int value = 0;
  CUDA_OK(cudaMemcpyFromSymbol(&value, counter, sizeof value));
  CHECK(value == 42);
  size_t size = 0;
  CUDA_OK(cudaGetSymbolSize(&size, results));
  CHECK(size == sizeof r);
  float *address = nullptr;
  CUDA_OK(cudaGetSymbolAddress(reinterpret_cast<void **>(&address), results));
  float second = 0;
  CUDA_OK(cudaMemcpy(&second, address + 1, sizeof second, cudaMemcpyDeviceToHost));
  CHECK(second == 1.0f);
  // Out of range: past the variable's end.
  CUDA_FAILS(cudaMemcpyToSymbol(coefficients, c, sizeof c, 4), cudaErrorInvalidValue);
  // Not a registered symbol.
  CUDA_FAILS(cudaMemcpyToSymbol(c, c, 4), cudaErrorInvalidSymbol);
  CUDA_OK(cudaGetLastError() == cudaErrorInvalidSymbol ? cudaSuccess : cudaErrorUnknown);
  return pass();
}
