// The physics library's host interface: plain C++, usable from .cpp files.
#pragma once

#include <cstddef>
#include <cstdint>

namespace physics {

struct Params {
  float dt;       // time step
  float gravity;  // acceleration towards y = 0
  float damping;  // velocity kept per step, in (0, 1]
  float floor;    // particles bounce at y = floor
};

// Copies `params` into the library's __constant__ memory (cudaMemcpyToSymbol).
void setParams(const Params &params);
Params getParams();

// Device arrays of n particles: positions and velocities (x, y).
struct Particles {
  float *x = nullptr, *y = nullptr, *vx = nullptr, *vy = nullptr;
  std::size_t n = 0;
};
Particles allocate(std::size_t n);
void release(Particles &p);

// Positions uniform in [0, 1)^2 and zero velocities, from cuRAND's XORWOW generator with
// `seed`, one subsequence per particle.
void initialise(Particles &p, std::uint64_t seed);

// `steps` time steps of the integrator.
void step(Particles &p, int steps);

// Sum of the kinetic energy 0.5 * (vx^2 + vy^2) and of y over all particles, by a templated
// block reduction (cooperative groups) and a second pass on the host.
double kineticEnergy(const Particles &p);
double sumY(const Particles &p);

// Throws std::runtime_error with CUDA's message when a CUDA call failed.
void check(int cudaStatus, const char *what);

} // namespace physics
