// ptx2metal MSL support library: exact IEEE-754 binary64 ("f64") arithmetic on 64-bit integers.
//
// Apple GPUs have no binary64 hardware and MSL has no 64-bit floating-point type, so generated
// MSL keeps every PTX .f64 value as a `ulong` holding its raw IEEE-754 bits (in registers,
// memory, shuffles and parameters alike) and calls the functions below. The emitter pastes
// this file verbatim into the generated source; it is also compiled as C++ by the unit tests
// (tests/unit/msl-support) through a small shim that defines the few MSL built-ins used.
//
// Language subset. Everything here must be valid both as MSL and as C++17: scalar types
// uint/ulong/int/long/bool (and float in two wrappers), no binary64 floating type, no 128-bit
// or other wider integers, no pointers or references, no recursion, no jumps, no library
// headers. Functions are `static inline` and take and return values; the few structs are
// passed by value. MSL built-ins used: clz(uint) and clz(ulong) (MSL defines clz(0) as the
// bit width; callers here never rely on that) and as_type (only in the float wrappers of the
// f32 conversions). Never mulhi: see p2m_f64_mul_64x64.
//
// Representation. An f64 is its bit pattern: bit 63 sign, bits 62..52 biased exponent
// (bias 1023), bits 51..0 fraction. Internally a finite nonzero value is unpacked into
// (sign, e, sig) with value = sig * 2^(e - 1075), where sig is a 53-bit integer with its top
// bit (the "hidden" bit, 2^52) set. Subnormal inputs are normalized with clz, which gives them
// an exponent e below 1; nothing else treats them specially.
//
// Rounding. Every rounding operation computes a significand wider than 53 bits whose low
// bits are exact or carry a "sticky" bit (the OR of everything shifted out), and hands it
// to p2m_f64_round_pack. That function takes sig with its top bit at bit 62, i.e.
// value = sig * 2^(e - 1023 - 62), so ten bits below the 53 kept ones decide the rounding:
// bit 9 is the round bit and bits 8..0 are (or contain) the sticky information. It handles
// results that fall below the normal range by shifting them right once more with a sticky
// bit before rounding (so subnormal results are rounded exactly once), and results above
// the range by returning infinity or the largest finite value as the mode dictates.
//
// Rounding modes. Pass one of P2M_F64_RN (to nearest, ties to even: PTX .rn and .rni),
// P2M_F64_RZ (toward zero: .rz/.rzi), P2M_F64_RM (toward minus infinity: .rm/.rmi),
// P2M_F64_RP (toward plus infinity: .rp/.rpi) as the `mode` argument (any other value acts
// as P2M_F64_RN). The emitter always passes a literal, so after inlining the compiler folds
// every mode test away.
//
// Interface (f64 operands and results are ulong bits; f32 ones uint bits unless noted):
//   arithmetic   p2m_f64_add/sub/mul/div(a, b, mode), p2m_f64_fma(a, b, c, mode),
//                p2m_f64_sqrt(a, mode), p2m_f64_rcp(a, mode), p2m_f64_neg/abs(a),
//                p2m_f64_min/max(a, b), p2m_f64_copysign(a, b) (PTX order: sign of a)
//   approximate  p2m_f64_sqrt_approx(a), p2m_f64_rcp_approx_ftz(a),
//                p2m_f64_rsqrt_approx(a), p2m_f64_rsqrt_approx_ftz(a)
//   setp (bool)  p2m_f64_setp_{eq,ne,lt,le,gt,ge,equ,neu,ltu,leu,gtu,geu,num,nan}(a, b)
//   testp (bool) p2m_f64_testp_{finite,infinite,number,notanumber,normal,subnormal}(a)
//   cvt          p2m_f64_to_f32[_ftz](a, mode), p2m_f64_from_f32[_ftz](f),
//                p2m_f64_to_float(a, mode) / p2m_f64_from_float(f) (MSL float values),
//                p2m_f64_to_{s32,u32,s64,u64}(a, mode) (.rni/.rzi/.rmi/.rpi, saturating),
//                p2m_f64_from_{s32,u32,s64,u64}(v, mode), p2m_f64_round_to_integral(a, mode)
// Everything else (unpack, round_pack, the 128-bit helpers, ...) is internal.
//
// NaNs. The bits of every NaN result are those an NVIDIA GPU produces, as measured on an
// H200 with run-time operands (docs/gpu-facts.md). On the GPU they depend on code generation:
// the hardware picks a NaN by *machine* operand position and ptxas may commute operands (it
// moves a constant to the second slot of DADD/DMUL/DFMA) or fold constant expressions. The
// rules below are those of the common case, every operand a register holding a run-time value,
// where the machine operands are the PTX operands in PTX order (no exception in 65,000 random
// cases per instruction):
//   * A NaN created by an invalid operation (inf - inf, 0 * inf, 0 / 0, inf / inf, fma's
//     invalid cases, sqrt or rsqrt.approx of a negative) is P2M_F64_DEFAULT_NAN, 0xFFF8...0.
//   * Otherwise a NaN operand propagates with its sign and payload, quietened (the quiet bit
//     0x0008000000000000 ORed in), whether it was signalling or not. Which one, when several
//     are NaN: add/sub/mul: b, else a (sub does not flip b's sign: source negation is not
//     applied to a NaN); fma/mad: b, else c, else a; div: a, else b; min/max: one NaN gives the
//     other operand unchanged, two give b. A NaN operand beats an invalid operation
//     (fma(0, inf, qNaN) is the qNaN). sqrt, rcp, rsqrt.approx, cvt.rXi.f64.f64: the operand.
//   * neg and abs of a NaN return it quietened with its sign unchanged (ptxas emits them as
//     DADD -0, -a / DADD -0, |a|); copysign only moves the sign bit, NaN or not.
//   * rcp.approx.ftz and rsqrt.approx.ftz look at the high word only (MUFU.RCP64H/RSQ64H):
//     their NaN result is P2M_F64_APPROX_NAN (0x7FFFFFFF00000000), and a NaN whose high word
//     reads as an infinity (payload only in the low 32 bits) is treated as that infinity.
//   * cvt.f32.f64 keeps sign and the payload's top 22 bits, quietened (IEEE);
//     cvt.f64.f32 keeps sign and payload, quietened; cvt.ftz.f64.f32 first flushes with an
//     f32 multiply, which makes every f32 NaN the canonical 0x7FFFFFFF (P2M_F32_NAN), so its
//     NaN result is always 0x7FFFFFFFE0000000.
// To follow other measurements, change the p2m_f64_nan_* helpers, not the operations.
//
// Subnormals. PTX f64 arithmetic has no flush-to-zero: subnormal inputs and results are
// handled exactly everywhere. Only the instructions that carry .ftz for f64
// (rcp.approx.ftz.f64, rsqrt.approx.ftz.f64) and the .ftz forms of f32 <-> f64 conversion
// flush, each in its own function.
//
// Algorithms. add/sub/mul/fma work on exact wide significands (fma on a 128-bit pair of
// ulongs) with a sticky bit; division and square root use the classic restoring
// bit-per-iteration loops (55 iterations each) that yield an exact quotient/root prefix plus
// an exact remainder, so they are correctly rounded by construction. Normalization always
// uses clz, never a bit loop.
//
// Correctly rounded (bit-exact IEEE-754 in all four modes): add, sub, mul, fma, div, rcp,
// sqrt, all conversions. Approximate PTX instructions get results within their bounds:
// sqrt.approx returns sqrt.rn, rcp.approx.ftz returns rcp.rn with .ftz flushing, and
// rsqrt.approx returns rcp.rn(sqrt.rn(x)) (error below 1.5 ulp).

