// thrust::reduce (sum of ints, max of floats) of random data, checked against the host.
#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/reduce.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

int main(int argc, char** argv) {
  const std::size_t n = argc > 1 ? std::strtoul(argv[1], nullptr, 0) : (1u << 20);
  std::mt19937 rng(27);
  std::uniform_int_distribution<int> ints(-1000, 1000);
  std::uniform_real_distribution<float> floats(-1e6f, 1e6f);
  std::vector<int> a(n);
  std::vector<float> b(n);
  for (auto& x : a) x = ints(rng);
  for (auto& x : b) x = floats(rng);

  thrust::device_vector<int> d_a(a.begin(), a.end());
  thrust::device_vector<float> d_b(b.begin(), b.end());
  const long long sum = thrust::reduce(d_a.begin(), d_a.end(), 0LL, thrust::plus<long long>());
  const float max = thrust::reduce(d_b.begin(), d_b.end(), -1e30f, thrust::maximum<float>());

  long long expected_sum = 0;
  for (int x : a) expected_sum += x;
  const float expected_max = *std::max_element(b.begin(), b.end());
  if (sum != expected_sum || max != expected_max) {
    std::printf("FAIL thrust_reduce: sum %lld (expected %lld), max %g (expected %g)\n", sum,
                expected_sum, double(max), double(expected_max));
    return 1;
  }
  std::printf("PASS thrust_reduce n=%zu sum=%lld max=%g\n", n, sum, double(max));
  return 0;
}
