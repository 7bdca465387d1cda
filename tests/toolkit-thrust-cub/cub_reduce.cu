// cub::DeviceReduce::Sum (and Max) of random ints, checked against the host.
#include <cub/device/device_reduce.cuh>

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
  std::uniform_int_distribution<int> ints(-1000, 1000);
  std::vector<int> a(n);
  for (auto& x : a) x = ints(rng);

  int *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, sizeof(int) * n));
  CHECK(cudaMalloc(&d_out, sizeof(int) * 2));
  CHECK(cudaMemcpy(d_in, a.data(), sizeof(int) * n, cudaMemcpyHostToDevice));

  void* temp = nullptr;
  std::size_t sum_bytes = 0, max_bytes = 0;
  CHECK(cub::DeviceReduce::Sum(temp, sum_bytes, d_in, d_out, n));
  CHECK(cub::DeviceReduce::Max(temp, max_bytes, d_in, d_out + 1, n));
  std::size_t temp_bytes = std::max(sum_bytes, max_bytes);
  CHECK(cudaMalloc(&temp, temp_bytes));
  CHECK(cub::DeviceReduce::Sum(temp, temp_bytes, d_in, d_out, n));
  CHECK(cub::DeviceReduce::Max(temp, temp_bytes, d_in, d_out + 1, n));
  int out[2];
  CHECK(cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost));

  long long expected_sum = 0;
  for (int x : a) expected_sum += x;
  const int expected_max = *std::max_element(a.begin(), a.end());
  if (out[0] != expected_sum || out[1] != expected_max) {
    std::printf("FAIL cub_reduce: sum %d (expected %lld), max %d (expected %d)\n", out[0],
                expected_sum, out[1], expected_max);
    return 1;
  }
  std::printf("PASS cub_reduce n=%d sum=%d max=%d\n", n, out[0], out[1]);
  return 0;
}
