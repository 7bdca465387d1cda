// Float-only error functions: erff erfcf.
#include "FloatCore.h"

using namespace p2m;
using namespace p2m::flt;

namespace {
// erf(x) for |x| < 1: x (2/sqrt(pi) + z E(z)), z = x^2, with 2/sqrt(pi) as a pair.
P2M_FN float erfSmall(float x)
{
  float z = x * x;
  return fmaf_(x, fpoly::kTwoOverSqrtPi[0],
               x * fmaf_(z, horner(fpoly::kErfE, z), fpoly::kTwoOverSqrtPi[1]));
}

// erfc(a) for 1/2 <= a <= 10.1: e^(-a^2) erfcx(a), erfcx by its polynomial in a - 5/4 (exact)
// below 2 and in 1/a above, e^(-a^2) with a^2 as a pair.
P2M_FN float erfcLarge(float a)
{
  float g;
  if (a < 2.0f) {
    g = horner(fpoly::kErfcxNear, a - 1.25f);
  } else {
    // erfcx(a) ~ t / sqrt(pi) with t = 1/a: the rounding of t, 1 - t a, enters almost fully.
    float t = 1.0f / a;
    g = horner(fpoly::kErfcxFar, t);
    g = fmaf_(g, fmaf_(-t, a, 1.0f), g);
  }
  float sh = a * a;
  float sl = fmaf_(a, a, -sh);
  float th = -sh * fpoly::kLog2E[0];
  float tl = fmaf_(-sh, fpoly::kLog2E[0], -th) - fmaf_(sh, fpoly::kLog2E[1], sl * fpoly::kLog2E[0]);
  // Keep 2^k apart so that a subnormal result is rounded once.
  float k = __builtin_rintf(th);
  return scale(exp2Pair(th - k, tl) * g, static_cast<int>(k));
}
} // namespace

P2M_EXPORT float __nv_erff(float x)
{
  float a = __builtin_fabsf(x);
  if (a != a)
    return x + x;
  if (a < 1.0f)
    return erfSmall(x);
  float r = a >= 3.95f ? 1.0f : 1.0f - erfcLarge(a); // erfc(3.95) < 2^-25
  return __builtin_copysignf(r, x);
}

P2M_EXPORT float __nv_erfcf(float x)
{
  if (x != x)
    return x + x;
  float a = __builtin_fabsf(x);
  if (a < 0.5f)
    return 1.0f - erfSmall(x);
  if (x < 0.0f)
    return a >= 3.9f ? 2.0f : 2.0f - erfcLarge(a); // erfc(3.9) < 2^-24, 2 - it rounds to 2
  return a > 10.1f ? 0.0f : erfcLarge(a);
}
