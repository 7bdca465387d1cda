// ptx2metal MSL support library: PTX `cvt` between f32, f16, bf16, tf32 and the integer types,
// with PTX's rounding modes, saturation and NaN results.
//
// MSL gives conversions in one rounding mode only (float and half to integer truncate, and are
// undefined out of range; everything else rounds to nearest even), so every conversion that
// needs another mode, saturation or a particular NaN is done here, mostly on the bits.
//
// Language subset: MSL and C++17 alike (see fp64.h): scalar types only, no pointers, no
// recursion, no library headers. MSL built-ins used: as_type, clz, isnan, static_cast between
// float and half (and integer to float, which MSL rounds to nearest even).
//
// Value types. f32 is `float`, f16 is `half`, bf16 is a `ushort` holding its bits (no use of
// MSL's bfloat type), tf32 is a `uint` holding an f32 bit pattern whose low 13 bits are zero,
// a packed f16x2/bf16x2 is a `uint` with element 0 in the low 16 bits. The integer types are
// char/uchar/short/ushort/int/uint/long/ulong for s8/u8/s16/u16/s32/u32/s64/u64.
//
// Interface (<rnd> is rn/rz/rm/rp for a float result, rni/rzi/rmi/rpi for an integer one):
//   float -> int    p2m_cvt_f32_to_<s8..u64>(float x, mode)      (saturating, NaN see below;
//                   an f16 or bf16 through p2m_cvt_f32_f16/bf16 first)
//   round to int    p2m_cvt_<irnd>_f32_f32(float), _f16_f16(half), _bf16_bf16(ushort)
//   int -> float    p2m_cvt_<rnd>_{f32,f16,bf16}_<s8..u64>(v)
//   f32 -> f16      p2m_cvt_<rnd>_f16_f32(float); p2m_cvt_{rn,rz}[_relu][_satfinite]_f16_f32
//   f32 -> bf16     p2m_cvt_<rnd>_bf16_f32(float); p2m_cvt_{rn,rz}[_relu][_satfinite]_bf16_f32
//   f32 -> x2       p2m_cvt_{rn,rz}[_relu][_satfinite]_{f16x2,bf16x2}_f32(a, b): a in the high
//                   half, b in the low half (PTX: d[31:16] = cvt(a), d[15:0] = cvt(b))
//   f32 -> tf32     p2m_cvt_rna[_satfinite]_tf32_f32, p2m_cvt_{rn,rz}[_relu]_tf32_f32
//   f16 <-> bf16    p2m_cvt_<rnd>_bf16_f16(half), p2m_cvt_<rnd>_f16_bf16(ushort)
//   widening        p2m_cvt_f32_f16(half), p2m_cvt_f32_bf16(ushort)
//   fp8 pairs       p2m_cvt_rn[_relu]_f16x2_{e4m3x2,e5m2x2}(ushort),
//                   p2m_cvt_rn[_relu]_satfinite_{e4m3x2,e5m2x2}_f16x2(uint),
//                   p2m_cvt_rn[_relu]_satfinite_{e4m3x2,e5m2x2}_f32(a, b): a in the high byte;
//                   a pair is a ushort with element 0 in the low byte
//   fp4/fp6 pairs   p2m_cvt_rn[_relu]_satfinite_{e2m1x2,e2m3x2,e3m2x2}_f32(a, b): a in the high
//                   nibble/byte (e2m1x2 is a uchar; an fp6 pair a ushort, each 6-bit value in
//                   the low bits of its byte), p2m_cvt_rn[_relu]_f16x2_{e2m1x2,e2m3x2,e3m2x2}
//   ue8m0 pairs     p2m_cvt_{rz,rp}[_satfinite]_ue8m0x2_f32(a, b), ..._ue8m0x2_bf16x2(uint),
//                   p2m_cvt_rn_bf16x2_ue8m0x2(ushort)
//   .sat            p2m_sat_f16(half): clamp to [0, 1], NaN -> +0
//   .ftz            p2m_cvt_ftz_f32(float): a subnormal f32 becomes a zero of its sign
// Everything else is internal. .ftz applies to f32 operands and results only. The H200 ignores
// it on cvt.f16.f32 (below): call the plain form. For the other f32 forms (cvt.rXi.ftz.<int>.f32,
// cvt.rXi.ftz.f32.f32, an f32 result of cvt.ftz.f32.bf16) the ISA flushes: wrap the f32
// operand or result in p2m_cvt_ftz_f32 (rpi.ftz(+tiny) = 0, not 1; not measured).
//
// Behaviour measured on an H200 (tests/probes/half_cvt.cu, docs/gpu-facts.md), where the ISA
// leaves it open:
//   * Every NaN result of an f16/bf16 conversion is the canonical 0x7FFF, whatever the input
//     NaN (cvt.f16.f32, .bf16.f32, .f16.bf16, .bf16.f16, .rXi.f16.f16, .rXi.bf16.bf16, x2
//     forms, .relu and .satfinite alike). cvt.f32.f16 of a NaN is 0x7FFFFFFF, cvt.rXi.f32.f32
//     too; cvt.f32.bf16 is a plain shift that keeps every NaN's bits.
//   * Float to integer: NaN -> 0 for 8/16/32-bit destinations but 0x8000000000000000 for
//     .s64 and .u64; out-of-range values saturate; -0 and negative values -> 0 for unsigned.
//   * .relu maps every negative input (-0 and -inf included) to +0 and NaN to 0x7FFF;
//     .satfinite maps +-inf (and overflow) to +-MAX and NaN to 0x7FFF.
//   * cvt.rm/rp.ftz.f16.f32 does not flush subnormal f32 inputs (same SASS as without .ftz);
//     cvt.rXi.f32.f32 without .ftz rounds subnormals exactly (rpi(+tiny) = 1).
//   * cvt.rna.tf32.f32 is emulated by ptxas as (x + 0x1000) & 0xFFFFE000 for finite x and
//     x & 0xFFFFE000 for inf/NaN (a NaN whose payload lies in the low 13 bits becomes inf!);
//     .satfinite then subtracts 0x2000 from any result whose exponent is all ones (inf -> MAX,
//     a NaN to another NaN or inf). cvt.rn/rz.tf32.f32 give NaN -> 0x7FFFE000 and keep inf.
// Subnormals: all conversions here are exact for subnormal inputs and results (they work on
// bits), so Apple's flushing of f32 denormals in arithmetic does not reach them.

#ifndef P2M_CVT_OPS_H
#define P2M_CVT_OPS_H

#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wunused-function"

// Rounding modes of the internal helpers (the entry points pass literals, folded after inlining).
#define P2M_CVT_RN 0  // to nearest, ties to even (.rn, .rni)
#define P2M_CVT_RZ 1  // toward zero (.rz, .rzi)
#define P2M_CVT_RM 2  // toward minus infinity (.rm, .rmi)
#define P2M_CVT_RP 3  // toward plus infinity (.rp, .rpi)

// Canonical NaNs NVIDIA returns.
#define P2M_F16_NAN ((ushort)0x7FFF)
#define P2M_BF16_NAN ((ushort)0x7FFF)
#define P2M_F32_CANONICAL_NAN 0x7FFFFFFFu
#define P2M_TF32_NAN 0x7FFFE000u
// Largest finite values.
#define P2M_F16_MAX ((ushort)0x7BFF)
#define P2M_BF16_MAX ((ushort)0x7F7F)

// ---------------------------------------------------------------------------------------
// Bits and classification
// ---------------------------------------------------------------------------------------

static inline ushort p2m_f16_bits(half h) { return as_type<ushort>(h); }
static inline half p2m_f16_from_bits(ushort b) { return as_type<half>(b); }
static inline bool p2m_f32_bits_is_nan(uint x) { return (x & 0x7FFFFFFFu) > 0x7F800000u; }
static inline bool p2m_f16_bits_is_nan(ushort x) { return (x & 0x7FFFu) > 0x7C00u; }
static inline bool p2m_bf16_bits_is_nan(ushort x) { return (x & 0x7FFFu) > 0x7F80u; }

// .ftz on an f32 operand or result: subnormals become zeros of their sign (on the bits).
static inline float p2m_cvt_ftz_f32(float x)
{
    const uint b = as_type<uint>(x);
    return (b & 0x7F800000u) == 0u ? as_type<float>(b & 0x80000000u) : x;
}

// ---------------------------------------------------------------------------------------
// Rounding a value to a binary format (the core of every narrowing conversion)
// ---------------------------------------------------------------------------------------

// Rounds (-1)^sign * (sig + f) * 2^exp to the binary format with `mbits` fraction bits and
// `ebits` exponent bits, where sig > 0 and 0 <= f < 1 with f != 0 exactly when `sticky`, and
// returns the format's bit pattern (sign included). Subnormal results are rounded once, at
// their own precision; results beyond the largest finite value become infinity or that value
// as the mode dictates (IEEE-754 overflow).
static inline uint p2m_cvt_round_pack(bool sign, ulong sig, int exp, bool sticky, int mode,
                                      int mbits, int ebits)
{
    const int bias = (1 << (ebits - 1)) - 1;
    const int width = 64 - (int)clz(sig);
    // Exponent of the last bit kept: mbits below the leading bit, but never below the
    // subnormals' fixed last bit.
    int lsb = exp + width - 1 - mbits;
    const int min_lsb = 1 - bias - mbits;
    if (lsb < min_lsb)
        lsb = min_lsb;
    const int shift = lsb - exp; // bits of sig below the last kept bit
    ulong kept;
    bool round_bit;
    if (shift <= 0) {
        kept = sig << (uint)(-shift); // fewer significant bits than the format holds
        round_bit = false;
    } else if (shift > 64) {
        kept = 0;
        round_bit = false;
        sticky = true;
    } else if (shift == 64) {
        kept = 0;
        round_bit = (sig >> 63) != 0;
        sticky = sticky || (sig << 1) != 0;
    } else {
        kept = sig >> (uint)shift;
        round_bit = ((sig >> (uint)(shift - 1)) & 1ul) != 0;
        sticky = sticky || (sig & ((1ul << (uint)(shift - 1)) - 1ul)) != 0;
    }
    const bool inexact = round_bit || sticky;
    bool up;
    if (mode == P2M_CVT_RZ)
        up = false;
    else if (mode == P2M_CVT_RM)
        up = sign && inexact;
    else if (mode == P2M_CVT_RP)
        up = !sign && inexact;
    else
        up = round_bit && (sticky || (kept & 1ul) != 0);
    kept += up ? 1ul : 0ul;
    // kept * 2^lsb, packed by adding kept to the exponent field minus one: the leading bit of
    // a normal kept adds the one back, a subnormal kept (lsb == min_lsb, field 0) adds none,
    // and a carry out of the significand moves into the exponent by itself.
    const ulong field = (ulong)(lsb + mbits + bias - 1);
    const ulong mag = (field << (uint)mbits) + kept;
    const ulong inf = (ulong)((1 << ebits) - 1) << (uint)mbits;
    const uint sign_bit = sign ? 1u << (uint)(mbits + ebits) : 0u;
    if (mag >= inf) {
        const bool to_inf = mode == P2M_CVT_RN || (mode == P2M_CVT_RM && sign) ||
                            (mode == P2M_CVT_RP && !sign);
        return sign_bit | (uint)(to_inf ? inf : inf - 1ul);
    }
    return sign_bit | (uint)mag;
}

