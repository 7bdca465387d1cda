// cooperative_groups/memcpy_async.h: cg::memcpy_async(group, dst, src, bytes) (or with element
// counts: dst, dst_count, src, src_count), the group's threads copying together, and
// cg::wait(group) / cg::wait_prior<N>(group) for it. The copy is done by the time memcpy_async
// returns in each thread (as loads and stores, 16, 4 or 1 bytes at a time by alignment); wait
// synchronizes the group so that every thread sees all of it, which is what CUDA guarantees
// after its wait.
#ifndef _CG_MEMCPY_ASYNC_H_P2M
#define _CG_MEMCPY_ASYNC_H_P2M

#include "../cooperative_groups.h"

#if defined(__cplusplus) && defined(__CUDA__) && defined(__clang__)

#include <stddef.h>

namespace cooperative_groups {

namespace details {
template <typename Word, typename Group>
__device__ void copy_words(const Group &group, void *dst, const void *src, size_t count) {
  Word *d = static_cast<Word *>(dst);
  const Word *s = static_cast<const Word *>(src);
  for (size_t i = group.thread_rank(); i < count; i += group.num_threads())
    d[i] = s[i];
}
} // namespace details

template <typename Group>
__device__ void memcpy_async(const Group &group, void *__restrict__ dst, const void *__restrict__ src, size_t bytes) {
  const unsigned long long both = (unsigned long long)dst | (unsigned long long)src | bytes;
  if ((both & 15u) == 0)
    details::copy_words<uint4>(group, dst, src, bytes / 16);
  else if ((both & 3u) == 0)
    details::copy_words<unsigned int>(group, dst, src, bytes / 4);
  else
    details::copy_words<unsigned char>(group, dst, src, bytes);
}
template <typename Group, typename T>
__device__ void memcpy_async(const Group &group, T *__restrict__ dst, size_t dst_count, const T *__restrict__ src,
                             size_t src_count) {
  memcpy_async(group, static_cast<void *>(dst), static_cast<const void *>(src),
               (dst_count < src_count ? dst_count : src_count) * sizeof(T));
}

template <typename Group> __device__ void wait(const Group &group) { group.sync(); }
template <unsigned int N, typename Group> __device__ void wait_prior(const Group &group) { group.sync(); }

} // namespace cooperative_groups

#endif // defined(__cplusplus) && defined(__CUDA__) && defined(__clang__)
#endif // _CG_MEMCPY_ASYNC_H_P2M
