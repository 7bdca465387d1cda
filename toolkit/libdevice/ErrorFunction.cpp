// Error function family: erf erfc erfcx erfinv erfcinv normcdf normcdfinv (double, float;
// erff erfcf are float-only, FloatErrorFunction.cpp).
#include "DDMath.h"
#include "FloatViaDouble.h"

using namespace p2m;

namespace {
constexpr double kInf = __builtin_inf();
constexpr double kErfcSeriesLimit = 4.0; // below: 1 - erf; above: continued fraction

// erfc(z) = ret * 2^k for a double-double z.
P2M_FN DD erfcParts(DD z, int& k)
{
  k = 0;
  if (z.hi < kErfcSeriesLimit)
    return add(neg(erfDD(z)), 1.0);
  DD e = expParts(neg(mul(z, z)), k);
  return mul(e, erfcScaledDD(z));
}
P2M_FN double erfcOf(DD z)
{
  if (z.hi > 28)
    return 0.0;
  if (z.hi < -7)
    return 2.0;
  int k;
  DD r = erfcParts(z, k);
  return roundScaled(r, k);
}
// log erfc(y) and erfcx(y) = e^{y^2} erfc(y) for y > 0, for the inverse's Newton steps.
P2M_FN void erfcLogAndScaled(double y, double& logErfc, double& erfcx)
{
  if (y < kErfcSeriesLimit) {
    DD c = add(neg(erfDD(dd(y))), 1.0);
    logErfc = toDouble(logDD(c));
    int k;
    DD e = expParts(twoProd(y, y), k);
    erfcx = roundScaled(mul(c, e), k);
  } else {
    DD s = erfcScaledDD(dd(y));
    erfcx = toDouble(s);
    logErfc = toDouble(sub(logDD(s), twoProd(y, y)));
  }
}
} // namespace

P2M_EXPORT double __nv_erf(double x)
{
  double a = __builtin_fabs(x);
  if (x != x)
    return x + x;
  if (a >= 6)
    return __builtin_copysign(1.0, x);
  if (a < 0x1p-60) // 2/sqrt(pi) x, scaled so that subnormal x keeps its bits
    return toDouble(mul(ddc(k::kTwoOverSqrtPi), x * 0x1p100)) * 0x1p-100;
  return toDouble(erfDD(dd(x)));
}
P2M_EXPORT double __nv_erfc(double x)
{
  if (x != x)
    return x + x;
  return erfcOf(dd(x));
}
P2M_EXPORT double __nv_erfcx(double x)
{
  if (x != x)
    return x + x;
  if (x > 1e150) // 1/(x sqrt(pi)) (1 - 1/(2x^2) + ...): the correction is below the last bit
    return k::kInvSqrtPi[0] / x;
  if (x >= kErfcSeriesLimit)
    return toDouble(erfcScaledDD(dd(x)));
  if (x < -26.7)
    return kInf;
  if (x <= -kErfcSeriesLimit) { // e^{x^2} (2 - erfc(-x)) = 2 e^{x^2} - erfcx(-x)
    int k;
    DD e = expParts(twoProd(x, x), k);
    DD s = erfcScaledDD(dd(-x));
    return roundScaled(sub(mul2k(e, 2.0), DD{scale(s.hi, -k), scale(s.lo, -k)}), k);
  }
  DD c = add(neg(erfDD(dd(x))), 1.0);
  int k;
  DD e = expParts(twoProd(x, x), k);
  return roundScaled(mul(c, e), k);
}
P2M_EXPORT double __nv_normcdf(double x)
{
  if (x != x)
    return x + x;
  if (x > 40)
    return 1.0;
  if (x < -40)
    return 0.0;
  return 0.5 * erfcOf(mul(ddc(k::kInvSqrt2), -x));
}

P2M_EXPORT double __nv_erfinv(double x)
{
  double a = __builtin_fabs(x);
  if (x != x)
    return x + x;
  if (a > 1)
    return __builtin_nan("");
  if (a == 1)
    return __builtin_copysign(kInf, x);
  if (a < 0x1p-60) // sqrt(pi)/2 x
    return toDouble(div(dd(x * 0x1p100), ddc(k::kTwoOverSqrtPi))) * 0x1p-100;
  // Initial guess, then Halley's method on f(y) = erf(y) - a with f' = 2/sqrt(pi) e^{-y^2}.
  double y;
  if (a < 0.5) {
    y = a * 0.88622692545275801 * (1 + 0.2617993877991494 * a * a);
  } else {
    double w = -__nv_log(1 - a);
    y = sqrt_(w - 0.5 * __nv_log(3.141592653589793 * w));
  }
  for (int i = 0; i < 30; ++i) {
    DD f = add(erfDD(dd(y)), -a);
    int k;
    DD d = mul(expParts(neg(twoProd(y, y)), k), ddc(k::kTwoOverSqrtPi));
    double step = toDouble(div(f, mul2k(d, pow2(k))));
    step = step / (1 + y * step);
    y -= step;
    if (__builtin_fabs(step) <= 0x1p-60 * y)
      break;
  }
  return __builtin_copysign(y, x);
}

namespace {
// erfcinv for 0 < x < 0.5 (the answer y > 0.47): Newton's method on log erfc(y) - log x.
P2M_FN double erfcinvSmall(double x)
{
  double lx = __nv_log(x);
  double w = -lx;
  double y = sqrt_(w - 0.5 * __nv_log(3.141592653589793 * w));
  if (!(y > 0.4))
    y = 0.5;
  for (int i = 0; i < 40; ++i) {
    double lc, cx;
    erfcLogAndScaled(y, lc, cx);
    // d/dy log erfc(y) = -2/sqrt(pi) / erfcx(y)
    double step = (lc - lx) * cx / -1.1283791670955126;
    y -= step;
    if (__builtin_fabs(step) <= 0x1p-60 * y)
      break;
  }
  return y;
}
} // namespace

P2M_EXPORT double __nv_erfcinv(double x)
{
  if (x != x)
    return x + x;
  if (x < 0 || x > 2)
    return __builtin_nan("");
  if (x == 0)
    return kInf;
  if (x == 2)
    return -kInf;
  if (x >= 0.5)
    return __nv_erfinv(1 - x); // exact for x in [0.5, 2]
  return erfcinvSmall(x);
}
P2M_EXPORT double __nv_normcdfinv(double p)
{
  if (p != p)
    return p + p;
  if (p <= 0 || p >= 1)
    return p == 0 ? -kInf : p == 1 ? kInf : __builtin_nan("");
  return toDouble(mul(ddc(k::kSqrt2), -__nv_erfcinv(2 * p)));
}

P2M_FLOAT_VIA_DOUBLE1(erfcxf, erfcx)
P2M_FLOAT_VIA_DOUBLE1(erfinvf, erfinv)
P2M_FLOAT_VIA_DOUBLE1(erfcinvf, erfcinv)
P2M_FLOAT_VIA_DOUBLE1(normcdff, normcdf)
P2M_FLOAT_VIA_DOUBLE1(normcdfinvf, normcdfinv)