// f32 bits (not NaN, not infinite, not zero) as sig * 2^exp.
static inline ulong p2m_cvt_f32_sig(uint x)
{
    const uint e = (x >> 23) & 0xFFu;
    return (ulong)((x & 0x7FFFFFu) | (e != 0 ? 0x800000u : 0u));
}
static inline int p2m_cvt_f32_exp(uint x)
{
    const int e = (int)((x >> 23) & 0xFFu);
    return (e != 0 ? e : 1) - 150;
}

// f32 bits to a narrower format (f16: 10/5, bf16: 7/8, tf32 in f32 layout: 10/8 then << 13),
// exactly rounded in `mode`; NaN -> `nan`.
static inline uint p2m_cvt_f32_bits_narrow(uint x, int mode, int mbits, int ebits, uint nan)
{
    const bool sign = (x >> 31) != 0;
    const uint sign_bit = sign ? 1u << (uint)(mbits + ebits) : 0u;
    const uint abs = x & 0x7FFFFFFFu;
    if (abs > 0x7F800000u)
        return nan;
    if (abs == 0x7F800000u)
        return sign_bit | ((uint)((1 << ebits) - 1) << (uint)mbits);
    if (abs == 0u)
        return sign_bit;
    return p2m_cvt_round_pack(sign, p2m_cvt_f32_sig(x), p2m_cvt_f32_exp(x), false, mode, mbits,
                              ebits);
}

static inline ushort p2m_cvt_f32_bits_to_f16_bits(uint x, int mode)
{
    return (ushort)p2m_cvt_f32_bits_narrow(x, mode, 10, 5, P2M_F16_NAN);
}

// f32 to bf16 on the bits: bf16 is f32 with 16 fraction bits fewer, so rounding is an integer
// increment of the magnitude (a carry into the exponent, up to infinity, is right).
static inline ushort p2m_cvt_f32_bits_to_bf16_bits(uint x, int mode)
{
    if (p2m_f32_bits_is_nan(x))
        return P2M_BF16_NAN;
    const bool sign = (x >> 31) != 0;
    const uint low = x & 0xFFFFu;
    uint r = x >> 16;
    bool up;
    if (mode == P2M_CVT_RZ)
        up = false;
    else if (mode == P2M_CVT_RM)
        up = sign && low != 0;
    else if (mode == P2M_CVT_RP)
        up = !sign && low != 0;
    else
        up = low > 0x8000u || (low == 0x8000u && (r & 1u) != 0);
    // Infinity has low == 0, so it never moves; a finite value may carry into infinity.
    r += up ? 1u : 0u;
    return (ushort)r;
}

// ---------------------------------------------------------------------------------------
// f32 -> f16 (cvt.rn/rz/rm/rp.f16.f32, .relu, .satfinite)
// ---------------------------------------------------------------------------------------

// cvt.rn.f16.f32: MSL's float -> half conversion rounds to nearest even (f32 subnormals round
// to +-0 whether flushed or not); only the NaN needs fixing.
static inline half p2m_cvt_rn_f16_f32(float x)
{
    return isnan(x) ? p2m_f16_from_bits(P2M_F16_NAN) : static_cast<half>(x);
}
// cvt.rz.f16.f32
static inline half p2m_cvt_rz_f16_f32(float x)
{
    return p2m_f16_from_bits(p2m_cvt_f32_bits_to_f16_bits(as_type<uint>(x), P2M_CVT_RZ));
}
// cvt.rm.f16.f32 (exact for f32 subnormals: rm(-tiny) = -2^-24)
static inline half p2m_cvt_rm_f16_f32(float x)
{
    return p2m_f16_from_bits(p2m_cvt_f32_bits_to_f16_bits(as_type<uint>(x), P2M_CVT_RM));
}
// cvt.rp.f16.f32 (exact for f32 subnormals: rp(+tiny) = 2^-24)
static inline half p2m_cvt_rp_f16_f32(float x)
{
    return p2m_f16_from_bits(p2m_cvt_f32_bits_to_f16_bits(as_type<uint>(x), P2M_CVT_RP));
}

// The .relu / .satfinite post-processing of an f16 result r of input x (x NaN: r is NaN).
static inline ushort p2m_cvt_f16_relu(uint x, ushort r)
{
    if (p2m_f16_bits_is_nan(r))
        return P2M_F16_NAN;
    return (x >> 31) != 0 ? (ushort)0 : r; // every negative input, -0 and -inf too, gives +0
}
static inline ushort p2m_cvt_f16_satfinite(ushort r)
{
    if (p2m_f16_bits_is_nan(r))
        return P2M_F16_NAN;
    return (r & 0x7FFFu) == 0x7C00u ? (ushort)((r & 0x8000u) | P2M_F16_MAX) : r;
}

// cvt.rn.relu.f16.f32
static inline half p2m_cvt_rn_relu_f16_f32(float x)
{
    return p2m_f16_from_bits(p2m_cvt_f16_relu(as_type<uint>(x), p2m_f16_bits(p2m_cvt_rn_f16_f32(x))));
}
// cvt.rz.relu.f16.f32
static inline half p2m_cvt_rz_relu_f16_f32(float x)
{
    return p2m_f16_from_bits(p2m_cvt_f16_relu(as_type<uint>(x), p2m_f16_bits(p2m_cvt_rz_f16_f32(x))));
}
// cvt.rn.satfinite.f16.f32: +-inf and overflow -> +-65504
static inline half p2m_cvt_rn_satfinite_f16_f32(float x)
{
    return p2m_f16_from_bits(p2m_cvt_f16_satfinite(p2m_f16_bits(p2m_cvt_rn_f16_f32(x))));
}
// cvt.rz.satfinite.f16.f32
static inline half p2m_cvt_rz_satfinite_f16_f32(float x)
{
    return p2m_f16_from_bits(p2m_cvt_f16_satfinite(p2m_f16_bits(p2m_cvt_rz_f16_f32(x))));
}
// cvt.rn.relu.satfinite.f16.f32
static inline half p2m_cvt_rn_relu_satfinite_f16_f32(float x)
{
    return p2m_f16_from_bits(p2m_cvt_f16_satfinite(p2m_f16_bits(p2m_cvt_rn_relu_f16_f32(x))));
}
// cvt.rz.relu.satfinite.f16.f32
static inline half p2m_cvt_rz_relu_satfinite_f16_f32(float x)
{
    return p2m_f16_from_bits(p2m_cvt_f16_satfinite(p2m_f16_bits(p2m_cvt_rz_relu_f16_f32(x))));
}

// ---------------------------------------------------------------------------------------
// f32 -> bf16 (cvt.rn/rz/rm/rp.bf16.f32, .relu, .satfinite)
// ---------------------------------------------------------------------------------------

// cvt.rn.bf16.f32
static inline ushort p2m_cvt_rn_bf16_f32(float x)
{
    return p2m_cvt_f32_bits_to_bf16_bits(as_type<uint>(x), P2M_CVT_RN);
}
// cvt.rz.bf16.f32
static inline ushort p2m_cvt_rz_bf16_f32(float x)
{
    return p2m_cvt_f32_bits_to_bf16_bits(as_type<uint>(x), P2M_CVT_RZ);
}
// cvt.rm.bf16.f32 (sm_90)
static inline ushort p2m_cvt_rm_bf16_f32(float x)
{
    return p2m_cvt_f32_bits_to_bf16_bits(as_type<uint>(x), P2M_CVT_RM);
}
// cvt.rp.bf16.f32 (sm_90)
static inline ushort p2m_cvt_rp_bf16_f32(float x)
{
    return p2m_cvt_f32_bits_to_bf16_bits(as_type<uint>(x), P2M_CVT_RP);
}

static inline ushort p2m_cvt_bf16_relu(uint x, ushort r)
{
    if (p2m_bf16_bits_is_nan(r))
        return P2M_BF16_NAN;
    return (x >> 31) != 0 ? (ushort)0 : r;
}
static inline ushort p2m_cvt_bf16_satfinite(ushort r)
{
    if (p2m_bf16_bits_is_nan(r))
        return P2M_BF16_NAN;
    return (r & 0x7FFFu) == 0x7F80u ? (ushort)((r & 0x8000u) | P2M_BF16_MAX) : r;
}

