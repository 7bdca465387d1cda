// crt/narrow_float_math.h: the float computations behind the math functions of cuda_fp16.h and
// cuda_bf16.h (hsqrt, hexp, hsin, ...), which round their float result once to the narrow type.
#ifndef P2M_CRT_NARROW_FLOAT_MATH_H
#define P2M_CRT_NARROW_FLOAT_MATH_H

#include <math.h>

#pragma push_macro("__P2M_DEVICE_OR_HOST")
#undef __P2M_DEVICE_OR_HOST
#if defined(__CUDA_ARCH__)
#define __P2M_DEVICE_OR_HOST(DEVICE, HOST) DEVICE
#else
#define __P2M_DEVICE_OR_HOST(DEVICE, HOST) HOST
#endif

// Through float: the correctly rounded float operations where PTX has them (sqrt.rn, rcp.rn),
// the approximate ones (ex2, lg2, sin, cos, rsqrt: relative error near 2^-22) elsewhere, then
// one rounding to the narrow type, whose 11 (binary16) or 8 (bfloat16) bits they meet except next to a rounding tie.
static __inline__ __host__ __device__ float __p2m_f_unary(const char __which, const float __x) {
  __P2M_DEVICE_OR_HOST(
      float __r;
      switch (__which) {
      case 's': __asm__("sqrt.rn.f32 %0, %1;" : "=f"(__r) : "f"(__x)); break;
      case 'q': __asm__("rsqrt.approx.f32 %0, %1;" : "=f"(__r) : "f"(__x)); break;
      case 'c': __asm__("rcp.rn.f32 %0, %1;" : "=f"(__r) : "f"(__x)); break;
      case 'e': __asm__("ex2.approx.f32 %0, %1;" : "=f"(__r) : "f"(__x)); break;
      case 'l': __asm__("lg2.approx.f32 %0, %1;" : "=f"(__r) : "f"(__x)); break;
      case 'S': __asm__("sin.approx.f32 %0, %1;" : "=f"(__r) : "f"(__x)); break;
      default: __asm__("cos.approx.f32 %0, %1;" : "=f"(__r) : "f"(__x)); break;
      }
      return __r;
      , switch (__which) {
        case 's': return sqrtf(__x);
        case 'q': return 1.0f / sqrtf(__x);
        case 'c': return 1.0f / __x;
        case 'e': return exp2f(__x);
        case 'l': return log2f(__x);
        case 'S': return sinf(__x);
        default: return cosf(__x);
      })
}
// x - k * 2 pi with k the nearest integer to x / (2 pi): |x| <= 65504 keeps k below 2^14, so
// k * (2 pi)_hi is exact in the fma and the remainder is within float's error of the true one.
static __inline__ __host__ __device__ float __p2m_reduce_2pi(const float __x) {
  const float __k = __builtin_rintf(__x * 0.159154943f);
  return __builtin_fmaf(-__k, -1.74845553e-7f, __builtin_fmaf(-__k, 6.28318548f, __x));
}
static __inline__ __host__ __device__ float __p2m_f_tanh(const float __x) {
  const float __ax = __builtin_fabsf(__x);
  if (__ax < 0.000244140625f) // tanh(x) = x to far below the narrow types' precision
    return __x;
  const float __e = __p2m_f_unary('e', -2.0f * 1.44269504f * __ax);
  const float __t = (1.0f - __e) / (1.0f + __e);
  return __builtin_copysignf(__t, __x);
}
#pragma pop_macro("__P2M_DEVICE_OR_HOST")

#endif // P2M_CRT_NARROW_FLOAT_MATH_H
