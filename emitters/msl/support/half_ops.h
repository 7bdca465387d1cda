// ptx2metal MSL support library: PTX f16 and bf16 arithmetic (add, sub, mul, fma, min, max,
// neg, abs, ex2.approx, tanh.approx and their .ftz/.sat/.relu/.NaN/.xorsign.abs forms), scalar
// and packed x2. Needs cvt_ops.h pasted before it.
//
// Value types: f16 is `half`; bf16 is a `ushort` holding its bits; f16x2/bf16x2 is a `uint`
// with element 0 in the low 16 bits. PTX has only .rn for f16/bf16 arithmetic, so there are no
// other rounding modes here. Language subset as in cvt_ops.h; MSL built-ins used: as_type,
// isnan, isinf, isfinite, fabs, fma (float, non-finite operands only), precise::exp2,
// precise::tanh, and conversions between half and float.
//
// Correct rounding, and why it holds (the unit tests check each claim):
//   * f16 add/sub/mul are computed in float and rounded once to half. mul is exact in float
//     (11 + 11 significant bits), add/sub round twice, which is innocuous because float has
//     24 >= 2 * 11 + 2 bits (Figueroa's double-rounding theorem for +, -, *). All values involved
//     are multiples of 2^-24 or 2^-48 and below 2^33: float normals, so Apple's flushing of f32
//     denormals never touches them.
//   * fma (f16 and bf16) must round once. a * b is exact in float; the float sum s = p + c is
//     then corrected to round-to-odd with the exact error e of that addition (2Sum, exact for
//     every float addition that does not overflow): if e != 0 and s is even, s moves one ulp
//     toward e. Round-to-odd to 24 bits followed by round-to-nearest to p <= 22 bits equals one
//     rounding to nearest of the exact value (Boldo & Melquiond), subnormal targets included,
//     since float keeps at least 2 more bits there as well.
//   * bf16 values span f32's whole exponent range, so the float route is used only where every
//     intermediate is a multiple of 2^-126 (exact, never an f32 subnormal) and a product is
//     below 2^128 (fma; a sum, or mul's product, may overflow: it gives infinity, as bf16
//     rounding would); the rest (subnormal operands, tiny or huge products) goes through an
//     exact integer fma (p2m_bf16_fma_exact). Results are therefore exact on Apple GPUs too.
//
// NaNs and special cases (measured on an H200, tests/probes/half_cvt.cu, docs/gpu-facts.md):
//   * every NaN result is the canonical 0x7FFF, for f16 and bf16 alike, also from neg and abs
//     (which are bit operations on non-NaN values);
//   * min/max: one NaN operand gives the other operand, two give 0x7FFF; -0 < +0; .NaN: any
//     NaN gives 0x7FFF; .xorsign.abs: min/max of |a| and |b| with the sign a.sign ^ b.sign (the
//     NaN's sign counts), not applied to a NaN result;
//   * .relu (fma) maps negative results, -0 included, to +0 and NaN to 0x7FFF;
//   * .sat clamps to [0, 1], NaN and -0 to +0 (p2m_sat_f16 in cvt_ops.h);
//   * .ftz flushes subnormal inputs and every result whose exact value is below 2^-14 in
//     magnitude, before rounding: mul.ftz((1 - 2^-11), 2^-14) = +0 although the rounded product
//     is 2^-14. The flushed zero keeps the sign of the exact result.
//   * tanh.approx.bf16 keeps subnormals; ex2.approx.ftz.bf16 flushes inputs and results.
//   * ex2/tanh.approx: the H200's results have relative errors up to 2^-10.0 (f16) and 2^-7.0
//     (bf16); ours are the float function rounded once (2^-11 and 2^-8), within one ulp of the
//     H200's everywhere, so results may differ from NVIDIA's in the last bit.
//
// Interface:
//   f16   p2m_{add,sub,mul}_rn[_ftz]_f16(a, b), p2m_fma_rn[_ftz][_relu]_f16(a, b, c),
//         p2m_{min,max}[_nan][_xorsign_abs]_f16(a, b), p2m_{neg,abs}_f16(a), p2m_ftz_f16(a),
//         p2m_ex2_approx_f16(a), p2m_tanh_approx_f16(a)
//   bf16  p2m_{add,sub,mul}_rn_bf16(a, b), p2m_fma_rn[_relu]_bf16(a, b, c),
//         p2m_{min,max}[_nan][_xorsign_abs]_bf16(a, b), p2m_{neg,abs}_bf16(a),
//         p2m_ex2_approx_ftz_bf16(a), p2m_tanh_approx_bf16(a)
//   x2    every scalar form above as p2m_<name>_{f16x2,bf16x2}(uint...) (p2m_add_rn_f16x2,
//         p2m_fma_rn_ftz_relu_f16x2, p2m_min_nan_bf16x2, p2m_sat_f16x2, p2m_ftz_f16x2, ...) and
//         p2m_{f16x2,bf16x2}_{lo,hi}(v) / p2m_{f16x2,bf16x2}_pack(lo, hi).
// .sat forms are p2m_sat_f16 of the result; .ftz forms of min/max/neg/abs take p2m_ftz_f16 of
// the operands (their results are operands).

#ifndef P2M_HALF_OPS_H
#define P2M_HALF_OPS_H

#ifndef P2M_CVT_OPS_H
#error "half_ops.h needs cvt_ops.h pasted before it"
#endif

#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wunused-function"

// ---------------------------------------------------------------------------------------
// Shared helpers
// ---------------------------------------------------------------------------------------

// The exact error of s = a + b (Knuth's 2Sum): a + b = s + e exactly, unless s overflows.
static inline float p2m_half_two_sum_error(float a, float b, float s)
{
    const float bb = s - a;
    return (a - (s - bb)) + (b - bb);
}