// cvt.rn.relu.bf16.f32
static inline ushort p2m_cvt_rn_relu_bf16_f32(float x)
{
    return p2m_cvt_bf16_relu(as_type<uint>(x), p2m_cvt_rn_bf16_f32(x));
}
// cvt.rz.relu.bf16.f32
static inline ushort p2m_cvt_rz_relu_bf16_f32(float x)
{
    return p2m_cvt_bf16_relu(as_type<uint>(x), p2m_cvt_rz_bf16_f32(x));
}
// cvt.rn.satfinite.bf16.f32
static inline ushort p2m_cvt_rn_satfinite_bf16_f32(float x)
{
    return p2m_cvt_bf16_satfinite(p2m_cvt_rn_bf16_f32(x));
}
// cvt.rz.satfinite.bf16.f32
static inline ushort p2m_cvt_rz_satfinite_bf16_f32(float x)
{
    return p2m_cvt_bf16_satfinite(p2m_cvt_rz_bf16_f32(x));
}
// cvt.rn.relu.satfinite.bf16.f32
static inline ushort p2m_cvt_rn_relu_satfinite_bf16_f32(float x)
{
    return p2m_cvt_bf16_satfinite(p2m_cvt_rn_relu_bf16_f32(x));
}
// cvt.rz.relu.satfinite.bf16.f32
static inline ushort p2m_cvt_rz_relu_satfinite_bf16_f32(float x)
{
    return p2m_cvt_bf16_satfinite(p2m_cvt_rz_relu_bf16_f32(x));
}

// ---------------------------------------------------------------------------------------
// f32 -> f16x2 / bf16x2: d = {cvt(a) in bits 31..16, cvt(b) in bits 15..0}
// ---------------------------------------------------------------------------------------

static inline uint p2m_cvt_pack_f16(half hi, half lo)
{
    return ((uint)p2m_f16_bits(hi) << 16) | (uint)p2m_f16_bits(lo);
}
static inline uint p2m_cvt_pack_bf16(ushort hi, ushort lo)
{
    return ((uint)hi << 16) | (uint)lo;
}

// cvt.rn.f16x2.f32 d, a, b
static inline uint p2m_cvt_rn_f16x2_f32(float a, float b)
{
    return p2m_cvt_pack_f16(p2m_cvt_rn_f16_f32(a), p2m_cvt_rn_f16_f32(b));
}
// cvt.rz.f16x2.f32
static inline uint p2m_cvt_rz_f16x2_f32(float a, float b)
{
    return p2m_cvt_pack_f16(p2m_cvt_rz_f16_f32(a), p2m_cvt_rz_f16_f32(b));
}
// cvt.rn.relu.f16x2.f32
static inline uint p2m_cvt_rn_relu_f16x2_f32(float a, float b)
{
    return p2m_cvt_pack_f16(p2m_cvt_rn_relu_f16_f32(a), p2m_cvt_rn_relu_f16_f32(b));
}
// cvt.rz.relu.f16x2.f32
static inline uint p2m_cvt_rz_relu_f16x2_f32(float a, float b)
{
    return p2m_cvt_pack_f16(p2m_cvt_rz_relu_f16_f32(a), p2m_cvt_rz_relu_f16_f32(b));
}
// cvt.rn.satfinite.f16x2.f32
static inline uint p2m_cvt_rn_satfinite_f16x2_f32(float a, float b)
{
    return p2m_cvt_pack_f16(p2m_cvt_rn_satfinite_f16_f32(a), p2m_cvt_rn_satfinite_f16_f32(b));
}
// cvt.rz.satfinite.f16x2.f32
static inline uint p2m_cvt_rz_satfinite_f16x2_f32(float a, float b)
{
    return p2m_cvt_pack_f16(p2m_cvt_rz_satfinite_f16_f32(a), p2m_cvt_rz_satfinite_f16_f32(b));
}
// cvt.rn.relu.satfinite.f16x2.f32
static inline uint p2m_cvt_rn_relu_satfinite_f16x2_f32(float a, float b)
{
    return p2m_cvt_pack_f16(p2m_cvt_rn_relu_satfinite_f16_f32(a),
                            p2m_cvt_rn_relu_satfinite_f16_f32(b));
}
// cvt.rz.relu.satfinite.f16x2.f32
static inline uint p2m_cvt_rz_relu_satfinite_f16x2_f32(float a, float b)
{
    return p2m_cvt_pack_f16(p2m_cvt_rz_relu_satfinite_f16_f32(a),
                            p2m_cvt_rz_relu_satfinite_f16_f32(b));
}
// cvt.rn.bf16x2.f32 d, a, b
static inline uint p2m_cvt_rn_bf16x2_f32(float a, float b)
{
    return p2m_cvt_pack_bf16(p2m_cvt_rn_bf16_f32(a), p2m_cvt_rn_bf16_f32(b));
}
// cvt.rz.bf16x2.f32
static inline uint p2m_cvt_rz_bf16x2_f32(float a, float b)
{
    return p2m_cvt_pack_bf16(p2m_cvt_rz_bf16_f32(a), p2m_cvt_rz_bf16_f32(b));
}
// cvt.rn.relu.bf16x2.f32
static inline uint p2m_cvt_rn_relu_bf16x2_f32(float a, float b)
{
    return p2m_cvt_pack_bf16(p2m_cvt_rn_relu_bf16_f32(a), p2m_cvt_rn_relu_bf16_f32(b));
}
// cvt.rz.relu.bf16x2.f32
static inline uint p2m_cvt_rz_relu_bf16x2_f32(float a, float b)
{
    return p2m_cvt_pack_bf16(p2m_cvt_rz_relu_bf16_f32(a), p2m_cvt_rz_relu_bf16_f32(b));
}
// cvt.rn.satfinite.bf16x2.f32
static inline uint p2m_cvt_rn_satfinite_bf16x2_f32(float a, float b)
{
    return p2m_cvt_pack_bf16(p2m_cvt_rn_satfinite_bf16_f32(a), p2m_cvt_rn_satfinite_bf16_f32(b));
}
// cvt.rz.satfinite.bf16x2.f32
static inline uint p2m_cvt_rz_satfinite_bf16x2_f32(float a, float b)
{
    return p2m_cvt_pack_bf16(p2m_cvt_rz_satfinite_bf16_f32(a), p2m_cvt_rz_satfinite_bf16_f32(b));
}
// cvt.rn.relu.satfinite.bf16x2.f32
static inline uint p2m_cvt_rn_relu_satfinite_bf16x2_f32(float a, float b)
{
    return p2m_cvt_pack_bf16(p2m_cvt_rn_relu_satfinite_bf16_f32(a),
                             p2m_cvt_rn_relu_satfinite_bf16_f32(b));
}
// cvt.rz.relu.satfinite.bf16x2.f32
static inline uint p2m_cvt_rz_relu_satfinite_bf16x2_f32(float a, float b)
{
    return p2m_cvt_pack_bf16(p2m_cvt_rz_relu_satfinite_bf16_f32(a),
                             p2m_cvt_rz_relu_satfinite_bf16_f32(b));
}

// ---------------------------------------------------------------------------------------
// f32 -> tf32 (result: f32 bits with the low 13 bits zero)
// ---------------------------------------------------------------------------------------

// cvt.rna.tf32.f32: to nearest, ties away from zero, as ptxas emits it for sm_90 (see the
// header comment: inf/NaN are only truncated, so a NaN may come out as inf).
static inline uint p2m_cvt_rna_tf32_f32(float x)
{
    const uint b = as_type<uint>(x);
    const bool finite = (b & 0x7F800000u) != 0x7F800000u;
    return (finite ? b + 0x1000u : b) & 0xFFFFE000u;
}
// cvt.rna.satfinite.tf32.f32: as ptxas emits it, a non-finite rna result minus one tf32 ulp
// (inf -> MAX; NaNs stay NaNs or become inf, see the header comment).
static inline uint p2m_cvt_rna_satfinite_tf32_f32(float x)
{
    const uint r = p2m_cvt_rna_tf32_f32(x);
    return (r & 0x7F800000u) == 0x7F800000u ? r - 0x2000u : r;
}
static inline uint p2m_cvt_f32_bits_to_tf32(uint x, int mode)
{
    if (p2m_f32_bits_is_nan(x))
        return P2M_TF32_NAN;
    // tf32 is f32's exponent with 10 fraction bits: round as that format, then widen.
    const uint r = p2m_cvt_f32_bits_narrow(x, mode, 10, 8, 0u);
    return ((r & 0x40000u) << 13) | ((r & 0x3FFFFu) << 13);
}
// cvt.rn.tf32.f32 (sm_90; no .satfinite before sm_100): NaN -> 0x7FFFE000, exact subnormals
static inline uint p2m_cvt_rn_tf32_f32(float x)
{
    return p2m_cvt_f32_bits_to_tf32(as_type<uint>(x), P2M_CVT_RN);
}
// cvt.rz.tf32.f32 (sm_90)
static inline uint p2m_cvt_rz_tf32_f32(float x)
{
    return p2m_cvt_f32_bits_to_tf32(as_type<uint>(x), P2M_CVT_RZ);
}
// cvt.rn.relu.tf32.f32: negative inputs -> +0, NaN -> 0x7FFFE000
static inline uint p2m_cvt_rn_relu_tf32_f32(float x)
{
    const uint b = as_type<uint>(x);
    if (p2m_f32_bits_is_nan(b))
        return P2M_TF32_NAN;
    return (b >> 31) != 0 ? 0u : p2m_cvt_f32_bits_to_tf32(b, P2M_CVT_RN);
}
// cvt.rz.relu.tf32.f32
static inline uint p2m_cvt_rz_relu_tf32_f32(float x)
{
    const uint b = as_type<uint>(x);
    if (p2m_f32_bits_is_nan(b))
        return P2M_TF32_NAN;
    return (b >> 31) != 0 ? 0u : p2m_cvt_f32_bits_to_tf32(b, P2M_CVT_RZ);
}

// ---------------------------------------------------------------------------------------
// Widening to f32, and f16 <-> bf16
// ---------------------------------------------------------------------------------------

// cvt.f32.f16: exact; NaN -> 0x7FFFFFFF (the H200 does not keep the payload)
static inline float p2m_cvt_f32_f16(half h)
{
    return isnan(h) ? as_type<float>(P2M_F32_CANONICAL_NAN) : static_cast<float>(h);
}
// cvt.f32.bf16: exact, a shift (NaN payloads kept, as on the H200)
static inline float p2m_cvt_f32_bf16(ushort b)
{
    return as_type<float>((uint)b << 16);
}

