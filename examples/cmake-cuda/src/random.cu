#include "physics/device.h"

#include <cuda_runtime.h>
#include <curand_kernel.h>

namespace physics {

__global__ void initialiseKernel(float *x, float *y, float *vx, float *vy, size_t n,
                                 unsigned long long seed) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  curandState state;
  curand_init(seed, i, 0, &state);
  x[i] = curand_uniform(&state);
  y[i] = curand_uniform(&state);
  vx[i] = 0.0f;
  vy[i] = 0.0f;
}

void initialise(Particles &p, std::uint64_t seed) {
  const unsigned block = 128;
  const unsigned grid = (unsigned)((p.n + block - 1) / block);
  initialiseKernel<<<grid, block>>>(p.x, p.y, p.vx, p.vy, p.n, seed);
  check(cudaGetLastError(), "initialiseKernel launch");
  check(cudaDeviceSynchronize(), "initialiseKernel");
}

} // namespace physics
