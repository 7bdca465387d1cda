// device_functions.h: the CUDA device functions that clang's __clang_cuda_device_functions.h
// and __clang_cuda_intrinsics.h leave to CUDA's headers: the global timer and sleep, address-space
// byte/halfword dot products; then the
// atomics and the cache-operator loads and stores.
#ifndef __DEVICE_FUNCTIONS_H__
#define __DEVICE_FUNCTIONS_H__

// clock() and clock64() (%clock, %clock64) are clang's.
// %globaltimer: nanoseconds. CUDA's headers have no wrapper (programs read it with inline asm);
// this one reads the same register.
static __inline__ __device__ unsigned long long int __globaltimer() {
  return (unsigned long long int)__nvvm_read_ptx_sreg_globaltimer();
}
// nanosleep.u32 (sm_70): suspends the thread for about __ns nanoseconds (at most 1 ms).
static __inline__ __device__ void __nanosleep(unsigned int __ns) {
  __asm__ __volatile__("nanosleep.u32 %0;" ::"r"(__ns));
}

// dp4a / dp2a (sm_61): four byte products (two halfword-by-byte products) added to c.
static __inline__ __device__ int __dp4a(int __a, int __b, int __c) {
  int __d;
  __asm__("dp4a.s32.s32 %0, %1, %2, %3;" : "=r"(__d) : "r"(__a), "r"(__b), "r"(__c));
  return __d;
}
static __inline__ __device__ unsigned int __dp4a(unsigned int __a, unsigned int __b, unsigned int __c) {
  unsigned int __d;
  __asm__("dp4a.u32.u32 %0, %1, %2, %3;" : "=r"(__d) : "r"(__a), "r"(__b), "r"(__c));
  return __d;
}
static __inline__ __device__ int __dp4a(char4 __a, char4 __b, int __c) {
  return __dp4a(__builtin_bit_cast(int, __a), __builtin_bit_cast(int, __b), __c);
}
static __inline__ __device__ unsigned int __dp4a(uchar4 __a, uchar4 __b, unsigned int __c) {
  return __dp4a(__builtin_bit_cast(unsigned int, __a), __builtin_bit_cast(unsigned int, __b), __c);
}
static __inline__ __device__ int __dp2a_lo(int __a, int __b, int __c) {
  int __d;
  __asm__("dp2a.lo.s32.s32 %0, %1, %2, %3;" : "=r"(__d) : "r"(__a), "r"(__b), "r"(__c));
  return __d;
}
static __inline__ __device__ unsigned int __dp2a_lo(unsigned int __a, unsigned int __b, unsigned int __c) {
  unsigned int __d;
  __asm__("dp2a.lo.u32.u32 %0, %1, %2, %3;" : "=r"(__d) : "r"(__a), "r"(__b), "r"(__c));
  return __d;
}
static __inline__ __device__ int __dp2a_hi(int __a, int __b, int __c) {
  int __d;
  __asm__("dp2a.hi.s32.s32 %0, %1, %2, %3;" : "=r"(__d) : "r"(__a), "r"(__b), "r"(__c));
  return __d;
}
static __inline__ __device__ unsigned int __dp2a_hi(unsigned int __a, unsigned int __b, unsigned int __c) {
  unsigned int __d;
  __asm__("dp2a.hi.u32.u32 %0, %1, %2, %3;" : "=r"(__d) : "r"(__a), "r"(__b), "r"(__c));
  return __d;
}

#include "device_atomic_functions.h"
#include "sm_32_intrinsics.h"

#endif // __DEVICE_FUNCTIONS_H__
