// cuda_pipeline_primitives.h: CUDA's pipeline primitives over PTX cp.async (sm_80): an
// asynchronous copy of 4, 8 or 16 bytes from global to shared memory, the commit of the copies
// issued so far as one group, and the wait until at most N groups are still in flight.
#ifndef _CUDA_PIPELINE_PRIMITIVES_H_
#define _CUDA_PIPELINE_PRIMITIVES_H_

#if defined(__cplusplus) && defined(__CUDA__) && defined(__clang__)

#include <stddef.h>

// dst_shared: shared memory; src_global: global memory; size_and_align: 4, 8 or 16 (both
// addresses aligned to it); the last zfill bytes of the destination are written with zeros
// instead of read (cp.async's src-size operand is size_and_align - zfill).
static __inline__ __device__ void __pipeline_memcpy_async(void *__restrict__ dst_shared,
                                                          const void *__restrict__ src_global,
                                                          size_t size_and_align, size_t zfill = 0) {
  const unsigned int dst = (unsigned int)__cvta_generic_to_shared(dst_shared);
  const unsigned int src_size = (unsigned int)(size_and_align - zfill);
  switch (size_and_align) {
  case 4:
    __asm__ __volatile__("cp.async.ca.shared.global [%0], [%1], 4, %2;" ::"r"(dst), "l"(src_global), "r"(src_size)
                         : "memory");
    break;
  case 8:
    __asm__ __volatile__("cp.async.ca.shared.global [%0], [%1], 8, %2;" ::"r"(dst), "l"(src_global), "r"(src_size)
                         : "memory");
    break;
  default: // 16: cached at the global level only (.cg), as 16-byte copies may be
    __asm__ __volatile__("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(dst), "l"(src_global), "r"(src_size)
                         : "memory");
    break;
  }
}

static __inline__ __device__ void __pipeline_commit() {
  __asm__ __volatile__("cp.async.commit_group;" ::: "memory");
}

// cp.async.wait_group takes its count as an immediate: one instruction per count up to 8, and
// a full wait beyond (never waiting less than asked).
static __inline__ __device__ void __pipeline_wait_prior(size_t prior) {
  switch (prior) {
  case 0: __asm__ __volatile__("cp.async.wait_group 0;" ::: "memory"); break;
  case 1: __asm__ __volatile__("cp.async.wait_group 1;" ::: "memory"); break;
  case 2: __asm__ __volatile__("cp.async.wait_group 2;" ::: "memory"); break;
  case 3: __asm__ __volatile__("cp.async.wait_group 3;" ::: "memory"); break;
  case 4: __asm__ __volatile__("cp.async.wait_group 4;" ::: "memory"); break;
  case 5: __asm__ __volatile__("cp.async.wait_group 5;" ::: "memory"); break;
  case 6: __asm__ __volatile__("cp.async.wait_group 6;" ::: "memory"); break;
  case 7: __asm__ __volatile__("cp.async.wait_group 7;" ::: "memory"); break;
  default: __asm__ __volatile__("cp.async.wait_all;" ::: "memory"); break;
  }
}

#endif // defined(__cplusplus) && defined(__CUDA__) && defined(__clang__)
#endif // _CUDA_PIPELINE_PRIMITIVES_H_
