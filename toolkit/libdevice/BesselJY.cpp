// Bessel functions of the first and second kind: j0 j1 y0 y1 jn yn (double and float).
// Power series in double-double below 25, Hankel's asymptotic expansion above, and near the
// zeros below 8 (where CUDA bounds these functions in ulps) Taylor series around the zero,
// whose coefficients follow from Bessel's equation.
#include "DDMath.h"
#include "FloatViaDouble.h"

using namespace p2m;

namespace {
constexpr double kInf = __builtin_inf();
constexpr double kSeriesBelow = 25;
constexpr double kNearZero = 0.125;
P2M_FN DD piDD() { return {k::kPi[0], k::kPi[1]}; }

// J_nu(x), nu in {0, 1}, by its power series (x >= 0, x < kSeriesBelow).
P2M_FN DD jSeries(int nu, const DD& x)
{
  DD half = mul2k(x, 0.5);
  DD q = neg(mul(half, half));
  DD term = nu ? half : dd(1.0), sum = term;
  for (int k = 1; k < 200; ++k) {
    term = mul(mul(term, q), div(dd(1.0), dd(static_cast<double>(k) * (k + nu))));
    sum = add(sum, term);
    if (__builtin_fabs(term.hi) < 0x1p-110 && k > 4)
      break;
  }
  return sum;
}

// Y_nu(x), nu in {0, 1}, by its power series (0 < x < kSeriesBelow).
P2M_FN DD ySeries(int nu, const DD& x)
{
  DD half = mul2k(x, 0.5);
  DD q = neg(mul(half, half));
  DD logHalf = logDD(half);
  DD gamma = ddc(k::kEulerGamma);
  DD twoOverPi = div(dd(2.0), piDD());
  if (nu == 0) {
    // Y0 = 2/pi ((ln(x/2) + gamma) J0 - sum_{k>=1} H_k (-x^2/4)^k / (k!)^2)
    DD term = dd(1.0), sum = dd(0.0), h = dd(0.0);
    for (int k = 1; k < 200; ++k) {
      term = mul(term, mul(q, div(dd(1.0), dd(static_cast<double>(k) * k))));
      h = add(h, div(dd(1.0), dd(k)));
      DD t = mul(term, h);
      sum = add(sum, t);
      if (__builtin_fabs(t.hi) < 0x1p-110 && k > 4)
        break;
    }
    return mul(twoOverPi, sub(mul(add(logHalf, gamma), jSeries(0, x)), sum));
  }
  // Y1 = -2/(pi x) + 2/pi ln(x/2) J1 - 1/pi sum_{k>=0} (psi(k+1) + psi(k+2)) (x/2) (-x^2/4)^k / (k!(k+1)!)
  DD term = half, psiSum = sub(dd(1.0), mul2k(gamma, 2.0)); // psi(1) + psi(2) = 1 - 2 gamma
  DD sum = mul(term, psiSum);
  for (int k = 1; k < 200; ++k) {
    term = mul(term, mul(q, div(dd(1.0), dd(static_cast<double>(k) * (k + 1)))));
    psiSum = add(psiSum, add(div(dd(1.0), dd(k)), div(dd(1.0), dd(k + 1))));
    DD t = mul(term, psiSum);
    sum = add(sum, t);
    if (__builtin_fabs(t.hi) < 0x1p-110 && k > 4)
      break;
  }
  DD r = neg(div(twoOverPi, x));
  r = add(r, mul(twoOverPi, mul(logHalf, jSeries(1, x))));
  return sub(r, div(sum, piDD()));
}

// Hankel's expansion (x >= kSeriesBelow): J_nu or Y_nu.
P2M_FN double hankel(int nu, bool second, double x)
{
  double mu = 4.0 * nu * nu;
  DD inv8x = div(dd(0.125), dd(x));
  DD p = dd(1.0), qs = dd(0.0), term = dd(1.0);
  for (int k = 1; k < 120 && x < 0x1p60; ++k) { // beyond 2^60 only P's 1 matters
    double odd = 2.0 * k - 1;
    DD next = mul(mul(term, inv8x), (mu - odd * odd) / k);
    if (__builtin_fabs(next.hi) >= __builtin_fabs(term.hi))
      break;
    term = next;
    // a_k / x^k with signs (-1)^(k/2): odd k go to Q, even k to P.
    DD signedTerm = ((k / 2) & 1) ? neg(term) : term;
    if (k & 1)
      qs = add(qs, signedTerm);
    else
      p = add(p, signedTerm);
    if (__builtin_fabs(term.hi) < 0x1p-110)
      break;
  }
  DD r, s, c;
  int quadrant = reducePiOver2(x, r);
  DD sr, cr;
  sinCosDD(r, sr, cr);
  DD sq = (quadrant & 1) ? cr : sr, cq = (quadrant & 1) ? sr : cr;
  s = (quadrant & 2) ? neg(sq) : sq;
  c = ((quadrant + 1) & 2) ? neg(cq) : cq;
  // chi = x - (nu/2 + 1/4) pi: cos chi and sin chi from cos x and sin x.
  DD invSqrt2 = ddc(k::kInvSqrt2);
  DD cosChi, sinChi;
  if (nu == 0) {
    cosChi = mul(add(c, s), invSqrt2);
    sinChi = mul(sub(s, c), invSqrt2);
  } else {
    cosChi = mul(sub(s, c), invSqrt2);
    sinChi = neg(mul(add(s, c), invSqrt2));
  }
  DD amp = sqrt(div(div(dd(2.0), piDD()), dd(x)));
  DD v = second ? add(mul(p, sinChi), mul(qs, cosChi)) : sub(mul(p, cosChi), mul(qs, sinChi));
  return toDouble(mul(amp, v));
}

// Taylor series of a Bessel function of order nu around its zero z (three doubles), at
// z + d: coefficients from x^2 y'' + x y' + (x^2 - nu^2) y = 0 with a_0 = 0, a_1 = slope.
P2M_FN double nearZero(int nu, const double (&z)[3], double x, const DD& slope)
{
  DD d = add(sub(twoSum(x, -z[0]), dd(z[1])), -z[2]);
  DD zz{z[0], z[1]};
  DD z2 = mul(zz, zz);
  DD c = sub(z2, dd(static_cast<double>(nu * nu)));
  DD am2 = dd(0.0), am1 = dd(0.0), a0 = dd(0.0), a1 = slope;
  DD sum = dd(0.0), power = d;
  for (int n = 0; n < 40; ++n) {
    // sum += a_{n+1} d^{n+1}
    DD t = mul(a1, power);
    sum = add(sum, t);
    if (__builtin_fabs(t.hi) < __builtin_fabs(sum.hi) * 0x1p-70 && n > 2)
      break;
    power = mul(power, d);
    // a_{n+2} = -[z (n+1)(2n+1) a_{n+1} + (n^2 + z^2 - nu^2) a_n + 2z a_{n-1} + a_{n-2}]
    //           / (z^2 (n+1)(n+2))
    double nd = n;
    DD num = mul(mul(zz, (nd + 1) * (2 * nd + 1)), a1);
    num = add(num, mul(add(c, nd * nd), a0));
    num = add(num, mul(mul2k(zz, 2.0), am1));
    num = add(num, am2);
    DD a2 = neg(div(num, mul(z2, (nd + 1) * (nd + 2))));
    am2 = am1;
    am1 = a0;
    a0 = a1;
    a1 = a2;
  }
  return toDouble(sum);
}

template <int N> P2M_FN int closeZero(const double (&zs)[N][3], double x)
{
  for (int i = 0; i < N; ++i)
    if (__builtin_fabs(x - zs[i][0]) < kNearZero)
      return i;
  return -1;
}

P2M_FN double besselJ(int nu, double a) // a >= 0, finite
{
  if (a >= kSeriesBelow)
    return hankel(nu, false, a);
  if (nu == 0) {
    int i = closeZero(k::kZerosJ0, a);
    if (i >= 0) // J0' = -J1
      return nearZero(0, k::kZerosJ0[i], a, neg(jSeries(1, DD{k::kZerosJ0[i][0], k::kZerosJ0[i][1]})));
  } else {
    int i = closeZero(k::kZerosJ1, a);
    if (i >= 0) // J1' = J0 - J1/x = J0 at a zero of J1
      return nearZero(1, k::kZerosJ1[i], a, jSeries(0, DD{k::kZerosJ1[i][0], k::kZerosJ1[i][1]}));
  }
  return toDouble(jSeries(nu, dd(a)));
}

P2M_FN double besselY(int nu, double a) // a > 0, finite
{
  if (a >= kSeriesBelow)
    return hankel(nu, true, a);
  if (nu == 0) {
    int i = closeZero(k::kZerosY0, a);
    if (i >= 0) // Y0' = -Y1
      return nearZero(0, k::kZerosY0[i], a, neg(ySeries(1, DD{k::kZerosY0[i][0], k::kZerosY0[i][1]})));
  } else {
    int i = closeZero(k::kZerosY1, a);
    if (i >= 0) // Y1' = Y0 at a zero of Y1
      return nearZero(1, k::kZerosY1[i], a, ySeries(0, DD{k::kZerosY1[i][0], k::kZerosY1[i][1]}));
    if (a < 0x1p-1000) // -2/(pi x), which overflows below about 6.4e-309
      return -toDouble(div(div(dd(2.0), piDD()), dd(a * 0x1p100))) * 0x1p100;
  }
  return toDouble(ySeries(nu, dd(a)));
}
} // namespace

