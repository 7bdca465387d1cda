// ptx2metal MSL support library: PTX integer and bit instructions, exactly.
//
// Each function implements one PTX instruction (or one type/mode variant of it) bit for bit,
// edge cases included: the PTX ISA's semantics where it defines them, and what an NVIDIA H200
// returns where it leaves the result to the machine (division by zero) or departs from the
// ISA's pseudocode (positions and lengths of 256 or more in 64-bit bfe/bfi). The measurements
// are in docs/gpu-facts.md ("Integer instructions"); the probe is tests/probes/int_ops.cu.
//
// Value conventions (PTX type -> MSL type): s8 char, u8 uchar, s16 short, u16/b16 ushort,
// s32 int, u32/b32 uint, s64 long, u64/b64 ulong (MSL's long is 64-bit). Shift amounts, bit
// positions and lengths are PTX .u32 operands, so always uint.
//
// Language subset: valid MSL and C++17 alike; no double, no 128-bit integers, no pointers, no
// jumps, no recursion, no library headers (pasted after <metal_stdlib>). Nothing here executes
// C++ undefined behaviour for any input: every shift amount is below the operand width, every
// division has a nonzero divisor and no INT_MIN / -1, left shifts operate on unsigned values,
// and arithmetic right shifts are spelled with unsigned operations. Converting an unsigned
// value to a signed type of the same width wraps (as in Clang, Metal and C++20).
// MSL built-ins used, all on 32-bit types: clz, popcount, reverse_bits, addsat, subsat, min,
// max. Never mulhi: beside a multiply of the same operands it has crashed Apple's compiler
// ("unable to legalize instruction", SPIRV-Cross issue #2385, worked around there in PR #2392
// by multiplying in the wider type), and PTX code computes mul.lo and mul.hi of the same
// operands all the time; the high halves here are built from 32 x 32 -> 64-bit products.
//
// Entry points (see each function's comment):
//   shifts       p2m_shl_b16/b32/b64, p2m_shr_u16/u32/u64, p2m_shr_s16/s32/s64 (x, uint n)
//   funnel       p2m_shf_{l,r}_{wrap,clamp}_b32(a, b, c)     (PTX has no shf.b64)
//   bit fields   p2m_bfe_{u32,s32,u64,s64}(a, pos, len), p2m_bfi_b32/b64(a, b, pos, len)
//   permute      p2m_prmt_b32 and p2m_prmt_{f4e,b4e,rc8,ecl,ecr,rc16}_b32(a, b, c)
//   logic        p2m_lop3_b32(a, b, c, lut)
//   masks        p2m_bmsk_{clamp,wrap}_b32(a, b), p2m_szext_{clamp,wrap}_{s32,u32}(a, b)
//   bit scans    p2m_bfind[_shiftamt]_{u32,s32,u64,s64}, p2m_brev_b32/b64, p2m_popc_b32/b64,
//                p2m_clz_b32/b64
//   multiply     p2m_mul_hi_{u16,s16,u32,s32,u64,s64}, p2m_mul_wide_{u16,s16,u32,s32},
//                p2m_mul24_{lo,hi}_{u32,s32}, p2m_mad_hi_sat_s32
//   saturating   p2m_add_sat_s32, p2m_sub_sat_s32, p2m_sat_<dst>_from_<src> (cvt.sat)
//   sad          p2m_sad_{u16,s16,u32,s32,u64,s64}(a, b, c)
//   divide       p2m_div_{u16,s16,u32,s32,u64,s64}, p2m_rem_{...}
//   dot product  p2m_dp4a_<a>_<b>, p2m_dp2a_lo_<a>_<b>, p2m_dp2a_hi_<a>_<b> (a, b in {u32, s32})
//   video        p2m_vop4(P2M_VOP4_*, a, b, c, d/a/b signed, .sat, .add): vadd4 vsub4 vabsdiff4 vmin4 vmax4
//                p2m_vop(P2M_VOP_*, a, b, c, d/a/b signed, .sat, P2M_VSEC_*, P2M_VSEL_*): vadd vsub
//                vabsdiff vmin vmax; p2m_vset(P2M_VCMP_*, a, b, c, a/b signed, P2M_VSEC_*, P2M_VSEL_*);
//                p2m_vshift(left, a, b, c, d/a signed, .clamp, .sat, P2M_VSEC_*, P2M_VSEL_*): vshl vshr;
//                p2m_vmad(a, b, c, a/b signed, -(a*b), -c, .po, shift 0/7/15, .sat)
//   sign         p2m_abs_s16/s32/s64, p2m_neg_s16/s32/s64

#ifndef P2M_INT_OPS_H
#define P2M_INT_OPS_H

// Internal linkage, and a kernel uses only some of these: no unused-function warnings.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wunused-function"

// ---------------------------------------------------------------------------------------
// Internal helpers
// ---------------------------------------------------------------------------------------

// Arithmetic right shift of the bits of a signed value by s (s below the width), spelled with
// unsigned operations: a negative value is complemented, shifted and complemented back.
static inline uint p2m_int_sar32(uint u, uint s)
{
    return (u >> 31) != 0u ? ~(~u >> s) : u >> s;
}

static inline ulong p2m_int_sar64(ulong u, uint s)
{
    return (u >> 63) != 0ul ? ~(~u >> s) : u >> s;
}

// Sign extension of a byte / 16-bit field held in the low bits of an int.
static inline int p2m_int_sext8(uint byteValue)
{
    return (int)((byteValue & 0xFFu) ^ 0x80u) - 0x80;
}

static inline int p2m_int_sext16(uint halfValue)
{
    return (int)((halfValue & 0xFFFFu) ^ 0x8000u) - 0x8000;
}

// ---------------------------------------------------------------------------------------
// Shifts
// ---------------------------------------------------------------------------------------

// shl.b16/b32/b64 d, a, n: amounts of the width or more give 0.
static inline ushort p2m_shl_b16(ushort x, uint n) { return n < 16u ? (ushort)((uint)x << n) : (ushort)0; }
static inline uint p2m_shl_b32(uint x, uint n) { return n < 32u ? x << n : 0u; }
static inline ulong p2m_shl_b64(ulong x, uint n) { return n < 64u ? x << n : 0ul; }

// shr.u16/u32/u64: logical; amounts of the width or more give 0.
static inline ushort p2m_shr_u16(ushort x, uint n) { return n < 16u ? (ushort)((uint)x >> n) : (ushort)0; }
static inline uint p2m_shr_u32(uint x, uint n) { return n < 32u ? x >> n : 0u; }
static inline ulong p2m_shr_u64(ulong x, uint n) { return n < 64u ? x >> n : 0ul; }

// shr.s16/s32/s64: arithmetic; amounts of the width or more fill with the sign.
static inline short p2m_shr_s16(short x, uint n)
{
    return (short)(ushort)p2m_int_sar32((uint)(int)x, min(n, 15u));
}

