// cvt_ops.h's fp8 entry points pass the MSL subset check (lib/mslcheck): the header pasted after
// the prelude as the emitter does, with a function calling every fp8 entry point.
#include "mslcheck/MslCheck.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>

namespace p2m::mslfp8::test {
namespace {

constexpr const char *kCalls = R"(
uint p2m_test_fp8_calls(float x, float y, ushort p, uint h)
{
    uint r = p2m_cvt_rn_f16x2_e4m3x2(p) + p2m_cvt_rn_relu_f16x2_e4m3x2(p);
    r += p2m_cvt_rn_f16x2_e5m2x2(p) + p2m_cvt_rn_relu_f16x2_e5m2x2(p);
    r += (uint)p2m_cvt_rn_satfinite_e4m3x2_f16x2(h) + (uint)p2m_cvt_rn_relu_satfinite_e4m3x2_f16x2(h);
    r += (uint)p2m_cvt_rn_satfinite_e5m2x2_f16x2(h) + (uint)p2m_cvt_rn_relu_satfinite_e5m2x2_f16x2(h);
    r += (uint)p2m_cvt_rn_satfinite_e4m3x2_f32(x, y) + (uint)p2m_cvt_rn_relu_satfinite_e4m3x2_f32(x, y);
    r += (uint)p2m_cvt_rn_satfinite_e5m2x2_f32(x, y) + (uint)p2m_cvt_rn_relu_satfinite_e5m2x2_f32(x, y);
    return r;
}
)";

TEST_CASE("cvt_ops.h's fp8 entry points pass the MSL subset check", "[msl-fp8][mslcheck]")
{
    std::ifstream in(P2M_SOURCE_ROOT "/emitters/msl/support/cvt_ops.h");
    std::ostringstream text;
    text << in.rdbuf();
    REQUIRE(text.str().find("p2m_cvt_rn_f16x2_e4m3x2") != std::string::npos);
    // Every view the file meets: the host's, and Apple's at each MSL version (the headers'
    // #if __METAL_VERSION__ branches).
    for (unsigned version : {0u, 300u, 310u, 320u}) {
      const mslcheck::CheckResult result = mslcheck::checkMsl(
        "#include <metal_stdlib>\nusing namespace metal;\n" + text.str() + kCalls, "fp8_ops.metal", {version});
      INFO("view: " << (version ? "MSL " + std::to_string(version) : std::string("host")));
      INFO(result.format());
      CHECK(result.compiled);
      CHECK(result.ok());
    }
}

} // namespace
} // namespace p2m::mslfp8::test
