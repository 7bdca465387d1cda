// min/max (all variants), testp, copysign, abs, neg and .sat: rules from the PTX ISA and the
// H200 measurements (docs/gpu-facts.md), checked over every pair of special values and random
// pairs; plus the header's own constraints (MSL subset, constants).
#include "F32Ops.h"
#include "TestSupport.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace p2m::f32test;
namespace ops = p2m::f32ops;

namespace {

std::vector<std::pair<float, float>> pairs()
{
    std::vector<std::pair<float, float>> v;
    for (float a : specialValues())
        for (float b : specialValues())
            v.emplace_back(a, b);
    Rng rng(21);
    for (int i = 0; i < 300'000; ++i) {
        float a = rng.interesting();
        float b = rng.below(4) == 0 ? fromBits(bits(a) ^ 0x80000000u) : rng.interesting();
        v.emplace_back(a, b);
    }
    return v;
}

// PTX's min/max on non-NaN operands: the smaller/larger with -0 < +0, bits unchanged.
float minOrdered(float a, float b)
{
    if (a == b)
        return std::signbit(a) ? a : b;
    return a < b ? a : b;
}

float maxOrdered(float a, float b)
{
    if (a == b)
        return std::signbit(a) ? b : a;
    return a > b ? a : b;
}

std::uint32_t minNumRef(float a, float b, bool isMax)
{
    bool na = isNanBits(bits(a)), nb = isNanBits(bits(b));
    if (na && nb)
        return kCanonicalNan;
    if (na)
        return bits(b);
    if (nb)
        return bits(a);
    return bits(isMax ? maxOrdered(a, b) : minOrdered(a, b));
}

} // namespace

TEST_CASE("min and max", "[f32][minmax]")
{
    Mismatches bad;
    for (auto [a, b] : pairs()) {
        bool anyNan = isNanBits(bits(a)) || isNanBits(bits(b));
        std::uint32_t mn = minNumRef(a, b, false), mx = minNumRef(a, b, true);
        auto expect = [&](const char *op, float got, std::uint32_t want) {
            if (bits(got) != want)
                bad.add(describe(op, ops::RN, {a, b}, got, want));
        };
        expect("min", ops::min(a, b), mn);
        expect("max", ops::max(a, b), mx);
        // The forms whose NaN result may be any NaN: the same bits otherwise.
        auto expectAnyNan = [&](const char *op, float got, std::uint32_t want) {
            if (bits(got) != want && !(want == kCanonicalNan && isNanBits(bits(got))))
                bad.add(describe(op, ops::RN, {a, b}, got, want));
        };
        expectAnyNan("min (any NaN)", ops::minAnyNan(a, b), mn);
        expectAnyNan("max (any NaN)", ops::maxAnyNan(a, b), mx);
        expect("min.NaN", ops::minNan(a, b), anyNan ? kCanonicalNan : mn);
        expect("max.NaN", ops::maxNan(a, b), anyNan ? kCanonicalNan : mx);
        // .xorsign.abs: min/max of the magnitudes with the XOR of the operands' sign bits; a NaN
        // result (both operands NaN) is the canonical NaN.
        std::uint32_t sx = (bits(a) ^ bits(b)) & 0x80000000u;
        float aa = fromBits(bits(a) & 0x7FFFFFFFu), ab = fromBits(bits(b) & 0x7FFFFFFFu);
        std::uint32_t mna = minNumRef(aa, ab, false), mxa = minNumRef(aa, ab, true);
        expect("min.xorsign.abs", ops::minXorsignAbs(a, b), isNanBits(mna) ? mna : mna | sx);
        expect("max.xorsign.abs", ops::maxXorsignAbs(a, b), isNanBits(mxa) ? mxa : mxa | sx);
    }
    INFO(bad.report());
    CHECK(bad.count() == 0);
    CHECK(bits(ops::min(0.0f, -0.0f)) == 0x80000000u);
    CHECK(bits(ops::min(-0.0f, 0.0f)) == 0x80000000u);
    CHECK(bits(ops::max(0.0f, -0.0f)) == 0u);
    CHECK(bits(ops::max(-0.0f, 0.0f)) == 0u);
}

