// ptx2metal MSL support library: --fp64=demote, f64 arithmetic done in float.
//
// With --fp64=demote the translator trades binary64's precision for speed: f64 values keep
// their binary64 bits everywhere (registers, memory, shuffles, parameters: bit manipulation
// of doubles, such as mov.b64 {lo, hi}, stays exact), but add, sub, mul, fma, div, rcp and
// sqrt round their operands to float (to nearest), compute in float with the target's float
// arithmetic (Metal's safe math: subnormals flushed on Apple GPUs), and widen the result back
// exactly. PTX's rounding modifiers are not honoured (the float operation rounds to nearest);
// values beyond float's range become infinities or zeros. Comparisons, conversions, min/max,
// abs/neg and the .approx instructions keep the exact binary64 helpers of fp64.h.
//
// Builds on fp64.h (p2m_f64_to_float, p2m_f64_from_float). Valid as MSL and as C++17 against
// tests/unit/msl-support/MslShim.h, like fp64.h.
#ifndef P2M_FP64_DEMOTE_H
#define P2M_FP64_DEMOTE_H

// Unused helpers must not warn once pasted into the main source file (as in fp64.h).
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wunused-function"

static inline float p2m_f64_demoted(ulong a) { return p2m_f64_to_float(a, P2M_F64_RN); }

static inline ulong p2m_f64_demote_add(ulong a, ulong b, int /*mode*/)
{
    return p2m_f64_from_float(p2m_f64_demoted(a) + p2m_f64_demoted(b));
}
static inline ulong p2m_f64_demote_sub(ulong a, ulong b, int /*mode*/)
{
    return p2m_f64_from_float(p2m_f64_demoted(a) - p2m_f64_demoted(b));
}
static inline ulong p2m_f64_demote_mul(ulong a, ulong b, int /*mode*/)
{
    return p2m_f64_from_float(p2m_f64_demoted(a) * p2m_f64_demoted(b));
}
static inline ulong p2m_f64_demote_fma(ulong a, ulong b, ulong c, int /*mode*/)
{
    return p2m_f64_from_float(fma(p2m_f64_demoted(a), p2m_f64_demoted(b), p2m_f64_demoted(c)));
}
static inline ulong p2m_f64_demote_div(ulong a, ulong b, int /*mode*/)
{
    return p2m_f64_from_float(p2m_f64_demoted(a) / p2m_f64_demoted(b));
}
static inline ulong p2m_f64_demote_rcp(ulong a, int /*mode*/)
{
    return p2m_f64_from_float(1.0f / p2m_f64_demoted(a));
}
static inline ulong p2m_f64_demote_sqrt(ulong a, int /*mode*/)
{
    return p2m_f64_from_float(sqrt(p2m_f64_demoted(a)));
}

#pragma clang diagnostic pop

#endif // P2M_FP64_DEMOTE_H
