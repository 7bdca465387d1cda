// cvt between f64 and f32, f64 and the integer types, and f64 to integral f64.
#include "Reference.h"
#include "TestSupport.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <string>

using namespace p2m::fp64test;
namespace ref = p2m::fp64ref;

namespace {

constexpr std::size_t kRandom = 200000;

std::uint32_t flushF32(std::uint32_t bits)
{
    bool subnormal = (bits & 0x7F800000u) == 0 && (bits & 0x007FFFFFu) != 0;
    return subnormal ? bits & 0x80000000u : bits;
}

std::vector<std::uint32_t> f32Inputs(std::size_t count)
{
    Rng rng(0xF32F32ull);
    std::vector<std::uint32_t> out = {0x00000000u, 0x80000000u, 0x00000001u, 0x807FFFFFu, 0x00800000u,
                                      0x3F800000u, 0x7F7FFFFFu, 0xFF800000u, 0x7F800000u, 0x7FC00000u,
                                      0x7F800001u, 0xFFFFFFFFu, 0x7FFFFFFFu};
    for (std::size_t i = 0; i < count; ++i) {
        std::uint32_t bits = static_cast<std::uint32_t>(rng.next());
        if (rng.next() % 4 == 0)
            bits &= 0x807FFFFFu; // subnormal (or zero)
        out.push_back(bits);
    }
    return out;
}

} // namespace

TEST_CASE("cvt.f32.f64 in every rounding mode, with and without .ftz", "[fp64][cvt]")
{
    std::vector<std::uint64_t> inputs = unaryInputs(kRandom);
    {
        // Plus values around the f32 range: exponents 1023 +- 160 cover overflow, the
        // subnormal f32 range and total underflow.
        Rng rng(0xF64F32ull);
        for (std::size_t i = 0; i < kRandom; ++i)
            inputs.push_back(randomWithExponent(rng, 1023 + rng.range(-160, 130)));
    }
    for (int mode : kModes) {
        Report report(std::string("cvt.f32.f64.") + modeName(mode));
        Report ftz(std::string("cvt.ftz.f32.f64.") + modeName(mode));
        {
            ref::RoundingScope scope(mode);
            checkAll(
                report, inputs, [&](std::uint64_t a) { return p2m_f64_to_f32(a, mode); },
                [&](std::uint64_t a) { return expectedBits(ref::toFloat(toDouble(a)), nanToF32(a)); });
            checkAll(
                ftz, inputs, [&](std::uint64_t a) { return p2m_f64_to_f32_ftz(a, mode); },
                [&](std::uint64_t a) { return flushF32(expectedBits(ref::toFloat(toDouble(a)), nanToF32(a))); });
        }
        P2M_CHECK_REPORT(report);
        P2M_CHECK_REPORT(ftz);
    }
    // A NaN keeps its sign and the top 22 bits of its payload, quietened (measured).
    CHECK(p2m_f64_to_f32(0x7FFC000000000123ull, P2M_F64_RN) == 0x7FE00000u);
    CHECK(p2m_f64_to_f32(0xFFF4000000000AAAull, P2M_F64_RZ) == 0xFFE00000u);
    CHECK(p2m_f64_to_f32_ftz(0x7FF0000020000000ull, P2M_F64_RN) == 0x7FC00001u);
}