#ifndef P2M_F64_SUPPORT_H
#define P2M_F64_SUPPORT_H

// The functions have internal linkage (no clashes between modules linked together on the host
// backend); a kernel uses only some of them, and the rest must not warn when this file is
// pasted into the main source file. Both the Metal compiler and Clang understand this.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wunused-function"

// ---------------------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------------------

// Rounding modes (the `mode` argument).
#define P2M_F64_RN 0
#define P2M_F64_RZ 1
#define P2M_F64_RM 2
#define P2M_F64_RP 3

// NaNs (see the header comment). The NaN an invalid operation creates:
#define P2M_F64_DEFAULT_NAN 0xFFF8000000000000UL
// The NaN result of rcp.approx.ftz.f64 and rsqrt.approx.ftz.f64:
#define P2M_F64_APPROX_NAN 0x7FFFFFFF00000000UL
// The bit that makes a NaN quiet:
#define P2M_F64_QUIET_BIT 0x0008000000000000UL
// The NaN every f32 arithmetic instruction returns:
#define P2M_F32_NAN 0x7FFFFFFFu

// Bit patterns.
#define P2M_F64_SIGN_BIT 0x8000000000000000UL
#define P2M_F64_EXP_MASK 0x7FF0000000000000UL
#define P2M_F64_FRAC_MASK 0x000FFFFFFFFFFFFFUL
#define P2M_F64_HIDDEN_BIT 0x0010000000000000UL
#define P2M_F64_INF 0x7FF0000000000000UL
#define P2M_F64_MAX_FINITE 0x7FEFFFFFFFFFFFFFUL
#define P2M_F64_ONE 0x3FF0000000000000UL

// ---------------------------------------------------------------------------------------
// Classification of raw bits
// ---------------------------------------------------------------------------------------

static inline bool p2m_f64_is_nan(ulong a) { return (a & ~P2M_F64_SIGN_BIT) > P2M_F64_INF; }
static inline bool p2m_f64_is_inf(ulong a) { return (a & ~P2M_F64_SIGN_BIT) == P2M_F64_INF; }
static inline bool p2m_f64_is_zero(ulong a) { return (a & ~P2M_F64_SIGN_BIT) == 0; }
static inline bool p2m_f64_sign(ulong a) { return (a >> 63) != 0; }
static inline ulong p2m_f64_signed_zero(bool sign) { return sign ? P2M_F64_SIGN_BIT : 0; }
static inline ulong p2m_f64_signed_inf(bool sign) { return p2m_f64_signed_zero(sign) | P2M_F64_INF; }

// ---------------------------------------------------------------------------------------
// NaN results (the measured rules of the header comment)
// ---------------------------------------------------------------------------------------

static inline ulong p2m_f64_quiet(ulong a) { return a | P2M_F64_QUIET_BIT; }

// One operand: a NaN input propagates quietened.
static inline ulong p2m_f64_nan_1(ulong a) { return p2m_f64_quiet(a); }

// add/sub/mul/min/max, some operand NaN: the second one if NaN, else the first.
static inline ulong p2m_f64_nan_2(ulong a, ulong b)
{
    return p2m_f64_quiet(p2m_f64_is_nan(b) ? b : a);
}

// div, some operand NaN: the first one if NaN, else the second.
static inline ulong p2m_f64_nan_div(ulong a, ulong b)
{
    return p2m_f64_quiet(p2m_f64_is_nan(a) ? a : b);
}

// fma(a, b, c), some operand NaN: b if NaN, else c if NaN, else a.
static inline ulong p2m_f64_nan_fma(ulong a, ulong b, ulong c)
{
    if (p2m_f64_is_nan(b))
        return p2m_f64_quiet(b);
    return p2m_f64_quiet(p2m_f64_is_nan(c) ? c : a);
}

// ---------------------------------------------------------------------------------------
// Wide-integer helpers
// ---------------------------------------------------------------------------------------

// Shifts right by n >= 0, ORing every bit shifted out into bit 0 ("jamming" the sticky bit).
// The result then stands in for the exact shifted value wherever the rounding position is at
// least two bits above bit 0: it is inexact exactly when the true value is, and on the same
// side of every halfway point.
static inline ulong p2m_f64_shr_jam(ulong x, int n)
{
    if (n <= 0)
        return x;
    if (n >= 64)
        return x != 0 ? 1UL : 0UL;
    ulong lost = x << (64 - n);
    return (x >> n) | (lost != 0 ? 1UL : 0UL);
}

// A 128-bit unsigned integer as two halves.
struct p2m_f64_u128 {
    ulong hi;
    ulong lo;
};

static inline p2m_f64_u128 p2m_f64_u128_make(ulong hi, ulong lo)
{
    p2m_f64_u128 r;
    r.hi = hi;
    r.lo = lo;
    return r;
}

// The full 128-bit product of two 64-bit integers, from 32 x 32 -> 64-bit products. Not the
// mulhi built-in beside a * b: that pair has crashed Apple's compiler ("unable to legalize
// instruction", SPIRV-Cross issue #2385; SPIRV-Cross PR #2392 multiplies in the wider type).
static inline p2m_f64_u128 p2m_f64_mul_64x64(ulong a, ulong b)
{
    ulong a0 = a & 0xFFFFFFFFUL, a1 = a >> 32;
    ulong b0 = b & 0xFFFFFFFFUL, b1 = b >> 32;
    ulong p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    // The middle column: three terms below 2^32 each, so no overflow.
    ulong mid = (p00 >> 32) + (p01 & 0xFFFFFFFFUL) + (p10 & 0xFFFFFFFFUL);
    ulong hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    return p2m_f64_u128_make(hi, (mid << 32) | (p00 & 0xFFFFFFFFUL));
}

static inline bool p2m_f64_u128_less(p2m_f64_u128 a, p2m_f64_u128 b)
{
    return a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo);
}

static inline p2m_f64_u128 p2m_f64_u128_add(p2m_f64_u128 a, p2m_f64_u128 b)
{
    ulong lo = a.lo + b.lo;
    ulong carry = lo < a.lo ? 1UL : 0UL;
    return p2m_f64_u128_make(a.hi + b.hi + carry, lo);
}

