// Float-only hyperbolic functions: sinhf coshf tanhf.
#include "FloatCore.h"

using namespace p2m;
using namespace p2m::flt;

namespace {
// e^a / 2 for 0 <= a < 90 (the halving is exact: 2^(a log2 e - 1)).
P2M_FN float halfExp(float a)
{
  float th = a * fpoly::kLog2E[0];
  float tl = fmaf_(a, fpoly::kLog2E[0], -th) + a * fpoly::kLog2E[1];
  // th - 1 is exact for th >= 1; below, halving the result is (no overflow there).
  return th >= 1.0f ? exp2Pair(th - 1.0f, tl) : 0.5f * exp2Pair(th, tl);
}
} // namespace

P2M_EXPORT float __nv_sinhf(float x)
{
  float a = __builtin_fabsf(x);
  if (!(a <= 0x1.fffffep127f))
    return x + x; // NaN or +-inf
  float r;
  if (a < 1.0f) {
    float z = x * x;
    return fmaf_(x * z, horner(fpoly::kSinhS, z), x);
  }
  if (a > 90.0f)
    r = __builtin_inff();
  else if (a >= 10.0f) // e^-a is below 2^-28 of e^a
    r = halfExp(a);
  else {
    float h = halfExp(a);
    r = h - 0.25f / h;
  }
  return __builtin_copysignf(r, x);
}
P2M_EXPORT float __nv_coshf(float x)
{
  float a = __builtin_fabsf(x);
  if (!(a <= 0x1.fffffep127f))
    return a + a; // NaN or +inf
  if (a > 90.0f)
    return __builtin_inff();
  float h = halfExp(a);
  return a >= 10.0f ? h : h + 0.25f / h;
}
P2M_EXPORT float __nv_tanhf(float x)
{
  float a = __builtin_fabsf(x);
  if (a != a)
    return x + x;
  if (a < 1.0f) {
    float z = x * x;
    return fmaf_(x * z, horner(fpoly::kTanhT, z), x);
  }
  // 1 - 2 / (e^2a + 1); tanh rounds to 1 from a = 9.1 on.
  float r = a >= 10.0f ? 1.0f : 1.0f - 1.0f / (halfExp(2.0f * a) + 0.5f);
  return __builtin_copysignf(r, x);
}