// The bits of s corrected to round-to-odd, where s + e is the exact value and s = RN(s + e).
static inline uint p2m_half_round_to_odd_bits(float s, float e)
{
    uint bits = as_type<uint>(s);
    if (e != 0.0f && (bits & 1u) == 0u) // inexact and even: the odd neighbour toward e
        bits = ((e > 0.0f) == ((bits >> 31) == 0u)) ? bits + 1u : bits - 1u;
    return bits;
}

// A key that orders non-NaN f16 or bf16 bit patterns by value, with -0 below +0 (as min and
// max do): negative values map below -1 by magnitude. Equal keys mean equal bits.
static inline int p2m_half_order_key(ushort x)
{
    return (x & 0x8000u) != 0 ? -(int)(x & 0x7FFFu) - 1 : (int)x;
}

// ---------------------------------------------------------------------------------------
// f16
// ---------------------------------------------------------------------------------------

static inline half p2m_f16_nan() { return p2m_f16_from_bits(P2M_F16_NAN); }
static inline half p2m_f16_canonical(half r) { return isnan(r) ? p2m_f16_nan() : r; }

// Flush-to-zero for .ftz f16 forms: a subnormal becomes a zero of its sign.
static inline half p2m_ftz_f16(half a)
{
    const ushort b = p2m_f16_bits(a);
    return (b & 0x7C00u) == 0u ? p2m_f16_from_bits((ushort)(b & 0x8000u)) : a;
}

// neg.f16 (a bit operation; NaN -> 0x7FFF as on the H200). neg.ftz: p2m_neg_f16(p2m_ftz_f16(a)).
static inline half p2m_neg_f16(half a)
{
    return isnan(a) ? p2m_f16_nan() : p2m_f16_from_bits((ushort)(p2m_f16_bits(a) ^ 0x8000u));
}
// abs.f16 (a bit operation; NaN -> 0x7FFF)
static inline half p2m_abs_f16(half a)
{
    return isnan(a) ? p2m_f16_nan() : p2m_f16_from_bits((ushort)(p2m_f16_bits(a) & 0x7FFFu));
}

// add.rn.f16 (and add.f16): see the header comment for the double rounding.
static inline half p2m_add_rn_f16(half a, half b)
{
    return p2m_f16_canonical(static_cast<half>(static_cast<float>(a) + static_cast<float>(b)));
}
// sub.rn.f16
static inline half p2m_sub_rn_f16(half a, half b)
{
    return p2m_f16_canonical(static_cast<half>(static_cast<float>(a) - static_cast<float>(b)));
}
// mul.rn.f16: the float product is exact.
static inline half p2m_mul_rn_f16(half a, half b)
{
    return p2m_f16_canonical(static_cast<half>(static_cast<float>(a) * static_cast<float>(b)));
}

// f16 fma as a round-to-odd float (finite operands): every value here is a multiple of 2^-48
// below 2^33, so float holds it without overflow or subnormals.
static inline float p2m_f16_fma_odd(half a, half b, half c)
{
    const float p = static_cast<float>(a) * static_cast<float>(b); // exact
    const float fc = static_cast<float>(c);
    const float s = p + fc;
    return as_type<float>(p2m_half_round_to_odd_bits(s, p2m_half_two_sum_error(p, fc, s)));
}

// fma.rn.f16: one rounding of a * b + c.
static inline half p2m_fma_rn_f16(half a, half b, half c)
{
    if (!isfinite(a) || !isfinite(b) || !isfinite(c)) // inf or NaN: float is exact
        return p2m_f16_canonical(static_cast<half>(fma(static_cast<float>(a), static_cast<float>(b),
                                                       static_cast<float>(c))));
    return static_cast<half>(p2m_f16_fma_odd(a, b, c));
}

// A result rounded from exact value x (or its round-to-odd float) under .ftz: zero if x is
// below 2^-14 in magnitude, before rounding (round-to-odd never rounds up to 2^-14).
static inline half p2m_f16_ftz_result(float x, half r)
{
    if (isnan(r))
        return p2m_f16_nan();
    return fabs(x) < 6.103515625e-05f ? p2m_f16_from_bits((ushort)(as_type<uint>(x) >> 31 << 15))
                                      : r;
}

// add.rn.ftz.f16: a sum of two normal halves below 2^-14 is exact, so flushing after rounding
// is the same as before.
static inline half p2m_add_rn_ftz_f16(half a, half b)
{
    return p2m_ftz_f16(p2m_add_rn_f16(p2m_ftz_f16(a), p2m_ftz_f16(b)));
}
// sub.rn.ftz.f16
static inline half p2m_sub_rn_ftz_f16(half a, half b)
{
    return p2m_ftz_f16(p2m_sub_rn_f16(p2m_ftz_f16(a), p2m_ftz_f16(b)));
}
// mul.rn.ftz.f16: flushes on the exact product (tininess before rounding).
static inline half p2m_mul_rn_ftz_f16(half a, half b)
{
    const half fa = p2m_ftz_f16(a), fb = p2m_ftz_f16(b);
    const float p = static_cast<float>(fa) * static_cast<float>(fb);
    return p2m_f16_ftz_result(p, p2m_mul_rn_f16(fa, fb));
}
// fma.rn.ftz.f16
static inline half p2m_fma_rn_ftz_f16(half a, half b, half c)
{
    const half fa = p2m_ftz_f16(a), fb = p2m_ftz_f16(b), fc = p2m_ftz_f16(c);
    const half r = p2m_fma_rn_f16(fa, fb, fc);
    if (!isfinite(fa) || !isfinite(fb) || !isfinite(fc))
        return r;
    const float odd = p2m_f16_fma_odd(fa, fb, fc);
    // An exact zero keeps the sign IEEE gives it (r); a tiny nonzero value the sign of odd.
    return odd == 0.0f ? r : p2m_f16_ftz_result(odd, r);
}

