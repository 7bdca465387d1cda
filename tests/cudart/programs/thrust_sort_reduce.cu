// Thrust (the copy that ships with nvcc) on the runtime: device vectors, sequence, reduce and
// sort, which run CUB's kernels (radix sort passes, reductions) and use cudaFuncGetAttributes,
// occupancy, device attributes, temporary allocations and stream synchronization.
#include "check.h"
#include <thrust/device_vector.h>
#include <thrust/reduce.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <algorithm>
#include <vector>

int main() {
  thrust::device_vector<int> v(100000);
  thrust::sequence(v.begin(), v.end(), 0);
  long long sum = thrust::reduce(v.begin(), v.end(), 0LL);
  CHECK(sum == 4999950000LL);
  const int n = 20000;
  std::vector<float> host(n);
  for (int i = 0; i < n; ++i)
    host[i] = float((i * 7919) % n) - 9000.5f;
  thrust::device_vector<float> f(host.begin(), host.end());
  thrust::sort(f.begin(), f.end());
  std::vector<float> sorted(n);
  thrust::copy(f.begin(), f.end(), sorted.begin());
  std::sort(host.begin(), host.end());
  CHECK(sorted == host);
  return pass();
}
