// The f32 support header compiled the way the host backend compiles generated MSL (see
// meson.build), wrapped in plain C++ functions for the tests (F32Ops.h). The wrappers are
// declared before metal_stdlib so that its macros cannot reach their declarations.
#include "F32Ops.h"

#include <metal_stdlib>
using namespace metal;

#include "emitters/msl/support/f32_ops.h"

namespace p2m::f32ops {

float add(float a, float b, Mode m)
{
    switch (m) {
    case RZ: return p2m_add_rz_f32(a, b);
    case RM: return p2m_add_rm_f32(a, b);
    case RP: return p2m_add_rp_f32(a, b);
    default: return p2m_add_rn_f32(a, b);
    }
}

float sub(float a, float b, Mode m)
{
    switch (m) {
    case RZ: return p2m_sub_rz_f32(a, b);
    case RM: return p2m_sub_rm_f32(a, b);
    case RP: return p2m_sub_rp_f32(a, b);
    default: return p2m_sub_rn_f32(a, b);
    }
}

float mul(float a, float b, Mode m)
{
    switch (m) {
    case RZ: return p2m_mul_rz_f32(a, b);
    case RM: return p2m_mul_rm_f32(a, b);
    case RP: return p2m_mul_rp_f32(a, b);
    default: return p2m_mul_rn_f32(a, b);
    }
}

float fma(float a, float b, float c, Mode m)
{
    switch (m) {
    case RZ: return p2m_fma_rz_f32(a, b, c);
    case RM: return p2m_fma_rm_f32(a, b, c);
    case RP: return p2m_fma_rp_f32(a, b, c);
    default: return p2m_fma_rn_f32(a, b, c);
    }
}

float fmaInBinade(float a, float b, float c, Mode m)
{
    switch (m) {
    case RZ: return p2m_fma_rz_in_binade_f32(a, b, c);
    case RM: return p2m_fma_rm_in_binade_f32(a, b, c);
    case RP: return p2m_fma_rp_in_binade_f32(a, b, c);
    default: return p2m_fma_rn_f32(a, b, c); // no short form: round to nearest is MSL's fma
    }
}

float div(float a, float b, Mode m)
{
    switch (m) {
    case RZ: return p2m_div_rz_f32(a, b);
    case RM: return p2m_div_rm_f32(a, b);
    case RP: return p2m_div_rp_f32(a, b);
    default: return p2m_div_rn_f32(a, b);
    }
}

float rcp(float a, Mode m)
{
    switch (m) {
    case RZ: return p2m_rcp_rz_f32(a);
    case RM: return p2m_rcp_rm_f32(a);
    case RP: return p2m_rcp_rp_f32(a);
    default: return p2m_rcp_rn_f32(a);
    }
}

float sqrt(float a, Mode m)
{
    switch (m) {
    case RZ: return p2m_sqrt_rz_f32(a);
    case RM: return p2m_sqrt_rm_f32(a);
    case RP: return p2m_sqrt_rp_f32(a);
    default: return p2m_sqrt_rn_f32(a);
    }
}

float divFull(float a, float b) { return p2m_div_full_f32(a, b); }

float rcpApprox(float a) { return p2m_rcp_approx_f32(a); }
float sqrtApprox(float a) { return p2m_sqrt_approx_f32(a); }
float rsqrtApprox(float a) { return p2m_rsqrt_approx_f32(a); }
float rsqrtRefine(float a, float estimate) { return p2m_f32op_rsqrt_refine(a, estimate); }
float divApprox(float a, float b) { return p2m_div_approx_f32(a, b); }
float sinApprox(float a) { return p2m_sin_approx_f32(a); }
float cosApprox(float a) { return p2m_cos_approx_f32(a); }
float lg2Approx(float a) { return p2m_lg2_approx_f32(a); }
float ex2Approx(float a) { return p2m_ex2_approx_f32(a); }
float ex2ApproxFtz(float a) { return p2m_ex2_approx_ftz_f32(a); }
float tanhApprox(float a) { return p2m_tanh_approx_f32(a); }

float min(float a, float b) { return p2m_min_f32(a, b); }
float max(float a, float b) { return p2m_max_f32(a, b); }
float minNan(float a, float b) { return p2m_min_nan_f32(a, b); }
float maxNan(float a, float b) { return p2m_max_nan_f32(a, b); }
float minAnyNan(float a, float b) { return p2m_min_any_nan_f32(a, b); }
float maxAnyNan(float a, float b) { return p2m_max_any_nan_f32(a, b); }
float minXorsignAbs(float a, float b) { return p2m_min_xorsign_abs_f32(a, b); }
float maxXorsignAbs(float a, float b) { return p2m_max_xorsign_abs_f32(a, b); }

bool testpFinite(float a) { return p2m_testp_finite_f32(a); }
bool testpInfinite(float a) { return p2m_testp_infinite_f32(a); }
bool testpNumber(float a) { return p2m_testp_number_f32(a); }
bool testpNotanumber(float a) { return p2m_testp_notanumber_f32(a); }
bool testpNormal(float a) { return p2m_testp_normal_f32(a); }
bool testpSubnormal(float a) { return p2m_testp_subnormal_f32(a); }

float copysign(float a, float b) { return p2m_copysign_f32(a, b); }
float abs(float a) { return p2m_abs_f32(a); }
float neg(float a) { return p2m_neg_f32(a); }
float absBits(float a) { return p2m_abs_bits_f32(a); }
float negBits(float a) { return p2m_neg_bits_f32(a); }
float sat(float a) { return p2m_sat_f32(a); }
float satAnyZero(float a) { return p2m_sat_any_zero_f32(a); }

unsigned canonicalNan() { return P2M_F32_NAN; }

int modeConstant(Mode m)
{
    switch (m) {
    case RZ: return P2M_F32OP_RZ;
    case RM: return P2M_F32OP_RM;
    case RP: return P2M_F32OP_RP;
    default: return P2M_F32OP_RN;
    }
}

} // namespace p2m::f32ops
