// Warp shuffles, votes, __activemask, __reduce_*_sync and __match_*_sync over two warps: each
// thread writes its results in a row of WARP_RESULTS ints, which the driver recomputes.
#include <cuda_runtime.h>

// PTX-DAG: shfl.sync.idx.b32
// PTX-DAG: shfl.sync.up.b32
// PTX-DAG: shfl.sync.down.b32
// PTX-DAG: shfl.sync.bfly.b32
// PTX-DAG: vote.sync.ballot.b32
// PTX-DAG: vote.sync.all.pred
// PTX-DAG: vote.sync.any.pred
// PTX-DAG: vote.sync.uni.pred
// PTX-DAG: activemask.b32
// PTX-DAG: redux.sync.add.s32
// PTX-DAG: redux.sync.min.s32
// PTX-DAG: redux.sync.max.u32
// PTX-DAG: redux.sync.and.b32
// PTX-DAG: redux.sync.or.b32
// PTX-DAG: redux.sync.xor.b32
// PTX-DAG: match.any.sync.b32
// PTX-DAG: match.any.sync.b64
// PTX-DAG: match.all.sync.b32
// PTX-DAG: bar.warp.sync
#define WARP_RESULTS 24
extern "C" __global__ void warp(int *out) {
  const unsigned full = 0xffffffffu;
  const int t = threadIdx.x, lane = t % 32;
  int *o = out + t * WARP_RESULTS;
  o[0] = __shfl_sync(full, t * 3, (lane + 5) % 32);
  o[1] = __shfl_up_sync(full, t * 3, 2);
  o[2] = __shfl_down_sync(full, t * 3, 3);
  o[3] = __shfl_xor_sync(full, t * 3, 5);
  o[4] = __shfl_down_sync(full, t * 3, 1, 8);
  o[5] = (int)__shfl_sync(full, (float)t + 0.5f, 7);
  o[6] = (int)(__shfl_xor_sync(full, (double)t * 1e10, 1) / 1e10);
  o[7] = (int)(__shfl_up_sync(full, (long long)t << 33, 1) >> 33);
  o[8] = (int)__ballot_sync(full, lane % 3 == 0);
  o[9] = __all_sync(full, lane < 32) + 2 * __all_sync(full, lane < 31);
  o[10] = __any_sync(full, lane == 7) + 2 * __any_sync(full, lane > 40);
  o[11] = __uni_sync(full, 1) + 2 * __uni_sync(full, lane & 1);
  o[12] = (lane & 1) ? (int)__activemask() : 0;
  __syncwarp();
  o[13] = (int)__reduce_add_sync(full, (unsigned)lane);
  o[14] = __reduce_add_sync(full, lane - 20);
  o[15] = __reduce_min_sync(full, lane - 16);
  o[16] = (int)__reduce_max_sync(full, (unsigned)lane * 3u);
  o[17] = (int)__reduce_and_sync(full, 0xff0u | (unsigned)lane);
  o[18] = (int)__reduce_or_sync(full, 1u << lane);
  o[19] = (int)__reduce_xor_sync(full, (unsigned)lane * 5u);
  o[20] = (int)__match_any_sync(full, lane % 4);
  o[21] = (int)__match_any_sync(full, (unsigned long long)(lane / 8) << 40);
  int pred = -1;
  const unsigned all_same = __match_all_sync(full, 7, &pred);
  o[22] = (int)all_same + pred;
  o[23] = (int)__match_all_sync(full, lane, &pred) + pred;
}
