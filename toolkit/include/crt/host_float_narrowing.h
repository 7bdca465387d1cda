// crt/host_float_narrowing.h: the host side of cuda_fp16.h and cuda_bf16.h. Rounds a value
// given as sign * m * 2^exp2 (exact: any float, double or integer) to a binary floating-point
// format of few bits (binary16, bfloat16) in one of the four IEEE rounding modes, bit for bit as
// PTX cvt.{rn,rz,rm,rp}.{f16,bf16}.<type> does on the device: subnormal results kept, overflow
// to infinity or to the largest finite value as the mode says, NaN to the canonical 0x7fff.
// Also the exact widening back to float and the float to integer conversions of PTX cvt.
#ifndef P2M_CRT_HOST_FLOAT_NARROWING_H
#define P2M_CRT_HOST_FLOAT_NARROWING_H

#include <string.h>

enum __p2m_rounding { __p2m_rn = 0, __p2m_rz = 1, __p2m_rd = 2, __p2m_ru = 3 };

// A narrow format: mantissa bits (without the implicit one) and exponent bits (all ones meaning
// infinity or NaN; the bias is half their range).
struct __p2m_narrow_format {
  int mantissa_bits;
  int exponent_bits;
};
#define __P2M_BIAS(F) ((1 << ((F).exponent_bits - 1)) - 1)

static __inline__ __host__ __device__ int __p2m_msb64(unsigned long long __m) {
  int __p = 0;
  while (__m >>= 1)
    ++__p;
  return __p;
}

// sign * m * 2^exp2 rounded to the format's bits. m is nonzero.
static __inline__ __host__ __device__ unsigned short __p2m_narrow_finite(struct __p2m_narrow_format __f,
                                                                         bool __negative,
                                                                         unsigned long long __m,
                                                                         int __exp2, int __mode) {
  const int __mb = __f.mantissa_bits;
  const int __exponent_bits = __f.exponent_bits;
  const int __bias = __P2M_BIAS(__f);
  const unsigned int __sign_bit = 1u << (__mb + __exponent_bits);
  const unsigned int __inf = ((1u << __exponent_bits) - 1u) << __mb;
  const int __p = __p2m_msb64(__m);
  const int __e = __p + __exp2 + __bias; // biased exponent of the value
  const unsigned int __s_bit = __negative ? __sign_bit : 0u;
  if (__e >= (1 << __exponent_bits) - 1) { // at or above 2^(emax+1): overflow in every mode
    bool __to_inf = __mode == __p2m_rn || (__mode == __p2m_ru && !__negative) ||
                    (__mode == __p2m_rd && __negative);
    return (unsigned short)(__s_bit | (__to_inf ? __inf : __inf - 1u));
  }
  // The unit in the last place of the result: 2^(E - mb) when normal, 2^(1 - bias - mb) below.
  const int __unit = (__e >= 1 ? __e - __bias : 1 - __bias) - __mb;
  int __shift = __unit - __exp2;
  unsigned long long __q;
  bool __inexact = false, __above_half = false, __at_half = false;
  if (__shift <= 0) {
    __q = __m << -__shift; // fits: the value has at most mb + 1 significant bits here
  } else {
    if (__shift > 63) {
      __q = 0;
      __inexact = true; // m < 2^63 < half a unit away: below half
    } else {
      unsigned long long __rem = __m & ((1ull << __shift) - 1ull);
      unsigned long long __half = 1ull << (__shift - 1);
      __q = __m >> __shift;
      __inexact = __rem != 0;
      __above_half = __rem > __half;
      __at_half = __rem == __half;
    }
  }
  bool __up = false;
  switch (__mode) {
  case __p2m_rn: __up = __above_half || (__at_half && (__q & 1u)); break;
  case __p2m_rz: break;
  case __p2m_rd: __up = __inexact && __negative; break;
  case __p2m_ru: __up = __inexact && !__negative; break;
  }
  __q += __up ? 1u : 0u;
  // A normal result's q carries the implicit one (2^mb); adding (e - 1) << mb puts the exponent
  // in and lets a rounding carry move to the next binade (or to infinity).
  unsigned long long __bits = __e >= 1 ? ((unsigned long long)(__e - 1) << __mb) + __q : __q;
  if (__bits > __inf)
    __bits = __inf;
  return (unsigned short)(__s_bit | (unsigned int)__bits);
}

