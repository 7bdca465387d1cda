// Kernels.h's functions: cvt_ops.h and half_ops.h compiled as the host backend compiles
// generated MSL (C++17 against lib/runtime/host/include, see meson.build). No system header may
// be included here: metal_stdlib defines device, constant, thread, threadgroup and kernel.
// Every case of the switches calls one entry point by name.
#include "Kernels.h"

#include <metal_stdlib>
using namespace metal;
#include "cvt_ops.h"
#include "half_ops.h"

namespace p2m::mslcvt {
namespace {
ushort bitsOf(half h) { return as_type<ushort>(h); }
half halfOf(ushort b) { return as_type<half>(b); }
uint bitsOf(float f) { return as_type<uint>(f); }
// An integer result as its bits, zero-extended.
ulong zext(char v) { return (ulong)as_type<uchar>(v); }
ulong zext(uchar v) { return (ulong)v; }
ulong zext(short v) { return (ulong)as_type<ushort>(v); }
ulong zext(ushort v) { return (ulong)v; }
ulong zext(int v) { return (ulong)as_type<uint>(v); }
ulong zext(uint v) { return (ulong)v; }
ulong zext(long v) { return as_type<ulong>(v); }
ulong zext(ulong v) { return v; }
} // namespace

unsigned long cvtF32ToInt(float x, int rnd, int dst)
{
    // rnd 0..3 (.rni .rzi .rmi .rpi) is the helper's mode, P2M_CVT_RN..P2M_CVT_RP.
    switch (dst) {
    case 0: return zext(p2m_cvt_f32_to_s8(x, rnd));
    case 1: return zext(p2m_cvt_f32_to_u8(x, rnd));
    case 2: return zext(p2m_cvt_f32_to_s16(x, rnd));
    case 3: return zext(p2m_cvt_f32_to_u16(x, rnd));
    case 4: return zext(p2m_cvt_f32_to_s32(x, rnd));
    case 5: return zext(p2m_cvt_f32_to_u32(x, rnd));
    case 6: return zext(p2m_cvt_f32_to_s64(x, rnd));
    case 7: return zext(p2m_cvt_f32_to_u64(x, rnd));
    }
    return 0;
}

unsigned long cvtF16ToInt(unsigned short x, int rnd, int dst)
{
    // rnd 0..3 (.rni .rzi .rmi .rpi) is the helper's mode, P2M_CVT_RN..P2M_CVT_RP.
    switch (dst) {
    case 0: return zext(p2m_cvt_f32_to_s8(p2m_cvt_f32_f16(halfOf(x)), rnd));
    case 1: return zext(p2m_cvt_f32_to_u8(p2m_cvt_f32_f16(halfOf(x)), rnd));
    case 2: return zext(p2m_cvt_f32_to_s16(p2m_cvt_f32_f16(halfOf(x)), rnd));
    case 3: return zext(p2m_cvt_f32_to_u16(p2m_cvt_f32_f16(halfOf(x)), rnd));
    case 4: return zext(p2m_cvt_f32_to_s32(p2m_cvt_f32_f16(halfOf(x)), rnd));
    case 5: return zext(p2m_cvt_f32_to_u32(p2m_cvt_f32_f16(halfOf(x)), rnd));
    case 6: return zext(p2m_cvt_f32_to_s64(p2m_cvt_f32_f16(halfOf(x)), rnd));
    case 7: return zext(p2m_cvt_f32_to_u64(p2m_cvt_f32_f16(halfOf(x)), rnd));
    }
    return 0;
}

unsigned long cvtBF16ToInt(unsigned short x, int rnd, int dst)
{
    // rnd 0..3 (.rni .rzi .rmi .rpi) is the helper's mode, P2M_CVT_RN..P2M_CVT_RP.
    switch (dst) {
    case 0: return zext(p2m_cvt_f32_to_s8(p2m_cvt_f32_bf16((ushort)x), rnd));
    case 1: return zext(p2m_cvt_f32_to_u8(p2m_cvt_f32_bf16((ushort)x), rnd));
    case 2: return zext(p2m_cvt_f32_to_s16(p2m_cvt_f32_bf16((ushort)x), rnd));
    case 3: return zext(p2m_cvt_f32_to_u16(p2m_cvt_f32_bf16((ushort)x), rnd));
    case 4: return zext(p2m_cvt_f32_to_s32(p2m_cvt_f32_bf16((ushort)x), rnd));
    case 5: return zext(p2m_cvt_f32_to_u32(p2m_cvt_f32_bf16((ushort)x), rnd));
    case 6: return zext(p2m_cvt_f32_to_s64(p2m_cvt_f32_bf16((ushort)x), rnd));
    case 7: return zext(p2m_cvt_f32_to_u64(p2m_cvt_f32_bf16((ushort)x), rnd));
    }
    return 0;
}

unsigned cvtRintF32(float x, int rnd)
{
    switch (rnd) {
    case 0: return bitsOf(p2m_cvt_rni_f32_f32(x));
    case 1: return bitsOf(p2m_cvt_rzi_f32_f32(x));
    case 2: return bitsOf(p2m_cvt_rmi_f32_f32(x));
    case 3: return bitsOf(p2m_cvt_rpi_f32_f32(x));
    }
    return 0;
}

unsigned short cvtRintF16(unsigned short x, int rnd)
{
    switch (rnd) {
    case 0: return bitsOf(p2m_cvt_rni_f16_f16(halfOf(x)));
    case 1: return bitsOf(p2m_cvt_rzi_f16_f16(halfOf(x)));
    case 2: return bitsOf(p2m_cvt_rmi_f16_f16(halfOf(x)));
    case 3: return bitsOf(p2m_cvt_rpi_f16_f16(halfOf(x)));
    }
    return 0;
}

unsigned short cvtRintBF16(unsigned short x, int rnd)
{
    switch (rnd) {
    case 0: return (p2m_cvt_rni_bf16_bf16((ushort)x));
    case 1: return (p2m_cvt_rzi_bf16_bf16((ushort)x));
    case 2: return (p2m_cvt_rmi_bf16_bf16((ushort)x));
    case 3: return (p2m_cvt_rpi_bf16_bf16((ushort)x));
    }
    return 0;
}

unsigned cvtIntToF32(unsigned long v, int src, int rnd)
{
    switch (rnd * 8 + src) {
    case 0: return bitsOf(p2m_cvt_rn_f32_s8(as_type<char>((uchar)v)));
    case 1: return bitsOf(p2m_cvt_rn_f32_u8((uchar)v));
    case 2: return bitsOf(p2m_cvt_rn_f32_s16(as_type<short>((ushort)v)));
    case 3: return bitsOf(p2m_cvt_rn_f32_u16((ushort)v));
    case 4: return bitsOf(p2m_cvt_rn_f32_s32(as_type<int>((uint)v)));
    case 5: return bitsOf(p2m_cvt_rn_f32_u32((uint)v));
    case 6: return bitsOf(p2m_cvt_rn_f32_s64(as_type<long>(v)));
    case 7: return bitsOf(p2m_cvt_rn_f32_u64((ulong)v));
    case 8: return bitsOf(p2m_cvt_rz_f32_s8(as_type<char>((uchar)v)));
    case 9: return bitsOf(p2m_cvt_rz_f32_u8((uchar)v));
    case 10: return bitsOf(p2m_cvt_rz_f32_s16(as_type<short>((ushort)v)));
    case 11: return bitsOf(p2m_cvt_rz_f32_u16((ushort)v));
    case 12: return bitsOf(p2m_cvt_rz_f32_s32(as_type<int>((uint)v)));
    case 13: return bitsOf(p2m_cvt_rz_f32_u32((uint)v));
    case 14: return bitsOf(p2m_cvt_rz_f32_s64(as_type<long>(v)));
    case 15: return bitsOf(p2m_cvt_rz_f32_u64((ulong)v));
    case 16: return bitsOf(p2m_cvt_rm_f32_s8(as_type<char>((uchar)v)));
    case 17: return bitsOf(p2m_cvt_rm_f32_u8((uchar)v));
    case 18: return bitsOf(p2m_cvt_rm_f32_s16(as_type<short>((ushort)v)));
    case 19: return bitsOf(p2m_cvt_rm_f32_u16((ushort)v));
    case 20: return bitsOf(p2m_cvt_rm_f32_s32(as_type<int>((uint)v)));
    case 21: return bitsOf(p2m_cvt_rm_f32_u32((uint)v));
    case 22: return bitsOf(p2m_cvt_rm_f32_s64(as_type<long>(v)));
    case 23: return bitsOf(p2m_cvt_rm_f32_u64((ulong)v));
    case 24: return bitsOf(p2m_cvt_rp_f32_s8(as_type<char>((uchar)v)));
    case 25: return bitsOf(p2m_cvt_rp_f32_u8((uchar)v));
    case 26: return bitsOf(p2m_cvt_rp_f32_s16(as_type<short>((ushort)v)));
    case 27: return bitsOf(p2m_cvt_rp_f32_u16((ushort)v));
    case 28: return bitsOf(p2m_cvt_rp_f32_s32(as_type<int>((uint)v)));
    case 29: return bitsOf(p2m_cvt_rp_f32_u32((uint)v));
    case 30: return bitsOf(p2m_cvt_rp_f32_s64(as_type<long>(v)));
    case 31: return bitsOf(p2m_cvt_rp_f32_u64((ulong)v));
    }
    return 0;
}

unsigned short cvtIntToF16(unsigned long v, int src, int rnd)
{
    switch (rnd * 8 + src) {
    case 0: return bitsOf(p2m_cvt_rn_f16_s8(as_type<char>((uchar)v)));
    case 1: return bitsOf(p2m_cvt_rn_f16_u8((uchar)v));
    case 2: return bitsOf(p2m_cvt_rn_f16_s16(as_type<short>((ushort)v)));
    case 3: return bitsOf(p2m_cvt_rn_f16_u16((ushort)v));
    case 4: return bitsOf(p2m_cvt_rn_f16_s32(as_type<int>((uint)v)));
    case 5: return bitsOf(p2m_cvt_rn_f16_u32((uint)v));
    case 6: return bitsOf(p2m_cvt_rn_f16_s64(as_type<long>(v)));
    case 7: return bitsOf(p2m_cvt_rn_f16_u64((ulong)v));
    case 8: return bitsOf(p2m_cvt_rz_f16_s8(as_type<char>((uchar)v)));
    case 9: return bitsOf(p2m_cvt_rz_f16_u8((uchar)v));
    case 10: return bitsOf(p2m_cvt_rz_f16_s16(as_type<short>((ushort)v)));
    case 11: return bitsOf(p2m_cvt_rz_f16_u16((ushort)v));
    case 12: return bitsOf(p2m_cvt_rz_f16_s32(as_type<int>((uint)v)));
    case 13: return bitsOf(p2m_cvt_rz_f16_u32((uint)v));
    case 14: return bitsOf(p2m_cvt_rz_f16_s64(as_type<long>(v)));
    case 15: return bitsOf(p2m_cvt_rz_f16_u64((ulong)v));
    case 16: return bitsOf(p2m_cvt_rm_f16_s8(as_type<char>((uchar)v)));
    case 17: return bitsOf(p2m_cvt_rm_f16_u8((uchar)v));
    case 18: return bitsOf(p2m_cvt_rm_f16_s16(as_type<short>((ushort)v)));
    case 19: return bitsOf(p2m_cvt_rm_f16_u16((ushort)v));
    case 20: return bitsOf(p2m_cvt_rm_f16_s32(as_type<int>((uint)v)));
    case 21: return bitsOf(p2m_cvt_rm_f16_u32((uint)v));
    case 22: return bitsOf(p2m_cvt_rm_f16_s64(as_type<long>(v)));
    case 23: return bitsOf(p2m_cvt_rm_f16_u64((ulong)v));
    case 24: return bitsOf(p2m_cvt_rp_f16_s8(as_type<char>((uchar)v)));
    case 25: return bitsOf(p2m_cvt_rp_f16_u8((uchar)v));
    case 26: return bitsOf(p2m_cvt_rp_f16_s16(as_type<short>((ushort)v)));
    case 27: return bitsOf(p2m_cvt_rp_f16_u16((ushort)v));
    case 28: return bitsOf(p2m_cvt_rp_f16_s32(as_type<int>((uint)v)));
    case 29: return bitsOf(p2m_cvt_rp_f16_u32((uint)v));
    case 30: return bitsOf(p2m_cvt_rp_f16_s64(as_type<long>(v)));
    case 31: return bitsOf(p2m_cvt_rp_f16_u64((ulong)v));
    }
    return 0;
}

unsigned short cvtIntToBF16(unsigned long v, int src, int rnd)
{
    switch (rnd * 8 + src) {
    case 0: return (p2m_cvt_rn_bf16_s8(as_type<char>((uchar)v)));
    case 1: return (p2m_cvt_rn_bf16_u8((uchar)v));
    case 2: return (p2m_cvt_rn_bf16_s16(as_type<short>((ushort)v)));
    case 3: return (p2m_cvt_rn_bf16_u16((ushort)v));
    case 4: return (p2m_cvt_rn_bf16_s32(as_type<int>((uint)v)));
    case 5: return (p2m_cvt_rn_bf16_u32((uint)v));
    case 6: return (p2m_cvt_rn_bf16_s64(as_type<long>(v)));
    case 7: return (p2m_cvt_rn_bf16_u64((ulong)v));
    case 8: return (p2m_cvt_rz_bf16_s8(as_type<char>((uchar)v)));
    case 9: return (p2m_cvt_rz_bf16_u8((uchar)v));
    case 10: return (p2m_cvt_rz_bf16_s16(as_type<short>((ushort)v)));
    case 11: return (p2m_cvt_rz_bf16_u16((ushort)v));
    case 12: return (p2m_cvt_rz_bf16_s32(as_type<int>((uint)v)));
    case 13: return (p2m_cvt_rz_bf16_u32((uint)v));
    case 14: return (p2m_cvt_rz_bf16_s64(as_type<long>(v)));
    case 15: return (p2m_cvt_rz_bf16_u64((ulong)v));
    case 16: return (p2m_cvt_rm_bf16_s8(as_type<char>((uchar)v)));
    case 17: return (p2m_cvt_rm_bf16_u8((uchar)v));
    case 18: return (p2m_cvt_rm_bf16_s16(as_type<short>((ushort)v)));
    case 19: return (p2m_cvt_rm_bf16_u16((ushort)v));
    case 20: return (p2m_cvt_rm_bf16_s32(as_type<int>((uint)v)));
    case 21: return (p2m_cvt_rm_bf16_u32((uint)v));
    case 22: return (p2m_cvt_rm_bf16_s64(as_type<long>(v)));
    case 23: return (p2m_cvt_rm_bf16_u64((ulong)v));
    case 24: return (p2m_cvt_rp_bf16_s8(as_type<char>((uchar)v)));
    case 25: return (p2m_cvt_rp_bf16_u8((uchar)v));
    case 26: return (p2m_cvt_rp_bf16_s16(as_type<short>((ushort)v)));
    case 27: return (p2m_cvt_rp_bf16_u16((ushort)v));
    case 28: return (p2m_cvt_rp_bf16_s32(as_type<int>((uint)v)));
    case 29: return (p2m_cvt_rp_bf16_u32((uint)v));
    case 30: return (p2m_cvt_rp_bf16_s64(as_type<long>(v)));
    case 31: return (p2m_cvt_rp_bf16_u64((ulong)v));
    }
    return 0;
}

unsigned short cvtF32ToF16(float x, int variant)
{
    switch (variant) {
    case 0: return bitsOf(p2m_cvt_rn_f16_f32(x));
    case 1: return bitsOf(p2m_cvt_rz_f16_f32(x));
    case 2: return bitsOf(p2m_cvt_rm_f16_f32(x));
    case 3: return bitsOf(p2m_cvt_rp_f16_f32(x));
    case 4: return bitsOf(p2m_cvt_rn_relu_f16_f32(x));
    case 5: return bitsOf(p2m_cvt_rz_relu_f16_f32(x));
    case 6: return bitsOf(p2m_cvt_rn_satfinite_f16_f32(x));
    case 7: return bitsOf(p2m_cvt_rz_satfinite_f16_f32(x));
    case 8: return bitsOf(p2m_cvt_rn_relu_satfinite_f16_f32(x));
    case 9: return bitsOf(p2m_cvt_rz_relu_satfinite_f16_f32(x));
    }
    return 0;
}

unsigned short cvtF32ToBF16(float x, int variant)
{
    switch (variant) {
    case 0: return p2m_cvt_rn_bf16_f32(x);
    case 1: return p2m_cvt_rz_bf16_f32(x);
    case 2: return p2m_cvt_rm_bf16_f32(x);
    case 3: return p2m_cvt_rp_bf16_f32(x);
    case 4: return p2m_cvt_rn_relu_bf16_f32(x);
    case 5: return p2m_cvt_rz_relu_bf16_f32(x);
    case 6: return p2m_cvt_rn_satfinite_bf16_f32(x);
    case 7: return p2m_cvt_rz_satfinite_bf16_f32(x);
    case 8: return p2m_cvt_rn_relu_satfinite_bf16_f32(x);
    case 9: return p2m_cvt_rz_relu_satfinite_bf16_f32(x);
    }
    return 0;
}

unsigned cvtF32ToF16x2(float a, float b, int variant)
{
    switch (variant) {
    case 0: return p2m_cvt_rn_f16x2_f32(a, b);
    case 1: return p2m_cvt_rz_f16x2_f32(a, b);
    case 4: return p2m_cvt_rn_relu_f16x2_f32(a, b);
    case 5: return p2m_cvt_rz_relu_f16x2_f32(a, b);
    case 6: return p2m_cvt_rn_satfinite_f16x2_f32(a, b);
    case 7: return p2m_cvt_rz_satfinite_f16x2_f32(a, b);
    case 8: return p2m_cvt_rn_relu_satfinite_f16x2_f32(a, b);
    case 9: return p2m_cvt_rz_relu_satfinite_f16x2_f32(a, b);
    }
    return 0;
}

unsigned cvtF32ToBF16x2(float a, float b, int variant)
{
    switch (variant) {
    case 0: return p2m_cvt_rn_bf16x2_f32(a, b);
    case 1: return p2m_cvt_rz_bf16x2_f32(a, b);
    case 4: return p2m_cvt_rn_relu_bf16x2_f32(a, b);
    case 5: return p2m_cvt_rz_relu_bf16x2_f32(a, b);
    case 6: return p2m_cvt_rn_satfinite_bf16x2_f32(a, b);
    case 7: return p2m_cvt_rz_satfinite_bf16x2_f32(a, b);
    case 8: return p2m_cvt_rn_relu_satfinite_bf16x2_f32(a, b);
    case 9: return p2m_cvt_rz_relu_satfinite_bf16x2_f32(a, b);
    }
    return 0;
}

unsigned cvtF32ToTF32(float x, int variant)
{
    switch (variant) {
    case 0: return p2m_cvt_rna_tf32_f32(x);
    case 1: return p2m_cvt_rna_satfinite_tf32_f32(x);
    case 2: return p2m_cvt_rn_tf32_f32(x);
    case 3: return p2m_cvt_rz_tf32_f32(x);
    case 4: return p2m_cvt_rn_relu_tf32_f32(x);
    case 5: return p2m_cvt_rz_relu_tf32_f32(x);
    }
    return 0;
}

unsigned cvtF16ToF32(unsigned short h) { return bitsOf(p2m_cvt_f32_f16(halfOf(h))); }
unsigned cvtBF16ToF32(unsigned short b) { return bitsOf(p2m_cvt_f32_bf16(b)); }
unsigned short satF16(unsigned short h) { return bitsOf(p2m_sat_f16(halfOf(h))); }
unsigned cvtFtzF32(float x) { return bitsOf(p2m_cvt_ftz_f32(x)); }

unsigned short cvtF16ToBF16(unsigned short h, int rnd)
{
    switch (rnd) {
    case 0: return p2m_cvt_rn_bf16_f16(halfOf(h));
    case 1: return p2m_cvt_rz_bf16_f16(halfOf(h));
    case 2: return p2m_cvt_rm_bf16_f16(halfOf(h));
    case 3: return p2m_cvt_rp_bf16_f16(halfOf(h));
    }
    return 0;
}

unsigned short cvtBF16ToF16(unsigned short b, int rnd)
{
    switch (rnd) {
    case 0: return bitsOf(p2m_cvt_rn_f16_bf16(b));
    case 1: return bitsOf(p2m_cvt_rz_f16_bf16(b));
    case 2: return bitsOf(p2m_cvt_rm_f16_bf16(b));
    case 3: return bitsOf(p2m_cvt_rp_f16_bf16(b));
    }
    return 0;
}

unsigned short f16Op(int op, unsigned short a, unsigned short b, unsigned short c)
{
    const half x = halfOf(a), y = halfOf(b), z = halfOf(c);
    switch (op) {
    case Add: return bitsOf(p2m_add_rn_f16(x, y));
    case Sub: return bitsOf(p2m_sub_rn_f16(x, y));
    case Mul: return bitsOf(p2m_mul_rn_f16(x, y));
    case Fma: return bitsOf(p2m_fma_rn_f16(x, y, z));
    case FmaRelu: return bitsOf(p2m_fma_rn_relu_f16(x, y, z));
    case Min: return bitsOf(p2m_min_f16(x, y));
    case Max: return bitsOf(p2m_max_f16(x, y));
    case MinNaN: return bitsOf(p2m_min_nan_f16(x, y));
    case MaxNaN: return bitsOf(p2m_max_nan_f16(x, y));
    case MinXorsignAbs: return bitsOf(p2m_min_xorsign_abs_f16(x, y));
    case MaxXorsignAbs: return bitsOf(p2m_max_xorsign_abs_f16(x, y));
    case MinNaNXorsignAbs: return bitsOf(p2m_min_nan_xorsign_abs_f16(x, y));
    case MaxNaNXorsignAbs: return bitsOf(p2m_max_nan_xorsign_abs_f16(x, y));
    case Neg: return bitsOf(p2m_neg_f16(x));
    case Abs: return bitsOf(p2m_abs_f16(x));
    case Ex2: return bitsOf(p2m_ex2_approx_f16(x));
    case Tanh: return bitsOf(p2m_tanh_approx_f16(x));
    case AddFtz: return bitsOf(p2m_add_rn_ftz_f16(x, y));
    case SubFtz: return bitsOf(p2m_sub_rn_ftz_f16(x, y));
    case MulFtz: return bitsOf(p2m_mul_rn_ftz_f16(x, y));
    case FmaFtz: return bitsOf(p2m_fma_rn_ftz_f16(x, y, z));
    case FmaFtzRelu: return bitsOf(p2m_fma_rn_ftz_relu_f16(x, y, z));
    case Ftz: return bitsOf(p2m_ftz_f16(x));
    case Sat: return bitsOf(p2m_sat_f16(x));
    }
    return 0;
}

unsigned short bf16Op(int op, unsigned short a, unsigned short b, unsigned short c)
{
    const ushort x = a, y = b, z = c;
    switch (op) {
    case Add: return p2m_add_rn_bf16(x, y);
    case Sub: return p2m_sub_rn_bf16(x, y);
    case Mul: return p2m_mul_rn_bf16(x, y);
    case Fma: return p2m_fma_rn_bf16(x, y, z);
    case FmaRelu: return p2m_fma_rn_relu_bf16(x, y, z);
    case Min: return p2m_min_bf16(x, y);
    case Max: return p2m_max_bf16(x, y);
    case MinNaN: return p2m_min_nan_bf16(x, y);
    case MaxNaN: return p2m_max_nan_bf16(x, y);
    case MinXorsignAbs: return p2m_min_xorsign_abs_bf16(x, y);
    case MaxXorsignAbs: return p2m_max_xorsign_abs_bf16(x, y);
    case MinNaNXorsignAbs: return p2m_min_nan_xorsign_abs_bf16(x, y);
    case MaxNaNXorsignAbs: return p2m_max_nan_xorsign_abs_bf16(x, y);
    case Neg: return p2m_neg_bf16(x);
    case Abs: return p2m_abs_bf16(x);
    case Ex2: return p2m_ex2_approx_ftz_bf16(x);
    case Tanh: return p2m_tanh_approx_bf16(x);
    }
    return 0;
}

unsigned f16x2Op(int op, unsigned a, unsigned b, unsigned c)
{
    switch (op) {
    case Add: return p2m_add_rn_f16x2(a, b);
    case Sub: return p2m_sub_rn_f16x2(a, b);
    case Mul: return p2m_mul_rn_f16x2(a, b);
    case Fma: return p2m_fma_rn_f16x2(a, b, c);
    case FmaRelu: return p2m_fma_rn_relu_f16x2(a, b, c);
    case Min: return p2m_min_f16x2(a, b);
    case Max: return p2m_max_f16x2(a, b);
    case MinNaN: return p2m_min_nan_f16x2(a, b);
    case MaxNaN: return p2m_max_nan_f16x2(a, b);
    case MinXorsignAbs: return p2m_min_xorsign_abs_f16x2(a, b);
    case MaxXorsignAbs: return p2m_max_xorsign_abs_f16x2(a, b);
    case MinNaNXorsignAbs: return p2m_min_nan_xorsign_abs_f16x2(a, b);
    case MaxNaNXorsignAbs: return p2m_max_nan_xorsign_abs_f16x2(a, b);
    case Neg: return p2m_neg_f16x2(a);
    case Abs: return p2m_abs_f16x2(a);
    case Ex2: return p2m_ex2_approx_f16x2(a);
    case Tanh: return p2m_tanh_approx_f16x2(a);
    case AddFtz: return p2m_add_rn_ftz_f16x2(a, b);
    case SubFtz: return p2m_sub_rn_ftz_f16x2(a, b);
    case MulFtz: return p2m_mul_rn_ftz_f16x2(a, b);
    case FmaFtz: return p2m_fma_rn_ftz_f16x2(a, b, c);
    case FmaFtzRelu: return p2m_fma_rn_ftz_relu_f16x2(a, b, c);
    case Ftz: return p2m_ftz_f16x2(a);
    case Sat: return p2m_sat_f16x2(a);
    }
    (void)b;
    (void)c;
    return 0;
}

unsigned bf16x2Op(int op, unsigned a, unsigned b, unsigned c)
{
    switch (op) {
    case Add: return p2m_add_rn_bf16x2(a, b);
    case Sub: return p2m_sub_rn_bf16x2(a, b);
    case Mul: return p2m_mul_rn_bf16x2(a, b);
    case Fma: return p2m_fma_rn_bf16x2(a, b, c);
    case FmaRelu: return p2m_fma_rn_relu_bf16x2(a, b, c);
    case Min: return p2m_min_bf16x2(a, b);
    case Max: return p2m_max_bf16x2(a, b);
    case MinNaN: return p2m_min_nan_bf16x2(a, b);
    case MaxNaN: return p2m_max_nan_bf16x2(a, b);
    case MinXorsignAbs: return p2m_min_xorsign_abs_bf16x2(a, b);
    case MaxXorsignAbs: return p2m_max_xorsign_abs_bf16x2(a, b);
    case MinNaNXorsignAbs: return p2m_min_nan_xorsign_abs_bf16x2(a, b);
    case MaxNaNXorsignAbs: return p2m_max_nan_xorsign_abs_bf16x2(a, b);
    case Neg: return p2m_neg_bf16x2(a);
    case Abs: return p2m_abs_bf16x2(a);
    case Ex2: return p2m_ex2_approx_ftz_bf16x2(a);
    case Tanh: return p2m_tanh_approx_bf16x2(a);
    }
    (void)b;
    (void)c;
    return 0;
}
unsigned short bf16FmaExact(unsigned short a, unsigned short b, unsigned short c)
{
    return p2m_bf16_fma_exact(a, b, c);
}

} // namespace p2m::mslcvt
