// Misuse returns CUDA's errors: bad launch configurations, too much shared memory, bad
// pointers and sizes, bad copy kinds, bad handles; cudaGetLastError clears what
// cudaPeekAtLastError only reads.
#include "check.h"

__global__ void touch(int *p) { p[threadIdx.x] = int(threadIdx.x); }
__global__ void dynamicShared(int *p) {
  extern __shared__ int s[];
  s[threadIdx.x] = 1;
  p[threadIdx.x] = s[threadIdx.x];
}

int main() {
  int *d;
  CUDA_OK(cudaMalloc(&d, 4096));
  touch<<<1, 2048>>>(d); // more threads than a block may have
  CHECK(cudaPeekAtLastError() == cudaErrorInvalidConfiguration);
  CHECK(cudaGetLastError() == cudaErrorInvalidConfiguration);
  CHECK(cudaGetLastError() == cudaSuccess);
  touch<<<0, 32>>>(d);
  CHECK(cudaGetLastError() == cudaErrorInvalidConfiguration);
  dynamicShared<<<1, 32, 1 << 30>>>(d); // a GiB of shared memory
  cudaError_t tooMuch = cudaGetLastError();
  CHECK(tooMuch == cudaErrorInvalidValue || tooMuch == cudaErrorLaunchOutOfResources ||
        tooMuch == cudaErrorInvalidConfiguration);
  touch<<<1, 32>>>(d); // the device is still fine
  CUDA_OK(cudaGetLastError());
  CUDA_OK(cudaDeviceSynchronize());
  int h[32];
  CUDA_FAILS(cudaMemcpy(h, d, sizeof h, static_cast<cudaMemcpyKind>(42)), cudaErrorInvalidMemcpyDirection);
  CUDA_FAILS(cudaMemcpy(h, d + 2000, sizeof h, cudaMemcpyDeviceToHost), cudaErrorInvalidValue); // past the end
  int stackValue = 0;
  CUDA_FAILS(cudaFree(&stackValue), cudaErrorInvalidValue);
  CUDA_FAILS(cudaMalloc(nullptr, 16), cudaErrorInvalidValue);
  CUDA_FAILS(cudaMemset(reinterpret_cast<void *>(0x10), 0, 4), cudaErrorInvalidValue);
  cudaStream_t s;
  CUDA_OK(cudaStreamCreate(&s));
  CUDA_OK(cudaStreamDestroy(s));
  CUDA_FAILS(cudaStreamSynchronize(s), cudaErrorInvalidResourceHandle); // destroyed
  cudaEvent_t e;
  CUDA_OK(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
  CUDA_OK(cudaEventRecord(e));
  float ms;
  CUDA_FAILS(cudaEventElapsedTime(&ms, e, e), cudaErrorInvalidResourceHandle);
  CUDA_FAILS(cudaLaunchKernel(reinterpret_cast<void *>(&main), 1, 1, nullptr, 0, 0), cudaErrorInvalidDeviceFunction);
  CUDA_FAILS(cudaEventCreateWithFlags(&e, 0x100), cudaErrorInvalidValue);
  cudaGetLastError();
  CUDA_OK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
  for (int i = 0; i < 32; ++i)
    CHECK(h[i] == i);
  std::printf("%s: %s\n", cudaGetErrorName(cudaErrorInvalidConfiguration),
              cudaGetErrorString(cudaErrorInvalidConfiguration));
  return pass();
}