static __inline__ __host__ __device__ unsigned short __p2m_narrow_double(struct __p2m_narrow_format __f,
                                                                         double __x, int __mode) {
  unsigned long long __b;
  memcpy(&__b, &__x, sizeof __b);
  const bool __negative = (__b >> 63) != 0;
  const int __exponent_bits = __f.exponent_bits;
  const unsigned int __sign_bit = 1u << (__f.mantissa_bits + __exponent_bits);
  const unsigned int __inf = ((1u << __exponent_bits) - 1u) << __f.mantissa_bits;
  const int __biased = (int)((__b >> 52) & 0x7ff);
  const unsigned long long __frac = __b & ((1ull << 52) - 1ull);
  if (__biased == 0x7ff)
    return (unsigned short)(__frac ? 0x7fffu : ((__negative ? __sign_bit : 0u) | __inf));
  if (__biased == 0 && __frac == 0)
    return (unsigned short)(__negative ? __sign_bit : 0u);
  const unsigned long long __m = __biased ? (__frac | (1ull << 52)) : __frac;
  const int __exp2 = (__biased ? __biased : 1) - 1023 - 52;
  return __p2m_narrow_finite(__f, __negative, __m, __exp2, __mode);
}

static __inline__ __host__ __device__ unsigned short __p2m_narrow_float(struct __p2m_narrow_format __f,
                                                                        float __x, int __mode) {
  return __p2m_narrow_double(__f, (double)__x, __mode); // float to double is exact
}

// Sign and magnitude of an integer of any width and signedness.
static __inline__ __host__ __device__ bool __p2m_negative(long long __i) { return __i < 0; }
static __inline__ __host__ __device__ bool __p2m_negative(unsigned long long) { return false; }
static __inline__ __host__ __device__ unsigned long long __p2m_magnitude(long long __i) {
  return __i < 0 ? 0ull - (unsigned long long)__i : (unsigned long long)__i;
}
static __inline__ __host__ __device__ unsigned long long __p2m_magnitude(unsigned long long __i) { return __i; }

static __inline__ __host__ __device__ unsigned short __p2m_narrow_integer(struct __p2m_narrow_format __f,
                                                                          bool __negative,
                                                                          unsigned long long __magnitude,
                                                                          int __mode) {
  if (__magnitude == 0)
    return 0;
  return __p2m_narrow_finite(__f, __negative, __magnitude, 0, __mode);
}

// a * b + c of three values that are exact in float with at most 24-bit products (binary16 or
// bfloat16 operands), rounded once to the narrow format: a * b is exact in double; the sum's
// rounding error (TwoSum) is folded into the last bit of the double (round to odd), which a
// second rounding to 2 + narrow bits cannot turn into a wrong tie.
static __inline__ __host__ __device__ unsigned short __p2m_narrow_fma(struct __p2m_narrow_format __f,
                                                                      float __a, float __b, float __c,
                                                                      int __mode) {
  const double __p = (double)__a * (double)__b;
  const double __s = __p + (double)__c;
  const double __bp = __s - (double)__c;
  const double __err = (__p - __bp) + ((double)__c - (__s - __bp));
  double __odd = __s;
  if (__err != 0.0 && __s == __s && __s - __s == 0.0) {
    unsigned long long __bits;
    memcpy(&__bits, &__s, sizeof __bits);
    if (!(__bits & 1ull)) {
      // Away from zero when the error has the sum's sign, toward it otherwise.
      __bits += ((__err > 0.0) == (__s > 0.0)) ? 1ull : (unsigned long long)-1ll;
      memcpy(&__odd, &__bits, sizeof __odd);
    }
  }
  return __p2m_narrow_double(__f, __odd, __mode);
}

