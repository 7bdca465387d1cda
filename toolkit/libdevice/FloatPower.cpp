// Float-only powers and roots: powf cbrtf rsqrtf hypotf.
#include "FloatCore.h"

using namespace p2m;
using namespace p2m::flt;

namespace {
P2M_FN bool isInteger(float y) { return __builtin_rintf(y) == y; }
P2M_FN bool isOddInteger(float y)
{
  return __builtin_fabsf(y) < 0x1p24f && isInteger(y) && (static_cast<int>(y) & 1);
}

// log2 x for finite x > 0 as hi + lo, relative error about 2^-40: x = 2^e m, and
// ln m = 2 atanh(s), s = (m - 1) / (m + 1), with s, s^3 and the 2/3 s^3 term carried as pairs.
P2M_FN void log2Pair(float x, float& hi, float& lo)
{
  float e, f;
  splitLog(x, e, f);
  float dh, dl;
  fastTwoSum(2.0f, f, dh, dl); // 2 + f
  float sh = f / dh;
  float sl = (fmaf_(-sh, dh, f) - sh * dl) / dh;
  float z = sh * sh;
  float zl = fmaf_(sh, sh, -z) + 2.0f * sh * sl;
  float c3 = sh * z;
  float c3l = fmaf_(sh, z, -c3) + fmaf_(sh, zl, sl * z);
  float t3 = c3 * fpoly::kTwoThirds[0];
  float t3l = fmaf_(c3, fpoly::kTwoThirds[0], -t3) +
              fmaf_(c3, fpoly::kTwoThirds[1], c3l * fpoly::kTwoThirds[0]);
  float t5 = 2.0f * c3 * z * horner(fpoly::kAtanhR, z);
  float lh, ll;
  fastTwoSum(2.0f * sh, t3, lh, ll);
  ll += 2.0f * sl + (t3l + t5);
  fastTwoSum(lh, ll, lh, ll); // ln m
  float ph = lh * fpoly::kLog2E[0];
  float pl = fmaf_(lh, fpoly::kLog2E[0], -ph) + fmaf_(lh, fpoly::kLog2E[1], ll * fpoly::kLog2E[0]);
  float s, t;
  twoSum(e, ph, s, t);
  fastTwoSum(s, t + pl, hi, lo);
}
} // namespace

P2M_EXPORT float __nv_powf(float x, float y)
{
  constexpr float inf = __builtin_inff();
  if (y == 0.0f || x == 1.0f)
    return 1.0f;
  if (isNan(x) || isNan(y))
    return x + y;
  float ax = __builtin_fabsf(x), ay = __builtin_fabsf(y);
  bool yOdd = isOddInteger(y);
  if (ay == inf) {
    if (ax == 1.0f)
      return 1.0f; // (-1)^+-inf
    return (ax < 1.0f) == (y > 0.0f) ? 0.0f : inf;
  }
  if (ax == 0.0f || ax == inf) {
    float r = (ax == 0.0f) == (y > 0.0f) ? 0.0f : inf;
    return yOdd && __builtin_signbit(x) ? -r : r;
  }
  if (x < 0.0f && !isInteger(y))
    return __builtin_nanf("");
  float sign = (x < 0.0f && yOdd) ? -1.0f : 1.0f;
  float lh, ll;
  log2Pair(ax, lh, ll);
  float th = y * lh;
  float tl = fmaf_(y, lh, -th) + y * ll;
  if (th > 129.0f)
    return sign * inf;
  if (th < -152.0f)
    return sign * 0.0f;
  return sign * exp2Pair(th, tl);
}

P2M_EXPORT float __nv_cbrtf(float x)
{
  if (!isFinite(x) || x == 0.0f)
    return x + x;
  float a = __builtin_fabsf(x);
  int adj = 0;
  if (a < 0x1p-126f) { // subnormal: 2^24 = (2^8)^3
    a *= 0x1p24f;
    adj = -8;
  }
  uint32_t ia = bits(a);
  int e = static_cast<int>(ia >> 23) - 127;
  int e3 = (e + 384) / 3 - 128; // floor(e / 3)
  int rem = e - 3 * e3;
  float m = f32((ia & 0x7fffffu) | 0x3f800000u); // [1, 2)
  float am = rem == 0 ? m : rem == 1 ? 2.0f * m : 4.0f * m;
  float y = horner(fpoly::kCbrt, m) * (rem == 0 ? 1.0f : rem == 1 ? 1.25992105f : 1.58740105f);
  y = y - (y * y * y - am) / (3.0f * y * y); // Newton: 2^-13.5 -> about 2^-24
  // A last Newton step with y^3 - am exact to about 2^-48.
  float y2 = y * y;
  float y2l = fmaf_(y, y, -y2);
  float r = fmaf_(y, y2, -am) + y * y2l;
  y = y - r / (3.0f * y2);
  return __builtin_copysignf(scale(y, e3 + adj), x);
}

// 1/sqrt(x): two correctly rounded operations, within one ulp (+-0 -> +-inf, +inf -> 0).
P2M_EXPORT float __nv_rsqrtf(float x) { return 1.0f / sqrtf_(x); }

P2M_EXPORT float __nv_hypotf(float x, float y)
{
  float ax = __builtin_fabsf(x), ay = __builtin_fabsf(y);
  if (ax == __builtin_inff() || ay == __builtin_inff())
    return __builtin_inff(); // even with a NaN
  if (isNan(ax) || isNan(ay))
    return x + y;
  float a = ax > ay ? ax : ay, b = ax > ay ? ay : ax;
  // Scale by a power of two so that neither square overflows nor underflows.
  float s = 1.0f, back = 1.0f;
  if (a > 0x1p60f) {
    s = 0x1p-90f;
    back = 0x1p90f;
  } else if (a < 0x1p-60f) {
    s = 0x1p90f;
    back = 0x1p-90f;
  }
  a *= s;
  b *= s;
  return sqrtf_(fmaf_(a, a, b * b)) * back;
}