static inline int p2m_shr_s32(int x, uint n) { return (int)p2m_int_sar32((uint)x, min(n, 31u)); }
static inline long p2m_shr_s64(long x, uint n) { return (long)p2m_int_sar64((ulong)x, min(n, 63u)); }

// ---------------------------------------------------------------------------------------
// Funnel shifts: shf.{l,r}.{wrap,clamp}.b32 d, a, b, c shifts the 64-bit value b:a (a is the
// low word) by n = c & 31 (.wrap) or min(c, 32) (.clamp); .l returns the high word of the
// left shift, .r the low word of the right shift. PTX has no 64-bit shf.
// ---------------------------------------------------------------------------------------

static inline uint p2m_int_shf_l(uint a, uint b, uint n) // n <= 32
{
    return (uint)(((((ulong)b << 32) | (ulong)a) << n) >> 32);
}

static inline uint p2m_int_shf_r(uint a, uint b, uint n) // n <= 32
{
    return (uint)((((ulong)b << 32) | (ulong)a) >> n);
}

static inline uint p2m_shf_l_wrap_b32(uint a, uint b, uint c) { return p2m_int_shf_l(a, b, c & 31u); }
static inline uint p2m_shf_l_clamp_b32(uint a, uint b, uint c) { return p2m_int_shf_l(a, b, min(c, 32u)); }
static inline uint p2m_shf_r_wrap_b32(uint a, uint b, uint c) { return p2m_int_shf_r(a, b, c & 31u); }
static inline uint p2m_shf_r_clamp_b32(uint a, uint b, uint c) { return p2m_int_shf_r(a, b, min(c, 32u)); }

// ---------------------------------------------------------------------------------------
// Bit fields: the field is the len bits of a from bit pos, cut off at the top of a.
// The PTX ISA restricts pos and len to 0..255 and its pseudocode takes their low 8 bits. The
// H200 does exactly that for the 32-bit forms, but the 64-bit forms use all 32 bits of pos
// and len (measured with run-time operands: bfe.u64 with len = 256 extracts everything from
// pos; pos = 256 gives 0, or the sign for bfe.s64). The functions follow the hardware.
// ---------------------------------------------------------------------------------------

// bfe.u32 d, a, pos, len (both modulo 256): the field zero-extended; 0 when len is 0 or
// pos >= 32.
static inline uint p2m_bfe_u32(uint a, uint pos, uint len)
{
    const uint p = pos & 0xFFu, l = len & 0xFFu;
    const uint w = min(l, 32u - min(p, 32u)); // field width, 0 when empty
    return w == 0u ? 0u : (a << (32u - p - w)) >> (32u - w);
}

// bfe.s32: the field sign-extended from its top bit; 0 when len is 0, and all copies of a's
// sign bit when pos >= 32 (PTX takes the sign from bit min(pos + len - 1, 31)).
static inline int p2m_bfe_s32(int a, uint pos, uint len)
{
    const uint p = min(pos & 0xFFu, 31u), l = len & 0xFFu;
    const uint w = min(l, 32u - p);
    return w == 0u ? 0 : (int)p2m_int_sar32((uint)a << (32u - p - w), 32u - w);
}

// bfe.u64: as bfe.u32 with 64-bit a, but pos and len are used whole (see above).
static inline ulong p2m_bfe_u64(ulong a, uint pos, uint len)
{
    const uint w = min(len, 64u - min(pos, 64u));
    return w == 0u ? 0ul : (a << (64u - pos - w)) >> (64u - w);
}

// bfe.s64: as bfe.s32 with 64-bit a, but pos and len are used whole (see above).
static inline long p2m_bfe_s64(long a, uint pos, uint len)
{
    const uint p = min(pos, 63u);
    const uint w = min(len, 64u - p);
    return w == 0u ? 0l : (long)p2m_int_sar64((ulong)a << (64u - p - w), 64u - w);
}

// bfi.b32 f, a, b, pos, len (both modulo 256): b with the field replaced by the low bits of
// a; b itself when len is 0 or pos >= 32.
static inline uint p2m_bfi_b32(uint a, uint b, uint pos, uint len)
{
    const uint p = pos & 0xFFu, l = len & 0xFFu;
    const uint w = min(l, 32u - min(p, 32u));
    const uint mask = w == 0u ? 0u : (0xFFFFFFFFu >> (32u - w)) << p;
    return (b & ~mask) | ((a << (p & 31u)) & mask);
}

// bfi.b64: as bfi.b32 with 64-bit a and b, but pos and len are used whole (see above).
static inline ulong p2m_bfi_b64(ulong a, ulong b, uint pos, uint len)
{
    const uint w = min(len, 64u - min(pos, 64u));
    const ulong mask = w == 0u ? 0ul : (0xFFFFFFFFFFFFFFFFul >> (64u - w)) << pos;
    return (b & ~mask) | ((a << (pos & 63u)) & mask);
}

// ---------------------------------------------------------------------------------------
// prmt.b32{.mode} d, a, b, c: bytes picked from the 8-byte value b:a (a holds bytes 0..3).
// ---------------------------------------------------------------------------------------

static inline uint p2m_int_byte(ulong src, uint index) // index 0..7
{
    return (uint)(src >> (index * 8u)) & 0xFFu;
}

static inline uint p2m_int_bytes4(ulong src, uint i0, uint i1, uint i2, uint i3)
{
    return p2m_int_byte(src, i0) | (p2m_int_byte(src, i1) << 8) | (p2m_int_byte(src, i2) << 16)
        | (p2m_int_byte(src, i3) << 24);
}

static inline ulong p2m_int_prmt_src(uint a, uint b) { return ((ulong)b << 32) | (ulong)a; }

// Default mode: nibble k of c selects result byte k; its bits 0..2 pick the source byte, and
// bit 3 set replaces the byte with its sign bit copied eight times.
static inline uint p2m_prmt_b32(uint a, uint b, uint c)
{
    const ulong src = p2m_int_prmt_src(a, b);
    uint d = 0u;
    for (uint k = 0u; k < 4u; ++k) {
        const uint sel = (c >> (k * 4u)) & 0xFu;
        const uint byteValue = p2m_int_byte(src, sel & 7u);
        const uint outByte = (sel & 8u) != 0u ? (byteValue >> 7) * 0xFFu : byteValue;
        d |= outByte << (k * 8u);
    }
    return d;
}

// The modes use only c & 3 (called s below); result byte k is source byte:
// .f4e (forward 4 extract): s + k
static inline uint p2m_prmt_f4e_b32(uint a, uint b, uint c)
{
    return (uint)(p2m_int_prmt_src(a, b) >> ((c & 3u) * 8u));
}

// .b4e (backward 4 extract): (s - k) mod 8
static inline uint p2m_prmt_b4e_b32(uint a, uint b, uint c)
{
    const uint s = c & 3u;
    return p2m_int_bytes4(p2m_int_prmt_src(a, b), s, (s + 7u) & 7u, (s + 6u) & 7u, (s + 5u) & 7u);
}