// The narrow value widened to float: exact.
static __inline__ __host__ __device__ float __p2m_widen_to_float(struct __p2m_narrow_format __f,
                                                                 unsigned short __h) {
  const int __mb = __f.mantissa_bits;
  const int __exponent_bits = __f.exponent_bits;
  const int __bias = __P2M_BIAS(__f);
  const unsigned int __sign = (__h >> (__mb + __exponent_bits)) & 1u;
  const unsigned int __biased = (__h >> __mb) & ((1u << __exponent_bits) - 1u);
  const unsigned int __frac = __h & ((1u << __mb) - 1u);
  unsigned int __bits;
  if (__biased == (1u << __exponent_bits) - 1u) {
    __bits = (__sign << 31) | 0x7f800000u | (__frac << (23 - __mb));
  } else if (__biased == 0) {
    if (__frac == 0) {
      __bits = __sign << 31;
    } else { // subnormal: normalize
      int __shift = 0;
      unsigned int __m = __frac;
      while (!(__m & (1u << __mb))) {
        __m <<= 1;
        ++__shift;
      }
      const int __exponent = 1 - __bias - __shift + 127;
      __bits = (__sign << 31) | ((unsigned int)__exponent << 23) | ((__m & ((1u << __mb) - 1u)) << (23 - __mb));
    }
  } else {
    __bits = (__sign << 31) | ((__biased - (unsigned int)__bias + 127u) << 23) | (__frac << (23 - __mb));
  }
  float __r;
  memcpy(&__r, &__bits, sizeof __r);
  return __r;
}

// PTX cvt.{rni,rzi,rmi,rpi}.<int>.f32: rounds to an integer in the mode, NaN gives 0, values
// outside the range saturate to its ends.
static __inline__ __host__ __device__ double __p2m_round_integral(double __x, int __mode) {
  if (__x >= 4503599627370496.0 || __x <= -4503599627370496.0)
    return __x; // 2^52 and above: already an integer
  double __t = (double)(long long)__x; // truncation
  switch (__mode) {
  case __p2m_rn: {
    double __d = __x - __t;
    if (__d > 0.5 || (__d == 0.5 && ((long long)__t & 1)))
      __t += 1.0;
    else if (__d < -0.5 || (__d == -0.5 && ((long long)__t & 1)))
      __t -= 1.0;
    break;
  }
  case __p2m_rz: break;
  case __p2m_rd: if (__t > __x) __t -= 1.0; break;
  case __p2m_ru: if (__t < __x) __t += 1.0; break;
  }
  return __t;
}
static __inline__ __host__ __device__ long long __p2m_to_signed(float __x, int __mode, long long __lo,
                                                                long long __hi) {
  if (__x != __x)
    return 0;
  double __d = __x;
  if (__d <= (double)__lo)
    return __lo;
  if (__d >= (double)__hi)
    return __hi;
  double __r = __p2m_round_integral(__d, __mode);
  return __r <= (double)__lo ? __lo : __r >= (double)__hi ? __hi : (long long)__r;
}
static __inline__ __host__ __device__ unsigned long long __p2m_to_unsigned(float __x, int __mode,
                                                                           unsigned long long __hi) {
  if (__x != __x || __x <= 0.0f)
    return 0;
  double __d = __x;
  if (__d >= (double)__hi)
    return __hi;
  double __r = __p2m_round_integral(__d, __mode);
  return __r <= 0.0 ? 0 : __r >= (double)__hi ? __hi : (unsigned long long)__r;
}

#undef __P2M_BIAS

#endif // P2M_CRT_HOST_FLOAT_NARROWING_H