TEST_CASE("cvt.f64.f32 is exact, with and without .ftz", "[fp64][cvt]")
{
    const std::vector<std::uint32_t> inputs = f32Inputs(kRandom);
    Report exact("cvt.f64.f32");
    Report ftz("cvt.ftz.f64.f32");
    for (std::uint32_t f : inputs) {
        std::uint64_t want = expectedBits(ref::fromFloat(toFloat(f)), nanFromF32(f));
        std::uint64_t got = p2m_f64_from_f32(f);
        if (got == want)
            exact.pass();
        else
            exact.fail(describe32(f) + ": got " + describe(got) + ", want " + describe(want));
        // .ftz flushes with an f32 multiply, which makes every NaN the canonical f32 NaN (measured).
        std::uint64_t wantFtz = expectedBits(ref::fromFloat(toFloat(flushF32(f))), nanFromF32(kCanonicalNan32));
        std::uint64_t gotFtz = p2m_f64_from_f32_ftz(f);
        if (gotFtz == wantFtz)
            ftz.pass();
        else
            ftz.fail(describe32(f) + ": got " + describe(gotFtz) + ", want " + describe(wantFtz));
    }
    P2M_CHECK_REPORT(exact);
    P2M_CHECK_REPORT(ftz);
    // The float-valued wrappers only move bits.
    CHECK(p2m_f64_from_float(1.5f) == toBits(1.5));
    CHECK(toBits(p2m_f64_to_float(toBits(1.0 / 3.0), P2M_F64_RP)) == 0x3EAAAAABu);
    CHECK(toBits(p2m_f64_to_float(toBits(std::ldexp(1.0, -149)), P2M_F64_RN)) == 0x00000001u);
    // A NaN keeps its sign and payload, quietened (measured); .ftz canonicalises it first.
    CHECK(p2m_f64_from_f32(0x7FA00123u) == 0x7FFC002460000000ull);
    CHECK(p2m_f64_from_f32(0xFFC00001u) == 0xFFF8000020000000ull);
    CHECK(p2m_f64_from_f32_ftz(0x7FA00123u) == 0x7FFFFFFFE0000000ull);
}

TEST_CASE("cvt.rXi.{s32,u32,s64,u64}.f64 saturate as PTX specifies", "[fp64][cvt]")
{
    const std::vector<std::uint64_t> inputs = toIntegerInputs(kRandom);
    for (int mode : kModes) {
        std::string suffix = std::string(".") + modeName(mode) + "i";
        Report s32("cvt.s32.f64" + suffix), u32("cvt.u32.f64" + suffix);
        Report s64("cvt.s64.f64" + suffix), u64("cvt.u64.f64" + suffix);
        checkAll(
            s32, inputs, [&](std::uint64_t a) { return std::int32_t{p2m_f64_to_s32(a, mode)}; },
            [&](std::uint64_t a) { return ref::toS32(toDouble(a), mode); });
        checkAll(
            u32, inputs, [&](std::uint64_t a) { return std::uint32_t{p2m_f64_to_u32(a, mode)}; },
            [&](std::uint64_t a) { return ref::toU32(toDouble(a), mode); });
        checkAll(
            s64, inputs, [&](std::uint64_t a) { return std::int64_t{p2m_f64_to_s64(a, mode)}; },
            [&](std::uint64_t a) { return ref::toS64(toDouble(a), mode); });
        checkAll(
            u64, inputs, [&](std::uint64_t a) { return std::uint64_t{p2m_f64_to_u64(a, mode)}; },
            [&](std::uint64_t a) { return ref::toU64(toDouble(a), mode); });
        P2M_CHECK_REPORT(s32);
        P2M_CHECK_REPORT(u32);
        P2M_CHECK_REPORT(s64);
        P2M_CHECK_REPORT(u64);
    }
    // The saturation rules spelled out.
    const std::uint64_t nan = 0x7FF8000000000000ull, inf = 0x7FF0000000000000ull;
    const std::uint64_t minusInf = inf | 1ull << 63, minusOne = toBits(-1.0);
    CHECK(p2m_f64_to_s32(nan, P2M_F64_RZ) == -2147483647 - 1); // as the H200 (tests/exec)
    CHECK(p2m_f64_to_u64(nan, P2M_F64_RN) == 0x8000000000000000ull); // as the H200 (tests/exec)
    CHECK(p2m_f64_to_s32(inf, P2M_F64_RZ) == 2147483647);
    CHECK(p2m_f64_to_s32(minusInf, P2M_F64_RZ) == -2147483647 - 1);
    CHECK(p2m_f64_to_u32(minusOne, P2M_F64_RZ) == 0u);
    CHECK(p2m_f64_to_u32(toBits(4294967295.5), P2M_F64_RN) == 4294967295u);
    CHECK(p2m_f64_to_s64(toBits(std::ldexp(1.0, 63)), P2M_F64_RZ) == 9223372036854775807L);
    CHECK(p2m_f64_to_s64(toBits(-std::ldexp(1.0, 63)), P2M_F64_RZ) == -9223372036854775807L - 1);
    CHECK(p2m_f64_to_u64(toBits(std::ldexp(1.0, 64)), P2M_F64_RZ) == ~0ul);
    CHECK(p2m_f64_to_s32(toBits(2.5), P2M_F64_RN) == 2);
    CHECK(p2m_f64_to_s32(toBits(-2.5), P2M_F64_RM) == -3);
}

