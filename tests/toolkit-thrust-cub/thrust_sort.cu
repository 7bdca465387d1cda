// thrust::sort of random keys and thrust::sort_by_key, checked against std::sort on the host.
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/sort.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

int main(int argc, char** argv) {
  const std::size_t n = argc > 1 ? std::strtoul(argv[1], nullptr, 0) : (1u << 16);
  std::mt19937 rng(27);
  std::vector<unsigned> keys(n);
  for (auto& k : keys) k = rng();
  std::vector<unsigned> values(n);
  for (std::size_t i = 0; i < n; ++i) values[i] = static_cast<unsigned>(i);

  thrust::device_vector<unsigned> d_keys(keys.begin(), keys.end());
  thrust::sort(d_keys.begin(), d_keys.end());
  thrust::host_vector<unsigned> sorted = d_keys;
  std::vector<unsigned> expected = keys;
  std::sort(expected.begin(), expected.end());
  for (std::size_t i = 0; i < n; ++i)
    if (sorted[i] != expected[i]) {
      std::printf("FAIL sort: [%zu] = %u, expected %u\n", i, sorted[i], expected[i]);
      return 1;
    }

  thrust::device_vector<unsigned> d_k(keys.begin(), keys.end());
  thrust::device_vector<unsigned> d_v(values.begin(), values.end());
  thrust::sort_by_key(d_k.begin(), d_k.end(), d_v.begin());
  thrust::host_vector<unsigned> k = d_k, v = d_v;
  for (std::size_t i = 0; i < n; ++i)
    if (k[i] != expected[i] || keys[v[i]] != k[i] || (i > 0 && k[i] == k[i - 1] && v[i] <= v[i - 1])) {
      std::printf("FAIL sort_by_key: [%zu] key %u value %u\n", i, k[i], v[i]);
      return 1;
    }
  std::printf("PASS thrust_sort n=%zu\n", n);
  return 0;
}
