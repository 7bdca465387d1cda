// Device printf through the runtime: the text appears on stdout once the kernel completes.
#include "check.h"

__global__ void hello(int base) {
  if (threadIdx.x < 3)
    printf("block %d thread %d value %d\n", blockIdx.x, threadIdx.x, base + threadIdx.x);
}

int main() {
  hello<<<2, 32>>>(100);
  CUDA_OK(cudaDeviceSynchronize());
  std::fflush(stdout);
  return pass();
}