// cvt.rn/rz/rm/rp.bf16.f16 (sm_90): every f16 is an f32, round that; NaN -> 0x7FFF.
static inline ushort p2m_cvt_rn_bf16_f16(half h)
{
    return p2m_cvt_f32_bits_to_bf16_bits(as_type<uint>(static_cast<float>(h)), P2M_CVT_RN);
}
static inline ushort p2m_cvt_rz_bf16_f16(half h)
{
    return p2m_cvt_f32_bits_to_bf16_bits(as_type<uint>(static_cast<float>(h)), P2M_CVT_RZ);
}
static inline ushort p2m_cvt_rm_bf16_f16(half h)
{
    return p2m_cvt_f32_bits_to_bf16_bits(as_type<uint>(static_cast<float>(h)), P2M_CVT_RM);
}
static inline ushort p2m_cvt_rp_bf16_f16(half h)
{
    return p2m_cvt_f32_bits_to_bf16_bits(as_type<uint>(static_cast<float>(h)), P2M_CVT_RP);
}
// cvt.rn/rz/rm/rp.f16.bf16 (sm_90): on the bits, so bf16 subnormals round exactly.
static inline half p2m_cvt_rn_f16_bf16(ushort b)
{
    return p2m_f16_from_bits(p2m_cvt_f32_bits_to_f16_bits((uint)b << 16, P2M_CVT_RN));
}
static inline half p2m_cvt_rz_f16_bf16(ushort b)
{
    return p2m_f16_from_bits(p2m_cvt_f32_bits_to_f16_bits((uint)b << 16, P2M_CVT_RZ));
}
static inline half p2m_cvt_rm_f16_bf16(ushort b)
{
    return p2m_f16_from_bits(p2m_cvt_f32_bits_to_f16_bits((uint)b << 16, P2M_CVT_RM));
}
static inline half p2m_cvt_rp_f16_bf16(ushort b)
{
    return p2m_f16_from_bits(p2m_cvt_f32_bits_to_f16_bits((uint)b << 16, P2M_CVT_RP));
}

// ---------------------------------------------------------------------------------------
// Rounding to an integral value in the same format (cvt.rni/rzi/rmi/rpi.f32.f32 etc.)
// ---------------------------------------------------------------------------------------

// x (bits of a format with mbits/ebits, not NaN) rounded to an integral value; keeps the sign
// (rni(-0.3) = -0, rpi(-0.3) = -0). Exact for subnormals (rpi(+tiny) = 1), on the bits.
static inline uint p2m_cvt_round_integral_bits(uint x, int mode, int mbits, int ebits)
{
    const int bias = (1 << (ebits - 1)) - 1;
    const uint sign_bit = 1u << (uint)(mbits + ebits);
    const uint abs = x & (sign_bit - 1u);
    const bool sign = (x & sign_bit) != 0;
    const int e = (int)(abs >> (uint)mbits);
    const uint one = (uint)bias << (uint)mbits;
    if (e >= bias + mbits) // integral already (or inf)
        return x;
    if (e < bias) { // |x| < 1: 0 or 1 with x's sign
        if (abs == 0u)
            return x;
        bool to_one;
        if (mode == P2M_CVT_RZ)
            to_one = false;
        else if (mode == P2M_CVT_RM)
            to_one = sign;
        else if (mode == P2M_CVT_RP)
            to_one = !sign;
        else
            to_one = abs > (one - (1u << (uint)mbits)); // above one half (bias - 1 exponent)
        return (x & sign_bit) | (to_one ? one : 0u);
    }
    const uint n = (uint)(bias + mbits - e); // fraction bits, 1..mbits
    const uint mask = (1u << n) - 1u;
    const uint frac = abs & mask;
    if (frac == 0u)
        return x;
    const uint base = abs & ~mask;
    const uint half = 1u << (n - 1u);
    bool up;
    if (mode == P2M_CVT_RZ)
        up = false;
    else if (mode == P2M_CVT_RM)
        up = sign;
    else if (mode == P2M_CVT_RP)
        up = !sign;
    else
        up = frac > half || (frac == half && ((base >> n) & 1u) != 0);
    return (x & sign_bit) | (base + (up ? 1u << n : 0u)); // a carry moves into the exponent
}

static inline float p2m_cvt_round_integral_f32(float x, int mode)
{
    const uint b = as_type<uint>(x);
    if (p2m_f32_bits_is_nan(b))
        return as_type<float>(P2M_F32_CANONICAL_NAN);
    return as_type<float>(p2m_cvt_round_integral_bits(b, mode, 23, 8));
}
static inline half p2m_cvt_round_integral_f16(half x, int mode)
{
    const ushort b = p2m_f16_bits(x);
    if (p2m_f16_bits_is_nan(b))
        return p2m_f16_from_bits(P2M_F16_NAN);
    return p2m_f16_from_bits((ushort)p2m_cvt_round_integral_bits(b, mode, 10, 5));
}
static inline ushort p2m_cvt_round_integral_bf16(ushort b, int mode)
{
    if (p2m_bf16_bits_is_nan(b))
        return P2M_BF16_NAN;
    return (ushort)p2m_cvt_round_integral_bits(b, mode, 7, 8);
}

// cvt.rni.f32.f32 (NaN -> 0x7FFFFFFF)
static inline float p2m_cvt_rni_f32_f32(float x) { return p2m_cvt_round_integral_f32(x, P2M_CVT_RN); }
// cvt.rzi.f32.f32
static inline float p2m_cvt_rzi_f32_f32(float x) { return p2m_cvt_round_integral_f32(x, P2M_CVT_RZ); }
// cvt.rmi.f32.f32
static inline float p2m_cvt_rmi_f32_f32(float x) { return p2m_cvt_round_integral_f32(x, P2M_CVT_RM); }
// cvt.rpi.f32.f32
static inline float p2m_cvt_rpi_f32_f32(float x) { return p2m_cvt_round_integral_f32(x, P2M_CVT_RP); }
// cvt.rni.f16.f16 (NaN -> 0x7FFF)
static inline half p2m_cvt_rni_f16_f16(half x) { return p2m_cvt_round_integral_f16(x, P2M_CVT_RN); }
// cvt.rzi.f16.f16
static inline half p2m_cvt_rzi_f16_f16(half x) { return p2m_cvt_round_integral_f16(x, P2M_CVT_RZ); }
// cvt.rmi.f16.f16
static inline half p2m_cvt_rmi_f16_f16(half x) { return p2m_cvt_round_integral_f16(x, P2M_CVT_RM); }
// cvt.rpi.f16.f16
static inline half p2m_cvt_rpi_f16_f16(half x) { return p2m_cvt_round_integral_f16(x, P2M_CVT_RP); }
// cvt.rni.bf16.bf16 (sm_90; NaN -> 0x7FFF)
static inline ushort p2m_cvt_rni_bf16_bf16(ushort x) { return p2m_cvt_round_integral_bf16(x, P2M_CVT_RN); }
// cvt.rzi.bf16.bf16
static inline ushort p2m_cvt_rzi_bf16_bf16(ushort x) { return p2m_cvt_round_integral_bf16(x, P2M_CVT_RZ); }
// cvt.rmi.bf16.bf16
static inline ushort p2m_cvt_rmi_bf16_bf16(ushort x) { return p2m_cvt_round_integral_bf16(x, P2M_CVT_RM); }
// cvt.rpi.bf16.bf16
static inline ushort p2m_cvt_rpi_bf16_bf16(ushort x) { return p2m_cvt_round_integral_bf16(x, P2M_CVT_RP); }

// ---------------------------------------------------------------------------------------
// Float -> integer (cvt.rni/rzi/rmi/rpi.<int>.<float>): saturating
// ---------------------------------------------------------------------------------------

// |x| rounded to an integer in `mode` (applied to the signed value), for f32 bits x not NaN;
// magnitudes of 2^64 and more (infinities too) come back as 0xFFFFFFFFFFFFFFFF, which
// saturates every destination the same way.
static inline ulong p2m_cvt_f32_bits_int_magnitude(uint x, int mode)
{
    const bool sign = (x >> 31) != 0;
    const uint abs = x & 0x7FFFFFFFu;
    if (abs == 0u)
        return 0ul;
    const int e = (int)(abs >> 23);
    if (e >= 191) // |x| >= 2^64, or inf
        return 0xFFFFFFFFFFFFFFFFul;
    const ulong sig = p2m_cvt_f32_sig(x);
    const int k = p2m_cvt_f32_exp(x); // |x| = sig * 2^k
    if (k >= 0)
        return sig << (uint)k;
    const int n = -k; // fraction bits, 1..149
    ulong ipart = 0ul, rem, halfway;
    if (n >= 25) { // sig < 2^24: below one half, nonzero
        rem = 1ul;
        halfway = 2ul;
    } else {
        ipart = sig >> (uint)n;
        rem = sig & ((1ul << (uint)n) - 1ul);
        halfway = 1ul << (uint)(n - 1);
    }
    bool up;
    if (mode == P2M_CVT_RZ)
        up = false;
    else if (mode == P2M_CVT_RM)
        up = sign && rem != 0ul;
    else if (mode == P2M_CVT_RP)
        up = !sign && rem != 0ul;
    else
        up = rem > halfway || (rem == halfway && (ipart & 1ul) != 0ul);
    return ipart + (up ? 1ul : 0ul);
}

// Signed destination with largest value `maxpos`; NaN -> `nan`.
static inline long p2m_cvt_f32_bits_to_signed(uint x, int mode, ulong maxpos, long nan)
{
    if (p2m_f32_bits_is_nan(x))
        return nan;
    const ulong mag = p2m_cvt_f32_bits_int_magnitude(x, mode);
    if ((x >> 31) != 0)
        return mag > maxpos ? as_type<long>(~maxpos) : as_type<long>(0ul - mag);
    return mag > maxpos ? as_type<long>(maxpos) : as_type<long>(mag);
}
// Unsigned destination with largest value `maxval`; negative values (and -0) -> 0.
static inline ulong p2m_cvt_f32_bits_to_unsigned(uint x, int mode, ulong maxval, ulong nan)
{
    if (p2m_f32_bits_is_nan(x))
        return nan;
    const ulong mag = p2m_cvt_f32_bits_int_magnitude(x, mode);
    if ((x >> 31) != 0)
        return 0ul;
    return mag > maxval ? maxval : mag;
}

