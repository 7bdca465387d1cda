// Float-only exponentials and logarithms: expf exp2f exp10f logf log2f log10f.
#include "FloatCore.h"

using namespace p2m;
using namespace p2m::flt;

namespace {
// 2^(x * c) for c = ch + cl given as a float pair; x's range checked by the caller.
P2M_FN float exp2Times(float x, const float (&c)[2])
{
  float th = x * c[0];
  float tl = fmaf_(x, c[0], -th) + x * c[1];
  return exp2Pair(th, tl);
}
} // namespace

P2M_EXPORT float __nv_expf(float x)
{
  if (isNan(x))
    return x + x;
  if (x > 89.0f)
    return __builtin_inff();
  if (x < -104.0f)
    return 0.0f;
  return exp2Times(x, fpoly::kLog2E);
}
P2M_EXPORT float __nv_exp2f(float x)
{
  if (isNan(x))
    return x + x;
  if (x > 129.0f)
    return __builtin_inff();
  if (x < -151.0f)
    return 0.0f;
  return exp2Pair(x, 0.0f);
}
P2M_EXPORT float __nv_exp10f(float x)
{
  if (isNan(x))
    return x + x;
  if (x > 39.0f)
    return __builtin_inff();
  if (x < -46.0f)
    return 0.0f;
  return exp2Times(x, fpoly::kLog2Of10);
}

namespace {
// NaN, negative, zero and infinite arguments of the logarithms; `done` when one applies.
P2M_FN float logSpecial(float x, bool& done)
{
  done = true;
  if (isNan(x))
    return x + x;
  if (x < 0.0f)
    return __builtin_nanf("");
  if (x == 0.0f)
    return -__builtin_inff();
  if (x == __builtin_inff())
    return x;
  done = false;
  return 0.0f;
}
} // namespace

P2M_EXPORT float __nv_logf(float x)
{
  bool done;
  float s = logSpecial(x, done);
  if (done)
    return s;
  float e, f;
  float c = logParts(x, e, f);
  // e ln2 + f + c: e times the 16-bit part of ln 2 is exact; f joins it without error.
  float hi, t;
  twoSum(e * fpoly::kLn2[0], f, hi, t);
  return hi + (t + (c + e * fpoly::kLn2[1]));
}
P2M_EXPORT float __nv_log2f(float x)
{
  bool done;
  float s = logSpecial(x, done);
  if (done)
    return s;
  float e, f;
  float c = logParts(x, e, f);
  // e + (f + c) log2(e), the product f log2(e) kept as a pair.
  float ph = f * fpoly::kLog2E[0];
  float pl = fmaf_(f, fpoly::kLog2E[0], -ph) + fmaf_(f, fpoly::kLog2E[1], c * fpoly::kLog2E[0]);
  float hi, t;
  twoSum(e, ph, hi, t);
  return hi + (t + pl);
}
P2M_EXPORT float __nv_log10f(float x)
{
  bool done;
  float s = logSpecial(x, done);
  if (done)
    return s;
  float e, f;
  float c = logParts(x, e, f);
  // e log10(2) + (f + c) log10(e).
  float ph = f * fpoly::kLog10E[0];
  float pl = fmaf_(f, fpoly::kLog10E[0], -ph) + fmaf_(f, fpoly::kLog10E[1], c * fpoly::kLog10E[0]);
  float hi, t;
  twoSum(e * fpoly::kLog10Of2[0], ph, hi, t);
  return hi + (t + fmaf_(e, fpoly::kLog10Of2[1], pl));
}
