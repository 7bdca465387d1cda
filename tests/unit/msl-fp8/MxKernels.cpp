// MxKernels.h's functions: the OCP MX section of cvt_ops.h compiled as the host backend compiles
// generated MSL (C++17 against lib/runtime/host/include, see meson.build). No system header may
// be included here: metal_stdlib defines device, constant, thread, threadgroup and kernel.
#include "MxKernels.h"

#include <metal_stdlib>
using namespace metal;
#include "cvt_ops.h"

namespace p2m::mslmx {

unsigned f32x2ToMx(unsigned a, unsigned b, int format, bool relu)
{
    const float x = as_type<float>(a), y = as_type<float>(b);
    switch (format) {
    case E2M1: return relu ? p2m_cvt_rn_relu_satfinite_e2m1x2_f32(x, y) : p2m_cvt_rn_satfinite_e2m1x2_f32(x, y);
    case E2M3: return relu ? p2m_cvt_rn_relu_satfinite_e2m3x2_f32(x, y) : p2m_cvt_rn_satfinite_e2m3x2_f32(x, y);
    default: return relu ? p2m_cvt_rn_relu_satfinite_e3m2x2_f32(x, y) : p2m_cvt_rn_satfinite_e3m2x2_f32(x, y);
    }
}

unsigned mxToF16x2(unsigned short a, int format, bool relu)
{
    switch (format) {
    case E2M1: return relu ? p2m_cvt_rn_relu_f16x2_e2m1x2((uchar)a) : p2m_cvt_rn_f16x2_e2m1x2((uchar)a);
    case E2M3: return relu ? p2m_cvt_rn_relu_f16x2_e2m3x2(a) : p2m_cvt_rn_f16x2_e2m3x2(a);
    default: return relu ? p2m_cvt_rn_relu_f16x2_e3m2x2(a) : p2m_cvt_rn_f16x2_e3m2x2(a);
    }
}

unsigned short f32x2ToUe8m0x2(unsigned a, unsigned b, bool rp, bool satfinite)
{
    const float x = as_type<float>(a), y = as_type<float>(b);
    if (rp)
        return satfinite ? p2m_cvt_rp_satfinite_ue8m0x2_f32(x, y) : p2m_cvt_rp_ue8m0x2_f32(x, y);
    return satfinite ? p2m_cvt_rz_satfinite_ue8m0x2_f32(x, y) : p2m_cvt_rz_ue8m0x2_f32(x, y);
}

unsigned short bf16x2ToUe8m0x2(unsigned a, bool rp, bool satfinite)
{
    if (rp)
        return satfinite ? p2m_cvt_rp_satfinite_ue8m0x2_bf16x2(a) : p2m_cvt_rp_ue8m0x2_bf16x2(a);
    return satfinite ? p2m_cvt_rz_satfinite_ue8m0x2_bf16x2(a) : p2m_cvt_rz_ue8m0x2_bf16x2(a);
}

unsigned ue8m0x2ToBf16x2(unsigned short a) { return p2m_cvt_rn_bf16x2_ue8m0x2(a); }

} // namespace p2m::mslmx
