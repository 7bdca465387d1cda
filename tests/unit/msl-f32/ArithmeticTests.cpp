// add, sub, mul and fma in all four rounding modes, bit for bit against the host's IEEE
// arithmetic under fesetround, over millions of generated inputs weighted toward the hard
// cases (cancellation, operands far apart, products and sums near the subnormal and overflow
// thresholds). Each set is run twice: on an IEEE host, and again with the host's FTZ/DAZ set,
// which must not change any result (the header never lets the FPU see a subnormal).
#include "F32Ops.h"
#include "Reference.h"
#include "TestSupport.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

using namespace p2m::f32test;
namespace ops = p2m::f32ops;
namespace ref = p2m::f32ref;

namespace {

constexpr std::size_t kCount = 1'500'000;

// A float with the exponent field of x moved by `delta` (clamped to the finite range), sign
// and significand random.
float nearExponent(Rng &rng, float x, int delta)
{
    int field = static_cast<int>((bits(x) >> 23) & 0xFFu) + delta;
    field = field < 0 ? 0 : field > 254 ? 254 : field;
    return rng.withExponent(static_cast<std::uint32_t>(field));
}

// x with its bit pattern moved by up to +-4 (a neighbour of x, or x itself).
float jitter(Rng &rng, float x)
{
    std::uint32_t b = bits(x) + rng.below(9) - 4u;
    return isNanBits(b) ? x : fromBits(b);
}

std::vector<Triple> addInputs(std::uint64_t seed)
{
    Rng rng(seed);
    std::vector<Triple> v;
    v.reserve(kCount);
    for (float a : specialValues())
        for (float b : specialValues())
            v.push_back({a, b, 0.0f});
    while (v.size() < kCount) {
        float a = rng.interesting();
        float b;
        switch (rng.below(6)) {
        case 0: b = fromBits(bits(jitter(rng, a)) ^ 0x80000000u); break; // cancellation
        case 1: b = nearExponent(rng, a, -static_cast<int>(rng.below(64))); break;
        case 2: b = nearExponent(rng, a, static_cast<int>(rng.below(5)) - 2); break;
        default: b = rng.interesting(); break;
        }
        v.push_back({a, b, 0.0f});
    }
    return v;
}

std::vector<Triple> mulInputs(std::uint64_t seed)
{
    Rng rng(seed);
    std::vector<Triple> v;
    v.reserve(kCount);
    for (float a : specialValues())
        for (float b : specialValues())
            v.push_back({a, b, 0.0f});
    while (v.size() < kCount) {
        float a = rng.interesting();
        float b;
        int ea = static_cast<int>((bits(a) >> 23) & 0xFFu) - 127;
        switch (rng.below(4)) {
        case 0: // product near the subnormal range: ea + eb in [-160, -115]
            b = rng.withExponent(static_cast<std::uint32_t>(
                std::clamp(127 - 115 - ea - static_cast<int>(rng.below(46)), 0, 254)));
            break;
        case 1: // product near overflow: ea + eb in [125, 129]
            b = rng.withExponent(static_cast<std::uint32_t>(
                std::clamp(127 + 125 - ea + static_cast<int>(rng.below(5)), 0, 254)));
            break;
        default: b = rng.interesting(); break;
        }
        v.push_back({a, b, 0.0f});
    }
    return v;
}

std::vector<Triple> fmaInputs(std::uint64_t seed)
{
    Rng rng(seed);
    std::vector<Triple> v;
    v.reserve(kCount);
    const std::vector<float> &s = specialValues();
    for (float a : s)
        for (float b : s)
            for (std::size_t i = 0; i < s.size(); i += 3)
                v.push_back({a, b, s[i]});
    while (v.size() < kCount) {
        float a = rng.interesting();
        float b = rng.interesting();
        if (rng.below(3) == 0) { // keep the product finite and nonzero more often
            int ea = static_cast<int>((bits(a) >> 23) & 0xFFu) - 127;
            b = rng.withExponent(static_cast<std::uint32_t>(
                std::clamp(127 - ea + static_cast<int>(rng.below(300)) - 150, 0, 254)));
        }
        float p = a * b;
        float c;
        switch (rng.below(7)) {
        case 0: c = fromBits(bits(jitter(rng, p)) ^ 0x80000000u); break; // cancellation
        case 1: c = nearExponent(rng, p, -static_cast<int>(rng.below(80))); break;
        case 2: c = nearExponent(rng, p, static_cast<int>(rng.below(80))); break;
        case 3: c = nearExponent(rng, p, static_cast<int>(rng.below(9)) - 4); break;
        case 4: c = rng.withExponent(rng.below(3)); break;               // tiny addend
        default: c = rng.interesting(); break;
        }
        v.push_back({a, b, c});
    }
    return v;
}

} // namespace

TEST_CASE("add in every rounding mode", "[f32][arith]")
{
    checkAgainstHost("add", 2, addInputs(1),
          [](const Triple &t, ops::Mode m) { return ops::add(t[0], t[1], m); },
          [](const Triple &t) { return ref::add(t[0], t[1]); });
}

TEST_CASE("sub in every rounding mode", "[f32][arith]")
{
    checkAgainstHost("sub", 2, addInputs(2),
          [](const Triple &t, ops::Mode m) { return ops::sub(t[0], t[1], m); },
          [](const Triple &t) { return ref::sub(t[0], t[1]); });
}

