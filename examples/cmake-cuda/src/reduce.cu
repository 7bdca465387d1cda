#include "physics/device.h"

#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda_runtime.h>

#include <vector>

namespace cg = cooperative_groups;

namespace physics {

struct Kinetic {
  __device__ float operator()(const float *vx, const float *vy, size_t i) const {
    return 0.5f * (vx[i] * vx[i] + vy[i] * vy[i]);
  }
};
struct Height {
  __device__ float operator()(const float *y, const float *, size_t i) const { return y[i]; }
};

// One partial sum per block: each warp reduces with cg::reduce, then warp 0 adds the warps'.
template <typename Term, unsigned Block>
__global__ void blockSums(const float *a, const float *b, size_t n, float *partial) {
  __shared__ float warpSums[Block / 32];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  size_t i = blockIdx.x * (size_t)Block + threadIdx.x;
  float v = i < n ? Term{}(a, b, i) : 0.0f;
  float s = cg::reduce(warp, v, cg::plus<float>());
  if (warp.thread_rank() == 0)
    warpSums[warp.meta_group_rank()] = s;
  block.sync();
  if (warp.meta_group_rank() == 0) {
    float w = warp.thread_rank() < Block / 32 ? warpSums[warp.thread_rank()] : 0.0f;
    w = cg::reduce(warp, w, cg::plus<float>());
    if (warp.thread_rank() == 0)
      partial[blockIdx.x] = w;
  }
}

template <typename Term>
static double sumOf(const float *a, const float *b, size_t n) {
  constexpr unsigned block = 256;
  const unsigned grid = (unsigned)((n + block - 1) / block);
  float *partial = nullptr;
  check(cudaMalloc(&partial, grid * sizeof(float)), "cudaMalloc");
  blockSums<Term, block><<<grid, block>>>(a, b, n, partial);
  check(cudaGetLastError(), "blockSums launch");
  std::vector<float> host(grid);
  check(cudaMemcpy(host.data(), partial, grid * sizeof(float), cudaMemcpyDeviceToHost), "cudaMemcpy");
  cudaFree(partial);
  double sum = 0;
  for (float f : host)
    sum += f;
  return sum;
}

double kineticEnergy(const Particles &p) { return sumOf<Kinetic>(p.vx, p.vy, p.n); }
double sumY(const Particles &p) { return sumOf<Height>(p.y, nullptr, p.n); }

} // namespace physics
