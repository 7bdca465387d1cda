// Hyperbolic functions and their inverses: sinh cosh tanh asinh acosh atanh (double, float;
// sinhf coshf tanhf are float-only, FloatHyperbolic.cpp).
#include "DDMath.h"
#include "FloatViaDouble.h"

using namespace p2m;

namespace {
// e^a - 1 for a >= 0 in double-double (a <= 710).
P2M_FN DD expm1Positive(double a, int& k)
{
  if (a <= 0.35) {
    k = 0;
    return expm1Small(dd(a));
  }
  DD e = expParts(dd(a), k);
  if (k > 1000)
    return e; // the -1 is far below the last bit; scaled by 2^k
  DD r = add(mul2k(e, pow2(k)), -1.0);
  k = 0;
  return r;
}
} // namespace

P2M_EXPORT double __nv_sinh(double x)
{
  double a = __builtin_fabs(x);
  if (x != x || a < 0x1p-27 || a == __builtin_inf())
    return x;
  if (a > 711)
    return __builtin_copysign(__builtin_inf(), x);
  DD r;
  if (a <= 0.35) { // (m + m/(m+1))/2 with m = e^a - 1: no cancellation
    DD m = expm1Small(dd(a));
    r = mul2k(add(m, div(m, add(m, 1.0))), 0.5);
    return __builtin_copysign(toDouble(r), x);
  }
  int k;
  DD e = expParts(dd(a), k);
  if (k > 60)
    return __builtin_copysign(roundScaled(e, k - 1), x);
  DD ea = mul2k(e, pow2(k));
  r = mul2k(sub(ea, div(dd(1.0), ea)), 0.5);
  return __builtin_copysign(toDouble(r), x);
}
P2M_EXPORT double __nv_cosh(double x)
{
  double a = __builtin_fabs(x);
  if (x != x)
    return x + x;
  if (a > 711)
    return __builtin_inf();
  int k;
  DD e = expParts(dd(a), k);
  if (k > 60)
    return roundScaled(e, k - 1);
  DD ea = mul2k(e, pow2(k));
  return toDouble(mul2k(add(ea, div(dd(1.0), ea)), 0.5));
}
P2M_EXPORT double __nv_tanh(double x)
{
  double a = __builtin_fabs(x);
  if (x != x || a < 0x1p-27)
    return x;
  if (a > 22)
    return __builtin_copysign(1.0, x);
  int k;
  DD m = expm1Positive(2 * a, k); // tanh a = m / (m + 2), m = e^(2a) - 1
  return __builtin_copysign(toDouble(div(m, add(m, 2.0))), x);
}
P2M_EXPORT double __nv_asinh(double x)
{
  double a = __builtin_fabs(x);
  if (x != x || a < 0x1p-27 || a == __builtin_inf())
    return x;
  DD r;
  if (a > 0x1p60) { // log(2a)
    r = add(logDD(dd(a)), DD{k::kLn2[0], k::kLn2[1]});
  } else { // log(1 + a + a^2 / (1 + sqrt(1 + a^2)))
    DD a2 = twoProd(a, a);
    DD u = add(div(a2, add(sqrt(add(a2, 1.0)), 1.0)), a);
    r = logDD(add(u, 1.0));
  }
  return __builtin_copysign(toDouble(r), x);
}
P2M_EXPORT double __nv_acosh(double x)
{
  if (x != x)
    return x + x;
  if (x < 1)
    return __builtin_nan("");
  if (x == __builtin_inf())
    return x;
  if (x > 0x1p60)
    return toDouble(add(logDD(dd(x)), DD{k::kLn2[0], k::kLn2[1]}));
  DD t = twoSum(x, -1.0); // log(1 + t + sqrt(t (t + 2)))
  DD u = add(sqrt(mul(t, add(t, 2.0))), t);
  return toDouble(logDD(add(u, 1.0)));
}
P2M_EXPORT double __nv_atanh(double x)
{
  double a = __builtin_fabs(x);
  if (x != x || a < 0x1p-27)
    return x;
  if (a > 1)
    return __builtin_nan("");
  if (a == 1)
    return __builtin_copysign(__builtin_inf(), x);
  DD q = div(twoSum(1.0, a), twoSum(1.0, -a));
  return __builtin_copysign(toDouble(mul2k(logDD(q), 0.5)), x);
}

P2M_FLOAT_VIA_DOUBLE1(asinhf, asinh)
P2M_FLOAT_VIA_DOUBLE1(acoshf, acosh)
P2M_FLOAT_VIA_DOUBLE1(atanhf, atanh)
