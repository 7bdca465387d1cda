// cooperative_groups/scan.h: cg::inclusive_scan and cg::exclusive_scan(group, value[, op]) over a
// thread_block_tile<N> of at most 32 threads or a coalesced_group: rank r receives
// op(value of rank 0, ..., value of rank r) (inclusive) or of ranks 0 to r - 1 (exclusive; rank
// 0 receives a value-initialized T). Hillis-Steele: log2(size) shuffles up.
#ifndef _CG_SCAN_H_P2M
#define _CG_SCAN_H_P2M

#include "../cooperative_groups.h"
#include "reduce.h"

#if defined(__cplusplus) && defined(__CUDA__) && defined(__clang__)

namespace cooperative_groups {

namespace details {
template <typename Group, typename T, typename Op>
__device__ T inclusive_scan_in_warp(const Group &group, T value, Op op) {
  const unsigned int rank = group.thread_rank(), size = group.num_threads();
  for (unsigned int offset = 1; offset < size; offset *= 2) {
    const T earlier = group.shfl_up(value, offset);
    if (rank >= offset)
      value = op(earlier, value);
  }
  return value;
}
} // namespace details

template <unsigned int N, typename Parent, typename T, typename Op>
__device__ T inclusive_scan(const thread_block_tile<N, Parent> &group, T value, Op op) {
  static_assert(N <= 32, "cg::inclusive_scan: tiles of at most 32 threads");
  return details::inclusive_scan_in_warp(group, value, op);
}
template <typename T, typename Op> __device__ T inclusive_scan(const coalesced_group &group, T value, Op op) {
  return details::inclusive_scan_in_warp(group, value, op);
}
template <typename Group, typename T> __device__ T inclusive_scan(const Group &group, T value) {
  return inclusive_scan(group, value, plus<T>());
}

template <unsigned int N, typename Parent, typename T, typename Op>
__device__ T exclusive_scan(const thread_block_tile<N, Parent> &group, T value, Op op) {
  static_assert(N <= 32, "cg::exclusive_scan: tiles of at most 32 threads");
  const T inclusive = details::inclusive_scan_in_warp(group, value, op);
  const T earlier = group.shfl_up(inclusive, 1);
  return group.thread_rank() == 0 ? T() : earlier;
}
template <typename T, typename Op> __device__ T exclusive_scan(const coalesced_group &group, T value, Op op) {
  const T inclusive = details::inclusive_scan_in_warp(group, value, op);
  const T earlier = group.shfl_up(inclusive, 1);
  return group.thread_rank() == 0 ? T() : earlier;
}
template <typename Group, typename T> __device__ T exclusive_scan(const Group &group, T value) {
  return exclusive_scan(group, value, plus<T>());
}

} // namespace cooperative_groups

#endif // defined(__cplusplus) && defined(__CUDA__) && defined(__clang__)
#endif // _CG_SCAN_H_P2M
