// Powers and roots: pow powi sqrt rsqrt cbrt rcbrt hypot rhypot norm* rnorm* (double, float;
// powf cbrtf rsqrtf hypotf are float-only, FloatPower.cpp).
#include "DDMath.h"
#include "FloatViaDouble.h"

using namespace p2m;

namespace {
constexpr double kInf = __builtin_inf();
P2M_FN bool isInteger(double y) { return __builtin_rint(y) == y; }
P2M_FN bool isOddInteger(double y)
{
  return __builtin_fabs(y) < 0x1p53 && isInteger(y) && !isInteger(y * 0.5);
}
P2M_FN int exponentOf(double a) // floor(log2 a) for finite a > 0
{
  if (a < 0x1p-1022)
    return static_cast<int>((bits(a * 0x1p60) >> 52) & 0x7ff) - 1023 - 60;
  return static_cast<int>((bits(a) >> 52) & 0x7ff) - 1023;
}
} // namespace

P2M_EXPORT double __nv_pow(double x, double y)
{
  if (y == 0 || x == 1)
    return 1.0;
  if (x != x || y != y)
    return x + y;
  double ax = __builtin_fabs(x), ay = __builtin_fabs(y);
  bool oddY = isOddInteger(y);
  if (ay == kInf) {
    if (ax == 1)
      return 1.0;
    return (ax < 1) == (y < 0) ? kInf : 0.0;
  }
  if (ax == kInf || x == 0) {
    bool big = (ax == kInf) == (y > 0); // result infinite
    double r = big ? kInf : 0.0;
    return oddY && __builtin_signbit(x) ? -r : r;
  }
  if (x < 0 && !isInteger(y))
    return __builtin_nan("");
  double sign = x < 0 && oddY ? -1.0 : 1.0;
  DD l = logDD(dd(ax));
  double estimate = l.hi * y; // decides overflow before the double-double product could
  if (estimate > 720)
    return sign * kInf;
  if (estimate < -760)
    return sign * 0.0;
  DD t = mul(l, y);
  if (t.hi > 710)
    return sign * kInf;
  if (t.hi < -746)
    return sign * 0.0;
  int k;
  DD e = expParts(t, k);
  return sign * roundScaled(e, k);
}
P2M_EXPORT double __nv_powi(double x, int n) { return __nv_pow(x, static_cast<double>(n)); }
P2M_EXPORT float __nv_powif(float x, int n)
{
  return static_cast<float>(__nv_pow(x, static_cast<double>(n)));
}

P2M_EXPORT double __nv_sqrt(double x) { return sqrt_(x); }
P2M_EXPORT float __nv_sqrtf(float x) { return sqrtf_(x); }

P2M_EXPORT double __nv_rsqrt(double x)
{
  if (x != x)
    return x + x;
  if (x == 0)
    return __builtin_copysign(kInf, x);
  if (x < 0)
    return __builtin_nan("");
  if (x == kInf)
    return 0.0;
  int e = exponentOf(x) & ~1; // even, so that sqrt scales exactly
  DD s = sqrt(dd(scale(x, -e)));
  return roundScaled(div(dd(1.0), s), -e / 2);
}

namespace {
// Cube root of a finite a > 0 as a double-double.
P2M_FN DD cbrtDD(double a, int& outScale)
{
  int e = exponentOf(a);
  int e3 = e >= 0 ? e / 3 : -((-e + 2) / 3); // floor(e / 3)
  double m = scale(a, -3 * e3);             // in [1, 8)
  // Start from m^(1/3) ~ 1 + (m - 1) / 4.5 and refine with Newton's method in double.
  double y = 0.75 + m * 0.2;
  for (int i = 0; i < 6; ++i)
    y = y - (y * y * y - m) / (3 * y * y);
  DD y3 = mul(twoProd(y, y), y);
  DD r = sub(dd(m), y3);
  DD corr = div(r, mul(twoProd(y, y), 3.0)); // one more step in double-double
  outScale = e3;
  return add(corr, y);
}
} // namespace

P2M_EXPORT double __nv_cbrt(double x)
{
  double a = __builtin_fabs(x);
  if (x != x || x == 0 || a == kInf)
    return x + x == x ? x : x + x; // NaN quiets, +-0 and +-inf unchanged
  int s;
  DD c = cbrtDD(a, s);
  return __builtin_copysign(roundScaled(c, s), x);
}
P2M_EXPORT double __nv_rcbrt(double x)
{
  double a = __builtin_fabs(x);
  if (x != x)
    return x + x;
  if (x == 0)
    return __builtin_copysign(kInf, x);
  if (a == kInf)
    return __builtin_copysign(0.0, x);
  int s;
  DD c = cbrtDD(a, s);
  return __builtin_copysign(roundScaled(div(dd(1.0), c), -s), x);
}

