// Tests of the physics library from plain C++ (the CUDA code is all in the static library).
#include "physics/physics.h"

#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <vector>

static int failures = 0;
#define EXPECT(cond)                                                                 \
  do {                                                                               \
    if (!(cond)) {                                                                   \
      std::printf("%s:%d: expected %s\n", __FILE__, __LINE__, #cond);                \
      ++failures;                                                                    \
    }                                                                                \
  } while (0)

static std::vector<float> download(const float *device, std::size_t n) {
  std::vector<float> host(n);
  physics::check(cudaMemcpy(host.data(), device, n * sizeof(float), cudaMemcpyDeviceToHost), "cudaMemcpy");
  return host;
}

int main() {
  const std::size_t n = 3000; // not a multiple of the block sizes
  physics::Params params{0.01f, 9.81f, 1.0f, -1e30f}; // no drag, no floor in reach
  physics::setParams(params);
  physics::Params back = physics::getParams();
  EXPECT(back.dt == params.dt && back.gravity == params.gravity && back.damping == params.damping);

  physics::Particles p = physics::allocate(n);
  physics::initialise(p, 1234);
  std::vector<float> x0 = download(p.x, n), y0 = download(p.y, n);
  double mean = 0;
  for (std::size_t i = 0; i < n; ++i) {
    EXPECT(x0[i] > 0.0f && x0[i] <= 1.0f);
    mean += x0[i];
  }
  mean /= n;
  EXPECT(std::fabs(mean - 0.5) < 0.02);
  EXPECT(x0[0] != x0[1] && x0[0] != y0[0]);
  physics::initialise(p, 1234);
  EXPECT(download(p.x, n) == x0); // the same seed draws the same numbers
  physics::initialise(p, 99);
  EXPECT(download(p.x, n) != x0);
  physics::initialise(p, 1234);

  // Free fall: after k steps every vy is -g*dt*k (up to rounding) and x does not move.
  const int steps = 20;
  physics::step(p, steps);
  std::vector<float> vy = download(p.vy, n), x = download(p.x, n);
  for (std::size_t i = 0; i < n; ++i) {
    EXPECT(std::fabs(vy[i] + params.gravity * params.dt * steps) < 1e-4f);
    EXPECT(x[i] == x0[i]);
  }

  // The reductions against sums on the host.
  std::vector<float> vx = download(p.vx, n), y = download(p.y, n);
  double kinetic = 0, height = 0;
  for (std::size_t i = 0; i < n; ++i) {
    kinetic += 0.5 * (double(vx[i]) * vx[i] + double(vy[i]) * vy[i]);
    height += y[i];
  }
  EXPECT(std::fabs(physics::kineticEnergy(p) - kinetic) < 1e-4 * kinetic);
  EXPECT(std::fabs(physics::sumY(p) - height) < 1e-4 * std::fabs(height));
  physics::release(p);

  std::printf("physics_test: %s (%d failures)\n", failures ? "FAIL" : "PASS", failures);
  return failures ? 1 : 0;
}