// .rc8 (replicate 8): s
static inline uint p2m_prmt_rc8_b32(uint a, uint b, uint c)
{
    return p2m_int_byte(p2m_int_prmt_src(a, b), c & 3u) * 0x01010101u;
}

// .ecl (edge clamp left): max(k, s)
static inline uint p2m_prmt_ecl_b32(uint a, uint b, uint c)
{
    const uint s = c & 3u;
    return p2m_int_bytes4(p2m_int_prmt_src(a, b), s, max(1u, s), max(2u, s), 3u);
}

// .ecr (edge clamp right): min(k, s)
static inline uint p2m_prmt_ecr_b32(uint a, uint b, uint c)
{
    const uint s = c & 3u;
    return p2m_int_bytes4(p2m_int_prmt_src(a, b), 0u, min(1u, s), min(2u, s), s);
}

// .rc16 (replicate 16): the 16-bit half s & 1 of a, twice.
static inline uint p2m_prmt_rc16_b32(uint a, uint b, uint c)
{
    (void)b;
    return ((a >> ((c & 1u) * 16u)) & 0xFFFFu) * 0x00010001u;
}

// ---------------------------------------------------------------------------------------
// lop3.b32 d, a, b, c, lut: bit i of d is bit (4 a_i + 2 b_i + c_i) of lut. Written as an OR
// of the eight minterms, each ANDed with a mask made from one lut bit, so that a constant
// lut folds to the minterms it selects.
// ---------------------------------------------------------------------------------------

static inline uint p2m_lop3_b32(uint a, uint b, uint c, uint lut)
{
    return ((0u - (lut & 1u)) & (~a & ~b & ~c)) | ((0u - ((lut >> 1) & 1u)) & (~a & ~b & c))
        | ((0u - ((lut >> 2) & 1u)) & (~a & b & ~c)) | ((0u - ((lut >> 3) & 1u)) & (~a & b & c))
        | ((0u - ((lut >> 4) & 1u)) & (a & ~b & ~c)) | ((0u - ((lut >> 5) & 1u)) & (a & ~b & c))
        | ((0u - ((lut >> 6) & 1u)) & (a & b & ~c)) | ((0u - ((lut >> 7) & 1u)) & (a & b & c));
}

// ---------------------------------------------------------------------------------------
// bmsk and szext (the PTX ISA's pseudocode, step by step)
// ---------------------------------------------------------------------------------------

// bmsk.{clamp,wrap}.b32 d, a, b: b one-bits from bit a. With a1 = a & 31, b1 = b & 31: 0 when
// b1 == 0 or a1 + b1 >= 32 would be cut (then the mask runs to bit 31); .clamp: a >= 32 gives
// 0 and b >= 32 gives all bits from a1 up.
static inline uint p2m_int_bmsk(uint a, uint b, bool clamped)
{
    const uint a1 = a & 31u, b1 = b & 31u, sum = a1 + b1;
    const bool posOverflow = clamped && a >= 32u;
    const bool widthOverflow = clamped && b >= 32u;
    const uint mask0 = posOverflow ? 0u : 0xFFFFFFFFu << a1;
    const uint mask1 = (sum >= 32u || posOverflow || widthOverflow) ? 0u
        : b1 == 0u ? 0xFFFFFFFFu : 0xFFFFFFFFu << sum;
    return mask0 & ~mask1;
}

static inline uint p2m_bmsk_clamp_b32(uint a, uint b) { return p2m_int_bmsk(a, b, true); }
static inline uint p2m_bmsk_wrap_b32(uint a, uint b) { return p2m_int_bmsk(a, b, false); }

// szext.{clamp,wrap}.{s32,u32} d, a, b: the low N bits of a sign-/zero-extended, N = b & 31
// (.wrap) or b (.clamp, where N >= 32 returns a); N == 0 gives 0.
static inline uint p2m_int_szext(uint a, uint b, bool clamped, bool isSigned)
{
    const uint b1 = b & 31u;
    const bool tooLarge = clamped && b >= 32u;
    const uint mask = tooLarge ? 0u : 0xFFFFFFFFu << b1;
    const bool signBit = isSigned && b1 != 0u && !tooLarge && ((a >> ((b1 - 1u) & 31u)) & 1u) != 0u;
    return (a & ~mask) | (signBit ? mask : 0u);
}

static inline uint p2m_szext_clamp_s32(uint a, uint b) { return p2m_int_szext(a, b, true, true); }
static inline uint p2m_szext_wrap_s32(uint a, uint b) { return p2m_int_szext(a, b, false, true); }
static inline uint p2m_szext_clamp_u32(uint a, uint b) { return p2m_int_szext(a, b, true, false); }
static inline uint p2m_szext_wrap_u32(uint a, uint b) { return p2m_int_szext(a, b, false, false); }

// ---------------------------------------------------------------------------------------
// Bit scans and counts. Only the 32-bit built-ins are used (64-bit values are split into
// halves), and clz(0) is tested explicitly rather than trusting the built-in.
// ---------------------------------------------------------------------------------------

static inline uint p2m_int_clz32(uint a) { return a == 0u ? 32u : clz(a); }

static inline uint p2m_int_clz64(ulong a)
{
    const uint hi = (uint)(a >> 32), lo = (uint)a;
    return hi != 0u ? clz(hi) : 32u + p2m_int_clz32(lo);
}

// bfind.u32/u64: the index of the highest set bit; 0xFFFFFFFF for 0.
static inline uint p2m_bfind_u32(uint a) { return a == 0u ? 0xFFFFFFFFu : 31u - clz(a); }
static inline uint p2m_bfind_u64(ulong a) { return a == 0ul ? 0xFFFFFFFFu : 63u - p2m_int_clz64(a); }

// bfind.s32/s64: the highest bit that differs from the sign bit; 0xFFFFFFFF for 0 and -1.
static inline uint p2m_bfind_s32(int a) { return p2m_bfind_u32(a < 0 ? ~(uint)a : (uint)a); }
static inline uint p2m_bfind_s64(long a) { return p2m_bfind_u64(a < 0l ? ~(ulong)a : (ulong)a); }

// bfind.shiftamt: the left shift that moves that bit to the top (width - 1 - index);
// 0xFFFFFFFF when there is none.
static inline uint p2m_bfind_shiftamt_u32(uint a) { return a == 0u ? 0xFFFFFFFFu : clz(a); }
static inline uint p2m_bfind_shiftamt_u64(ulong a) { return a == 0ul ? 0xFFFFFFFFu : p2m_int_clz64(a); }
static inline uint p2m_bfind_shiftamt_s32(int a) { return p2m_bfind_shiftamt_u32(a < 0 ? ~(uint)a : (uint)a); }
static inline uint p2m_bfind_shiftamt_s64(long a) { return p2m_bfind_shiftamt_u64(a < 0l ? ~(ulong)a : (ulong)a); }