// The NaN result of the 64-bit destinations (H200: 0x8000000000000000, for .u64 too).
#define P2M_CVT_NAN_S64 (-0x7FFFFFFFFFFFFFFFl - 1l)
#define P2M_CVT_NAN_U64 0x8000000000000000ul

// The entry points, `cvt.<irnd>.<dst>.f32 d, a;`: a to each integer type in rounding mode
// `mode` (P2M_CVT_RN/RZ/RM/RP for .rni/.rzi/.rmi/.rpi). An f16 or bf16 source is converted to
// f32 first (p2m_cvt_f32_f16, p2m_cvt_f32_bf16: exact, a NaN stays a NaN).
static inline char p2m_cvt_f32_to_s8(float x, int mode)
{
    return (char)p2m_cvt_f32_bits_to_signed(as_type<uint>(x), mode, 0x7Ful, 0l);
}
static inline uchar p2m_cvt_f32_to_u8(float x, int mode)
{
    return (uchar)p2m_cvt_f32_bits_to_unsigned(as_type<uint>(x), mode, 0xFFul, 0ul);
}
static inline short p2m_cvt_f32_to_s16(float x, int mode)
{
    return (short)p2m_cvt_f32_bits_to_signed(as_type<uint>(x), mode, 0x7FFFul, 0l);
}
static inline ushort p2m_cvt_f32_to_u16(float x, int mode)
{
    return (ushort)p2m_cvt_f32_bits_to_unsigned(as_type<uint>(x), mode, 0xFFFFul, 0ul);
}
static inline int p2m_cvt_f32_to_s32(float x, int mode)
{
    return (int)p2m_cvt_f32_bits_to_signed(as_type<uint>(x), mode, 0x7FFFFFFFul, 0l);
}
static inline uint p2m_cvt_f32_to_u32(float x, int mode)
{
    return (uint)p2m_cvt_f32_bits_to_unsigned(as_type<uint>(x), mode, 0xFFFFFFFFul, 0ul);
}
static inline long p2m_cvt_f32_to_s64(float x, int mode)
{
    return p2m_cvt_f32_bits_to_signed(as_type<uint>(x), mode, 0x7FFFFFFFFFFFFFFFul,
                                      P2M_CVT_NAN_S64);
}
static inline ulong p2m_cvt_f32_to_u64(float x, int mode)
{
    return p2m_cvt_f32_bits_to_unsigned(as_type<uint>(x), mode, 0xFFFFFFFFFFFFFFFFul,
                                        P2M_CVT_NAN_U64);
}

// ---------------------------------------------------------------------------------------
// Integer -> float (cvt.rn/rz/rm/rp.<float>.<int>)
// ---------------------------------------------------------------------------------------

// A signed or unsigned integer as (sign, magnitude), rounded to the format's bits.
static inline uint p2m_cvt_int_to_bits(bool negative, ulong mag, int mode, int mbits, int ebits)
{
    if (mag == 0ul)
        return 0u; // +0 for every integer zero
    return p2m_cvt_round_pack(negative, mag, 0, false, mode, mbits, ebits);
}
static inline ulong p2m_cvt_abs_s64(long v) { return v < 0 ? 0ul - as_type<ulong>(v) : as_type<ulong>(v); }

static inline float p2m_cvt_s64_to_f32(long v, int mode) { return as_type<float>(p2m_cvt_int_to_bits(v < 0, p2m_cvt_abs_s64(v), mode, 23, 8)); }
static inline float p2m_cvt_u64_to_f32(ulong v, int mode) { return as_type<float>(p2m_cvt_int_to_bits(false, v, mode, 23, 8)); }
static inline half p2m_cvt_s64_to_f16(long v, int mode) { return p2m_f16_from_bits((ushort)p2m_cvt_int_to_bits(v < 0, p2m_cvt_abs_s64(v), mode, 10, 5)); }
static inline half p2m_cvt_u64_to_f16(ulong v, int mode) { return p2m_f16_from_bits((ushort)p2m_cvt_int_to_bits(false, v, mode, 10, 5)); }
static inline ushort p2m_cvt_s64_to_bf16(long v, int mode) { return (ushort)p2m_cvt_int_to_bits(v < 0, p2m_cvt_abs_s64(v), mode, 7, 8); }
static inline ushort p2m_cvt_u64_to_bf16(ulong v, int mode) { return (ushort)p2m_cvt_int_to_bits(false, v, mode, 7, 8); }

