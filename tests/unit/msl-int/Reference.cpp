// The reference model (Reference.h): each instruction spelled out the way the PTX ISA's
// pseudocode states it, one bit or one element at a time, with 128-bit integers for products
// and sums. Deliberately unlike the header: no shared helper, no clever formulas.
#include "Reference.h"

#include "tests/probes/int_ops_cases.h"

#include <cstdint>

namespace p2m::inttest {
namespace {

using u64 = std::uint64_t;
using i64 = std::int64_t;
__extension__ typedef __int128 i128;
__extension__ typedef unsigned __int128 u128;

u64 mask(unsigned width) { return width >= 64 ? ~0ull : (1ull << width) - 1; }
u64 bit(u64 x, u64 index) { return index < 64 ? (x >> index) & 1 : 0; }

// The value of the low `width` bits of x as a signed or unsigned integer.
i128 value(u64 x, unsigned width, bool isSigned)
{
    x &= mask(width);
    if (isSigned && bit(x, width - 1))
        return static_cast<i128>(x) - (static_cast<i128>(1) << width);
    return static_cast<i128>(x);
}

u64 bits(i128 v, unsigned width) { return static_cast<u64>(static_cast<u128>(v)) & mask(width); }

// shl/shr: result bit i is source bit i - n (left) or i + n (right), else 0 or the sign.
u64 shiftLeft(u64 a, u64 n, unsigned width)
{
    n &= 0xFFFFFFFFu;
    u64 r = 0;
    for (u64 i = 0; i < width; ++i)
        if (i >= n)
            r |= bit(a, i - n) << i;
    return r;
}

u64 shiftRight(u64 a, u64 n, unsigned width, bool arithmetic)
{
    n &= 0xFFFFFFFFu;
    const u64 fill = arithmetic ? bit(a, width - 1) : 0;
    u64 r = 0;
    for (u64 i = 0; i < width; ++i)
        r |= (i + n < width ? bit(a, i + n) : fill) << i;
    return r;
}

// shf: the 64-bit value b:a shifted by n; .l keeps bits 63..32, .r bits 31..0.
u64 funnel(u64 a, u64 b, u64 c, bool left, bool clamp)
{
    c &= 0xFFFFFFFFu;
    const u64 n = clamp ? (c < 32 ? c : 32) : (c & 31);
    const u64 v = ((b & 0xFFFFFFFFu) << 32) | (a & 0xFFFFFFFFu);
    u64 r = 0;
    for (u64 i = 0; i < 32; ++i)
        r |= (left ? bit(v, 32 + i - n) : bit(v, i + n)) << i;
    return r;
}

// Position and length operands of bfe/bfi: the ISA takes their low 8 bits; the H200 does so
// for the 32-bit forms but uses all 32 bits for the 64-bit ones (measured).
u64 fieldOperand(u64 x, unsigned width) { return width == 32 ? x & 0xFF : x & 0xFFFFFFFFu; }

// bfe, as the ISA's pseudocode.
u64 bfe(u64 a, u64 b, u64 c, unsigned width, bool isSigned)
{
    const u64 msb = width - 1, pos = fieldOperand(b, width), len = fieldOperand(c, width);
    u64 sbit = 0;
    if (isSigned && len != 0)
        sbit = bit(a, pos + len - 1 < msb ? pos + len - 1 : msb);
    u64 d = 0;
    for (u64 i = 0; i <= msb; ++i)
        d |= ((i < len && pos + i <= msb) ? bit(a, pos + i) : sbit) << i;
    return d;
}

// bfi, as the ISA's pseudocode.
u64 bfi(u64 a, u64 b, u64 c, u64 d, unsigned width)
{
    const u64 msb = width - 1, pos = fieldOperand(c, width), len = fieldOperand(d, width);
    u64 f = b & mask(width);
    for (u64 i = 0; i < len && pos + i <= msb; ++i)
        f = (f & ~(1ull << (pos + i))) | (bit(a, i) << (pos + i));
    return f;
}

// prmt: the ISA's table of source bytes per mode and selector (listed here for result bytes
// 0, 1, 2, 3; the ISA lists them from byte 3 down).
enum PrmtMode { kF4e, kB4e, kRc8, kEcl, kEcr, kRc16 };
const unsigned kPrmtTable[6][4][4] = {
    {{0, 1, 2, 3}, {1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6}}, // f4e
    {{0, 7, 6, 5}, {1, 0, 7, 6}, {2, 1, 0, 7}, {3, 2, 1, 0}}, // b4e
    {{0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}}, // rc8
    {{0, 1, 2, 3}, {1, 1, 2, 3}, {2, 2, 2, 3}, {3, 3, 3, 3}}, // ecl
    {{0, 0, 0, 0}, {0, 1, 1, 1}, {0, 1, 2, 2}, {0, 1, 2, 3}}, // ecr
    {{0, 1, 0, 1}, {2, 3, 2, 3}, {0, 1, 0, 1}, {2, 3, 2, 3}}, // rc16
};

u64 sourceByte(u64 a, u64 b, unsigned index)
{
    const u64 tmp64 = ((b & 0xFFFFFFFFu) << 32) | (a & 0xFFFFFFFFu);
    return (tmp64 >> (8 * index)) & 0xFF;
}

u64 prmtDefault(u64 a, u64 b, u64 c)
{
    u64 d = 0;
    for (unsigned k = 0; k < 4; ++k) {
        const unsigned ctl = static_cast<unsigned>(c >> (4 * k)) & 0xF;
        u64 byteValue = sourceByte(a, b, ctl & 7);
        if (ctl & 8) // replicate the byte's sign
            byteValue = (byteValue & 0x80) ? 0xFF : 0x00;
        d |= byteValue << (8 * k);
    }
    return d;
}

u64 prmtMode(u64 a, u64 b, u64 c, PrmtMode mode)
{
    const unsigned ctl = static_cast<unsigned>(c) & 3;
    u64 d = 0;
    for (unsigned k = 0; k < 4; ++k)
        d |= sourceByte(a, b, kPrmtTable[mode][ctl][k]) << (8 * k);
    return d;
}

u64 lop3(u64 a, u64 b, u64 c, u64 lut)
{
    u64 d = 0;
    for (u64 i = 0; i < 32; ++i)
        d |= bit(lut, 4 * bit(a, i) + 2 * bit(b, i) + bit(c, i)) << i;
    return d;
}

// bmsk: ones at bits [start, start + width) cut at bit 31. .wrap takes both operands modulo
// 32; .clamp gives 0 for a start beyond bit 31 and lets the width run on.
u64 bmsk(u64 a, u64 b, bool clamp)
{
    a &= 0xFFFFFFFFu;
    b &= 0xFFFFFFFFu;
    if (clamp && a >= 32)
        return 0;
    const u64 start = clamp ? a : (a & 31), width = clamp ? b : (b & 31);
    u64 d = 0;
    for (u64 i = 0; i < 32; ++i)
        if (i >= start && i < start + width)
            d |= 1ull << i;
    return d;
}

// szext: the low N bits of a, extended; N = b mod 32 (.wrap) or b (.clamp); N == 0 gives 0
// and N >= 32 gives a.
u64 szext(u64 a, u64 b, bool clamp, bool isSigned)
{
    b &= 0xFFFFFFFFu;
    const u64 n = clamp ? b : (b & 31);
    if (n == 0)
        return 0;
    if (n >= 32)
        return a & 0xFFFFFFFFu;
    u64 d = 0;
    for (u64 i = 0; i < 32; ++i)
        d |= (i < n ? bit(a, i) : (isSigned ? bit(a, n - 1) : 0)) << i;
    return d;
}

u64 bfind(u64 a, unsigned width, bool isSigned, bool shiftAmount)
{
    const u64 msb = width - 1;
    a &= mask(width);
    if (isSigned && bit(a, msb))
        a = ~a & mask(width);
    u64 d = 0xFFFFFFFFu;
    for (i64 i = static_cast<i64>(msb); i >= 0; --i)
        if (bit(a, static_cast<u64>(i))) {
            d = static_cast<u64>(i);
            break;
        }
    if (shiftAmount && d != 0xFFFFFFFFu)
        d = msb - d;
    return d;
}

u64 brev(u64 a, unsigned width)
{
    u64 d = 0;
    for (u64 i = 0; i < width; ++i)
        d |= bit(a, i) << (width - 1 - i);
    return d;
}

u64 popc(u64 a, unsigned width)
{
    u64 n = 0;
    for (u64 i = 0; i < width; ++i)
        n += bit(a, i);
    return n;
}

u64 clz(u64 a, unsigned width)
{
    u64 n = 0;
    for (i64 i = static_cast<i64>(width) - 1; i >= 0 && !bit(a, static_cast<u64>(i)); --i)
        ++n;
    return n;
}

u64 mulHi(u64 a, u64 b, unsigned width, bool isSigned)
{
    // Bits 2w-1..w of the product, in 128-bit arithmetic: unsigned products of 64-bit values
    // need all 128 bits, signed ones fit in __int128.
    const u128 p = isSigned ? static_cast<u128>(value(a, width, true) * value(b, width, true))
                            : static_cast<u128>(a & mask(width)) * (b & mask(width));
    return static_cast<u64>(p >> width) & mask(width);
}

u64 mulWide(u64 a, u64 b, unsigned width, bool isSigned)
{
    return bits(value(a, width, isSigned) * value(b, width, isSigned), 2 * width);
}

// mul24: the low 24 bits of each operand (measured: the upper 8 are ignored), a 48-bit product.
u64 mul24(u64 a, u64 b, bool hi, bool isSigned)
{
    const i128 p = value(a, 24, isSigned) * value(b, 24, isSigned);
    return hi ? bits(p, 48) >> 16 : bits(p, 32);
}

i128 clampTo(i128 v, i128 lo, i128 hi) { return v < lo ? lo : v > hi ? hi : v; }

u64 madHiSat(u64 a, u64 b, u64 c)
{
    const i128 p = value(a, 32, true) * value(b, 32, true);
    const i128 hi = value(bits(p, 64) >> 32, 32, true);
    return bits(clampTo(hi + value(c, 32, true), INT32_MIN, INT32_MAX), 32);
}

u64 addSat(u64 a, u64 b, bool subtract)
{
    const i128 x = value(a, 32, true), y = value(b, 32, true);
    return bits(clampTo(subtract ? x - y : x + y, INT32_MIN, INT32_MAX), 32);
}

u64 sad(u64 a, u64 b, u64 c, unsigned width, bool isSigned)
{
    const i128 x = value(a, width, isSigned), y = value(b, width, isSigned);
    return bits(value(c, width, isSigned) + (x < y ? y - x : x - y), width);
}

// Division truncates toward zero, the remainder has the dividend's sign; by zero: all ones
// (measured); MIN / -1 wraps to MIN by the truncation to the width.
u64 divide(u64 a, u64 b, unsigned width, bool isSigned, bool remainder)
{
    const i128 x = value(a, width, isSigned), y = value(b, width, isSigned);
    if (y == 0)
        return mask(width);
    return bits(remainder ? x % y : x / y, width);
}

// dp4a / dp2a: c plus the products of sign- or zero-extended elements, modulo 2^32.
u64 dp4a(u64 a, u64 b, u64 c, bool aSigned, bool bSigned)
{
    i128 d = value(c, 32, aSigned || bSigned);
    for (unsigned i = 0; i < 4; ++i)
        d += value(a >> (8 * i), 8, aSigned) * value(b >> (8 * i), 8, bSigned);
    return bits(d, 32);
}

u64 dp2a(u64 a, u64 b, u64 c, bool hi, bool aSigned, bool bSigned)
{
    i128 d = value(c, 32, aSigned || bSigned);
    const unsigned bSelect = hi ? 2 : 0;
    for (unsigned i = 0; i < 2; ++i)
        d += value(a >> (16 * i), 16, aSigned) * value(b >> (8 * (bSelect + i)), 8, bSigned);
    return bits(d, 32);
}

// cvt.sat between integer types: clamp the source value to the destination's range.
u64 saturate(u64 a, unsigned srcWidth, bool srcSigned, unsigned dstWidth, bool dstSigned)
{
    const i128 v = value(a, srcWidth, srcSigned);
    const i128 lo = dstSigned ? -(static_cast<i128>(1) << (dstWidth - 1)) : 0;
    const i128 hi = (static_cast<i128>(1) << (dstSigned ? dstWidth - 1 : dstWidth)) - 1;
    return bits(clampTo(v, lo, hi), dstWidth);
}

u64 absolute(u64 a, unsigned width)
{
    const i128 v = value(a, width, true);
    return bits(v < 0 ? -v : v, width);
}

} // namespace

std::uint64_t referenceEval(int op, std::uint64_t a, std::uint64_t b, std::uint64_t c, std::uint64_t d)
{
    switch (op) {
    case P2M_IP_SHL_B16: return shiftLeft(a, b, 16);
    case P2M_IP_SHL_B32: return shiftLeft(a, b, 32);
    case P2M_IP_SHL_B64: return shiftLeft(a, b, 64);
    case P2M_IP_SHR_U16: return shiftRight(a, b, 16, false);
    case P2M_IP_SHR_U32: return shiftRight(a, b, 32, false);
    case P2M_IP_SHR_U64: return shiftRight(a, b, 64, false);
    case P2M_IP_SHR_S16: return shiftRight(a, b, 16, true);
    case P2M_IP_SHR_S32: return shiftRight(a, b, 32, true);
    case P2M_IP_SHR_S64: return shiftRight(a, b, 64, true);
    case P2M_IP_SHF_L_WRAP_B32: return funnel(a, b, c, true, false);
    case P2M_IP_SHF_L_CLAMP_B32: return funnel(a, b, c, true, true);
    case P2M_IP_SHF_R_WRAP_B32: return funnel(a, b, c, false, false);
    case P2M_IP_SHF_R_CLAMP_B32: return funnel(a, b, c, false, true);
    case P2M_IP_BFE_U32: return bfe(a, b, c, 32, false);
    case P2M_IP_BFE_S32: return bfe(a, b, c, 32, true);
    case P2M_IP_BFE_U64: return bfe(a, b, c, 64, false);
    case P2M_IP_BFE_S64: return bfe(a, b, c, 64, true);
    case P2M_IP_BFI_B32: return bfi(a, b, c, d, 32);
    case P2M_IP_BFI_B64: return bfi(a, b, c, d, 64);
    case P2M_IP_PRMT_B32: return prmtDefault(a, b, c);
    case P2M_IP_PRMT_F4E_B32: return prmtMode(a, b, c, kF4e);
    case P2M_IP_PRMT_B4E_B32: return prmtMode(a, b, c, kB4e);
    case P2M_IP_PRMT_RC8_B32: return prmtMode(a, b, c, kRc8);
    case P2M_IP_PRMT_ECL_B32: return prmtMode(a, b, c, kEcl);
    case P2M_IP_PRMT_ECR_B32: return prmtMode(a, b, c, kEcr);
    case P2M_IP_PRMT_RC16_B32: return prmtMode(a, b, c, kRc16);
    case P2M_IP_LOP3_B32: return lop3(a, b, c, d & 0xFF);
    case P2M_IP_BMSK_CLAMP_B32: return bmsk(a, b, true);
    case P2M_IP_BMSK_WRAP_B32: return bmsk(a, b, false);
    case P2M_IP_SZEXT_CLAMP_S32: return szext(a, b, true, true);
    case P2M_IP_SZEXT_WRAP_S32: return szext(a, b, false, true);
    case P2M_IP_SZEXT_CLAMP_U32: return szext(a, b, true, false);
    case P2M_IP_SZEXT_WRAP_U32: return szext(a, b, false, false);
    case P2M_IP_BFIND_U32: return bfind(a, 32, false, false);
    case P2M_IP_BFIND_S32: return bfind(a, 32, true, false);
    case P2M_IP_BFIND_U64: return bfind(a, 64, false, false);
    case P2M_IP_BFIND_S64: return bfind(a, 64, true, false);
    case P2M_IP_BFIND_SHIFTAMT_U32: return bfind(a, 32, false, true);
    case P2M_IP_BFIND_SHIFTAMT_S32: return bfind(a, 32, true, true);
    case P2M_IP_BFIND_SHIFTAMT_U64: return bfind(a, 64, false, true);
    case P2M_IP_BFIND_SHIFTAMT_S64: return bfind(a, 64, true, true);
    case P2M_IP_BREV_B32: return brev(a, 32);
    case P2M_IP_BREV_B64: return brev(a, 64);
    case P2M_IP_POPC_B32: return popc(a, 32);
    case P2M_IP_POPC_B64: return popc(a, 64);
    case P2M_IP_CLZ_B32: return clz(a, 32);
    case P2M_IP_CLZ_B64: return clz(a, 64);
    case P2M_IP_MUL_HI_U16: return mulHi(a, b, 16, false);
    case P2M_IP_MUL_HI_S16: return mulHi(a, b, 16, true);
    case P2M_IP_MUL_HI_U32: return mulHi(a, b, 32, false);
    case P2M_IP_MUL_HI_S32: return mulHi(a, b, 32, true);
    case P2M_IP_MUL_HI_U64: return mulHi(a, b, 64, false);
    case P2M_IP_MUL_HI_S64: return mulHi(a, b, 64, true);
    case P2M_IP_MUL_WIDE_U16: return mulWide(a, b, 16, false);
    case P2M_IP_MUL_WIDE_S16: return mulWide(a, b, 16, true);
    case P2M_IP_MUL_WIDE_U32: return mulWide(a, b, 32, false);
    case P2M_IP_MUL_WIDE_S32: return mulWide(a, b, 32, true);
    case P2M_IP_MUL24_LO_U32: return mul24(a, b, false, false);
    case P2M_IP_MUL24_LO_S32: return mul24(a, b, false, true);
    case P2M_IP_MUL24_HI_U32: return mul24(a, b, true, false);
    case P2M_IP_MUL24_HI_S32: return mul24(a, b, true, true);
    case P2M_IP_MAD_HI_SAT_S32: return madHiSat(a, b, c);
    case P2M_IP_ADD_SAT_S32: return addSat(a, b, false);
    case P2M_IP_SUB_SAT_S32: return addSat(a, b, true);
    case P2M_IP_SAD_U16: return sad(a, b, c, 16, false);
    case P2M_IP_SAD_S16: return sad(a, b, c, 16, true);
    case P2M_IP_SAD_U32: return sad(a, b, c, 32, false);
    case P2M_IP_SAD_S32: return sad(a, b, c, 32, true);
    case P2M_IP_SAD_U64: return sad(a, b, c, 64, false);
    case P2M_IP_SAD_S64: return sad(a, b, c, 64, true);
    case P2M_IP_DIV_U16: return divide(a, b, 16, false, false);
    case P2M_IP_DIV_S16: return divide(a, b, 16, true, false);
    case P2M_IP_DIV_U32: return divide(a, b, 32, false, false);
    case P2M_IP_DIV_S32: return divide(a, b, 32, true, false);
    case P2M_IP_DIV_U64: return divide(a, b, 64, false, false);
    case P2M_IP_DIV_S64: return divide(a, b, 64, true, false);
    case P2M_IP_REM_U16: return divide(a, b, 16, false, true);
    case P2M_IP_REM_S16: return divide(a, b, 16, true, true);
    case P2M_IP_REM_U32: return divide(a, b, 32, false, true);
    case P2M_IP_REM_S32: return divide(a, b, 32, true, true);
    case P2M_IP_REM_U64: return divide(a, b, 64, false, true);
    case P2M_IP_REM_S64: return divide(a, b, 64, true, true);
    case P2M_IP_DP4A_U32_U32: return dp4a(a, b, c, false, false);
    case P2M_IP_DP4A_U32_S32: return dp4a(a, b, c, false, true);
    case P2M_IP_DP4A_S32_U32: return dp4a(a, b, c, true, false);
    case P2M_IP_DP4A_S32_S32: return dp4a(a, b, c, true, true);
    case P2M_IP_DP2A_LO_U32_U32: return dp2a(a, b, c, false, false, false);
    case P2M_IP_DP2A_LO_U32_S32: return dp2a(a, b, c, false, false, true);
    case P2M_IP_DP2A_LO_S32_U32: return dp2a(a, b, c, false, true, false);
    case P2M_IP_DP2A_LO_S32_S32: return dp2a(a, b, c, false, true, true);
    case P2M_IP_DP2A_HI_U32_U32: return dp2a(a, b, c, true, false, false);
    case P2M_IP_DP2A_HI_U32_S32: return dp2a(a, b, c, true, false, true);
    case P2M_IP_DP2A_HI_S32_U32: return dp2a(a, b, c, true, true, false);
    case P2M_IP_DP2A_HI_S32_S32: return dp2a(a, b, c, true, true, true);
    case P2M_IP_SAT_U8_FROM_S8: return saturate(a, 8, true, 8, false);
    case P2M_IP_SAT_S8_FROM_U8: return saturate(a, 8, false, 8, true);
    case P2M_IP_SAT_S8_FROM_S16: return saturate(a, 16, true, 8, true);
    case P2M_IP_SAT_U8_FROM_S16: return saturate(a, 16, true, 8, false);
    case P2M_IP_SAT_S8_FROM_U16: return saturate(a, 16, false, 8, true);
    case P2M_IP_SAT_U8_FROM_U16: return saturate(a, 16, false, 8, false);
    case P2M_IP_SAT_S8_FROM_S32: return saturate(a, 32, true, 8, true);
    case P2M_IP_SAT_U8_FROM_S32: return saturate(a, 32, true, 8, false);
    case P2M_IP_SAT_S8_FROM_U32: return saturate(a, 32, false, 8, true);
    case P2M_IP_SAT_U8_FROM_U32: return saturate(a, 32, false, 8, false);
    case P2M_IP_SAT_S8_FROM_S64: return saturate(a, 64, true, 8, true);
    case P2M_IP_SAT_U8_FROM_S64: return saturate(a, 64, true, 8, false);
    case P2M_IP_SAT_S8_FROM_U64: return saturate(a, 64, false, 8, true);
    case P2M_IP_SAT_U8_FROM_U64: return saturate(a, 64, false, 8, false);
    case P2M_IP_SAT_U16_FROM_S8: return saturate(a, 8, true, 16, false);
    case P2M_IP_SAT_U16_FROM_S16: return saturate(a, 16, true, 16, false);
    case P2M_IP_SAT_S16_FROM_U16: return saturate(a, 16, false, 16, true);
    case P2M_IP_SAT_S16_FROM_S32: return saturate(a, 32, true, 16, true);
    case P2M_IP_SAT_U16_FROM_S32: return saturate(a, 32, true, 16, false);
    case P2M_IP_SAT_S16_FROM_U32: return saturate(a, 32, false, 16, true);
    case P2M_IP_SAT_U16_FROM_U32: return saturate(a, 32, false, 16, false);
    case P2M_IP_SAT_S16_FROM_S64: return saturate(a, 64, true, 16, true);
    case P2M_IP_SAT_U16_FROM_S64: return saturate(a, 64, true, 16, false);
    case P2M_IP_SAT_S16_FROM_U64: return saturate(a, 64, false, 16, true);
    case P2M_IP_SAT_U16_FROM_U64: return saturate(a, 64, false, 16, false);
    case P2M_IP_SAT_U32_FROM_S8: return saturate(a, 8, true, 32, false);
    case P2M_IP_SAT_U32_FROM_S16: return saturate(a, 16, true, 32, false);
    case P2M_IP_SAT_U32_FROM_S32: return saturate(a, 32, true, 32, false);
    case P2M_IP_SAT_S32_FROM_U32: return saturate(a, 32, false, 32, true);
    case P2M_IP_SAT_S32_FROM_S64: return saturate(a, 64, true, 32, true);
    case P2M_IP_SAT_U32_FROM_S64: return saturate(a, 64, true, 32, false);
    case P2M_IP_SAT_S32_FROM_U64: return saturate(a, 64, false, 32, true);
    case P2M_IP_SAT_U32_FROM_U64: return saturate(a, 64, false, 32, false);
    case P2M_IP_SAT_U64_FROM_S8: return saturate(a, 8, true, 64, false);
    case P2M_IP_SAT_U64_FROM_S16: return saturate(a, 16, true, 64, false);
    case P2M_IP_SAT_U64_FROM_S32: return saturate(a, 32, true, 64, false);
    case P2M_IP_SAT_U64_FROM_S64: return saturate(a, 64, true, 64, false);
    case P2M_IP_SAT_S64_FROM_U64: return saturate(a, 64, false, 64, true);
    case P2M_IP_ABS_S16: return absolute(a, 16);
    case P2M_IP_ABS_S32: return absolute(a, 32);
    case P2M_IP_ABS_S64: return absolute(a, 64);
    case P2M_IP_NEG_S16: return bits(-value(a, 16, true), 16);
    case P2M_IP_NEG_S32: return bits(-value(a, 32, true), 32);
    case P2M_IP_NEG_S64: return bits(-value(a, 64, true), 64);
    default: return 0xDEADDEADDEADDEADull;
    }
}

} // namespace p2m::inttest
