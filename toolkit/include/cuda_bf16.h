// cuda_bf16.h: CUDA's bfloat16 types __nv_bfloat16 and __nv_bfloat162 (8-bit exponent, 8-bit
// significand), their conversions, arithmetic, comparisons, math, warp shuffles, cache-operator
// loads/stores and atomics. The arithmetic names are the __half ones, overloaded (__hadd,
// __hfma2, hsqrt, ...). On the device each operation is the PTX of the target: sm_80 has
// cvt.{rn,rz}.bf16.f32, fma.rn.bf16{,x2}, min/max/neg/abs.bf16, so add, sub and mul are fmas with 1.0,
// -1.0 and -0.0 (one rounding, as nvcc emits them), comparisons go through float (exact), and
// the other rounding modes and integer conversions round exactly in software; sm_90 has
// add/sub/mul.bf16 and the cvt forms. The host rounds exactly (crt/host_float_narrowing.h).
// __CUDA_NO_BFLOAT16_CONVERSIONS__ and __CUDA_NO_BFLOAT16_OPERATORS__ as in CUDA.
#ifndef __CUDA_BF16_H__
#define __CUDA_BF16_H__

#if defined(__cplusplus)

#include "host_defines.h"
#include "vector_types.h"
#include "crt/host_float_narrowing.h"
#include "crt/narrow_float_math.h"

#include <math.h>

#define __CUDA_BF16_TYPES_EXIST__

typedef struct __nv_bfloat16_raw {
  unsigned short x;
} __nv_bfloat16_raw;
typedef struct __nv_bfloat162_raw {
  unsigned short x;
  unsigned short y;
} __nv_bfloat162_raw;

struct __nv_bfloat16;
static __inline__ __host__ __device__ __nv_bfloat16 __float2bfloat16(const float __a);
static __inline__ __host__ __device__ __nv_bfloat16 __double2bfloat16(const double __a);
static __inline__ __host__ __device__ float __bfloat162float(const __nv_bfloat16 __a);
static __inline__ __host__ __device__ __nv_bfloat16 __int2bfloat16_rn(const int __i);
static __inline__ __host__ __device__ __nv_bfloat16 __uint2bfloat16_rn(const unsigned int __i);
static __inline__ __host__ __device__ __nv_bfloat16 __short2bfloat16_rn(const short __i);
static __inline__ __host__ __device__ __nv_bfloat16 __ushort2bfloat16_rn(const unsigned short __i);
static __inline__ __host__ __device__ __nv_bfloat16 __ll2bfloat16_rn(const long long __i);
static __inline__ __host__ __device__ __nv_bfloat16 __ull2bfloat16_rn(const unsigned long long __i);
static __inline__ __host__ __device__ int __bfloat162int_rz(const __nv_bfloat16 __h);
static __inline__ __host__ __device__ unsigned int __bfloat162uint_rz(const __nv_bfloat16 __h);
static __inline__ __host__ __device__ short __bfloat162short_rz(const __nv_bfloat16 __h);
static __inline__ __host__ __device__ unsigned short __bfloat162ushort_rz(const __nv_bfloat16 __h);
static __inline__ __host__ __device__ long long __bfloat162ll_rz(const __nv_bfloat16 __h);
static __inline__ __host__ __device__ unsigned long long __bfloat162ull_rz(const __nv_bfloat16 __h);

struct __align__(2) __nv_bfloat16 {
protected:
  unsigned short __x;

public:
  __nv_bfloat16() = default;
  __host__ __device__ constexpr __nv_bfloat16(const __nv_bfloat16_raw &__hr) : __x(__hr.x) {}
  __host__ __device__ __nv_bfloat16 &operator=(const __nv_bfloat16_raw &__hr) {
    __x = __hr.x;
    return *this;
  }
  __host__ __device__ volatile __nv_bfloat16 &operator=(const __nv_bfloat16_raw &__hr) volatile {
    __x = __hr.x;
    return *this;
  }
  __host__ __device__ constexpr operator __nv_bfloat16_raw() const { return __nv_bfloat16_raw{__x}; }
  __host__ __device__ operator __nv_bfloat16_raw() const volatile { return __nv_bfloat16_raw{__x}; }
#if !defined(__CUDA_NO_BFLOAT16_CONVERSIONS__)
  __host__ __device__ __nv_bfloat16(const float __f) { __x = __nv_bfloat16_raw(__float2bfloat16(__f)).x; }
  __host__ __device__ __nv_bfloat16(const double __f) { __x = __nv_bfloat16_raw(__double2bfloat16(__f)).x; }
  __host__ __device__ operator float() const { return __bfloat162float(*this); }
  __host__ __device__ __nv_bfloat16 &operator=(const float __f) { return *this = __float2bfloat16(__f); }
  __host__ __device__ __nv_bfloat16 &operator=(const double __f) { return *this = __double2bfloat16(__f); }
  __host__ __device__ __nv_bfloat16(const short __v) { __x = __nv_bfloat16_raw(__short2bfloat16_rn(__v)).x; }
  __host__ __device__ __nv_bfloat16(const unsigned short __v) { __x = __nv_bfloat16_raw(__ushort2bfloat16_rn(__v)).x; }
  __host__ __device__ __nv_bfloat16(const int __v) { __x = __nv_bfloat16_raw(__int2bfloat16_rn(__v)).x; }
  __host__ __device__ __nv_bfloat16(const unsigned int __v) { __x = __nv_bfloat16_raw(__uint2bfloat16_rn(__v)).x; }
  __host__ __device__ __nv_bfloat16(const long long __v) { __x = __nv_bfloat16_raw(__ll2bfloat16_rn(__v)).x; }
  __host__ __device__ __nv_bfloat16(const unsigned long long __v) { __x = __nv_bfloat16_raw(__ull2bfloat16_rn(__v)).x; }
  __host__ __device__ operator short() const { return __bfloat162short_rz(*this); }
  __host__ __device__ operator unsigned short() const { return __bfloat162ushort_rz(*this); }
  __host__ __device__ operator int() const { return __bfloat162int_rz(*this); }
  __host__ __device__ operator unsigned int() const { return __bfloat162uint_rz(*this); }
  __host__ __device__ operator long long() const { return __bfloat162ll_rz(*this); }
  __host__ __device__ operator unsigned long long() const { return __bfloat162ull_rz(*this); }
  __host__ __device__ constexpr operator bool() const { return (__x & 0x7fffu) != 0u; }
#endif
};

