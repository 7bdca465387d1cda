// Eight host threads share the device, each with its own stream and memory, launching and
// copying at once; every thread checks its own results.
#include "check.h"
#include <thread>
#include <vector>

__global__ void affine(int *data, int n, int a, int b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] = data[i] * a + b;
}

int main() {
  const int threads = 8, n = 4096, rounds = 20;
  std::vector<int> ok(threads, 0);
  std::vector<std::thread> workers;
  for (int t = 0; t < threads; ++t)
    workers.emplace_back([t, &ok] {
      cudaStream_t s;
      if (cudaStreamCreate(&s) != cudaSuccess)
        return;
      int *d = nullptr;
      std::vector<int> h(n), back(n);
      for (int i = 0; i < n; ++i)
        h[i] = i + t;
      bool good = cudaMalloc(&d, n * sizeof(int)) == cudaSuccess;
      for (int r = 0; good && r < rounds; ++r) {
        good = cudaMemcpyAsync(d, h.data(), n * sizeof(int), cudaMemcpyHostToDevice, s) == cudaSuccess;
        affine<<<n / 256, 256, 0, s>>>(d, n, t + 1, r);
        good = good && cudaGetLastError() == cudaSuccess;
        good = good && cudaMemcpyAsync(back.data(), d, n * sizeof(int), cudaMemcpyDeviceToHost, s) == cudaSuccess;
        good = good && cudaStreamSynchronize(s) == cudaSuccess;
        for (int i = 0; good && i < n; ++i)
          good = back[i] == (i + t) * (t + 1) + r;
      }
      ok[t] = good && cudaFree(d) == cudaSuccess && cudaStreamDestroy(s) == cudaSuccess;
    });
  for (auto &w : workers)
    w.join();
  for (int t = 0; t < threads; ++t)
    CHECK(ok[t] == 1);
  return pass();
}