// The entry points, `cvt.<rnd>.<dst>.<src> d, a;` for dst f32, f16, bf16. 8- and 16-bit
// sources are exact in f32 (and 8-bit ones in f16 and bf16): a plain conversion. The .rn forms
// to f32 use MSL's integer-to-float conversion, which rounds to nearest even.
static inline float p2m_cvt_rn_f32_s8(char v) { return static_cast<float>(v); }
static inline float p2m_cvt_rn_f32_u8(uchar v) { return static_cast<float>(v); }
static inline float p2m_cvt_rn_f32_s16(short v) { return static_cast<float>(v); }
static inline float p2m_cvt_rn_f32_u16(ushort v) { return static_cast<float>(v); }
static inline float p2m_cvt_rn_f32_s32(int v) { return static_cast<float>(v); }
static inline float p2m_cvt_rn_f32_u32(uint v) { return static_cast<float>(v); }
static inline float p2m_cvt_rn_f32_s64(long v) { return static_cast<float>(v); }
static inline float p2m_cvt_rn_f32_u64(ulong v) { return static_cast<float>(v); }
static inline float p2m_cvt_rz_f32_s8(char v) { return static_cast<float>(v); }
static inline float p2m_cvt_rz_f32_u8(uchar v) { return static_cast<float>(v); }
static inline float p2m_cvt_rz_f32_s16(short v) { return static_cast<float>(v); }
static inline float p2m_cvt_rz_f32_u16(ushort v) { return static_cast<float>(v); }
static inline float p2m_cvt_rz_f32_s32(int v) { return p2m_cvt_s64_to_f32((long)v, P2M_CVT_RZ); }
static inline float p2m_cvt_rz_f32_u32(uint v) { return p2m_cvt_u64_to_f32((ulong)v, P2M_CVT_RZ); }
static inline float p2m_cvt_rz_f32_s64(long v) { return p2m_cvt_s64_to_f32(v, P2M_CVT_RZ); }
static inline float p2m_cvt_rz_f32_u64(ulong v) { return p2m_cvt_u64_to_f32(v, P2M_CVT_RZ); }
static inline float p2m_cvt_rm_f32_s8(char v) { return static_cast<float>(v); }
static inline float p2m_cvt_rm_f32_u8(uchar v) { return static_cast<float>(v); }
static inline float p2m_cvt_rm_f32_s16(short v) { return static_cast<float>(v); }
static inline float p2m_cvt_rm_f32_u16(ushort v) { return static_cast<float>(v); }
static inline float p2m_cvt_rm_f32_s32(int v) { return p2m_cvt_s64_to_f32((long)v, P2M_CVT_RM); }
static inline float p2m_cvt_rm_f32_u32(uint v) { return p2m_cvt_u64_to_f32((ulong)v, P2M_CVT_RM); }
static inline float p2m_cvt_rm_f32_s64(long v) { return p2m_cvt_s64_to_f32(v, P2M_CVT_RM); }
static inline float p2m_cvt_rm_f32_u64(ulong v) { return p2m_cvt_u64_to_f32(v, P2M_CVT_RM); }
static inline float p2m_cvt_rp_f32_s8(char v) { return static_cast<float>(v); }
static inline float p2m_cvt_rp_f32_u8(uchar v) { return static_cast<float>(v); }
static inline float p2m_cvt_rp_f32_s16(short v) { return static_cast<float>(v); }
static inline float p2m_cvt_rp_f32_u16(ushort v) { return static_cast<float>(v); }
static inline float p2m_cvt_rp_f32_s32(int v) { return p2m_cvt_s64_to_f32((long)v, P2M_CVT_RP); }
static inline float p2m_cvt_rp_f32_u32(uint v) { return p2m_cvt_u64_to_f32((ulong)v, P2M_CVT_RP); }
static inline float p2m_cvt_rp_f32_s64(long v) { return p2m_cvt_s64_to_f32(v, P2M_CVT_RP); }
static inline float p2m_cvt_rp_f32_u64(ulong v) { return p2m_cvt_u64_to_f32(v, P2M_CVT_RP); }
static inline half p2m_cvt_rn_f16_s8(char v) { return static_cast<half>(v); }
static inline half p2m_cvt_rn_f16_u8(uchar v) { return static_cast<half>(v); }
static inline half p2m_cvt_rn_f16_s16(short v) { return p2m_cvt_s64_to_f16((long)v, P2M_CVT_RN); }
static inline half p2m_cvt_rn_f16_u16(ushort v) { return p2m_cvt_u64_to_f16((ulong)v, P2M_CVT_RN); }
static inline half p2m_cvt_rn_f16_s32(int v) { return p2m_cvt_s64_to_f16((long)v, P2M_CVT_RN); }
static inline half p2m_cvt_rn_f16_u32(uint v) { return p2m_cvt_u64_to_f16((ulong)v, P2M_CVT_RN); }
static inline half p2m_cvt_rn_f16_s64(long v) { return p2m_cvt_s64_to_f16(v, P2M_CVT_RN); }
static inline half p2m_cvt_rn_f16_u64(ulong v) { return p2m_cvt_u64_to_f16(v, P2M_CVT_RN); }
static inline half p2m_cvt_rz_f16_s8(char v) { return static_cast<half>(v); }
static inline half p2m_cvt_rz_f16_u8(uchar v) { return static_cast<half>(v); }
static inline half p2m_cvt_rz_f16_s16(short v) { return p2m_cvt_s64_to_f16((long)v, P2M_CVT_RZ); }
static inline half p2m_cvt_rz_f16_u16(ushort v) { return p2m_cvt_u64_to_f16((ulong)v, P2M_CVT_RZ); }
static inline half p2m_cvt_rz_f16_s32(int v) { return p2m_cvt_s64_to_f16((long)v, P2M_CVT_RZ); }
static inline half p2m_cvt_rz_f16_u32(uint v) { return p2m_cvt_u64_to_f16((ulong)v, P2M_CVT_RZ); }
static inline half p2m_cvt_rz_f16_s64(long v) { return p2m_cvt_s64_to_f16(v, P2M_CVT_RZ); }
static inline half p2m_cvt_rz_f16_u64(ulong v) { return p2m_cvt_u64_to_f16(v, P2M_CVT_RZ); }
static inline half p2m_cvt_rm_f16_s8(char v) { return static_cast<half>(v); }
static inline half p2m_cvt_rm_f16_u8(uchar v) { return static_cast<half>(v); }
static inline half p2m_cvt_rm_f16_s16(short v) { return p2m_cvt_s64_to_f16((long)v, P2M_CVT_RM); }
static inline half p2m_cvt_rm_f16_u16(ushort v) { return p2m_cvt_u64_to_f16((ulong)v, P2M_CVT_RM); }
static inline half p2m_cvt_rm_f16_s32(int v) { return p2m_cvt_s64_to_f16((long)v, P2M_CVT_RM); }
static inline half p2m_cvt_rm_f16_u32(uint v) { return p2m_cvt_u64_to_f16((ulong)v, P2M_CVT_RM); }
static inline half p2m_cvt_rm_f16_s64(long v) { return p2m_cvt_s64_to_f16(v, P2M_CVT_RM); }
static inline half p2m_cvt_rm_f16_u64(ulong v) { return p2m_cvt_u64_to_f16(v, P2M_CVT_RM); }
static inline half p2m_cvt_rp_f16_s8(char v) { return static_cast<half>(v); }
static inline half p2m_cvt_rp_f16_u8(uchar v) { return static_cast<half>(v); }
static inline half p2m_cvt_rp_f16_s16(short v) { return p2m_cvt_s64_to_f16((long)v, P2M_CVT_RP); }
static inline half p2m_cvt_rp_f16_u16(ushort v) { return p2m_cvt_u64_to_f16((ulong)v, P2M_CVT_RP); }
static inline half p2m_cvt_rp_f16_s32(int v) { return p2m_cvt_s64_to_f16((long)v, P2M_CVT_RP); }
static inline half p2m_cvt_rp_f16_u32(uint v) { return p2m_cvt_u64_to_f16((ulong)v, P2M_CVT_RP); }
static inline half p2m_cvt_rp_f16_s64(long v) { return p2m_cvt_s64_to_f16(v, P2M_CVT_RP); }
static inline half p2m_cvt_rp_f16_u64(ulong v) { return p2m_cvt_u64_to_f16(v, P2M_CVT_RP); }
static inline ushort p2m_cvt_rn_bf16_s8(char v) { return p2m_cvt_s64_to_bf16((long)v, P2M_CVT_RN); }
static inline ushort p2m_cvt_rn_bf16_u8(uchar v) { return p2m_cvt_u64_to_bf16((ulong)v, P2M_CVT_RN); }
static inline ushort p2m_cvt_rn_bf16_s16(short v) { return p2m_cvt_s64_to_bf16((long)v, P2M_CVT_RN); }
static inline ushort p2m_cvt_rn_bf16_u16(ushort v) { return p2m_cvt_u64_to_bf16((ulong)v, P2M_CVT_RN); }
static inline ushort p2m_cvt_rn_bf16_s32(int v) { return p2m_cvt_s64_to_bf16((long)v, P2M_CVT_RN); }
static inline ushort p2m_cvt_rn_bf16_u32(uint v) { return p2m_cvt_u64_to_bf16((ulong)v, P2M_CVT_RN); }
static inline ushort p2m_cvt_rn_bf16_s64(long v) { return p2m_cvt_s64_to_bf16(v, P2M_CVT_RN); }
static inline ushort p2m_cvt_rn_bf16_u64(ulong v) { return p2m_cvt_u64_to_bf16(v, P2M_CVT_RN); }
static inline ushort p2m_cvt_rz_bf16_s8(char v) { return p2m_cvt_s64_to_bf16((long)v, P2M_CVT_RZ); }
static inline ushort p2m_cvt_rz_bf16_u8(uchar v) { return p2m_cvt_u64_to_bf16((ulong)v, P2M_CVT_RZ); }
static inline ushort p2m_cvt_rz_bf16_s16(short v) { return p2m_cvt_s64_to_bf16((long)v, P2M_CVT_RZ); }
static inline ushort p2m_cvt_rz_bf16_u16(ushort v) { return p2m_cvt_u64_to_bf16((ulong)v, P2M_CVT_RZ); }
static inline ushort p2m_cvt_rz_bf16_s32(int v) { return p2m_cvt_s64_to_bf16((long)v, P2M_CVT_RZ); }
static inline ushort p2m_cvt_rz_bf16_u32(uint v) { return p2m_cvt_u64_to_bf16((ulong)v, P2M_CVT_RZ); }
static inline ushort p2m_cvt_rz_bf16_s64(long v) { return p2m_cvt_s64_to_bf16(v, P2M_CVT_RZ); }
static inline ushort p2m_cvt_rz_bf16_u64(ulong v) { return p2m_cvt_u64_to_bf16(v, P2M_CVT_RZ); }
static inline ushort p2m_cvt_rm_bf16_s8(char v) { return p2m_cvt_s64_to_bf16((long)v, P2M_CVT_RM); }
static inline ushort p2m_cvt_rm_bf16_u8(uchar v) { return p2m_cvt_u64_to_bf16((ulong)v, P2M_CVT_RM); }
static inline ushort p2m_cvt_rm_bf16_s16(short v) { return p2m_cvt_s64_to_bf16((long)v, P2M_CVT_RM); }
static inline ushort p2m_cvt_rm_bf16_u16(ushort v) { return p2m_cvt_u64_to_bf16((ulong)v, P2M_CVT_RM); }
static inline ushort p2m_cvt_rm_bf16_s32(int v) { return p2m_cvt_s64_to_bf16((long)v, P2M_CVT_RM); }
static inline ushort p2m_cvt_rm_bf16_u32(uint v) { return p2m_cvt_u64_to_bf16((ulong)v, P2M_CVT_RM); }
static inline ushort p2m_cvt_rm_bf16_s64(long v) { return p2m_cvt_s64_to_bf16(v, P2M_CVT_RM); }
static inline ushort p2m_cvt_rm_bf16_u64(ulong v) { return p2m_cvt_u64_to_bf16(v, P2M_CVT_RM); }
static inline ushort p2m_cvt_rp_bf16_s8(char v) { return p2m_cvt_s64_to_bf16((long)v, P2M_CVT_RP); }
static inline ushort p2m_cvt_rp_bf16_u8(uchar v) { return p2m_cvt_u64_to_bf16((ulong)v, P2M_CVT_RP); }
static inline ushort p2m_cvt_rp_bf16_s16(short v) { return p2m_cvt_s64_to_bf16((long)v, P2M_CVT_RP); }
static inline ushort p2m_cvt_rp_bf16_u16(ushort v) { return p2m_cvt_u64_to_bf16((ulong)v, P2M_CVT_RP); }
static inline ushort p2m_cvt_rp_bf16_s32(int v) { return p2m_cvt_s64_to_bf16((long)v, P2M_CVT_RP); }
static inline ushort p2m_cvt_rp_bf16_u32(uint v) { return p2m_cvt_u64_to_bf16((ulong)v, P2M_CVT_RP); }
static inline ushort p2m_cvt_rp_bf16_s64(long v) { return p2m_cvt_s64_to_bf16(v, P2M_CVT_RP); }
static inline ushort p2m_cvt_rp_bf16_u64(ulong v) { return p2m_cvt_u64_to_bf16(v, P2M_CVT_RP); }

// ---------------------------------------------------------------------------------------
// fp8 (e4m3, e5m2) pairs: cvt.rn{.relu}.f16x2.<f8x2> and cvt.rn.satfinite{.relu}.<f8x2>.{f16x2,f32}
// ---------------------------------------------------------------------------------------
// A pair is a `ushort`, element 0 in the low byte. e4m3: bias 7, no infinity, S.1111.111 is
// NaN, largest finite 448 (0x7E). e5m2: the upper byte of an f16 (bias 15, infinities).
// Measured on an H200 (tests/probes/fp8_cvt.cu, exhaustive for 16-bit sources):
//   * to fp8: round to nearest even once (subnormal results at their own precision); any NaN
//     gives 0x7F (sign dropped), +-inf and overflow give +-MAX (0x7E / 0x7B), tiny negative
//     values -0 (0x80); .relu makes every negative input (-0, -inf included) +0, NaN still 0x7F.
//   * from fp8: exact; every NaN gives the canonical f16 0x7FFF; .relu makes negative values
//     (-0 and -inf included) +0.

// Rounds sig * 2^exp (sig > 0) to nearest even in e4m3 or e5m2, saturating to the largest
// finite magnitude; returns the byte without the sign. e4m3 is rounded as a format with a
// 5-bit exponent field and bias 15 at 2^-8 times the value: the same fraction bits, the same
// subnormal step and the same field values, with room above 0x7F to see the overflow.
static inline uint p2m_cvt_fp8_round_mag(ulong sig, int exp, bool e5m2)
{
    if (e5m2) {
        const uint r = p2m_cvt_round_pack(false, sig, exp, false, P2M_CVT_RN, 2, 5);
        return r > 0x7Bu ? 0x7Bu : r;
    }
    const uint r = p2m_cvt_round_pack(false, sig, exp - 8, false, P2M_CVT_RN, 3, 5);
    return r > 0x7Eu ? 0x7Eu : r;
}