// a - b, for a >= b.
static inline p2m_f64_u128 p2m_f64_u128_sub(p2m_f64_u128 a, p2m_f64_u128 b)
{
    ulong borrow = a.lo < b.lo ? 1UL : 0UL;
    return p2m_f64_u128_make(a.hi - b.hi - borrow, a.lo - b.lo);
}

// Shifts left by 0 <= n < 128.
static inline p2m_f64_u128 p2m_f64_u128_shl(p2m_f64_u128 x, int n)
{
    if (n <= 0)
        return x;
    if (n >= 64)
        return p2m_f64_u128_make(x.lo << (n - 64), 0UL);
    return p2m_f64_u128_make((x.hi << n) | (x.lo >> (64 - n)), x.lo << n);
}

// Shifts right by n >= 0 with a sticky bit, like p2m_f64_shr_jam.
static inline p2m_f64_u128 p2m_f64_u128_shr_jam(p2m_f64_u128 x, int n)
{
    if (n <= 0)
        return x;
    if (n < 64) {
        ulong lost = x.lo << (64 - n);
        ulong lo = (x.lo >> n) | (x.hi << (64 - n)) | (lost != 0 ? 1UL : 0UL);
        return p2m_f64_u128_make(x.hi >> n, lo);
    }
    if (n < 128) {
        // Everything of lo is shifted out, and the low (n - 64) bits of hi with it.
        ulong lost = x.lo | (n > 64 ? x.hi << (128 - n) : 0UL);
        ulong lo = (n > 64 ? x.hi >> (n - 64) : x.hi) | (lost != 0 ? 1UL : 0UL);
        return p2m_f64_u128_make(0UL, lo);
    }
    return p2m_f64_u128_make(0UL, (x.hi | x.lo) != 0 ? 1UL : 0UL);
}

// ---------------------------------------------------------------------------------------
// Unpacking, rounding and packing
// ---------------------------------------------------------------------------------------

// A finite nonzero f64: value = (-1)^sign * sig * 2^(e - 1075), 2^52 <= sig < 2^53.
struct p2m_f64_parts {
    bool sign;
    int e;
    ulong sig;
};

// Unpacks a finite nonzero value; a subnormal is normalized with clz and gets e < 1.
static inline p2m_f64_parts p2m_f64_unpack(ulong a)
{
    p2m_f64_parts p;
    p.sign = p2m_f64_sign(a);
    ulong frac = a & P2M_F64_FRAC_MASK;
    int biased = (int)((a >> 52) & 0x7FFUL);
    if (biased == 0) {
        // Subnormal: value = frac * 2^-1074. Move the leading one up to bit 52.
        int shift = (int)clz(frac) - 11;
        p.sig = frac << shift;
        p.e = 1 - shift;
    } else {
        p.sig = frac | P2M_F64_HIDDEN_BIT;
        p.e = biased;
    }
    return p;
}

// The rounding increment to add below the kept bits: `lsbMask` is all the discarded bits
// (one unit of the last kept place minus one), `halfway` is half a unit of that place.
static inline ulong p2m_f64_round_increment(bool sign, int mode, ulong lsbMask, ulong halfway)
{
    if (mode == P2M_F64_RZ)
        return 0UL;
    if (mode == P2M_F64_RM)
        return sign ? lsbMask : 0UL;
    if (mode == P2M_F64_RP)
        return sign ? 0UL : lsbMask;
    return halfway; // P2M_F64_RN: ties are fixed up to even afterwards
}

// Rounds and packs (-1)^sign * sig * 2^(e - bias - 62) into a binary floating-point format
// with `fracBits` fraction bits and `expBits` exponent bits (52/11 for f64, 23/8 for f32).
// sig must have its top bit at bit 62 (2^62 <= sig < 2^63); e is the biased exponent the
// result would have if it were normal. Used with e < 1 for results below the normal range.
//
// The trick that keeps this short (SoftFloat's): the result is packed as
// ((e - 1) << fracBits) + (rounded significand including its hidden bit), so a rounding
// carry out of the significand, and a subnormal rounding up to the smallest normal, both
// land in the exponent field by plain addition.
static inline ulong p2m_f64_round_pack_format(bool sign, int e, ulong sig, int mode,
                                              int fracBits, int expBits)
{
    int shift = 62 - fracBits; // discarded bits: 10 for f64, 39 for f32
    ulong lsbMask = (1UL << shift) - 1UL;
    ulong halfway = 1UL << (shift - 1);
    int expMax = (1 << expBits) - 1; // all-ones exponent: infinity and NaN
    ulong signBit = sign ? 1UL << (fracBits + expBits) : 0UL;
    ulong inc = p2m_f64_round_increment(sign, mode, lsbMask, halfway);

    if (e <= 0) {
        // Below the normal range: denormalize to the exponent of the smallest normal (1)
        // and pack with exponent field 0. The shift keeps a sticky bit, so the one rounding
        // below is the only one.
        sig = p2m_f64_shr_jam(sig, 1 - e);
        e = 1;
    } else if (e >= expMax - 1) {
        // At or above the top binade: overflow if the rounded value reaches 2^(emax + 1).
        // (A rounding carry out of the top binade would also pack as infinity below, which is
        // right, as only the modes that round away from zero carry; this test just says so.)
        if (e > expMax - 1 || sig + inc >= 0x8000000000000000UL) {
            bool toInf = mode == P2M_F64_RN || (mode == P2M_F64_RM && sign)
                || (mode == P2M_F64_RP && !sign);
            ulong infBits = (ulong)expMax << fracBits;
            return signBit | (toInf ? infBits : infBits - 1UL);
        }
    }
    ulong roundBits = sig & lsbMask;
    sig = (sig + inc) >> shift;
    if (mode == P2M_F64_RN && roundBits == halfway)
        sig &= ~1UL; // exactly halfway: ties to even
    // A zero significand here (an underflow that rounded to zero) packs as a signed zero.
    return signBit | (((ulong)(e - 1) << fracBits) + sig);
}

// round_pack for f64: (-1)^sign * sig * 2^(e - 1085), 2^62 <= sig < 2^63.
static inline ulong p2m_f64_round_pack(bool sign, int e, ulong sig, int mode)
{
    return p2m_f64_round_pack_format(sign, e, sig, mode, 52, 11);
}

// Normalizes any nonzero sig (value = sig * 2^(e - 1085)) to bit 62 and rounds.
static inline ulong p2m_f64_norm_round_pack(bool sign, int e, ulong sig, int mode)
{
    if ((sig >> 63) != 0) {
        sig = p2m_f64_shr_jam(sig, 1);
        e += 1;
    } else {
        int shift = (int)clz(sig) - 1;
        sig <<= shift;
        e -= shift;
    }
    return p2m_f64_round_pack(sign, e, sig, mode);
}

// The zero an exact cancellation (x + -x, or a sum of zeros of opposite signs) produces:
// +0 in every rounding mode except toward minus infinity.
static inline ulong p2m_f64_cancellation_zero(int mode)
{
    return mode == P2M_F64_RM ? P2M_F64_SIGN_BIT : 0UL;
}

