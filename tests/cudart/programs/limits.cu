// Context limits through the runtime: printf FIFO, malloc heap and stack sizes are stored and
// reported; a larger printf FIFO holds more output.
#include "check.h"

__global__ void chatty(int lines) {
  for (int i = 0; i < lines; ++i)
    printf("line %d of thread %d\n", i, threadIdx.x);
}

int main() {
  size_t v = 0;
  CUDA_OK(cudaDeviceGetLimit(&v, cudaLimitPrintfFifoSize));
  CHECK(v == 1 << 20);
  CUDA_OK(cudaDeviceSetLimit(cudaLimitPrintfFifoSize, 4 << 20));
  CUDA_OK(cudaDeviceGetLimit(&v, cudaLimitPrintfFifoSize));
  CHECK(v == 4 << 20);
  CUDA_OK(cudaDeviceSetLimit(cudaLimitStackSize, 4096));
  CUDA_OK(cudaDeviceGetLimit(&v, cudaLimitStackSize));
  CHECK(v == 4096);
  CUDA_OK(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 16 << 20));
  CUDA_OK(cudaDeviceGetLimit(&v, cudaLimitMallocHeapSize));
  CHECK(v == 16 << 20);
  CUDA_FAILS(cudaDeviceSetLimit(static_cast<cudaLimit>(77), 1), cudaErrorUnsupportedLimit);
  cudaGetLastError();
  chatty<<<1, 64>>>(2);
  CUDA_OK(cudaDeviceSynchronize());
  std::fflush(stdout);
  return pass();
}
