// Exact functions: absolute value, sign, min/max, rounding to integers, exponent and
// significand manipulation, nextafter, nan (float and double).
#include "DDMath.h"

using namespace p2m;

P2M_EXPORT double __nv_fabs(double a) { return __builtin_fabs(a); }
P2M_EXPORT float __nv_fabsf(float a) { return __builtin_fabsf(a); }
P2M_EXPORT double __nv_copysign(double a, double b) { return __builtin_copysign(a, b); }
P2M_EXPORT float __nv_copysignf(float a, float b) { return __builtin_copysignf(a, b); }
// IEEE minNum/maxNum: a NaN operand yields the other operand; -0 is below +0.
namespace {
template <typename T> P2M_FN T minNum(T a, T b)
{
  if (a != a)
    return b;
  if (b != b || a < b)
    return a;
  if (b < a)
    return b;
  return __builtin_signbit(a) ? a : b;
}
template <typename T> P2M_FN T maxNum(T a, T b)
{
  if (a != a)
    return b;
  if (b != b || a > b)
    return a;
  if (b > a)
    return b;
  return __builtin_signbit(a) ? b : a;
}
} // namespace

P2M_EXPORT double __nv_fmin(double a, double b) { return minNum(a, b); }
P2M_EXPORT double __nv_fmax(double a, double b) { return maxNum(a, b); }
P2M_EXPORT float __nv_fminf(float a, float b) { return minNum(a, b); }
P2M_EXPORT float __nv_fmaxf(float a, float b) { return maxNum(a, b); }
P2M_EXPORT double __nv_fdim(double a, double b)
{
  return a != a || b != b ? a + b : a > b ? a - b : 0.0;
}
P2M_EXPORT float __nv_fdimf(float a, float b)
{
  return a != a || b != b ? a + b : a > b ? a - b : 0.0f;
}

P2M_EXPORT double __nv_trunc(double a) { return __builtin_trunc(a); }
P2M_EXPORT float __nv_truncf(float a) { return __builtin_truncf(a); }
P2M_EXPORT double __nv_floor(double a) { return __builtin_floor(a); }
P2M_EXPORT float __nv_floorf(float a) { return __builtin_floorf(a); }
P2M_EXPORT double __nv_ceil(double a) { return __builtin_ceil(a); }
P2M_EXPORT float __nv_ceilf(float a) { return __builtin_ceilf(a); }
P2M_EXPORT double __nv_rint(double a) { return __builtin_rint(a); }
P2M_EXPORT float __nv_rintf(float a) { return __builtin_rintf(a); }
// The GPU raises no floating-point exceptions: nearbyint is rint.
P2M_EXPORT double __nv_nearbyint(double a) { return __builtin_rint(a); }
P2M_EXPORT float __nv_nearbyintf(float a) { return __builtin_rintf(a); }
// Halfway cases away from zero.
P2M_EXPORT double __nv_round(double a)
{
  double t = __builtin_trunc(a);
  return __builtin_fabs(a - t) >= 0.5 ? t + __builtin_copysign(1.0, a) : t;
}
P2M_EXPORT float __nv_roundf(float a)
{
  float t = __builtin_truncf(a);
  return __builtin_fabsf(a - t) >= 0.5f ? t + __builtin_copysignf(1.0f, a) : t;
}
P2M_EXPORT long long __nv_llrint(double a) { return toI64<Rnd::Nearest>(a); }
P2M_EXPORT long long __nv_llrintf(float a) { return toI64<Rnd::Nearest>(a); }
P2M_EXPORT long long __nv_llround(double a) { return toI64<Rnd::Zero>(__nv_round(a)); }
P2M_EXPORT long long __nv_llroundf(float a) { return toI64<Rnd::Zero>(__nv_roundf(a)); }
P2M_EXPORT float __nv_saturatef(float a) { return a != a ? 0.0f : a < 0 ? 0.0f : a > 1 ? 1.0f : a; }