// ---------------------------------------------------------------------------------------
// Arithmetic
// ---------------------------------------------------------------------------------------

// add.{rn,rz,rm,rp}.f64
static inline ulong p2m_f64_add(ulong a, ulong b, int mode)
{
    if (p2m_f64_is_nan(a) || p2m_f64_is_nan(b))
        return p2m_f64_nan_2(a, b);
    bool sa = p2m_f64_sign(a);
    bool sb = p2m_f64_sign(b);
    if (p2m_f64_is_inf(a)) {
        if (p2m_f64_is_inf(b) && sa != sb)
            return P2M_F64_DEFAULT_NAN; // inf - inf
        return a;
    }
    if (p2m_f64_is_inf(b))
        return b;
    if (p2m_f64_is_zero(a)) {
        if (p2m_f64_is_zero(b))
            return sa == sb ? a : p2m_f64_cancellation_zero(mode);
        return b;
    }
    if (p2m_f64_is_zero(b))
        return a;

    p2m_f64_parts pa = p2m_f64_unpack(a);
    p2m_f64_parts pb = p2m_f64_unpack(b);
    // Put the larger magnitude first so the difference below is never negative.
    if (pa.e < pb.e || (pa.e == pb.e && pa.sig < pb.sig)) {
        p2m_f64_parts t = pa;
        pa = pb;
        pb = t;
    }
    // Ten guard bits below the 53 significant ones; the smaller operand loses bits only when
    // the exponents differ by 11 or more, and then the difference has at most one leading
    // zero, so its sticky bit stays far below the rounding position.
    ulong ma = pa.sig << 10;
    ulong mb = p2m_f64_shr_jam(pb.sig << 10, pa.e - pb.e);
    ulong m;
    if (pa.sign == pb.sign) {
        m = ma + mb; // may carry into bit 63; norm_round_pack shifts it back
    } else {
        m = ma - mb;
        if (m == 0)
            return p2m_f64_cancellation_zero(mode);
    }
    return p2m_f64_norm_round_pack(pa.sign, pa.e, m, mode); // ma * 2^(e - 1085)
}

// sub.{rn,rz,rm,rp}.f64 (a NaN b propagates with its own sign: the hardware adds -b, and a
// source negation is not applied to a NaN)
static inline ulong p2m_f64_sub(ulong a, ulong b, int mode)
{
    if (p2m_f64_is_nan(a) || p2m_f64_is_nan(b))
        return p2m_f64_nan_2(a, b);
    return p2m_f64_add(a, b ^ P2M_F64_SIGN_BIT, mode);
}

// mul.{rn,rz,rm,rp}.f64
static inline ulong p2m_f64_mul(ulong a, ulong b, int mode)
{
    if (p2m_f64_is_nan(a) || p2m_f64_is_nan(b))
        return p2m_f64_nan_2(a, b);
    bool sign = p2m_f64_sign(a) != p2m_f64_sign(b);
    if (p2m_f64_is_inf(a) || p2m_f64_is_inf(b)) {
        if (p2m_f64_is_zero(a) || p2m_f64_is_zero(b))
            return P2M_F64_DEFAULT_NAN; // inf * 0
        return p2m_f64_signed_inf(sign);
    }
    if (p2m_f64_is_zero(a) || p2m_f64_is_zero(b))
        return p2m_f64_signed_zero(sign);

    p2m_f64_parts pa = p2m_f64_unpack(a);
    p2m_f64_parts pb = p2m_f64_unpack(b);
    // The exact product has 105 or 106 bits: value = P * 2^(ea + eb - 2150).
    p2m_f64_u128 p = p2m_f64_mul_64x64(pa.sig, pb.sig);
    // Keep its top 64 bits (P >> 42, top bit at 62 or 63) and jam the 42 below.
    ulong lowBits = p.lo & ((1UL << 42) - 1UL);
    ulong m = (p.hi << 22) | (p.lo >> 42) | (lowBits != 0 ? 1UL : 0UL);
    // m * 2^(ea + eb - 2108) = m * 2^(e - 1085)  =>  e = ea + eb - 1023.
    return p2m_f64_norm_round_pack(sign, pa.e + pb.e - 1023, m, mode);
}

// fma.{rn,rz,rm,rp}.f64 (and mad.{rn,...}.f64): a * b + c with a single rounding.
static inline ulong p2m_f64_fma(ulong a, ulong b, ulong c, int mode)
{
    if (p2m_f64_is_nan(a) || p2m_f64_is_nan(b) || p2m_f64_is_nan(c))
        return p2m_f64_nan_fma(a, b, c); // also when a * b is invalid
    bool sp = p2m_f64_sign(a) != p2m_f64_sign(b); // sign of the product
    bool sc = p2m_f64_sign(c);
    bool productZero = p2m_f64_is_zero(a) || p2m_f64_is_zero(b);
    if (p2m_f64_is_inf(a) || p2m_f64_is_inf(b)) {
        if (productZero)
            return P2M_F64_DEFAULT_NAN; // inf * 0
        if (p2m_f64_is_inf(c) && sc != sp)
            return P2M_F64_DEFAULT_NAN; // inf - inf
        return p2m_f64_signed_inf(sp);
    }
    if (p2m_f64_is_inf(c))
        return c;
    if (productZero) {
        // An exact zero product: the sum is exact too.
        if (p2m_f64_is_zero(c))
            return sc == sp ? c : p2m_f64_cancellation_zero(mode);
        return c;
    }
    if (p2m_f64_is_zero(c))
        return p2m_f64_mul(a, b, mode); // the exact product, rounded once (sign kept on underflow)

    p2m_f64_parts pa = p2m_f64_unpack(a);
    p2m_f64_parts pb = p2m_f64_unpack(b);
    p2m_f64_parts pc = p2m_f64_unpack(c);

    // Both addends as 128-bit significands with the top bit at 126:
    // value = S * 2^(e - 1023 - 126) = S * 2^(e - 1149).
    // Product: P * 2^(ea + eb - 2150) with P < 2^106; P << 21 has its top bit at 125 or 126.
    p2m_f64_u128 sP = p2m_f64_u128_shl(p2m_f64_mul_64x64(pa.sig, pb.sig), 21);
    int eP = pa.e + pb.e - 1022;
    if ((sP.hi >> 62) == 0) {
        sP = p2m_f64_u128_shl(sP, 1);
        eP -= 1;
    }
    // Addend: sig * 2^(ec - 1075) = (sig << 74) * 2^(ec - 1149).
    p2m_f64_u128 sC = p2m_f64_u128_make(pc.sig << 10, 0UL);
    int eC = pc.e;

    // Order by magnitude: (sL, eL) is the larger. Both are normalized, so comparing the
    // exponents first and then the significands compares magnitudes.
    bool productLarger = eP > eC || (eP == eC && !p2m_f64_u128_less(sP, sC));
    p2m_f64_u128 sL = productLarger ? sP : sC;
    p2m_f64_u128 sS = productLarger ? sC : sP;
    int eL = productLarger ? eP : eC;
    int eS = productLarger ? eC : eP;
    bool sign = productLarger ? sp : sc;
    // Both significands have at least 21 zero low bits, so a shift by 0 or 1 is exact, and
    // a longer one leaves the difference with at most one leading zero: the sticky bit in
    // bit 0 stays 70+ bits below the rounding position.
    sS = p2m_f64_u128_shr_jam(sS, eL - eS);
    p2m_f64_u128 s;
    if (sp == sc) {
        s = p2m_f64_u128_add(sL, sS); // may carry into bit 127
    } else {
        s = p2m_f64_u128_sub(sL, sS);
        if (s.hi == 0 && s.lo == 0)
            return p2m_f64_cancellation_zero(mode);
    }
    // Normalize to bit 126 (massive cancellation can leave the leading one anywhere).
    int lz = s.hi != 0 ? (int)clz(s.hi) : 64 + (int)clz(s.lo);
    int e = eL;
    if (lz == 0) {
        s = p2m_f64_u128_shr_jam(s, 1);
        e += 1;
    } else {
        s = p2m_f64_u128_shl(s, lz - 1);
        e -= lz - 1;
    }
    // Collapse to 64 bits (top bit at 62) with the low half as sticky:
    // S * 2^(e - 1149) ~= hi * 2^(e - 1085).
    ulong m = s.hi | (s.lo != 0 ? 1UL : 0UL);
    return p2m_f64_round_pack(sign, e, m, mode);
}