// .relu on an f16 result: negative (and -0) -> +0, NaN -> 0x7FFF.
static inline half p2m_f16_relu(half r)
{
    if (isnan(r))
        return p2m_f16_nan();
    return (p2m_f16_bits(r) & 0x8000u) != 0 ? p2m_f16_from_bits((ushort)0) : r;
}
// fma.rn.relu.f16
static inline half p2m_fma_rn_relu_f16(half a, half b, half c)
{
    return p2m_f16_relu(p2m_fma_rn_f16(a, b, c));
}
// fma.rn.ftz.relu.f16
static inline half p2m_fma_rn_ftz_relu_f16(half a, half b, half c)
{
    return p2m_f16_relu(p2m_fma_rn_ftz_f16(a, b, c));
}

// min/max of two non-NaN values, -0 < +0.
static inline half p2m_f16_min_num(half a, half b)
{
    return p2m_half_order_key(p2m_f16_bits(a)) <= p2m_half_order_key(p2m_f16_bits(b)) ? a : b;
}
static inline half p2m_f16_max_num(half a, half b)
{
    return p2m_half_order_key(p2m_f16_bits(a)) >= p2m_half_order_key(p2m_f16_bits(b)) ? a : b;
}

// min.f16: one NaN operand -> the other, two -> 0x7FFF.
static inline half p2m_min_f16(half a, half b)
{
    if (isnan(a))
        return isnan(b) ? p2m_f16_nan() : b;
    return isnan(b) ? a : p2m_f16_min_num(a, b);
}
// max.f16
static inline half p2m_max_f16(half a, half b)
{
    if (isnan(a))
        return isnan(b) ? p2m_f16_nan() : b;
    return isnan(b) ? a : p2m_f16_max_num(a, b);
}
// min.NaN.f16: any NaN operand -> 0x7FFF.
static inline half p2m_min_nan_f16(half a, half b)
{
    return isnan(a) || isnan(b) ? p2m_f16_nan() : p2m_f16_min_num(a, b);
}
// max.NaN.f16
static inline half p2m_max_nan_f16(half a, half b)
{
    return isnan(a) || isnan(b) ? p2m_f16_nan() : p2m_f16_max_num(a, b);
}

// The .xorsign.abs forms: the operation on |a|, |b|, then the sign a.sign ^ b.sign on a
// non-NaN result.
static inline half p2m_f16_xorsign(half r, half a, half b)
{
    if (isnan(r))
        return p2m_f16_nan();
    const uint sign = ((uint)p2m_f16_bits(a) ^ (uint)p2m_f16_bits(b)) & 0x8000u;
    return p2m_f16_from_bits((ushort)((p2m_f16_bits(r) & 0x7FFFu) | sign));
}
static inline half p2m_f16_abs_bits(half a)
{
    return p2m_f16_from_bits((ushort)(p2m_f16_bits(a) & 0x7FFFu));
}
// min.xorsign.abs.f16
static inline half p2m_min_xorsign_abs_f16(half a, half b)
{
    return p2m_f16_xorsign(p2m_min_f16(p2m_f16_abs_bits(a), p2m_f16_abs_bits(b)), a, b);
}
// max.xorsign.abs.f16
static inline half p2m_max_xorsign_abs_f16(half a, half b)
{
    return p2m_f16_xorsign(p2m_max_f16(p2m_f16_abs_bits(a), p2m_f16_abs_bits(b)), a, b);
}
// min.NaN.xorsign.abs.f16
static inline half p2m_min_nan_xorsign_abs_f16(half a, half b)
{
    return p2m_f16_xorsign(p2m_min_nan_f16(p2m_f16_abs_bits(a), p2m_f16_abs_bits(b)), a, b);
}
// max.NaN.xorsign.abs.f16
static inline half p2m_max_nan_xorsign_abs_f16(half a, half b)
{
    return p2m_f16_xorsign(p2m_max_nan_f16(p2m_f16_abs_bits(a), p2m_f16_abs_bits(b)), a, b);
}

// ex2.approx.f16: float exp2 rounded to half, within half an ulp plus float's error.
// Subnormal inputs are kept (2^tiny = 1).
static inline half p2m_ex2_approx_f16(half a)
{
    if (isnan(a))
        return p2m_f16_nan();
    return static_cast<half>(precise::exp2(static_cast<float>(a)));
}
// tanh.approx.f16: float tanh rounded to half.
static inline half p2m_tanh_approx_f16(half a)
{
    if (isnan(a))
        return p2m_f16_nan();
    return static_cast<half>(precise::tanh(static_cast<float>(a)));
}

// ---------------------------------------------------------------------------------------
// bf16 (ushort bits)
// ---------------------------------------------------------------------------------------

static inline float p2m_bf16_to_float(ushort b) { return as_type<float>((uint)b << 16); }
static inline uint p2m_bf16_exponent(ushort b) { return ((uint)b >> 7) & 0xFFu; }
static inline bool p2m_bf16_is_zero(ushort b) { return (b & 0x7FFFu) == 0u; }
static inline bool p2m_bf16_is_inf(ushort b) { return (b & 0x7FFFu) == 0x7F80u; }
// A float-safe operand: zero, or normal (an f32 subnormal could be flushed on Apple GPUs).
static inline bool p2m_bf16_zero_or_normal(ushort b)
{
    return p2m_bf16_is_zero(b) || p2m_bf16_exponent(b) != 0u;
}

