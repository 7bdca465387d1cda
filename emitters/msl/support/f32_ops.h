// ptx2metal MSL support library: PTX .f32 arithmetic with PTX's exact semantics.
//
// MSL (safe math mode) guarantees correctly rounded round-to-nearest add, sub, mul and fma and
// exact conversions and comparisons, nothing more: no directed rounding, no correctly rounded
// division or square root, and Apple GPUs flush f32 subnormals. The functions below build
// everything else PTX promises from those guarantees. The emitter pastes this file verbatim
// after the metal_stdlib include and `using namespace metal;`; the unit tests
// (tests/unit/msl-f32) compile it as C++17 against the project's host metal_stdlib.
//
// Interface (f32 values are MSL `float`s; every NaN result is the canonical 0x7FFFFFFF that an
// NVIDIA GPU returns, docs/gpu-facts.md):
//   directed     p2m_{add,sub,mul}_{rz,rm,rp}_f32(a, b), p2m_fma_{rz,rm,rp}_f32(a, b, c),
//                p2m_fma_{rz,rm,rp}_in_binade_f32(a, b, c) (where the translator proved the
//                result's binade)
//   exact rn     p2m_{add,sub,mul}_rn_f32(a, b), p2m_fma_rn_f32(a, b, c): IEEE round to nearest
//                with gradual underflow even where the hardware flushes subnormals
//   correctly    p2m_div_{rn,rz,rm,rp}_f32(a, b), p2m_sqrt_{rn,rz,rm,rp}_f32(a),
//   rounded      p2m_rcp_{rn,rz,rm,rp}_f32(a), p2m_div_full_f32(a, b)
//   approximate  p2m_{rcp,sqrt,rsqrt,sin,cos,lg2,ex2,tanh}_approx_f32(a), p2m_div_approx_f32(a, b),
//                p2m_ex2_approx_ftz_f32(a)
//   min/max      p2m_{min,max}_f32, p2m_{min,max}_nan_f32, p2m_{min,max}_xorsign_abs_f32 (a, b),
//                p2m_{min,max}_any_nan_f32 (a NaN result of any bits: where no reader looks at them)
//   testp        p2m_testp_{finite,infinite,number,notanumber,normal,subnormal}_f32(a) -> bool
//   sign, clamp  p2m_copysign_f32(a, b) (PTX order: the sign of a on b), p2m_abs_f32,
//                p2m_neg_f32, p2m_sat_f32 (the .sat clamp), p2m_sat_any_zero_f32 (a zero of
//                either sign: where no reader looks at it), p2m_{abs,neg}_bits_f32 (NaN bits
//                kept: where no reader looks at them)
// Everything named p2m_f32op_* is internal.
//
// Subnormals and flushing. No function here lets a float operation see a subnormal operand or
// produce a subnormal result that matters: operands are classified and unpacked with integer
// operations (a subnormal is normalized with clz), the arithmetic runs on significands scaled
// into [1, 2) where every intermediate value is normal, and the final result, subnormal or
// not, is assembled and rounded on its bits (p2m_f32op_pack); only a tiny square in the
// sin/cos/tanh polynomials may underflow, where flushing it cannot change the rounded result.
// The results are therefore IEEE-exact (PTX's non-.ftz semantics) whether or not the hardware
// flushes subnormals, and the same on an Apple GPU, on the host backend with FTZ/DAZ set, and
// on a plain IEEE host. The .ftz variants are the emitter's business (flush operands and
// result around these calls), except p2m_ex2_approx_ftz_f32, which flushes its own result.
// Two exceptions compare with the hardware for speed: min/max (fmin/fmax) and the .sat clamp.
// They are exact wherever subnormals are kept; on a flushing target a subnormal operand of
// these non-.ftz operations is the documented deviation of DESIGN.md's numeric policy (it
// reads as a zero of its sign).
//
// Algorithms. add: Fast2Sum on the scaled operands (an operand more than 30 binades below the
// other only contributes its sign, through a tiny stand-in). mul: the fma-based exact product.
// fma: Boldo and Muller's ErrFma (exact error of an fma as a sum of two floats), on the operands
// themselves where no intermediate value can be subnormal, else on scaled operands. div, rcp: Newton reciprocal from a linear seed, a faithful quotient from one
// fma-based correction, then the exact remainder x - q*y decides the direction and, for .rn,
// the remainder at the midpoint. sqrt: Newton reciprocal square root from the classic bit-trick
// seed, a faithful root from one correction, then fma(-s, s', x) with s' a neighbour of s
// compares x with the square of the midpoint between them exactly (Tuckerman's test). In all
// cases the exact result is (hi + rho) * 2^k with hi a float, rho's sign known exactly, and
// p2m_f32op_pack rounds that once in the requested mode, including to subnormals and on
// overflow. The tests compare all of it bit for bit with the host's IEEE hardware.
//
// Approximate instructions stay within the PTX ISA's bounds: rcp.approx and sqrt.approx return
// the correctly rounded result, rsqrt.approx Metal's rsqrt refined by one Newton step (below
// 2^-22.9 relative),
// div.approx a * rcp.rn(b) as the ISA defines it (with its zero result for 2^126 < |b| < 2^128
// and the H200's scaling of subnormal divisors), div.full div.rn (the H200's div.full is up to
// 2 ulp off; the ISA allows 2). sin/cos reproduce NVIDIA's argument reduction exactly (see
// p2m_f32op_sin_cos), so their error is the hardware's. lg2 (a degree-9 polynomial on
// [sqrt(1/2), sqrt(2)), from a Chebyshev interpolant), ex2 (a degree-7 Taylor polynomial on
// [-1/2, 1/2] and an exact scaling) and tanh are accurate to about an ulp, well inside the
// ISA's bounds. tests/unit/msl-f32 measures all of them; docs/gpu-facts.md has the H200's.
//
// Other H200 measurements followed here: neg/abs of a NaN give the canonical NaN (copysign
// keeps payloads), min/max ignore one NaN and give the canonical NaN for two, -0 < +0,
// testp.normal counts zeros as normal, .sat maps NaN and -0 to +0.

#ifndef P2M_F32_OPS_H
#define P2M_F32_OPS_H

// Internal linkage, and no warning for the functions a kernel does not use (see fp64.h).
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wunused-function"

// Rounding modes of the internal functions' `mode` argument; the entry points pass literals,
// so after inlining every mode test folds away.
#define P2M_F32OP_RN 0
#define P2M_F32OP_RZ 1
#define P2M_F32OP_RM 2
#define P2M_F32OP_RP 3

// The NaN every f32 arithmetic instruction of an NVIDIA GPU returns (fp64.h defines the same).
#ifndef P2M_F32_NAN
#define P2M_F32_NAN 0x7FFFFFFFu
#endif

#define P2M_F32OP_SIGN 0x80000000u
#define P2M_F32OP_INF 0x7F800000u
#define P2M_F32OP_MAX 0x7F7FFFFFu

// ---------------------------------------------------------------------------------------
// Bits
// ---------------------------------------------------------------------------------------

static inline uint p2m_f32op_bits(float x)
{
    return as_type<uint>(x);
}

static inline float p2m_f32op_float(uint bits)
{
    return as_type<float>(bits);
}

static inline float p2m_f32op_nan()
{
    return as_type<float>(P2M_F32_NAN);
}

static inline bool p2m_f32op_is_nan(uint bits)
{
    return (bits & 0x7FFFFFFFu) > P2M_F32OP_INF;
}

static inline bool p2m_f32op_is_inf(uint bits)
{
    return (bits & 0x7FFFFFFFu) == P2M_F32OP_INF;
}

static inline bool p2m_f32op_is_zero(uint bits)
{
    return (bits & 0x7FFFFFFFu) == 0u;
}

// 2^k for -126 <= k <= 127, built on its bits.
static inline float p2m_f32op_pow2(int k)
{
    return as_type<float>(uint(k + 127) << 23);
}

// A finite nonzero value split into |x| = m * 2^e with m in [1, 2): subnormals are normalized
// with clz, so m is always a normal float.
struct p2m_f32op_parts {
    float m;
    int e;
};

// A significand and the sign information for its final rounding (see p2m_f32op_pack's rho).
struct p2m_f32op_parts_rho {
    float m;
    float rho;
};

