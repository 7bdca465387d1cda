// The fp8 conversions of cvt_ops.h against what an NVIDIA H200 computes
// (tests/probes/fp8_cvt.cu, docs/gpu-facts.md "fp8 conversions"):
//   * fp8x2 -> f16x2: every one of the 65536 pairs against the 256-entry tables measured;
//   * f16x2 -> fp8x2: every f16 value (in both halves) against the 65536-entry tables measured;
//   * f32, f32 -> fp8x2: the 3,145,728 inputs of Fp8F32Inputs.h, hashed as the probe hashed
//     the H200's results (the results themselves are 12 MB: too large to keep).
#include "Fp8F32Inputs.h"
#include "Kernels.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace p2m::mslfp8::test {
namespace {

const char *const kFormNames[4] = {"e4m3", "e4m3.relu", "e5m2", "e5m2.relu"};

std::string dataPath(const char *name) { return std::string(P2M_SOURCE_ROOT "/tests/unit/msl-fp8/") + name; }

// fp8x2_to_f16x2.txt: "form byte f16" lines, hex.
std::vector<uint16_t> loadFp8ToF16()
{
    std::vector<uint16_t> t(4 * 256, 0);
    std::vector<bool> seen(4 * 256, false);
    std::ifstream in(dataPath("fp8x2_to_f16x2.txt"));
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#')
            continue;
        std::istringstream s(line);
        std::string form;
        unsigned byte = 0, value = 0;
        s >> form >> std::hex >> byte >> value;
        for (int f = 0; f < 4; ++f)
            if (form == kFormNames[f] && byte < 256) {
                t[static_cast<size_t>(f * 256) + byte] = static_cast<uint16_t>(value);
                seen[static_cast<size_t>(f * 256) + byte] = true;
            }
    }
    for (bool b : seen)
        REQUIRE(b);
    return t;
}

// f16_to_fp8.bin: 4 forms x 65536 result bytes, indexed by the f16 bits.
std::vector<uint8_t> loadF16ToFp8()
{
    std::ifstream in(dataPath("f16_to_fp8.bin"), std::ios::binary);
    std::vector<uint8_t> t(4 * 65536);
    in.read(reinterpret_cast<char *>(t.data()), static_cast<std::streamsize>(t.size()));
    REQUIRE(in.gcount() == static_cast<std::streamsize>(t.size()));
    return t;
}

std::string hex(unsigned v)
{
    char b[16];
    std::snprintf(b, sizeof b, "%#x", v);
    return b;
}

TEST_CASE("cvt.rn{.relu}.f16x2.{e4m3x2,e5m2x2}: all 65536 pairs as on the H200", "[msl-fp8]")
{
    const std::vector<uint16_t> t = loadFp8ToF16();
    for (int f = 0; f < 4; ++f) {
        unsigned bad = 0, first = 0;
        for (unsigned a = 0; a < 65536; ++a) {
            const unsigned want = t[static_cast<size_t>(f * 256) + (a & 255)] |
                                  static_cast<unsigned>(t[static_cast<size_t>(f * 256) + (a >> 8)]) << 16;
            if (fp8x2ToF16x2(static_cast<unsigned short>(a), f) != want && bad++ == 0)
                first = a;
        }
        INFO(kFormNames[f] << ": first mismatch at " << hex(first));
        CHECK(bad == 0);
    }
}

TEST_CASE("cvt.rn.satfinite{.relu}.{e4m3x2,e5m2x2}.f16x2: all f16 values as on the H200", "[msl-fp8]")
{
    const std::vector<uint8_t> t = loadF16ToFp8();
    for (int f = 0; f < 4; ++f) {
        const uint8_t *tab = t.data() + static_cast<size_t>(f) * 65536;
        unsigned bad = 0, first = 0;
        for (unsigned x = 0; x < 65536; ++x) {
            const unsigned y = (x * 40503u + 12345u) & 0xFFFFu; // a permutation, for the high half
            const unsigned want = tab[x] | static_cast<unsigned>(tab[y]) << 8;
            if (f16x2ToFp8x2(x | y << 16, f) != want && bad++ == 0)
                first = x;
        }
        INFO(kFormNames[f] << ": first mismatch at f16 " << hex(first));
        CHECK(bad == 0);
    }
}

