// p2m-compilers: nvcc
// A device-wide inclusive prefix sum by CUB's decoupled look-back (cub::ScanTileState,
// cub::TilePrefixCallbackOp, cub::BlockScan), as cub::DeviceScan does it: each block scans
// its tile, publishes {status, value} for it with one st.relaxed.gpu.v2.u32 and waits on its
// predecessors' descriptors, read whole with ld.relaxed/ld.acquire.v2.u32. The descriptors
// come initialised by the host (InitializeStatus's layout: 32 padding words of status OOB,
// then one per tile of status INVALID). nvcc only: the kernel needs CUB's headers.
#include <cub/agent/single_pass_scan_operators.cuh>
#include <cub/block/block_scan.cuh>
#include <cuda/std/functional>

constexpr int kLookbackThreads = 128;

extern "C" __global__ void scan_lookback(const int *in, int *out, uint2 *tile_descriptors,
                                         int num_tiles) {
  using TileState = cub::ScanTileState<int>;
  using Prefix = cub::TilePrefixCallbackOp<int, cuda::std::plus<>, TileState>;
  using BlockScan = cub::BlockScan<int, kLookbackThreads>;
  __shared__ typename BlockScan::TempStorage scan_storage;
  __shared__ typename Prefix::TempStorage prefix_storage;
  TileState state;
  state.Init(num_tiles, tile_descriptors, 0);
  const int tile = blockIdx.x;
  const int i = tile * kLookbackThreads + threadIdx.x;
  int sum;
  if (tile == 0) {
    int aggregate;
    BlockScan(scan_storage).InclusiveSum(in[i], sum, aggregate);
    if (threadIdx.x == 0)
      state.SetInclusive(0, aggregate);
  } else {
    Prefix prefix(state, prefix_storage, cuda::std::plus<>{}, tile);
    BlockScan(scan_storage).InclusiveSum(in[i], sum, prefix);
  }
  out[i] = sum;
}