static inline p2m_f32op_parts p2m_f32op_unpack(uint bits)
{
    uint field = (bits >> 23) & 0xFFu;
    uint frac = bits & 0x007FFFFFu;
    int e = int(field) - 127;
    if (field == 0u) {
        uint shift = clz(frac) - 8u; // moves the leading one to bit 23
        frac = (frac << shift) & 0x007FFFFFu;
        e = -126 - int(shift);
    }
    p2m_f32op_parts p;
    p.m = as_type<float>(0x3F800000u | frac);
    p.e = e;
    return p;
}

// Exact sum s + t = a + b of two floats (Knuth's 2Sum; no condition on the operands).
struct p2m_f32op_pair {
    float hi;
    float lo;
};

static inline p2m_f32op_pair p2m_f32op_two_sum(float a, float b)
{
    p2m_f32op_pair r;
    r.hi = a + b;
    float a1 = r.hi - b;
    float b1 = r.hi - a1;
    r.lo = (a - a1) + (b - b1);
    return r;
}

// ---------------------------------------------------------------------------------------
// Rounding
// ---------------------------------------------------------------------------------------

// Rounds the exact value sign * (hi + rho) * 2^k to f32 in `mode`. hi > 0 is a normal float and
// rho stands for a remainder of which only the sign is used: rho > 0 means the exact magnitude
// is above hi, rho < 0 below, rho == 0 that hi is exact. hi must be faithful (the exact
// magnitude lies strictly between hi's neighbours), and for P2M_F32OP_RN also the nearest
// float to the exact magnitude at 24 bits. The rounding is done on the bits, once: results
// above the range become infinity or the largest finite value as the mode says, results below
// it are rounded to the subnormal grid (or zero) using rho to break what looks like a tie.
static inline float p2m_f32op_pack(uint sign, float hi, float rho, int k, int mode)
{
    uint hb = as_type<uint>(hi);
    int e = int(hb >> 23) - 127 + k; // unbiased exponent of the result before rounding
    uint m = (hb & 0x007FFFFFu) | 0x00800000u;
    bool above = rho > 0.0f;
    bool below = rho < 0.0f;
    bool neg = sign != 0u;
    // Directed modes round the magnitude either away from zero or toward it.
    bool away = (mode == P2M_F32OP_RP && !neg) || (mode == P2M_F32OP_RM && neg);
    bool toward = mode == P2M_F32OP_RZ || (mode == P2M_F32OP_RP && neg) ||
                  (mode == P2M_F32OP_RM && !neg);
    uint r;
    if (e > 127) {
        r = toward ? P2M_F32OP_MAX : P2M_F32OP_INF;
    } else if (e >= -126) {
        // Stepping the bits also crosses into the next binade, infinity or the subnormals.
        r = (uint(e + 127) << 23) | (m & 0x007FFFFFu);
        if (away && above)
            r += 1u;
        if (toward && below)
            r -= 1u;
    } else {
        // Subnormal: shift the 24-bit significand right by n and round the bits shifted out.
        int shift = -126 - e;
        uint n = uint(shift > 25 ? 25 : shift);
        uint q = m >> n;
        uint rem = m & ((1u << n) - 1u);
        uint half = 1u << (n - 1u);
        bool inc = false;
        bool dec = false;
        if (mode == P2M_F32OP_RN)
            inc = rem > half || (rem == half && (above || (!below && (q & 1u) != 0u)));
        else if (away)
            inc = rem != 0u || above;
        else
            dec = rem == 0u && below;
        r = q + (inc ? 1u : 0u) - (dec ? 1u : 0u);
    }
    return as_type<float>(sign | r);
}

// ---------------------------------------------------------------------------------------
// add, sub, mul, fma in any rounding mode
// ---------------------------------------------------------------------------------------

// An exactly zero sum of nonzero operands: +0, or -0 when rounding toward minus infinity.
static inline float p2m_f32op_exact_zero(int mode)
{
    return as_type<float>(mode == P2M_F32OP_RM ? P2M_F32OP_SIGN : 0u);
}

static inline float p2m_f32op_add(float a, float b, int mode)
{
    uint ab = p2m_f32op_bits(a);
    uint bb = p2m_f32op_bits(b);
    if (p2m_f32op_is_nan(ab) || p2m_f32op_is_nan(bb))
        return p2m_f32op_nan();
    if (p2m_f32op_is_inf(ab) || p2m_f32op_is_inf(bb)) {
        if (p2m_f32op_is_inf(ab) && p2m_f32op_is_inf(bb) && ((ab ^ bb) & P2M_F32OP_SIGN) != 0u)
            return p2m_f32op_nan();
        return p2m_f32op_is_inf(ab) ? a : b;
    }
    if (p2m_f32op_is_zero(ab) && p2m_f32op_is_zero(bb)) {
        // IEEE: the sum of two zeros is -0 only if both are, or (toward -inf) if either is.
        uint s = mode == P2M_F32OP_RM ? (ab | bb) : (ab & bb);
        return as_type<float>(s & P2M_F32OP_SIGN);
    }
    if (p2m_f32op_is_zero(ab))
        return b;
    if (p2m_f32op_is_zero(bb))
        return a;
    // x gets the operand with the larger exponent; work in its frame, x in [1, 2).
    p2m_f32op_parts pa = p2m_f32op_unpack(ab);
    p2m_f32op_parts pb = p2m_f32op_unpack(bb);
    bool swap = pb.e > pa.e;
    p2m_f32op_parts px = swap ? pb : pa;
    p2m_f32op_parts py = swap ? pa : pb;
    uint sx = (swap ? bb : ab) & P2M_F32OP_SIGN;
    uint sy = (swap ? ab : bb) & P2M_F32OP_SIGN;
    int d = px.e - py.e;
    // More than 30 binades below x, y is under a quarter ulp of x and only its sign matters:
    // 2^-40 stands in for it (no rounding boundary lies between x and x +- |y|).
    float ym = d > 30 ? 9.09494702e-13f : py.m * p2m_f32op_pow2(-d);
    float x = sx != 0u ? -px.m : px.m;
    float y = sy != 0u ? -ym : ym;
    // Fast2Sum: exact since x's exponent is at least y's.
    float s = x + y;
    float err = y - (s - x);
    if (s == 0.0f)
        return p2m_f32op_exact_zero(mode);
    uint sign = p2m_f32op_bits(s) & P2M_F32OP_SIGN;
    float mag = sign != 0u ? -s : s;
    float rho = sign != 0u ? -err : err;
    return p2m_f32op_pack(sign, mag, rho, px.e, mode);
}

static inline float p2m_f32op_mul(float a, float b, int mode)
{
    uint ab = p2m_f32op_bits(a);
    uint bb = p2m_f32op_bits(b);
    uint sign = (ab ^ bb) & P2M_F32OP_SIGN;
    if (p2m_f32op_is_nan(ab) || p2m_f32op_is_nan(bb))
        return p2m_f32op_nan();
    if (p2m_f32op_is_inf(ab) || p2m_f32op_is_inf(bb)) {
        if (p2m_f32op_is_zero(ab) || p2m_f32op_is_zero(bb))
            return p2m_f32op_nan();
        return as_type<float>(sign | P2M_F32OP_INF);
    }
    if (p2m_f32op_is_zero(ab) || p2m_f32op_is_zero(bb))
        return as_type<float>(sign);
    p2m_f32op_parts pa = p2m_f32op_unpack(ab);
    p2m_f32op_parts pb = p2m_f32op_unpack(bb);
    // The product of two significands in [1, 2) and its exact error.
    float hi = pa.m * pb.m;
    float lo = fma(pa.m, pb.m, -hi);
    return p2m_f32op_pack(sign, hi, lo, pa.e + pb.e, mode);
}

// Whether r1 lies in z's binade (same sign and exponent): then r1 - z is exact (Sterbenz: r1 is
// within a factor of two of z) and the residual x * y + z - r1 is x * y - (r1 - z) exactly, which
// one fma gives, rounded, with its exact sign. That is the common case of fma.rm/.rp used to
// round to an integer (expf's range reduction adds to 1.5 * 2^23), and the test is one
// comparison of bits.
static inline bool p2m_f32op_same_binade(float z, float r1)
{
    return (p2m_f32op_bits(z) ^ p2m_f32op_bits(r1)) < 0x00800000u;
}