struct __align__(4) __nv_bfloat162 {
  __nv_bfloat16 x;
  __nv_bfloat16 y;
  __nv_bfloat162() = default;
  __host__ __device__ constexpr __nv_bfloat162(const __nv_bfloat16 &__a, const __nv_bfloat16 &__b) : x(__a), y(__b) {}
  __host__ __device__ __nv_bfloat162(const __nv_bfloat162_raw &__r)
      : x(__nv_bfloat16_raw{__r.x}), y(__nv_bfloat16_raw{__r.y}) {}
  __host__ __device__ __nv_bfloat162 &operator=(const __nv_bfloat162_raw &__r) {
    x = __nv_bfloat16_raw{__r.x};
    y = __nv_bfloat16_raw{__r.y};
    return *this;
  }
  __host__ __device__ operator __nv_bfloat162_raw() const {
    return __nv_bfloat162_raw{__nv_bfloat16_raw(x).x, __nv_bfloat16_raw(y).x};
  }
};

typedef struct __nv_bfloat16 nv_bfloat16;
typedef struct __nv_bfloat162 nv_bfloat162;

static __inline__ __host__ __device__ unsigned short __p2m_bbits(const __nv_bfloat16 __h) {
  return __nv_bfloat16_raw(__h).x;
}
static __inline__ __host__ __device__ __nv_bfloat16 __p2m_bf16(const unsigned short __b) {
  return __nv_bfloat16(__nv_bfloat16_raw{__b});
}
static __inline__ __host__ __device__ unsigned int __p2m_b2bits(const __nv_bfloat162 __h) {
  return (unsigned int)__p2m_bbits(__h.x) | ((unsigned int)__p2m_bbits(__h.y) << 16);
}
static __inline__ __host__ __device__ __nv_bfloat162 __p2m_bf162(const unsigned int __b) {
  return __nv_bfloat162(__p2m_bf16((unsigned short)(__b & 0xffffu)), __p2m_bf16((unsigned short)(__b >> 16)));
}
static __inline__ __host__ __device__ struct __p2m_narrow_format __p2m_bf16_format() {
  return __p2m_narrow_format{7, 8};
}

#pragma push_macro("__P2M_DEVICE_OR_HOST")
#pragma push_macro("__P2M_SM90")
#undef __P2M_DEVICE_OR_HOST
#if defined(__CUDA_ARCH__)
#define __P2M_DEVICE_OR_HOST(DEVICE, HOST) DEVICE
#else
#define __P2M_DEVICE_OR_HOST(DEVICE, HOST) HOST
#endif
#undef __P2M_SM90
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define __P2M_SM90 1
#else
#define __P2M_SM90 0
#endif

// --- Conversions -------------------------------------------------------------------------------

// float -> bfloat16 to nearest even: cvt.rn.bf16.f32 (sm_80).
static __inline__ __host__ __device__ __nv_bfloat16 __float2bfloat16_rn(const float __a) {
  __P2M_DEVICE_OR_HOST(
      unsigned short __r; __asm__("cvt.rn.bf16.f32 %0, %1;" : "=h"(__r) : "f"(__a));
      return __p2m_bf16(__r);
      , return __p2m_bf16(__p2m_narrow_float(__p2m_bf16_format(), __a, __p2m_rn));)
}
static __inline__ __host__ __device__ __nv_bfloat16 __float2bfloat16(const float __a) { return __float2bfloat16_rn(__a); }
// The directed modes: cvt.rz.bf16.f32 from sm_80, cvt.{rm,rp}.bf16.f32 from sm_90; before
// those, exact rounding in integer arithmetic (as nvcc's headers do).
#pragma push_macro("__P2M_F2B")
#define __P2M_F2B(NAME, MODE, PTX, HAVE_CVT)                                                       \
  static __inline__ __host__ __device__ __nv_bfloat16 NAME(const float __a) {                     \
    if (HAVE_CVT) {                                                                                \
      unsigned short __r = 0;                                                                      \
      __P2M_DEVICE_OR_HOST(__asm__("cvt." PTX ".bf16.f32 %0, %1;" : "=h"(__r) : "f"(__a));, );    \
      return __p2m_bf16(__r);                                                                      \
    }                                                                                              \
    return __p2m_bf16(__p2m_narrow_float(__p2m_bf16_format(), __a, MODE));                         \
  }
#if defined(__CUDA_ARCH__)
__P2M_F2B(__float2bfloat16_rz, __p2m_rz, "rz", 1)
#else
__P2M_F2B(__float2bfloat16_rz, __p2m_rz, "rz", 0)
#endif
__P2M_F2B(__float2bfloat16_rd, __p2m_rd, "rm", __P2M_SM90)
__P2M_F2B(__float2bfloat16_ru, __p2m_ru, "rp", __P2M_SM90)
#pragma pop_macro("__P2M_F2B")

static __inline__ __host__ __device__ __nv_bfloat16 __double2bfloat16(const double __a) {
  return __p2m_bf16(__p2m_narrow_double(__p2m_bf16_format(), __a, __p2m_rn));
}
// bfloat16 -> float: the upper half of a float's bits (exact).
static __inline__ __host__ __device__ float __bfloat162float(const __nv_bfloat16 __a) {
  return __builtin_bit_cast(float, (unsigned int)__p2m_bbits(__a) << 16);
}

