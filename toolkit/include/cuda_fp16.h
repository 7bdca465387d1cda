// cuda_fp16.h: CUDA's half-precision types __half and __half2 (IEEE binary16), their
// conversions, arithmetic, comparisons, math, warp shuffles, cache-operator loads/stores and
// atomics. On the device each operation is the PTX instruction CUDA's documentation names for
// it (cvt.rn.f16.f32, add.f16, fma.rn.f16x2, setp.lt.f16, ...) written as inline asm, so the
// translator sees what nvcc would emit; on the host the same results come from exact software
// rounding (crt/host_float_narrowing.h) and float arithmetic, which is exact before the one
// rounding to binary16 for +, -, *, / and sqrt (float has more than 2 * 11 + 2 bits).
// __CUDA_NO_HALF_CONVERSIONS__ and __CUDA_NO_HALF_OPERATORS__ turn off the implicit conversions
// and the C++ operators, as in CUDA.
#ifndef __CUDA_FP16_H__
#define __CUDA_FP16_H__

#if defined(__cplusplus)

#include "host_defines.h"
#include "vector_types.h"
#include "crt/host_float_narrowing.h"
#include "crt/narrow_float_math.h"

#include <math.h>

#define CUDA_FP16_H_P2M 1
#define __CUDA_FP16_TYPES_EXIST__

typedef struct __half_raw {
  unsigned short x;
} __half_raw;
typedef struct __half2_raw {
  unsigned short x;
  unsigned short y;
} __half2_raw;

struct __half;
struct __half2;
static __inline__ __host__ __device__ __half __float2half(const float __a);
static __inline__ __host__ __device__ __half __double2half(const double __a);
static __inline__ __host__ __device__ float __half2float(const __half __a);
static __inline__ __host__ __device__ __half __int2half_rn(const int __i);
static __inline__ __host__ __device__ __half __uint2half_rn(const unsigned int __i);
static __inline__ __host__ __device__ __half __short2half_rn(const short __i);
static __inline__ __host__ __device__ __half __ushort2half_rn(const unsigned short __i);
static __inline__ __host__ __device__ __half __ll2half_rn(const long long __i);
static __inline__ __host__ __device__ __half __ull2half_rn(const unsigned long long __i);
static __inline__ __host__ __device__ int __half2int_rz(const __half __h);
static __inline__ __host__ __device__ unsigned int __half2uint_rz(const __half __h);
static __inline__ __host__ __device__ short __half2short_rz(const __half __h);
static __inline__ __host__ __device__ unsigned short __half2ushort_rz(const __half __h);
static __inline__ __host__ __device__ long long __half2ll_rz(const __half __h);
static __inline__ __host__ __device__ unsigned long long __half2ull_rz(const __half __h);
static __inline__ __host__ __device__ signed char __half2char_rz(const __half __h);
static __inline__ __host__ __device__ unsigned char __half2uchar_rz(const __half __h);

struct __align__(2) __half {
protected:
  unsigned short __x;

public:
  __half() = default;
  __host__ __device__ constexpr __half(const __half_raw &__hr) : __x(__hr.x) {}
  __host__ __device__ __half &operator=(const __half_raw &__hr) {
    __x = __hr.x;
    return *this;
  }
  __host__ __device__ volatile __half &operator=(const __half_raw &__hr) volatile {
    __x = __hr.x;
    return *this;
  }
  __host__ __device__ volatile __half &operator=(const volatile __half_raw &__hr) volatile {
    __x = __hr.x;
    return *this;
  }
  __host__ __device__ constexpr operator __half_raw() const { return __half_raw{__x}; }
  __host__ __device__ operator __half_raw() const volatile { return __half_raw{__x}; }
#if !defined(__CUDA_NO_HALF_CONVERSIONS__)
  // Conversions round to nearest even, as __float2half and __int2half_rn do.
  __host__ __device__ __half(const float __f) { __x = __half_raw(__float2half(__f)).x; }
  __host__ __device__ __half(const double __f) { __x = __half_raw(__double2half(__f)).x; }
  __host__ __device__ operator float() const { return __half2float(*this); }
  __host__ __device__ __half &operator=(const float __f) { return *this = __float2half(__f); }
  __host__ __device__ __half &operator=(const double __f) { return *this = __double2half(__f); }
  __host__ __device__ __half(const short __v) { __x = __half_raw(__short2half_rn(__v)).x; }
  __host__ __device__ __half(const unsigned short __v) { __x = __half_raw(__ushort2half_rn(__v)).x; }
  __host__ __device__ __half(const int __v) { __x = __half_raw(__int2half_rn(__v)).x; }
  __host__ __device__ __half(const unsigned int __v) { __x = __half_raw(__uint2half_rn(__v)).x; }
  __host__ __device__ __half(const long __v) {
    __x = __half_raw(sizeof(long) == 8 ? __ll2half_rn((long long)__v) : __int2half_rn((int)__v)).x;
  }
  __host__ __device__ __half(const unsigned long __v) {
    __x = __half_raw(sizeof(long) == 8 ? __ull2half_rn((unsigned long long)__v)
                                       : __uint2half_rn((unsigned int)__v)).x;
  }
  __host__ __device__ __half(const long long __v) { __x = __half_raw(__ll2half_rn(__v)).x; }
  __host__ __device__ __half(const unsigned long long __v) { __x = __half_raw(__ull2half_rn(__v)).x; }
  // Conversions to integers truncate toward zero, as __half2int_rz does.
  __host__ __device__ operator signed char() const { return __half2char_rz(*this); }
  __host__ __device__ operator unsigned char() const { return __half2uchar_rz(*this); }
  __host__ __device__ operator char() const { return (char)__half2char_rz(*this); }
  __host__ __device__ operator short() const { return __half2short_rz(*this); }
  __host__ __device__ operator unsigned short() const { return __half2ushort_rz(*this); }
  __host__ __device__ operator int() const { return __half2int_rz(*this); }
  __host__ __device__ operator unsigned int() const { return __half2uint_rz(*this); }
  __host__ __device__ operator long() const {
    return sizeof(long) == 8 ? (long)__half2ll_rz(*this) : (long)__half2int_rz(*this);
  }
  __host__ __device__ operator unsigned long() const {
    return sizeof(long) == 8 ? (unsigned long)__half2ull_rz(*this) : (unsigned long)__half2uint_rz(*this);
  }
  __host__ __device__ operator long long() const { return __half2ll_rz(*this); }
  __host__ __device__ operator unsigned long long() const { return __half2ull_rz(*this); }
  __host__ __device__ __half &operator=(const short __v) { return *this = __short2half_rn(__v); }
  __host__ __device__ __half &operator=(const unsigned short __v) { return *this = __ushort2half_rn(__v); }
  __host__ __device__ __half &operator=(const int __v) { return *this = __int2half_rn(__v); }
  __host__ __device__ __half &operator=(const unsigned int __v) { return *this = __uint2half_rn(__v); }
  __host__ __device__ __half &operator=(const long long __v) { return *this = __ll2half_rn(__v); }
  __host__ __device__ __half &operator=(const unsigned long long __v) { return *this = __ull2half_rn(__v); }
  // Nonzero (either sign of zero is false; NaN is true).
  __host__ __device__ constexpr operator bool() const { return (__x & 0x7fffu) != 0u; }
#endif
};

