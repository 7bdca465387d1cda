// crt/math_min_max.h: CUDA's min and max overloads, on the host and the device. clang's
// __clang_cuda_math.h defines only the device min/max(int, int); without the others a device
// min(1.5f, 2.5f) would convert to int. As CUDA's: mixed signed and unsigned arguments compare as
// unsigned, mixed float and double as double, floating-point ones are fminf/fmin/fmaxf/fmax (a
// NaN argument gives the other one).
#ifndef P2M_CRT_MATH_MIN_MAX_H
#define P2M_CRT_MATH_MIN_MAX_H

#if defined(__cplusplus)

// min/max(int, int) on the host (clang's are device-only).
static __inline__ __host__ int min(const int __a, const int __b) { return __a < __b ? __a : __b; }
static __inline__ __host__ int max(const int __a, const int __b) { return __a > __b ? __a : __b; }

#pragma push_macro("__P2M_MIN_MAX")
#define __P2M_MIN_MAX(R, A, B)                                                                     \
  static __inline__ __host__ __device__ R min(const A __a, const B __b) {                          \
    return (R)__a < (R)__b ? (R)__a : (R)__b;                                                      \
  }                                                                                                \
  static __inline__ __host__ __device__ R max(const A __a, const B __b) {                          \
    return (R)__a > (R)__b ? (R)__a : (R)__b;                                                      \
  }
__P2M_MIN_MAX(unsigned int, unsigned int, unsigned int)
__P2M_MIN_MAX(unsigned int, int, unsigned int)
__P2M_MIN_MAX(unsigned int, unsigned int, int)
__P2M_MIN_MAX(long int, long int, long int)
__P2M_MIN_MAX(unsigned long int, unsigned long int, unsigned long int)
__P2M_MIN_MAX(unsigned long int, long int, unsigned long int)
__P2M_MIN_MAX(unsigned long int, unsigned long int, long int)
__P2M_MIN_MAX(long long int, long long int, long long int)
__P2M_MIN_MAX(unsigned long long int, unsigned long long int, unsigned long long int)
__P2M_MIN_MAX(unsigned long long int, long long int, unsigned long long int)
__P2M_MIN_MAX(unsigned long long int, unsigned long long int, long long int)
#pragma pop_macro("__P2M_MIN_MAX")

static __inline__ __host__ __device__ float min(const float __a, const float __b) { return __builtin_fminf(__a, __b); }
static __inline__ __host__ __device__ float max(const float __a, const float __b) { return __builtin_fmaxf(__a, __b); }
static __inline__ __host__ __device__ double min(const double __a, const double __b) { return __builtin_fmin(__a, __b); }
static __inline__ __host__ __device__ double max(const double __a, const double __b) { return __builtin_fmax(__a, __b); }
static __inline__ __host__ __device__ double min(const float __a, const double __b) { return __builtin_fmin((double)__a, __b); }
static __inline__ __host__ __device__ double max(const float __a, const double __b) { return __builtin_fmax((double)__a, __b); }
static __inline__ __host__ __device__ double min(const double __a, const float __b) { return __builtin_fmin(__a, (double)__b); }
static __inline__ __host__ __device__ double max(const double __a, const float __b) { return __builtin_fmax(__a, (double)__b); }

#endif // defined(__cplusplus)
#endif // P2M_CRT_MATH_MIN_MAX_H
