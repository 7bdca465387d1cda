// A failed device-side assert: its message is printed, the launch fails with cudaErrorAssert,
// and the error is sticky.
#include "check.h"
#include <cassert>

__global__ void checkPositive(const int *values) { assert(values[threadIdx.x] > 0); }

int main() {
  int h[4] = {1, 2, -3, 4}, *d;
  CUDA_OK(cudaMalloc(&d, sizeof h));
  CUDA_OK(cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice));
  checkPositive<<<1, 4>>>(d);
  cudaError_t launch = cudaGetLastError(), sync = cudaDeviceSynchronize();
  CHECK(launch == cudaErrorAssert || sync == cudaErrorAssert);
  CUDA_FAILS(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost), cudaErrorAssert);
  std::fflush(stdout);
  return pass();
}
