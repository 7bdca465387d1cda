// The support header is pasted into generated MSL: check that it stays within the subset of
// C++ that MSL accepts (no binary64 type, no 128-bit or "long long" integers, no jumps, no
// library, no includes, no compiler extensions), that its names are prefixed, and that its
// constants are what the emitter and the tests assume. The meson test
// 'msl-support-header-syntax' compiles it on its own, with the shim, as C++17.
#include "Reference.h"
#include "TestSupport.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <regex>
#include <sstream>
#include <string>

namespace {

std::string readHeader()
{
    std::ifstream in(P2M_SOURCE_ROOT "/emitters/msl/support/fp64.h");
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

} // namespace

TEST_CASE("fp64.h uses only the MSL-compatible subset", "[fp64][header]")
{
    const std::string text = readHeader();
    REQUIRE(!text.empty());
    // Anywhere, comments included: then a plain grep of the file agrees with this test.
    for (const char *forbidden : {"double", "long long", "goto", "std::", "#include", "__", "int128",
                                  "template", "throw"}) {
        INFO("forbidden token: " << forbidden);
        CHECK(text.find(forbidden) == std::string::npos);
    }
    // No pointers or references in any function signature.
    std::regex signature(R"(^static inline [^(\n]*\(([^)]*)\))", std::regex::multiline);
    int functions = 0;
    for (std::sregex_iterator it(text.begin(), text.end(), signature), end; it != end; ++it) {
        ++functions;
        std::string line = (*it)[0];
        INFO(line);
        CHECK(line.find('&') == std::string::npos);
        CHECK(line.find('*') == std::string::npos);
        CHECK(std::regex_search(line, std::regex(R"(^static inline \w+ p2m_f64_\w+\()")));
    }
    CHECK(functions > 60);
    // Every macro and type is prefixed.
    std::regex define(R"(^#define (\w+))", std::regex::multiline);
    for (std::sregex_iterator it(text.begin(), text.end(), define), end; it != end; ++it) {
        std::string name = (*it)[1];
        INFO(name);
        CHECK((name.rfind("P2M_F64_", 0) == 0 || name.rfind("P2M_F32_", 0) == 0));
    }
    std::regex structs(R"(^struct (\w+))", std::regex::multiline);
    for (std::sregex_iterator it(text.begin(), text.end(), structs), end; it != end; ++it) {
        std::string name = (*it)[1];
        INFO(name);
        CHECK(name.rfind("p2m_f64_", 0) == 0);
    }
}

TEST_CASE("fp64.h constants", "[fp64][header]")
{
    // Reference.cpp maps these values to the host's rounding modes.
    STATIC_REQUIRE(P2M_F64_RN == 0);
    STATIC_REQUIRE(P2M_F64_RZ == 1);
    STATIC_REQUIRE(P2M_F64_RM == 2);
    STATIC_REQUIRE(P2M_F64_RP == 3);
    // The NaNs NVIDIA GPUs produce (docs/gpu-facts.md), as the tests' own rules spell them.
    STATIC_REQUIRE(P2M_F64_DEFAULT_NAN == p2m::fp64test::kDefaultNan);
    STATIC_REQUIRE(P2M_F64_APPROX_NAN == p2m::fp64test::kApproxNan);
    STATIC_REQUIRE(P2M_F64_QUIET_BIT == p2m::fp64test::kQuietBit);
    STATIC_REQUIRE(P2M_F32_NAN == p2m::fp64test::kCanonicalNan32);
    STATIC_REQUIRE(P2M_F64_DEFAULT_NAN == 0xFFF8000000000000ull);
    CHECK(p2m_f64_is_nan(P2M_F64_DEFAULT_NAN));
    CHECK(p2m_f64_is_nan(P2M_F64_APPROX_NAN));
}

TEST_CASE("MslShim follows MSL's definitions", "[fp64][header]")
{
    CHECK(clz(0u) == 32u);
    CHECK(clz(0ul) == 64ul);
    CHECK(clz(1u) == 31u);
    CHECK(clz(1ul << 40) == 23ul);
    CHECK(mulhi(~0ul, ~0ul) == ~0ul - 1);
    CHECK(mulhi(1ul << 63, 4ul) == 2ul);
    CHECK(as_type<uint>(1.0f) == 0x3F800000u);
    CHECK(popcount(0xF0F0ul) == 8ul);
    CHECK(select(1, 2, true) == 2);
}

// fp64.h builds the 128-bit product from 32-bit pieces (never mulhi, which beside a * b has
// crashed Apple's compiler); checked against the shim's exact mulhi and a * b.
TEST_CASE("the 128-bit product from 32-bit pieces is exact", "[fp64][header]")
{
    using namespace p2m::fp64test;
    Rng rng(0x6D756C6869ull);
    Report report("mul_64x64");
    const ulong edges[] = {0ul, 1ul, 0xFFFFFFFFul, 0x100000000ul, ~0ul, 1ul << 63, 0x001FFFFFFFFFFFFFul};
    auto check = [&](ulong a, ulong b) {
        p2m_f64_u128 want = p2m_f64_u128_make(mulhi(a, b), a * b);
        p2m_f64_u128 got = p2m_f64_mul_64x64(a, b);
        if (got.hi == want.hi && got.lo == want.lo)
            report.pass();
        else
            report.fail(describe(a) + " * " + describe(b));
    };
    for (ulong a : edges)
        for (ulong b : edges)
            check(a, b);
    for (int i = 0; i < 200000; ++i) {
        ulong a = rng.next() >> rng.range(0, 63);
        ulong b = rng.next() >> rng.range(0, 63);
        check(a, b);
    }
    P2M_CHECK_REPORT(report);
}
