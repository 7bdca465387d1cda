// Drops particles with drag onto a floor and checks that the energy only goes down.
#include "physics/physics.h"

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <exception>

// A kernel of the executable itself, beside the library's.
__global__ void scale(float *v, size_t n, float factor) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n)
    v[i] *= factor;
}

int main(int argc, char **argv) {
  const size_t n = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 4096;
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 10;
  try {
    cudaDeviceProp prop{};
    physics::check(cudaGetDeviceProperties(&prop, 0), "cudaGetDeviceProperties");
    std::printf("particles on %s: %zu particles, %d rounds\n", prop.name, n, rounds);
    physics::setParams({0.005f, 9.81f, 0.98f, 0.0f});
    physics::Particles p = physics::allocate(n);
    physics::initialise(p, 2024);
    // Start at heights in [1, 3): scale y by 2 and add 1 by a second kernel launch.
    scale<<<(unsigned)((n + 255) / 256), 256>>>(p.y, n, 2.0f);
    physics::check(cudaDeviceSynchronize(), "scale");
    double height = physics::sumY(p) / n;
    bool ok = height > 0.9 && height < 1.1; // uniform in [0, 2): mean 1
    double previous = 1e300;
    for (int r = 0; r < rounds; ++r) {
      physics::step(p, 50);
      double energy = physics::kineticEnergy(p) + 9.81 * physics::sumY(p);
      std::printf("round %d: energy %.3f\n", r, energy);
      ok = ok && energy <= previous * 1.0001;
      previous = energy;
    }
    physics::release(p);
    std::printf("particles: %s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
  } catch (const std::exception &e) {
    std::printf("particles: FAIL: %s\n", e.what());
    return 1;
  }
}
