// The process ends with work still pending on its streams: kernels and copies queued behind a
// host function that never returns, more on other streams, on the legacy and on a destroyed
// stream. Returning from main must end the process cleanly (exit status 0, PASS printed),
// neither crashing in the runtime's teardown nor waiting for the work.
#include "check.h"

#include <atomic>
#include <thread>

__global__ void spin(int *out, int n, int rounds) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int v = out[i];
  for (int r = 0; r < rounds; ++r)
    v = v * 1664525 + 1013904223;
  out[i] = v;
}

std::atomic<bool> started{false};

void CUDART_CB never(void *) {
  started = true;
  for (;;)
    std::this_thread::yield(); // never returns: the stream stays blocked until the process ends
}

int main() {
  const int n = 1 << 16;
  int *a = nullptr, *b = nullptr, *c = nullptr;
  CUDA_OK(cudaMalloc(&a, n * sizeof(int)));
  CUDA_OK(cudaMalloc(&b, n * sizeof(int)));
  CUDA_OK(cudaMalloc(&c, n * sizeof(int)));
  int *host = nullptr;
  CUDA_OK(cudaMallocHost(&host, n * sizeof(int)));
  cudaStream_t blocked, busy, doomed;
  CUDA_OK(cudaStreamCreateWithFlags(&blocked, cudaStreamNonBlocking));
  CUDA_OK(cudaStreamCreateWithFlags(&busy, cudaStreamNonBlocking));
  CUDA_OK(cudaStreamCreate(&doomed));
  CUDA_OK(cudaLaunchHostFunc(blocked, never, nullptr));
  for (int i = 0; i < 8; ++i) {
    spin<<<n / 256, 256, 0, blocked>>>(a, n, 1000);
    spin<<<n / 256, 256, 0, busy>>>(b, n, 1000);
    spin<<<n / 256, 256, 0, doomed>>>(c, n, 1000);
    spin<<<n / 256, 256>>>(c, n, 1000); // the legacy stream
    CUDA_OK(cudaMemcpyAsync(host, b, n * sizeof(int), cudaMemcpyDeviceToHost, busy));
  }
  CUDA_OK(cudaGetLastError());
  CUDA_OK(cudaStreamDestroy(doomed));
  while (!started.load())
    std::this_thread::yield();
  CUDA_FAILS(cudaStreamQuery(blocked), cudaErrorNotReady);
  return pass(); // with all of it still pending
}
