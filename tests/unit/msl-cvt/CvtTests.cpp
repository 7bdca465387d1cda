// cvt_ops.h against the host reference (Reference.cpp) and the rules measured on an H200
// (docs/gpu-facts.md): exhaustively over every f16 and bf16 input, and over edge values plus
// one million random values for f32 and integer sources.
#include "Kernels.h"
#include "Reference.h"
#include "TestInputs.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

namespace p2m::mslcvt::test {
namespace {

using ref::kBF16;
using ref::kF16;
using ref::kF32;
using ref::kTF32;

constexpr int kRandomCount = 1000000;

float floatOf(std::uint32_t bits)
{
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
}

// Edge values, then random ones: at least kRandomCount in all.
std::vector<std::uint32_t> f32Inputs()
{
    std::vector<std::uint32_t> v = f32EdgeInputs();
    Random r(0x5EEDF32);
    for (int i = 0; i < kRandomCount; ++i)
        v.push_back(f32RandomInput(r));
    return v;
}

std::vector<std::uint64_t> intInputs()
{
    std::vector<std::uint64_t> v = intEdgeInputs();
    Random r(0x5EED1A7);
    for (int i = 0; i < kRandomCount; ++i)
        v.push_back(intRandomInput(r));
    return v;
}

// NaN -> 0 for 8/16/32-bit destinations, 0x8000000000000000 for s64/u64 (H200).
std::uint64_t intNaNResult(int dst)
{
    return dst >= S64 ? 0x8000000000000000ull : 0ull;
}

// The f32 -> narrow reference, with .relu and .satfinite (variant as in Kernels.h).
std::uint32_t narrowRef(std::uint32_t x, int variant, ref::Format f, std::uint32_t nan)
{
    const std::uint32_t sign = 1u << (f.mbits + f.ebits);
    const std::uint32_t inf = ((1u << f.ebits) - 1u) << f.mbits;
    if (ref::isNaN(x, kF32))
        return nan;
    const bool relu = variant == RN_RELU || variant == RZ_RELU || variant == RN_RELU_SF || variant == RZ_RELU_SF;
    const bool satfinite = variant >= RN_SF;
    const int mode = variant < 4 ? variant : (variant % 2 == 0 ? 0 : 1);
    if (relu && (x >> 31) != 0)
        return 0;
    std::uint32_t r = ref::isInf(x, kF32) ? ((x >> 31) != 0 ? sign : 0u) | inf
                                          : ref::round(ref::decode(x, kF32), mode, f);
    if (satfinite && (r & (sign - 1u)) == inf)
        r = (r & sign) | (inf - 1u);
    return r;
}

std::uint32_t widenTF32(std::uint32_t r)
{
    return ((r & 0x40000u) << 13) | ((r & 0x3FFFFu) << 13);
}

// The integer source type's value, from the low bits of v.
long double intValue(std::uint64_t v, int src)
{
    switch (src) {
    case S8: return static_cast<std::int8_t>(v);
    case U8: return static_cast<std::uint8_t>(v);
    case S16: return static_cast<std::int16_t>(v);
    case U16: return static_cast<std::uint16_t>(v);
    case S32: return static_cast<std::int32_t>(v);
    case U32: return static_cast<std::uint32_t>(v);
    case S64: return static_cast<std::int64_t>(v);
    default: return static_cast<long double>(v);
    }
}

} // namespace

TEST_CASE("f16 sources, every input: widening, rounding to integral, to bf16, to integers, .sat",
          "[msl-cvt][f16]")
{
    long failures = 0, checks = 0;
    for (std::uint32_t h = 0; h < 65536; ++h) {
        const auto hb = static_cast<std::uint16_t>(h);
        const bool nan = ref::isNaN(h, kF16);
        const long double v = nan ? 0.0L : ref::decode(h, kF16);
        // cvt.f32.f16: exact; NaN -> 0x7FFFFFFF.
        const std::uint32_t f32 = nan ? 0x7FFFFFFFu : ref::isInf(h, kF16) ? ((h & 0x8000u) << 16) | 0x7F800000u
                                                                          : ref::round(v, 0, kF32);
        failures += cvtF16ToF32(hb) != f32;
        ++checks;
        for (int m = 0; m < 4; ++m) {
            const std::uint32_t rint = nan ? 0x7FFFu : ref::isInf(h, kF16) ? h : ref::round(ref::roundToIntegral(v, m), 0, kF16);
            const std::uint32_t bf = nan ? 0x7FFFu : ref::isInf(h, kF16) ? ((h & 0x8000u) | 0x7F80u) : ref::round(v, m, kBF16);
            failures += cvtRintF16(hb, m) != rint;
            failures += cvtF16ToBF16(hb, m) != bf;
            checks += 2;
            for (int d = 0; d < 8; ++d) {
                const std::uint64_t want = nan ? intNaNResult(d) : ref::toInt(ref::isInf(h, kF16) ? (h & 0x8000u ? -INFINITY : INFINITY) : v, m, d);
                if (cvtF16ToInt(hb, m, d) != want) {
                    if (++failures < 10)
                        FAIL_CHECK("cvt f16 " << std::hex << h << " mode " << m << " dst " << d << ": got "
                                              << cvtF16ToInt(hb, m, d) << ", want " << want);
                }
                ++checks;
            }
        }
        // .sat: [0, 1], NaN and negative values (-0 too) -> +0.
        const std::uint16_t sat = nan || (h & 0x8000u) ? 0 : (h >= 0x3C00u ? 0x3C00 : hb);
        failures += satF16(hb) != sat;
        ++checks;
    }
    INFO(checks << " checks");
    CHECK(failures == 0);
    CHECK(checks > 2000000);
}

TEST_CASE("bf16 sources, every input: widening, rounding to integral, to f16, to integers",
          "[msl-cvt][bf16]")
{
    long failures = 0, checks = 0;
    for (std::uint32_t b = 0; b < 65536; ++b) {
        const auto bb = static_cast<std::uint16_t>(b);
        const bool nan = ref::isNaN(b, kBF16);
        const bool inf = ref::isInf(b, kBF16);
        const long double v = nan || inf ? 0.0L : ref::decode(b, kBF16);
        failures += cvtBF16ToF32(bb) != b << 16; // a shift, NaN payloads kept
        ++checks;
        for (int m = 0; m < 4; ++m) {
            const std::uint32_t rint = nan ? 0x7FFFu : inf ? b : ref::round(ref::roundToIntegral(v, m), 0, kBF16);
            const std::uint32_t h = nan ? 0x7FFFu : inf ? ((b & 0x8000u) | 0x7C00u) : ref::round(v, m, kF16);
            if (cvtRintBF16(bb, m) != rint || cvtBF16ToF16(bb, m) != h) {
                if (++failures < 10)
                    FAIL_CHECK("bf16 " << std::hex << b << " mode " << m << ": rint " << cvtRintBF16(bb, m)
                                       << " want " << rint << ", f16 " << cvtBF16ToF16(bb, m) << " want " << h);
            }
            checks += 2;
            for (int d = 0; d < 8; ++d) {
                const std::uint64_t want = nan ? intNaNResult(d) : ref::toInt(inf ? (b & 0x8000u ? -INFINITY : INFINITY) : v, m, d);
                failures += cvtBF16ToInt(bb, m, d) != want;
                ++checks;
            }
        }
    }
    INFO(checks << " checks");
    CHECK(failures == 0);
}

TEST_CASE("f32 to integers: every destination and mode, saturating", "[msl-cvt][f32-int]")
{
    const std::vector<std::uint32_t> inputs = f32Inputs();
    long failures = 0, checks = 0;
    for (std::uint32_t x : inputs) {
        const bool nan = ref::isNaN(x, kF32);
        for (int m = 0; m < 4; ++m) {
            const long double integral = nan ? 0.0L : ref::roundToIntegral(floatOf(x), m);
            for (int d = 0; d < 8; ++d) {
                const std::uint64_t want = nan ? intNaNResult(d) : ref::saturate(integral, d);
                const std::uint64_t got = cvtF32ToInt(floatOf(x), m, d);
                if (got != want && ++failures < 10)
                    FAIL_CHECK("f32 " << std::hex << x << " mode " << m << " dst " << d << ": got " << got
                                      << ", want " << want);
                ++checks;
            }
        }
    }
    INFO(inputs.size() << " inputs, " << checks << " checks");
    CHECK(failures == 0);
}

TEST_CASE("f32 rounded to an integral f32 (cvt.rXi.f32.f32)", "[msl-cvt][f32-rint]")
{
    const std::vector<std::uint32_t> inputs = f32Inputs();
    long failures = 0;
    for (std::uint32_t x : inputs)
        for (int m = 0; m < 4; ++m) {
            std::uint32_t want;
            if (ref::isNaN(x, kF32))
                want = 0x7FFFFFFFu;
            else if (ref::isInf(x, kF32))
                want = x;
            else
                want = ref::round(ref::roundToIntegral(ref::decode(x, kF32), m), 0, kF32);
            const std::uint32_t got = cvtRintF32(floatOf(x), m);
            if (got != want && ++failures < 10)
                FAIL_CHECK("f32 " << std::hex << x << " mode " << m << ": got " << got << ", want " << want);
        }
    CHECK(failures == 0);
}

TEST_CASE("f32 to f16, bf16 and tf32: every mode, .relu, .satfinite", "[msl-cvt][f32-narrow]")
{
    const std::vector<std::uint32_t> inputs = f32Inputs();
    long failures = 0;
    for (std::uint32_t x : inputs) {
        for (int v = 0; v < 10; ++v) {
            const std::uint32_t h = narrowRef(x, v, kF16, 0x7FFF);
            const std::uint32_t b = narrowRef(x, v, kBF16, 0x7FFF);
            const std::uint32_t gh = cvtF32ToF16(floatOf(x), v), gb = cvtF32ToBF16(floatOf(x), v);
            if ((gh != h || gb != b) && ++failures < 10)
                FAIL_CHECK("f32 " << std::hex << x << " variant " << std::dec << v << std::hex << ": f16 " << gh
                                  << " want " << h << ", bf16 " << gb << " want " << b);
        }
        // tf32: rn/rz (and .relu) round to 10 fraction bits; NaN -> 0x7FFFE000.
        for (int v : {RN, RZ, RN_RELU, RZ_RELU}) {
            const std::uint32_t want = ref::isNaN(x, kF32) ? 0x7FFFE000u : widenTF32(narrowRef(x, v, kTF32, 0));
            const int variant = v == RN ? 2 : v == RZ ? 3 : v == RN_RELU ? 4 : 5;
            const std::uint32_t got = cvtF32ToTF32(floatOf(x), variant);
            if (got != want && ++failures < 10)
                FAIL_CHECK("tf32 " << std::hex << x << " variant " << variant << ": got " << got << ", want " << want);
        }
        // rna: ties away from zero for finite values; inf/NaN truncated (ptxas's sm_90 code);
        // .satfinite: one ulp off any non-finite result.
        std::uint32_t rna;
        if ((x & 0x7F800000u) == 0x7F800000u)
            rna = x & 0xFFFFE000u;
        else
            rna = widenTF32(ref::roundTiesAway(ref::decode(x, kF32), kTF32));
        const std::uint32_t rnaSat = (rna & 0x7F800000u) == 0x7F800000u ? rna - 0x2000u : rna;
        if ((cvtF32ToTF32(floatOf(x), 0) != rna || cvtF32ToTF32(floatOf(x), 1) != rnaSat) && ++failures < 10)
            FAIL_CHECK("tf32 rna " << std::hex << x << ": got " << cvtF32ToTF32(floatOf(x), 0) << "/"
                                   << cvtF32ToTF32(floatOf(x), 1) << ", want " << rna << "/" << rnaSat);
    }
    CHECK(failures == 0);
}

TEST_CASE(".ftz on f32 operands flushes subnormals to zeros of their sign", "[msl-cvt][ftz]")
{
    long failures = 0;
    for (std::uint32_t x : f32Inputs()) {
        const bool subnormal = (x & 0x7F800000u) == 0u;
        failures += cvtFtzF32(floatOf(x)) != (subnormal ? (x & 0x80000000u) : x);
    }
    CHECK(failures == 0);
}

TEST_CASE("f32 pairs to f16x2 and bf16x2: a in the high half, b in the low half", "[msl-cvt][x2]")
{
    const std::vector<std::uint32_t> inputs = f32Inputs();
    long failures = 0;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        const float a = floatOf(inputs[i]), b = floatOf(inputs[(i * 7 + 1) % inputs.size()]);
        for (int v : {RN, RZ, RN_RELU, RZ_RELU, RN_SF, RZ_SF, RN_RELU_SF, RZ_RELU_SF}) {
            const std::uint32_t h = (static_cast<std::uint32_t>(cvtF32ToF16(a, v)) << 16) | cvtF32ToF16(b, v);
            const std::uint32_t bf = (static_cast<std::uint32_t>(cvtF32ToBF16(a, v)) << 16) | cvtF32ToBF16(b, v);
            failures += cvtF32ToF16x2(a, b, v) != h;
            failures += cvtF32ToBF16x2(a, b, v) != bf;
        }
    }
    CHECK(failures == 0);
}