TEST_CASE("testp over every class", "[f32][testp]")
{
    Mismatches bad;
    Rng rng(22);
    std::vector<float> inputs = specialValues();
    for (int i = 0; i < 1'000'000; ++i)
        inputs.push_back(rng.interesting());
    for (float a : inputs) {
        int c = std::fpclassify(a);
        bool checks[6][2] = {
            {ops::testpFinite(a), std::isfinite(a)},
            {ops::testpInfinite(a), std::isinf(a)},
            {ops::testpNumber(a), !std::isnan(a)},
            {ops::testpNotanumber(a), std::isnan(a)},
            {ops::testpNormal(a), c == FP_NORMAL || c == FP_ZERO}, // ISA: zeros are normal
            {ops::testpSubnormal(a), c == FP_SUBNORMAL},
        };
        for (int k = 0; k < 6; ++k)
            if (checks[k][0] != checks[k][1])
                bad.add("testp #" + std::to_string(k) + " of " + hex(a));
    }
    INFO(bad.report());
    CHECK(bad.count() == 0);
}

TEST_CASE("copysign is a bit operation; abs and neg canonicalize NaNs", "[f32][bits]")
{
    // Measured on an H200 with register operands: copysign keeps NaN payloads, abs and neg
    // return 0x7FFFFFFF for every NaN and act on the sign bit otherwise (subnormals kept).
    Mismatches bad;
    for (auto [a, b] : pairs()) {
        std::uint32_t want = (bits(b) & 0x7FFFFFFFu) | (bits(a) & 0x80000000u);
        if (bits(ops::copysign(a, b)) != want)
            bad.add(describe("copysign", ops::RN, {a, b}, ops::copysign(a, b), want));
        bool nan = isNanBits(bits(a));
        std::uint32_t absWant = nan ? kCanonicalNan : bits(a) & 0x7FFFFFFFu;
        std::uint32_t negWant = nan ? kCanonicalNan : bits(a) ^ 0x80000000u;
        if (bits(ops::abs(a)) != absWant)
            bad.add(describe("abs", ops::RN, {a}, ops::abs(a), absWant));
        if (bits(ops::neg(a)) != negWant)
            bad.add(describe("neg", ops::RN, {a}, ops::neg(a), negWant));
        // The forms for results whose NaN bits no one reads: the sign bit alone.
        if (bits(ops::absBits(a)) != (bits(a) & 0x7FFFFFFFu))
            bad.add(describe("abs (bits)", ops::RN, {a}, ops::absBits(a), bits(a) & 0x7FFFFFFFu));
        if (bits(ops::negBits(a)) != (bits(a) ^ 0x80000000u))
            bad.add(describe("neg (bits)", ops::RN, {a}, ops::negBits(a), bits(a) ^ 0x80000000u));
    }
    INFO(bad.report());
    CHECK(bad.count() == 0);
}

TEST_CASE(".sat clamps to [0, 1] with NaN -> +0 (the any-zero form: either zero)", "[f32][sat]")
{
    Mismatches bad;
    std::vector<float> inputs = specialValues();
    Rng rng(23);
    for (int i = 0; i < 300'000; ++i)
        inputs.push_back(rng.interesting());
    for (float x : inputs) {
        std::uint32_t want = std::isnan(x) || x <= 0.0f ? 0u : x >= 1.0f ? 0x3F800000u : bits(x);
        if (bits(ops::sat(x)) != want)
            bad.add(describe("sat", ops::RN, {x}, ops::sat(x), want));
        // The form for results whose zero sign no one reads: the same up to that sign.
        std::uint32_t anyZero = bits(ops::satAnyZero(x));
        if (anyZero != want && !(want == 0u && anyZero == 0x80000000u))
            bad.add(describe("sat (any zero)", ops::RN, {x}, ops::satAnyZero(x), want));
    }
    INFO(bad.report());
    CHECK(bad.count() == 0);
}

TEST_CASE("f32_ops.h stays in the MSL subset", "[f32][header]")
{
    std::ifstream in(P2M_SOURCE_ROOT "/emitters/msl/support/f32_ops.h");
    std::ostringstream text;
    text << in.rdbuf();
    const std::string s = text.str();
    REQUIRE(!s.empty());
    for (const char *forbidden : {"double", "long long", "goto", "std::", "#include", "__", "int128",
                                  "template", "throw", "new ", "delete"}) {
        INFO("forbidden token: " << forbidden);
        CHECK(s.find(forbidden) == std::string::npos);
    }
    CHECK(ops::canonicalNan() == kCanonicalNan);
    for (ops::Mode m : kAllModes)
        CHECK(ops::modeConstant(m) == static_cast<int>(m));
}