// The exact a * b + c of finite bf16 values, rounded once to nearest even, on integers. The
// slow path of the operations below (any operand or product outside float's normal range).
static inline ushort p2m_bf16_fma_exact(ushort a, ushort b, ushort c)
{
    // value = sig * 2^exp, with exp the weight of the significand's last bit.
    const uint ea = p2m_bf16_exponent(a), eb = p2m_bf16_exponent(b), ec = p2m_bf16_exponent(c);
    const uint sa = ((uint)a & 0x7Fu) | (ea != 0u ? 0x80u : 0u);
    const uint sb = ((uint)b & 0x7Fu) | (eb != 0u ? 0x80u : 0u);
    const uint sc = ((uint)c & 0x7Fu) | (ec != 0u ? 0x80u : 0u);
    const int exp_p = (int)(ea != 0u ? ea : 1u) + (int)(eb != 0u ? eb : 1u) - 268;
    const int exp_c = (int)(ec != 0u ? ec : 1u) - 134;
    const bool neg_p = (((uint)a ^ (uint)b) & 0x8000u) != 0;
    const bool neg_c = ((uint)c & 0x8000u) != 0;
    const ulong sig_p = (ulong)(sa * sb); // up to 16 bits
    if (sig_p == 0ul) {
        if (sc == 0u) // zero plus zero: -0 only if both are -0 (round to nearest)
            return (neg_p && neg_c) ? (ushort)0x8000 : (ushort)0;
        return c;
    }
    if (sc == 0u) // a nonzero product plus a zero is the product
        return (ushort)p2m_cvt_round_pack(neg_p, sig_p, exp_p, false, P2M_CVT_RN, 7, 8);
    // X: the operand whose last bit weighs more; Y: the other.
    const bool p_is_x = exp_p >= exp_c;
    const ulong sig_x = p_is_x ? sig_p : (ulong)sc;
    const ulong sig_y = p_is_x ? (ulong)sc : sig_p;
    const int exp_x = p_is_x ? exp_p : exp_c;
    const int exp_y = p_is_x ? exp_c : exp_p;
    const bool neg_x = p_is_x ? neg_p : neg_c;
    const bool neg_y = p_is_x ? neg_c : neg_p;
    const int d = exp_x - exp_y;
    ulong mx, my;
    int exp;
    bool sticky;
    if (d <= 40) { // align exactly: at most 16 + 40 bits
        mx = sig_x << (uint)d;
        my = sig_y;
        exp = exp_y;
        sticky = false;
    } else {
        // |Y| < 2^(exp_y + 16) < 2^(exp_x - 24): below the last bit of X shifted left by 24,
        // so Y only decides the direction: X + Y = mx + eps or (mx - 1) + (1 - eps).
        mx = sig_x << 24u;
        my = (neg_x == neg_y) ? 0ul : 1ul;
        exp = exp_x - 24;
        sticky = true;
    }
    bool neg;
    ulong sum;
    if (neg_x == neg_y) {
        sum = mx + my;
        neg = neg_x;
    } else if (mx >= my) {
        sum = mx - my;
        neg = neg_x;
    } else {
        sum = my - mx;
        neg = neg_y;
    }
    if (sum == 0ul && !sticky)
        return (ushort)0; // exact cancellation: +0 when rounding to nearest
    return (ushort)p2m_cvt_round_pack(neg, sum, exp, sticky, P2M_CVT_RN, 7, 8);
}

// True when a bf16 value is zero or has an exponent field of at least `min_exp`.
static inline bool p2m_bf16_exp_at_least(ushort b, uint min_exp)
{
    return p2m_bf16_is_zero(b) || p2m_bf16_exponent(b) >= min_exp;
}

// fma.rn.bf16: one rounding of a * b + c.
static inline ushort p2m_fma_rn_bf16(ushort a, ushort b, ushort c)
{
    if (p2m_bf16_bits_is_nan(a) || p2m_bf16_bits_is_nan(b) || p2m_bf16_bits_is_nan(c))
        return P2M_BF16_NAN;
    // Infinities, on the bits (a float multiply could flush a subnormal to 0 and make 0 * inf).
    const ushort sign_p = (ushort)(((uint)a ^ (uint)b) & 0x8000u);
    if (p2m_bf16_is_inf(a) || p2m_bf16_is_inf(b)) {
        if (p2m_bf16_is_zero(a) || p2m_bf16_is_zero(b))
            return P2M_BF16_NAN; // 0 * inf
        if (p2m_bf16_is_inf(c) && (c & 0x8000u) != sign_p)
            return P2M_BF16_NAN; // inf - inf
        return (ushort)(sign_p | 0x7F80u);
    }
    if (p2m_bf16_is_inf(c))
        return c;
    // Float route: normal operands whose product's last bit weighs at least 2^-126 (exponent
    // fields summing to 142 or more) and whose product is below 2^128 (sum 380 or less), and
    // c's last bit weighing at least 2^-126 too; a zero product is exact anyway.
    const uint ep = p2m_bf16_exponent(a) + p2m_bf16_exponent(b);
    const bool product_ok = p2m_bf16_is_zero(a) || p2m_bf16_is_zero(b) ||
                            (p2m_bf16_exponent(a) != 0u && p2m_bf16_exponent(b) != 0u &&
                             ep >= 142u && ep <= 380u);
    if (!product_ok || !p2m_bf16_exp_at_least(c, 8u))
        return p2m_bf16_fma_exact(a, b, c);
    const float fa = p2m_bf16_to_float(a), fb = p2m_bf16_to_float(b), fc = p2m_bf16_to_float(c);
    const float p = fa * fb; // exact
    const float s = p + fc;
    if (isinf(s)) // |a * b + c| >= 2^128 (1 - 2^-25): beyond bf16's rounding threshold too
        return (ushort)(as_type<uint>(s) >> 16);
    const float e = p2m_half_two_sum_error(p, fc, s);
    return p2m_cvt_f32_bits_to_bf16_bits(p2m_half_round_to_odd_bits(s, e), P2M_CVT_RN);
}

