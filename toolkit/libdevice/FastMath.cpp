// The fast-math intrinsics (__sinf, __expf, __logf, __fdividef, ...), built as NVIDIA documents
// them: from PTX's approximate instructions ex2/lg2/sin/cos/rsqrt/div.approx. Their bounds
// are the CUDA programming guide's for these intrinsics. Also __frsqrt_rn (correctly rounded).
#include "DDMath.h"

using namespace p2m;

#if !defined(P2M_DEVICE_BUILD)
// Host stand-ins for the approximate instructions: the accurate functions, which are within
// the PTX bounds; a device's values may differ from these in the last bits.
float p2m::ex2Approx(float a) { return __nv_exp2f(a); }
float p2m::lg2Approx(float a) { return __nv_log2f(a); }
float p2m::sinApprox(float a) { return __nv_sinf(a); }
float p2m::cosApprox(float a) { return __nv_cosf(a); }
float p2m::rsqrtApprox(float a) { return __nv_rsqrtf(a); }
// div.approx.f32: 0 for 2^126 < |b| < 2^128 (finite a), as PTX specifies.
float p2m::divApprox(float a, float b)
{
  float ab = __builtin_fabsf(b);
  if (ab > 0x1p126f && ab < __builtin_inff() && __builtin_fabsf(a) < __builtin_inff())
    return __builtin_copysignf(0.0f, a) * __builtin_copysignf(1.0f, b);
  return a / b;
}
#endif

namespace {
constexpr float kLog2E = 1.44269502f;      // log2(e) rounded to float
constexpr float kLog2Of10 = 3.32192802f;   // log2(10)
constexpr float kLn2 = 0.693147182f;       // ln 2
constexpr float kLog10Of2 = 0.301029995f;  // log10(2)
} // namespace

P2M_EXPORT float __nv_fast_expf(float a) { return ex2Approx(a * kLog2E); }
P2M_EXPORT float __nv_fast_exp10f(float a) { return ex2Approx(a * kLog2Of10); }
P2M_EXPORT float __nv_fast_logf(float a) { return lg2Approx(a) * kLn2; }
P2M_EXPORT float __nv_fast_log2f(float a) { return lg2Approx(a); }
P2M_EXPORT float __nv_fast_log10f(float a) { return lg2Approx(a) * kLog10Of2; }
P2M_EXPORT float __nv_fast_powf(float a, float b) { return ex2Approx(b * lg2Approx(a)); }
P2M_EXPORT float __nv_fast_sinf(float a) { return sinApprox(a); }
P2M_EXPORT float __nv_fast_cosf(float a) { return cosApprox(a); }
P2M_EXPORT void __nv_fast_sincosf(float a, float* s, float* c)
{
  *s = sinApprox(a);
  *c = cosApprox(a);
}
P2M_EXPORT float __nv_fast_tanf(float a) { return divApprox(sinApprox(a), cosApprox(a)); }
P2M_EXPORT float __nv_fast_fdividef(float a, float b) { return divApprox(a, b); }

// 1/sqrt(a) correctly rounded: the double estimate is corrected by testing the float
// candidate's rounding boundaries exactly (m^2 a - 1 by fma has the right sign).
P2M_EXPORT float __nv_frsqrt_rn(float a)
{
  if (!(a > 0) || a == __builtin_inff())
    return __nv_rsqrtf(a);
  float y = static_cast<float>(__nv_rsqrt(a));
  double ad = a;
  double yu = static_cast<double>(__nv_nextafterf(y, __builtin_inff()));
  double yd = static_cast<double>(__nv_nextafterf(y, 0.0f));
  double mHi = (static_cast<double>(y) + yu) * 0.5, mLo = (static_cast<double>(y) + yd) * 0.5;
  if (fma_(mHi * mHi, ad, -1.0) < 0) // the midpoint above is still below 1/sqrt(a)
    return static_cast<float>(yu);
  if (fma_(mLo * mLo, ad, -1.0) > 0)
    return static_cast<float>(yd);
  return y;
}
