// cooperative_groups/reduce.h: cg::reduce(group, value, op) over a thread_block_tile<N> or a
// coalesced_group, every thread receiving the result, and the operators it takes: cg::plus,
// cg::less (the minimum), cg::greater (the maximum), cg::bit_and, cg::bit_or, cg::bit_xor.
// Tiles of a warp or less reduce by butterfly shuffles (shfl.sync.bfly), log2(N) steps; wider
// tiles by warp then through shared memory; a coalesced group, whose ranks are not lanes, by
// shuffles down its ranks to rank 0 and a broadcast.
#ifndef _CG_REDUCE_H_P2M
#define _CG_REDUCE_H_P2M

#include "../cooperative_groups.h"

#if defined(__cplusplus) && defined(__CUDA__) && defined(__clang__)

namespace cooperative_groups {

template <typename T> struct plus {
  __device__ T operator()(const T &a, const T &b) const { return a + b; }
};
template <typename T> struct less {
  __device__ T operator()(const T &a, const T &b) const { return b < a ? b : a; }
};
template <typename T> struct greater {
  __device__ T operator()(const T &a, const T &b) const { return a < b ? b : a; }
};
template <typename T> struct bit_and {
  __device__ T operator()(const T &a, const T &b) const { return a & b; }
};
template <typename T> struct bit_or {
  __device__ T operator()(const T &a, const T &b) const { return a | b; }
};
template <typename T> struct bit_xor {
  __device__ T operator()(const T &a, const T &b) const { return a ^ b; }
};

template <unsigned int N, typename Parent, typename T, typename Op>
__device__ T reduce(const thread_block_tile<N, Parent> &group, T value, Op op) {
  if constexpr (N <= 32) {
    for (unsigned int offset = N / 2; offset > 0; offset /= 2)
      value = op(value, group.shfl_xor(value, offset));
    return value;
  } else {
    // Each warp reduces its lanes, lane 0 publishes the warp's result, and every thread combines
    // the results of its tile's warps in order; the second barrier keeps the slots until all
    // have read them.
    __shared__ T warp_results[32];
    const thread_block_tile<32, void> warp;
    for (unsigned int offset = 16; offset > 0; offset /= 2)
      value = op(value, warp.shfl_xor(value, offset));
    const unsigned int rank = details::block_rank();
    if (warp.thread_rank() == 0)
      warp_results[rank / 32] = value;
    group.sync();
    const unsigned int first = rank / N * (N / 32);
    T result = warp_results[first];
    for (unsigned int w = 1; w < N / 32; ++w)
      result = op(result, warp_results[first + w]);
    group.sync();
    return result;
  }
}

template <typename T, typename Op> __device__ T reduce(const coalesced_group &group, T value, Op op) {
  const unsigned int n = group.size();
  // Rank r combines rank r + offset's partial result while that rank exists; the ranks a step
  // reads are all still unchanged by it (they are above r), so rank 0 ends with everything.
  for (unsigned int offset = 1; offset < n; offset *= 2) {
    const T other = group.shfl_down(value, offset);
    if ((group.thread_rank() & (2 * offset - 1)) == 0 && group.thread_rank() + offset < n)
      value = op(value, other);
  }
  return group.shfl(value, 0);
}

} // namespace cooperative_groups

#endif // defined(__cplusplus) && defined(__CUDA__) && defined(__clang__)
#endif // _CG_REDUCE_H_P2M