// add.rn.bf16
static inline ushort p2m_add_rn_bf16(ushort a, ushort b)
{
    const float fa = p2m_bf16_to_float(a), fb = p2m_bf16_to_float(b);
    const float s = fa + fb;
    if (isnan(s))
        return P2M_BF16_NAN;
    if (isinf(fa) || isinf(fb) || isinf(s)) // exact, or an overflow bf16 shares
        return (ushort)(as_type<uint>(s) >> 16);
    // Both operands' last bits weigh at least 2^-126 (exponent fields >= 8): every value of
    // 2Sum is a float normal or zero. Otherwise the integer route (a * 1 + b).
    if (!p2m_bf16_exp_at_least(a, 8u) || !p2m_bf16_exp_at_least(b, 8u))
        return p2m_bf16_fma_exact(a, (ushort)0x3F80, b);
    const float e = p2m_half_two_sum_error(fa, fb, s);
    return p2m_cvt_f32_bits_to_bf16_bits(p2m_half_round_to_odd_bits(s, e), P2M_CVT_RN);
}
// sub.rn.bf16: a + (-b), exactly IEEE subtraction (zero signs included)
static inline ushort p2m_sub_rn_bf16(ushort a, ushort b)
{
    return p2m_add_rn_bf16(a, (ushort)(b ^ 0x8000u));
}
// mul.rn.bf16: the float product is exact unless it leaves float's normal range.
static inline ushort p2m_mul_rn_bf16(ushort a, ushort b)
{
    if (p2m_bf16_bits_is_nan(a) || p2m_bf16_bits_is_nan(b))
        return P2M_BF16_NAN;
    const ushort sign = (ushort)(((uint)a ^ (uint)b) & 0x8000u);
    if (p2m_bf16_is_inf(a) || p2m_bf16_is_inf(b))
        return p2m_bf16_is_zero(a) || p2m_bf16_is_zero(b) ? P2M_BF16_NAN : (ushort)(sign | 0x7F80u);
    if (p2m_bf16_is_zero(a) || p2m_bf16_is_zero(b))
        return sign;
    // Normal operands whose product's last bit weighs at least 2^-126: exact in float, and
    // above 2^128 it overflows, correctly, to infinity.
    const uint ea = p2m_bf16_exponent(a), eb = p2m_bf16_exponent(b);
    if (ea != 0u && eb != 0u && ea + eb >= 142u)
        return p2m_cvt_f32_bits_to_bf16_bits(
            as_type<uint>(p2m_bf16_to_float(a) * p2m_bf16_to_float(b)), P2M_CVT_RN);
    return p2m_bf16_fma_exact(a, b, (ushort)0x8000); // + (-0): the product's own rounding
}

// .relu on a bf16 result: negative (and -0) -> +0, NaN -> 0x7FFF.
static inline ushort p2m_bf16_relu(ushort r)
{
    if (p2m_bf16_bits_is_nan(r))
        return P2M_BF16_NAN;
    return (r & 0x8000u) != 0 ? (ushort)0 : r;
}
// fma.rn.relu.bf16
static inline ushort p2m_fma_rn_relu_bf16(ushort a, ushort b, ushort c)
{
    return p2m_bf16_relu(p2m_fma_rn_bf16(a, b, c));
}

// neg.bf16 (bit operation; NaN -> 0x7FFF)
static inline ushort p2m_neg_bf16(ushort a)
{
    return p2m_bf16_bits_is_nan(a) ? P2M_BF16_NAN : (ushort)(a ^ 0x8000u);
}
// abs.bf16 (bit operation; NaN -> 0x7FFF)
static inline ushort p2m_abs_bf16(ushort a)
{
    return p2m_bf16_bits_is_nan(a) ? P2M_BF16_NAN : (ushort)(a & 0x7FFFu);
}

// min/max of two non-NaN bf16 values, -0 < +0 (on the bits: no float compare, which could
// flush subnormals).
static inline ushort p2m_bf16_min_num(ushort a, ushort b)
{
    return p2m_half_order_key(a) <= p2m_half_order_key(b) ? a : b;
}
static inline ushort p2m_bf16_max_num(ushort a, ushort b)
{
    return p2m_half_order_key(a) >= p2m_half_order_key(b) ? a : b;
}

// min.bf16: one NaN operand -> the other, two -> 0x7FFF.
static inline ushort p2m_min_bf16(ushort a, ushort b)
{
    if (p2m_bf16_bits_is_nan(a))
        return p2m_bf16_bits_is_nan(b) ? P2M_BF16_NAN : b;
    return p2m_bf16_bits_is_nan(b) ? a : p2m_bf16_min_num(a, b);
}
// max.bf16
static inline ushort p2m_max_bf16(ushort a, ushort b)
{
    if (p2m_bf16_bits_is_nan(a))
        return p2m_bf16_bits_is_nan(b) ? P2M_BF16_NAN : b;
    return p2m_bf16_bits_is_nan(b) ? a : p2m_bf16_max_num(a, b);
}
// min.NaN.bf16
static inline ushort p2m_min_nan_bf16(ushort a, ushort b)
{
    return p2m_bf16_bits_is_nan(a) || p2m_bf16_bits_is_nan(b) ? P2M_BF16_NAN : p2m_bf16_min_num(a, b);
}
// max.NaN.bf16
static inline ushort p2m_max_nan_bf16(ushort a, ushort b)
{
    return p2m_bf16_bits_is_nan(a) || p2m_bf16_bits_is_nan(b) ? P2M_BF16_NAN : p2m_bf16_max_num(a, b);
}
static inline ushort p2m_bf16_xorsign(ushort r, ushort a, ushort b)
{
    if (p2m_bf16_bits_is_nan(r))
        return P2M_BF16_NAN;
    return (ushort)((r & 0x7FFFu) | (((uint)a ^ (uint)b) & 0x8000u));
}
// min.xorsign.abs.bf16
static inline ushort p2m_min_xorsign_abs_bf16(ushort a, ushort b)
{
    return p2m_bf16_xorsign(p2m_min_bf16((ushort)(a & 0x7FFFu), (ushort)(b & 0x7FFFu)), a, b);
}
// max.xorsign.abs.bf16
static inline ushort p2m_max_xorsign_abs_bf16(ushort a, ushort b)
{
    return p2m_bf16_xorsign(p2m_max_bf16((ushort)(a & 0x7FFFu), (ushort)(b & 0x7FFFu)), a, b);
}
// min.NaN.xorsign.abs.bf16
static inline ushort p2m_min_nan_xorsign_abs_bf16(ushort a, ushort b)
{
    return p2m_bf16_xorsign(p2m_min_nan_bf16((ushort)(a & 0x7FFFu), (ushort)(b & 0x7FFFu)), a, b);
}
// max.NaN.xorsign.abs.bf16
static inline ushort p2m_max_nan_xorsign_abs_bf16(ushort a, ushort b)
{
    return p2m_bf16_xorsign(p2m_max_nan_bf16((ushort)(a & 0x7FFFu), (ushort)(b & 0x7FFFu)), a, b);
}

