// div, rcp and sqrt in all four rounding modes against the host's correctly rounded IEEE
// division and square root. sqrt and rcp are swept over every significand of the binades
// where their code paths differ (the scaled computation depends only on the significand and,
// for sqrt, the exponent's parity; the final rounding on the exponent: subnormal inputs,
// subnormal and overflowing results); the [.exhaustive] tests take all 2^32 inputs.
#include "F32Ops.h"
#include "Reference.h"
#include "TestSupport.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <thread>
#include <vector>

using namespace p2m::f32test;
namespace ops = p2m::f32ops;
namespace ref = p2m::f32ref;

namespace {

std::vector<Triple> divInputs(std::uint64_t seed, std::size_t count)
{
    Rng rng(seed);
    std::vector<Triple> v;
    v.reserve(count);
    for (float a : specialValues())
        for (float b : specialValues())
            v.push_back({a, b, 0.0f});
    while (v.size() < count) {
        float a = rng.interesting();
        float b = rng.interesting();
        switch (rng.below(6)) {
        case 0: { // exact quotients and their neighbours: a = b * q with short significands
            float q = fromBits(rng.next32() & 0xFFF80000u);
            b = fromBits(rng.next32() & 0xFFF00000u);
            a = fromBits(bits(q * b) + rng.below(5) - 2u);
            break;
        }
        case 1: { // quotient near the subnormal threshold or overflow
            int ea = static_cast<int>((bits(a) >> 23) & 0xFFu) - 127;
            int target = rng.below(2) == 0 ? -150 + static_cast<int>(rng.below(30))
                                           : 124 + static_cast<int>(rng.below(6));
            b = rng.withExponent(static_cast<std::uint32_t>(std::clamp(127 + ea - target, 0, 254)));
            break;
        }
        default: break;
        }
        if (isNanBits(bits(a)) || isNanBits(bits(b))) {
            if (rng.below(8) != 0)
                continue;
        }
        v.push_back({a, b, 0.0f});
    }
    return v;
}

// Every value with the biased exponent fields `full`, every 61st with the fields `sampled`,
// every 7th negative subnormal, the special values, and random others.
std::vector<Triple> unaryInputs(std::initializer_list<std::uint32_t> full,
                                std::initializer_list<std::uint32_t> sampled, std::uint64_t seed,
                                std::size_t randomCount)
{
    std::vector<Triple> v;
    for (std::uint32_t field : full)
        for (std::uint32_t frac = 0; frac < (1u << 23); ++frac)
            v.push_back({fromBits((field << 23) | frac), 0.0f, 0.0f});
    for (std::uint32_t field : sampled)
        for (std::uint32_t frac = 0; frac < (1u << 23); frac += 61)
            v.push_back({fromBits((field << 23) | frac), 0.0f, 0.0f});
    for (std::uint32_t frac = 0; frac < (1u << 23); frac += 7)
        v.push_back({fromBits(0x80000000u | frac), 0.0f, 0.0f});
    for (float s : specialValues())
        v.push_back({s, 0.0f, 0.0f});
    Rng rng(seed);
    for (std::size_t i = 0; i < randomCount; ++i)
        v.push_back({rng.interesting(), 0.0f, 0.0f});
    return v;
}

// All 2^32 inputs of a unary function in every mode, on two threads; returns a report.
std::string exhaustive(const char *name, float (*op)(float, ops::Mode), float (*reference)(float))
{
    std::string report;
    for (ops::Mode mode : kAllModes) {
        long bad[2] = {0, 0};
        std::uint32_t example[2] = {0, 0};
        auto run = [&](int part) {
            // In chunks: the reference under the mode, then our code in round-to-nearest (as
            // on the GPU).
            constexpr std::uint64_t kChunk = 1u << 16;
            std::vector<std::uint32_t> want(kChunk);
            std::uint64_t begin = part == 0 ? 0 : (1ull << 31), end = begin + (1ull << 31);
            for (std::uint64_t base = begin; base < end; base += kChunk) {
                {
                    ref::RoundingScope scope(mode);
                    for (std::uint64_t i = 0; i < kChunk; ++i)
                        want[i] = expectedBits(reference(fromBits(static_cast<std::uint32_t>(base + i))));
                }
                for (std::uint64_t i = 0; i < kChunk; ++i) {
                    std::uint32_t x = static_cast<std::uint32_t>(base + i);
                    if (bits(op(fromBits(x), mode)) != want[i] && bad[part]++ == 0)
                        example[part] = x;
                }
            }
        };
        std::thread t(run, 1);
        run(0);
        t.join();
        if (bad[0] + bad[1] != 0)
            report += std::string(name) + "." + modeName(mode) + ": " +
                      std::to_string(bad[0] + bad[1]) + " mismatches, e.g. " +
                      hex(fromBits(bad[0] ? example[0] : example[1])) + "\n";
    }
    return report;
}

} // namespace

