#include "TestHelpers.h"

#include "ptx/RoundTrip.h"

#include <catch2/catch.hpp>

using namespace p2m;

static std::string canonical(const std::string &text) {
  auto p = test::parse(text);
  INFO(p->errors());
  REQUIRE_FALSE(p->diags.hasErrors());
  return ptx::printModule(*p->module);
}

TEST_CASE("printer writes canonical instructions", "[printer]") {
  std::string out = canonical(test::kernel("  @%p1   bra.uni   $L1 ;  // comment\n$L1:\n\tld.global.v2.u32 {%r1,%r2},[%rd1+-8];"));
  CHECK(out.find("\t@%p1 bra.uni $L1;\n") != std::string::npos);
  CHECK(out.find("$L1:\n") != std::string::npos);
  CHECK(out.find("\tld.global.v2.u32 {%r1, %r2}, [%rd1+-8];\n") != std::string::npos);
  CHECK(out.find("comment") == std::string::npos);
}

TEST_CASE("printer keeps literal radix and float bits", "[printer]") {
  std::string out = canonical(test::kernel("mov.b32 %r1, 0XFFU;\nmov.f32 %f1, 0f3f800000;\nmov.b32 %r2, 017;\nmov.b32 %r3, 0b101;\nmov.f32 %f2, 1.5;"));
  CHECK(out.find("mov.b32 %r1, 0xffU;") != std::string::npos);
  CHECK(out.find("mov.f32 %f1, 0f3F800000;") != std::string::npos);
  CHECK(out.find("mov.b32 %r2, 017;") != std::string::npos);
  CHECK(out.find("mov.b32 %r3, 0b101;") != std::string::npos);
  CHECK(out.find("mov.f32 %f2, 1.5;") != std::string::npos);
}

TEST_CASE("printer preserves expression grouping", "[printer]") {
  std::string out = canonical(".version 8.5\n.target sm_90\n.address_size 64\n"
                              ".global .u32 x = (1+2)*3;\n.global .u32 y = 1+2*3;\n.global .u32 z = - -1;\n");
  CHECK(out.find(".global .u32 x = (1+2)*3;") != std::string::npos);
  CHECK(out.find(".global .u32 y = 1+2*3;") != std::string::npos);
  CHECK(out.find(".global .u32 z = - -1;") != std::string::npos);
}

TEST_CASE("printing is a fixed point of parsing", "[printer]") {
  const char *inputs[] = {
      ".version 8.5\n.target sm_90\n.address_size 64\n"
      ".visible .entry k(.param .u64 .ptr .global .align 16 p)\n.maxntid 128, 1, 1\n{\n"
      ".reg .b32 %r<3>;\n{\n.param .b32 t;\nst.param.b32 [t+0], %r1;\n}\n"
      "ts: .branchtargets L0;\nbrx.idx %r1, ts;\nL0:\nret;\n}\n",
      ".version 8.5\n.target sm_90\n.address_size 64\n"
      ".global .samplerref s = {addr_mode_0 = wrap, filter_mode = linear};\n"
      ".func (.param .b32 r) f(.param .b32 a)\n.noreturn\n;\n",
  };
  for (const char *input : inputs) {
    auto p = test::parse(input);
    INFO(p->errors());
    REQUIRE_FALSE(p->diags.hasErrors());
    std::string printed = ptx::printModule(*p->module);
    ptx::RoundTripResult r = ptx::checkRoundTrip(*p->module, printed);
    INFO(r.message);
    CHECK(r.ok);
  }
}