// ex2.approx.ftz.bf16: float exp2 rounded to bf16; subnormal inputs count as 0 (result 1),
// subnormal results (after rounding, as on the H200) become +0.
static inline ushort p2m_ex2_approx_ftz_bf16(ushort a)
{
    if (p2m_bf16_bits_is_nan(a))
        return P2M_BF16_NAN;
    const float x = p2m_bf16_exponent(a) == 0u ? 0.0f : p2m_bf16_to_float(a);
    const ushort r = p2m_cvt_rn_bf16_f32(precise::exp2(x));
    return p2m_bf16_exponent(r) == 0u ? (ushort)0 : r;
}
// tanh.approx.bf16: float tanh rounded to bf16; subnormals are returned unchanged (tanh x = x
// far below bf16's precision there; done on the bits so that flushing cannot lose them).
static inline ushort p2m_tanh_approx_bf16(ushort a)
{
    if (p2m_bf16_bits_is_nan(a))
        return P2M_BF16_NAN;
    if (p2m_bf16_exponent(a) == 0u)
        return a;
    return p2m_cvt_rn_bf16_f32(precise::tanh(p2m_bf16_to_float(a)));
}

// ---------------------------------------------------------------------------------------
// Packed x2 forms: element 0 in bits 15..0, element 1 in bits 31..16
// ---------------------------------------------------------------------------------------

static inline half p2m_f16x2_lo(uint v) { return p2m_f16_from_bits((ushort)(v & 0xFFFFu)); }
static inline half p2m_f16x2_hi(uint v) { return p2m_f16_from_bits((ushort)(v >> 16)); }
static inline uint p2m_f16x2_pack(half lo, half hi)
{
    return ((uint)p2m_f16_bits(hi) << 16) | (uint)p2m_f16_bits(lo);
}
static inline ushort p2m_bf16x2_lo(uint v) { return (ushort)(v & 0xFFFFu); }
static inline ushort p2m_bf16x2_hi(uint v) { return (ushort)(v >> 16); }
static inline uint p2m_bf16x2_pack(ushort lo, ushort hi) { return ((uint)hi << 16) | (uint)lo; }