// brev.b32/b64: bit reversal.
static inline uint p2m_brev_b32(uint a) { return reverse_bits(a); }

static inline ulong p2m_brev_b64(ulong a)
{
    return ((ulong)reverse_bits((uint)a) << 32) | (ulong)reverse_bits((uint)(a >> 32));
}

// popc.b32/b64: number of set bits (.u32 result).
static inline uint p2m_popc_b32(uint a) { return popcount(a); }
static inline uint p2m_popc_b64(ulong a) { return popcount((uint)a) + popcount((uint)(a >> 32)); }

// clz.b32/b64: number of leading zeros, the width for 0 (.u32 result).
static inline uint p2m_clz_b32(uint a) { return p2m_int_clz32(a); }
static inline uint p2m_clz_b64(ulong a) { return p2m_int_clz64(a); }

// ---------------------------------------------------------------------------------------
// Multiplication
// ---------------------------------------------------------------------------------------

// mul.hi.u16/s16/u32/s32: the high half of the double-width product.
static inline ushort p2m_mul_hi_u16(ushort a, ushort b) { return (ushort)(((uint)a * (uint)b) >> 16); }
static inline short p2m_mul_hi_s16(short a, short b) { return (short)(ushort)((uint)((int)a * (int)b) >> 16); }
static inline uint p2m_mul_hi_u32(uint a, uint b) { return (uint)(((ulong)a * (ulong)b) >> 32); }
static inline int p2m_mul_hi_s32(int a, int b) { return (int)(uint)((ulong)((long)a * (long)b) >> 32); }

// mul.hi.u64: the high 64 bits of the 64 x 64-bit product, from 32-bit pieces (MSL has no
// 128-bit integer, and mulhi is avoided: see the top of this file).
static inline ulong p2m_mul_hi_u64(ulong a, ulong b)
{
    const ulong a0 = a & 0xFFFFFFFFul, a1 = a >> 32, b0 = b & 0xFFFFFFFFul, b1 = b >> 32;
    const ulong p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    const ulong middle = (p00 >> 32) + (p01 & 0xFFFFFFFFul) + (p10 & 0xFFFFFFFFul);
    return p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32);
}

// mul.hi.s64: the unsigned high half minus b when a < 0 and minus a when b < 0 (mod 2^64).
static inline long p2m_mul_hi_s64(long a, long b)
{
    const ulong hi = p2m_mul_hi_u64((ulong)a, (ulong)b);
    return (long)(hi - (a < 0l ? (ulong)b : 0ul) - (b < 0l ? (ulong)a : 0ul));
}

// mul.wide.u16/s16/u32/s32: the full double-width product.
static inline uint p2m_mul_wide_u16(ushort a, ushort b) { return (uint)a * (uint)b; }
static inline int p2m_mul_wide_s16(short a, short b) { return (int)a * (int)b; }
static inline ulong p2m_mul_wide_u32(uint a, uint b) { return (ulong)a * (ulong)b; }
static inline long p2m_mul_wide_s32(int a, int b) { return (long)a * (long)b; }

// mul24.{lo,hi}.{u32,s32}: only the low 24 bits of a and b take part (sign-extended from bit
// 23 for .s32; measured: the upper 8 bits are ignored); .lo returns bits 31..0 of the 48-bit
// product, .hi bits 47..16.
static inline ulong p2m_int_mul24_u(uint a, uint b) { return (ulong)(a & 0xFFFFFFu) * (ulong)(b & 0xFFFFFFu); }

static inline ulong p2m_int_mul24_s(int a, int b)
{
    const long a24 = (long)((int)(((uint)a & 0xFFFFFFu) ^ 0x800000u) - 0x800000);
    const long b24 = (long)((int)(((uint)b & 0xFFFFFFu) ^ 0x800000u) - 0x800000);
    return (ulong)(a24 * b24);
}

static inline uint p2m_mul24_lo_u32(uint a, uint b) { return (uint)p2m_int_mul24_u(a, b); }
static inline int p2m_mul24_lo_s32(int a, int b) { return (int)(uint)p2m_int_mul24_s(a, b); }
static inline uint p2m_mul24_hi_u32(uint a, uint b) { return (uint)(p2m_int_mul24_u(a, b) >> 16); }
static inline int p2m_mul24_hi_s32(int a, int b) { return (int)(uint)(p2m_int_mul24_s(a, b) >> 16); }

// mad.hi.sat.s32 d, a, b, c: (high 32 bits of a * b) + c, clamped to the int range.
static inline int p2m_mad_hi_sat_s32(int a, int b, int c) { return addsat(p2m_mul_hi_s32(a, b), c); }

// ---------------------------------------------------------------------------------------
// Saturating add/sub
// ---------------------------------------------------------------------------------------

// add.sat.s32 / sub.sat.s32: the exact result clamped to the int range.
static inline int p2m_add_sat_s32(int a, int b) { return addsat(a, b); }
static inline int p2m_sub_sat_s32(int a, int b) { return subsat(a, b); }

// ---------------------------------------------------------------------------------------
// sad.type d, a, b, c: c + |a - b|. |a - b| is exact in the unsigned type of the width (it is
// below 2^width even for signed types); the sum wraps. c and d have the same bits whatever
// the signedness, so they are passed as the unsigned type.
// ---------------------------------------------------------------------------------------

static inline ushort p2m_sad_u16(ushort a, ushort b, ushort c)
{
    return (ushort)((uint)c + (a < b ? (uint)b - (uint)a : (uint)a - (uint)b));
}

static inline ushort p2m_sad_s16(short a, short b, ushort c)
{
    return (ushort)((uint)c + (a < b ? (uint)((int)b - (int)a) : (uint)((int)a - (int)b)));
}

static inline uint p2m_sad_u32(uint a, uint b, uint c) { return c + (a < b ? b - a : a - b); }
static inline uint p2m_sad_s32(int a, int b, uint c) { return c + (a < b ? (uint)b - (uint)a : (uint)a - (uint)b); }
static inline ulong p2m_sad_u64(ulong a, ulong b, ulong c) { return c + (a < b ? b - a : a - b); }
static inline ulong p2m_sad_s64(long a, long b, ulong c) { return c + (a < b ? (ulong)b - (ulong)a : (ulong)a - (ulong)b); }

// ---------------------------------------------------------------------------------------
// Division and remainder. PTX leaves x / 0 machine-specific; an H200 returns all ones for
// both div and rem by zero, for every type and dividend (also negative and zero ones).
// MIN / -1 wraps to MIN and MIN % -1 is 0 (also for 16 bits). Other cases truncate toward
// zero, and the remainder takes the dividend's sign (C semantics).
// ---------------------------------------------------------------------------------------

