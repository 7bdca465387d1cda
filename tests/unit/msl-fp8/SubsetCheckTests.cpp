// cvt_ops.h's fp8 and OCP MX entry points pass the MSL subset check (lib/mslcheck): the
// header pasted after the prelude as the emitter does, with functions calling every one of them.
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
uint p2m_test_mx_calls(float x, float y, uchar q, ushort p, uint h)
{
    uint r = (uint)p2m_cvt_rn_satfinite_e2m1x2_f32(x, y) + (uint)p2m_cvt_rn_relu_satfinite_e2m1x2_f32(x, y);
    r += (uint)p2m_cvt_rn_satfinite_e2m3x2_f32(x, y) + (uint)p2m_cvt_rn_relu_satfinite_e2m3x2_f32(x, y);
    r += (uint)p2m_cvt_rn_satfinite_e3m2x2_f32(x, y) + (uint)p2m_cvt_rn_relu_satfinite_e3m2x2_f32(x, y);
    r += p2m_cvt_rn_f16x2_e2m1x2(q) + p2m_cvt_rn_relu_f16x2_e2m1x2(q);
    r += p2m_cvt_rn_f16x2_e2m3x2(p) + p2m_cvt_rn_relu_f16x2_e2m3x2(p);
    r += p2m_cvt_rn_f16x2_e3m2x2(p) + p2m_cvt_rn_relu_f16x2_e3m2x2(p);
    r += (uint)p2m_cvt_rz_ue8m0x2_f32(x, y) + (uint)p2m_cvt_rz_satfinite_ue8m0x2_f32(x, y);
    r += (uint)p2m_cvt_rp_ue8m0x2_f32(x, y) + (uint)p2m_cvt_rp_satfinite_ue8m0x2_f32(x, y);
    r += (uint)p2m_cvt_rz_ue8m0x2_bf16x2(h) + (uint)p2m_cvt_rz_satfinite_ue8m0x2_bf16x2(h);
    r += (uint)p2m_cvt_rp_ue8m0x2_bf16x2(h) + (uint)p2m_cvt_rp_satfinite_ue8m0x2_bf16x2(h);
    return r + p2m_cvt_rn_bf16x2_ue8m0x2(p);
}
)";

TEST_CASE("cvt_ops.h's fp8 and OCP MX entry points pass the MSL subset check", "[msl-fp8][mslcheck]")
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
