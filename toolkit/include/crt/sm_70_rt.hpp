// crt/sm_70_rt.hpp: the overloads of __match_any_sync and __match_all_sync (PTX match.sync,
// sm_70), over the 32- and 64-bit primitives __match32_*/__match64_* that clang's
// __clang_cuda_intrinsics.h defines; that header includes this one by this name.
#ifndef P2M_CRT_SM_70_RT_HPP
#define P2M_CRT_SM_70_RT_HPP

inline __device__ unsigned int __match_any_sync(unsigned int __mask, unsigned int __value) {
  return __match32_any_sync(__mask, __value);
}
inline __device__ unsigned int __match_any_sync(unsigned int __mask, int __value) {
  return __match32_any_sync(__mask, static_cast<unsigned int>(__value));
}
inline __device__ unsigned int __match_any_sync(unsigned int __mask, unsigned long __value) {
  return sizeof(long) == 8 ? __match64_any_sync(__mask, static_cast<unsigned long long>(__value))
                           : __match32_any_sync(__mask, static_cast<unsigned int>(__value));
}
inline __device__ unsigned int __match_any_sync(unsigned int __mask, long __value) {
  return __match_any_sync(__mask, static_cast<unsigned long>(__value));
}
inline __device__ unsigned int __match_any_sync(unsigned int __mask, unsigned long long __value) {
  return __match64_any_sync(__mask, __value);
}
inline __device__ unsigned int __match_any_sync(unsigned int __mask, long long __value) {
  return __match64_any_sync(__mask, static_cast<unsigned long long>(__value));
}
// Floating-point values match by their bits (as CUDA's overloads do: -0.0 and 0.0 differ).
inline __device__ unsigned int __match_any_sync(unsigned int __mask, float __value) {
  return __match32_any_sync(__mask, __builtin_bit_cast(unsigned int, __value));
}
inline __device__ unsigned int __match_any_sync(unsigned int __mask, double __value) {
  return __match64_any_sync(__mask, __builtin_bit_cast(unsigned long long, __value));
}

inline __device__ unsigned int __match_all_sync(unsigned int __mask, unsigned int __value, int *__pred) {
  return __match32_all_sync(__mask, __value, __pred);
}
inline __device__ unsigned int __match_all_sync(unsigned int __mask, int __value, int *__pred) {
  return __match32_all_sync(__mask, static_cast<unsigned int>(__value), __pred);
}
inline __device__ unsigned int __match_all_sync(unsigned int __mask, unsigned long __value, int *__pred) {
  return sizeof(long) == 8
             ? __match64_all_sync(__mask, static_cast<unsigned long long>(__value), __pred)
             : __match32_all_sync(__mask, static_cast<unsigned int>(__value), __pred);
}
inline __device__ unsigned int __match_all_sync(unsigned int __mask, long __value, int *__pred) {
  return __match_all_sync(__mask, static_cast<unsigned long>(__value), __pred);
}
inline __device__ unsigned int __match_all_sync(unsigned int __mask, unsigned long long __value, int *__pred) {
  return __match64_all_sync(__mask, __value, __pred);
}
inline __device__ unsigned int __match_all_sync(unsigned int __mask, long long __value, int *__pred) {
  return __match64_all_sync(__mask, static_cast<unsigned long long>(__value), __pred);
}
inline __device__ unsigned int __match_all_sync(unsigned int __mask, float __value, int *__pred) {
  return __match32_all_sync(__mask, __builtin_bit_cast(unsigned int, __value), __pred);
}
inline __device__ unsigned int __match_all_sync(unsigned int __mask, double __value, int *__pred) {
  return __match64_all_sync(__mask, __builtin_bit_cast(unsigned long long, __value), __pred);
}

#endif // P2M_CRT_SM_70_RT_HPP
