// Double-double cores: exponential, logarithm, trigonometric reduction and series, arctangent,
// log Gamma, error function. Series coefficients come from Constants.h (gen_constants.py).
#include "DDMath.h"

namespace p2m {

namespace {
P2M_FN double absd(double x) { return __builtin_fabs(x); }
P2M_FN double rintd(double x) { return __builtin_rint(x); }
// 1/n as a double-double (h + error of h, both exact to working precision).
P2M_FN DD recip(double n)
{
  double h = 1.0 / n;
  return {h, fma_(-h, n, 1.0) / n};
}
} // namespace

P2M_INTERNAL double roundScaled(const DD& v, int k)
{
  double t = v.hi + v.lo;
  if (t == 0 || !(absd(t) <= 1.7976931348623157e308))
    return scale(t, k);
  int e = static_cast<int>((bits(t) >> 52) & 0x7ff) - 1023;
  if (e + k >= -1022)
    return scale(t, k);
  // Subnormal result: round v * 2^(k + 1074) to an integer once.
  int s = k + 1074;
  double uh = scale(v.hi, s), ul = scale(v.lo, s);
  double n = rintd(uh);
  double d = (uh - n) + ul;
  if (d > 0.5)
    n += 1;
  else if (d < -0.5)
    n -= 1;
  return scale(n, -1074);
}

P2M_INTERNAL DD expm1Small(const DD& x)
{
  constexpr int N = 22;
  DD p = ddc(k::kInvFactorial[N]);
  for (int n = N - 1; n >= 1; --n)
    p = add(mul(p, x), ddc(k::kInvFactorial[n]));
  return mul(p, x);
}

P2M_INTERNAL DD expParts(const DD& x, int& k)
{
  double kd = rintd(x.hi * k::kLog2E[0]);
  DD r = sub(x, twoProd(kd, k::kLn2[0]));
  r = sub(r, twoProd(kd, k::kLn2[1]));
  r = add(r, -kd * k::kLn2[2]);
  k = static_cast<int>(kd);
  return add(expm1Small(r), 1.0);
}

P2M_INTERNAL DD logDD(const DD& xIn)
{
  DD x = xIn;
  int e = 0;
  if (x.hi < 0x1p-1022) {
    x = mul2k(x, 0x1p54);
    e = -54;
  }
  uint64_t b = bits(x.hi);
  int ex = static_cast<int>((b >> 52) & 0x7ff) - 1023;
  double mh = f64((b & 0xfffffffffffffull) | (1023ull << 52));
  if (mh > 1.4142135623730951)
    ++ex;
  DD m = mul2k(mul2k(x, pow2(-ex / 2)), pow2(-(ex - ex / 2)));
  e += ex;
  DD f = add(m, -1.0);
  DD s = div(f, add(f, 2.0));
  DD z = mul(s, s);
  constexpr int N = 21;
  DD p = ddc(k::kInvOdd[N]);
  for (int n = N - 1; n >= 0; --n)
    p = add(mul(p, z), ddc(k::kInvOdd[n]));
  DD lm = mul(mul2k(s, 2.0), p);
  double ed = e;
  DD t = twoProd(ed, k::kLn2[0]);
  t = add(t, twoProd(ed, k::kLn2[1]));
  t = add(t, ed * k::kLn2[2]);
  return add(t, lm);
}

P2M_INTERNAL DD log1pDD(double x) { return logDD(twoSum(1.0, x)); }

P2M_INTERNAL void sinCosDD(const DD& r, DD& s, DD& c)
{
  DD z = neg(mul(r, r));
  constexpr int N = 15;
  DD ps = ddc(k::kInvFactorial[2 * N + 1]);
  DD pc = ddc(k::kInvFactorial[2 * N]);
  for (int n = N - 1; n >= 0; --n) {
    ps = add(mul(ps, z), ddc(k::kInvFactorial[2 * n + 1]));
    pc = add(mul(pc, z), ddc(k::kInvFactorial[2 * n]));
  }
  s = mul(ps, r);
  c = pc;
}

namespace {
// 64 bits of 2/pi starting at bit offset `off` (0 = the bit of weight 2^-1).
P2M_FN uint64_t twoOverPiBits(int off)
{
  int w = off / 32, s = off % 32;
  uint64_t v = (static_cast<uint64_t>(k::kTwoOverPiBits[w]) << 32) | k::kTwoOverPiBits[w + 1];
  if (s)
    v = (v << s) | ((static_cast<uint64_t>(k::kTwoOverPiBits[w + 2]) << s) >> 32);
  return v;
}

// Payne-Hanek: for |x| >= 2^30, x * 2/pi with 192 bits of 2/pi chosen around x's exponent.
P2M_FN int reduceLarge(double x, DD& r)
{
  uint64_t b = bits(x);
  int E = static_cast<int>((b >> 52) & 0x7ff) - 1075; // |x| = M * 2^E
  uint64_t M = (b & 0xfffffffffffffull) | (1ull << 52);
  int j0 = E - 1 > 1 ? E - 1 : 1; // bits of weight above 2^-j0 only add multiples of 4
  uint64_t t2 = twoOverPiBits(j0 - 1), t1 = twoOverPiBits(j0 + 63), t0 = twoOverPiBits(j0 + 127);
  // P = M * (t2:t1:t0), 256 bits, q[0] least significant.
  uint64_t q[4];
  uint64_t lo0 = M * t0, hi0 = umulhi64(M, t0);
  uint64_t lo1 = M * t1, hi1 = umulhi64(M, t1);
  uint64_t lo2 = M * t2, hi2 = umulhi64(M, t2);
  q[0] = lo0;
  q[1] = lo1 + hi0;
  uint64_t c1 = q[1] < lo1;
  q[2] = lo2 + hi1;
  uint64_t c2 = q[2] < lo2;
  q[2] += c1;
  c2 += q[2] < c1;
  q[3] = hi2 + c2;
  int point = j0 + 191 - E; // bits of P below the binary point
  auto get64 = [&](int low) {
    int w = low / 64, s = low % 64;
    uint64_t v = q[w] >> s;
    if (s && w + 1 < 4)
      v |= q[w + 1] << (64 - s);
    return v;
  };
  int quadrant = static_cast<int>(get64(point) & 3);
  uint64_t fh = get64(point - 64), fl = get64(point - 128);
  double sign = 1;
  if (fh >> 63) { // fraction >= 1/2: take the next quadrant, negative remainder
    ++quadrant;
    fl = ~fl + 1;
    fh = ~fh + (fl == 0);
    sign = -1;
  }
  if ((fh | fl) == 0) {
    r = dd(0.0);
    return quadrant & 3;
  }
  int lz = fh ? clz64(fh) : 64 + clz64(fl);
  uint64_t nh, nl;
  if (lz >= 64) {
    nh = fl << (lz - 64);
    nl = 0;
  } else if (lz > 0) {
    nh = (fh << lz) | (fl >> (64 - lz));
    nl = fl << lz;
  } else {
    nh = fh;
    nl = fl;
  }
  double a = static_cast<double>(nh >> 11) * 0x1p-53;
  double c = static_cast<double>(((nh & 0x7ff) << 42) | (nl >> 22)) * 0x1p-106;
  DD f = fastTwoSum(a, c);
  f = mul2k(mul2k(f, pow2(-(lz / 2))), pow2(-(lz - lz / 2)));
  r = mul(f, DD{k::kPiOver2[0] * sign, k::kPiOver2[1] * sign});
  return quadrant & 3;
}
} // namespace

P2M_INTERNAL int reducePiOver2(double x, DD& r)
{
  double ax = absd(x);
  if (ax <= 0.78539816339744828) {
    r = dd(x);
    return 0;
  }
  if (ax < 0x1p30) {
    double kd = rintd(x * k::kTwoOverPi[0]);
    DD t = sub(dd(x), twoProd(kd, k::kPiOver2[0]));
    t = sub(t, twoProd(kd, k::kPiOver2[1]));
    t = sub(t, twoProd(kd, k::kPiOver2[2]));
    r = add(t, -kd * k::kPiOver2[3]);
    return static_cast<int>(static_cast<int64_t>(kd) & 3);
  }
  int q = reduceLarge(ax, r);
  if (x < 0) {
    r = neg(r);
    q = (4 - q) & 3;
  }
  return q;
}

P2M_INTERNAL void sinCosPiDD(double x, DD& s, DD& c)
{
  double y = x - 2 * rintd(x * 0.5); // exact, in [-1, 1]
  double n = rintd(2 * y);
  double t = y - n * 0.5; // exact, in [-1/4, 1/4]
  DD s0, c0;
  sinCosDD(mul(ddc(k::kPiOver4), 4 * t), s0, c0); // pi*t
  // Quadrant by selection, not a switch: a switch over all four values leaves an unreachable
  // default, which NVPTX lowers to `exit` (not translatable inside a function).
  int q = static_cast<int>(n) & 3;
  DD sq = (q & 1) ? c0 : s0, cq = (q & 1) ? s0 : c0;
  s = (q & 2) ? neg(sq) : sq;
  c = ((q + 1) & 2) ? neg(cq) : cq;
}

P2M_INTERNAL DD atanDD(const DD& x)
{
  bool negative = x.hi < 0;
  DD a = negative ? neg(x) : x;
  bool inverted = a.hi > 1;
  if (inverted)
    a = div(dd(1.0), a);
  // Three halvings of the angle: tan(t/2) = tan t / (1 + sqrt(1 + tan^2 t)).
  for (int i = 0; i < 3; ++i)
    a = div(a, add(sqrt(add(mul(a, a), 1.0)), 1.0));
  DD z = neg(mul(a, a));
  constexpr int N = 18;
  DD p = ddc(k::kInvOdd[N]);
  for (int n = N - 1; n >= 0; --n)
    p = add(mul(p, z), ddc(k::kInvOdd[n]));
  DD r = mul2k(mul(p, a), 8.0);
  if (inverted)
    r = sub(DD{k::kPiOver2[0], k::kPiOver2[1]}, r);
  return negative ? neg(r) : r;
}

P2M_INTERNAL DD atan2DD(const DD& y, const DD& x)
{
  DD halfPi{k::kPiOver2[0], k::kPiOver2[1]};
  bool yNeg = __builtin_signbit(y.hi);
  if (absd(y.hi) > absd(x.hi)) {
    DD r = sub(halfPi, atanDD(div(x, absd(y.hi) == y.hi ? y : neg(y))));
    return yNeg ? neg(r) : r;
  }
  DD r = atanDD(div(y, x));
  if (x.hi < 0 || (x.hi == 0 && __builtin_signbit(x.hi))) {
    DD pi{k::kPi[0], k::kPi[1]};
    r = yNeg ? sub(r, pi) : add(r, pi);
  }
  return r;
}

namespace {
// log Gamma(1 + e) for |e| <= 0.2 by its Taylor series.
P2M_FN DD lgammaNear1(DD e)
{
  constexpr int N = 40;
  DD p = ddc(k::kLogGammaNear1[N - 1]);
  for (int n = N - 2; n >= 0; --n)
    p = add(mul(p, e), ddc(k::kLogGammaNear1[n]));
  // p = sum c_k e^(k-2): log Gamma(1+e) = e * (-gamma + e * p)
  return mul(e, add(mul(p, e), neg(ddc(k::kEulerGamma))));
}

// Stirling's series for w >= 40.
P2M_FN DD stirling(DD w)
{
  DD lw = logDD(w);
  DD r = sub(mul(add(w, -0.5), lw), w);
  r = add(r, ddc(k::kHalfLog2Pi));
  DD iw = div(dd(1.0), w), iw2 = mul(iw, iw);
  constexpr int K = 12;
  DD s = ddc(k::kStirling[K - 1]);
  for (int n = K - 2; n >= 0; --n)
    s = add(mul(s, iw2), ddc(k::kStirling[n]));
  return add(r, mul(s, iw));
}

// log Gamma(z) for z >= 0.5.
P2M_FN DD lgammaPositive(DD z)
{
  double e1 = z.hi - 1, e2 = z.hi - 2;
  if (absd(e1) <= 0.2)
    return lgammaNear1(add(z, -1.0));
  if (absd(e2) <= 0.2) { // log Gamma(2 + e) = log Gamma(1 + e) + log(1 + e)
    DD e = add(z, -2.0);
    return add(lgammaNear1(e), logDD(add(e, 1.0)));
  }
  if (z.hi >= 40)
    return stirling(z);
  DD prod = z;
  DD w = add(z, 1.0);
  while (w.hi < 40) {
    prod = mul(prod, w);
    w = add(w, 1.0);
  }
  return sub(stirling(w), logDD(prod));
}
} // namespace

P2M_INTERNAL DD lgammaDD(double x, int* sign)
{
  *sign = 1;
  if (x >= 0.5)
    return lgammaPositive(dd(x));
  // Reflection: Gamma(x) Gamma(1-x) = pi / sin(pi x).
  DD s, c;
  sinCosPiDD(x, s, c);
  if (s.hi < 0) {
    *sign = -1;
    s = neg(s);
  }
  DD l = logDD(div(DD{k::kPi[0], k::kPi[1]}, s));
  return sub(l, lgammaPositive(twoSum(1.0, -x)));
}

P2M_INTERNAL DD erfDD(const DD& x)
{
  // erf x = 2/sqrt(pi) e^{-x^2} sum 2^n x^(2n+1) / (1*3*...*(2n+1)): positive terms only.
  DD x2 = mul(x, x);
  DD two_x2 = mul2k(x2, 2.0);
  DD term = x, sum = x;
  for (int n = 1; n < 400; ++n) {
    term = mul(mul(term, two_x2), recip(2 * n + 1));
    sum = add(sum, term);
    if (absd(term.hi) < absd(sum.hi) * 0x1p-110)
      break;
  }
  int k;
  DD e = expParts(neg(x2), k);
  DD r = mul(mul(sum, e), ddc(k::kTwoOverSqrtPi));
  return mul2k(r, pow2(k));
}

P2M_INTERNAL DD erfcScaledDD(const DD& x)
{
  // Laplace's continued fraction: erfc x = e^{-x^2}/sqrt(pi) / (x + (1/2)/(x + 1/(x + (3/2)/...)))
  int depth = 30 + static_cast<int>(3000.0 / (x.hi * x.hi));
  DD f = x;
  for (int n = depth; n >= 1; --n)
    f = add(x, div(dd(0.5 * n), f));
  return div(ddc(k::kInvSqrtPi), f);
}

} // namespace p2m
