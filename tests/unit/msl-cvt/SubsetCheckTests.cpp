// cvt_ops.h and half_ops.h pass the MSL subset check (lib/mslcheck), pasted after the prelude
// as the emitter does, with a function calling a sample of the entry points (a call to a
// function the check cannot see defined, such as one defined by a macro, is an error).
#include "mslcheck/MslCheck.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>

namespace p2m::mslcvt::test {
namespace {

std::string readHeader(const char *name)
{
    std::ifstream in(std::string(P2M_SOURCE_ROOT "/emitters/msl/support/") + name);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

constexpr const char *kCalls = R"(
uint p2m_test_calls(float x, half h, ushort b, long l, ulong u)
{
    uint r = p2m_cvt_rn_f16x2_f32(x, x) + p2m_cvt_rna_satfinite_tf32_f32(x) + p2m_cvt_rz_relu_tf32_f32(x);
    r += (uint)p2m_cvt_f32_to_u64(p2m_cvt_f32_bf16(b), P2M_CVT_RP) + (uint)p2m_cvt_f32_to_s8(x, P2M_CVT_RN) +
         (uint)p2m_cvt_f32_to_u16(p2m_cvt_f32_f16(h), P2M_CVT_RZ);
    r += as_type<uint>(p2m_cvt_rp_f32_u64(u)) + as_type<uint>(p2m_cvt_rm_f32_s64(l));
    r += (uint)as_type<ushort>(p2m_cvt_rz_f16_s32((int)l)) + (uint)p2m_cvt_rp_bf16_u16(b);
    r += (uint)p2m_cvt_rm_bf16_f32(x) + (uint)as_type<ushort>(p2m_cvt_rp_f16_bf16(b));
    r += (uint)as_type<ushort>(p2m_sat_f16(p2m_fma_rn_ftz_relu_f16(h, h, h)));
    r += (uint)p2m_fma_rn_relu_bf16(b, b, b) + p2m_fma_rn_bf16x2(r, r, r) + p2m_max_f16x2(r, r);
    r += (uint)p2m_min_nan_xorsign_abs_bf16(b, b) + (uint)p2m_tanh_approx_bf16(b);
    r += (uint)as_type<ushort>(p2m_ex2_approx_f16(h)) + as_type<uint>(p2m_cvt_rpi_f32_f32(x));
    return r;
}
)";

TEST_CASE("cvt_ops.h and half_ops.h pass the MSL subset check", "[msl-cvt][mslcheck]")
{
    const std::string cvt = readHeader("cvt_ops.h"), half = readHeader("half_ops.h");
    REQUIRE(cvt.find("P2M_CVT_OPS_H") != std::string::npos);
    REQUIRE(half.find("P2M_HALF_OPS_H") != std::string::npos);
    // Every view the file meets: the host's, and Apple's at each MSL version (the headers'
    // #if __METAL_VERSION__ branches).
    for (unsigned version : {0u, 300u, 310u, 320u}) {
      const mslcheck::CheckResult result = mslcheck::checkMsl(
        "#include <metal_stdlib>\nusing namespace metal;\n" + cvt + half + kCalls, "cvt_half_ops.metal", {version});
      INFO("view: " << (version ? "MSL " + std::to_string(version) : std::string("host")));
      INFO(result.format());
      CHECK(result.compiled);
      CHECK(result.ok());
    }
}

} // namespace
} // namespace p2m::mslcvt::test
