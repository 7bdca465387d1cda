// thrust::transform (unary with a user functor, binary with thrust::plus) and
// thrust::sequence, checked against the host.
#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/sequence.h>
#include <thrust/transform.h>

#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

struct saxpy {
  float a;
  __host__ __device__ float operator()(float x, float y) const { return a * x + y; }
};

// The square of x % 40000: no overflow of int.
struct square {
  __host__ __device__ int operator()(int x) const { return (x % 40000) * (x % 40000); }
};

int main(int argc, char** argv) {
  const std::size_t n = argc > 1 ? std::strtoul(argv[1], nullptr, 0) : (1u << 20);
  std::mt19937 rng(27);
  std::uniform_real_distribution<float> floats(-1.0f, 1.0f);
  std::vector<float> x(n), y(n);
  for (auto& v : x) v = floats(rng);
  for (auto& v : y) v = floats(rng);

  thrust::device_vector<float> d_x(x.begin(), x.end()), d_y(y.begin(), y.end()), d_z(n);
  thrust::transform(d_x.begin(), d_x.end(), d_y.begin(), d_z.begin(), saxpy{2.5f});
  thrust::device_vector<int> d_i(n), d_sq(n);
  thrust::sequence(d_i.begin(), d_i.end(), -static_cast<int>(n / 2));
  thrust::transform(d_i.begin(), d_i.end(), d_sq.begin(), square{});
  thrust::transform(d_sq.begin(), d_sq.end(), d_i.begin(), d_sq.begin(), thrust::plus<int>());
  thrust::host_vector<float> z = d_z;
  thrust::host_vector<int> sq = d_sq;

  for (std::size_t k = 0; k < n; ++k) {
    // Contraction may fuse a * x + y on either side: allow one rounding of difference.
    const float expected = 2.5f * x[k] + y[k];
    const float diff = z[k] > expected ? z[k] - expected : expected - z[k];
    if (diff > 1e-6f) {
      std::printf("FAIL saxpy: [%zu] = %g, expected %g\n", k, double(z[k]), double(expected));
      return 1;
    }
    const int i = static_cast<int>(k) - static_cast<int>(n / 2);
    const int expected_sq = (i % 40000) * (i % 40000) + i;
    if (sq[k] != expected_sq) {
      std::printf("FAIL square: [%zu] = %d, expected %d\n", k, sq[k], expected_sq);
      return 1;
    }
  }
  std::printf("PASS thrust_transform n=%zu\n", n);
  return 0;
}
