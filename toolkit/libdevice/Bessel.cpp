// Modified Bessel functions of the first kind, I0 and I1 (double and float). The ordinary
// Bessel functions J0 J1 Jn Y0 Y1 Yn are not provided yet (docs/device-math.md).
#include "DDMath.h"
#include "FloatViaDouble.h"

using namespace p2m;

namespace {
constexpr double kAsymptoticFrom = 30; // below: power series; above: Hankel's expansion

// I_nu(x) for nu in {0, 1}, x >= 0, as value * 2^k.
P2M_FN DD besselI(int nu, double x, int& k)
{
  k = 0;
  if (x < kAsymptoticFrom) {
    // I_nu(x) = (x/2)^nu sum_j (x^2/4)^j / (j! (j+nu)!): positive terms.
    DD q = mul2k(twoProd(x, x), 0.25);
    DD term = dd(1.0), sum = dd(1.0);
    for (int j = 1; j < 200; ++j) {
      term = mul(mul(term, q), div(dd(1.0), dd(static_cast<double>(j) * (j + nu))));
      sum = add(sum, term);
      if (term.hi < sum.hi * 0x1p-110)
        break;
    }
    return nu ? mul(sum, 0.5 * x) : sum;
  }
  // I_nu(x) ~ e^x / sqrt(2 pi x) sum_j (-1)^j prod_{i<=j} (4nu^2 - (2i-1)^2) / (j! (8x)^j),
  // truncated where the terms stop decreasing (their minimum is about e^-2x).
  double mu = 4.0 * nu * nu;
  DD term = dd(1.0), sum = dd(1.0);
  DD inv8x = div(dd(1.0), dd(8 * x));
  for (int j = 1; j < 400; ++j) {
    double odd = 2.0 * j - 1;
    DD next = mul(mul(term, inv8x), -(mu - odd * odd) / j);
    if (__builtin_fabs(next.hi) >= __builtin_fabs(term.hi))
      break;
    term = next;
    sum = add(sum, term);
    if (__builtin_fabs(term.hi) < __builtin_fabs(sum.hi) * 0x1p-110)
      break;
  }
  DD e = expParts(dd(x), k);
  DD twoPiX = mul(DD{k::kPi[0], k::kPi[1]}, 2 * x);
  return div(mul(e, sum), sqrt(twoPiX));
}
} // namespace

P2M_EXPORT double __nv_cyl_bessel_i0(double x)
{
  double a = __builtin_fabs(x);
  if (x != x)
    return x + x;
  if (a > 714)
    return __builtin_inf();
  int k;
  DD r = besselI(0, a, k);
  return roundScaled(r, k);
}
P2M_EXPORT double __nv_cyl_bessel_i1(double x)
{
  double a = __builtin_fabs(x);
  if (x != x || x == 0)
    return x + x;
  if (a > 714)
    return __builtin_copysign(__builtin_inf(), x);
  if (a < 0x1p-60) // x/2
    return x * 0.5;
  int k;
  DD r = besselI(1, a, k);
  return __builtin_copysign(roundScaled(r, k), x);
}

P2M_FLOAT_VIA_DOUBLE1(cyl_bessel_i0f, cyl_bessel_i0)
P2M_FLOAT_VIA_DOUBLE1(cyl_bessel_i1f, cyl_bessel_i1)
