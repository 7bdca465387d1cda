// Kernels.h's functions: the fp8 section of cvt_ops.h compiled as the host backend compiles
// generated MSL (C++17 against lib/runtime/host/include, see meson.build). No system header may
// be included here: metal_stdlib defines device, constant, thread, threadgroup and kernel.
#include "Kernels.h"

#include <metal_stdlib>
using namespace metal;
#include "cvt_ops.h"

namespace p2m::mslfp8 {

unsigned fp8x2ToF16x2(unsigned short a, int form)
{
    switch (form) {
    case E4M3: return p2m_cvt_rn_f16x2_e4m3x2(a);
    case E4M3_RELU: return p2m_cvt_rn_relu_f16x2_e4m3x2(a);
    case E5M2: return p2m_cvt_rn_f16x2_e5m2x2(a);
    default: return p2m_cvt_rn_relu_f16x2_e5m2x2(a);
    }
}

unsigned short f16x2ToFp8x2(unsigned a, int form)
{
    switch (form) {
    case E4M3: return p2m_cvt_rn_satfinite_e4m3x2_f16x2(a);
    case E4M3_RELU: return p2m_cvt_rn_relu_satfinite_e4m3x2_f16x2(a);
    case E5M2: return p2m_cvt_rn_satfinite_e5m2x2_f16x2(a);
    default: return p2m_cvt_rn_relu_satfinite_e5m2x2_f16x2(a);
    }
}

unsigned short f32x2ToFp8x2(unsigned a, unsigned b, int form)
{
    const float x = as_type<float>(a), y = as_type<float>(b);
    switch (form) {
    case E4M3: return p2m_cvt_rn_satfinite_e4m3x2_f32(x, y);
    case E4M3_RELU: return p2m_cvt_rn_relu_satfinite_e4m3x2_f32(x, y);
    case E5M2: return p2m_cvt_rn_satfinite_e5m2x2_f32(x, y);
    default: return p2m_cvt_rn_relu_satfinite_e5m2x2_f32(x, y);
    }
}

} // namespace p2m::mslfp8
