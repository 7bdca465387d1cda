// Launch latency and copy bandwidth through the CUDA Runtime API (bench/cudart/run.py builds
// it with nvcc -cudart shared and runs it through ptx2metal's libcudart.so.13). Prints one
// line per figure: the best of several rounds, and the reference measured in the same run
// (std::memcpy of the same bytes for copies).
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

__global__ void empty() {}

static double seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

static void check(cudaError_t e, const char *what) {
  if (e != cudaSuccess) {
    std::printf("%s failed: %s\n", what, cudaGetErrorString(e));
    std::exit(1);
  }
}

int main(int argc, char **argv) {
  const int launches = argc > 1 ? std::atoi(argv[1]) : 20000, rounds = 5;
  const size_t bytes = size_t(64) << 20;
  empty<<<1, 1>>>(); // loads, translates (or finds the bundle) and compiles the module
  check(cudaDeviceSynchronize(), "warm-up launch");
  double bestLaunch = 1e9;
  for (int r = 0; r < rounds; ++r) {
    double t0 = seconds();
    for (int i = 0; i < launches; ++i)
      empty<<<1, 1>>>();
    check(cudaDeviceSynchronize(), "launches");
    bestLaunch = std::min(bestLaunch, (seconds() - t0) / launches);
  }
  std::printf("launch_latency_us %.3f\n", bestLaunch * 1e6);

  std::vector<char> host(bytes, 1), back(bytes, 0);
  void *device = nullptr;
  check(cudaMalloc(&device, bytes), "cudaMalloc");
  double h2d = 1e9, d2h = 1e9, reference = 1e9;
  for (int r = 0; r < rounds; ++r) {
    double t0 = seconds();
    check(cudaMemcpy(device, host.data(), bytes, cudaMemcpyHostToDevice), "H2D");
    double t1 = seconds();
    check(cudaMemcpy(back.data(), device, bytes, cudaMemcpyDeviceToHost), "D2H");
    double t2 = seconds();
    std::memcpy(back.data(), host.data(), bytes);
    double t3 = seconds();
    h2d = std::min(h2d, t1 - t0), d2h = std::min(d2h, t2 - t1), reference = std::min(reference, t3 - t2);
  }
  auto gbs = [&](double s) { return double(bytes) / s / 1e9; };
  std::printf("memcpy_h2d_gbs %.2f\nmemcpy_d2h_gbs %.2f\nhost_memcpy_gbs %.2f\n", gbs(h2d), gbs(d2h), gbs(reference));
  check(cudaFree(device), "cudaFree");
  return 0;
}