// f32 bits to an fp8 byte (.rn.satfinite, optionally .relu).
static inline uint p2m_cvt_f32_bits_to_fp8(uint x, bool e5m2, bool relu)
{
    const uint abs = x & 0x7FFFFFFFu;
    const uint sign = (x >> 24) & 0x80u;
    if (abs > 0x7F800000u)
        return 0x7Fu;
    if (relu && sign != 0u)
        return 0u;
    if (abs == 0x7F800000u)
        return sign | (e5m2 ? 0x7Bu : 0x7Eu);
    if (abs == 0u)
        return sign;
    return sign | p2m_cvt_fp8_round_mag(p2m_cvt_f32_sig(x), p2m_cvt_f32_exp(x), e5m2);
}

// f16 bits to an fp8 byte (.rn.satfinite, optionally .relu).
static inline uint p2m_cvt_f16_bits_to_fp8(uint h, bool e5m2, bool relu)
{
    const uint abs = h & 0x7FFFu;
    const uint sign = (h >> 8) & 0x80u;
    if (abs > 0x7C00u)
        return 0x7Fu;
    if (relu && sign != 0u)
        return 0u;
    if (abs == 0x7C00u)
        return sign | (e5m2 ? 0x7Bu : 0x7Eu);
    if (abs == 0u)
        return sign;
    const uint e = abs >> 10;
    const ulong sig = (ulong)((abs & 0x3FFu) | (e != 0u ? 0x400u : 0u));
    return sign | p2m_cvt_fp8_round_mag(sig, (e != 0u ? (int)e : 1) - 25, e5m2);
}

// An fp8 byte to f16 bits (exact), optionally .relu.
static inline uint p2m_cvt_fp8_to_f16_bits(uint b, bool e5m2, bool relu)
{
    const uint sign = b & 0x80u;
    const uint abs = b & 0x7Fu;
    if (e5m2 ? abs > 0x7Cu : abs == 0x7Fu)
        return (uint)P2M_F16_NAN;
    if (relu && sign != 0u)
        return 0u;
    if (e5m2 || abs == 0u)
        return b << 8;
    const uint e = abs >> 3;
    const ulong sig = (ulong)((abs & 7u) | (e != 0u ? 8u : 0u));
    return (sign << 8) |
           p2m_cvt_round_pack(false, sig, (e != 0u ? (int)e : 1) - 10, false, P2M_CVT_RN, 10, 5);
}

// cvt.rn{.relu}.f16x2.<f8x2>: byte 0 -> bits 15..0, byte 1 -> bits 31..16.
static inline uint p2m_cvt_fp8x2_to_f16x2(ushort a, bool e5m2, bool relu)
{
    return p2m_cvt_fp8_to_f16_bits((uint)a & 0xFFu, e5m2, relu) |
           (p2m_cvt_fp8_to_f16_bits((uint)a >> 8, e5m2, relu) << 16);
}
// cvt.rn.satfinite{.relu}.<f8x2>.f16x2: bits 15..0 -> byte 0, bits 31..16 -> byte 1.
static inline ushort p2m_cvt_f16x2_to_fp8x2(uint a, bool e5m2, bool relu)
{
    return (ushort)(p2m_cvt_f16_bits_to_fp8(a & 0xFFFFu, e5m2, relu) |
                    (p2m_cvt_f16_bits_to_fp8(a >> 16, e5m2, relu) << 8));
}
// cvt.rn.satfinite{.relu}.<f8x2>.f32 d, a, b: a -> byte 1, b -> byte 0.
static inline ushort p2m_cvt_f32x2_to_fp8x2(float a, float b, bool e5m2, bool relu)
{
    return (ushort)((p2m_cvt_f32_bits_to_fp8(as_type<uint>(a), e5m2, relu) << 8) |
                    p2m_cvt_f32_bits_to_fp8(as_type<uint>(b), e5m2, relu));
}

// cvt.rn.f16x2.e4m3x2 d, a (low byte -> low half)
static inline uint p2m_cvt_rn_f16x2_e4m3x2(ushort a) { return p2m_cvt_fp8x2_to_f16x2(a, false, false); }
// cvt.rn.relu.f16x2.e4m3x2 d, a
static inline uint p2m_cvt_rn_relu_f16x2_e4m3x2(ushort a) { return p2m_cvt_fp8x2_to_f16x2(a, false, true); }
// cvt.rn.f16x2.e5m2x2 d, a
static inline uint p2m_cvt_rn_f16x2_e5m2x2(ushort a) { return p2m_cvt_fp8x2_to_f16x2(a, true, false); }
// cvt.rn.relu.f16x2.e5m2x2 d, a
static inline uint p2m_cvt_rn_relu_f16x2_e5m2x2(ushort a) { return p2m_cvt_fp8x2_to_f16x2(a, true, true); }
// cvt.rn.satfinite.e4m3x2.f16x2 d, a (low half -> low byte)
static inline ushort p2m_cvt_rn_satfinite_e4m3x2_f16x2(uint a) { return p2m_cvt_f16x2_to_fp8x2(a, false, false); }
// cvt.rn.satfinite.relu.e4m3x2.f16x2 d, a
static inline ushort p2m_cvt_rn_relu_satfinite_e4m3x2_f16x2(uint a) { return p2m_cvt_f16x2_to_fp8x2(a, false, true); }
// cvt.rn.satfinite.e5m2x2.f16x2 d, a
static inline ushort p2m_cvt_rn_satfinite_e5m2x2_f16x2(uint a) { return p2m_cvt_f16x2_to_fp8x2(a, true, false); }
// cvt.rn.satfinite.relu.e5m2x2.f16x2 d, a
static inline ushort p2m_cvt_rn_relu_satfinite_e5m2x2_f16x2(uint a) { return p2m_cvt_f16x2_to_fp8x2(a, true, true); }
// cvt.rn.satfinite.e4m3x2.f32 d, a, b (a -> upper byte, b -> lower byte)
static inline ushort p2m_cvt_rn_satfinite_e4m3x2_f32(float a, float b) { return p2m_cvt_f32x2_to_fp8x2(a, b, false, false); }
// cvt.rn.satfinite.relu.e4m3x2.f32 d, a, b
static inline ushort p2m_cvt_rn_relu_satfinite_e4m3x2_f32(float a, float b) { return p2m_cvt_f32x2_to_fp8x2(a, b, false, true); }
// cvt.rn.satfinite.e5m2x2.f32 d, a, b
static inline ushort p2m_cvt_rn_satfinite_e5m2x2_f32(float a, float b) { return p2m_cvt_f32x2_to_fp8x2(a, b, true, false); }
// cvt.rn.satfinite.relu.e5m2x2.f32 d, a, b
static inline ushort p2m_cvt_rn_relu_satfinite_e5m2x2_f32(float a, float b) { return p2m_cvt_f32x2_to_fp8x2(a, b, true, true); }

// ---------------------------------------------------------------------------------------
// .sat on f16 results
// ---------------------------------------------------------------------------------------

// .sat for f16 destinations (cvt.sat.f16.*, add/sub/mul/fma.sat.f16): clamp to [0.0, 1.0];
// NaN, -0 and negative values give +0 (measured: add.sat.f16(-0, -0) = +0).
static inline half p2m_sat_f16(half x)
{
    const ushort b = p2m_f16_bits(x);
    if (p2m_f16_bits_is_nan(b) || (b & 0x8000u) != 0)
        return p2m_f16_from_bits((ushort)0);
    return b >= 0x3C00u ? p2m_f16_from_bits((ushort)0x3C00) : x;
}

// ---------------------------------------------------------------------------------------
// OCP MX pairs (sm_100+): fp4 e2m1, fp6 e2m3/e3m2 and the scale format ue8m0
// ---------------------------------------------------------------------------------------
// From the PTX ISA's cvt text (no GPU here runs them: unrecorded, docs/gpu-facts.md):
//   * e2m1 (bias 1, max 6), e2m3 (bias 1, max 7.5), e3m2 (bias 3, max 28) have no infinity
//     and no NaN: every code is a finite value. To them: .rn (nearest, ties to even, subnormal
//     results at their own precision) with the mandatory .satfinite: |x| > MAX_NORM, +-inf
//     included, gives sign-preserved MAX_NORM and NaN gives +MAX_NORM; .relu makes negative
//     inputs +0 (-0 and -inf too, as the H200 does for fp8). Tiny negative values give -0.
//   * Packing: cvt.<f4x2>.f32 d, a, b puts a in d[7:4] and b in d[3:0]; cvt.<f6x2>.f32 a in
//     d[13:8] and b in d[5:0] with d[15:14] = d[7:6] = 0. From them to f16x2 (exact): the upper
//     element gives the upper half; the two MSBs of each fp6 byte are ignored (the ISA requires
//     them 0).
//   * ue8m0 is 2^(e - 127), e = 0..254, and 0xFF is NaN. To it only .rz and .rp, on the
//     magnitude (the sign is dropped): the exponent of |x|, plus one under .rp when |x| is
//     inexact and above 2^-127; NaN gives 0xFF, and so do +-inf and overflow unless .satfinite
//     makes them 0xFE (a positive MAX_NORM). An f32 goes through its bf16 (rz, or rp on |x|)
//     as NVIDIA's cuda_fp8.hpp documents the same instruction. From it to bf16 (exact): 0 gives
//     2^-127 (0x0040), 0xFF the canonical NaN 0x7FFF.

// Rounds sig * 2^exp (sig > 0) to nearest even in an MX format with `mbits` fraction and
// `ebits` exponent bits, saturating to the largest code; the code without the sign. As for
// e4m3 above: rounded as the format with one more exponent bit (bias 2 * bias + 1) at
// 2^-(bias + 1) times the value, which has the same fraction bits, subnormal step and field
// values, and room above the largest code to see the overflow.
static inline uint p2m_cvt_mx_round_mag(ulong sig, int exp, int mbits, int ebits)
{
    const int bias = (1 << (ebits - 1)) - 1;
    const uint max_code = (1u << (uint)(mbits + ebits)) - 1u;
    const uint r = p2m_cvt_round_pack(false, sig, exp - (bias + 1), false, P2M_CVT_RN, mbits, ebits + 1);
    return r > max_code ? max_code : r;
}