// ErrFma (Boldo & Muller 2011): x * y + z = r1 + gamma + alpha.lo exactly, where r1 =
// fma(x, y, z); returns gamma + alpha.lo, rounded but with the exact sign of x * y + z - r1.
// Valid when no intermediate value underflows or overflows (p2m_f32op_fma_in_plain_range).
static inline float p2m_f32op_fma_error(float x, float y, float z, float r1)
{
    float u1 = x * y;
    float u2 = fma(x, y, -u1);
    p2m_f32op_pair alpha = p2m_f32op_two_sum(z, u2);
    p2m_f32op_pair beta = p2m_f32op_two_sum(u1, alpha.hi);
    float gamma = (beta.hi - r1) + beta.lo;
    return gamma + alpha.lo;
}

// The residual x * y + z - r1 (rounded, exact sign), under the same conditions.
static inline float p2m_f32op_fma_residual(float x, float y, float z, float r1)
{
    return p2m_f32op_same_binade(z, r1) ? fma(x, y, -(r1 - z)) : p2m_f32op_fma_error(x, y, z, r1);
}

// Whether fma(a, b, c) can be rounded in any mode from the hardware's fma and the residual
// above on the operands as they are: a and b normal with |a b| in [2^-78, 2^126), c zero or
// normal with |c| in [2^-78, 2^125). Every exact value ErrFma forms is then a multiple of 2^-124
// below 2^127, so each is computed as with unbounded exponents, nonzero ones are normal (the
// hardware's flushing never applies), and a nonzero exact result never rounds to zero.
static inline bool p2m_f32op_fma_in_plain_range(uint ab, uint bb, uint cb)
{
    // Unsigned range tests, one per bound pair, so that a constant operand folds away whole.
    uint ea = (ab >> 23) & 0xFFu;
    uint eb = (bb >> 23) & 0xFFu;
    uint ec = (cb >> 23) & 0xFFu;
    // |a b| in [2^ep, 2^(ep + 2)) with ep = ea + eb - 254 in [-78, 124]: ea + eb in [176, 378].
    bool product = ea - 1u < 254u && eb - 1u < 254u && ea + eb - 176u <= 202u;
    bool addend = (cb & 0x7FFFFFFFu) == 0u || ec - (127u - 78u) <= 78u + 124u;
    return product && addend;
}

// r1 (normal, |r1| <= 2^127) moved one step toward the exact value where the mode and the
// residual's sign (exact value - r1) require it; `negative` is r1's sign. One step on the bits
// reaches the neighbour: `down`, the step toward -inf, is -1 on a positive r1, +1 on a negative.
static inline float p2m_f32op_fma_step(float r1, float residual, bool negative, int mode)
{
    uint rb = p2m_f32op_bits(r1);
    uint down = negative ? 1u : 0xFFFFFFFFu;
    if (mode == P2M_F32OP_RM)
        return as_type<float>(residual < 0.0f ? rb + down : rb);
    if (mode == P2M_F32OP_RP)
        return as_type<float>(residual > 0.0f ? rb - down : rb);
    // RZ: toward zero when the residual's sign is not r1's.
    bool toward = negative ? residual > 0.0f : residual < 0.0f;
    return as_type<float>(toward ? rb - 1u : rb);
}

// The fast path of p2m_f32op_fma: the hardware's round-to-nearest fma r1, moved one step
// toward the exact value where the mode and the residual's sign require it.
static inline float p2m_f32op_fma_plain(float a, float b, float c, int mode)
{
    float r1 = fma(a, b, c);
    // A zero r1 is exact: a nonzero sum would not round to zero. An r1 in c's binade is not
    // zero, so the common case of fma.rm/.rp skips that test.
    if (mode == P2M_F32OP_RN)
        return r1 == 0.0f ? p2m_f32op_exact_zero(mode) : r1;
    float residual;
    if (p2m_f32op_same_binade(c, r1))
        residual = fma(a, b, -(r1 - c));
    else if (r1 == 0.0f)
        return p2m_f32op_exact_zero(mode);
    else
        residual = p2m_f32op_fma_error(a, b, c, r1);
    return p2m_f32op_fma_step(r1, residual, r1 < 0.0f, mode);
}

// fma.rz/.rm/.rp where lower-rounding-and-ftz proved from the operands' ranges that the exact
// a * b + c lies in c's binade, with c's exponent in [-55, 125] and no product of normal
// operands below 2^-126 (its sumStaysInAddendBinade): r1 then lies in that binade or at its
// upper end, r1 - c is exact, and the residual is normal, so p2m_f32op_fma's range tests and
// general path fall away. expf's range reduction is this case: fma.rm(sat(x), 252, 1.5 * 2^23 + 1).
// The step is taken on the bits from a sign mask instead of a comparison and a select (two
// instructions instead of three; NVIDIA GPUs fold the shift into the addition): below = exact
// - r1 and above = r1 - exact, each rounded with its exact sign, and never -0 (c - r1 and
// r1 - c are +0 when r1 = c, and a nonzero residual is normal), so a sign bit means "< 0".
static inline float p2m_f32op_fma_in_binade(float a, float b, float c, int mode)
{
    float r1 = fma(a, b, c);
    int below = as_type<int>(fma(a, b, c - r1)) >> 31; // -1 where the exact value lies below r1
    int above = as_type<int>(fma(-a, b, r1 - c)) >> 31; // -1 where it lies above r1
    uint rb = p2m_f32op_bits(r1);
    bool negative = c < 0.0f; // r1's sign, c's in this binade
    if (mode == P2M_F32OP_RM) // toward -inf: the magnitude down when positive, up when negative
        return as_type<float>(negative ? rb - uint(below) : rb + uint(below));
    if (mode == P2M_F32OP_RP) // toward +inf: the magnitude up when positive, down when negative
        return as_type<float>(negative ? rb + uint(above) : rb - uint(above));
    return as_type<float>(rb + uint(negative ? above : below)); // RZ: the magnitude down
}

static inline float p2m_f32op_fma(float a, float b, float c, int mode)
{
    uint ab = p2m_f32op_bits(a);
    uint bb = p2m_f32op_bits(b);
    uint cb = p2m_f32op_bits(c);
    if (p2m_f32op_fma_in_plain_range(ab, bb, cb))
        return p2m_f32op_fma_plain(a, b, c, mode);
    uint sp = (ab ^ bb) & P2M_F32OP_SIGN; // sign of the product
    uint sc = cb & P2M_F32OP_SIGN;
    if (p2m_f32op_is_nan(ab) || p2m_f32op_is_nan(bb) || p2m_f32op_is_nan(cb))
        return p2m_f32op_nan();
    if (p2m_f32op_is_inf(ab) || p2m_f32op_is_inf(bb)) {
        if (p2m_f32op_is_zero(ab) || p2m_f32op_is_zero(bb))
            return p2m_f32op_nan();
        if (p2m_f32op_is_inf(cb) && sc != sp)
            return p2m_f32op_nan();
        return as_type<float>(sp | P2M_F32OP_INF);
    }
    if (p2m_f32op_is_inf(cb))
        return c;
    // A zero product is an exact signed zero: the sum follows add's zero rules.
    if (p2m_f32op_is_zero(ab) || p2m_f32op_is_zero(bb))
        return p2m_f32op_add(as_type<float>(sp), c, mode);
    if (p2m_f32op_is_zero(cb))
        return p2m_f32op_mul(a, b, mode);
    p2m_f32op_parts pa = p2m_f32op_unpack(ab);
    p2m_f32op_parts pb = p2m_f32op_unpack(bb);
    p2m_f32op_parts pc = p2m_f32op_unpack(cb);
    int eab = pa.e + pb.e; // |a * b| in [2^eab, 2^(eab + 2))
    int d = pc.e - eab;
    if (d > 50) {
        // |a * b| is below 2^-48 ulp(c): c itself, nudged in the direction of the product.
        return p2m_f32op_pack(sc, pc.m, sp == sc ? 1.0f : -1.0f, pc.e, mode);
    }
    // Frame of the product: a' * b' in [1, 4), c' = c * 2^-eab. A c' below 2^-60 lies under the
    // product's last bit (2^-46) and only its sign matters: 2^-80 stands in for it.
    float cm = d < -60 ? 8.27180613e-25f : pc.m * p2m_f32op_pow2(d);
    float x = sp != 0u ? -pa.m : pa.m;
    float y = pb.m;
    float z = sc != 0u ? -cm : cm;
    // Every value below is a multiple of 2^-83 below 2^53: no underflow, no overflow.
    float r1 = fma(x, y, z);
    if (r1 == 0.0f)
        return p2m_f32op_exact_zero(mode);
    float residual = p2m_f32op_fma_residual(x, y, z, r1);
    uint sign = p2m_f32op_bits(r1) & P2M_F32OP_SIGN;
    float mag = sign != 0u ? -r1 : r1;
    float rho = sign != 0u ? -residual : residual;
    return p2m_f32op_pack(sign, mag, rho, eab, mode);
}