struct __align__(4) __half2 {
  __half x;
  __half y;
  __half2() = default;
  __host__ __device__ constexpr __half2(const __half &__a, const __half &__b) : x(__a), y(__b) {}
  __host__ __device__ __half2(const __half2_raw &__h2r) : x(__half_raw{__h2r.x}), y(__half_raw{__h2r.y}) {}
  __host__ __device__ __half2 &operator=(const __half2_raw &__h2r) {
    x = __half_raw{__h2r.x};
    y = __half_raw{__h2r.y};
    return *this;
  }
  __host__ __device__ operator __half2_raw() const {
    return __half2_raw{__half_raw(x).x, __half_raw(y).x};
  }
};

typedef struct __half half;
typedef struct __half2 half2;
typedef struct __half __nv_half;
typedef struct __half2 __nv_half2;
typedef struct __half_raw __nv_half_raw;
typedef struct __half2_raw __nv_half2_raw;
typedef struct __half nv_half;
typedef struct __half2 nv_half2;

// Bits in and out. A half travels in a 16-bit PTX register ("h"), a half2 in a 32-bit one ("r").
static __inline__ __host__ __device__ unsigned short __p2m_hbits(const __half __h) {
  return __half_raw(__h).x;
}
static __inline__ __host__ __device__ __half __p2m_half(const unsigned short __b) {
  return __half(__half_raw{__b});
}
static __inline__ __host__ __device__ unsigned int __p2m_h2bits(const __half2 __h) {
  return (unsigned int)__p2m_hbits(__h.x) | ((unsigned int)__p2m_hbits(__h.y) << 16);
}
static __inline__ __host__ __device__ __half2 __p2m_half2(const unsigned int __b) {
  return __half2(__p2m_half((unsigned short)(__b & 0xffffu)), __p2m_half((unsigned short)(__b >> 16)));
}
static __inline__ __host__ __device__ struct __p2m_narrow_format __p2m_f16_format() {
  return __p2m_narrow_format{10, 5};
}

// --- Conversions -------------------------------------------------------------------------------

// The device pass takes the first form (inline PTX), the host pass the second.
#pragma push_macro("__P2M_DEVICE_OR_HOST")
#undef __P2M_DEVICE_OR_HOST
#if defined(__CUDA_ARCH__)
#define __P2M_DEVICE_OR_HOST(DEVICE, HOST) DEVICE
#else
#define __P2M_DEVICE_OR_HOST(DEVICE, HOST) HOST
#endif

// float -> half in each rounding mode: cvt.{rn,rz,rm,rp}.f16.f32.
#pragma push_macro("__P2M_F2H")
#define __P2M_F2H(NAME, MODE, PTX)                                                                 \
  static __inline__ __host__ __device__ __half NAME(const float __a) {                            \
    __P2M_DEVICE_OR_HOST(                                                                         \
        unsigned short __r; __asm__("cvt." PTX ".f16.f32 %0, %1;" : "=h"(__r) : "f"(__a));        \
        return __p2m_half(__r);                                                                    \
        , return __p2m_half(__p2m_narrow_float(__p2m_f16_format(), __a, MODE));)                   \
  }
__P2M_F2H(__float2half, __p2m_rn, "rn")
__P2M_F2H(__float2half_rn, __p2m_rn, "rn")
__P2M_F2H(__float2half_rz, __p2m_rz, "rz")
__P2M_F2H(__float2half_rd, __p2m_rd, "rm")
__P2M_F2H(__float2half_ru, __p2m_ru, "rp")
#pragma pop_macro("__P2M_F2H")

static __inline__ __host__ __device__ __half __double2half(const double __a) {
  __P2M_DEVICE_OR_HOST(
      unsigned short __r; __asm__("cvt.rn.f16.f64 %0, %1;" : "=h"(__r) : "d"(__a));
      return __p2m_half(__r);
      , return __p2m_half(__p2m_narrow_double(__p2m_f16_format(), __a, __p2m_rn));)
}

// half -> float: exact (cvt.f32.f16); a NaN becomes the canonical float NaN, as the device's
// cvt and CUDA's host conversion give it.
static __inline__ __host__ __device__ float __half2float(const __half __a) {
  __P2M_DEVICE_OR_HOST(
      float __r; __asm__("cvt.f32.f16 %0, %1;" : "=f"(__r) : "h"(__p2m_hbits(__a)));
      return __r;
      , const unsigned short __b = __p2m_hbits(__a);
      return (__b & 0x7fffu) > 0x7c00u ? __builtin_bit_cast(float, 0x7fffffffu)
                                       : __p2m_widen_to_float(__p2m_f16_format(), __b);)
}

// integer -> half: cvt.{rn,rz,rm,rp}.f16.{s,u}{16,32,64}.
#pragma push_macro("__P2M_I2H")
#define __P2M_I2H(NAME, T, WIDE, PTXT, C, MODE, PTX)                                                     \
  static __inline__ __host__ __device__ __half NAME(const T __i) {                                \
    __P2M_DEVICE_OR_HOST(                                                                         \
        unsigned short __r; __asm__("cvt." PTX ".f16." PTXT " %0, %1;" : "=h"(__r) : C(__i));     \
        return __p2m_half(__r);                                                                    \
        , return __p2m_half(__p2m_narrow_integer(__p2m_f16_format(), __p2m_negative((WIDE)__i),    \
                                                 __p2m_magnitude((WIDE)__i), MODE));)              \
  }