// f32 bits to an MX code (.rn.satfinite, optionally .relu).
static inline uint p2m_cvt_f32_bits_to_mx(uint x, int mbits, int ebits, bool relu)
{
    const uint max_code = (1u << (uint)(mbits + ebits)) - 1u;
    const uint sign = (x >> 31) << (uint)(mbits + ebits);
    const uint abs = x & 0x7FFFFFFFu;
    if (abs > 0x7F800000u)
        return max_code;
    if (relu && sign != 0u)
        return 0u;
    if (abs == 0x7F800000u)
        return sign | max_code;
    if (abs == 0u)
        return sign;
    return sign | p2m_cvt_mx_round_mag(p2m_cvt_f32_sig(x), p2m_cvt_f32_exp(x), mbits, ebits);
}

// An MX code to f16 bits (exact), optionally .relu.
static inline uint p2m_cvt_mx_to_f16_bits(uint c, int mbits, int ebits, bool relu)
{
    const uint sign = (c >> (uint)(mbits + ebits)) & 1u;
    const uint abs = c & ((1u << (uint)(mbits + ebits)) - 1u);
    if (relu && sign != 0u)
        return 0u;
    if (abs == 0u)
        return sign << 15;
    const int bias = (1 << (ebits - 1)) - 1;
    const uint e = abs >> (uint)mbits;
    const ulong sig = (ulong)((abs & ((1u << (uint)mbits) - 1u)) | (e != 0u ? 1u << (uint)mbits : 0u));
    return (sign << 15) |
           p2m_cvt_round_pack(false, sig, (e != 0u ? (int)e : 1) - bias - mbits, false, P2M_CVT_RN, 10, 5);
}

static inline uchar p2m_cvt_f32x2_to_e2m1x2(float a, float b, bool relu)
{
    return (uchar)((p2m_cvt_f32_bits_to_mx(as_type<uint>(a), 1, 2, relu) << 4) |
                   p2m_cvt_f32_bits_to_mx(as_type<uint>(b), 1, 2, relu));
}
static inline ushort p2m_cvt_f32x2_to_fp6x2(float a, float b, int mbits, int ebits, bool relu)
{
    return (ushort)((p2m_cvt_f32_bits_to_mx(as_type<uint>(a), mbits, ebits, relu) << 8) |
                    p2m_cvt_f32_bits_to_mx(as_type<uint>(b), mbits, ebits, relu));
}
static inline uint p2m_cvt_e2m1x2_to_f16x2(uchar a, bool relu)
{
    return p2m_cvt_mx_to_f16_bits((uint)a & 0xFu, 1, 2, relu) |
           (p2m_cvt_mx_to_f16_bits((uint)a >> 4, 1, 2, relu) << 16);
}
static inline uint p2m_cvt_fp6x2_to_f16x2(ushort a, int mbits, int ebits, bool relu)
{
    return p2m_cvt_mx_to_f16_bits((uint)a & 0x3Fu, mbits, ebits, relu) |
           (p2m_cvt_mx_to_f16_bits(((uint)a >> 8) & 0x3Fu, mbits, ebits, relu) << 16);
}

// bf16 bits to ue8m0 (.rz or .rp, optionally .satfinite).
static inline uint p2m_cvt_bf16_bits_to_ue8m0(uint b, bool rp, bool satfinite)
{
    const uint abs = b & 0x7FFFu;
    uint r = abs >> 7;
    if (rp && (abs & 0x7Fu) != 0u && abs > 0x0040u && abs < 0x7F80u)
        r += 1u;
    if (satfinite && abs <= 0x7F80u && r == 0xFFu)
        r = 0xFEu;
    return r;
}
// f32 bits to ue8m0: through bf16, truncated (.rz) or |x| rounded up (.rp); NaN -> bf16 NaN.
static inline uint p2m_cvt_f32_bits_to_ue8m0(uint x, bool rp, bool satfinite)
{
    const uint abs = x & 0x7FFFFFFFu;
    uint b = abs >> 16;
    if (abs > 0x7F800000u)
        b = 0x7FFFu;
    else if (rp && abs < 0x7F800000u && (abs & 0xFFFFu) != 0u)
        b += 1u;
    return p2m_cvt_bf16_bits_to_ue8m0(b, rp, satfinite);
}
static inline ushort p2m_cvt_f32x2_to_ue8m0x2(float a, float b, bool rp, bool satfinite)
{
    return (ushort)((p2m_cvt_f32_bits_to_ue8m0(as_type<uint>(a), rp, satfinite) << 8) |
                    p2m_cvt_f32_bits_to_ue8m0(as_type<uint>(b), rp, satfinite));
}
static inline ushort p2m_cvt_bf16x2_to_ue8m0x2(uint a, bool rp, bool satfinite)
{
    return (ushort)((p2m_cvt_bf16_bits_to_ue8m0(a >> 16, rp, satfinite) << 8) |
                    p2m_cvt_bf16_bits_to_ue8m0(a & 0xFFFFu, rp, satfinite));
}
static inline uint p2m_cvt_ue8m0_to_bf16_bits(uint e)
{
    return e == 0xFFu ? (uint)P2M_BF16_NAN : e == 0u ? 0x0040u : e << 7;
}

// cvt.rn.satfinite{.relu}.e2m1x2.f32 d, a, b (a -> d[7:4], b -> d[3:0])
static inline uchar p2m_cvt_rn_satfinite_e2m1x2_f32(float a, float b) { return p2m_cvt_f32x2_to_e2m1x2(a, b, false); }
static inline uchar p2m_cvt_rn_relu_satfinite_e2m1x2_f32(float a, float b) { return p2m_cvt_f32x2_to_e2m1x2(a, b, true); }
// cvt.rn.satfinite{.relu}.{e2m3x2,e3m2x2}.f32 d, a, b (a -> d[13:8], b -> d[5:0])
static inline ushort p2m_cvt_rn_satfinite_e2m3x2_f32(float a, float b) { return p2m_cvt_f32x2_to_fp6x2(a, b, 3, 2, false); }
static inline ushort p2m_cvt_rn_relu_satfinite_e2m3x2_f32(float a, float b) { return p2m_cvt_f32x2_to_fp6x2(a, b, 3, 2, true); }
static inline ushort p2m_cvt_rn_satfinite_e3m2x2_f32(float a, float b) { return p2m_cvt_f32x2_to_fp6x2(a, b, 2, 3, false); }
static inline ushort p2m_cvt_rn_relu_satfinite_e3m2x2_f32(float a, float b) { return p2m_cvt_f32x2_to_fp6x2(a, b, 2, 3, true); }
// cvt.rn{.relu}.f16x2.{e2m1x2,e2m3x2,e3m2x2} d, a (upper element -> upper half)
static inline uint p2m_cvt_rn_f16x2_e2m1x2(uchar a) { return p2m_cvt_e2m1x2_to_f16x2(a, false); }
static inline uint p2m_cvt_rn_relu_f16x2_e2m1x2(uchar a) { return p2m_cvt_e2m1x2_to_f16x2(a, true); }
static inline uint p2m_cvt_rn_f16x2_e2m3x2(ushort a) { return p2m_cvt_fp6x2_to_f16x2(a, 3, 2, false); }
static inline uint p2m_cvt_rn_relu_f16x2_e2m3x2(ushort a) { return p2m_cvt_fp6x2_to_f16x2(a, 3, 2, true); }
static inline uint p2m_cvt_rn_f16x2_e3m2x2(ushort a) { return p2m_cvt_fp6x2_to_f16x2(a, 2, 3, false); }
static inline uint p2m_cvt_rn_relu_f16x2_e3m2x2(ushort a) { return p2m_cvt_fp6x2_to_f16x2(a, 2, 3, true); }
// cvt.{rz,rp}{.satfinite}.ue8m0x2.f32 d, a, b (a -> upper byte)
static inline ushort p2m_cvt_rz_ue8m0x2_f32(float a, float b) { return p2m_cvt_f32x2_to_ue8m0x2(a, b, false, false); }
static inline ushort p2m_cvt_rz_satfinite_ue8m0x2_f32(float a, float b) { return p2m_cvt_f32x2_to_ue8m0x2(a, b, false, true); }
static inline ushort p2m_cvt_rp_ue8m0x2_f32(float a, float b) { return p2m_cvt_f32x2_to_ue8m0x2(a, b, true, false); }
static inline ushort p2m_cvt_rp_satfinite_ue8m0x2_f32(float a, float b) { return p2m_cvt_f32x2_to_ue8m0x2(a, b, true, true); }
// cvt.{rz,rp}{.satfinite}.ue8m0x2.bf16x2 d, a (upper half -> upper byte)
static inline ushort p2m_cvt_rz_ue8m0x2_bf16x2(uint a) { return p2m_cvt_bf16x2_to_ue8m0x2(a, false, false); }
static inline ushort p2m_cvt_rz_satfinite_ue8m0x2_bf16x2(uint a) { return p2m_cvt_bf16x2_to_ue8m0x2(a, false, true); }
static inline ushort p2m_cvt_rp_ue8m0x2_bf16x2(uint a) { return p2m_cvt_bf16x2_to_ue8m0x2(a, true, false); }
static inline ushort p2m_cvt_rp_satfinite_ue8m0x2_bf16x2(uint a) { return p2m_cvt_bf16x2_to_ue8m0x2(a, true, true); }
// cvt.rn.bf16x2.ue8m0x2 d, a (upper byte -> upper half)
static inline uint p2m_cvt_rn_bf16x2_ue8m0x2(ushort a)
{
    return p2m_cvt_ue8m0_to_bf16_bits((uint)a & 0xFFu) | (p2m_cvt_ue8m0_to_bf16_bits((uint)a >> 8) << 16);
}

#pragma clang diagnostic pop

#endif // P2M_CVT_OPS_H