// Unsigned: the divisor is made nonzero before dividing, the result replaced afterwards.
static inline ushort p2m_div_u16(ushort a, ushort b) { return b == 0 ? (ushort)0xFFFFu : (ushort)((uint)a / (uint)b); }
static inline ushort p2m_rem_u16(ushort a, ushort b) { return b == 0 ? (ushort)0xFFFFu : (ushort)((uint)a % (uint)b); }

static inline uint p2m_div_u32(uint a, uint b)
{
    const uint d = b == 0u ? 1u : b;
    return b == 0u ? 0xFFFFFFFFu : a / d;
}

static inline uint p2m_rem_u32(uint a, uint b)
{
    const uint d = b == 0u ? 1u : b;
    return b == 0u ? 0xFFFFFFFFu : a % d;
}

static inline ulong p2m_div_u64(ulong a, ulong b)
{
    const ulong d = b == 0ul ? 1ul : b;
    return b == 0ul ? 0xFFFFFFFFFFFFFFFFul : a / d;
}

static inline ulong p2m_rem_u64(ulong a, ulong b)
{
    const ulong d = b == 0ul ? 1ul : b;
    return b == 0ul ? 0xFFFFFFFFFFFFFFFFul : a % d;
}

// s16: computed in int, where -32768 / -1 does not overflow; the quotient 32768 wraps back.
static inline short p2m_div_s16(short a, short b)
{
    const int d = b == 0 ? 1 : (int)b;
    return b == 0 ? (short)-1 : (short)(ushort)(uint)((int)a / d);
}

static inline short p2m_rem_s16(short a, short b)
{
    const int d = b == 0 ? 1 : (int)b;
    return b == 0 ? (short)-1 : (short)((int)a % d);
}

// s32/s64: divisors 0 and -1 are replaced by 1 before dividing; x / -1 is the wrapping
// negation and x % -1 is 0.
static inline int p2m_div_s32(int a, int b)
{
    const int d = (b == 0 || b == -1) ? 1 : b;
    const int q = a / d;
    return b == 0 ? -1 : b == -1 ? (int)(0u - (uint)a) : q;
}

static inline int p2m_rem_s32(int a, int b)
{
    const int d = (b == 0 || b == -1) ? 1 : b;
    const int r = a % d;
    return b == 0 ? -1 : b == -1 ? 0 : r;
}

static inline long p2m_div_s64(long a, long b)
{
    const long d = (b == 0l || b == -1l) ? 1l : b;
    const long q = a / d;
    return b == 0l ? -1l : b == -1l ? (long)(0ul - (ulong)a) : q;
}

static inline long p2m_rem_s64(long a, long b)
{
    const long d = (b == 0l || b == -1l) ? 1l : b;
    const long r = a % d;
    return b == 0l ? -1l : b == -1l ? 0l : r;
}

// ---------------------------------------------------------------------------------------
// Dot products. dp4a.atype.btype d, a, b, c: c + the sum of the products of the four byte
// pairs of a and b; dp2a.{lo,hi}.atype.btype: c + the products of the two 16-bit halves of
// a with bytes 0, 1 (.lo) or 2, 3 (.hi) of b. Each byte/half is sign-extended for .s32 and
// zero-extended for .u32; c is .s32 when either type is, and the sum wraps modulo 2^32 (the
// bits are the same either way, so c and d are uint).
// ---------------------------------------------------------------------------------------

static inline int p2m_int_byte_ext(uint x, uint k, bool isSigned)
{
    const uint v = (x >> (k * 8u)) & 0xFFu;
    return isSigned ? p2m_int_sext8(v) : (int)v;
}

static inline int p2m_int_half_ext(uint x, uint k, bool isSigned)
{
    const uint v = (x >> (k * 16u)) & 0xFFFFu;
    return isSigned ? p2m_int_sext16(v) : (int)v;
}

static inline uint p2m_int_dp4a(uint a, uint b, uint c, bool aSigned, bool bSigned)
{
    uint d = c;
    for (uint k = 0u; k < 4u; ++k)
        d += (uint)(p2m_int_byte_ext(a, k, aSigned) * p2m_int_byte_ext(b, k, bSigned));
    return d;
}

static inline uint p2m_int_dp2a(uint a, uint b, uint c, uint firstByte, bool aSigned, bool bSigned)
{
    uint d = c;
    for (uint k = 0u; k < 2u; ++k)
        d += (uint)(p2m_int_half_ext(a, k, aSigned) * p2m_int_byte_ext(b, firstByte + k, bSigned));
    return d;
}

// ---------------------------------------------------------------------------------------
// Four-way SIMD video instructions vadd4, vsub4, vabsdiff4, vmin4, vmax4 with the default
// operand selectors (a.b3210, b.b7654) and mask (.b3210); the emitter refuses the others. Each
// byte lane of a and b is sign- or zero-extended per its type and `op` (P2M_VOP4_*) applied.
// Merge form: each lane result, clamped to the destination's byte range with .sat and else
// truncated, is byte i of d (the default mask takes every byte, so c is not read). Accumulate
// form (.add): d = c + the sum of the four lane results, modulo 2^32.
// ---------------------------------------------------------------------------------------

#define P2M_VOP4_ADD 0u
#define P2M_VOP4_SUB 1u
#define P2M_VOP4_ABSDIFF 2u
#define P2M_VOP4_MIN 3u
#define P2M_VOP4_MAX 4u

static inline int p2m_int_vop4_lane(uint op, int a, int b)
{
    switch (op) {
    case P2M_VOP4_ADD: return a + b;
    case P2M_VOP4_SUB: return a - b;
    case P2M_VOP4_ABSDIFF: return a > b ? a - b : b - a;
    case P2M_VOP4_MIN: return a < b ? a : b;
    case P2M_VOP4_MAX: default: return a > b ? a : b;
    }
}

static inline uint p2m_vop4(uint op, uint a, uint b, uint c, bool dSigned, bool aSigned, bool bSigned, bool sat,
                            bool accumulate)
{
    uint merged = 0u;
    uint sum = c;
    for (uint k = 0u; k < 4u; ++k) {
        int r = p2m_int_vop4_lane(op, p2m_int_byte_ext(a, k, aSigned), p2m_int_byte_ext(b, k, bSigned));
        sum += (uint)r;
        if (sat)
            r = dSigned ? (r < -128 ? -128 : r > 127 ? 127 : r) : (r < 0 ? 0 : r > 255 ? 255 : r);
        merged |= ((uint)r & 0xFFu) << (8u * k);
    }
    return accumulate ? sum : merged;
}

