// fmod, remainder and remquo, exactly, by long division of the significands (float and double).
#include "DDMath.h"

using namespace p2m;

namespace {
// Splits finite nonzero |x| into an integer significand m and exponent e: |x| = m * 2^e.
P2M_FN void decompose(double x, uint64_t& m, int& e)
{
  uint64_t b = bits(x) & ~(1ull << 63);
  int be = static_cast<int>(b >> 52);
  m = b & 0xfffffffffffffull;
  if (be == 0) {
    e = -1074;
  } else {
    m |= 1ull << 52;
    e = be - 1075;
  }
}

// x rem y with the quotient's low bits in *quo; nearest selects remainder() over fmod().
P2M_FN double remCore(double x, double y, int* quo, bool nearest)
{
  *quo = 0;
  if (x != x || y != y)
    return x + y;
  if (__builtin_fabs(x) == __builtin_inf() || y == 0)
    return __builtin_nan("");
  if (__builtin_fabs(y) == __builtin_inf() || x == 0)
    return x;
  uint64_t mx, my;
  int ex, ey;
  decompose(x, mx, ex);
  decompose(y, my, ey);
  // Normalized significands make ex < ey imply |x| < |y| (subnormals share e = -1074).
  double ay = __builtin_fabs(y);
  double rem = __builtin_fabs(x);
  uint32_t q = 0;
  if (ex >= ey) {
    // Long division: r = (mx * 2^(ex-ey)) mod my, 11 bits of the exponent difference a step.
    uint64_t r = mx % my;
    q = static_cast<uint32_t>(mx / my);
    for (int d = ex - ey; d > 0;) {
      int s = d > 11 ? 11 : d;
      uint64_t t = r << s;
      q = (q << s) + static_cast<uint32_t>(t / my);
      r = t % my;
      d -= s;
    }
    rem = scale(static_cast<double>(r), ey);
  }
  if (nearest) {
    double twice = 2 * rem;
    if (twice > ay || (twice == ay && (q & 1))) {
      rem -= ay;
      ++q;
    }
  }
  int sq = static_cast<int>(q & 0x7f);
  *quo = ((x < 0) != (y < 0)) ? -sq : sq;
  return __builtin_signbit(x) ? -rem : rem;
}
} // namespace

P2M_EXPORT double __nv_fmod(double x, double y)
{
  int q;
  return remCore(x, y, &q, false);
}
P2M_EXPORT double __nv_remainder(double x, double y)
{
  int q;
  return remCore(x, y, &q, true);
}
P2M_EXPORT double __nv_remquo(double x, double y, int* quo) { return remCore(x, y, quo, true); }
// Float operands are exact in double and so are the remainders.
P2M_EXPORT float __nv_fmodf(float x, float y)
{
  return static_cast<float>(__nv_fmod(x, y));
}
P2M_EXPORT float __nv_remainderf(float x, float y)
{
  return static_cast<float>(__nv_remainder(x, y));
}
P2M_EXPORT float __nv_remquof(float x, float y, int* quo)
{
  return static_cast<float>(__nv_remquo(x, y, quo));
}