// ---------------------------------------------------------------------------------------
// div, rcp, sqrt in any rounding mode
// ---------------------------------------------------------------------------------------

// Half the gap from q (a positive normal float) to its upper neighbour.
static inline float p2m_f32op_half_ulp_up(float q)
{
    return as_type<float>((p2m_f32op_bits(q) & P2M_F32OP_INF) - (24u << 23));
}

// Half the gap from q to its lower neighbour: a quarter ulp at a power of two.
static inline float p2m_f32op_half_ulp_down(float q)
{
    float h = p2m_f32op_half_ulp_up(q);
    return (p2m_f32op_bits(q) & 0x007FFFFFu) == 0u ? h * 0.5f : h;
}

// x / y for x, y in [1, 2) (significands): q, the quotient rounded for `mode` where that is
// RN (else faithful), and rho, whose sign is that of the exact quotient minus q (0 when q is
// exact) for the final rounding of the other modes.
static inline p2m_f32op_parts_rho p2m_f32op_div_significands(float x, float y, int mode)
{
    // 1/y: the linear seed 24/17 - 8/17 y (relative error <= 1/17), then two Newton steps (each
    // squares the error, to about 2^-16.4).
    float r = fma(-0.470588237f, y, 1.41176474f);
    r = fma(r, fma(-y, r, 1.0f), r);
    r = fma(r, fma(-y, r, 1.0f), r);
    // x / y in (1/2, 2): the product, corrected once, is faithful (its error is about the square
    // of r's, 2^-32.8, plus half an ulp from the last rounding).
    float q = x * r;
    q = fma(fma(-q, y, x), r, q);
    // For a faithful q the remainder x - q y is a float: computed exactly.
    float rem = fma(-q, y, x);
    float rho = rem;
    if (mode == P2M_F32OP_RN && rem != 0.0f) {
        uint qb = p2m_f32op_bits(q);
        bool odd = (qb & 1u) != 0u;
        if (rem > 0.0f) {
            // Above q: compare with the midpoint q + h (the sign of x - (q + h) y).
            float t = fma(-p2m_f32op_half_ulp_up(q), y, rem);
            if (t > 0.0f || (t == 0.0f && odd)) {
                q = as_type<float>(qb + 1u);
                rho = -1.0f;
            }
        } else {
            float t = fma(p2m_f32op_half_ulp_down(q), y, rem);
            if (t < 0.0f || (t == 0.0f && odd)) {
                q = as_type<float>(qb - 1u);
                rho = 1.0f;
            }
        }
    }
    return {q, rho};
}

// Division whose operands are both normal and whose quotient is normal with room to spare:
// exponent fields in [1, 254] and a difference in [-124, 124], so that the quotient of the
// significands (in (1/2, 2)) scaled by 2^(difference) has an exponent field in [2, 252]. The
// scaling then is exact on the bits, and no special operand, subnormal or overflow needs a test.
static inline bool p2m_f32op_div_in_plain_range(uint ab, uint bb)
{
    uint ea = (ab >> 23) & 0xFFu;
    uint eb = (bb >> 23) & 0xFFu;
    return ea - 1u < 254u && eb - 1u < 254u && ea - eb + 124u <= 248u;
}

static inline float p2m_f32op_div(float a, float b, int mode)
{
    uint ab = p2m_f32op_bits(a);
    uint bb = p2m_f32op_bits(b);
    uint sign = (ab ^ bb) & P2M_F32OP_SIGN;
    if (mode == P2M_F32OP_RN && p2m_f32op_div_in_plain_range(ab, bb)) {
        // The common case of div.rn, rcp.rn and the forms built on them: the rounded quotient
        // of the significands, moved to its binade on the bits.
        float x = as_type<float>(0x3F800000u | (ab & 0x007FFFFFu));
        float y = as_type<float>(0x3F800000u | (bb & 0x007FFFFFu));
        float q = p2m_f32op_div_significands(x, y, mode).m;
        return as_type<float>(sign | (p2m_f32op_bits(q) + ((ab & P2M_F32OP_INF) - (bb & P2M_F32OP_INF))));
    }
    if (p2m_f32op_is_nan(ab) || p2m_f32op_is_nan(bb))
        return p2m_f32op_nan();
    if (p2m_f32op_is_inf(ab))
        return p2m_f32op_is_inf(bb) ? p2m_f32op_nan() : as_type<float>(sign | P2M_F32OP_INF);
    if (p2m_f32op_is_inf(bb))
        return as_type<float>(sign);
    if (p2m_f32op_is_zero(bb))
        return p2m_f32op_is_zero(ab) ? p2m_f32op_nan() : as_type<float>(sign | P2M_F32OP_INF);
    if (p2m_f32op_is_zero(ab))
        return as_type<float>(sign);
    p2m_f32op_parts pa = p2m_f32op_unpack(ab);
    p2m_f32op_parts pb = p2m_f32op_unpack(bb);
    p2m_f32op_parts_rho q = p2m_f32op_div_significands(pa.m, pb.m, mode);
    return p2m_f32op_pack(sign, q.m, q.rho, pa.e - pb.e, mode);
}

static inline float p2m_f32op_sqrt(float a, int mode)
{
    uint ab = p2m_f32op_bits(a);
    if (p2m_f32op_is_nan(ab))
        return p2m_f32op_nan();
    if (p2m_f32op_is_zero(ab))
        return a; // sqrt(-0) = -0
    if ((ab & P2M_F32OP_SIGN) != 0u)
        return p2m_f32op_nan();
    if (p2m_f32op_is_inf(ab))
        return a;
    // a = x * 2^(2k) with x in [1, 4).
    p2m_f32op_parts pa = p2m_f32op_unpack(ab);
    int odd = (pa.e + 256) & 1;
    float x = odd != 0 ? pa.m * 2.0f : pa.m;
    int k = (pa.e - odd) / 2;
    // 1/sqrt(x): the bit-trick seed (relative error < 0.035), two Newton steps (each takes the
    // error e to about 1.5 e^2: 2^-17.5).
    float y = as_type<float>(0x5F3759DFu - (p2m_f32op_bits(x) >> 1));
    float hx = 0.5f * x;
    for (int i = 0; i < 2; ++i)
        y = y * fma(-hx * y, y, 1.5f);
    // sqrt(x) in [1, 2]: x y, corrected once, is faithful (its error is about the square of y's,
    // 2^-33, before the last rounding).
    float s = x * y;
    s = fma(fma(-s, s, x), 0.5f * y, s);
    float rem = fma(-s, s, x); // its sign is the sign of sqrt(x) - s
    float rho = rem;
    if (mode == P2M_F32OP_RN && rem != 0.0f) {
        // The midpoint m between s and a neighbour s' satisfies m^2 = s s' + h^2 with h^2 below
        // the last bit of x - s s', so fma(-s, s', x) decides exactly on which side sqrt(x)
        // lies (a square root is never exactly a midpoint).
        uint sb = p2m_f32op_bits(s);
        if (rem > 0.0f) {
            float up = as_type<float>(sb + 1u);
            if (fma(-s, up, x) > 0.0f) {
                s = up;
                rho = -1.0f;
            }
        } else {
            float down = as_type<float>(sb - 1u);
            if (fma(-s, down, x) <= 0.0f) {
                s = down;
                rho = 1.0f;
            }
        }
    }
    return p2m_f32op_pack(0u, s, rho, k, mode);
}