// ---------------------------------------------------------------------------------------
// Scalar video instructions (PTX ISA "Scalar Video Instructions"): vadd, vsub, vabsdiff, vmin,
// vmax (p2m_vop), vshl/vshr (p2m_vshift), vset (p2m_vset), vmad (p2m_vmad). Operand
// selectors .bN/.hN on a and b are extracted and extended by the caller (the IR builder puts
// a bfe before the instruction), so a and b arrive as words, sign- or zero-extended per their
// type to exact values. An sm_90 GPU has no video unit: ptxas writes each instruction as
// integer code on a 64-bit intermediate, and where that code departs from the ISA's
// pseudocode these helpers follow the code, as an H100 recorded it (tests/probes/
// gen_video_scalar.py, all 467 forms; docs/gpu-facts.md "Scalar video instructions"). The
// primary result t is that intermediate; p2m_int_video_finish applies .sat, the secondary
// operation (P2M_VSEC_*) with c or the merge into c (P2M_VSEL_*, the destination selector).
// ---------------------------------------------------------------------------------------

#define P2M_VSEC_NONE 0u
#define P2M_VSEC_ADD 1u
#define P2M_VSEC_MIN 2u
#define P2M_VSEC_MAX 3u

#define P2M_VSEL_NONE 0u
#define P2M_VSEL_B0 1u
#define P2M_VSEL_B1 2u
#define P2M_VSEL_B2 3u
#define P2M_VSEL_B3 4u
#define P2M_VSEL_H0 5u
#define P2M_VSEL_H1 6u

#define P2M_VOP_ADD 0u
#define P2M_VOP_SUB 1u
#define P2M_VOP_ABSDIFF 2u
#define P2M_VOP_MIN 3u
#define P2M_VOP_MAX 4u

#define P2M_VCMP_EQ 0u
#define P2M_VCMP_NE 1u
#define P2M_VCMP_LT 2u
#define P2M_VCMP_LE 3u
#define P2M_VCMP_GT 4u
#define P2M_VCMP_GE 5u

static inline long p2m_int_video_word(uint x, bool isSigned) { return isSigned ? (long)(int)x : (long)x; }

// .sat to d's 32-bit range, for an unsigned d only below unless `above`.
static inline long p2m_int_video_clamp(long t, bool dSigned, bool above)
{
    if (dSigned)
        return t < -2147483648l ? -2147483648l : t > 2147483647l ? 2147483647l : t;
    return t < 0l ? 0l : above && t > 0xFFFFFFFFl ? 0xFFFFFFFFl : t;
}

// optSaturate, optSecondaryOp and optMerge as an H100 computes them, on the 64-bit t:
//  - merge form (a destination selector): with .sat, t's word (all ones when t needs more
//    than 32 bits, a negative t too) clamped above, unsigned, to the field's maximum: 0xFF or
//    0xFFFF, 0x7F or 0x7FFF for a signed d (so a negative t gives that maximum, not the
//    minimum). The field is then put into c: t's low byte at byte N, its low half at h0, but
//    at h1 its *high* half, bits 16..31 of t (after .sat those are zero).
//  - otherwise .sat clamps a signed d to its range; for an unsigned d it makes a negative t
//    zero, and clamps above only for vshl/vshr (`shiftSat`), not for vadd..vmax (1 +
//    0xFFFFFFFF gives 0). With `narrow` (vadd, vsub) t is then cut to its low 32 bits,
//    sign-extended. .add adds c; .min/.max compare t with c (extended per d's type) in d's
//    signedness, so for an unsigned d a negative t is above every c.
//  - vshl/vshr with .sat and a merge or .min/.max (refused by the emitter: no recording yet;
//    this is the code ptxas writes for sm_90): .sat clamps to d's 32-bit range in both, the
//    merge takes the clamped word, .min/.max compare it sign-extended.
static inline uint p2m_int_video_finish(long t, uint c, bool dSigned, bool sat, bool shiftSat, bool narrow, uint op2,
                                        uint dsel)
{
    // The width and place of the destination part (every selector named: the emitter spells
    // them, and a macro this code does not name would not come with it).
    uint bits = 32u, shift = 0u;
    switch (dsel) {
    case P2M_VSEL_B0: bits = 8u; shift = 0u; break;
    case P2M_VSEL_B1: bits = 8u; shift = 8u; break;
    case P2M_VSEL_B2: bits = 8u; shift = 16u; break;
    case P2M_VSEL_B3: bits = 8u; shift = 24u; break;
    case P2M_VSEL_H0: bits = 16u; shift = 0u; break;
    case P2M_VSEL_H1: bits = 16u; shift = 16u; break;
    case P2M_VSEL_NONE: default: break;
    }
    if (bits < 32u) {
        uint v = (uint)(ulong)(sat && shiftSat ? p2m_int_video_clamp(t, dSigned, true) : t);
        if (sat && !shiftSat) {
            const uint fieldMax = dSigned ? (1u << (bits - 1u)) - 1u : (1u << bits) - 1u;
            v = ((ulong)t >> 32) != 0ul ? 0xFFFFFFFFu : v;
            v = v > fieldMax ? fieldMax : v;
        }
        const uint mask = ((1u << bits) - 1u) << shift;
        return (c & ~mask) | ((dsel == P2M_VSEL_H1 ? v : v << shift) & mask);
    }
    if (sat)
        t = p2m_int_video_clamp(t, dSigned, shiftSat);
    if (narrow || (sat && shiftSat))
        t = (long)(int)(uint)(ulong)t;
    const long tc = p2m_int_video_word(c, dSigned);
    const bool below = dSigned ? t < tc : (ulong)t < (ulong)tc;
    switch (op2) {
    case P2M_VSEC_ADD: t = (long)((ulong)t + (ulong)tc); break;
    case P2M_VSEC_MIN: t = below ? t : tc; break;
    case P2M_VSEC_MAX: t = below ? tc : t; break;
    case P2M_VSEC_NONE: default: break;
    }
    return (uint)(ulong)t;
}

// vadd, vsub, vabsdiff, vmin, vmax (op: P2M_VOP_*): t exact; vadd and vsub narrow it to 32 bits
// before a secondary .min/.max (vadd.s32.s32.s32.min of 1 and 0x7FFFFFFF with c = 0 gives
// 0x80000000), vabsdiff, vmin and vmax do not.
static inline uint p2m_vop(uint op, uint a, uint b, uint c, bool dSigned, bool aSigned, bool bSigned, bool sat,
                           uint op2, uint dsel)
{
    const long ta = p2m_int_video_word(a, aSigned), tb = p2m_int_video_word(b, bSigned);
    long t;
    switch (op) {
    case P2M_VOP_ADD: t = ta + tb; break;
    case P2M_VOP_SUB: t = ta - tb; break;
    case P2M_VOP_ABSDIFF: t = ta > tb ? ta - tb : tb - ta; break;
    case P2M_VOP_MIN: t = ta < tb ? ta : tb; break;
    case P2M_VOP_MAX: default: t = ta > tb ? ta : tb; break;
    }
    return p2m_int_video_finish(t, c, dSigned, sat, false, op == P2M_VOP_ADD || op == P2M_VOP_SUB, op2, dsel);
}

