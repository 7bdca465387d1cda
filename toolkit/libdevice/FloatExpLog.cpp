// Float-only exponentials and logarithms: expf exp2f exp10f expm1f logf log2f log10f log1pf.
#include "FloatCore.h"

using namespace p2m;
using namespace p2m::flt;

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

P2M_EXPORT float __nv_expm1f(float x)
{
  if (isNan(x))
    return x + x;
  if (x > 89.0f)
    return __builtin_inff();
  if (x < -17.4f)
    return -1.0f; // e^x < 2^-25: -1 + e^x rounds to -1
  // x = k ln2 + rh + rl; k ln2's first part is exact and x minus it too.
  float kf = __builtin_rintf(x * fpoly::kLog2E[0]);
  float r1 = fmaf_(-kf, fpoly::kLn2[0], x);
  float rh, rl;
  twoSum(r1, -kf * fpoly::kLn2[1], rh, rl);
  // e^r - 1 = rh + em, em = rh^2 E(rh) + rl (1 + rh).
  float em = fmaf_(rh * rh, horner(fpoly::kExpm1E, rh), fmaf_(rl, rh, rl));
  int k = static_cast<int>(kf);
  if (k < -1) // 2^k e^r <= 0.36: its rounding is small against the result (< -0.64)
    return scale(1.0f + (rh + em), k) - 1.0f;
  // e^x - 1 = 2^k (rh + em + 1 - 2^-k): 1 - 2^-k (exact up to k = 24) joins rh exactly.
  // Above 24, -2^-k is kept apart while it can matter (and stays normal: FTZ devices agree).
  float c = k <= 24 ? 1.0f - scale(1.0f, -k) : 1.0f;
  float tail = k <= 24 || k > 60 ? 0.0f : -scale(1.0f, -k);
  float s, t;
  twoSum(c, rh, s, t);
  return scale(s + (t + (em + tail)), k);
}

P2M_EXPORT float __nv_log1pf(float x)
{
  if (isNan(x))
    return x + x;
  if (x < -1.0f)
    return __builtin_nanf("");
  if (x == -1.0f)
    return -__builtin_inff();
  if (x == __builtin_inff())
    return x;
  if (x > -0.29289321f && x < 0.41421356f) // 1 + x in [sqrt(1/2), sqrt(2)): the series of f = x
    return fmaf_(x * x, horner(fpoly::kLog1pQ, x), x);
  // u + ul = 1 + x exactly; log(1 + x) = log(u) + ul / u.
  float u, ul;
  twoSum(1.0f, x, u, ul);
  float e, f;
  float c = logParts(u, e, f);
  float hi, t;
  twoSum(e * fpoly::kLn2[0], f, hi, t);
  return hi + (t + (c + fmaf_(e, fpoly::kLn2[1], ul / u)));
}