// ---------------------------------------------------------------------------------------
// Entry points: directed and exact rounding
// ---------------------------------------------------------------------------------------

// add.rz.f32 / add.rm.f32 / add.rp.f32 (exact zero sums: -0 only for .rm or -0 + -0).
static inline float p2m_add_rz_f32(float a, float b) { return p2m_f32op_add(a, b, P2M_F32OP_RZ); }
static inline float p2m_add_rm_f32(float a, float b) { return p2m_f32op_add(a, b, P2M_F32OP_RM); }
static inline float p2m_add_rp_f32(float a, float b) { return p2m_f32op_add(a, b, P2M_F32OP_RP); }
// add.rn.f32 with IEEE subnormals whatever the hardware's flushing.
static inline float p2m_add_rn_f32(float a, float b) { return p2m_f32op_add(a, b, P2M_F32OP_RN); }

// sub.{rz,rm,rp,rn}.f32: a + (-b).
static inline float p2m_sub_rz_f32(float a, float b)
{
    return p2m_f32op_add(a, as_type<float>(p2m_f32op_bits(b) ^ P2M_F32OP_SIGN), P2M_F32OP_RZ);
}
static inline float p2m_sub_rm_f32(float a, float b)
{
    return p2m_f32op_add(a, as_type<float>(p2m_f32op_bits(b) ^ P2M_F32OP_SIGN), P2M_F32OP_RM);
}
static inline float p2m_sub_rp_f32(float a, float b)
{
    return p2m_f32op_add(a, as_type<float>(p2m_f32op_bits(b) ^ P2M_F32OP_SIGN), P2M_F32OP_RP);
}
static inline float p2m_sub_rn_f32(float a, float b)
{
    return p2m_f32op_add(a, as_type<float>(p2m_f32op_bits(b) ^ P2M_F32OP_SIGN), P2M_F32OP_RN);
}

// mul.{rz,rm,rp,rn}.f32.
static inline float p2m_mul_rz_f32(float a, float b) { return p2m_f32op_mul(a, b, P2M_F32OP_RZ); }
static inline float p2m_mul_rm_f32(float a, float b) { return p2m_f32op_mul(a, b, P2M_F32OP_RM); }
static inline float p2m_mul_rp_f32(float a, float b) { return p2m_f32op_mul(a, b, P2M_F32OP_RP); }
static inline float p2m_mul_rn_f32(float a, float b) { return p2m_f32op_mul(a, b, P2M_F32OP_RN); }

// fma.{rz,rm,rp,rn}.f32 (and mad.rX.f32): a * b + c rounded once.
static inline float p2m_fma_rz_f32(float a, float b, float c)
{
    return p2m_f32op_fma(a, b, c, P2M_F32OP_RZ);
}
static inline float p2m_fma_rm_f32(float a, float b, float c)
{
    return p2m_f32op_fma(a, b, c, P2M_F32OP_RM);
}
static inline float p2m_fma_rp_f32(float a, float b, float c)
{
    return p2m_f32op_fma(a, b, c, P2M_F32OP_RP);
}
static inline float p2m_fma_rn_f32(float a, float b, float c)
{
    return p2m_f32op_fma(a, b, c, P2M_F32OP_RN);
}

// fma.{rz,rm,rp}.f32 whose exact result the translator proved to lie in c's binade
// (p2m_f32op_fma_in_binade says when): the same result as p2m_fma_{rz,rm,rp}_f32 there.
static inline float p2m_fma_rz_in_binade_f32(float a, float b, float c)
{
    return p2m_f32op_fma_in_binade(a, b, c, P2M_F32OP_RZ);
}
static inline float p2m_fma_rm_in_binade_f32(float a, float b, float c)
{
    return p2m_f32op_fma_in_binade(a, b, c, P2M_F32OP_RM);
}
static inline float p2m_fma_rp_in_binade_f32(float a, float b, float c)
{
    return p2m_f32op_fma_in_binade(a, b, c, P2M_F32OP_RP);
}

// div.{rn,rz,rm,rp}.f32: correctly rounded a / b.
static inline float p2m_div_rn_f32(float a, float b) { return p2m_f32op_div(a, b, P2M_F32OP_RN); }
static inline float p2m_div_rz_f32(float a, float b) { return p2m_f32op_div(a, b, P2M_F32OP_RZ); }
static inline float p2m_div_rm_f32(float a, float b) { return p2m_f32op_div(a, b, P2M_F32OP_RM); }
static inline float p2m_div_rp_f32(float a, float b) { return p2m_f32op_div(a, b, P2M_F32OP_RP); }

// div.full.f32 (at most 2 ulp over the full range): the correctly rounded quotient.
static inline float p2m_div_full_f32(float a, float b) { return p2m_div_rn_f32(a, b); }

// rcp.{rn,rz,rm,rp}.f32: correctly rounded 1 / a.
static inline float p2m_rcp_rn_f32(float a) { return p2m_f32op_div(1.0f, a, P2M_F32OP_RN); }
static inline float p2m_rcp_rz_f32(float a) { return p2m_f32op_div(1.0f, a, P2M_F32OP_RZ); }
static inline float p2m_rcp_rm_f32(float a) { return p2m_f32op_div(1.0f, a, P2M_F32OP_RM); }
static inline float p2m_rcp_rp_f32(float a) { return p2m_f32op_div(1.0f, a, P2M_F32OP_RP); }

// sqrt.{rn,rz,rm,rp}.f32: correctly rounded; sqrt(-0) = -0, sqrt of a negative is NaN.
static inline float p2m_sqrt_rn_f32(float a) { return p2m_f32op_sqrt(a, P2M_F32OP_RN); }
static inline float p2m_sqrt_rz_f32(float a) { return p2m_f32op_sqrt(a, P2M_F32OP_RZ); }
static inline float p2m_sqrt_rm_f32(float a) { return p2m_f32op_sqrt(a, P2M_F32OP_RM); }
static inline float p2m_sqrt_rp_f32(float a) { return p2m_f32op_sqrt(a, P2M_F32OP_RP); }

// ---------------------------------------------------------------------------------------
// Entry points: approximate instructions
// ---------------------------------------------------------------------------------------

// rcp.approx.f32 (bound: 1 ulp): correctly rounded.
static inline float p2m_rcp_approx_f32(float a) { return p2m_rcp_rn_f32(a); }

// sqrt.approx.f32 (bound: 2^-23 relative): correctly rounded.
static inline float p2m_sqrt_approx_f32(float a) { return p2m_sqrt_rn_f32(a); }

// One Newton step on an estimate r of 1/sqrt(a), a positive normal: h = a r, e = 1 - h r (one
// fma), r + (r/2) e (one fma). For an estimate within 2^-14 relative the result is within
// 2^-24 (the last rounding) + 2^-25 (the rounding of h) + 1.5 |estimate error|^2 < 2^-23.3.
static inline float p2m_f32op_rsqrt_refine(float a, float r)
{
    float h = a * r;
    float e = fma(-h, r, 1.0f);
    return fma(r * 0.5f, e, r);
}

// rsqrt.approx.f32 (bound: 2^-22.9 relative): for a positive normal input, Metal's rsqrt
// refined by one Newton step (above), so the bound holds for any rsqrt accurate to 2^-14 (Metal
// documents a few ulp, 2^-22). A positive subnormal m 2^-150 (m = twice its significand, an
// integer below 2^24, converted exactly) gives rsqrt(m) 2^75, the same refinement scaled exactly,
// without subnormal arithmetic. The special values are the ISA's: -0 -> -inf, +0 -> +inf,
// +inf -> +0, negative -> NaN.
// The special values are tested on the bits one at a time: a compiler that assumes IEEE
// subnormals may turn a test of both zeros into a float comparison, which flushing hardware
// answers true for subnormals. (A branch around the rare inputs, not selects: on the H200 the
// select form, which computes the rare cases for every input, made nbody 10% slower; a select
// form with one rsqrt, the subnormal input scaled on its bits, 20% slower. Inside the branch,
// selects: one level of divergence, so the common path pays for one branch only.)
static inline float p2m_f32op_rsqrt_special(uint ab)
{
    float m = float(ab << 1u); // a positive subnormal's significand, exactly
    float subnormal = p2m_f32op_rsqrt_refine(m, rsqrt(m)) * as_type<float>(uint(127 + 75) << 23);
    uint other = ab == 0u ? P2M_F32OP_INF
               : ab == P2M_F32OP_SIGN ? (P2M_F32OP_SIGN | P2M_F32OP_INF)
               : ab == P2M_F32OP_INF ? 0u
               : P2M_F32_NAN; // negative, or NaN
    return ab - 1u < 0x007FFFFFu ? subnormal : as_type<float>(other);
}