// vset (cmp: P2M_VCMP_*): 1 or 0, then the secondary operation or merge without .sat. The ISA
// calls the result and c unsigned; an H100 compares them as signed when a is (vset.s32.*.max
// with c = -2 gives 1 or 0, vset.u32.* gives c).
static inline uint p2m_vset(uint cmp, uint a, uint b, uint c, bool aSigned, bool bSigned, uint op2, uint dsel)
{
    const long ta = p2m_int_video_word(a, aSigned), tb = p2m_int_video_word(b, bSigned);
    bool r;
    switch (cmp) {
    case P2M_VCMP_EQ: r = ta == tb; break;
    case P2M_VCMP_NE: r = ta != tb; break;
    case P2M_VCMP_LT: r = ta < tb; break;
    case P2M_VCMP_LE: r = ta <= tb; break;
    case P2M_VCMP_GT: r = ta > tb; break;
    case P2M_VCMP_GE: default: r = ta >= tb; break;
    }
    return p2m_int_video_finish(r ? 1l : 0l, c, aSigned, false, false, false, op2, dsel);
}

// vshl/vshr: a shifted by b clamped to 32 (.clamp) or wrapped to 5 bits (.wrap), arithmetically
// for a signed a, on 64 bits: vshl's t wraps there (vshl.s32.u32 of 0x80000000 by 32 is
// negative), and with .sat it is first cut to 34 bits, sign-extended (vshl.u32.u32.u32.sat of
// 2 by 32, 2^33, is negative and gives 0). .sat clamps an unsigned d above too (and see
// p2m_int_video_finish for .sat with a merge or .min/.max).
static inline uint p2m_vshift(bool left, uint a, uint b, uint c, bool dSigned, bool aSigned, bool clamped, bool sat,
                              uint op2, uint dsel)
{
    const long ta = p2m_int_video_word(a, aSigned);
    const uint tb = clamped ? (b > 32u ? 32u : b) : (b & 31u);
    long t;
    if (!left) {
        t = ta >> tb;
    } else {
        t = (long)((ulong)ta << tb);
        if (sat)
            t = (long)((ulong)t << 30) >> 30;
    }
    return p2m_int_video_finish(t, c, dSigned, sat, true, false, op2, dsel);
}

// vmad: on 64 bits, a * b with each word taken as signed whatever its type (as ptxas's
// IMAD.WIDE does: vmad.u32.u32.u32.sat of 1 and 0x80000000 is negative and gives 0), negated
// when exactly one of a and b is, plus c (a signed word, negated when c is), plus 1 for .po;
// .shr7/.shr15 shift right, arithmetically when the final result is signed, then .sat clamps
// to the 32-bit range of the final signedness; d is the low 32 bits. The final result is
// signed when a or b is, or any operand is negated. Without .sat and shift the low 32 bits
// equal the ISA's; with them an H100 was recorded for the forms without negation and .po.
static inline uint p2m_vmad(uint a, uint b, uint c, bool aSigned, bool bSigned, bool negProduct, bool negC, bool po,
                            uint scale, bool sat)
{
    const bool signedFinal = aSigned || bSigned || negProduct || negC;
    // |a * b| <= 2^62 and |c| <= 2^31: no overflow.
    const long product = (long)(int)a * (long)(int)b, tc = (long)(int)c;
    long t = (negProduct ? -product : product) + (negC ? -tc : tc) + (po ? 1l : 0l);
    if (scale != 0u)
        t = signedFinal ? t >> scale : (long)((ulong)t >> scale);
    if (sat) {
        if (signedFinal)
            t = t < -2147483648l ? -2147483648l : t > 2147483647l ? 2147483647l : t;
        else
            t = t < 0l ? 0l : t > 0xFFFFFFFFl ? 0xFFFFFFFFl : t;
    }
    return (uint)(ulong)t;
}

static inline uint p2m_dp4a_u32_u32(uint a, uint b, uint c) { return p2m_int_dp4a(a, b, c, false, false); }
static inline uint p2m_dp4a_u32_s32(uint a, uint b, uint c) { return p2m_int_dp4a(a, b, c, false, true); }
static inline uint p2m_dp4a_s32_u32(uint a, uint b, uint c) { return p2m_int_dp4a(a, b, c, true, false); }
static inline uint p2m_dp4a_s32_s32(uint a, uint b, uint c) { return p2m_int_dp4a(a, b, c, true, true); }
static inline uint p2m_dp2a_lo_u32_u32(uint a, uint b, uint c) { return p2m_int_dp2a(a, b, c, 0u, false, false); }
static inline uint p2m_dp2a_lo_u32_s32(uint a, uint b, uint c) { return p2m_int_dp2a(a, b, c, 0u, false, true); }
static inline uint p2m_dp2a_lo_s32_u32(uint a, uint b, uint c) { return p2m_int_dp2a(a, b, c, 0u, true, false); }
static inline uint p2m_dp2a_lo_s32_s32(uint a, uint b, uint c) { return p2m_int_dp2a(a, b, c, 0u, true, true); }
static inline uint p2m_dp2a_hi_u32_u32(uint a, uint b, uint c) { return p2m_int_dp2a(a, b, c, 2u, false, false); }
static inline uint p2m_dp2a_hi_u32_s32(uint a, uint b, uint c) { return p2m_int_dp2a(a, b, c, 2u, false, true); }
static inline uint p2m_dp2a_hi_s32_u32(uint a, uint b, uint c) { return p2m_int_dp2a(a, b, c, 2u, true, false); }
static inline uint p2m_dp2a_hi_s32_s32(uint a, uint b, uint c) { return p2m_int_dp2a(a, b, c, 2u, true, true); }

// ---------------------------------------------------------------------------------------
// cvt.sat.dtype.atype between integer types: the value clamped to the destination's range.
// Only the pairs where clamping can change the value exist (the others are plain casts).
// ---------------------------------------------------------------------------------------

// A signed source (any width, as long) clamped to [lo, hi].
static inline long p2m_int_sat_signed(long v, long lo, long hi) { return v < lo ? lo : v > hi ? hi : v; }
// An unsigned source (any width, as ulong) clamped to [0, hi].
static inline ulong p2m_int_sat_unsigned(ulong v, ulong hi) { return v > hi ? hi : v; }

