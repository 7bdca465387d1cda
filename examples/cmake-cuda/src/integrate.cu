#include "physics/device.h"

#include <cuda_runtime.h>

namespace physics {

// Semi-implicit Euler with a bounce at the floor (the particle is put on the floor with its
// vertical velocity reversed, which never adds energy); force() lives in another translation
// unit.
__global__ void integrateKernel(float *x, float *y, float *vx, float *vy, size_t n) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float2 f = force(x[i], y[i], vx[i], vy[i]);
  float nvx = vx[i] + c_params.dt * f.x;
  float nvy = vy[i] + c_params.dt * f.y;
  float nx = x[i] + c_params.dt * nvx;
  float ny = y[i] + c_params.dt * nvy;
  if (ny < c_params.floor) {
    ny = c_params.floor;
    nvy = -nvy;
  }
  x[i] = nx;
  y[i] = ny;
  vx[i] = nvx;
  vy[i] = nvy;
}

void step(Particles &p, int steps) {
  const unsigned block = 128;
  const unsigned grid = (unsigned)((p.n + block - 1) / block);
  for (int s = 0; s < steps; ++s)
    integrateKernel<<<grid, block>>>(p.x, p.y, p.vx, p.vy, p.n);
  check(cudaGetLastError(), "integrateKernel launch");
  check(cudaDeviceSynchronize(), "integrateKernel");
}

} // namespace physics
