// Inverse circular functions: asin acos atan atan2 (double; the float ones are float-only,
// FloatInverseTrig.cpp).
#include "DDMath.h"

using namespace p2m;

namespace {
P2M_FN DD halfPi() { return {k::kPiOver2[0], k::kPiOver2[1]}; }
P2M_FN DD pi() { return {k::kPi[0], k::kPi[1]}; }
// sqrt((1 - x)(1 + x)) for |x| <= 1, without the cancellation of 1 - x^2.
P2M_FN DD cosOfAsin(double x) { return sqrt(mul(twoSum(1.0, -x), twoSum(1.0, x))); }
} // namespace

P2M_EXPORT double __nv_atan(double x)
{
  if (x != x)
    return x + x;
  if (__builtin_fabs(x) < 0x1p-27)
    return x;
  if (__builtin_fabs(x) > 0x1p60) // atan x = pi/2 - 1/x - ...
    return __builtin_copysign(toDouble(sub(halfPi(), dd(1 / __builtin_fabs(x)))), x);
  return toDouble(atanDD(dd(x)));
}
P2M_EXPORT double __nv_atan2(double y, double x)
{
  if (x != x || y != y)
    return x + y;
  double ay = __builtin_fabs(y), ax = __builtin_fabs(x);
  bool xNeg = __builtin_signbit(x);
  constexpr double inf = __builtin_inf();
  if (y == 0)
    return xNeg ? __builtin_copysign(k::kPi[0], y) : y;
  if (ay == inf && ax == inf)
    return __builtin_copysign(xNeg ? toDouble(mul(pi(), 0.75)) : k::kPiOver4[0], y);
  if (ax == inf)
    return xNeg ? __builtin_copysign(k::kPi[0], y) : __builtin_copysign(0.0, y);
  if (ay == inf || x == 0)
    return __builtin_copysign(k::kPiOver2[0], y);
  // Scale both by the same power of two so that the double-double steps neither overflow
  // nor lose bits in subnormals.
  int e = static_cast<int>((bits(ay > ax ? ay : ax) >> 52) & 0x7ff) - 1023;
  DD yy = dd(scale(y, -e)), xx = dd(scale(x, -e));
  if (ay < ax * 0x1p-60 && !xNeg) // atan(y/x) = y/x to within 2^-120
    return y / x;
  return toDouble(atan2DD(yy, xx));
}
P2M_EXPORT double __nv_asin(double x)
{
  if (x != x)
    return x + x;
  if (__builtin_fabs(x) > 1)
    return __builtin_nan("");
  if (__builtin_fabs(x) < 0x1p-27)
    return x;
  return toDouble(atan2DD(dd(x), cosOfAsin(x)));
}
P2M_EXPORT double __nv_acos(double x)
{
  if (x != x)
    return x + x;
  if (__builtin_fabs(x) > 1)
    return __builtin_nan("");
  return toDouble(atan2DD(cosOfAsin(x), dd(x)));
}