namespace {
// sqrt(sum v_i^2) (or its reciprocal) over n values, scaled to avoid overflow/underflow.
P2M_FN double normOf(int n, const double* v, bool reciprocal)
{
  double maxAbs = 0;
  bool nan = false;
  for (int i = 0; i < n; ++i) {
    double a = __builtin_fabs(v[i]);
    if (a == kInf)
      return reciprocal ? 0.0 : kInf;
    nan |= a != a;
    maxAbs = a > maxAbs ? a : maxAbs;
  }
  if (nan)
    return __builtin_nan("");
  if (maxAbs == 0)
    return reciprocal ? kInf : 0.0;
  int e = exponentOf(maxAbs) & ~1;
  DD sum = dd(0.0);
  for (int i = 0; i < n; ++i) {
    double s = scale(v[i], -e);
    sum = add(sum, twoProd(s, s));
  }
  DD r = sqrt(sum);
  return reciprocal ? roundScaled(div(dd(1.0), r), -e) : roundScaled(r, e);
}
} // namespace

P2M_EXPORT double __nv_hypot(double x, double y)
{
  double v[2] = {x, y};
  return normOf(2, v, false);
}
P2M_EXPORT double __nv_rhypot(double x, double y)
{
  double v[2] = {x, y};
  return normOf(2, v, true);
}
P2M_EXPORT double __nv_norm3d(double a, double b, double c)
{
  double v[3] = {a, b, c};
  return normOf(3, v, false);
}
P2M_EXPORT double __nv_rnorm3d(double a, double b, double c)
{
  double v[3] = {a, b, c};
  return normOf(3, v, true);
}
P2M_EXPORT double __nv_norm4d(double a, double b, double c, double d)
{
  double v[4] = {a, b, c, d};
  return normOf(4, v, false);
}
P2M_EXPORT double __nv_rnorm4d(double a, double b, double c, double d)
{
  double v[4] = {a, b, c, d};
  return normOf(4, v, true);
}
P2M_EXPORT double __nv_norm(int n, const double* v) { return normOf(n, v, false); }
P2M_EXPORT double __nv_rnorm(int n, const double* v) { return normOf(n, v, true); }

namespace {
// The float norms: every float square is exact in double, and the double sum of up to a
// few squares is within 2^-52 relative, so one rounding at the end suffices.
P2M_FN float normOfF(int n, const float* v, bool reciprocal)
{
  double sum = 0;
  bool inf = false, nan = false;
  for (int i = 0; i < n; ++i) {
    double a = __builtin_fabs(static_cast<double>(v[i]));
    inf |= a == kInf;
    nan |= a != a;
    sum += a * a;
  }
  if (inf)
    return reciprocal ? 0.0f : static_cast<float>(kInf);
  if (nan)
    return __builtin_nanf("");
  if (reciprocal)
    return static_cast<float>(__nv_rsqrt(sum));
  return static_cast<float>(sqrt_(sum));
}
} // namespace

P2M_EXPORT float __nv_rhypotf(float x, float y)
{
  float v[2] = {x, y};
  return normOfF(2, v, true);
}
P2M_EXPORT float __nv_norm3df(float a, float b, float c)
{
  float v[3] = {a, b, c};
  return normOfF(3, v, false);
}
P2M_EXPORT float __nv_rnorm3df(float a, float b, float c)
{
  float v[3] = {a, b, c};
  return normOfF(3, v, true);
}
P2M_EXPORT float __nv_norm4df(float a, float b, float c, float d)
{
  float v[4] = {a, b, c, d};
  return normOfF(4, v, false);
}
P2M_EXPORT float __nv_rnorm4df(float a, float b, float c, float d)
{
  float v[4] = {a, b, c, d};
  return normOfF(4, v, true);
}
P2M_EXPORT float __nv_normf(int n, const float* v) { return normOfF(n, v, false); }
P2M_EXPORT float __nv_rnormf(int n, const float* v) { return normOfF(n, v, true); }

P2M_FLOAT_VIA_DOUBLE1(rcbrtf, rcbrt)
