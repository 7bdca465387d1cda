// log Gamma and Gamma (double and float).
#include "DDMath.h"
#include "FloatViaDouble.h"

using namespace p2m;

namespace {
constexpr double kInf = __builtin_inf();
P2M_FN bool isInteger(double y) { return __builtin_rint(y) == y; }
} // namespace

P2M_EXPORT double __nv_lgamma(double x)
{
  double a = __builtin_fabs(x);
  if (x != x)
    return x + x;
  if (a == kInf || (x <= 0 && isInteger(x)))
    return kInf;
  if (a < 0x1p-60) // Gamma(x) = 1/x - gamma + ...
    return -__nv_log(a);
  if (x > 1e300) // x (log x - 1); the other terms are below the last bit
    return roundScaled(mul(add(logDD(dd(x)), -1.0), x * 0x1p-16), 16);
  int sign;
  return toDouble(lgammaDD(x, &sign));
}
P2M_EXPORT double __nv_tgamma(double x)
{
  if (x != x)
    return x + x;
  if (x == 0)
    return __builtin_copysign(kInf, x);
  if (x < 0 && (isInteger(x) || x == -kInf))
    return __builtin_nan("");
  if (x > 171.7)
    return kInf;
  if (__builtin_fabs(x) < 0x1p-60)
    return 1 / x;
  if (x < -190) { // |Gamma| < 2^-1100: signed zero, Gamma's sign alternates between poles
    bool evenFloor = isInteger(__builtin_floor(x) * 0.5);
    return evenFloor ? 0.0 : -0.0;
  }
  int sign;
  DD l = lgammaDD(x, &sign);
  int k;
  DD e = expParts(l, k);
  return sign * roundScaled(e, k);
}

P2M_FLOAT_VIA_DOUBLE1(lgammaf, lgamma)
P2M_FLOAT_VIA_DOUBLE1(tgammaf, tgamma)