// div.{rn,rz,rm,rp}.f64: correctly rounded. Restoring division, one quotient bit per
// iteration: 55 bits (53 + round bit + one spare) and the exact remainder as sticky bit.
static inline ulong p2m_f64_div(ulong a, ulong b, int mode)
{
    if (p2m_f64_is_nan(a) || p2m_f64_is_nan(b))
        return p2m_f64_nan_div(a, b);
    bool sign = p2m_f64_sign(a) != p2m_f64_sign(b);
    if (p2m_f64_is_inf(a)) {
        if (p2m_f64_is_inf(b))
            return P2M_F64_DEFAULT_NAN; // inf / inf
        return p2m_f64_signed_inf(sign);
    }
    if (p2m_f64_is_inf(b))
        return p2m_f64_signed_zero(sign);
    if (p2m_f64_is_zero(b)) {
        if (p2m_f64_is_zero(a))
            return P2M_F64_DEFAULT_NAN; // 0 / 0
        return p2m_f64_signed_inf(sign);
    }
    if (p2m_f64_is_zero(a))
        return p2m_f64_signed_zero(sign);

    p2m_f64_parts pa = p2m_f64_unpack(a);
    p2m_f64_parts pb = p2m_f64_unpack(b);
    ulong r = pa.sig;
    ulong d = pb.sig;
    // value = (r / d) * 2^(ea - eb); make r / d lie in [1, 2).
    int e = pa.e - pb.e + 1023;
    if (r < d) {
        r <<= 1;
        e -= 1;
    }
    // Invariant: r < 2d < 2^54 at the top of each iteration after the first.
    ulong q = 0;
    for (int i = 0; i < 55; ++i) {
        q <<= 1;
        if (r >= d) {
            r -= d;
            q |= 1UL;
        }
        r <<= 1;
    }
    // q has its top bit at 54 and stands for (r / d) * 2^54; move it to bit 62.
    ulong m = (q << 8) | (r != 0 ? 1UL : 0UL);
    return p2m_f64_round_pack(sign, e, m, mode);
}

// rcp.{rn,rz,rm,rp}.f64: correctly rounded 1 / a.
static inline ulong p2m_f64_rcp(ulong a, int mode)
{
    return p2m_f64_div(P2M_F64_ONE, a, mode);
}

// sqrt.{rn,rz,rm,rp}.f64: correctly rounded. Digit-by-digit (restoring) square root, one
// root bit per iteration: 55 bits of floor(sqrt) and the exact remainder as sticky bit.
static inline ulong p2m_f64_sqrt(ulong a, int mode)
{
    if (p2m_f64_is_nan(a))
        return p2m_f64_nan_1(a);
    if (p2m_f64_is_zero(a))
        return a; // sqrt(-0) = -0
    if (p2m_f64_sign(a))
        return P2M_F64_DEFAULT_NAN; // negative, including -inf
    if (p2m_f64_is_inf(a))
        return a;

    p2m_f64_parts pa = p2m_f64_unpack(a);
    // value = sig * 2^k with k = e - 1075; make k even so the root is sig' ^ 1/2 * 2^(k/2).
    ulong sig = pa.sig;
    int k = pa.e - 1075;
    if ((k & 1) != 0) {
        sig <<= 1; // now 2^52 <= sig < 2^54
        k -= 1;
    }
    // Root of X = sig * 2^56 (a 109- or 110-bit radicand, read two bits at a time from the
    // top of `x`): q = floor(sqrt(X)) has exactly 55 bits. r = X_so_far - q^2 <= 2q < 2^56.
    ulong x = sig << 10;
    ulong r = 0;
    ulong q = 0;
    for (int i = 0; i < 55; ++i) {
        r = (r << 2) | (x >> 62);
        x <<= 2;
        ulong trial = (q << 2) | 1UL; // (2q + 1)^2 - (2q)^2
        q <<= 1;
        if (r >= trial) {
            r -= trial;
            q |= 1UL;
        }
    }
    // sqrt(value) = (q + frac) * 2^(k/2 - 28); with m = q << 8 (top bit at 62) that is
    // m * 2^(k/2 - 36) = m * 2^(e - 1085)  =>  e = k/2 + 1049. The result is always normal.
    ulong m = (q << 8) | (r != 0 ? 1UL : 0UL);
    return p2m_f64_round_pack(false, k / 2 + 1049, m, mode);
}

// sqrt.approx.f64 (PTX has only sqrt.rnd.f64; provided for completeness): sqrt.rn.
static inline ulong p2m_f64_sqrt_approx(ulong a)
{
    return p2m_f64_sqrt(a, P2M_F64_RN);
}

static inline bool p2m_f64_is_subnormal_bits(ulong a)
{
    return (a & P2M_F64_EXP_MASK) == 0 && (a & P2M_F64_FRAC_MASK) != 0;
}

// Flush a subnormal to a zero of the same sign (.ftz).
static inline ulong p2m_f64_flush_subnormal(ulong a)
{
    return p2m_f64_is_subnormal_bits(a) ? a & P2M_F64_SIGN_BIT : a;
}

// The high word of a NaN as MUFU.RCP64H/RSQ64H read it: an infinity when the payload lies in the
// low 32 bits alone.
static inline bool p2m_f64_nan_reads_as_inf(ulong a)
{
    return ((a >> 32) & 0x000FFFFFUL) == 0;
}

