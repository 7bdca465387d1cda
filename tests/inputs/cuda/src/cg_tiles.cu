// p2m-compilers: nvcc
// Cooperative groups' thread-block tiles wider than a warp (tiled_partition<64>): their sync
// and reduce keep barriers and per-warp slots in a scratch area, which is the block's reserved
// shared memory (%reserved_smem_offset_1) on sm_80 and later and block_tile_memory below that.
// nvcc only: the kernel needs the cooperative groups headers.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

constexpr int kCgThreads = 256;

extern "C" __global__ void cg_tile_reduce(const int *in, int *out) {
  __shared__ cg::block_tile_memory<kCgThreads> scratch;
  __shared__ int handoff[kCgThreads];
  cg::thread_block block = cg::this_thread_block(scratch);
  cg::thread_block_tile<64> tile = cg::tiled_partition<64>(block);
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  const int v = in[i];
  const int sum = cg::reduce(tile, v, cg::plus<int>());
  // Written by one warp of the tile, read by the other once the tile has synchronised.
  handoff[threadIdx.x] = v * 3;
  tile.sync();
  const int other = handoff[tile.meta_group_rank() * 64 + (tile.thread_rank() + 32) % 64];
  out[2 * i] = sum;
  out[2 * i + 1] = other + static_cast<int>(tile.meta_group_rank());
}
