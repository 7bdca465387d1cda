// device_atomic_functions.h: CUDA's atomic functions (atomicAdd, atomicCAS, ... and their _block
// and _system variants), over the scoped helpers clang's __clang_cuda_device_functions.h defines
// on its __nvvm_atom_* builtins (atom{.cta,.sys}.<op>.<type>, the PTX nvcc emits). The half and
// bfloat16 overloads are in cuda_fp16.h and cuda_bf16.h.
#ifndef __DEVICE_ATOMIC_FUNCTIONS_H__
#define __DEVICE_ATOMIC_FUNCTIONS_H__

#pragma push_macro("__P2M_ATOMIC")
#pragma push_macro("__P2M_ATOMIC_SCOPED")
#pragma push_macro("__P2M_ATOMIC_CAS_SCOPED")

// NAME, NAME_block, NAME_system for one type, each calling clang's helper of the same scope.
#define __P2M_ATOMIC(T, NAME, SUFFIX, HELPER)                                                      \
  static __inline__ __device__ T NAME##SUFFIX(T *__address, T __val) {                           \
    return (T)HELPER##SUFFIX(__address, __val);                                                    \
  }
#define __P2M_ATOMIC_SCOPED(T, NAME, HELPER)                                                       \
  __P2M_ATOMIC(T, NAME, , HELPER)                                                                  \
  __P2M_ATOMIC(T, NAME, _block, HELPER)                                                            \
  __P2M_ATOMIC(T, NAME, _system, HELPER)

__P2M_ATOMIC_SCOPED(int, atomicAdd, __iAtomicAdd)
__P2M_ATOMIC_SCOPED(unsigned int, atomicAdd, __uAtomicAdd)
__P2M_ATOMIC_SCOPED(unsigned long long int, atomicAdd, __ullAtomicAdd)
__P2M_ATOMIC_SCOPED(float, atomicAdd, __fAtomicAdd)
__P2M_ATOMIC_SCOPED(double, atomicAdd, __dAtomicAdd)

__P2M_ATOMIC_SCOPED(int, atomicExch, __iAtomicExch)
__P2M_ATOMIC_SCOPED(unsigned int, atomicExch, __uAtomicExch)
__P2M_ATOMIC_SCOPED(unsigned long long int, atomicExch, __ullAtomicExch)
// The float exchange is the 32-bit one on the bits (clang's helper goes through the device
// library's __nv_float_as_int).
static __inline__ __device__ float atomicExch(float *__address, float __val) {
  return __builtin_bit_cast(float, __iAtomicExch((int *)__address, __builtin_bit_cast(int, __val)));
}
static __inline__ __device__ float atomicExch_block(float *__address, float __val) {
  return __builtin_bit_cast(float, __iAtomicExch_block((int *)__address, __builtin_bit_cast(int, __val)));
}
static __inline__ __device__ float atomicExch_system(float *__address, float __val) {
  return __builtin_bit_cast(float, __iAtomicExch_system((int *)__address, __builtin_bit_cast(int, __val)));
}

__P2M_ATOMIC_SCOPED(int, atomicMin, __iAtomicMin)
__P2M_ATOMIC_SCOPED(unsigned int, atomicMin, __uAtomicMin)
__P2M_ATOMIC_SCOPED(long long int, atomicMin, __illAtomicMin)
__P2M_ATOMIC_SCOPED(unsigned long long int, atomicMin, __ullAtomicMin)
__P2M_ATOMIC_SCOPED(int, atomicMax, __iAtomicMax)
__P2M_ATOMIC_SCOPED(unsigned int, atomicMax, __uAtomicMax)
__P2M_ATOMIC_SCOPED(long long int, atomicMax, __illAtomicMax)
__P2M_ATOMIC_SCOPED(unsigned long long int, atomicMax, __ullAtomicMax)

// atom.inc/atom.dec: ((old >= val) ? 0 : old + 1) and ((old == 0 || old > val) ? val : old - 1).
__P2M_ATOMIC_SCOPED(unsigned int, atomicInc, __uAtomicInc)
__P2M_ATOMIC_SCOPED(unsigned int, atomicDec, __uAtomicDec)

