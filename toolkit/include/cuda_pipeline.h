// cuda_pipeline.h: the C++ form of the pipeline primitives, nvcuda::experimental::pipeline and
// memcpy_async (of one object of 4, 8 or 16 bytes, or of an array of them), over
// cuda_pipeline_primitives.h.
#ifndef _CUDA_PIPELINE_H_
#define _CUDA_PIPELINE_H_

#include "cuda_pipeline_primitives.h"

#if defined(__cplusplus) && defined(__CUDA__) && defined(__clang__)

namespace nvcuda {
namespace experimental {

class pipeline {
public:
  pipeline() = default;
  pipeline(const pipeline &) = delete;
  pipeline &operator=(const pipeline &) = delete;
  __device__ void commit() { __pipeline_commit(); }
  __device__ void commit_and_wait() {
    __pipeline_commit();
    __pipeline_wait_prior(0);
  }
  __device__ void wait_prior(size_t prior) { __pipeline_wait_prior(prior); }
  template <size_t Prior> __device__ void wait_prior() { __pipeline_wait_prior(Prior); }
};

template <typename T> __device__ void memcpy_async(T &dst_shared, const T &src_global, pipeline &) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8 || sizeof(T) == 16,
                "memcpy_async: the object must be of 4, 8 or 16 bytes");
  __pipeline_memcpy_async(&dst_shared, &src_global, sizeof(T));
}
template <typename T, size_t DstN, size_t SrcN>
__device__ void memcpy_async(T (*dst_shared)[DstN], const T (*src_global)[SrcN], pipeline &pipe) {
  static_assert(DstN <= SrcN, "memcpy_async: the destination array is longer than the source");
  for (size_t i = 0; i < DstN; ++i)
    memcpy_async((*dst_shared)[i], (*src_global)[i], pipe);
}

} // namespace experimental
} // namespace nvcuda

#endif // defined(__cplusplus) && defined(__CUDA__) && defined(__clang__)
#endif // _CUDA_PIPELINE_H_