// integer -> bfloat16, exact rounding in each mode.
#pragma push_macro("__P2M_I2B")
#define __P2M_I2B(NAME, T, WIDE, MODE)                                                             \
  static __inline__ __host__ __device__ __nv_bfloat16 NAME(const T __i) {                         \
    return __p2m_bf16(__p2m_narrow_integer(__p2m_bf16_format(), __p2m_negative((WIDE)__i),         \
                                           __p2m_magnitude((WIDE)__i), MODE));                     \
  }
#define __P2M_I2B_ALL(PREFIX, T, WIDE)                                                             \
  __P2M_I2B(PREFIX##2bfloat16_rn, T, WIDE, __p2m_rn)                                               \
  __P2M_I2B(PREFIX##2bfloat16_rz, T, WIDE, __p2m_rz)                                               \
  __P2M_I2B(PREFIX##2bfloat16_rd, T, WIDE, __p2m_rd)                                               \
  __P2M_I2B(PREFIX##2bfloat16_ru, T, WIDE, __p2m_ru)
__P2M_I2B_ALL(__int, int, long long)
__P2M_I2B_ALL(__uint, unsigned int, unsigned long long)
__P2M_I2B_ALL(__short, short, long long)
__P2M_I2B_ALL(__ushort, unsigned short, unsigned long long)
__P2M_I2B_ALL(__ll, long long, long long)
__P2M_I2B_ALL(__ull, unsigned long long, unsigned long long)
#undef __P2M_I2B_ALL
#pragma pop_macro("__P2M_I2B")

// bfloat16 -> integer: the exact float, then cvt.{rni,rzi,rmi,rpi}.<int>.f32 (NaN 0, saturating).
#pragma push_macro("__P2M_B2I")
#define __P2M_B2I(NAME, T, PTXT, R, C, PTX, HOST)                                                  \
  static __inline__ __host__ __device__ T NAME(const __nv_bfloat16 __h) {                         \
    const float __f = __bfloat162float(__h);                                                       \
    __P2M_DEVICE_OR_HOST(R __r; __asm__("cvt." PTX "." PTXT ".f32 %0, %1;" : "=" C(__r) : "f"(__f)); \
                         return (T)__r;, return (T)HOST;)                                           \
  }
#define __P2M_B2S(PREFIX, T, PTXT, R, C, LO, HI)                                                   \
  __P2M_B2I(__bfloat162##PREFIX##_rn, T, PTXT, R, C, "rni", __p2m_to_signed(__f, __p2m_rn, LO, HI)) \
  __P2M_B2I(__bfloat162##PREFIX##_rz, T, PTXT, R, C, "rzi", __p2m_to_signed(__f, __p2m_rz, LO, HI)) \
  __P2M_B2I(__bfloat162##PREFIX##_rd, T, PTXT, R, C, "rmi", __p2m_to_signed(__f, __p2m_rd, LO, HI)) \
  __P2M_B2I(__bfloat162##PREFIX##_ru, T, PTXT, R, C, "rpi", __p2m_to_signed(__f, __p2m_ru, LO, HI))
#define __P2M_B2U(PREFIX, T, PTXT, R, C, HI)                                                       \
  __P2M_B2I(__bfloat162##PREFIX##_rn, T, PTXT, R, C, "rni", __p2m_to_unsigned(__f, __p2m_rn, HI))  \
  __P2M_B2I(__bfloat162##PREFIX##_rz, T, PTXT, R, C, "rzi", __p2m_to_unsigned(__f, __p2m_rz, HI))  \
  __P2M_B2I(__bfloat162##PREFIX##_rd, T, PTXT, R, C, "rmi", __p2m_to_unsigned(__f, __p2m_rd, HI))  \
  __P2M_B2I(__bfloat162##PREFIX##_ru, T, PTXT, R, C, "rpi", __p2m_to_unsigned(__f, __p2m_ru, HI))
__P2M_B2S(int, int, "s32", int, "r", -2147483647ll - 1, 2147483647ll)
__P2M_B2U(uint, unsigned int, "u32", unsigned int, "r", 4294967295ull)
__P2M_B2S(short, short, "s16", short, "h", -32768ll, 32767ll)
__P2M_B2U(ushort, unsigned short, "u16", unsigned short, "h", 65535ull)
__P2M_B2S(ll, long long, "s64", long long, "l", -9223372036854775807ll - 1, 9223372036854775807ll)
__P2M_B2U(ull, unsigned long long, "u64", unsigned long long, "l", 18446744073709551615ull)
#undef __P2M_B2S
#undef __P2M_B2U
#pragma pop_macro("__P2M_B2I")

static __inline__ __host__ __device__ short __bfloat16_as_short(const __nv_bfloat16 __h) { return (short)__p2m_bbits(__h); }
static __inline__ __host__ __device__ unsigned short __bfloat16_as_ushort(const __nv_bfloat16 __h) { return __p2m_bbits(__h); }
static __inline__ __host__ __device__ __nv_bfloat16 __short_as_bfloat16(const short __i) { return __p2m_bf16((unsigned short)__i); }
static __inline__ __host__ __device__ __nv_bfloat16 __ushort_as_bfloat16(const unsigned short __i) { return __p2m_bf16(__i); }

static __inline__ __host__ __device__ __nv_bfloat162 __halves2bfloat162(const __nv_bfloat16 __a, const __nv_bfloat16 __b) { return __nv_bfloat162(__a, __b); }
static __inline__ __host__ __device__ __nv_bfloat162 make_bfloat162(const __nv_bfloat16 __x, const __nv_bfloat16 __y) { return __nv_bfloat162(__x, __y); }
static __inline__ __host__ __device__ __nv_bfloat162 __bfloat162bfloat162(const __nv_bfloat16 __a) { return __nv_bfloat162(__a, __a); }
static __inline__ __host__ __device__ __nv_bfloat162 __float2bfloat162_rn(const float __a) { return __bfloat162bfloat162(__float2bfloat16_rn(__a)); }
static __inline__ __host__ __device__ __nv_bfloat162 __floats2bfloat162_rn(const float __a, const float __b) {
  return __nv_bfloat162(__float2bfloat16_rn(__a), __float2bfloat16_rn(__b));
}
static __inline__ __host__ __device__ __nv_bfloat162 __float22bfloat162_rn(const float2 __a) { return __floats2bfloat162_rn(__a.x, __a.y); }
static __inline__ __host__ __device__ float2 __bfloat1622float2(const __nv_bfloat162 __a) {
  float2 __r;
  __r.x = __bfloat162float(__a.x);
  __r.y = __bfloat162float(__a.y);
  return __r;
}
static __inline__ __host__ __device__ float __low2float(const __nv_bfloat162 __a) { return __bfloat162float(__a.x); }
static __inline__ __host__ __device__ float __high2float(const __nv_bfloat162 __a) { return __bfloat162float(__a.y); }
static __inline__ __host__ __device__ __nv_bfloat16 __low2bfloat16(const __nv_bfloat162 __a) { return __a.x; }
static __inline__ __host__ __device__ __nv_bfloat16 __high2bfloat16(const __nv_bfloat162 __a) { return __a.y; }
static __inline__ __host__ __device__ __nv_bfloat162 __low2bfloat162(const __nv_bfloat162 __a) { return __nv_bfloat162(__a.x, __a.x); }
static __inline__ __host__ __device__ __nv_bfloat162 __high2bfloat162(const __nv_bfloat162 __a) { return __nv_bfloat162(__a.y, __a.y); }
static __inline__ __host__ __device__ __nv_bfloat162 __lows2bfloat162(const __nv_bfloat162 __a, const __nv_bfloat162 __b) { return __nv_bfloat162(__a.x, __b.x); }
static __inline__ __host__ __device__ __nv_bfloat162 __highs2bfloat162(const __nv_bfloat162 __a, const __nv_bfloat162 __b) { return __nv_bfloat162(__a.y, __b.y); }
static __inline__ __host__ __device__ __nv_bfloat162 __lowhigh2highlow(const __nv_bfloat162 __a) { return __nv_bfloat162(__a.y, __a.x); }

// --- Arithmetic --------------------------------------------------------------------------------
static __inline__ __host__ __device__ __nv_bfloat16 __p2m_bnan() { return __p2m_bf16(0x7fff); }
static __inline__ __host__ __device__ __nv_bfloat16 __p2m_bsat(const __nv_bfloat16 __a) {
  const float __f = __bfloat162float(__a);
  // [+0, 1]: NaN and every negative value, -0 included, give +0.
  return (__f != __f || __f <= 0.0f) ? __p2m_bf16(0) : __f > 1.0f ? __p2m_bf16(0x3f80) : __a;
}
static __inline__ __host__ __device__ __nv_bfloat16 __p2m_brelu(const __nv_bfloat16 __r) {
  const float __f = __bfloat162float(__r);
  return __f != __f ? __p2m_bnan() : (__p2m_bbits(__r) & 0x8000u) ? __p2m_bf16(0) : __r;
}
// a * b + c rounded once: fma.rn.bf16 (sm_80).
static __inline__ __host__ __device__ __nv_bfloat16 __hfma(const __nv_bfloat16 __a, const __nv_bfloat16 __b, const __nv_bfloat16 __c) {
  __P2M_DEVICE_OR_HOST(
      unsigned short __r;
      __asm__("fma.rn.bf16 %0, %1, %2, %3;" : "=h"(__r) : "h"(__p2m_bbits(__a)), "h"(__p2m_bbits(__b)), "h"(__p2m_bbits(__c)));
      return __p2m_bf16(__r);
      , return __p2m_bf16(__p2m_narrow_fma(__p2m_bf16_format(), __bfloat162float(__a), __bfloat162float(__b),
                                           __bfloat162float(__c), __p2m_rn));)
}
static __inline__ __host__ __device__ __nv_bfloat16 __hfma_relu(const __nv_bfloat16 __a, const __nv_bfloat16 __b, const __nv_bfloat16 __c) {
  __P2M_DEVICE_OR_HOST(
      unsigned short __r;
      __asm__("fma.rn.relu.bf16 %0, %1, %2, %3;" : "=h"(__r) : "h"(__p2m_bbits(__a)), "h"(__p2m_bbits(__b)), "h"(__p2m_bbits(__c)));
      return __p2m_bf16(__r);
      , return __p2m_brelu(__hfma(__a, __b, __c));)
}
static __inline__ __host__ __device__ __nv_bfloat16 __hfma_sat(const __nv_bfloat16 __a, const __nv_bfloat16 __b, const __nv_bfloat16 __c) {
  return __p2m_bsat(__hfma(__a, __b, __c));
}
// add, sub, mul: add.bf16 & co. on sm_90; on sm_80 the fma with 1.0, -1.0 or -0.0 (exact, so the
// one rounding is the operation's).
#pragma push_macro("__P2M_B_ARITH")
#define __P2M_B_ARITH(NAME, PTX, A, B, C)                                                          \
  static __inline__ __host__ __device__ __nv_bfloat16 NAME(const __nv_bfloat16 __a, const __nv_bfloat16 __b) { \
    if (__P2M_SM90) {                                                                              \
      unsigned short __r = 0;                                                                      \
      __P2M_DEVICE_OR_HOST(                                                                        \
          __asm__(PTX " %0, %1, %2;" : "=h"(__r) : "h"(__p2m_bbits(__a)), "h"(__p2m_bbits(__b)));, ); \
      return __p2m_bf16(__r);                                                                      \
    }                                                                                              \
    return __hfma(A, B, C);                                                                        \
  }
__P2M_B_ARITH(__hadd, "add.bf16", __a, __p2m_bf16(0x3f80), __b)
__P2M_B_ARITH(__hsub, "sub.bf16", __b, __p2m_bf16(0xbf80), __a)
__P2M_B_ARITH(__hmul, "mul.bf16", __a, __b, __p2m_bf16(0x8000))
__P2M_B_ARITH(__hadd_rn, "add.rn.bf16", __a, __p2m_bf16(0x3f80), __b)
__P2M_B_ARITH(__hsub_rn, "sub.rn.bf16", __b, __p2m_bf16(0xbf80), __a)
__P2M_B_ARITH(__hmul_rn, "mul.rn.bf16", __a, __b, __p2m_bf16(0x8000))
#pragma pop_macro("__P2M_B_ARITH")
static __inline__ __host__ __device__ __nv_bfloat16 __hadd_sat(const __nv_bfloat16 __a, const __nv_bfloat16 __b) { return __p2m_bsat(__hadd(__a, __b)); }
static __inline__ __host__ __device__ __nv_bfloat16 __hsub_sat(const __nv_bfloat16 __a, const __nv_bfloat16 __b) { return __p2m_bsat(__hsub(__a, __b)); }
static __inline__ __host__ __device__ __nv_bfloat16 __hmul_sat(const __nv_bfloat16 __a, const __nv_bfloat16 __b) { return __p2m_bsat(__hmul(__a, __b)); }
// The float quotient rounded once more: the correctly rounded bfloat16 quotient.
static __inline__ __host__ __device__ __nv_bfloat16 __hdiv(const __nv_bfloat16 __a, const __nv_bfloat16 __b) {
  return __float2bfloat16_rn(__bfloat162float(__a) / __bfloat162float(__b));
}

// min/max (sm_80), neg/abs (sm_80).
#pragma push_macro("__P2M_B_BIN")
#define __P2M_B_BIN(NAME, PTX, HOST)                                                               \
  static __inline__ __host__ __device__ __nv_bfloat16 NAME(const __nv_bfloat16 __a, const __nv_bfloat16 __b) { \
    __P2M_DEVICE_OR_HOST(                                                                          \
        unsigned short __r;                                                                        \
        __asm__(PTX " %0, %1, %2;" : "=h"(__r) : "h"(__p2m_bbits(__a)), "h"(__p2m_bbits(__b)));    \
        return __p2m_bf16(__r);                                                                    \
        , const float __fa = __bfloat162float(__a); const float __fb = __bfloat162float(__b);      \
        return HOST;)                                                                              \
  }
__P2M_B_BIN(__hmax, "max.bf16",
            __fa != __fa ? __b : __fb != __fb ? __a : __fa > __fb ? __a : __fb > __fa ? __b
                                                    : ((__p2m_bbits(__a) & 0x8000u) ? __b : __a))
__P2M_B_BIN(__hmin, "min.bf16",
            __fa != __fa ? __b : __fb != __fb ? __a : __fa < __fb ? __a : __fb < __fa ? __b
                                                    : ((__p2m_bbits(__a) & 0x8000u) ? __a : __b))
__P2M_B_BIN(__hmax_nan, "max.NaN.bf16",
            (__fa != __fa || __fb != __fb) ? __p2m_bnan() : __fa > __fb ? __a : __fb > __fa ? __b
                                                    : ((__p2m_bbits(__a) & 0x8000u) ? __b : __a))
__P2M_B_BIN(__hmin_nan, "min.NaN.bf16",
            (__fa != __fa || __fb != __fb) ? __p2m_bnan() : __fa < __fb ? __a : __fb < __fa ? __b
                                                    : ((__p2m_bbits(__a) & 0x8000u) ? __a : __b))
#pragma pop_macro("__P2M_B_BIN")
static __inline__ __host__ __device__ __nv_bfloat16 __hneg(const __nv_bfloat16 __a) {
  __P2M_DEVICE_OR_HOST(
      unsigned short __r; __asm__("neg.bf16 %0, %1;" : "=h"(__r) : "h"(__p2m_bbits(__a)));
      return __p2m_bf16(__r);
      , return __p2m_bf16((unsigned short)(__p2m_bbits(__a) ^ 0x8000u));)
}
static __inline__ __host__ __device__ __nv_bfloat16 __habs(const __nv_bfloat16 __a) {
  __P2M_DEVICE_OR_HOST(
      unsigned short __r; __asm__("abs.bf16 %0, %1;" : "=h"(__r) : "h"(__p2m_bbits(__a)));
      return __p2m_bf16(__r);
      , return __p2m_bf16((unsigned short)(__p2m_bbits(__a) & 0x7fffu));)
}

// The bfloat162 forms, lane by lane (fma.rn.bf16x2 where it is one instruction).
static __inline__ __host__ __device__ __nv_bfloat162 __hfma2(const __nv_bfloat162 __a, const __nv_bfloat162 __b, const __nv_bfloat162 __c) {
  __P2M_DEVICE_OR_HOST(
      unsigned int __r;
      __asm__("fma.rn.bf16x2 %0, %1, %2, %3;" : "=r"(__r) : "r"(__p2m_b2bits(__a)), "r"(__p2m_b2bits(__b)), "r"(__p2m_b2bits(__c)));
      return __p2m_bf162(__r);
      , return __nv_bfloat162(__hfma(__a.x, __b.x, __c.x), __hfma(__a.y, __b.y, __c.y));)
}
#pragma push_macro("__P2M_B2_BIN")
#define __P2M_B2_BIN(NAME2, NAME)                                                                  \
  static __inline__ __host__ __device__ __nv_bfloat162 NAME2(const __nv_bfloat162 __a, const __nv_bfloat162 __b) { \
    return __nv_bfloat162(NAME(__a.x, __b.x), NAME(__a.y, __b.y));                                 \
  }
__P2M_B2_BIN(__hadd2, __hadd)
__P2M_B2_BIN(__hsub2, __hsub)
__P2M_B2_BIN(__hmul2, __hmul)
__P2M_B2_BIN(__hadd2_rn, __hadd_rn)
__P2M_B2_BIN(__hsub2_rn, __hsub_rn)
__P2M_B2_BIN(__hmul2_rn, __hmul_rn)
__P2M_B2_BIN(__hadd2_sat, __hadd_sat)
__P2M_B2_BIN(__hsub2_sat, __hsub_sat)
__P2M_B2_BIN(__hmul2_sat, __hmul_sat)
__P2M_B2_BIN(__h2div, __hdiv)
__P2M_B2_BIN(__hmax2, __hmax)
__P2M_B2_BIN(__hmin2, __hmin)
__P2M_B2_BIN(__hmax2_nan, __hmax_nan)
__P2M_B2_BIN(__hmin2_nan, __hmin_nan)
#pragma pop_macro("__P2M_B2_BIN")
static __inline__ __host__ __device__ __nv_bfloat162 __hfma2_sat(const __nv_bfloat162 __a, const __nv_bfloat162 __b, const __nv_bfloat162 __c) {
  return __nv_bfloat162(__hfma_sat(__a.x, __b.x, __c.x), __hfma_sat(__a.y, __b.y, __c.y));
}
static __inline__ __host__ __device__ __nv_bfloat162 __hfma2_relu(const __nv_bfloat162 __a, const __nv_bfloat162 __b, const __nv_bfloat162 __c) {
  return __nv_bfloat162(__hfma_relu(__a.x, __b.x, __c.x), __hfma_relu(__a.y, __b.y, __c.y));
}
static __inline__ __host__ __device__ __nv_bfloat162 __hneg2(const __nv_bfloat162 __a) { return __nv_bfloat162(__hneg(__a.x), __hneg(__a.y)); }
static __inline__ __host__ __device__ __nv_bfloat162 __habs2(const __nv_bfloat162 __a) { return __nv_bfloat162(__habs(__a.x), __habs(__a.y)); }
static __inline__ __host__ __device__ __nv_bfloat162 __hcmadd(const __nv_bfloat162 __a, const __nv_bfloat162 __b, const __nv_bfloat162 __c) {
  const __nv_bfloat16 __re = __hfma(__hneg(__a.y), __b.y, __hfma(__a.x, __b.x, __c.x));
  const __nv_bfloat16 __im = __hfma(__a.y, __b.x, __hfma(__a.x, __b.y, __c.y));
  return __nv_bfloat162(__re, __im);
}

// --- Comparisons: exact through float ----------------------------------------------------------
static __inline__ __host__ __device__ bool __hisnan(const __nv_bfloat16 __a) { return (__p2m_bbits(__a) & 0x7fffu) > 0x7f80u; }
static __inline__ __host__ __device__ int __hisinf(const __nv_bfloat16 __a) {
  const unsigned short __b = __p2m_bbits(__a);
  return __b == 0x7f80u ? 1 : __b == 0xff80u ? -1 : 0;
}
static __inline__ __host__ __device__ __nv_bfloat162 __hisnan2(const __nv_bfloat162 __a) {
  return __nv_bfloat162(__p2m_bf16(__hisnan(__a.x) ? 0x3f80 : 0), __p2m_bf16(__hisnan(__a.y) ? 0x3f80 : 0));
}
#pragma push_macro("__P2M_B_CMP")
#define __P2M_B_CMP(NAME, BNAME, EXPR)                                                             \
  static __inline__ __host__ __device__ bool NAME(const __nv_bfloat16 __a, const __nv_bfloat16 __b) { \
    const float __fa = __bfloat162float(__a);                                                      \
    const float __fb = __bfloat162float(__b);                                                      \
    return EXPR;                                                                                   \
  }                                                                                                \
  static __inline__ __host__ __device__ __nv_bfloat162 NAME##2(const __nv_bfloat162 __a, const __nv_bfloat162 __b) { \
    return __nv_bfloat162(__p2m_bf16(NAME(__a.x, __b.x) ? 0x3f80 : 0), __p2m_bf16(NAME(__a.y, __b.y) ? 0x3f80 : 0)); \
  }                                                                                                \
  static __inline__ __host__ __device__ unsigned NAME##2_mask(const __nv_bfloat162 __a, const __nv_bfloat162 __b) { \
    return (NAME(__a.x, __b.x) ? 0xffffu : 0u) | (NAME(__a.y, __b.y) ? 0xffff0000u : 0u);          \
  }                                                                                                \
  static __inline__ __host__ __device__ bool BNAME(const __nv_bfloat162 __a, const __nv_bfloat162 __b) { \
    return NAME(__a.x, __b.x) && NAME(__a.y, __b.y);                                               \
  }
__P2M_B_CMP(__heq, __hbeq2, __fa == __fb)
__P2M_B_CMP(__hne, __hbne2, __fa != __fb && __fa == __fa && __fb == __fb)
__P2M_B_CMP(__hlt, __hblt2, __fa < __fb)
__P2M_B_CMP(__hle, __hble2, __fa <= __fb)
__P2M_B_CMP(__hgt, __hbgt2, __fa > __fb)
__P2M_B_CMP(__hge, __hbge2, __fa >= __fb)
__P2M_B_CMP(__hequ, __hbequ2, !(__fa < __fb || __fa > __fb))
__P2M_B_CMP(__hneu, __hbneu2, __fa != __fb)
__P2M_B_CMP(__hltu, __hbltu2, !(__fa >= __fb))
__P2M_B_CMP(__hleu, __hbleu2, !(__fa > __fb))
__P2M_B_CMP(__hgtu, __hbgtu2, !(__fa <= __fb))
__P2M_B_CMP(__hgeu, __hbgeu2, !(__fa < __fb))
#pragma pop_macro("__P2M_B_CMP")

// --- Math --------------------------------------------------------------------------------------
#pragma push_macro("__P2M_B_MATH")
#define __P2M_B_MATH(NAME, NAME2, EXPR)                                                            \
  static __inline__ __host__ __device__ __nv_bfloat16 NAME(const __nv_bfloat16 __a) {             \
    const float __x = __bfloat162float(__a);                                                       \
    return __float2bfloat16_rn(EXPR);                                                              \
  }                                                                                                \
  static __inline__ __host__ __device__ __nv_bfloat162 NAME2(const __nv_bfloat162 __a) {          \
    return __nv_bfloat162(NAME(__a.x), NAME(__a.y));                                               \
  }
__P2M_B_MATH(hsqrt, h2sqrt, __p2m_f_unary('s', __x))
__P2M_B_MATH(hrsqrt, h2rsqrt, __p2m_f_unary('q', __x))
__P2M_B_MATH(hrcp, h2rcp, __p2m_f_unary('c', __x))
__P2M_B_MATH(hexp2, h2exp2, __p2m_f_unary('e', __x))
__P2M_B_MATH(hexp, h2exp, __p2m_f_unary('e', __x * 1.44269504f))
__P2M_B_MATH(hexp10, h2exp10, __p2m_f_unary('e', __x * 3.32192809f))
__P2M_B_MATH(hlog2, h2log2, __p2m_f_unary('l', __x))
__P2M_B_MATH(hlog, h2log, __p2m_f_unary('l', __x) * 0.693147181f)
__P2M_B_MATH(hlog10, h2log10, __p2m_f_unary('l', __x) * 0.301029996f)
__P2M_B_MATH(hsin, h2sin, __p2m_f_unary('S', __p2m_reduce_2pi(__x)))
__P2M_B_MATH(hcos, h2cos, __p2m_f_unary('C', __p2m_reduce_2pi(__x)))
__P2M_B_MATH(htanh, h2tanh, __p2m_f_tanh(__x))
// Rounding to an integral value is exact in float and representable in bfloat16.
__P2M_B_MATH(htrunc, h2trunc, __builtin_truncf(__x))
__P2M_B_MATH(hceil, h2ceil, __builtin_ceilf(__x))
__P2M_B_MATH(hfloor, h2floor, __builtin_floorf(__x))
__P2M_B_MATH(hrint, h2rint, __builtin_rintf(__x))
#pragma pop_macro("__P2M_B_MATH")

// --- Operators ---------------------------------------------------------------------------------
#if !defined(__CUDA_NO_BFLOAT16_OPERATORS__)
#pragma push_macro("__P2M_B_OPS")
#define __P2M_B_OPS(T, ADD, SUB, MUL, DIV, NEG, EQ, NE, LT, GT, LE, GE, ONE)                       \
  static __inline__ __host__ __device__ T operator+(const T &__a, const T &__b) { return ADD(__a, __b); } \
  static __inline__ __host__ __device__ T operator-(const T &__a, const T &__b) { return SUB(__a, __b); } \
  static __inline__ __host__ __device__ T operator*(const T &__a, const T &__b) { return MUL(__a, __b); } \
  static __inline__ __host__ __device__ T operator/(const T &__a, const T &__b) { return DIV(__a, __b); } \
  static __inline__ __host__ __device__ T &operator+=(T &__a, const T &__b) { return __a = ADD(__a, __b); } \
  static __inline__ __host__ __device__ T &operator-=(T &__a, const T &__b) { return __a = SUB(__a, __b); } \
  static __inline__ __host__ __device__ T &operator*=(T &__a, const T &__b) { return __a = MUL(__a, __b); } \
  static __inline__ __host__ __device__ T &operator/=(T &__a, const T &__b) { return __a = DIV(__a, __b); } \
  static __inline__ __host__ __device__ T operator+(const T &__a) { return __a; }                 \
  static __inline__ __host__ __device__ T operator-(const T &__a) { return NEG(__a); }            \
  static __inline__ __host__ __device__ T &operator++(T &__a) { return __a = ADD(__a, ONE); }     \
  static __inline__ __host__ __device__ T &operator--(T &__a) { return __a = SUB(__a, ONE); }     \
  static __inline__ __host__ __device__ T operator++(T &__a, int) { const T __old = __a; ++__a; return __old; } \
  static __inline__ __host__ __device__ T operator--(T &__a, int) { const T __old = __a; --__a; return __old; } \
  static __inline__ __host__ __device__ bool operator==(const T &__a, const T &__b) { return EQ(__a, __b); } \
  static __inline__ __host__ __device__ bool operator!=(const T &__a, const T &__b) { return NE(__a, __b); } \
  static __inline__ __host__ __device__ bool operator<(const T &__a, const T &__b) { return LT(__a, __b); } \
  static __inline__ __host__ __device__ bool operator>(const T &__a, const T &__b) { return GT(__a, __b); } \
  static __inline__ __host__ __device__ bool operator<=(const T &__a, const T &__b) { return LE(__a, __b); } \
  static __inline__ __host__ __device__ bool operator>=(const T &__a, const T &__b) { return GE(__a, __b); }
__P2M_B_OPS(__nv_bfloat16, __hadd, __hsub, __hmul, __hdiv, __hneg, __heq, __hneu, __hlt, __hgt, __hle, __hge,
            __p2m_bf16(0x3f80))
__P2M_B_OPS(__nv_bfloat162, __hadd2, __hsub2, __hmul2, __h2div, __hneg2, __hbeq2, __hbneu2, __hblt2, __hbgt2,
            __hble2, __hbge2, __bfloat162bfloat162(__p2m_bf16(0x3f80)))
#pragma pop_macro("__P2M_B_OPS")
#endif // !defined(__CUDA_NO_BFLOAT16_OPERATORS__)

#pragma pop_macro("__P2M_SM90")
#pragma pop_macro("__P2M_DEVICE_OR_HOST")

// --- Device only: warp shuffles, cache-operator loads and stores, atomics ----------------------
#if defined(__CUDA__) && defined(__clang__)
#pragma push_macro("__P2M_B_SHFL")
#define __P2M_B_SHFL(NAME, LANE_T)                                                                 \
  static __inline__ __device__ __nv_bfloat162 NAME(const unsigned int __mask, const __nv_bfloat162 __var, \
                                                   const LANE_T __lane, const int __width = 32) {  \
    return __p2m_bf162(NAME(__mask, __p2m_b2bits(__var), __lane, __width));                        \
  }                                                                                                \
  static __inline__ __device__ __nv_bfloat16 NAME(const unsigned int __mask, const __nv_bfloat16 __var, \
                                                  const LANE_T __lane, const int __width = 32) {   \
    return __p2m_bf16((unsigned short)NAME(__mask, (unsigned int)__p2m_bbits(__var), __lane, __width)); \
  }
__P2M_B_SHFL(__shfl_sync, int)
__P2M_B_SHFL(__shfl_up_sync, unsigned int)
__P2M_B_SHFL(__shfl_down_sync, unsigned int)
__P2M_B_SHFL(__shfl_xor_sync, int)
#pragma pop_macro("__P2M_B_SHFL")

#pragma push_macro("__P2M_B_LDST")
#define __P2M_B_LDST(LD, ST)                                                                       \
  static __inline__ __device__ __nv_bfloat16 LD(const __nv_bfloat16 *__ptr) {                     \
    return __p2m_bf16(LD((const unsigned short *)__ptr));                                          \
  }                                                                                                \
  static __inline__ __device__ __nv_bfloat162 LD(const __nv_bfloat162 *__ptr) {                   \
    return __p2m_bf162(LD((const unsigned int *)__ptr));                                           \
  }                                                                                                \
  static __inline__ __device__ void ST(__nv_bfloat16 *__ptr, const __nv_bfloat16 __value) {       \
    ST((unsigned short *)__ptr, __p2m_bbits(__value));                                             \
  }                                                                                                \
  static __inline__ __device__ void ST(__nv_bfloat162 *__ptr, const __nv_bfloat162 __value) {     \
    ST((unsigned int *)__ptr, __p2m_b2bits(__value));                                              \
  }
__P2M_B_LDST(__ldcg, __stcg)
__P2M_B_LDST(__ldcs, __stcs)
__P2M_B_LDST(__ldca, __stwb)
__P2M_B_LDST(__ldcv, __stwt)
#pragma pop_macro("__P2M_B_LDST")
static __inline__ __device__ __nv_bfloat16 __ldlu(const __nv_bfloat16 *__ptr) { return __p2m_bf16(__ldlu((const unsigned short *)__ptr)); }
static __inline__ __device__ __nv_bfloat162 __ldlu(const __nv_bfloat162 *__ptr) { return __p2m_bf162(__ldlu((const unsigned int *)__ptr)); }
static __inline__ __device__ __nv_bfloat16 __ldg(const __nv_bfloat16 *__ptr) { return __p2m_bf16(__ldg((const unsigned short *)__ptr)); }
static __inline__ __device__ __nv_bfloat162 __ldg(const __nv_bfloat162 *__ptr) { return __p2m_bf162(__ldg((const unsigned int *)__ptr)); }

// atom.add.noftz.bf16{,x2} is sm_90; before it, a compare-and-swap loop on the aligned 32-bit
// word that holds the value(s), changing only its own half for a single value.
static __inline__ __device__ __nv_bfloat162 atomicAdd(__nv_bfloat162 *__address, const __nv_bfloat162 __val) {
#if __CUDA_ARCH__ >= 900
  unsigned int __old;
  __asm__ __volatile__("atom.add.noftz.bf16x2 %0, [%1], %2;" : "=r"(__old) : "l"(__address), "r"(__p2m_b2bits(__val)) : "memory");
  return __p2m_bf162(__old);
#else
  unsigned int *__word = (unsigned int *)__address;
  unsigned int __old = *__word, __assumed;
  do {
    __assumed = __old;
    __old = atomicCAS(__word, __assumed, __p2m_b2bits(__hadd2(__p2m_bf162(__assumed), __val)));
  } while (__assumed != __old);
  return __p2m_bf162(__old);
#endif
}
static __inline__ __device__ __nv_bfloat16 atomicAdd(__nv_bfloat16 *__address, const __nv_bfloat16 __val) {
#if __CUDA_ARCH__ >= 900
  unsigned short __old;
  __asm__ __volatile__("atom.add.noftz.bf16 %0, [%1], %2;" : "=h"(__old) : "l"(__address), "h"(__p2m_bbits(__val)) : "memory");
  return __p2m_bf16(__old);
#else
  const unsigned long long __at = (unsigned long long)__address;
  unsigned int *__word = (unsigned int *)(__at & ~3ull);
  const unsigned int __shift = (unsigned int)(__at & 2ull) * 8u;
  unsigned int __old = *__word, __assumed;
  do {
    __assumed = __old;
    const unsigned short __sum = __p2m_bbits(__hadd(__p2m_bf16((unsigned short)(__assumed >> __shift)), __val));
    const unsigned int __replaced = (__assumed & ~(0xffffu << __shift)) | ((unsigned int)__sum << __shift);
    __old = atomicCAS(__word, __assumed, __replaced);
  } while (__assumed != __old);
  return __p2m_bf16((unsigned short)(__old >> __shift));
#endif
}
#endif // defined(__CUDA__) && defined(__clang__)

#endif // defined(__cplusplus)
#endif // __CUDA_BF16_H__
