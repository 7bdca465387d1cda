// cub::DeviceScan::InclusiveSum and ExclusiveSum of random ints, checked against the host.
#include <cub/device/device_scan.cuh>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#define CHECK(call)                                                                      \
  do {                                                                                   \
    cudaError_t err_ = (call);                                                           \
    if (err_ != cudaSuccess) {                                                           \
      std::printf("FAIL %s: %s\n", #call, cudaGetErrorString(err_));                     \
      return 1;                                                                          \
    }                                                                                    \
  } while (0)

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : (1 << 20);
  std::mt19937 rng(27);
  std::uniform_int_distribution<int> ints(-100, 100);
  std::vector<int> a(n);
  for (auto& x : a) x = ints(rng);
  const std::size_t bytes = sizeof(int) * n;

  int *d_in, *d_inc, *d_exc;
  CHECK(cudaMalloc(&d_in, bytes));
  CHECK(cudaMalloc(&d_inc, bytes));
  CHECK(cudaMalloc(&d_exc, bytes));
  CHECK(cudaMemcpy(d_in, a.data(), bytes, cudaMemcpyHostToDevice));

  void* temp = nullptr;
  std::size_t inc_bytes = 0, exc_bytes = 0;
  CHECK(cub::DeviceScan::InclusiveSum(temp, inc_bytes, d_in, d_inc, n));
  CHECK(cub::DeviceScan::ExclusiveSum(temp, exc_bytes, d_in, d_exc, n));
  std::size_t temp_bytes = std::max(inc_bytes, exc_bytes);
  CHECK(cudaMalloc(&temp, temp_bytes));
  CHECK(cub::DeviceScan::InclusiveSum(temp, temp_bytes, d_in, d_inc, n));
  CHECK(cub::DeviceScan::ExclusiveSum(temp, temp_bytes, d_in, d_exc, n));
  std::vector<int> inc(n), exc(n);
  CHECK(cudaMemcpy(inc.data(), d_inc, bytes, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(exc.data(), d_exc, bytes, cudaMemcpyDeviceToHost));

  int running = 0;
  for (int i = 0; i < n; ++i) {
    if (exc[i] != running) {
      std::printf("FAIL ExclusiveSum: [%d] = %d, expected %d\n", i, exc[i], running);
      return 1;
    }
    running += a[i];
    if (inc[i] != running) {
      std::printf("FAIL InclusiveSum: [%d] = %d, expected %d\n", i, inc[i], running);
      return 1;
    }
  }
  std::printf("PASS cub_scan n=%d last=%d\n", n, inc[n - 1]);
  return 0;
}