TEST_CASE("mul in every rounding mode", "[f32][arith]")
{
    checkAgainstHost("mul", 2, mulInputs(3),
          [](const Triple &t, ops::Mode m) { return ops::mul(t[0], t[1], m); },
          [](const Triple &t) { return ref::mul(t[0], t[1]); });
}

TEST_CASE("fma in every rounding mode", "[f32][arith]")
{
    checkAgainstHost("fma", 3, fmaInputs(4),
          [](const Triple &t, ops::Mode m) { return ops::fma(t[0], t[1], t[2], m); },
          [](const Triple &t) { return ref::fma(t[0], t[1], t[2]); });
}

// fma.rm/.rp rounding to an integer, as expf's range reduction does (fma.rm(sat(t), 252,
// 1.5 2^23 + 1)): the result is within a factor of two of the addend, the residual's one-fma
// path. Multipliers in [2^-40, 1]: 0.1% apart up to 2^-6, then 2^-16 apart; also negated.
TEST_CASE("fma rounding to an integer near the addend", "[f32][arith]")
{
    std::vector<Triple> v;
    for (float a = 0x1p-40f; a <= 1.0f; a = std::max(a * 1.001f, a + 0x1p-16f)) {
        v.push_back({a, 252.0f, 12582913.0f});
        v.push_back({-a, 252.0f, -12582913.0f});
        v.push_back({a, -3.0f, 1.0f});
    }
    checkAgainstHost("fma near the addend", 3, v,
          [](const Triple &t, ops::Mode m) { return ops::fma(t[0], t[1], t[2], m); },
          [](const Triple &t) { return ref::fma(t[0], t[1], t[2]); });
}

// The short form lower-rounding-and-ftz calls where the operands' ranges keep the exact result
// in the addend's binade: c with an exponent in [-55, 125], every nonzero product at least
// 2^-126. Inputs meeting those conditions: expf's range reduction over all of sat's [0, 1]
// outputs that matter (zero, tiny, and a sweep), then random addends and sums in their binade.
TEST_CASE("fma in the addend's binade (the translator's short form)", "[f32][arith]")
{
    std::vector<Triple> v{{0.0f, 252.0f, 12582913.0f}, {1.0f, 252.0f, 12582913.0f}, {0x1p-126f, 252.0f, 12582913.0f}};
    // Zero products of either sign: the exact result is c, which no mode may step away from.
    for (float z : {0.0f, -0.0f})
        for (float b : {252.0f, -252.0f})
            for (float c : {12582913.0f, -12582913.0f, 1.0f, -1.0f, 0x1p-55f, -0x1p125f})
                v.push_back({z, b, c});
    for (float a = 0x1p-126f; a <= 1.0f; a = std::max(a * 1.0001f, a + 0x1p-20f))
        v.push_back({a, 252.0f, 12582913.0f});
    Rng rng(11);
    while (v.size() < 2 * kCount) {
        int e = static_cast<int>(rng.below(181)) - 55;
        float c = rng.withExponent(static_cast<std::uint32_t>(e + 127));
        float top = std::ldexp(1.0f, e + 1), bottom = std::ldexp(1.0f, e);
        float mag = std::fabs(c);
        // A target sum in c's binade, and a product near target - c split into a * b.
        float target = bottom + (top - bottom) * static_cast<float>(rng.below(1u << 20)) * 0x1p-20f;
        float p = target - mag;
        float a = rng.withExponent(static_cast<std::uint32_t>(127 + static_cast<int>(rng.below(41)) - 20));
        float b = p / a;
        if (!std::isfinite(b) || (p != 0.0f && std::fabs(a * b) < 0x1p-126f))
            continue;
        // Keep it only where the exact sum stays in the binade (checked in double: exact here).
        double sum = static_cast<double>(a) * b + mag;
        if (sum < bottom || sum >= top)
            continue;
        bool negative = (bits(c) >> 31) != 0u;
        v.push_back({negative ? -a : a, b, c});
    }
    checkAgainstHost("fma in the addend's binade", 3, v,
          [](const Triple &t, ops::Mode m) { return ops::fmaInBinade(t[0], t[1], t[2], m); },
          [](const Triple &t) { return ref::fma(t[0], t[1], t[2]); }, true, {ops::RZ, ops::RM, ops::RP});
}

TEST_CASE("signed zeros of exact zero results", "[f32][arith]")
{
    const float pz = 0.0f, nz = -0.0f;
    // IEEE 754 6.3: x + (-x) and zero sums are +0 except toward -infinity (then -0), and
    // -0 + -0 = -0 in every mode.
    for (ops::Mode m : kAllModes) {
        std::uint32_t cancel = m == ops::RM ? 0x80000000u : 0u;
        CHECK(bits(ops::add(1.5f, -1.5f, m)) == cancel);
        CHECK(bits(ops::sub(1.5f, 1.5f, m)) == cancel);
        CHECK(bits(ops::add(pz, nz, m)) == cancel);
        CHECK(bits(ops::add(nz, nz, m)) == 0x80000000u);
        CHECK(bits(ops::add(pz, pz, m)) == 0u);
        CHECK(bits(ops::fma(2.0f, 3.0f, -6.0f, m)) == cancel);
        CHECK(bits(ops::fma(nz, 3.0f, pz, m)) == cancel);
        CHECK(bits(ops::fma(nz, 3.0f, nz, m)) == 0x80000000u);
        CHECK(bits(ops::mul(nz, 3.0f, m)) == 0x80000000u);
    }
}