#define __P2M_I2H_ALL(PREFIX, T, WIDE, PTXT, C)                                                    \
  __P2M_I2H(PREFIX##2half_rn, T, WIDE, PTXT, C, __p2m_rn, "rn")                                    \
  __P2M_I2H(PREFIX##2half_rz, T, WIDE, PTXT, C, __p2m_rz, "rz")                                    \
  __P2M_I2H(PREFIX##2half_rd, T, WIDE, PTXT, C, __p2m_rd, "rm")                                    \
  __P2M_I2H(PREFIX##2half_ru, T, WIDE, PTXT, C, __p2m_ru, "rp")
__P2M_I2H_ALL(__int, int, long long, "s32", "r")
__P2M_I2H_ALL(__uint, unsigned int, unsigned long long, "u32", "r")
__P2M_I2H_ALL(__short, short, long long, "s16", "h")
__P2M_I2H_ALL(__ushort, unsigned short, unsigned long long, "u16", "h")
__P2M_I2H_ALL(__ll, long long, long long, "s64", "l")
__P2M_I2H_ALL(__ull, unsigned long long, unsigned long long, "u64", "l")
#undef __P2M_I2H_ALL
#pragma pop_macro("__P2M_I2H")

// half -> integer: cvt.{rni,rzi,rmi,rpi}.{s,u}{16,32,64}.f16 (NaN gives 0, out of range
// saturates).
#pragma push_macro("__P2M_H2I")
#define __P2M_H2I(NAME, T, PTXT, R, C, MODE, PTX, CONVERT)                                         \
  static __inline__ __host__ __device__ T NAME(const __half __h) {                                \
    __P2M_DEVICE_OR_HOST(                                                                         \
        R __r; __asm__("cvt." PTX "." PTXT ".f16 %0, %1;" : "=" C(__r) : "h"(__p2m_hbits(__h)));  \
        return (T)__r;                                                                             \
        , return (T)CONVERT;)                                                                      \
  }
#define __P2M_H2S(PREFIX, T, PTXT, R, C, LO, HI)                                                   \
  __P2M_H2I(__half2##PREFIX##_rn, T, PTXT, R, C, __p2m_rn, "rni", __p2m_to_signed(__half2float(__h), __p2m_rn, LO, HI)) \
  __P2M_H2I(__half2##PREFIX##_rz, T, PTXT, R, C, __p2m_rz, "rzi", __p2m_to_signed(__half2float(__h), __p2m_rz, LO, HI)) \
  __P2M_H2I(__half2##PREFIX##_rd, T, PTXT, R, C, __p2m_rd, "rmi", __p2m_to_signed(__half2float(__h), __p2m_rd, LO, HI)) \
  __P2M_H2I(__half2##PREFIX##_ru, T, PTXT, R, C, __p2m_ru, "rpi", __p2m_to_signed(__half2float(__h), __p2m_ru, LO, HI))
#define __P2M_H2U(PREFIX, T, PTXT, R, C, HI)                                                       \
  __P2M_H2I(__half2##PREFIX##_rn, T, PTXT, R, C, __p2m_rn, "rni", __p2m_to_unsigned(__half2float(__h), __p2m_rn, HI)) \
  __P2M_H2I(__half2##PREFIX##_rz, T, PTXT, R, C, __p2m_rz, "rzi", __p2m_to_unsigned(__half2float(__h), __p2m_rz, HI)) \
  __P2M_H2I(__half2##PREFIX##_rd, T, PTXT, R, C, __p2m_rd, "rmi", __p2m_to_unsigned(__half2float(__h), __p2m_rd, HI)) \
  __P2M_H2I(__half2##PREFIX##_ru, T, PTXT, R, C, __p2m_ru, "rpi", __p2m_to_unsigned(__half2float(__h), __p2m_ru, HI))
__P2M_H2S(int, int, "s32", int, "r", -2147483647ll - 1, 2147483647ll)
__P2M_H2U(uint, unsigned int, "u32", unsigned int, "r", 4294967295ull)
__P2M_H2S(short, short, "s16", short, "h", -32768ll, 32767ll)
__P2M_H2U(ushort, unsigned short, "u16", unsigned short, "h", 65535ull)
__P2M_H2S(ll, long long, "s64", long long, "l", -9223372036854775807ll - 1, 9223372036854775807ll)
__P2M_H2U(ull, unsigned long long, "u64", unsigned long long, "l", 18446744073709551615ull)
#undef __P2M_H2S
#undef __P2M_H2U
#pragma pop_macro("__P2M_H2I")

// cvt.rzi.s8.f16 / cvt.rzi.u8.f16: 8-bit results travel in 16-bit registers.
static __inline__ __host__ __device__ signed char __half2char_rz(const __half __h) {
  __P2M_DEVICE_OR_HOST(
      short __r; __asm__("cvt.rzi.s8.f16 %0, %1;" : "=h"(__r) : "h"(__p2m_hbits(__h)));
      return (signed char)__r;
      , return (signed char)__p2m_to_signed(__half2float(__h), __p2m_rz, -128, 127);)
}
static __inline__ __host__ __device__ unsigned char __half2uchar_rz(const __half __h) {
  __P2M_DEVICE_OR_HOST(
      unsigned short __r; __asm__("cvt.rzi.u8.f16 %0, %1;" : "=h"(__r) : "h"(__p2m_hbits(__h)));
      return (unsigned char)__r;
      , return (unsigned char)__p2m_to_unsigned(__half2float(__h), __p2m_rz, 255);)
}

// Reinterpretations.
static __inline__ __host__ __device__ short __half_as_short(const __half __h) { return (short)__p2m_hbits(__h); }
static __inline__ __host__ __device__ unsigned short __half_as_ushort(const __half __h) { return __p2m_hbits(__h); }
static __inline__ __host__ __device__ __half __short_as_half(const short __i) { return __p2m_half((unsigned short)__i); }
static __inline__ __host__ __device__ __half __ushort_as_half(const unsigned short __i) { return __p2m_half(__i); }

// half2 construction and access.
static __inline__ __host__ __device__ __half2 __halves2half2(const __half __a, const __half __b) { return __half2(__a, __b); }
static __inline__ __host__ __device__ __half2 make_half2(const __half __x, const __half __y) { return __half2(__x, __y); }
static __inline__ __host__ __device__ __half2 __half2half2(const __half __a) { return __half2(__a, __a); }
static __inline__ __host__ __device__ __half2 __float2half2_rn(const float __a) {
  return __half2half2(__float2half_rn(__a));
}
static __inline__ __host__ __device__ __half2 __floats2half2_rn(const float __a, const float __b) {
  return __half2(__float2half_rn(__a), __float2half_rn(__b));
}
static __inline__ __host__ __device__ __half2 __float22half2_rn(const float2 __a) {
  return __floats2half2_rn(__a.x, __a.y);
}
static __inline__ __host__ __device__ float2 __half22float2(const __half2 __a) {
  float2 __r;
  __r.x = __half2float(__a.x);
  __r.y = __half2float(__a.y);
  return __r;
}
static __inline__ __host__ __device__ float __low2float(const __half2 __a) { return __half2float(__a.x); }
static __inline__ __host__ __device__ float __high2float(const __half2 __a) { return __half2float(__a.y); }
static __inline__ __host__ __device__ __half __low2half(const __half2 __a) { return __a.x; }
static __inline__ __host__ __device__ __half __high2half(const __half2 __a) { return __a.y; }
static __inline__ __host__ __device__ __half2 __low2half2(const __half2 __a) { return __half2(__a.x, __a.x); }
static __inline__ __host__ __device__ __half2 __high2half2(const __half2 __a) { return __half2(__a.y, __a.y); }
static __inline__ __host__ __device__ __half2 __lows2half2(const __half2 __a, const __half2 __b) { return __half2(__a.x, __b.x); }
static __inline__ __host__ __device__ __half2 __highs2half2(const __half2 __a, const __half2 __b) { return __half2(__a.y, __b.y); }
static __inline__ __host__ __device__ __half2 __lowhigh2highlow(const __half2 __a) { return __half2(__a.y, __a.x); }

// --- Arithmetic --------------------------------------------------------------------------------
// Device: one PTX instruction each. Host: the exact result rounded once (see the file comment);
// fma in double, whose 53 bits hold a*b exactly and round the sum before the final rounding
// only where it is already far from a binary16 tie.

#pragma push_macro("__P2M_H_BIN")
#pragma push_macro("__P2M_H2_BIN")
#define __P2M_H_BIN(NAME, PTX, HOST)                                                               \
  static __inline__ __host__ __device__ __half NAME(const __half __a, const __half __b) {         \
    __P2M_DEVICE_OR_HOST(                                                                         \
        unsigned short __r;                                                                        \
        __asm__(PTX " %0, %1, %2;" : "=h"(__r) : "h"(__p2m_hbits(__a)), "h"(__p2m_hbits(__b)));    \
        return __p2m_half(__r);                                                                    \
        , const float __fa = __half2float(__a); const float __fb = __half2float(__b);              \
        (void)__fa; (void)__fb; return HOST;)                                                      \
  }
#define __P2M_H2_BIN(NAME, PTX, SCALAR)                                                            \
  static __inline__ __host__ __device__ __half2 NAME(const __half2 __a, const __half2 __b) {      \
    __P2M_DEVICE_OR_HOST(                                                                         \
        unsigned int __r;                                                                          \
        __asm__(PTX " %0, %1, %2;" : "=r"(__r) : "r"(__p2m_h2bits(__a)), "r"(__p2m_h2bits(__b)));  \
        return __p2m_half2(__r);                                                                   \
        , return __half2(SCALAR(__a.x, __b.x), SCALAR(__a.y, __b.y));)                             \
  }

static __inline__ __host__ __device__ __half __p2m_hsat(const __half __a) {
  const float __f = __half2float(__a);
  // [+0, 1]: NaN and every negative value, -0 included, give +0.
  return (__f != __f || __f <= 0.0f) ? __p2m_half(0) : __f > 1.0f ? __p2m_half(0x3c00) : __a;
}
static __inline__ __host__ __device__ __half __p2m_hnan() { return __p2m_half(0x7fff); }

__P2M_H_BIN(__hadd, "add.f16", __float2half(__fa + __fb))
__P2M_H_BIN(__hsub, "sub.f16", __float2half(__fa - __fb))
__P2M_H_BIN(__hmul, "mul.f16", __float2half(__fa * __fb))
// The _rn forms forbid contraction into an fma (PTX: an explicit rounding modifier).
__P2M_H_BIN(__hadd_rn, "add.rn.f16", __float2half(__fa + __fb))
__P2M_H_BIN(__hsub_rn, "sub.rn.f16", __float2half(__fa - __fb))
__P2M_H_BIN(__hmul_rn, "mul.rn.f16", __float2half(__fa * __fb))
__P2M_H_BIN(__hadd_sat, "add.sat.f16", __p2m_hsat(__float2half(__fa + __fb)))
__P2M_H_BIN(__hsub_sat, "sub.sat.f16", __p2m_hsat(__float2half(__fa - __fb)))
__P2M_H_BIN(__hmul_sat, "mul.sat.f16", __p2m_hsat(__float2half(__fa * __fb)))
// min/max: the other operand when one is NaN; -0 < +0. The _nan forms give NaN.
__P2M_H_BIN(__hmax, "max.f16",
            __fa != __fa ? __b : __fb != __fb ? __a : __fa > __fb ? __a : __fb > __fa ? __b
                                                    : ((__p2m_hbits(__a) & 0x8000u) ? __b : __a))
__P2M_H_BIN(__hmin, "min.f16",
            __fa != __fa ? __b : __fb != __fb ? __a : __fa < __fb ? __a : __fb < __fa ? __b
                                                    : ((__p2m_hbits(__a) & 0x8000u) ? __a : __b))
__P2M_H_BIN(__hmax_nan, "max.NaN.f16",
            (__fa != __fa || __fb != __fb) ? __p2m_hnan() : __fa > __fb ? __a : __fb > __fa ? __b
                                                    : ((__p2m_hbits(__a) & 0x8000u) ? __b : __a))
__P2M_H_BIN(__hmin_nan, "min.NaN.f16",
            (__fa != __fa || __fb != __fb) ? __p2m_hnan() : __fa < __fb ? __a : __fb < __fa ? __b
                                                    : ((__p2m_hbits(__a) & 0x8000u) ? __a : __b))

__P2M_H2_BIN(__hadd2, "add.f16x2", __hadd)
__P2M_H2_BIN(__hsub2, "sub.f16x2", __hsub)
__P2M_H2_BIN(__hmul2, "mul.f16x2", __hmul)
__P2M_H2_BIN(__hadd2_rn, "add.rn.f16x2", __hadd_rn)
__P2M_H2_BIN(__hsub2_rn, "sub.rn.f16x2", __hsub_rn)
__P2M_H2_BIN(__hmul2_rn, "mul.rn.f16x2", __hmul_rn)
__P2M_H2_BIN(__hadd2_sat, "add.sat.f16x2", __hadd_sat)
__P2M_H2_BIN(__hsub2_sat, "sub.sat.f16x2", __hsub_sat)
__P2M_H2_BIN(__hmul2_sat, "mul.sat.f16x2", __hmul_sat)
__P2M_H2_BIN(__hmax2, "max.f16x2", __hmax)
__P2M_H2_BIN(__hmin2, "min.f16x2", __hmin)
__P2M_H2_BIN(__hmax2_nan, "max.NaN.f16x2", __hmax_nan)
__P2M_H2_BIN(__hmin2_nan, "min.NaN.f16x2", __hmin_nan)
#pragma pop_macro("__P2M_H2_BIN")
#pragma pop_macro("__P2M_H_BIN")

// Division: the float quotient (correctly rounded) rounded once more, which is the correctly
// rounded binary16 quotient.
static __inline__ __host__ __device__ __half __hdiv(const __half __a, const __half __b) {
  __P2M_DEVICE_OR_HOST(
      float __q; __asm__("div.rn.f32 %0, %1, %2;" : "=f"(__q) : "f"(__half2float(__a)), "f"(__half2float(__b)));
      return __float2half_rn(__q);
      , return __float2half_rn(__half2float(__a) / __half2float(__b));)
}
static __inline__ __host__ __device__ __half2 __h2div(const __half2 __a, const __half2 __b) {
  return __half2(__hdiv(__a.x, __b.x), __hdiv(__a.y, __b.y));
}


// Fused multiply-add, rounded once (fma.rn.f16{,x2}); _sat clamps to [0, 1] (NaN to 0), _relu
// makes negative results 0 (NaN stays NaN).
static __inline__ __host__ __device__ __half __p2m_hfma_host(const __half __a, const __half __b, const __half __c) {
  return __p2m_half(__p2m_narrow_fma(__p2m_f16_format(), __half2float(__a), __half2float(__b),
                                     __half2float(__c), __p2m_rn));
}
static __inline__ __host__ __device__ __half __p2m_hrelu(const __half __r) {
  const float __f = __half2float(__r);
  return __f != __f ? __p2m_hnan() : (__p2m_hbits(__r) & 0x8000u) ? __p2m_half(0) : __r;
}
#pragma push_macro("__P2M_H_FMA")
#define __P2M_H_FMA(NAME, NAME2, PTX, HOST)                                                        \
  static __inline__ __host__ __device__ __half NAME(const __half __a, const __half __b, const __half __c) { \
    __P2M_DEVICE_OR_HOST(                                                                          \
        unsigned short __r;                                                                        \
        __asm__(PTX " %0, %1, %2, %3;"                                                             \
                : "=h"(__r)                                                                        \
                : "h"(__p2m_hbits(__a)), "h"(__p2m_hbits(__b)), "h"(__p2m_hbits(__c)));            \
        return __p2m_half(__r);                                                                    \
        , return HOST(__p2m_hfma_host(__a, __b, __c));)                                            \
  }                                                                                                \
  static __inline__ __host__ __device__ __half2 NAME2(const __half2 __a, const __half2 __b, const __half2 __c) { \
    __P2M_DEVICE_OR_HOST(                                                                          \
        unsigned int __r;                                                                          \
        __asm__(PTX "x2 %0, %1, %2, %3;"                                                           \
                : "=r"(__r)                                                                        \
                : "r"(__p2m_h2bits(__a)), "r"(__p2m_h2bits(__b)), "r"(__p2m_h2bits(__c)));         \
        return __p2m_half2(__r);                                                                   \
        , return __half2(NAME(__a.x, __b.x, __c.x), NAME(__a.y, __b.y, __c.y));)                   \
  }
__P2M_H_FMA(__hfma, __hfma2, "fma.rn.f16", )
__P2M_H_FMA(__hfma_sat, __hfma2_sat, "fma.rn.sat.f16", __p2m_hsat)
__P2M_H_FMA(__hfma_relu, __hfma2_relu, "fma.rn.relu.f16", __p2m_hrelu)
#pragma pop_macro("__P2M_H_FMA")

// Negation and absolute value change the sign bit only (neg.f16, abs.f16).
static __inline__ __host__ __device__ __half __hneg(const __half __a) {
  __P2M_DEVICE_OR_HOST(
      unsigned short __r; __asm__("neg.f16 %0, %1;" : "=h"(__r) : "h"(__p2m_hbits(__a)));
      return __p2m_half(__r);
      , return __p2m_half((unsigned short)(__p2m_hbits(__a) ^ 0x8000u));)
}
static __inline__ __host__ __device__ __half2 __hneg2(const __half2 __a) {
  __P2M_DEVICE_OR_HOST(
      unsigned int __r; __asm__("neg.f16x2 %0, %1;" : "=r"(__r) : "r"(__p2m_h2bits(__a)));
      return __p2m_half2(__r);
      , return __half2(__hneg(__a.x), __hneg(__a.y));)
}
static __inline__ __host__ __device__ __half __habs(const __half __a) {
  __P2M_DEVICE_OR_HOST(
      unsigned short __r; __asm__("abs.f16 %0, %1;" : "=h"(__r) : "h"(__p2m_hbits(__a)));
      return __p2m_half(__r);
      , return __p2m_half((unsigned short)(__p2m_hbits(__a) & 0x7fffu));)
}
static __inline__ __host__ __device__ __half2 __habs2(const __half2 __a) {
  __P2M_DEVICE_OR_HOST(
      unsigned int __r; __asm__("abs.f16x2 %0, %1;" : "=r"(__r) : "r"(__p2m_h2bits(__a)));
      return __p2m_half2(__r);
      , return __half2(__habs(__a.x), __habs(__a.y));)
}
// Complex multiply-add: (a.x + i a.y) * (b.x + i b.y) + (c.x + i c.y), two fmas per part.
static __inline__ __host__ __device__ __half2 __hcmadd(const __half2 __a, const __half2 __b, const __half2 __c) {
  const __half __re = __hfma(__hneg(__a.y), __b.y, __hfma(__a.x, __b.x, __c.x));
  const __half __im = __hfma(__a.y, __b.x, __hfma(__a.x, __b.y, __c.y));
  return __half2(__re, __im);
}

// --- Comparisons -------------------------------------------------------------------------------
// setp.<op>.f16: ordered forms are false when either is NaN, the u forms true.
static __inline__ __host__ __device__ bool __hisnan(const __half __a) {
  __P2M_DEVICE_OR_HOST(
      unsigned short __r;
      __asm__("{ .reg .pred __p; setp.nan.f16 __p, %1, %1; selp.u16 %0, 1, 0, __p; }" : "=h"(__r) : "h"(__p2m_hbits(__a)));
      return __r != 0;
      , return (__p2m_hbits(__a) & 0x7fffu) > 0x7c00u;)
}
static __inline__ __host__ __device__ int __hisinf(const __half __a) {
  const unsigned short __b = __p2m_hbits(__a);
  return __b == 0x7c00u ? 1 : __b == 0xfc00u ? -1 : 0;
}
static __inline__ __host__ __device__ __half2 __hisnan2(const __half2 __a) {
  return __half2(__p2m_half(__hisnan(__a.x) ? 0x3c00 : 0), __p2m_half(__hisnan(__a.y) ? 0x3c00 : 0));
}

#pragma push_macro("__P2M_H_CMP")
#define __P2M_H_CMP(NAME, OP, HOST)                                                                \
  static __inline__ __host__ __device__ bool NAME(const __half __a, const __half __b) {           \
    __P2M_DEVICE_OR_HOST(                                                                          \
        unsigned short __r;                                                                        \
        __asm__("{ .reg .pred __p; setp." OP ".f16 __p, %1, %2; selp.u16 %0, 1, 0, __p; }"         \
                : "=h"(__r)                                                                        \
                : "h"(__p2m_hbits(__a)), "h"(__p2m_hbits(__b)));                                   \
        return __r != 0;                                                                           \
        , const float __fa = __half2float(__a); const float __fb = __half2float(__b);              \
        return HOST;)                                                                              \
  }                                                                                                \
  static __inline__ __host__ __device__ __half2 NAME##2(const __half2 __a, const __half2 __b) {   \
    return __half2(__p2m_half(NAME(__a.x, __b.x) ? 0x3c00 : 0), __p2m_half(NAME(__a.y, __b.y) ? 0x3c00 : 0)); \
  }                                                                                                \
  static __inline__ __host__ __device__ unsigned NAME##2_mask(const __half2 __a, const __half2 __b) { \
    return (NAME(__a.x, __b.x) ? 0xffffu : 0u) | (NAME(__a.y, __b.y) ? 0xffff0000u : 0u);          \
  }
#define __P2M_H_CMP_ALL(NAME, BNAME, OP, HOST)                                                     \
  __P2M_H_CMP(NAME, OP, HOST)                                                                      \
  static __inline__ __host__ __device__ bool BNAME(const __half2 __a, const __half2 __b) {        \
    return NAME(__a.x, __b.x) && NAME(__a.y, __b.y);                                               \
  }
__P2M_H_CMP_ALL(__heq, __hbeq2, "eq", __fa == __fb)
__P2M_H_CMP_ALL(__hne, __hbne2, "ne", __fa != __fb && __fa == __fa && __fb == __fb)
__P2M_H_CMP_ALL(__hlt, __hblt2, "lt", __fa < __fb)
__P2M_H_CMP_ALL(__hle, __hble2, "le", __fa <= __fb)
__P2M_H_CMP_ALL(__hgt, __hbgt2, "gt", __fa > __fb)
__P2M_H_CMP_ALL(__hge, __hbge2, "ge", __fa >= __fb)
__P2M_H_CMP_ALL(__hequ, __hbequ2, "equ", !(__fa < __fb || __fa > __fb))
__P2M_H_CMP_ALL(__hneu, __hbneu2, "neu", __fa != __fb)
__P2M_H_CMP_ALL(__hltu, __hbltu2, "ltu", !(__fa >= __fb))
__P2M_H_CMP_ALL(__hleu, __hbleu2, "leu", !(__fa > __fb))
__P2M_H_CMP_ALL(__hgtu, __hbgtu2, "gtu", !(__fa <= __fb))
__P2M_H_CMP_ALL(__hgeu, __hbgeu2, "geu", !(__fa < __fb))
#undef __P2M_H_CMP_ALL
#pragma pop_macro("__P2M_H_CMP")

// --- Math ----------------------------------------------------------------------------------------
// cvt.{rzi,rpi,rmi,rni}.f16.f16: rounding to an integral value stays in binary16.
#pragma push_macro("__P2M_H_ROUND")
#define __P2M_H_ROUND(NAME, NAME2, PTX, HOST)                                                      \
  static __inline__ __host__ __device__ __half NAME(const __half __a) {                           \
    __P2M_DEVICE_OR_HOST(                                                                          \
        unsigned short __r; __asm__("cvt." PTX ".f16.f16 %0, %1;" : "=h"(__r) : "h"(__p2m_hbits(__a))); \
        return __p2m_half(__r);                                                                    \
        , return __float2half(HOST(__half2float(__a)));)                                           \
  }                                                                                                \
  static __inline__ __host__ __device__ __half2 NAME2(const __half2 __a) {                        \
    return __half2(NAME(__a.x), NAME(__a.y));                                                      \
  }
__P2M_H_ROUND(htrunc, h2trunc, "rzi", truncf)
__P2M_H_ROUND(hceil, h2ceil, "rpi", ceilf)
__P2M_H_ROUND(hfloor, h2floor, "rmi", floorf)
__P2M_H_ROUND(hrint, h2rint, "rni", rintf)
#pragma pop_macro("__P2M_H_ROUND")

#pragma push_macro("__P2M_H_MATH")
#define __P2M_H_MATH(NAME, EXPR)                                                                   \
  static __inline__ __host__ __device__ __half h##NAME(const __half __a) {                        \
    const float __x = __half2float(__a);                                                           \
    return __float2half_rn(EXPR);                                                                  \
  }                                                                                                \
  static __inline__ __host__ __device__ __half2 h2##NAME(const __half2 __a) {                      \
    return __half2(h##NAME(__a.x), h##NAME(__a.y));                                                \
  }
__P2M_H_MATH(sqrt, __p2m_f_unary('s', __x))
__P2M_H_MATH(rsqrt, __p2m_f_unary('q', __x))
__P2M_H_MATH(rcp, __p2m_f_unary('c', __x))
__P2M_H_MATH(exp2, __p2m_f_unary('e', __x))
__P2M_H_MATH(exp, __p2m_f_unary('e', __x * 1.44269504f))
__P2M_H_MATH(exp10, __p2m_f_unary('e', __x * 3.32192809f))
__P2M_H_MATH(log2, __p2m_f_unary('l', __x))
__P2M_H_MATH(log, __p2m_f_unary('l', __x) * 0.693147181f)
__P2M_H_MATH(log10, __p2m_f_unary('l', __x) * 0.301029996f)
__P2M_H_MATH(sin, __p2m_f_unary('S', __p2m_reduce_2pi(__x)))
__P2M_H_MATH(cos, __p2m_f_unary('C', __p2m_reduce_2pi(__x)))
__P2M_H_MATH(tanh, __p2m_f_tanh(__x))
#pragma pop_macro("__P2M_H_MATH")

// --- Operators ---------------------------------------------------------------------------------
#if !defined(__CUDA_NO_HALF_OPERATORS__)
static __inline__ __host__ __device__ __half operator+(const __half &__a, const __half &__b) { return __hadd(__a, __b); }
static __inline__ __host__ __device__ __half operator-(const __half &__a, const __half &__b) { return __hsub(__a, __b); }
static __inline__ __host__ __device__ __half operator*(const __half &__a, const __half &__b) { return __hmul(__a, __b); }
static __inline__ __host__ __device__ __half operator/(const __half &__a, const __half &__b) { return __hdiv(__a, __b); }
static __inline__ __host__ __device__ __half &operator+=(__half &__a, const __half &__b) { return __a = __hadd(__a, __b); }
static __inline__ __host__ __device__ __half &operator-=(__half &__a, const __half &__b) { return __a = __hsub(__a, __b); }
static __inline__ __host__ __device__ __half &operator*=(__half &__a, const __half &__b) { return __a = __hmul(__a, __b); }
static __inline__ __host__ __device__ __half &operator/=(__half &__a, const __half &__b) { return __a = __hdiv(__a, __b); }
static __inline__ __host__ __device__ __half operator+(const __half &__a) { return __a; }
static __inline__ __host__ __device__ __half operator-(const __half &__a) { return __hneg(__a); }
static __inline__ __host__ __device__ __half &operator++(__half &__a) { return __a = __hadd(__a, __p2m_half(0x3c00)); }
static __inline__ __host__ __device__ __half &operator--(__half &__a) { return __a = __hsub(__a, __p2m_half(0x3c00)); }
static __inline__ __host__ __device__ __half operator++(__half &__a, int) { const __half __old = __a; ++__a; return __old; }
static __inline__ __host__ __device__ __half operator--(__half &__a, int) { const __half __old = __a; --__a; return __old; }
static __inline__ __host__ __device__ bool operator==(const __half &__a, const __half &__b) { return __heq(__a, __b); }
static __inline__ __host__ __device__ bool operator!=(const __half &__a, const __half &__b) { return __hneu(__a, __b); }
static __inline__ __host__ __device__ bool operator<(const __half &__a, const __half &__b) { return __hlt(__a, __b); }
static __inline__ __host__ __device__ bool operator>(const __half &__a, const __half &__b) { return __hgt(__a, __b); }
static __inline__ __host__ __device__ bool operator<=(const __half &__a, const __half &__b) { return __hle(__a, __b); }
static __inline__ __host__ __device__ bool operator>=(const __half &__a, const __half &__b) { return __hge(__a, __b); }

static __inline__ __host__ __device__ __half2 operator+(const __half2 &__a, const __half2 &__b) { return __hadd2(__a, __b); }
static __inline__ __host__ __device__ __half2 operator-(const __half2 &__a, const __half2 &__b) { return __hsub2(__a, __b); }
static __inline__ __host__ __device__ __half2 operator*(const __half2 &__a, const __half2 &__b) { return __hmul2(__a, __b); }
static __inline__ __host__ __device__ __half2 operator/(const __half2 &__a, const __half2 &__b) { return __h2div(__a, __b); }
static __inline__ __host__ __device__ __half2 &operator+=(__half2 &__a, const __half2 &__b) { return __a = __hadd2(__a, __b); }
static __inline__ __host__ __device__ __half2 &operator-=(__half2 &__a, const __half2 &__b) { return __a = __hsub2(__a, __b); }
static __inline__ __host__ __device__ __half2 &operator*=(__half2 &__a, const __half2 &__b) { return __a = __hmul2(__a, __b); }
static __inline__ __host__ __device__ __half2 &operator/=(__half2 &__a, const __half2 &__b) { return __a = __h2div(__a, __b); }
static __inline__ __host__ __device__ __half2 operator+(const __half2 &__a) { return __a; }
static __inline__ __host__ __device__ __half2 operator-(const __half2 &__a) { return __hneg2(__a); }
static __inline__ __host__ __device__ __half2 &operator++(__half2 &__a) { return __a = __hadd2(__a, __half2half2(__p2m_half(0x3c00))); }
static __inline__ __host__ __device__ __half2 &operator--(__half2 &__a) { return __a = __hsub2(__a, __half2half2(__p2m_half(0x3c00))); }
static __inline__ __host__ __device__ __half2 operator++(__half2 &__a, int) { const __half2 __old = __a; ++__a; return __old; }
static __inline__ __host__ __device__ __half2 operator--(__half2 &__a, int) { const __half2 __old = __a; --__a; return __old; }
static __inline__ __host__ __device__ bool operator==(const __half2 &__a, const __half2 &__b) { return __hbeq2(__a, __b); }
static __inline__ __host__ __device__ bool operator!=(const __half2 &__a, const __half2 &__b) { return __hbneu2(__a, __b); }
static __inline__ __host__ __device__ bool operator<(const __half2 &__a, const __half2 &__b) { return __hblt2(__a, __b); }
static __inline__ __host__ __device__ bool operator>(const __half2 &__a, const __half2 &__b) { return __hbgt2(__a, __b); }
static __inline__ __host__ __device__ bool operator<=(const __half2 &__a, const __half2 &__b) { return __hble2(__a, __b); }
static __inline__ __host__ __device__ bool operator>=(const __half2 &__a, const __half2 &__b) { return __hbge2(__a, __b); }
#endif // !defined(__CUDA_NO_HALF_OPERATORS__)

#pragma pop_macro("__P2M_DEVICE_OR_HOST")

// --- Device only: warp shuffles, cache-operator loads and stores, atomics ----------------------
#if defined(__CUDA__) && defined(__clang__)
// A half travels in the low 16 bits of the 32-bit shuffle, a half2 as its 32 bits.
#pragma push_macro("__P2M_H_SHFL")
#define __P2M_H_SHFL(NAME, LANE_T)                                                                 \
  static __inline__ __device__ __half2 NAME(const unsigned int __mask, const __half2 __var,        \
                                            const LANE_T __lane, const int __width = 32) {         \
    return __p2m_half2(NAME(__mask, __p2m_h2bits(__var), __lane, __width));                        \
  }                                                                                                \
  static __inline__ __device__ __half NAME(const unsigned int __mask, const __half __var,          \
                                           const LANE_T __lane, const int __width = 32) {          \
    return __p2m_half((unsigned short)NAME(__mask, (unsigned int)__p2m_hbits(__var), __lane, __width)); \
  }
__P2M_H_SHFL(__shfl_sync, int)
__P2M_H_SHFL(__shfl_up_sync, unsigned int)
__P2M_H_SHFL(__shfl_down_sync, unsigned int)
__P2M_H_SHFL(__shfl_xor_sync, int)
#pragma pop_macro("__P2M_H_SHFL")

#pragma push_macro("__P2M_H_LDST")
#define __P2M_H_LDST(LD, ST)                                                                       \
  static __inline__ __device__ __half LD(const __half *__ptr) {                                   \
    return __p2m_half(LD((const unsigned short *)__ptr));                                          \
  }                                                                                                \
  static __inline__ __device__ __half2 LD(const __half2 *__ptr) {                                 \
    return __p2m_half2(LD((const unsigned int *)__ptr));                                           \
  }                                                                                                \
  static __inline__ __device__ void ST(__half *__ptr, const __half __value) {                     \
    ST((unsigned short *)__ptr, __p2m_hbits(__value));                                             \
  }                                                                                                \
  static __inline__ __device__ void ST(__half2 *__ptr, const __half2 __value) {                   \
    ST((unsigned int *)__ptr, __p2m_h2bits(__value));                                              \
  }
__P2M_H_LDST(__ldcg, __stcg)
__P2M_H_LDST(__ldcs, __stcs)
__P2M_H_LDST(__ldca, __stwb)
__P2M_H_LDST(__ldcv, __stwt)
#pragma pop_macro("__P2M_H_LDST")
static __inline__ __device__ __half __ldlu(const __half *__ptr) { return __p2m_half(__ldlu((const unsigned short *)__ptr)); }
static __inline__ __device__ __half2 __ldlu(const __half2 *__ptr) { return __p2m_half2(__ldlu((const unsigned int *)__ptr)); }
static __inline__ __device__ __half __ldg(const __half *__ptr) { return __p2m_half(__ldg((const unsigned short *)__ptr)); }
static __inline__ __device__ __half2 __ldg(const __half2 *__ptr) { return __p2m_half2(__ldg((const unsigned int *)__ptr)); }

// atom.add.noftz.f16x2 (sm_60): the old value back. The single half (atom.add.noftz.f16 on
// sm_70) is a compare-and-swap loop on its aligned 32-bit word, adding with __hadd (the same
// rounding): see device_atomic_functions.h for why the headers avoid 16-bit atom.
static __inline__ __device__ __half2 atomicAdd(__half2 *__address, const __half2 __val) {
  unsigned int __old;
  __asm__ __volatile__("atom.add.noftz.f16x2 %0, [%1], %2;"
                       : "=r"(__old)
                       : "l"(__address), "r"(__p2m_h2bits(__val))
                       : "memory");
  return __p2m_half2(__old);
}
static __inline__ __device__ __half atomicAdd(__half *__address, const __half __val) {
  const unsigned long long __at = (unsigned long long)__address;
  unsigned int *__word = (unsigned int *)(__at & ~3ull);
  const unsigned int __shift = (unsigned int)(__at & 2ull) * 8u;
  unsigned int __old = *__word, __assumed;
  do {
    __assumed = __old;
    const unsigned short __sum = __p2m_hbits(__hadd(__p2m_half((unsigned short)(__assumed >> __shift)), __val));
    const unsigned int __replaced = (__assumed & ~(0xffffu << __shift)) | ((unsigned int)__sum << __shift);
    __old = atomicCAS(__word, __assumed, __replaced);
  } while (__assumed != __old);
  return __p2m_half((unsigned short)(__old >> __shift));
}
#endif // defined(__CUDA__) && defined(__clang__)

#endif // defined(__cplusplus)
#endif // __CUDA_FP16_H__
