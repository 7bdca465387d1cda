// A kernel that traps breaks the context: the launch's error is cudaErrorLaunchFailure, it is
// sticky (every later call reports it, cudaGetLastError does not clear it), and the process
// survives to say so.
#include "check.h"

__global__ void trapper(int *flag) {
  if (threadIdx.x == 3)
    __trap();
  flag[threadIdx.x] = 1;
}

int main() {
  int *flag;
  CUDA_OK(cudaMalloc(&flag, 64 * sizeof(int)));
  trapper<<<1, 32>>>(flag);
  cudaError_t launch = cudaGetLastError();
  cudaError_t sync = cudaDeviceSynchronize();
  // CUDA reports a fault at the launch or, asynchronously, at the next synchronization.
  CHECK(launch == cudaErrorLaunchFailure || sync == cudaErrorLaunchFailure);
  void *p = nullptr;
  CUDA_FAILS(cudaMalloc(&p, 16), cudaErrorLaunchFailure);
  CHECK(cudaGetLastError() == cudaErrorLaunchFailure);
  CUDA_FAILS(cudaMemset(flag, 0, 4), cudaErrorLaunchFailure); // still sticky
  CHECK(cudaPeekAtLastError() == cudaErrorLaunchFailure);
  std::printf("sticky error: %s\n", cudaGetErrorString(cudaErrorLaunchFailure));
  return pass();
}