TEST_CASE("cvt.rX.f64.{s32,u32,s64,u64} in every rounding mode", "[fp64][cvt]")
{
    const std::vector<std::uint64_t> inputs = integerInputs(kRandom);
    for (int mode : kModes) {
        std::string suffix = std::string(".") + modeName(mode);
        Report s32("cvt.f64.s32" + suffix), u32("cvt.f64.u32" + suffix);
        Report s64("cvt.f64.s64" + suffix), u64("cvt.f64.u64" + suffix);
        {
            ref::RoundingScope scope(mode);
            checkAll(
                s32, inputs,
                [&](std::uint64_t v) { return p2m_f64_from_s32(static_cast<int>(static_cast<std::uint32_t>(v)), mode); },
                [&](std::uint64_t v) {
                    return toBits(ref::fromS32(static_cast<std::int32_t>(static_cast<std::uint32_t>(v))));
                });
            checkAll(
                u32, inputs, [&](std::uint64_t v) { return p2m_f64_from_u32(static_cast<uint>(v), mode); },
                [&](std::uint64_t v) { return toBits(ref::fromU32(static_cast<std::uint32_t>(v))); });
            checkAll(
                s64, inputs, [&](std::uint64_t v) { return p2m_f64_from_s64(static_cast<long>(v), mode); },
                [&](std::uint64_t v) { return toBits(ref::fromS64(static_cast<std::int64_t>(v))); });
            checkAll(
                u64, inputs, [&](std::uint64_t v) { return p2m_f64_from_u64(v, mode); },
                [&](std::uint64_t v) { return toBits(ref::fromU64(v)); });
        }
        P2M_CHECK_REPORT(s32);
        P2M_CHECK_REPORT(u32);
        P2M_CHECK_REPORT(s64);
        P2M_CHECK_REPORT(u64);
    }
}

TEST_CASE("cvt.rXi.f64.f64 rounds to integral values in every mode", "[fp64][cvt]")
{
    const std::vector<std::uint64_t> inputs = toIntegerInputs(kRandom);
    for (int mode : kModes) {
        Report report(std::string("cvt.") + modeName(mode) + "i.f64.f64");
        checkAll(
            report, inputs, [&](std::uint64_t a) { return p2m_f64_round_to_integral(a, mode); },
            [&](std::uint64_t a) { return expectedBits(ref::roundToIntegral(toDouble(a), mode), quieted(a)); });
        P2M_CHECK_REPORT(report);
    }
    // Signs of zero results follow the input.
    CHECK(p2m_f64_round_to_integral(toBits(-0.25), P2M_F64_RN) == toBits(-0.0));
    CHECK(p2m_f64_round_to_integral(toBits(-0.25), P2M_F64_RP) == toBits(-0.0));
    CHECK(p2m_f64_round_to_integral(toBits(-0.25), P2M_F64_RM) == toBits(-1.0));
    CHECK(p2m_f64_round_to_integral(toBits(0.5), P2M_F64_RN) == toBits(0.0));
    CHECK(p2m_f64_round_to_integral(toBits(1.5), P2M_F64_RN) == toBits(2.0));
    CHECK(p2m_f64_round_to_integral(toBits(2.5), P2M_F64_RN) == toBits(2.0));
    CHECK(p2m_f64_round_to_integral(0xFFF4000000000AAAull, P2M_F64_RZ) == 0xFFFC000000000AAAull);
}