TEST_CASE("cvt.rn.satfinite{.relu}.{e4m3x2,e5m2x2}.f32: 3 million inputs hash as on the H200", "[msl-fp8]")
{
    // FNV-1a of the result byte of each input (converted as `a`, the upper byte), printed by
    // tests/probes/fp8_cvt.cu on the H200.
    const uint64_t kH200[4] = {0x4f650178ce5fd44dull, 0xfffe77fb91fb8b46ull, 0x278a96056ea66824ull,
                               0x1ecf814b2b869000ull};
    const uint32_t n = p2m_fp8_inputs::kCount;
    for (int f = 0; f < 4; ++f) {
        p2m_fp8_inputs::Fnv64 h;
        unsigned packing = 0;
        for (uint32_t i = 0; i < n; ++i) {
            const uint32_t a = p2m_fp8_inputs::input(i), b = p2m_fp8_inputs::input(n - 1 - i);
            const unsigned r = f32x2ToFp8x2(a, b, f);
            h.add(static_cast<uint8_t>(r >> 8));
            // b goes to the low byte, converted as it is on its own.
            if ((r & 0xFFu) != (f32x2ToFp8x2(b, 0, f) >> 8))
                ++packing;
        }
        INFO(kFormNames[f]);
        CHECK(packing == 0);
        CHECK(h.h == kH200[f]);
    }
}

// Named cases from the measured data, so that a failure above reads as a rule.
TEST_CASE("fp8 conversions: NaN, infinity, saturation, ties and subnormals", "[msl-fp8]")
{
    auto e4m3 = [](uint32_t x) { return f32x2ToFp8x2(x, 0, E4M3) >> 8; };
    auto e5m2 = [](uint32_t x) { return f32x2ToFp8x2(x, 0, E5M2) >> 8; };
    auto e4m3r = [](uint32_t x) { return f32x2ToFp8x2(x, 0, E4M3_RELU) >> 8; };
    // Any NaN (either sign, any payload) -> 0x7F, .relu too.
    CHECK(e4m3(0x7FC00000u) == 0x7Fu);
    CHECK(e4m3(0xFF800001u) == 0x7Fu);
    CHECK(e5m2(0xFFFFFFFFu) == 0x7Fu);
    CHECK(e4m3r(0xFFC00000u) == 0x7Fu);
    // +-inf and overflow saturate: e4m3 +-448 (0x7E/0xFE), e5m2 +-57344 (0x7B/0xFB).
    CHECK(e4m3(0x7F800000u) == 0x7Eu);
    CHECK(e4m3(0xFF800000u) == 0xFEu);
    CHECK(e4m3(0x43F00000u) == 0x7Eu); // 480
    CHECK(e5m2(0x7F800000u) == 0x7Bu);
    CHECK(e5m2(0xC7800000u) == 0xFBu); // -65536
    // Ties to even: 1 + 1/16 -> 1 (0x38), 1 + 3/16 -> 1.25 (0x3A) in e4m3.
    CHECK(e4m3(0x3F880000u) == 0x38u);
    CHECK(e4m3(0x3F980000u) == 0x3Au);
    CHECK(e4m3(0x3F880001u) == 0x39u);
    // Subnormal results: 2^-9 is e4m3's smallest (0x01); 2^-10 is a tie -> +0; 3 * 2^-10 -> 2^-8.
    CHECK(e4m3(0x3B000000u) == 0x01u);
    CHECK(e4m3(0x3A800000u) == 0x00u);
    CHECK(e4m3(0x3B400000u) == 0x02u);
    // Negative values that round to zero keep their sign; .relu makes every negative +0.
    CHECK(e4m3(0x80000001u) == 0x80u);
    CHECK(e4m3r(0x80000000u) == 0x00u);
    CHECK(e4m3r(0xFF800000u) == 0x00u);
    // fp8 -> f16: NaN -> 0x7FFF; e5m2 infinities stay; .relu of -inf is +0.
    CHECK(fp8x2ToF16x2(0x7F7F, E4M3) == 0x7FFF7FFFu);
    CHECK(fp8x2ToF16x2(0xFD7E, E5M2) == 0x7FFF7FFFu);
    CHECK(fp8x2ToF16x2(0xFC7C, E5M2) == 0xFC007C00u);
    CHECK(fp8x2ToF16x2(0xFC7C, E5M2_RELU) == 0x00007C00u);
    CHECK(fp8x2ToF16x2(0x017E, E4M3) == 0x18005F00u); // 2^-9, 448
}

} // namespace
} // namespace p2m::mslfp8::test
