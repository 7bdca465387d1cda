// The double-double cores the double (and most float) functions are built on. Each returns
// about 100 correct bits over the domain stated; callers handle special values and round once.
#pragma once

#include "Constants.h"
#include "DoubleDouble.h"

namespace p2m {

P2M_FN double dd0(const double (&c)[2]) { return c[0]; }
P2M_FN DD ddc(const double (&c)[2]) { return {c[0], c[1]}; }

// 2^k as a double, -1022 <= k <= 1023.
P2M_FN double pow2(int k) { return f64(static_cast<uint64_t>(k + 1023) << 52); }
// x * 2^k for any int k, with a single rounding where the result is subnormal.
P2M_FN double scale(double x, int k)
{
  if (k > 1023) {
    x *= pow2(1023);
    k -= 1023;
    if (k > 1023) {
      x *= pow2(1023);
      k -= 1023;
    }
    if (k > 1023)
      k = 1023;
  } else if (k < -1022) {
    x *= pow2(-969); // 2^-1022 * 2^53: stays exact while the result is above 2^-969
    k += 969;
    if (k < -1022) {
      x *= pow2(-969);
      k += 969;
    }
    if (k < -1022)
      k = -1022;
  }
  return x * pow2(k);
}
P2M_FN float scalef(float x, int k) { return static_cast<float>(scale(static_cast<double>(x), k)); }

// The value v * 2^k rounded once to double (subnormal results included).
P2M_INTERNAL double roundScaled(const DD& v, int k);

// e^x = 2^k * exp(r), returned as the pair (e^r, k), for |x.hi| < 2000.
P2M_INTERNAL DD expParts(const DD& x, int& k);
// e^x - 1 for |x| <= 0.36 (no cancellation).
P2M_INTERNAL DD expm1Small(const DD& x);
// Natural logarithm of x > 0 (x.hi finite, normal or subnormal).
P2M_INTERNAL DD logDD(const DD& x);
// log(1 + x) for x > -1.
P2M_INTERNAL DD log1pDD(double x);
// x = q * pi/2 + r with |r| <= ~pi/4; returns q mod 4. Any finite x.
P2M_INTERNAL int reducePiOver2(double x, DD& r);
// sin and cos of |r| <= ~0.8.
P2M_INTERNAL void sinCosDD(const DD& r, DD& s, DD& c);
// sin(pi x) and cos(pi x) for any finite x.
P2M_INTERNAL void sinCosPiDD(double x, DD& s, DD& c);
// arctangent of any finite x; atan2 for finite, not both zero.
P2M_INTERNAL DD atanDD(const DD& x);
P2M_INTERNAL DD atan2DD(const DD& y, const DD& x);
// log Gamma(|x|)-style core: log|Gamma(x)| for finite x not a pole; *sign gets Gamma's sign.
P2M_INTERNAL DD lgammaDD(double x, int* sign);
// erf(x) for |x| < 6 and erfc(x) for x >= 0 (exp(-x^2) split off: erfc = e^{-x^2} * ret).
P2M_INTERNAL DD erfDD(const DD& x);
P2M_INTERNAL DD erfcScaledDD(const DD& x);

} // namespace p2m