static inline float p2m_rsqrt_approx_f32(float a)
{
    // The common case first and unconditionally, the rare inputs after it: the test does not
    // hold up the hardware's rsqrt (on special inputs its result is simply replaced).
    uint ab = p2m_f32op_bits(a);
    float r = p2m_f32op_rsqrt_refine(a, rsqrt(a));
    if (ab - 0x00800000u >= 0x7F000000u) // not 2^-126 <= a < +inf
        r = p2m_f32op_rsqrt_special(ab);
    return r;
}

// div.approx.f32: a * (1/b) as the ISA defines it (bound: 2 ulp for |b| in [2^-126, 2^126]);
// for 2^126 < |b| < 2^128 the ISA specifies NaN when a is infinite, else a zero with the sign
// of the quotient; subnormal divisors are scaled as the H200 does.
static inline float p2m_div_approx_f32(float a, float b)
{
    uint ab = p2m_f32op_bits(a);
    uint mb = p2m_f32op_bits(b) & 0x7FFFFFFFu;
    if (mb > 0x7E800000u && mb < P2M_F32OP_INF) {
        if ((ab & 0x7FFFFFFFu) >= P2M_F32OP_INF)
            return p2m_f32op_nan();
        return as_type<float>((ab ^ p2m_f32op_bits(b)) & P2M_F32OP_SIGN);
    }
    if (mb != 0u && mb < 0x00800000u) {
        // Subnormal b, as the H200 does it: (a * (1 / (b 2^24))) 2^24, so that 1/b need not
        // overflow (b 2^24 is exact, built on the bits).
        p2m_f32op_parts pb = p2m_f32op_unpack(mb);
        float scaled = as_type<float>((p2m_f32op_bits(b) & P2M_F32OP_SIGN) |
                                      p2m_f32op_bits(pb.m * p2m_f32op_pow2(pb.e + 24)));
        float q = p2m_f32op_mul(a, p2m_rcp_rn_f32(scaled), P2M_F32OP_RN);
        return p2m_f32op_mul(q, 16777216.0f, P2M_F32OP_RN);
    }
    return p2m_f32op_mul(a, p2m_rcp_rn_f32(b), P2M_F32OP_RN);
}

// sin/cos.approx as NVIDIA computes them (measured on an H200, docs/gpu-facts.md): the argument
// is first converted to revolutions, t = x * float(1/(2 pi)) rounded toward zero, and the
// function of the fraction of t is taken. The product is emulated exactly (p2m_f32op_mul in
// .rz), so the reduction, its error (the ISA's bounds are this error: 2^-20.6 on [-2pi, 2pi],
// 2^-14.74 on [-100pi, 100pi], measured) and the results for large |x| (0 and 1 once |t| >=
// 2^23) are NVIDIA's; sin(2 pi r) for the fraction r in [0, 1) is then evaluated to within an
// ulp: r = (k + rem) / 4 with k = rint(4 r), and Taylor polynomials of rem pi/2 (carried to
// twice the float precision) in the quadrant k. Within about 3.6e-7 of the H200's results (its
// MUFU steps the fraction in fixed point, below), and with the same signed zeros. `cosine` selects cos
// (even, quadrant + 1), else sin (odd: the sign of t is applied at the end).
static inline float p2m_f32op_sin_cos(float x, bool cosine)
{
    float t = p2m_f32op_mul(x, 0.159154937f, P2M_F32OP_RZ);
    uint tb = p2m_f32op_bits(t);
    if ((tb & 0x7FFFFFFFu) < 0x21800000u) // |t| < 2^-60: sin = 2 pi t (no subnormal arithmetic)
        return cosine ? 1.0f : p2m_f32op_mul(t, 6.28318548f, P2M_F32OP_RN);
    float at = as_type<float>(tb & 0x7FFFFFFFu);
    float r = at - floor(at); // exact; 0 once |t| >= 2^23
    // MUFU takes the fraction in fixed point, 2^-25 revolutions per step (truncated), and
    // in the odd quadrants of sin uses the offset's complement, one step short: the last step
    // before the end of an odd quadrant gives exactly 0 (docs/gpu-facts.md), the zero that
    // makes tan's quotient infinite there. Elsewhere the step is within the result's bound.
    uint steps = (uint(floor(r * 33554432.0f)) + (cosine ? 0x800000u : 0u)) & 0x1FFFFFFu;
    if ((steps & 0x800000u) != 0u && (steps & 0x7FFFFFu) == 0x7FFFFFu) {
        uint zero = (steps & 0x1000000u) != 0u ? P2M_F32OP_SIGN : 0u; // quadrants 2 and 3
        return as_type<float>(cosine ? zero : zero ^ (tb & P2M_F32OP_SIGN));
    }
    float u = 4.0f * r;
    float k = rint(u);
    float rem = u - k; // exact, in [-1/2, 1/2]
    uint quadrant = uint(int(k)) + (cosine ? 1u : 0u);
    // theta = rem * pi/2 as th + tl.
    float th = rem * 1.57079637f;
    float tl = fma(rem, 1.57079637f, -th) + rem * -4.37113883e-8f;
    float z = th * th;
    float ps = 2.75573188e-6f;
    ps = fma(ps, z, -1.98412701e-4f);
    ps = fma(ps, z, 8.33333377e-3f);
    ps = fma(ps, z, -1.66666672e-1f);
    float s = th + fma(th * z, ps, tl); // sin(th + tl) = sin th + tl cos th, cos th ~ 1
    float pc = 2.08767559e-9f;
    pc = fma(pc, z, -2.75573200e-7f);
    pc = fma(pc, z, 2.48015876e-5f);
    pc = fma(pc, z, -1.38888892e-3f);
    pc = fma(pc, z, 4.16666679e-2f);
    pc = fma(pc, z, -0.5f);
    float c = fma(z, pc, fma(-th, tl, 1.0f)); // cos(th + tl) = cos th - tl sin th
    float v = (quadrant & 1u) != 0u ? c : s;
    uint vb = p2m_f32op_bits(v) ^ ((quadrant & 2u) != 0u ? P2M_F32OP_SIGN : 0u);
    if (!cosine)
        vb ^= tb & P2M_F32OP_SIGN;
    return as_type<float>(vb);
}

// sin.approx.f32 (bound: 2^-20.5 absolute on [-2pi, 2pi], 2^-14.7 on [-100pi, 100pi], nothing
// beyond): sin(+-0) = +-0, sin(+-inf) = NaN; subnormal inputs give +-0 as on the H200.
static inline float p2m_sin_approx_f32(float a)
{
    uint ab = p2m_f32op_bits(a);
    if ((ab & 0x7FFFFFFFu) >= P2M_F32OP_INF)
        return p2m_f32op_nan();
    if ((ab & P2M_F32OP_INF) == 0u) // zero or subnormal: the H200 gives the zero of a's sign
        return as_type<float>(ab & P2M_F32OP_SIGN);
    return p2m_f32op_sin_cos(a, false);
}

// cos.approx.f32 (same bounds): cos(+-0) = 1, cos(+-inf) = NaN.
static inline float p2m_cos_approx_f32(float a)
{
    if ((p2m_f32op_bits(a) & 0x7FFFFFFFu) >= P2M_F32OP_INF)
        return p2m_f32op_nan();
    return p2m_f32op_sin_cos(a, true);
}