// Signed sources.
static inline uchar p2m_sat_u8_from_s8(char x) { return (uchar)p2m_int_sat_signed((long)x, 0l, 255l); }
static inline char p2m_sat_s8_from_s16(short x) { return (char)p2m_int_sat_signed((long)x, -128l, 127l); }
static inline uchar p2m_sat_u8_from_s16(short x) { return (uchar)p2m_int_sat_signed((long)x, 0l, 255l); }
static inline char p2m_sat_s8_from_s32(int x) { return (char)p2m_int_sat_signed((long)x, -128l, 127l); }
static inline uchar p2m_sat_u8_from_s32(int x) { return (uchar)p2m_int_sat_signed((long)x, 0l, 255l); }
static inline char p2m_sat_s8_from_s64(long x) { return (char)p2m_int_sat_signed(x, -128l, 127l); }
static inline uchar p2m_sat_u8_from_s64(long x) { return (uchar)p2m_int_sat_signed(x, 0l, 255l); }
static inline ushort p2m_sat_u16_from_s8(char x) { return (ushort)p2m_int_sat_signed((long)x, 0l, 65535l); }
static inline ushort p2m_sat_u16_from_s16(short x) { return (ushort)p2m_int_sat_signed((long)x, 0l, 65535l); }
static inline short p2m_sat_s16_from_s32(int x) { return (short)p2m_int_sat_signed((long)x, -32768l, 32767l); }
static inline ushort p2m_sat_u16_from_s32(int x) { return (ushort)p2m_int_sat_signed((long)x, 0l, 65535l); }
static inline short p2m_sat_s16_from_s64(long x) { return (short)p2m_int_sat_signed(x, -32768l, 32767l); }
static inline ushort p2m_sat_u16_from_s64(long x) { return (ushort)p2m_int_sat_signed(x, 0l, 65535l); }
static inline uint p2m_sat_u32_from_s8(char x) { return (uint)p2m_int_sat_signed((long)x, 0l, 4294967295l); }
static inline uint p2m_sat_u32_from_s16(short x) { return (uint)p2m_int_sat_signed((long)x, 0l, 4294967295l); }
static inline uint p2m_sat_u32_from_s32(int x) { return (uint)p2m_int_sat_signed((long)x, 0l, 4294967295l); }
static inline int p2m_sat_s32_from_s64(long x) { return (int)p2m_int_sat_signed(x, -2147483648l, 2147483647l); }
static inline uint p2m_sat_u32_from_s64(long x) { return (uint)p2m_int_sat_signed(x, 0l, 4294967295l); }
static inline ulong p2m_sat_u64_from_s8(char x) { return x < 0 ? 0ul : (ulong)(long)x; }
static inline ulong p2m_sat_u64_from_s16(short x) { return x < 0 ? 0ul : (ulong)(long)x; }
static inline ulong p2m_sat_u64_from_s32(int x) { return x < 0 ? 0ul : (ulong)(long)x; }
static inline ulong p2m_sat_u64_from_s64(long x) { return x < 0l ? 0ul : (ulong)x; }

// Unsigned sources.
static inline char p2m_sat_s8_from_u8(uchar x) { return (char)p2m_int_sat_unsigned((ulong)x, 127ul); }
static inline char p2m_sat_s8_from_u16(ushort x) { return (char)p2m_int_sat_unsigned((ulong)x, 127ul); }
static inline uchar p2m_sat_u8_from_u16(ushort x) { return (uchar)p2m_int_sat_unsigned((ulong)x, 255ul); }
static inline char p2m_sat_s8_from_u32(uint x) { return (char)p2m_int_sat_unsigned((ulong)x, 127ul); }
static inline uchar p2m_sat_u8_from_u32(uint x) { return (uchar)p2m_int_sat_unsigned((ulong)x, 255ul); }
static inline char p2m_sat_s8_from_u64(ulong x) { return (char)p2m_int_sat_unsigned(x, 127ul); }
static inline uchar p2m_sat_u8_from_u64(ulong x) { return (uchar)p2m_int_sat_unsigned(x, 255ul); }
static inline short p2m_sat_s16_from_u16(ushort x) { return (short)p2m_int_sat_unsigned((ulong)x, 32767ul); }
static inline short p2m_sat_s16_from_u32(uint x) { return (short)p2m_int_sat_unsigned((ulong)x, 32767ul); }
static inline ushort p2m_sat_u16_from_u32(uint x) { return (ushort)p2m_int_sat_unsigned((ulong)x, 65535ul); }
static inline short p2m_sat_s16_from_u64(ulong x) { return (short)p2m_int_sat_unsigned(x, 32767ul); }
static inline ushort p2m_sat_u16_from_u64(ulong x) { return (ushort)p2m_int_sat_unsigned(x, 65535ul); }
static inline int p2m_sat_s32_from_u32(uint x) { return (int)p2m_int_sat_unsigned((ulong)x, 2147483647ul); }
static inline int p2m_sat_s32_from_u64(ulong x) { return (int)p2m_int_sat_unsigned(x, 2147483647ul); }
static inline uint p2m_sat_u32_from_u64(ulong x) { return (uint)p2m_int_sat_unsigned(x, 4294967295ul); }
static inline long p2m_sat_s64_from_u64(ulong x) { return (long)p2m_int_sat_unsigned(x, 9223372036854775807ul); }

// cvt.pack.sat.{u16,s16}.s32 d, a, b: sat(a) in the high half, sat(b) in the low half.
// cvt.pack.sat.{u8,s8}.s32.b32 d, a, b, c: sat(b) in bits 0-7, sat(a) in bits 8-15, and the
// low 16 bits of c above them (PTX ISA, cvt.pack; checked on the H200, docs/gpu-facts.md).
static inline uint p2m_cvt_pack_sat_u16_s32(int a, int b)
{
    return ((uint)p2m_sat_u16_from_s32(a) << 16) | (uint)p2m_sat_u16_from_s32(b);
}
static inline uint p2m_cvt_pack_sat_s16_s32(int a, int b)
{
    return ((uint)(ushort)p2m_sat_s16_from_s32(a) << 16) | (uint)(ushort)p2m_sat_s16_from_s32(b);
}
static inline uint p2m_cvt_pack_sat_u8_s32_b32(int a, int b, uint c)
{
    return (c << 16) | ((uint)p2m_sat_u8_from_s32(a) << 8) | (uint)p2m_sat_u8_from_s32(b);
}
static inline uint p2m_cvt_pack_sat_s8_s32_b32(int a, int b, uint c)
{
    return (c << 16) | ((uint)(uchar)p2m_sat_s8_from_s32(a) << 8) | (uint)(uchar)p2m_sat_s8_from_s32(b);
}

// ---------------------------------------------------------------------------------------
// abs and neg: wrapping, so abs(MIN) == neg(MIN) == MIN.
// ---------------------------------------------------------------------------------------

static inline short p2m_abs_s16(short x) { return x < 0 ? (short)(ushort)(0u - (uint)(int)x) : x; }
static inline int p2m_abs_s32(int x) { return x < 0 ? (int)(0u - (uint)x) : x; }
static inline long p2m_abs_s64(long x) { return x < 0l ? (long)(0ul - (ulong)x) : x; }
static inline short p2m_neg_s16(short x) { return (short)(ushort)(0u - (uint)(int)x); }
static inline int p2m_neg_s32(int x) { return (int)(0u - (uint)x); }
static inline long p2m_neg_s64(long x) { return (long)(0ul - (ulong)x); }

#pragma clang diagnostic pop

#endif // P2M_INT_OPS_H