TEST_CASE("integers to f32, f16 and bf16 in every mode", "[msl-cvt][int-float]")
{
    // 8- and 16-bit sources exhaustively, 32- and 64-bit ones on edge and random values.
    const std::vector<std::uint64_t> wide = intInputs();
    long failures = 0, checks = 0;
    for (int s = 0; s < 8; ++s) {
        std::vector<std::uint64_t> narrow;
        if (s < S32)
            for (std::uint64_t x = 0; x < (s < S16 ? 0x100u : 0x10000u); ++x)
                narrow.push_back(x);
        for (std::uint64_t x : s < S32 ? narrow : wide) {
            const long double v = intValue(x, s);
            for (int m = 0; m < 4; ++m) {
                const std::uint32_t f = ref::round(v, m, kF32), h = ref::round(v, m, kF16), b = ref::round(v, m, kBF16);
                const std::uint32_t gf = cvtIntToF32(x, s, m), gh = cvtIntToF16(x, s, m), gb = cvtIntToBF16(x, s, m);
                if ((gf != f || gh != h || gb != b) && ++failures < 10)
                    FAIL_CHECK("int " << std::hex << x << " src " << s << " mode " << m << ": f32 " << gf << "/" << f
                                      << " f16 " << gh << "/" << h << " bf16 " << gb << "/" << b);
                checks += 3;
            }
        }
    }
    INFO(wide.size() << " 32/64-bit inputs, " << checks << " checks");
    CHECK(failures == 0);
}