TEST_CASE("div in every rounding mode", "[f32][div]")
{
    checkAgainstHost("div", 2, divInputs(11, 2'000'000),
                     [](const Triple &t, ops::Mode m) { return ops::div(t[0], t[1], m); },
                     [](const Triple &t) { return ref::div(t[0], t[1]); });
}

TEST_CASE("div.full is the correctly rounded quotient", "[f32][div]")
{
    checkAgainstHost(
        "div.full", 2, divInputs(12, 200'000),
        [](const Triple &t, ops::Mode) { return ops::divFull(t[0], t[1]); },
        [](const Triple &t) { return ref::div(t[0], t[1]); }, true, {ops::RN});
}

TEST_CASE("rcp in every rounding mode", "[f32][rcp]")
{
    // Subnormal inputs (huge results, overflow), [1, 2), and the binades whose reciprocals are
    // subnormal or on the normal/subnormal border.
    checkAgainstHost("rcp", 1, unaryInputs({0u, 127u, 254u}, {1u, 2u, 252u, 253u}, 13, 1'000'000),
                     [](const Triple &t, ops::Mode m) { return ops::rcp(t[0], m); },
                     [](const Triple &t) { return ref::div(1.0f, t[0]); }, false);
}

TEST_CASE("sqrt in every rounding mode", "[f32][sqrt]")
{
    // Subnormals, both exponent parities, the ends of the range.
    checkAgainstHost("sqrt", 1, unaryInputs({0u, 127u, 128u}, {1u, 2u, 253u, 254u}, 14, 1'000'000),
                     [](const Triple &t, ops::Mode m) { return ops::sqrt(t[0], m); },
                     [](const Triple &t) { return ref::sqrt(t[0]); }, false);
}

TEST_CASE("rcp and sqrt under FTZ/DAZ", "[f32][rcp][sqrt]")
{
    std::vector<Triple> in = unaryInputs({}, {0u, 127u, 128u, 254u}, 15, 200'000);
    checkAgainstHost("rcp", 1, in, [](const Triple &t, ops::Mode m) { return ops::rcp(t[0], m); },
                     [](const Triple &t) { return ref::div(1.0f, t[0]); });
    checkAgainstHost("sqrt", 1, in, [](const Triple &t, ops::Mode m) { return ops::sqrt(t[0], m); },
                     [](const Triple &t) { return ref::sqrt(t[0]); });
}

TEST_CASE("rcp over all 2^32 inputs", "[f32][rcp][.exhaustive]")
{
    std::string report = exhaustive(
        "rcp", [](float x, ops::Mode m) { return ops::rcp(x, m); },
        [](float x) { return ref::div(1.0f, x); });
    INFO(report);
    CHECK(report.empty());
}

TEST_CASE("sqrt over all 2^32 inputs", "[f32][sqrt][.exhaustive]")
{
    std::string report = exhaustive(
        "sqrt", [](float x, ops::Mode m) { return ops::sqrt(x, m); },
        [](float x) { return ref::sqrt(x); });
    INFO(report);
    CHECK(report.empty());
}