// rcp.approx.ftz.f64: 1 / a rounded to nearest (well within the instruction's bound), with
// subnormal inputs treated as zeros of the same sign (giving infinities) and subnormal
// results flushed to zeros of the same sign. NaNs as the hardware (see the header comment).
static inline ulong p2m_f64_rcp_approx_ftz(ulong a)
{
    if (p2m_f64_is_nan(a))
        return p2m_f64_nan_reads_as_inf(a) ? a & P2M_F64_SIGN_BIT : P2M_F64_APPROX_NAN;
    return p2m_f64_flush_subnormal(p2m_f64_rcp(p2m_f64_flush_subnormal(a), P2M_F64_RN));
}

// rsqrt.approx.f64: rcp.rn(sqrt.rn(a)), below 1.5 ulp from 1/sqrt(a). +-0 -> +-inf,
// +inf -> +0, negative -> NaN. Subnormal inputs are honoured.
static inline ulong p2m_f64_rsqrt_approx(ulong a)
{
    return p2m_f64_rcp(p2m_f64_sqrt(a, P2M_F64_RN), P2M_F64_RN);
}

// rsqrt.approx.ftz.f64: as rsqrt.approx.f64 with subnormal inputs flushed to signed zeros
// (results are never subnormal). NaN results as the hardware: P2M_F64_APPROX_NAN for NaNs and
// negative inputs, except that a NaN reading as +inf gives +0 (see the header comment).
static inline ulong p2m_f64_rsqrt_approx_ftz(ulong a)
{
    if (p2m_f64_is_nan(a))
        return p2m_f64_nan_reads_as_inf(a) && !p2m_f64_sign(a) ? 0UL : P2M_F64_APPROX_NAN;
    ulong x = p2m_f64_flush_subnormal(a);
    if (p2m_f64_sign(x) && !p2m_f64_is_zero(x))
        return P2M_F64_APPROX_NAN;
    return p2m_f64_rsqrt_approx(x);
}

// neg.f64 and abs.f64: sign-bit operations, except that a NaN comes back quietened with its
// sign unchanged (the hardware computes -0 - a and -0 + |a|).
static inline ulong p2m_f64_neg(ulong a)
{
    return p2m_f64_is_nan(a) ? p2m_f64_nan_1(a) : a ^ P2M_F64_SIGN_BIT;
}

static inline ulong p2m_f64_abs(ulong a)
{
    return p2m_f64_is_nan(a) ? p2m_f64_nan_1(a) : a & ~P2M_F64_SIGN_BIT;
}

// copysign.f64 d, a, b: the magnitude of b with the sign of a (PTX operand order); only the
// sign bit moves, also for NaNs.
static inline ulong p2m_f64_copysign(ulong a, ulong b)
{
    return (b & ~P2M_F64_SIGN_BIT) | (a & P2M_F64_SIGN_BIT);
}

// ---------------------------------------------------------------------------------------
// Comparisons (setp), min/max, testp
// ---------------------------------------------------------------------------------------

// Maps a non-NaN f64 to a ulong whose unsigned order is the numeric order, with -0 < +0.
static inline ulong p2m_f64_order_key(ulong a)
{
    return p2m_f64_sign(a) ? ~a : a | P2M_F64_SIGN_BIT;
}

static inline bool p2m_f64_unordered(ulong a, ulong b)
{
    return p2m_f64_is_nan(a) || p2m_f64_is_nan(b);
}

// Ordered comparisons: false when either operand is NaN; -0 == +0.
static inline bool p2m_f64_setp_eq(ulong a, ulong b)
{
    if (p2m_f64_unordered(a, b))
        return false;
    return a == b || (p2m_f64_is_zero(a) && p2m_f64_is_zero(b));
}

static inline bool p2m_f64_setp_lt(ulong a, ulong b)
{
    if (p2m_f64_unordered(a, b) || (p2m_f64_is_zero(a) && p2m_f64_is_zero(b)))
        return false;
    return p2m_f64_order_key(a) < p2m_f64_order_key(b);
}

static inline bool p2m_f64_setp_ne(ulong a, ulong b) { return !p2m_f64_unordered(a, b) && !p2m_f64_setp_eq(a, b); }
static inline bool p2m_f64_setp_le(ulong a, ulong b) { return p2m_f64_setp_lt(a, b) || p2m_f64_setp_eq(a, b); }
static inline bool p2m_f64_setp_gt(ulong a, ulong b) { return p2m_f64_setp_lt(b, a); }
static inline bool p2m_f64_setp_ge(ulong a, ulong b) { return p2m_f64_setp_le(b, a); }

// Unordered comparisons: true when either operand is NaN.
static inline bool p2m_f64_setp_equ(ulong a, ulong b) { return p2m_f64_unordered(a, b) || p2m_f64_setp_eq(a, b); }
static inline bool p2m_f64_setp_neu(ulong a, ulong b) { return p2m_f64_unordered(a, b) || p2m_f64_setp_ne(a, b); }
static inline bool p2m_f64_setp_ltu(ulong a, ulong b) { return p2m_f64_unordered(a, b) || p2m_f64_setp_lt(a, b); }
static inline bool p2m_f64_setp_leu(ulong a, ulong b) { return p2m_f64_unordered(a, b) || p2m_f64_setp_le(a, b); }
static inline bool p2m_f64_setp_gtu(ulong a, ulong b) { return p2m_f64_unordered(a, b) || p2m_f64_setp_gt(a, b); }
static inline bool p2m_f64_setp_geu(ulong a, ulong b) { return p2m_f64_unordered(a, b) || p2m_f64_setp_ge(a, b); }

// setp.num / setp.nan
static inline bool p2m_f64_setp_num(ulong a, ulong b) { return !p2m_f64_unordered(a, b); }
static inline bool p2m_f64_setp_nan(ulong a, ulong b) { return p2m_f64_unordered(a, b); }

// min.f64 / max.f64: a NaN operand yields the other operand unchanged; two NaNs give b
// quietened. -0 counts as less than +0.
static inline ulong p2m_f64_min(ulong a, ulong b)
{
    if (p2m_f64_is_nan(a))
        return p2m_f64_is_nan(b) ? p2m_f64_nan_2(a, b) : b;
    if (p2m_f64_is_nan(b))
        return a;
    return p2m_f64_order_key(a) <= p2m_f64_order_key(b) ? a : b;
}

static inline ulong p2m_f64_max(ulong a, ulong b)
{
    if (p2m_f64_is_nan(a))
        return p2m_f64_is_nan(b) ? p2m_f64_nan_2(a, b) : b;
    if (p2m_f64_is_nan(b))
        return a;
    return p2m_f64_order_key(a) >= p2m_f64_order_key(b) ? a : b;
}