P2M_EXPORT double __nv_j0(double x)
{
  double a = __builtin_fabs(x);
  if (x != x)
    return x + x;
  if (a == kInf)
    return 0.0;
  return besselJ(0, a);
}
P2M_EXPORT double __nv_j1(double x)
{
  double a = __builtin_fabs(x);
  if (x != x)
    return x + x;
  if (a == kInf)
    return __builtin_copysign(0.0, x);
  if (a < 0x1p-60)
    return x * 0.5;
  double j = besselJ(1, a);
  return x < 0 ? -j : j; // odd
}
P2M_EXPORT double __nv_y0(double x)
{
  if (x != x)
    return x + x;
  if (x < 0)
    return __builtin_nan("");
  if (x == 0)
    return -kInf;
  if (x == kInf)
    return 0.0;
  return besselY(0, x);
}
P2M_EXPORT double __nv_y1(double x)
{
  if (x != x)
    return x + x;
  if (x < 0)
    return __builtin_nan("");
  if (x == 0)
    return -kInf;
  if (x == kInf)
    return 0.0;
  return besselY(1, x);
}

// Integer orders by recurrence: Y_n forward (stable), J_n forward while n < x and by Miller's
// backward recurrence otherwise, normalized with J_0 + 2 sum J_2k = 1.
P2M_EXPORT double __nv_yn(int n, double x)
{
  if (x != x)
    return x + x;
  double sign = 1;
  if (n < 0) {
    n = -n;
    sign = (n & 1) ? -1 : 1;
  }
  if (n == 0)
    return __nv_y0(x);
  if (n == 1)
    return sign * __nv_y1(x);
  if (x < 0)
    return __builtin_nan("");
  if (x == 0)
    return -sign * kInf;
  if (x == kInf)
    return 0.0;
  DD ym = dd(__nv_y0(x)), y = dd(__nv_y1(x));
  for (int k = 1; k < n; ++k) {
    DD next = sub(mul(div(dd(2.0 * k), dd(x)), y), ym);
    ym = y;
    y = next;
    if (!(__builtin_fabs(y.hi) < 1e300))
      return -sign * kInf;
  }
  return sign * toDouble(y);
}
P2M_EXPORT double __nv_jn(int n, double x)
{
  if (x != x)
    return x + x;
  double sign = 1;
  if (n < 0) {
    n = -n;
    sign = (n & 1) ? -1 : 1;
  }
  if (x < 0 && (n & 1))
    sign = -sign;
  double a = __builtin_fabs(x);
  if (n == 0)
    return __nv_j0(a);
  if (n == 1)
    return sign * __nv_j1(a);
  if (a == kInf || a == 0)
    return sign * 0.0;
  if (a < 1) {
    // J_n(a) = (a/2)^n / n! sum_k (-a^2/4)^k / (k! (n+1)...(n+k)); the prefactor is built with
    // a separate power-of-two scale so that it neither underflows nor loses bits.
    DD half = dd(a * 0.5);
    DD pre = dd(1.0);
    int scale2 = 0;
    for (int i = 1; i <= n; ++i) {
      pre = div(mul(pre, half), dd(i));
      if (pre.hi < 0x1p-500) {
        pre = mul2k(pre, 0x1p500);
        scale2 -= 500;
        if (scale2 < -1600)
          return sign * 0.0;
      }
    }
    DD q = neg(mul(half, half)), term = dd(1.0), sum = dd(1.0);
    for (int k = 1; k < 60; ++k) {
      term = div(mul(term, q), dd(static_cast<double>(k) * (n + k)));
      sum = add(sum, term);
      if (__builtin_fabs(term.hi) < 0x1p-110)
        break;
    }
    return sign * roundScaled(mul(pre, sum), scale2);
  }
  if (n < a) {
    DD jm = dd(__nv_j0(a)), j = dd(__nv_j1(a));
    for (int k = 1; k < n; ++k) {
      DD next = sub(mul(div(dd(2.0 * k), dd(a)), j), jm);
      jm = j;
      j = next;
    }
    return sign * toDouble(j);
  }
  // Miller: start well above n with J_{m+1} = 0, J_m = tiny, recur down; rescale on growth.
  int m = 2 * ((n + 16 + static_cast<int>(__builtin_sqrt(40.0 * n))) / 2);
  DD jp = dd(0.0), j = dd(0x1p-500), result = dd(0.0), norm = dd(0.0);
  for (int k = m; k > 0; --k) {
    DD jm = sub(mul(div(dd(2.0 * k), dd(a)), j), jp); // J_{k-1}
    jp = j;
    j = jm;
    if (k - 1 == n)
      result = j;
    if (((k - 1) & 1) == 0 && k - 1 > 0)
      norm = add(norm, mul2k(j, 2.0));
    if (__builtin_fabs(j.hi) > 0x1p500) { // rescale everything kept so far
      j = mul2k(j, 0x1p-1000);
      jp = mul2k(jp, 0x1p-1000);
      result = mul2k(result, 0x1p-1000);
      norm = mul2k(norm, 0x1p-1000);
    }
  }
  norm = add(norm, j); // + J_0
  return sign * toDouble(div(result, norm));
}

P2M_FLOAT_VIA_DOUBLE1(j0f, j0)
P2M_FLOAT_VIA_DOUBLE1(j1f, j1)
P2M_FLOAT_VIA_DOUBLE1(y0f, y0)
P2M_FLOAT_VIA_DOUBLE1(y1f, y1)
P2M_EXPORT float __nv_jnf(int n, float x) { return static_cast<float>(__nv_jn(n, x)); }
P2M_EXPORT float __nv_ynf(int n, float x) { return static_cast<float>(__nv_yn(n, x)); }
