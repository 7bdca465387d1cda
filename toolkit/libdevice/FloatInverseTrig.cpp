// Float-only inverse circular functions: atanf atan2f asinf acosf.
#include "FloatCore.h"

using namespace p2m;
using namespace p2m::flt;

namespace {
// atan(t + tl) - t for 0 <= t <= 1 (about), tl a small correction: tl + t^3 A(t^2).
P2M_FN float atanTail(float t, float tl)
{
  float z = t * t;
  return fmaf_(t * z, horner(fpoly::kAtanA, z), tl);
}

// atan(n / d) for 0 <= n <= d, d > 0 finite, as hi + lo: the quotient with its remainder.
P2M_FN void atanRatio(float n, float d, float& hi, float& lo)
{
  float q = n / d;
  float ql = fmaf_(-q, d, n) / d;
  hi = q;
  lo = atanTail(q, ql);
}

// asin(s + sl) - s for 0 <= s <= 1/2: sl + s^3 P(s^2).
P2M_FN float asinTail(float s, float sl)
{
  float z = s * s;
  return fmaf_(s * z, horner(fpoly::kAsinP, z), sl);
}

// c0 + c1 + m (v + w) as a float for the pair c and |v + w| below |c0| (about).
P2M_FN float pairPlus(float c0, float c1, float m, float v, float w)
{
  float s, t;
  twoSum(c0, m * v, s, t);
  return s + (t + fmaf_(m, w, c1));
}
} // namespace

P2M_EXPORT float __nv_atanf(float x)
{
  float a = __builtin_fabsf(x);
  if (a != a)
    return x + x;
  float r;
  if (a <= 1.0f) {
    r = a + atanTail(a, 0.0f);
    return __builtin_copysignf(r, x); // keeps -0
  }
  // pi/2 - atan(1/a).
  if (a > 0x1p26f)
    r = fpoly::kPiOver2[0] + fpoly::kPiOver2[1];
  else {
    float hi, lo;
    atanRatio(1.0f, a, hi, lo);
    r = pairPlus(fpoly::kPiOver2[0], fpoly::kPiOver2[1], -1.0f, hi, lo);
  }
  return __builtin_copysignf(r, x);
}

P2M_EXPORT float __nv_atan2f(float y, float x)
{
  if (x != x || y != y)
    return x + y;
  float ax = __builtin_fabsf(x), ay = __builtin_fabsf(y);
  bool xNeg = __builtin_signbit(x);
  float r;
  constexpr float inf = __builtin_inff();
  if (ay == 0.0f)
    r = xNeg ? fpoly::kPi[0] : 0.0f;
  else if (ax == inf && ay == inf)
    r = xNeg ? 0x1.2d97c8p+1f : 0x1.921fb6p-1f; // 3pi/4, pi/4
  else if (ax == inf)
    r = xNeg ? fpoly::kPi[0] : 0.0f;
  else if (ay == inf || ax == 0.0f)
    r = fpoly::kPiOver2[0];
  else {
    // Scale both by a power of two so that the quotient's remainder stays exact.
    float s = ay >= 0x1p100f || ax >= 0x1p100f ? 0x1p-60f
              : (ay < 0x1p-100f && ax < 0x1p-100f) ? 0x1p60f : 1.0f;
    ax *= s;
    ay *= s;
    float hi, lo;
    if (ay <= ax) {
      atanRatio(ay, ax, hi, lo);
      r = xNeg ? pairPlus(fpoly::kPi[0], fpoly::kPi[1], -1.0f, hi, lo) : hi + lo;
    } else {
      atanRatio(ax, ay, hi, lo);
      r = pairPlus(fpoly::kPiOver2[0], fpoly::kPiOver2[1], xNeg ? 1.0f : -1.0f, hi, lo);
    }
  }
  return __builtin_copysignf(r, y);
}

P2M_EXPORT float __nv_asinf(float x)
{
  float a = __builtin_fabsf(x);
  if (!(a <= 1.0f))
    return (a != a) ? x + x : __builtin_nanf("");
  if (a <= 0.5f) {
    float z = x * x;
    return fmaf_(x * z, horner(fpoly::kAsinP, z), x); // keeps -0
  }
  // pi/2 - 2 asin(s), s = sqrt((1 - a) / 2) (1 - a exact), s + sl to twice the precision.
  float w = (1.0f - a) * 0.5f;
  float s = sqrtf_(w);
  float sl = s > 0.0f ? fmaf_(-s, s, w) / (2.0f * s) : 0.0f;
  float r = pairPlus(fpoly::kPiOver2[0], fpoly::kPiOver2[1], -2.0f, s, asinTail(s, sl));
  return __builtin_copysignf(r, x);
}

P2M_EXPORT float __nv_acosf(float x)
{
  float a = __builtin_fabsf(x);
  if (!(a <= 1.0f))
    return (a != a) ? x + x : __builtin_nanf("");
  if (a <= 0.5f) // pi/2 - asin(x)
    return pairPlus(fpoly::kPiOver2[0], fpoly::kPiOver2[1], -1.0f, x, asinTail(x, 0.0f));
  float w = (1.0f - a) * 0.5f;
  float s = sqrtf_(w);
  float sl = s > 0.0f ? fmaf_(-s, s, w) / (2.0f * s) : 0.0f;
  float t = asinTail(s, sl);
  if (x > 0.0f) // 2 asin(s)
    return 2.0f * (s + t);
  return pairPlus(fpoly::kPi[0], fpoly::kPi[1], -2.0f, s, t); // pi - 2 asin(s)
}