// testp.{finite,infinite,number,notanumber,normal,subnormal}.f64
static inline bool p2m_f64_testp_finite(ulong a) { return (a & P2M_F64_EXP_MASK) != P2M_F64_EXP_MASK; }
static inline bool p2m_f64_testp_infinite(ulong a) { return p2m_f64_is_inf(a); }
static inline bool p2m_f64_testp_number(ulong a) { return !p2m_f64_is_nan(a); }
static inline bool p2m_f64_testp_notanumber(ulong a) { return p2m_f64_is_nan(a); }
// PTX: "normal" is neither NaN, infinite nor subnormal, so ±0 counts (measured for
// testp.normal.f32 on the H200, see docs/gpu-facts.md).
static inline bool p2m_f64_testp_normal(ulong a)
{
    ulong biased = (a & P2M_F64_EXP_MASK) >> 52;
    return biased != 0x7FFUL && (biased != 0 || p2m_f64_is_zero(a));
}
static inline bool p2m_f64_testp_subnormal(ulong a) { return p2m_f64_is_subnormal_bits(a); }

// ---------------------------------------------------------------------------------------
// Conversions between f64 and f32 (f32 as its raw bits in a uint)
// ---------------------------------------------------------------------------------------

// cvt.{rn,rz,rm,rp}.f32.f64: correctly rounded, subnormal f32 results kept. A NaN keeps its
// sign and the top 22 bits of its payload, quietened.
static inline uint p2m_f64_to_f32(ulong a, int mode)
{
    uint signBit = p2m_f64_sign(a) ? 0x80000000u : 0u;
    if (p2m_f64_is_nan(a))
        return signBit | 0x7FC00000u | (uint)((a >> 29) & 0x003FFFFFUL);
    if (p2m_f64_is_inf(a))
        return signBit | 0x7F800000u;
    if (p2m_f64_is_zero(a))
        return signBit;
    p2m_f64_parts p = p2m_f64_unpack(a);
    // sig << 10 has its top bit at 62; the f32 biased exponent is e - 1023 + 127.
    return (uint)p2m_f64_round_pack_format(p.sign, p.e - 896, p.sig << 10, mode, 23, 8);
}

// cvt.ftz.{rn,rz,rm,rp}.f32.f64: as above, with a subnormal f32 result (after rounding)
// flushed to a zero of the same sign.
static inline uint p2m_f64_to_f32_ftz(ulong a, int mode)
{
    uint r = p2m_f64_to_f32(a, mode);
    bool subnormal = (r & 0x7F800000u) == 0 && (r & 0x007FFFFFu) != 0;
    return subnormal ? r & 0x80000000u : r;
}

// cvt.f64.f32: exact (every f32 is an f64). Takes the f32's bits. A NaN keeps its sign and
// payload (shifted to the top of the f64 fraction), quietened.
static inline ulong p2m_f64_from_f32(uint f)
{
    ulong signBit = (ulong)(f >> 31) << 63;
    int biased = (int)((f >> 23) & 0xFFu);
    uint frac = f & 0x007FFFFFu;
    if (biased == 0xFF) {
        ulong payload = (ulong)frac << 29;
        return signBit | P2M_F64_INF | (frac != 0 ? payload | P2M_F64_QUIET_BIT : 0UL);
    }
    if (biased == 0) {
        if (frac == 0)
            return signBit;
        // f32 subnormal: frac * 2^-149; normalize so the leading one is the hidden bit 23.
        int shift = (int)clz(frac) - 8;
        frac = (frac << shift) & 0x007FFFFFu;
        biased = 1 - shift;
    }
    return signBit | ((ulong)(biased + 896) << 52) | ((ulong)frac << 29);
}

// cvt.ftz.f64.f32: subnormal f32 inputs become zeros of the same sign. The hardware flushes
// with an f32 multiply by 1, which turns every NaN into P2M_F32_NAN before the conversion.
static inline ulong p2m_f64_from_f32_ftz(uint f)
{
    bool subnormal = (f & 0x7F800000u) == 0 && (f & 0x007FFFFFu) != 0;
    bool nan = (f & 0x7FFFFFFFu) > 0x7F800000u;
    return p2m_f64_from_f32(subnormal ? f & 0x80000000u : nan ? P2M_F32_NAN : f);
}

// The same conversions on MSL floats. Note that Apple GPUs flush f32 subnormals in float
// arithmetic (DESIGN.md, numeric policy); these only move bits.
// binary64 -> binary32 rounded to odd (truncate, then set the last bit if anything was lost):
// a later rounding of this to any format with at most 22 significand bits (f16, bf16) is then
// the correct single rounding of the original value.
static inline uint p2m_f64_to_f32_odd(ulong a)
{
    uint r = p2m_f64_to_f32(a, P2M_F64_RZ);
    if (!p2m_f64_is_nan(a) && p2m_f64_from_f32(r) != a)
        r |= 1u;
    return r;
}
static inline float p2m_f64_to_float_odd(ulong a) { return as_type<float>(p2m_f64_to_f32_odd(a)); }

// cvt.bf16.f64 of a NaN on the H200: the sign and the leading 7 payload bits, quiet bit set
// (0x7FF8000000000000 -> 0x7FC0, 0xFFF8000000000000 -> 0xFFC0; tests/exec cvt_half_bf16).
// `converted` is the result for every other input.
static inline ushort p2m_f64_bf16_keep_nan(ulong a, ushort converted)
{
    if (!p2m_f64_is_nan(a))
        return converted;
    return (ushort)(((a >> 48) & 0x8000u) | 0x7FC0u | ((a >> 45) & 0x7Fu));
}
static inline float p2m_f64_to_float(ulong a, int mode) { return as_type<float>(p2m_f64_to_f32(a, mode)); }
static inline ulong p2m_f64_from_float(float f) { return p2m_f64_from_f32(as_type<uint>(f)); }

// ---------------------------------------------------------------------------------------
// Conversions between f64 and integers
// ---------------------------------------------------------------------------------------

// |a| rounded to an integer in the given mode (applied to the signed value), for a not NaN.
// `huge` is set when the rounded magnitude is 2^64 or more (including infinities).
struct p2m_f64_int_parts {
    bool sign;
    bool huge;
    ulong mag;
};

static inline p2m_f64_int_parts p2m_f64_round_to_int_parts(ulong a, int mode)
{
    p2m_f64_int_parts r;
    r.sign = p2m_f64_sign(a);
    r.huge = false;
    r.mag = 0;
    if (p2m_f64_is_inf(a)) {
        r.huge = true;
        return r;
    }
    if (p2m_f64_is_zero(a))
        return r;
    p2m_f64_parts p = p2m_f64_unpack(a);
    int k = p.e - 1075; // value = sig * 2^k
    if (k >= 12) {
        r.huge = true; // sig * 2^12 >= 2^64
        return r;
    }
    if (k >= 0) {
        r.mag = p.sig << k; // an integer already; < 2^64
        return r;
    }
    int n = -k; // fraction bits
    ulong ipart;
    ulong rem;
    ulong halfway;
    if (n >= 64) {
        // |a| < 2^53 * 2^-64 < 1/2: no integer part, a nonzero fraction below one half.
        ipart = 0;
        rem = 1;
        halfway = 2;
    } else {
        ipart = p.sig >> n;
        rem = p.sig & ((1UL << n) - 1UL);
        halfway = 1UL << (n - 1);
    }
    bool up;
    if (mode == P2M_F64_RZ)
        up = false;
    else if (mode == P2M_F64_RM)
        up = r.sign && rem != 0;
    else if (mode == P2M_F64_RP)
        up = !r.sign && rem != 0;
    else
        up = rem > halfway || (rem == halfway && (ipart & 1UL) != 0);
    r.mag = ipart + (up ? 1UL : 0UL);
    return r;
}

