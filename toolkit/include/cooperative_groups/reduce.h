// cooperative_groups/reduce.h: cg::reduce(group, value, op) over a thread_block_tile<N> or a
// coalesced_group, every thread receiving the result, and the operators it takes: cg::plus,
// cg::less (the minimum), cg::greater (the maximum), cg::bit_and, cg::bit_or, cg::bit_xor.
// Tiles reduce by butterfly shuffles (shfl.sync.bfly), log2(N) steps; a coalesced group, whose
// ranks are not lanes, by shuffles down its ranks to rank 0 and a broadcast.
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
  for (unsigned int offset = N / 2; offset > 0; offset /= 2)
    value = op(value, group.shfl_xor(value, offset));
  return value;
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