// lg2.approx.f32 (bound: 2^-22 absolute on (1/2, 2), 2^-22 relative elsewhere): a = m 2^e with
// m in [sqrt(1/2), sqrt(2)), log2 a = e + t g(t) with t = m - 1 (exact) and g a degree-9
// polynomial for log2(1 + t) / t. +-0 -> -inf, negative -> NaN, +inf -> +inf.
static inline float p2m_lg2_approx_f32(float a)
{
    uint ab = p2m_f32op_bits(a);
    if (p2m_f32op_is_nan(ab))
        return p2m_f32op_nan();
    if (p2m_f32op_is_zero(ab))
        return as_type<float>(P2M_F32OP_SIGN | P2M_F32OP_INF);
    if ((ab & P2M_F32OP_SIGN) != 0u)
        return p2m_f32op_nan();
    if (ab == P2M_F32OP_INF)
        return a;
    p2m_f32op_parts p = p2m_f32op_unpack(ab);
    float m = p.m;
    int e = p.e;
    if (m > 1.41421354f) {
        m *= 0.5f;
        e += 1;
    }
    float t = m - 1.0f;
    float g = -1.07497893e-1f;
    g = fma(g, t, 1.84760332e-1f);
    g = fma(g, t, -1.91388384e-1f);
    g = fma(g, t, 2.04857647e-1f);
    g = fma(g, t, -2.39608124e-1f);
    g = fma(g, t, 2.88552552e-1f);
    g = fma(g, t, -3.60696554e-1f);
    g = fma(g, t, 4.80898529e-1f);
    g = fma(g, t, -7.21347332e-1f);
    g = fma(g, t, 1.44269502f);
    return fma(t, g, float(e));
}

// 2^f for f in [-1/2, 1/2]: a near-minimax polynomial of degree 6 (a Chebyshev fit, error
// below 2^-28.9 before rounding its coefficients to float; 1 = 2^0 exactly). With the exact
// scaling below, ex2.approx is within 1 ulp of the correctly rounded result for every operand
// in (-125, 125), checked on all of them; a degree-5 fit reaches 3 ulp there, over the bound.
static inline float p2m_f32op_exp2_reduced(float f)
{
    float p = 1.546144485e-4f;
    p = fma(p, f, 1.340042800e-3f);
    p = fma(p, f, 9.618056938e-3f);
    p = fma(p, f, 5.550327152e-2f);
    p = fma(p, f, 2.402265072e-1f);
    p = fma(p, f, 6.931471825e-1f);
    return fma(p, f, 1.0f);
}

// 2^a as m 2^e: e = rint(a) and m = 2^(a - e) from the polynomial, for a clamped to [-152, 128].
// Beyond that range the result is +0 or +inf, which the ends give as well (so -inf and +inf
// need no test); a NaN comes out as a number, for the caller to replace. Subnormal and tiny
// operands give m = 1 (the polynomial rounds 1 + 0.69 f to 1, flushed or not).
static inline p2m_f32op_parts p2m_f32op_exp2_split(float a)
{
    float c = min(max(a, -152.0f), 128.0f);
    float n = rint(c);
    return {p2m_f32op_exp2_reduced(c - n), int(n)};
}

// 2^a for a in (-125, 125), the common case of both ex2 forms, in one test: m = 2^(a - n) from
// the polynomial with n = rint(a); m 2^n is normal, so it is exact and made on the exponent bits
// (no rounding, no flush, no special operand). The same bits as the general paths below.
// n comes from the sum t = a + 1.5 * 2^23, which rounds a to an integer (ties to even, as rint:
// the sum's last bit has n's parity) and holds n in its low bits, so that t << 23 is n << 23
// (1.5 * 2^23's own bits shift out): two additions and a shift instead of a rounding and a
// conversion, which NVIDIA GPUs run at a quarter of the rate of additions.
static inline bool p2m_f32op_exp2_is_plain(float a)
{
    return fabs(a) < 125.0f; // one comparison (with the absolute value as a source modifier)
}
static inline float p2m_f32op_exp2_plain(float a)
{
    float t = a + 12582912.0f;
    float n = t - 12582912.0f;
    float m = p2m_f32op_exp2_reduced(a - n);
    return as_type<float>(p2m_f32op_bits(m) + (p2m_f32op_bits(t) << 23));
}

// ex2.approx.f32 (bound: 2 ulp from the correctly rounded result, full range): a = n + f with
// n = rint(a) and f exact, 2^f from the polynomial, then 2^n applied on the bits with one
// rounding (subnormal results included). -inf -> +0, +inf -> +inf, +-0 -> 1.
static inline float p2m_ex2_approx_f32(float a)
{
    if (p2m_f32op_exp2_is_plain(a))
        return p2m_f32op_exp2_plain(a);
    p2m_f32op_parts x = p2m_f32op_exp2_split(a);
    float r = x.m * as_type<float>(uint(min(max(x.e, -125), 127) + 127) << 23);
    if (x.e <= -126 || x.e >= 128) // m 2^e may be subnormal or overflow: rounded on its bits
        r = p2m_f32op_pack(0u, x.m, 0.0f, x.e, P2M_F32OP_RN);
    return p2m_f32op_is_nan(p2m_f32op_bits(a)) ? p2m_f32op_nan() : r;
}

// ex2.approx.ftz.f32: ex2.approx.f32 with a subnormal result flushed to +0, bit for bit. A
// subnormal operand needs no flush: 2^a rounds to 1 for it either way. With the flush, m 2^e
// needs no rounding on the bits: 2^e is a float for e in [-126, 127], nothing below e = -126
// survives, a subnormal product at e = -126 is flushed, and e = 128 takes one more factor 2
// (exactly, or to +inf).
static inline float p2m_ex2_approx_ftz_f32(float a)
{
    if (p2m_f32op_exp2_is_plain(a))
        return p2m_f32op_exp2_plain(a);
    p2m_f32op_parts x = p2m_f32op_exp2_split(a);
    float r = x.m * (x.e < -126 ? 0.0f : as_type<float>(uint(min(x.e, 127) + 127) << 23));
    r = x.e > 127 ? r * 2.0f : r;
    r = r < 1.17549435e-38f ? 0.0f : r; // below 2^-126: subnormal
    return p2m_f32op_is_nan(p2m_f32op_bits(a)) ? p2m_f32op_nan() : r;
}

// tanh.approx.f32 (bound: 2^-11 relative): tiny and subnormal inputs pass through (as the ISA
// notes), an odd Taylor polynomial below 0.55, 1 - 2 / (e^(2|a|) + 1) up to 9 (with e^(2|a|)
// from 2^y, y = 2|a| log2(e) carried to twice the float precision), +-1 beyond.
static inline float p2m_tanh_approx_f32(float a)
{
    uint ab = p2m_f32op_bits(a);
    uint mag = ab & 0x7FFFFFFFu;
    uint sign = ab & P2M_F32OP_SIGN;
    if (p2m_f32op_is_nan(ab))
        return p2m_f32op_nan();
    if (mag < 0x39800000u) // |a| < 2^-12
        return a;
    if (mag >= 0x41100000u) // |a| >= 9: tanh rounds to within 2^-25 of 1
        return as_type<float>(sign | 0x3F800000u);
    float x = as_type<float>(mag);
    float r;
    if (x < 0.55f) {
        float z = x * x;
        float p = 5.90027426e-4f;
        p = fma(p, z, -1.45583437e-3f);
        p = fma(p, z, 3.59212793e-3f);
        p = fma(p, z, -8.86323582e-3f);
        p = fma(p, z, 2.18694881e-2f);
        p = fma(p, z, -5.39682545e-2f);
        p = fma(p, z, 1.33333340e-1f);
        p = fma(p, z, -3.33333343e-1f);
        r = fma(x * z, p, x);
    } else {
        float y = x + x;
        float yh = y * 1.44269502f;
        float yl = fma(y, 1.44269502f, -yh) + y * 1.92596303e-8f;
        float n = rint(yh);
        float e2y = p2m_f32op_exp2_reduced(yh - n) * p2m_f32op_pow2(int(n));
        e2y = fma(e2y * yl, 6.93147182e-1f, e2y); // times 2^yl ~ 1 + yl ln 2
        r = fma(-2.0f, p2m_rcp_rn_f32(e2y + 1.0f), 1.0f);
    }
    return as_type<float>(sign | p2m_f32op_bits(r));
}

