// cub::DeviceRadixSort::SortKeys and SortPairs of random keys, checked against std::sort.
#include <cub/device/device_radix_sort.cuh>

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
  const int n = argc > 1 ? std::atoi(argv[1]) : (1 << 16);
  std::mt19937 rng(27);
  std::vector<unsigned> keys(n), values(n);
  for (auto& k : keys) k = rng();
  for (int i = 0; i < n; ++i) values[i] = static_cast<unsigned>(i);
  const std::size_t bytes = sizeof(unsigned) * n;

  unsigned *d_keys_in, *d_keys_out, *d_values_in, *d_values_out;
  CHECK(cudaMalloc(&d_keys_in, bytes));
  CHECK(cudaMalloc(&d_keys_out, bytes));
  CHECK(cudaMalloc(&d_values_in, bytes));
  CHECK(cudaMalloc(&d_values_out, bytes));
  CHECK(cudaMemcpy(d_keys_in, keys.data(), bytes, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_values_in, values.data(), bytes, cudaMemcpyHostToDevice));

  // The usual two calls: the first asks for the temporary storage size.
  void* temp = nullptr;
  std::size_t temp_bytes = 0, pairs_bytes = 0;
  CHECK(cub::DeviceRadixSort::SortKeys(temp, temp_bytes, d_keys_in, d_keys_out, n));
  CHECK(cub::DeviceRadixSort::SortPairs(temp, pairs_bytes, d_keys_in, d_keys_out, d_values_in,
                                        d_values_out, n));
  temp_bytes = std::max(temp_bytes, pairs_bytes);
  CHECK(cudaMalloc(&temp, temp_bytes));

  std::vector<unsigned> expected = keys;
  std::sort(expected.begin(), expected.end());
  std::vector<unsigned> out(n), out_values(n);

  CHECK(cub::DeviceRadixSort::SortKeys(temp, temp_bytes, d_keys_in, d_keys_out, n));
  CHECK(cudaMemcpy(out.data(), d_keys_out, bytes, cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i)
    if (out[i] != expected[i]) {
      std::printf("FAIL SortKeys: [%d] = %u, expected %u\n", i, out[i], expected[i]);
      return 1;
    }

  CHECK(cub::DeviceRadixSort::SortPairs(temp, temp_bytes, d_keys_in, d_keys_out, d_values_in,
                                        d_values_out, n));
  CHECK(cudaMemcpy(out.data(), d_keys_out, bytes, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(out_values.data(), d_values_out, bytes, cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i)
    // Radix sort is stable: equal keys keep their input order.
    if (out[i] != expected[i] || keys[out_values[i]] != out[i] ||
        (i > 0 && out[i] == out[i - 1] && out_values[i] <= out_values[i - 1])) {
      std::printf("FAIL SortPairs: [%d] key %u value %u\n", i, out[i], out_values[i]);
      return 1;
    }
  std::printf("PASS cub_radix_sort n=%d\n", n);
  return 0;
}