__P2M_ATOMIC_SCOPED(int, atomicAnd, __iAtomicAnd)
__P2M_ATOMIC_SCOPED(unsigned int, atomicAnd, __uAtomicAnd)
__P2M_ATOMIC_SCOPED(long long int, atomicAnd, __llAtomicAnd)
__P2M_ATOMIC_SCOPED(unsigned long long int, atomicAnd, __ullAtomicAnd)
__P2M_ATOMIC_SCOPED(int, atomicOr, __iAtomicOr)
__P2M_ATOMIC_SCOPED(unsigned int, atomicOr, __uAtomicOr)
__P2M_ATOMIC_SCOPED(long long int, atomicOr, __llAtomicOr)
__P2M_ATOMIC_SCOPED(unsigned long long int, atomicOr, __ullAtomicOr)
__P2M_ATOMIC_SCOPED(int, atomicXor, __iAtomicXor)
__P2M_ATOMIC_SCOPED(unsigned int, atomicXor, __uAtomicXor)
__P2M_ATOMIC_SCOPED(long long int, atomicXor, __llAtomicXor)
__P2M_ATOMIC_SCOPED(unsigned long long int, atomicXor, __ullAtomicXor)

// PTX has no atom.sub: CUDA subtracts by adding the negation (two's complement wraps alike).
static __inline__ __device__ int atomicSub(int *__address, int __val) {
  return __iAtomicAdd(__address, (int)(0u - (unsigned int)__val));
}
static __inline__ __device__ int atomicSub_block(int *__address, int __val) {
  return __iAtomicAdd_block(__address, (int)(0u - (unsigned int)__val));
}
static __inline__ __device__ int atomicSub_system(int *__address, int __val) {
  return __iAtomicAdd_system(__address, (int)(0u - (unsigned int)__val));
}
static __inline__ __device__ unsigned int atomicSub(unsigned int *__address, unsigned int __val) {
  return __uAtomicAdd(__address, 0u - __val);
}
static __inline__ __device__ unsigned int atomicSub_block(unsigned int *__address, unsigned int __val) {
  return __uAtomicAdd_block(__address, 0u - __val);
}
static __inline__ __device__ unsigned int atomicSub_system(unsigned int *__address, unsigned int __val) {
  return __uAtomicAdd_system(__address, 0u - __val);
}

// atom.cas.b32/b64. clang has no unsigned 32-bit helper of block or system scope: the bits are
// the same as the signed one's.
#define __P2M_ATOMIC_CAS_SCOPED(T, HELPER, CT)                                                     \
  static __inline__ __device__ T atomicCAS(T *__address, T __compare, T __val) {                 \
    return (T)HELPER((CT *)__address, (CT)__compare, (CT)__val);                                   \
  }                                                                                                \
  static __inline__ __device__ T atomicCAS_block(T *__address, T __compare, T __val) {           \
    return (T)HELPER##_block((CT *)__address, (CT)__compare, (CT)__val);                           \
  }                                                                                                \
  static __inline__ __device__ T atomicCAS_system(T *__address, T __compare, T __val) {          \
    return (T)HELPER##_system((CT *)__address, (CT)__compare, (CT)__val);                          \
  }
__P2M_ATOMIC_CAS_SCOPED(int, __iAtomicCAS, int)
__P2M_ATOMIC_CAS_SCOPED(unsigned int, __iAtomicCAS, int)
__P2M_ATOMIC_CAS_SCOPED(unsigned long long int, __ullAtomicCAS, unsigned long long int)

// The 16-bit compare-and-swap (sm_70), as a 32-bit compare-and-swap loop on the aligned word
// that holds it: ptx2metal's lowering of the 16-bit atom instructions (atom.cas.b16,
// atom.add.noftz.f16) does not compile yet, so the headers give the translator 32-bit atomics
// only; the result is the same (the other half of the word is never changed).
static __inline__ __device__ unsigned short int __p2m_atomic_cas_u16(unsigned short int *__address,
                                                                     unsigned short int __compare,
                                                                     unsigned short int __val) {
  const unsigned long long __at = (unsigned long long)__address;
  unsigned int *__word = (unsigned int *)(__at & ~3ull);
  const unsigned int __shift = (unsigned int)(__at & 2ull) * 8u;
  unsigned int __old = *(volatile unsigned int *)__word;
  for (;;) {
    const unsigned short int __current = (unsigned short int)(__old >> __shift);
    if (__current != __compare)
      return __current;
    const unsigned int __replaced = (__old & ~(0xffffu << __shift)) | ((unsigned int)__val << __shift);
    const unsigned int __seen = __uAtomicCAS(__word, __old, __replaced);
    if (__seen == __old)
      return __compare;
    __old = __seen; // the other half (or this one) changed: look again
  }
}
static __inline__ __device__ unsigned short int atomicCAS(unsigned short int *__address,
                                                          unsigned short int __compare,
                                                          unsigned short int __val) {
  return __p2m_atomic_cas_u16(__address, __compare, __val);
}

#pragma pop_macro("__P2M_ATOMIC_CAS_SCOPED")
#pragma pop_macro("__P2M_ATOMIC_SCOPED")
#pragma pop_macro("__P2M_ATOMIC")

#endif // __DEVICE_ATOMIC_FUNCTIONS_H__