// ---------------------------------------------------------------------------------------
// Entry points: min, max
// ---------------------------------------------------------------------------------------

// min.f32/max.f32: a NaN operand is ignored, two give the canonical NaN; -0 < +0. Metal's
// fmin/fmax are IEEE minNum/maxNum (the other operand for one NaN, some NaN for two) and leave
// the sign of a zero result open. Operands that compare equal are not NaNs and have the same
// magnitude bits (both zeros, or the same number), so the result is either of them with the sign
// max takes from both (-0 only if both are) and min from either: one bit operation and a select
// beside fmax, off its dependency chain. Subnormals are kept where the target keeps them
// (non-.ftz instruction); on a flushing target a subnormal operand is the documented deviation
// (operands that compare equal there give the first one's magnitude, which reads as a zero).
// Was an integer-key comparison of about 17 instructions, then a zero test after fmax (7).
static inline float p2m_f32op_min_max_any_nan(float a, float b, bool is_max)
{
    uint ab = p2m_f32op_bits(a);
    uint bb = p2m_f32op_bits(b);
    uint tie = is_max ? ab & (bb | 0x7FFFFFFFu) : ab | (bb & P2M_F32OP_SIGN);
    return a == b ? as_type<float>(tie) : (is_max ? fmax(a, b) : fmin(a, b));
}

static inline float p2m_f32op_min_max(float a, float b, bool is_max)
{
    float m = p2m_f32op_min_max_any_nan(a, b, is_max);
    return isnan(m) ? as_type<float>(P2M_F32_NAN) : m;
}

static inline float p2m_min_f32(float a, float b) { return p2m_f32op_min_max(a, b, false); }

// max.f32: as min.
static inline float p2m_max_f32(float a, float b) { return p2m_f32op_min_max(a, b, true); }

// min.f32/max.f32 whose NaN result (both operands NaN) may be any NaN: where no reader looks at
// its bits (defer-nan-canonicalization decides, and canonicalizes where one does).
static inline float p2m_min_any_nan_f32(float a, float b) { return p2m_f32op_min_max_any_nan(a, b, false); }
static inline float p2m_max_any_nan_f32(float a, float b) { return p2m_f32op_min_max_any_nan(a, b, true); }

// min.NaN.f32: the canonical NaN if either operand is a NaN.
static inline float p2m_min_nan_f32(float a, float b)
{
    if (p2m_f32op_is_nan(p2m_f32op_bits(a)) || p2m_f32op_is_nan(p2m_f32op_bits(b)))
        return p2m_f32op_nan();
    return p2m_min_f32(a, b);
}

// max.NaN.f32.
static inline float p2m_max_nan_f32(float a, float b)
{
    if (p2m_f32op_is_nan(p2m_f32op_bits(a)) || p2m_f32op_is_nan(p2m_f32op_bits(b)))
        return p2m_f32op_nan();
    return p2m_max_f32(a, b);
}

// min.xorsign.abs.f32: min(|a|, |b|) with the sign a.sign ^ b.sign (the sign bits of the
// operands, a NaN's included); a NaN result (both NaN) is the canonical NaN, unsigned.
static inline float p2m_min_xorsign_abs_f32(float a, float b)
{
    uint ab = p2m_f32op_bits(a);
    uint bb = p2m_f32op_bits(b);
    float m = p2m_min_f32(as_type<float>(ab & 0x7FFFFFFFu), as_type<float>(bb & 0x7FFFFFFFu));
    uint mb = p2m_f32op_bits(m);
    if (p2m_f32op_is_nan(mb))
        return m;
    return as_type<float>(mb | ((ab ^ bb) & P2M_F32OP_SIGN));
}

// max.xorsign.abs.f32.
static inline float p2m_max_xorsign_abs_f32(float a, float b)
{
    uint ab = p2m_f32op_bits(a);
    uint bb = p2m_f32op_bits(b);
    float m = p2m_max_f32(as_type<float>(ab & 0x7FFFFFFFu), as_type<float>(bb & 0x7FFFFFFFu));
    uint mb = p2m_f32op_bits(m);
    if (p2m_f32op_is_nan(mb))
        return m;
    return as_type<float>(mb | ((ab ^ bb) & P2M_F32OP_SIGN));
}

// ---------------------------------------------------------------------------------------
// Entry points: testp, sign and clamp operations
// ---------------------------------------------------------------------------------------

// testp.finite.f32: neither infinite nor NaN.
static inline bool p2m_testp_finite_f32(float a)
{
    return (p2m_f32op_bits(a) & 0x7FFFFFFFu) < P2M_F32OP_INF;
}

// testp.infinite.f32: +-inf.
static inline bool p2m_testp_infinite_f32(float a)
{
    return p2m_f32op_is_inf(p2m_f32op_bits(a));
}

// testp.number.f32: not a NaN.
static inline bool p2m_testp_number_f32(float a)
{
    return !p2m_f32op_is_nan(p2m_f32op_bits(a));
}

// testp.notanumber.f32: a NaN.
static inline bool p2m_testp_notanumber_f32(float a)
{
    return p2m_f32op_is_nan(p2m_f32op_bits(a));
}

// testp.normal.f32: finite and not subnormal; the ISA counts +-0 as normal (the H200 agrees).
static inline bool p2m_testp_normal_f32(float a)
{
    uint mag = p2m_f32op_bits(a) & 0x7FFFFFFFu;
    return mag == 0u || (mag >= 0x00800000u && mag < P2M_F32OP_INF);
}

// testp.subnormal.f32: nonzero with a zero exponent field.
static inline bool p2m_testp_subnormal_f32(float a)
{
    uint mag = p2m_f32op_bits(a) & 0x7FFFFFFFu;
    return mag != 0u && mag < 0x00800000u;
}

// copysign.f32 d, a, b: b with the sign bit of a (a bit operation, NaN payloads kept).
static inline float p2m_copysign_f32(float a, float b)
{
    return as_type<float>((p2m_f32op_bits(b) & 0x7FFFFFFFu) | (p2m_f32op_bits(a) & P2M_F32OP_SIGN));
}

// abs.f32: the sign bit cleared; a NaN becomes the canonical NaN (the ISA leaves it
// unspecified; the H200 returns 0x7FFFFFFF for every NaN operand).
static inline float p2m_abs_f32(float a)
{
    uint ab = p2m_f32op_bits(a);
    return p2m_f32op_is_nan(ab) ? p2m_f32op_nan() : as_type<float>(ab & 0x7FFFFFFFu);
}

// neg.f32: the sign bit flipped; a NaN becomes the canonical NaN (as abs).
static inline float p2m_neg_f32(float a)
{
    uint ab = p2m_f32op_bits(a);
    return p2m_f32op_is_nan(ab) ? p2m_f32op_nan() : as_type<float>(ab ^ P2M_F32OP_SIGN);
}

// abs.f32/neg.f32 where no reader looks at a NaN's bits (defer-nan-canonicalization): the sign
// bit alone, which is what IEEE's abs and negate do (bit operations, no rounding, no flush).
// Spelled as the language's operations so that a GPU compiler folds them into the reader as a
// source modifier (free), where integer operations on the bits would stay instructions.
static inline float p2m_abs_bits_f32(float a)
{
    return fabs(a);
}
static inline float p2m_neg_bits_f32(float a)
{
    return -a;
}

// The .sat modifier of f32 arithmetic: clamp to [0, 1], NaN -> +0, -0 -> +0. A NaN and every
// zero or negative number fail `x > 0`; fmin cannot meet a NaN then.
static inline float p2m_sat_f32(float x)
{
    return x > 0.0f ? fmin(x, 1.0f) : 0.0f;
}

// .sat for a result whose every reader ignores the sign of a zero (insert-saturation decides):
// fmax gives the other operand, +0, for a NaN (IEEE maxNum, as Metal's), but leaves the sign of
// max(-0, +0) open. Two instructions instead of three (NVIDIA's compiler folds them into the
// producing FFMA as .SAT).
static inline float p2m_sat_any_zero_f32(float x)
{
    return fmin(fmax(x, 0.0f), 1.0f);
}

#pragma clang diagnostic pop

#endif // P2M_F32_OPS_H
