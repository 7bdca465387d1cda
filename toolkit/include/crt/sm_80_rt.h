// crt/sm_80_rt.h: the warp reductions __reduce_{add,min,max,and,or,xor}_sync (PTX redux.sync,
// sm_80). clang 19's __clang_cuda_intrinsics.h defines them with the builtin's operands swapped
// (the mask where the value goes), so cuda_runtime.h renames those away and these take their
// place: __nvvm_redux_sync_<op>(value, membermask).
#ifndef P2M_CRT_SM_80_RT_H
#define P2M_CRT_SM_80_RT_H

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800
static __inline__ __device__ unsigned int __reduce_add_sync(unsigned int __mask, unsigned int __value) {
  return (unsigned int)__nvvm_redux_sync_add((int)__value, (int)__mask);
}
static __inline__ __device__ int __reduce_add_sync(unsigned int __mask, int __value) {
  return __nvvm_redux_sync_add(__value, (int)__mask);
}
static __inline__ __device__ unsigned int __reduce_min_sync(unsigned int __mask, unsigned int __value) {
  return __nvvm_redux_sync_umin(__value, (int)__mask);
}
static __inline__ __device__ int __reduce_min_sync(unsigned int __mask, int __value) {
  return __nvvm_redux_sync_min(__value, (int)__mask);
}
static __inline__ __device__ unsigned int __reduce_max_sync(unsigned int __mask, unsigned int __value) {
  return __nvvm_redux_sync_umax(__value, (int)__mask);
}
static __inline__ __device__ int __reduce_max_sync(unsigned int __mask, int __value) {
  return __nvvm_redux_sync_max(__value, (int)__mask);
}
static __inline__ __device__ unsigned int __reduce_and_sync(unsigned int __mask, unsigned int __value) {
  return (unsigned int)__nvvm_redux_sync_and((int)__value, (int)__mask);
}
static __inline__ __device__ unsigned int __reduce_or_sync(unsigned int __mask, unsigned int __value) {
  return (unsigned int)__nvvm_redux_sync_or((int)__value, (int)__mask);
}
static __inline__ __device__ unsigned int __reduce_xor_sync(unsigned int __mask, unsigned int __value) {
  return (unsigned int)__nvvm_redux_sync_xor((int)__value, (int)__mask);
}
#endif

#endif // P2M_CRT_SM_80_RT_H