TEST_CASE("measured H200 results of conversions", "[msl-cvt][gpu]")
{
    // A few values read from tests/probes/half_cvt.cu's output, as a guard on the rules above.
    CHECK(cvtF32ToF16(floatOf(0x7FA00123), RN) == 0x7FFF);
    CHECK(cvtF32ToBF16(floatOf(0xFFC00001), RZ_SF) == 0x7FFF);
    CHECK(cvtF32ToF16(floatOf(0x80000001), RM) == 0x8001);
    CHECK(cvtF32ToF16(floatOf(0x00000001), RP) == 0x0001);
    CHECK(cvtF32ToF16(floatOf(0xB3000001), RN) == 0x8001);
    CHECK(cvtF32ToF16(floatOf(0x477FF000), RZ) == 0x7BFF);
    CHECK(cvtF32ToF16(floatOf(0x477FF000), RN_SF) == 0x7BFF);
    CHECK(cvtF32ToF16(floatOf(0x80000000), RN_RELU) == 0x0000);
    CHECK(cvtF32ToBF16(floatOf(0xFF800000), RN_SF) == 0xFF7F);
    CHECK(cvtF32ToBF16(floatOf(0x807FFFFF), RM) == 0x8080);
    CHECK(cvtF32ToTF32(floatOf(0x7F800001), 0) == 0x7F800000u);
    CHECK(cvtF32ToTF32(floatOf(0x7FC00000), 1) == 0x7FBFE000u);
    CHECK(cvtF32ToTF32(floatOf(0x7F7FF000), 1) == 0x7F7FE000u);
    CHECK(cvtF32ToTF32(floatOf(0x807FFFFF), 3) == 0x807FE000u);
    CHECK(cvtF32ToTF32(floatOf(0xFFC00000), 2) == 0x7FFFE000u);
    CHECK(cvtRintF32(floatOf(0x00000001), 3) == 0x3F800000u);
    CHECK(cvtRintF32(floatOf(0x80000001), 2) == 0xBF800000u);
    CHECK(cvtF16ToF32(0x7C01) == 0x7FFFFFFFu);
    CHECK(cvtBF16ToF32(0x7F81) == 0x7F810000u);
    CHECK(cvtF32ToInt(floatOf(0x7FC00000), 0, U64) == 0x8000000000000000ull);
    CHECK(cvtF32ToInt(floatOf(0x7FC00000), 0, S32) == 0u);
    CHECK(cvtF32ToInt(floatOf(0x4F000000), 0, S32) == 0x7FFFFFFFu);
    CHECK(cvtF32ToInt(floatOf(0xDF000001), 2, S64) == 0x8000000000000000ull);
    CHECK(cvtF16ToInt(0x7BFF, 0, U16) == 65504u);
    CHECK(cvtF16ToInt(0xFBFF, 0, S16) == 0x8000u);
    CHECK(cvtBF16ToF16(0x0001, 3) == 0x0001);
    CHECK(cvtBF16ToF16(0x7F7F, 1) == 0x7BFF);
}

} // namespace p2m::mslcvt::test