// cvt.{rni,rzi,rmi,rpi}.s32.f64 (and the other integer types below): PTX saturates:
// NaN -> 0, values beyond the range clamp to the type's minimum or maximum.
// A NaN converts to 0x80000000 (32-bit) / 0x8000000000000000 (64-bit) destinations alike:
// measured on the H200 (the f64 conversion cases of tests/exec). f32 sources differ
// (0 for 32-bit destinations, cvt_ops.h).
static inline int p2m_f64_to_s32(ulong a, int mode)
{
    if (p2m_f64_is_nan(a))
        return -0x7FFFFFFF - 1;
    p2m_f64_int_parts r = p2m_f64_round_to_int_parts(a, mode);
    if (r.sign) {
        if (r.huge || r.mag >= 0x80000000UL)
            return -0x7FFFFFFF - 1;
        return -(int)r.mag;
    }
    if (r.huge || r.mag > 0x7FFFFFFFUL)
        return 0x7FFFFFFF;
    return (int)r.mag;
}

static inline uint p2m_f64_to_u32(ulong a, int mode)
{
    if (p2m_f64_is_nan(a))
        return 0x80000000u;
    p2m_f64_int_parts r = p2m_f64_round_to_int_parts(a, mode);
    if (r.sign)
        return 0u; // negative values (and -0) clamp to 0
    if (r.huge || r.mag > 0xFFFFFFFFUL)
        return 0xFFFFFFFFu;
    return (uint)r.mag;
}

static inline long p2m_f64_to_s64(ulong a, int mode)
{
    if (p2m_f64_is_nan(a))
        return -0x7FFFFFFFFFFFFFFFL - 1L;
    p2m_f64_int_parts r = p2m_f64_round_to_int_parts(a, mode);
    if (r.sign) {
        if (r.huge || r.mag >= 0x8000000000000000UL)
            return -0x7FFFFFFFFFFFFFFFL - 1L;
        return -(long)r.mag;
    }
    if (r.huge || r.mag > 0x7FFFFFFFFFFFFFFFUL)
        return 0x7FFFFFFFFFFFFFFFL;
    return (long)r.mag;
}

static inline ulong p2m_f64_to_u64(ulong a, int mode)
{
    if (p2m_f64_is_nan(a))
        return 0x8000000000000000UL;
    p2m_f64_int_parts r = p2m_f64_round_to_int_parts(a, mode);
    if (r.sign)
        return 0UL;
    if (r.huge)
        return 0xFFFFFFFFFFFFFFFFUL;
    return r.mag;
}

// cvt.{rn,rz,rm,rp}.f64.u64 / .s64: correctly rounded (values above 2^53 may round).
static inline ulong p2m_f64_from_u64(ulong v, int mode)
{
    if (v == 0)
        return 0UL;
    return p2m_f64_norm_round_pack(false, 1085, v, mode); // v * 2^(1085 - 1085)
}

static inline ulong p2m_f64_from_s64(long v, int mode)
{
    if (v == 0)
        return 0UL;
    // -2^63 on its own: NVRTC 13 compiles the negation below as an abs() it assumes to be
    // non-negative and takes the wrong branch for it (tests/gpu, docs/gpu-results.md); -2^63 is exact.
    if ((ulong)v == 0x8000000000000000UL)
        return 0xC3E0000000000000UL;
    bool sign = v < 0;
    ulong mag = sign ? 0UL - (ulong)v : (ulong)v;
    return p2m_f64_norm_round_pack(sign, 1085, mag, mode);
}

// cvt.{rn,rz,rm,rp}.f64.u32 / .s32: always exact; `mode` is accepted for a uniform interface.
static inline ulong p2m_f64_from_u32(uint v, int mode)
{
    return p2m_f64_from_u64((ulong)v, mode);
}

static inline ulong p2m_f64_from_s32(int v, int mode)
{
    return p2m_f64_from_s64((long)v, mode);
}

// cvt.{rni,rzi,rmi,rpi}.f64.f64: round to an integral value in f64, keeping the sign
// (so -0.25 rounds to -0 in every mode but .rmi). A NaN comes back quietened; infinities,
// zeros and values of magnitude 2^52 or more are already integral.
static inline ulong p2m_f64_round_to_integral(ulong a, int mode)
{
    if (p2m_f64_is_nan(a))
        return p2m_f64_nan_1(a);
    bool sign = p2m_f64_sign(a);
    int biased = (int)((a >> 52) & 0x7FFUL);
    if (biased >= 1075 || p2m_f64_is_zero(a))
        return a;
    if (biased < 1023) {
        // 0 < |a| < 1: the result is a signed zero or a signed one.
        bool toOne;
        if (mode == P2M_F64_RZ)
            toOne = false;
        else if (mode == P2M_F64_RM)
            toOne = sign;
        else if (mode == P2M_F64_RP)
            toOne = !sign;
        else
            toOne = biased == 1022 && (a & P2M_F64_FRAC_MASK) != 0; // above one half
        return (a & P2M_F64_SIGN_BIT) | (toOne ? P2M_F64_ONE : 0UL);
    }
    // 1 <= |a| < 2^52: the low n = 1075 - biased fraction bits are the fraction of |a|, and
    // bit n is the lowest bit of its integer part (for n = 52 that is the exponent's lowest
    // bit, 1 exactly as the integer part 1 is odd). Rounding the magnitude up is adding one
    // unit of the last integer place to the truncated bit pattern; a carry into the exponent
    // field is then exactly right.
    int n = 1075 - biased;
    ulong unit = 1UL << n;
    ulong fracMask = unit - 1UL;
    ulong rem = a & fracMask;
    if (rem == 0)
        return a;
    ulong truncated = a & ~fracMask;
    ulong halfway = unit >> 1;
    bool up;
    if (mode == P2M_F64_RZ)
        up = false;
    else if (mode == P2M_F64_RM)
        up = sign;
    else if (mode == P2M_F64_RP)
        up = !sign;
    else
        up = rem > halfway || (rem == halfway && (a & unit) != 0); // bit n: the integer's lsb
    return up ? truncated + unit : truncated;
}

#pragma clang diagnostic pop

#endif // P2M_F64_SUPPORT_H