namespace {
// Exponent of a finite nonzero x: x = m * 2^e with 1 <= |m| < 2.
P2M_FN int binaryExponent(double x)
{
  uint64_t b = bits(x) & ~(1ull << 63);
  int e = static_cast<int>(b >> 52);
  if (e == 0) // subnormal
    return -1011 - clz64(b);
  return e - 1023;
}
constexpr int kIlogbZero = -2147483647 - 1; // FP_ILOGB0 and FP_ILOGBNAN as CUDA defines them
constexpr int kIlogbNan = -2147483647 - 1;
} // namespace

P2M_EXPORT double __nv_frexp(double a, int* e)
{
  if (a == 0 || a != a || __builtin_fabs(a) == __builtin_inf()) {
    *e = 0;
    return a + a;
  }
  int x = binaryExponent(a) + 1;
  *e = x;
  return scale(a, -x);
}
P2M_EXPORT float __nv_frexpf(float a, int* e)
{
  return static_cast<float>(__nv_frexp(static_cast<double>(a), e));
}
P2M_EXPORT double __nv_ldexp(double a, int e)
{
  return scale(a, e < -4000 ? -4000 : e > 4000 ? 4000 : e); // beyond +-4000 the result is 0 or inf
}
P2M_EXPORT float __nv_ldexpf(float a, int e) { return static_cast<float>(__nv_ldexp(a, e)); }
P2M_EXPORT double __nv_scalbn(double a, int e) { return __nv_ldexp(a, e); }
P2M_EXPORT float __nv_scalbnf(float a, int e) { return __nv_ldexpf(a, e); }
P2M_EXPORT int __nv_ilogb(double a)
{
  if (a != a)
    return kIlogbNan;
  if (a == 0)
    return kIlogbZero;
  if (__builtin_fabs(a) == __builtin_inf())
    return 2147483647;
  return binaryExponent(a);
}
P2M_EXPORT int __nv_ilogbf(float a) { return __nv_ilogb(a); }
P2M_EXPORT double __nv_logb(double a)
{
  if (a != a)
    return a + a;
  if (a == 0)
    return -__builtin_inf();
  if (__builtin_fabs(a) == __builtin_inf())
    return __builtin_inf();
  return binaryExponent(a);
}
P2M_EXPORT float __nv_logbf(float a) { return static_cast<float>(__nv_logb(a)); }
P2M_EXPORT double __nv_modf(double a, double* ip)
{
  double t = __builtin_trunc(a);
  *ip = t;
  if (__builtin_fabs(a) == __builtin_inf())
    return __builtin_copysign(0.0, a);
  return __builtin_copysign(a - t, a);
}
P2M_EXPORT float __nv_modff(float a, float* ip)
{
  float t = __builtin_truncf(a);
  *ip = t;
  if (__builtin_fabsf(a) == __builtin_inff())
    return __builtin_copysignf(0.0f, a);
  return __builtin_copysignf(a - t, a);
}
P2M_EXPORT double __nv_nextafter(double a, double b)
{
  if (a != a || b != b)
    return a + b;
  if (a == b)
    return b;
  if (a == 0)
    return __builtin_copysign(f64(1), b);
  uint64_t u = bits(a);
  u += ((a < b) == (a > 0)) ? 1 : static_cast<uint64_t>(-1);
  return f64(u);
}
P2M_EXPORT float __nv_nextafterf(float a, float b)
{
  if (a != a || b != b)
    return a + b;
  if (a == b)
    return b;
  if (a == 0)
    return __builtin_copysignf(f32(1), b);
  uint32_t u = bits(a);
  u += ((a < b) == (a > 0)) ? 1u : 0xffffffffu;
  return f32(u);
}
// The payload string is ignored: CUDA returns the canonical quiet NaN.
P2M_EXPORT double __nv_nan(const signed char*) { return f64(0x7fffffffffffffffull); }
P2M_EXPORT float __nv_nanf(const signed char*) { return f32(0x7fffffffu); }
