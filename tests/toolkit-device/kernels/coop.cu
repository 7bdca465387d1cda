// cooperative_groups.h: tiles of 32, 16, 4 reduced with every cg operator, tile votes,
// shuffles and match, a coalesced group of a divergent branch, runtime tiles, and a grid-wide
// sync under a cooperative launch; scans of tiles and of a coalesced group. Each thread of a 128-thread block writes COOP_RESULTS ints.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>

namespace cg = cooperative_groups;

// PTX-DAG: shfl.sync.bfly.b32
// PTX-DAG: shfl.sync.down.b32
// PTX-DAG: shfl.sync.idx.b32
// PTX-DAG: vote.sync.ballot.b32
// PTX-DAG: match.any.sync.b32
// PTX-DAG: activemask.b32
// PTX-DAG: bar.warp.sync
// PTX-DAG: bar.sync
// PTX-DAG: atom.global.add.u32
// PTX-DAG: membar.gl
#define COOP_RESULTS 29

struct Pair {
  double weight;
  int index;
};

extern "C" __global__ void coop_tiles(int *out) {
  const cg::thread_block block = cg::this_thread_block();
  const auto t32 = cg::tiled_partition<32>(block);
  const auto t16 = cg::tiled_partition<16>(block);
  const auto t4 = cg::tiled_partition<4>(t32);
  const int r = (int)block.thread_rank();
  const int v = (r * 37) % 101 - 50;
  int *o = out + r * COOP_RESULTS;
  o[0] = cg::reduce(t32, v, cg::plus<int>());
  o[1] = cg::reduce(t32, v, cg::less<int>());
  o[2] = cg::reduce(t32, v, cg::greater<int>());
  o[3] = (int)cg::reduce(t32, (unsigned)v | 0x100u, cg::bit_and<unsigned>());
  o[4] = (int)cg::reduce(t16, 1u << (r % 16), cg::bit_or<unsigned>());
  o[5] = (int)cg::reduce(t16, (unsigned)r * 2654435761u, cg::bit_xor<unsigned>());
  o[6] = (int)cg::reduce(t4, (float)v * 0.5f, cg::plus<float>());
  o[7] = (int)t32.thread_rank() + 100 * (int)t32.meta_group_rank() + 10000 * (int)t32.meta_group_size();
  o[8] = (int)t4.thread_rank() + 100 * (int)t4.meta_group_rank() + 10000 * (int)t4.meta_group_size();
  o[9] = (int)t16.ballot(v > 0);
  o[10] = t32.any(v == 13) + 2 * t32.all(v > -51) + 4 * t4.all(v > 0);
  o[11] = t32.shfl(v, 5);
  o[12] = t16.shfl_down(v, 3);
  o[13] = t4.shfl_up(v, 1);
  o[14] = t32.shfl_xor(v, 9);
  const Pair p = t32.shfl(Pair{0.5 * r, r}, 30);
  o[15] = p.index + (int)(p.weight * 4);
  o[16] = (int)t32.match_any(r % 3);
  o[17] = (int)block.size() + 1000 * (int)block.group_index().x + (int)block.thread_index().x * 0;
  o[18] = (int)block.dim_threads().x;
  block.sync();
  cg::sync(t32);
  o[19] = -1;
  o[20] = -1;
  o[21] = -1;
  if (r % 3 == 0) {
    const cg::coalesced_group active = cg::coalesced_threads();
    o[19] = (int)active.size() * 100 + (int)active.thread_rank();
    o[20] = cg::reduce(active, v, cg::plus<int>());
    o[21] = (int)active.ballot(v > 0) + active.shfl_down(r, 1) * 1000000;
  }
  const cg::thread_group tile8 = cg::tiled_partition(block, 8);
  tile8.sync();
  o[22] = (int)tile8.thread_rank() + 100 * (int)cg::group_size(tile8);
  o[23] = (int)cg::thread_rank(block);
  const auto self = cg::this_thread();
  o[24] = (int)self.size() + (int)self.thread_rank();
  o[25] = (int)cg::num_threads(t16);
  o[26] = cg::inclusive_scan(t16, v);
  o[27] = cg::exclusive_scan(t32, v, cg::plus<int>());
  o[28] = -1;
  if (r % 3 == 0)
    o[28] = cg::inclusive_scan(cg::coalesced_threads(), v, cg::greater<int>());
}

// Three rounds: every block publishes a value, the grid syncs, every block reads all of them.
extern "C" __global__ void coop_grid(int *published, int *sums) {
  cg::grid_group grid = cg::this_grid();
  const unsigned int blocks = (unsigned int)grid.num_blocks(), b = (unsigned int)grid.block_rank();
  for (int round = 0; round < 3; ++round) {
    if (cg::this_thread_block().thread_rank() == 0)
      published[round * blocks + b] = (int)(b + 1) * (round + 1);
    grid.sync();
    if (cg::this_thread_block().thread_rank() == 0) {
      int sum = 0;
      for (unsigned int i = 0; i < blocks; ++i)
        sum += published[round * blocks + i];
      sums[round * blocks + b] = sum;
    }
  }
  if (grid.thread_rank() == 0)
    sums[3 * blocks] = (int)grid.num_threads() + 1000 * (int)grid.is_valid();
}

// Tiles wider than a warp (as CUDA's samples use them, with block_tile_memory): a 256-thread
// block in tiles of 64 and 128, reduced, synchronized and read across their warps.
extern "C" __global__ void coop_wide_tiles(const int *in, int *out) {
  __shared__ cg::block_tile_memory<256> scratch;
  __shared__ int handoff[256];
  const cg::thread_block block = cg::this_thread_block(scratch);
  const cg::thread_block_tile<64> tile = cg::tiled_partition<64>(block);
  const auto wide = cg::tiled_partition<128>(block);
  const int r = (int)block.thread_rank();
  const int v = in[r];
  out[4 * r] = cg::reduce(tile, v, cg::plus<int>());
  out[4 * r + 1] = cg::reduce(wide, v, cg::greater<int>());
  handoff[r] = v * 3;
  tile.sync();
  out[4 * r + 2] = handoff[tile.meta_group_rank() * 64 + (tile.thread_rank() + 32) % 64];
  out[4 * r + 3] = (int)tile.thread_rank() + 100 * (int)tile.meta_group_rank() + 1000 * (int)tile.meta_group_size() +
                   10000 * (int)wide.meta_group_rank();
}
