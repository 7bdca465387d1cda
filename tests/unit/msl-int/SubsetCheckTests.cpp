// emitters/msl/support/int_ops.h passes the MSL subset check (lib/mslcheck), pasted after the
// prelude as the emitter does.
#include "mslcheck/MslCheck.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>

namespace p2m::inttest {
namespace {

std::string readHeader()
{
    std::ifstream in(P2M_SOURCE_ROOT "/emitters/msl/support/int_ops.h");
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

TEST_CASE("int_ops.h passes the MSL subset check", "[msl-int][mslcheck]")
{
    const std::string header = readHeader();
    REQUIRE(header.find("P2M_INT_OPS_H") != std::string::npos);
    // Every view the file meets: the host's, and Apple's at each MSL version (the headers'
    // #if __METAL_VERSION__ branches).
    for (unsigned version : {0u, 300u, 310u, 320u}) {
      const mslcheck::CheckResult result = mslcheck::checkMsl(
        std::string("#include <metal_stdlib>\nusing namespace metal;\n") + header, "int_ops.metal", {version});
      INFO("view: " << (version ? "MSL " + std::to_string(version) : std::string("host")));
      INFO(result.format());
      CHECK(result.compiled);
      CHECK(result.ok());
    }
}

} // namespace
} // namespace p2m::inttest
