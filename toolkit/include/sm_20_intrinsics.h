// sm_20_intrinsics.h: the address-space predicates (__isGlobal, __isShared, ...: PTX isspacep)
// and conversions (__cvta_generic_to_shared, ...: PTX cvta). Included before clang's
// __clang_cuda_intrinsics.h, whose cluster functions call __isShared and __cvta_generic_to_shared.
#ifndef __SM_20_INTRINSICS_P2M_H__
#define __SM_20_INTRINSICS_P2M_H__

// Pure, so that __builtin_assume can hold them (as clang's wrapper defines them).
static __inline__ __device__ __attribute__((const)) unsigned int __isGlobal(const void *__ptr) {
  return __nvvm_isspacep_global(__ptr);
}
static __inline__ __device__ __attribute__((const)) unsigned int __isShared(const void *__ptr) {
  return __nvvm_isspacep_shared(__ptr);
}
static __inline__ __device__ __attribute__((const)) unsigned int __isConstant(const void *__ptr) {
  return __nvvm_isspacep_const(__ptr);
}
static __inline__ __device__ __attribute__((const)) unsigned int __isLocal(const void *__ptr) {
  return __nvvm_isspacep_local(__ptr);
}

// NVPTX address spaces: 1 global, 3 shared, 4 constant, 5 local; a cast to or from one of them
// is cvta.to.<space> / cvta.<space>.
#pragma push_macro("__P2M_CVTA")
#define __P2M_CVTA(SPACE, AS)                                                                      \
  static __inline__ __device__ size_t __cvta_generic_to_##SPACE(const void *__ptr) {              \
    return (size_t)(const void __attribute__((address_space(AS))) *)__ptr;                         \
  }                                                                                                \
  static __inline__ __device__ void *__cvta_##SPACE##_to_generic(size_t __rawbits) {              \
    return (void *)(void __attribute__((address_space(AS))) *)__rawbits;                           \
  }
__P2M_CVTA(global, 1)
__P2M_CVTA(shared, 3)
__P2M_CVTA(constant, 4)
__P2M_CVTA(local, 5)
#pragma pop_macro("__P2M_CVTA")

#endif // __SM_20_INTRINSICS_P2M_H__