// add.rn.f16x2
static inline uint p2m_add_rn_f16x2(uint a, uint b)
{
    return p2m_f16x2_pack(p2m_add_rn_f16(p2m_f16x2_lo(a), p2m_f16x2_lo(b)),
                          p2m_add_rn_f16(p2m_f16x2_hi(a), p2m_f16x2_hi(b)));
}
// sub.rn.f16x2
static inline uint p2m_sub_rn_f16x2(uint a, uint b)
{
    return p2m_f16x2_pack(p2m_sub_rn_f16(p2m_f16x2_lo(a), p2m_f16x2_lo(b)),
                          p2m_sub_rn_f16(p2m_f16x2_hi(a), p2m_f16x2_hi(b)));
}
// mul.rn.f16x2
static inline uint p2m_mul_rn_f16x2(uint a, uint b)
{
    return p2m_f16x2_pack(p2m_mul_rn_f16(p2m_f16x2_lo(a), p2m_f16x2_lo(b)),
                          p2m_mul_rn_f16(p2m_f16x2_hi(a), p2m_f16x2_hi(b)));
}
// fma.rn.f16x2
static inline uint p2m_fma_rn_f16x2(uint a, uint b, uint c)
{
    return p2m_f16x2_pack(p2m_fma_rn_f16(p2m_f16x2_lo(a), p2m_f16x2_lo(b), p2m_f16x2_lo(c)),
                          p2m_fma_rn_f16(p2m_f16x2_hi(a), p2m_f16x2_hi(b), p2m_f16x2_hi(c)));
}
// add.rn.ftz.f16x2
static inline uint p2m_add_rn_ftz_f16x2(uint a, uint b)
{
    return p2m_f16x2_pack(p2m_add_rn_ftz_f16(p2m_f16x2_lo(a), p2m_f16x2_lo(b)),
                          p2m_add_rn_ftz_f16(p2m_f16x2_hi(a), p2m_f16x2_hi(b)));
}
// sub.rn.ftz.f16x2
static inline uint p2m_sub_rn_ftz_f16x2(uint a, uint b)
{
    return p2m_f16x2_pack(p2m_sub_rn_ftz_f16(p2m_f16x2_lo(a), p2m_f16x2_lo(b)),
                          p2m_sub_rn_ftz_f16(p2m_f16x2_hi(a), p2m_f16x2_hi(b)));
}
// mul.rn.ftz.f16x2
static inline uint p2m_mul_rn_ftz_f16x2(uint a, uint b)
{
    return p2m_f16x2_pack(p2m_mul_rn_ftz_f16(p2m_f16x2_lo(a), p2m_f16x2_lo(b)),
                          p2m_mul_rn_ftz_f16(p2m_f16x2_hi(a), p2m_f16x2_hi(b)));
}
// fma.rn.ftz.f16x2
static inline uint p2m_fma_rn_ftz_f16x2(uint a, uint b, uint c)
{
    return p2m_f16x2_pack(p2m_fma_rn_ftz_f16(p2m_f16x2_lo(a), p2m_f16x2_lo(b), p2m_f16x2_lo(c)),
                          p2m_fma_rn_ftz_f16(p2m_f16x2_hi(a), p2m_f16x2_hi(b), p2m_f16x2_hi(c)));
}
// fma.rn.relu.f16x2
static inline uint p2m_fma_rn_relu_f16x2(uint a, uint b, uint c)
{
    return p2m_f16x2_pack(p2m_fma_rn_relu_f16(p2m_f16x2_lo(a), p2m_f16x2_lo(b), p2m_f16x2_lo(c)),
                          p2m_fma_rn_relu_f16(p2m_f16x2_hi(a), p2m_f16x2_hi(b), p2m_f16x2_hi(c)));
}
// fma.rn.ftz.relu.f16x2
static inline uint p2m_fma_rn_ftz_relu_f16x2(uint a, uint b, uint c)
{
    return p2m_f16x2_pack(p2m_fma_rn_ftz_relu_f16(p2m_f16x2_lo(a), p2m_f16x2_lo(b), p2m_f16x2_lo(c)),
                          p2m_fma_rn_ftz_relu_f16(p2m_f16x2_hi(a), p2m_f16x2_hi(b), p2m_f16x2_hi(c)));
}
// min.f16x2
static inline uint p2m_min_f16x2(uint a, uint b)
{
    return p2m_f16x2_pack(p2m_min_f16(p2m_f16x2_lo(a), p2m_f16x2_lo(b)),
                          p2m_min_f16(p2m_f16x2_hi(a), p2m_f16x2_hi(b)));
}
// max.f16x2
static inline uint p2m_max_f16x2(uint a, uint b)
{
    return p2m_f16x2_pack(p2m_max_f16(p2m_f16x2_lo(a), p2m_f16x2_lo(b)),
                          p2m_max_f16(p2m_f16x2_hi(a), p2m_f16x2_hi(b)));
}
// min.NaN.f16x2
static inline uint p2m_min_nan_f16x2(uint a, uint b)
{
    return p2m_f16x2_pack(p2m_min_nan_f16(p2m_f16x2_lo(a), p2m_f16x2_lo(b)),
                          p2m_min_nan_f16(p2m_f16x2_hi(a), p2m_f16x2_hi(b)));
}
// max.NaN.f16x2
static inline uint p2m_max_nan_f16x2(uint a, uint b)
{
    return p2m_f16x2_pack(p2m_max_nan_f16(p2m_f16x2_lo(a), p2m_f16x2_lo(b)),
                          p2m_max_nan_f16(p2m_f16x2_hi(a), p2m_f16x2_hi(b)));
}
// min.xorsign.abs.f16x2
static inline uint p2m_min_xorsign_abs_f16x2(uint a, uint b)
{
    return p2m_f16x2_pack(p2m_min_xorsign_abs_f16(p2m_f16x2_lo(a), p2m_f16x2_lo(b)),
                          p2m_min_xorsign_abs_f16(p2m_f16x2_hi(a), p2m_f16x2_hi(b)));
}
// max.xorsign.abs.f16x2
static inline uint p2m_max_xorsign_abs_f16x2(uint a, uint b)
{
    return p2m_f16x2_pack(p2m_max_xorsign_abs_f16(p2m_f16x2_lo(a), p2m_f16x2_lo(b)),
                          p2m_max_xorsign_abs_f16(p2m_f16x2_hi(a), p2m_f16x2_hi(b)));
}
// min.NaN.xorsign.abs.f16x2
static inline uint p2m_min_nan_xorsign_abs_f16x2(uint a, uint b)
{
    return p2m_f16x2_pack(p2m_min_nan_xorsign_abs_f16(p2m_f16x2_lo(a), p2m_f16x2_lo(b)),
                          p2m_min_nan_xorsign_abs_f16(p2m_f16x2_hi(a), p2m_f16x2_hi(b)));
}
// max.NaN.xorsign.abs.f16x2
static inline uint p2m_max_nan_xorsign_abs_f16x2(uint a, uint b)
{
    return p2m_f16x2_pack(p2m_max_nan_xorsign_abs_f16(p2m_f16x2_lo(a), p2m_f16x2_lo(b)),
                          p2m_max_nan_xorsign_abs_f16(p2m_f16x2_hi(a), p2m_f16x2_hi(b)));
}
// neg.f16x2
static inline uint p2m_neg_f16x2(uint a)
{
    return p2m_f16x2_pack(p2m_neg_f16(p2m_f16x2_lo(a)),
                          p2m_neg_f16(p2m_f16x2_hi(a)));
}
// abs.f16x2
static inline uint p2m_abs_f16x2(uint a)
{
    return p2m_f16x2_pack(p2m_abs_f16(p2m_f16x2_lo(a)),
                          p2m_abs_f16(p2m_f16x2_hi(a)));
}
// .ftz on f16x2 operands
static inline uint p2m_ftz_f16x2(uint a)
{
    return p2m_f16x2_pack(p2m_ftz_f16(p2m_f16x2_lo(a)),
                          p2m_ftz_f16(p2m_f16x2_hi(a)));
}
// .sat on f16x2 results
static inline uint p2m_sat_f16x2(uint a)
{
    return p2m_f16x2_pack(p2m_sat_f16(p2m_f16x2_lo(a)),
                          p2m_sat_f16(p2m_f16x2_hi(a)));
}
// ex2.approx.f16x2
static inline uint p2m_ex2_approx_f16x2(uint a)
{
    return p2m_f16x2_pack(p2m_ex2_approx_f16(p2m_f16x2_lo(a)),
                          p2m_ex2_approx_f16(p2m_f16x2_hi(a)));
}
// tanh.approx.f16x2
static inline uint p2m_tanh_approx_f16x2(uint a)
{
    return p2m_f16x2_pack(p2m_tanh_approx_f16(p2m_f16x2_lo(a)),
                          p2m_tanh_approx_f16(p2m_f16x2_hi(a)));
}
// add.rn.bf16x2
static inline uint p2m_add_rn_bf16x2(uint a, uint b)
{
    return p2m_bf16x2_pack(p2m_add_rn_bf16(p2m_bf16x2_lo(a), p2m_bf16x2_lo(b)),
                           p2m_add_rn_bf16(p2m_bf16x2_hi(a), p2m_bf16x2_hi(b)));
}
// sub.rn.bf16x2
static inline uint p2m_sub_rn_bf16x2(uint a, uint b)
{
    return p2m_bf16x2_pack(p2m_sub_rn_bf16(p2m_bf16x2_lo(a), p2m_bf16x2_lo(b)),
                           p2m_sub_rn_bf16(p2m_bf16x2_hi(a), p2m_bf16x2_hi(b)));
}
// mul.rn.bf16x2
static inline uint p2m_mul_rn_bf16x2(uint a, uint b)
{
    return p2m_bf16x2_pack(p2m_mul_rn_bf16(p2m_bf16x2_lo(a), p2m_bf16x2_lo(b)),
                           p2m_mul_rn_bf16(p2m_bf16x2_hi(a), p2m_bf16x2_hi(b)));
}
// fma.rn.bf16x2
static inline uint p2m_fma_rn_bf16x2(uint a, uint b, uint c)
{
    return p2m_bf16x2_pack(p2m_fma_rn_bf16(p2m_bf16x2_lo(a), p2m_bf16x2_lo(b), p2m_bf16x2_lo(c)),
                           p2m_fma_rn_bf16(p2m_bf16x2_hi(a), p2m_bf16x2_hi(b), p2m_bf16x2_hi(c)));
}
// fma.rn.relu.bf16x2
static inline uint p2m_fma_rn_relu_bf16x2(uint a, uint b, uint c)
{
    return p2m_bf16x2_pack(p2m_fma_rn_relu_bf16(p2m_bf16x2_lo(a), p2m_bf16x2_lo(b), p2m_bf16x2_lo(c)),
                           p2m_fma_rn_relu_bf16(p2m_bf16x2_hi(a), p2m_bf16x2_hi(b), p2m_bf16x2_hi(c)));
}
// min.bf16x2
static inline uint p2m_min_bf16x2(uint a, uint b)
{
    return p2m_bf16x2_pack(p2m_min_bf16(p2m_bf16x2_lo(a), p2m_bf16x2_lo(b)),
                           p2m_min_bf16(p2m_bf16x2_hi(a), p2m_bf16x2_hi(b)));
}
// max.bf16x2
static inline uint p2m_max_bf16x2(uint a, uint b)
{
    return p2m_bf16x2_pack(p2m_max_bf16(p2m_bf16x2_lo(a), p2m_bf16x2_lo(b)),
                           p2m_max_bf16(p2m_bf16x2_hi(a), p2m_bf16x2_hi(b)));
}
// min.NaN.bf16x2
static inline uint p2m_min_nan_bf16x2(uint a, uint b)
{
    return p2m_bf16x2_pack(p2m_min_nan_bf16(p2m_bf16x2_lo(a), p2m_bf16x2_lo(b)),
                           p2m_min_nan_bf16(p2m_bf16x2_hi(a), p2m_bf16x2_hi(b)));
}
// max.NaN.bf16x2
static inline uint p2m_max_nan_bf16x2(uint a, uint b)
{
    return p2m_bf16x2_pack(p2m_max_nan_bf16(p2m_bf16x2_lo(a), p2m_bf16x2_lo(b)),
                           p2m_max_nan_bf16(p2m_bf16x2_hi(a), p2m_bf16x2_hi(b)));
}
// min.xorsign.abs.bf16x2
static inline uint p2m_min_xorsign_abs_bf16x2(uint a, uint b)
{
    return p2m_bf16x2_pack(p2m_min_xorsign_abs_bf16(p2m_bf16x2_lo(a), p2m_bf16x2_lo(b)),
                           p2m_min_xorsign_abs_bf16(p2m_bf16x2_hi(a), p2m_bf16x2_hi(b)));
}
// max.xorsign.abs.bf16x2
static inline uint p2m_max_xorsign_abs_bf16x2(uint a, uint b)
{
    return p2m_bf16x2_pack(p2m_max_xorsign_abs_bf16(p2m_bf16x2_lo(a), p2m_bf16x2_lo(b)),
                           p2m_max_xorsign_abs_bf16(p2m_bf16x2_hi(a), p2m_bf16x2_hi(b)));
}
// min.NaN.xorsign.abs.bf16x2
static inline uint p2m_min_nan_xorsign_abs_bf16x2(uint a, uint b)
{
    return p2m_bf16x2_pack(p2m_min_nan_xorsign_abs_bf16(p2m_bf16x2_lo(a), p2m_bf16x2_lo(b)),
                           p2m_min_nan_xorsign_abs_bf16(p2m_bf16x2_hi(a), p2m_bf16x2_hi(b)));
}
// max.NaN.xorsign.abs.bf16x2
static inline uint p2m_max_nan_xorsign_abs_bf16x2(uint a, uint b)
{
    return p2m_bf16x2_pack(p2m_max_nan_xorsign_abs_bf16(p2m_bf16x2_lo(a), p2m_bf16x2_lo(b)),
                           p2m_max_nan_xorsign_abs_bf16(p2m_bf16x2_hi(a), p2m_bf16x2_hi(b)));
}
// neg.bf16x2
static inline uint p2m_neg_bf16x2(uint a)
{
    return p2m_bf16x2_pack(p2m_neg_bf16(p2m_bf16x2_lo(a)),
                           p2m_neg_bf16(p2m_bf16x2_hi(a)));
}
// abs.bf16x2
static inline uint p2m_abs_bf16x2(uint a)
{
    return p2m_bf16x2_pack(p2m_abs_bf16(p2m_bf16x2_lo(a)),
                           p2m_abs_bf16(p2m_bf16x2_hi(a)));
}
// ex2.approx.ftz.bf16x2
static inline uint p2m_ex2_approx_ftz_bf16x2(uint a)
{
    return p2m_bf16x2_pack(p2m_ex2_approx_ftz_bf16(p2m_bf16x2_lo(a)),
                           p2m_ex2_approx_ftz_bf16(p2m_bf16x2_hi(a)));
}
// tanh.approx.bf16x2
static inline uint p2m_tanh_approx_bf16x2(uint a)
{
    return p2m_bf16x2_pack(p2m_tanh_approx_bf16(p2m_bf16x2_lo(a)),
                           p2m_tanh_approx_bf16(p2m_bf16x2_hi(a)));
}


#pragma clang diagnostic pop

#endif // P2M_HALF_OPS_H
