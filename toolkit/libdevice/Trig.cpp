// Circular functions: sin cos tan sincos sinpi cospi sincospi (double), sinpif cospif
// sincospif (through double; sinf cosf sincosf tanf are float-only, FloatTrig.cpp).
#include "DDMath.h"
#include "FloatViaDouble.h"

using namespace p2m;

namespace {
// sin and cos of finite x, with x's quadrant applied.
P2M_FN void sinCos(double x, double* s, double* c)
{
  DD r, sr, cr;
  int q = reducePiOver2(x, r);
  sinCosDD(r, sr, cr);
  double sv = toDouble(sr), cv = toDouble(cr);
  // Quadrant by selection (see sinCosPiDD): sin = +-(sin r or cos r), cos likewise.
  double sq = (q & 1) ? cv : sv, cq = (q & 1) ? sv : cv;
  *s = (q & 2) ? -sq : sq;
  *c = ((q + 1) & 2) ? -cq : cq;
}
P2M_FN bool nonFinite(double x) { return !(__builtin_fabs(x) <= 1.7976931348623157e308); }
} // namespace

P2M_EXPORT double __nv_sin(double x)
{
  if (nonFinite(x))
    return x - x; // NaN for inf and NaN
  if (__builtin_fabs(x) < 0x1p-27)
    return x;
  double s, c;
  sinCos(x, &s, &c);
  return s;
}
P2M_EXPORT double __nv_cos(double x)
{
  if (nonFinite(x))
    return x - x;
  double s, c;
  sinCos(x, &s, &c);
  return c;
}
P2M_EXPORT void __nv_sincos(double x, double* s, double* c)
{
  if (nonFinite(x)) {
    *s = *c = x - x;
    return;
  }
  sinCos(x, s, c);
  if (__builtin_fabs(x) < 0x1p-27)
    *s = x;
}
P2M_EXPORT double __nv_tan(double x)
{
  if (nonFinite(x))
    return x - x;
  if (__builtin_fabs(x) < 0x1p-27)
    return x;
  DD r, sr, cr;
  int q = reducePiOver2(x, r);
  sinCosDD(r, sr, cr);
  return toDouble((q & 1) ? neg(div(cr, sr)) : div(sr, cr));
}

P2M_EXPORT void __nv_sincospi(double x, double* s, double* c)
{
  if (nonFinite(x)) {
    *s = *c = x - x;
    return;
  }
  DD sd, cd;
  sinCosPiDD(x, sd, cd);
  double sv = toDouble(sd), cv = toDouble(cd);
  *s = sv == 0 ? __builtin_copysign(0.0, x) : sv; // sinpi(n) = +-0 with x's sign
  *c = cv == 0 ? 0.0 : cv;
  if (__builtin_fabs(x) < 0x1p-1000) // pi*x: keep the product's relative accuracy
    *s = toDouble(mul(DD{k::kPi[0], k::kPi[1]}, x * 0x1p100)) * 0x1p-100;
}
P2M_EXPORT double __nv_sinpi(double x)
{
  double s, c;
  __nv_sincospi(x, &s, &c);
  return s;
}
P2M_EXPORT double __nv_cospi(double x)
{
  double s, c;
  __nv_sincospi(x, &s, &c);
  return c;
}

P2M_FLOAT_VIA_DOUBLE1(sinpif, sinpi)
P2M_FLOAT_VIA_DOUBLE1(cospif, cospi)
P2M_EXPORT void __nv_sincospif(float x, float* s, float* c)
{
  double sd, cd;
  __nv_sincospi(x, &sd, &cd);
  *s = static_cast<float>(sd);
  *c = static_cast<float>(cd);
}
