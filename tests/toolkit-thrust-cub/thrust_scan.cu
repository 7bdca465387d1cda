// thrust::inclusive_scan and thrust::exclusive_scan of random ints, checked against the host.
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/scan.h>

#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

int main(int argc, char** argv) {
  const std::size_t n = argc > 1 ? std::strtoul(argv[1], nullptr, 0) : (1u << 20);
  std::mt19937 rng(27);
  std::uniform_int_distribution<int> ints(-100, 100);
  std::vector<int> a(n);
  for (auto& x : a) x = ints(rng);

  thrust::device_vector<int> d_a(a.begin(), a.end());
  thrust::device_vector<int> d_inc(n), d_exc(n);
  thrust::inclusive_scan(d_a.begin(), d_a.end(), d_inc.begin());
  thrust::exclusive_scan(d_a.begin(), d_a.end(), d_exc.begin(), 7);
  thrust::host_vector<int> inc = d_inc, exc = d_exc;

  int running = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (exc[i] != running + 7) {
      std::printf("FAIL exclusive_scan: [%zu] = %d, expected %d\n", i, exc[i], running + 7);
      return 1;
    }
    running += a[i];
    if (inc[i] != running) {
      std::printf("FAIL inclusive_scan: [%zu] = %d, expected %d\n", i, inc[i], running);
      return 1;
    }
  }
  std::printf("PASS thrust_scan n=%zu last=%d\n", n, inc[n - 1]);
  return 0;
}
