// Built with --default-stream per-thread: the runtime's _ptsz/_ptds entry points, where stream
// 0 is each host thread's own default stream; two threads work on theirs at once.
#include "check.h"
#include <thread>

__global__ void iota(int *out, int n, int base) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = base + i;
}

bool work(int base) {
  const int n = 2048;
  int *d = nullptr, h[n];
  if (cudaMalloc(&d, n * sizeof(int)) != cudaSuccess)
    return false;
  iota<<<n / 256, 256>>>(d, n, base); // the per-thread default stream
  if (cudaMemcpyAsync(h, d, sizeof h, cudaMemcpyDeviceToHost, 0) != cudaSuccess ||
      cudaStreamSynchronize(cudaStreamPerThread) != cudaSuccess)
    return false;
  for (int i = 0; i < n; ++i)
    if (h[i] != base + i)
      return false;
  return cudaFree(d) == cudaSuccess;
}

int main() {
  bool a = false, b = false;
  std::thread t1([&] { a = work(100); }), t2([&] { b = work(-5000); });
  t1.join();
  t2.join();
  CHECK(a && b);
  CHECK(work(7));
  return pass();
}
