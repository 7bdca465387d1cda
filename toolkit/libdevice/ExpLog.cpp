// Exponentials and logarithms: exp exp2 exp10 expm1 log log2 log10 log1p (double; the float
// ones are float-only, FloatExpLog.cpp).
#include "DDMath.h"

using namespace p2m;

namespace {
P2M_FN bool isNan(double x) { return x != x; }

// e^y for y given in double-double, with overflow and underflow.
P2M_FN double expOf(DD y)
{
  if (y.hi > 710)
    return __builtin_inf();
  if (y.hi < -746)
    return 0.0;
  int k;
  DD e = expParts(y, k);
  return roundScaled(e, k);
}
} // namespace

P2M_EXPORT double __nv_exp(double x)
{
  if (isNan(x))
    return x + x;
  return expOf(dd(x));
}
P2M_EXPORT double __nv_exp2(double x)
{
  if (isNan(x))
    return x + x;
  if (x > 1100)
    return __builtin_inf();
  if (x < -1100)
    return 0.0;
  double n = __builtin_rint(x); // 2^x = 2^n * e^((x-n) ln 2), x - n exact
  int k;
  DD e = expParts(mul(DD{k::kLn2[0], k::kLn2[1]}, x - n), k);
  return roundScaled(e, k + static_cast<int>(n));
}
P2M_EXPORT double __nv_exp10(double x)
{
  if (isNan(x))
    return x + x;
  if (x > 400)
    return __builtin_inf();
  if (x < -400)
    return 0.0;
  return expOf(mul(ddc(k::kLn10), x));
}
P2M_EXPORT double __nv_expm1(double x)
{
  if (isNan(x))
    return x + x;
  double ax = __builtin_fabs(x);
  if (ax < 0x1p-60)
    return x;
  if (ax <= 0.35)
    return toDouble(expm1Small(dd(x)));
  if (x > 710)
    return __builtin_inf();
  if (x < -50)
    return -1.0;
  int k;
  DD e = expParts(dd(x), k);
  if (k > 1000)
    return roundScaled(e, k);
  return toDouble(add(mul2k(e, pow2(k)), -1.0));
}

namespace {
// log(x) for finite x > 0 in double-double.
P2M_FN double logSpecial(double x, bool& done)
{
  done = true;
  if (isNan(x))
    return x + x;
  if (x < 0)
    return __builtin_nan("");
  if (x == 0)
    return -__builtin_inf();
  if (x == __builtin_inf())
    return x;
  done = false;
  return 0;
}
} // namespace

P2M_EXPORT double __nv_log(double x)
{
  bool done;
  double s = logSpecial(x, done);
  return done ? s : toDouble(logDD(dd(x)));
}
P2M_EXPORT double __nv_log2(double x)
{
  bool done;
  double s = logSpecial(x, done);
  return done ? s : toDouble(mul(logDD(dd(x)), ddc(k::kLog2E)));
}
P2M_EXPORT double __nv_log10(double x)
{
  bool done;
  double s = logSpecial(x, done);
  return done ? s : toDouble(mul(logDD(dd(x)), ddc(k::kLog10E)));
}
P2M_EXPORT double __nv_log1p(double x)
{
  if (isNan(x))
    return x + x;
  if (x < -1)
    return __builtin_nan("");
  if (x == -1)
    return -__builtin_inf();
  if (x == __builtin_inf() || __builtin_fabs(x) < 0x1p-60)
    return x;
  return toDouble(log1pDD(x));
}

