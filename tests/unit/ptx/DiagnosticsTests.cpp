#include "TestHelpers.h"

#include <catch2/catch.hpp>

using namespace p2m;

TEST_CASE("errors carry file:line:col, the source line and a caret", "[diagnostics]") {
  auto p = test::parse(".version 8.5\n.target sm_90\n.visible .entry k()\n{\n\tadd.s32 %r1, %r2 %r3;\n}\n", "bad.ptx");
  REQUIRE(p->diags.errorCount() == 1);
  CHECK(p->errors() == "bad.ptx:5:19: error: expected ',' or ';' after operand, found '%r3'\n"
                       "\tadd.s32 %r1, %r2 %r3;\n"
                       "\t                 ^\n");
}

TEST_CASE("the parser recovers at statement boundaries and reports several errors", "[diagnostics]") {
  auto p = test::parse(test::kernel("frobnicate %r1;\nadd.bogus.s32 %r1, %r2, %r3;\nmov.u32 %r1, ;\nret;"));
  CHECK(p->diags.errorCount() == 3);
  const auto &d = p->diags.diagnostics();
  REQUIRE(d.size() == 3);
  CHECK(d[0].message == "unknown instruction 'frobnicate'");
  CHECK(d[1].message == "unknown modifier '.bogus' on 'add'");
  CHECK(d[2].message == "expected an operand, found ';'");
}

TEST_CASE("unterminated constructs are diagnosed, not crashed on", "[diagnostics]") {
  for (const char *text : {".version 8.5\n.visible .entry k(\n", ".visible .entry k() {\n ret;",
                           ".global .u32 x = {1, 2", "/* open comment", ".version \"9", "{{{{", "}}}}",
                           ".entry k() { @ }", ".global .u32 x = 99999999999999999999;"}) {
    auto p = test::parse(text);
    INFO(text);
    CHECK(p->diags.hasErrors());
  }
}

TEST_CASE("deep nesting is an error, not a stack overflow", "[diagnostics]") {
  std::string deep = ".global .u32 x = " + std::string(100000, '(') + "1;";
  auto p = test::parse(deep);
  CHECK(p->diags.hasErrors());
  std::string braces = test::kernel(std::string(100000, '{'));
  auto q = test::parse(braces);
  CHECK(q->diags.hasErrors());
}

TEST_CASE("error output is bounded on hostile input", "[diagnostics]") {
  std::string garbage(1 << 20, '#');
  auto p = test::parse(garbage);
  CHECK(p->diags.hasErrors());
  CHECK(p->diags.diagnostics().size() <= 100);
}

TEST_CASE("integer literals up to 2^64 - 1 fit, larger ones are diagnosed", "[diagnostics]") {
  auto fits = test::parse(test::kernel("mov.u64 %rd1, 18446744073709551615;\nmov.u64 %rd1, 0xFFFFFFFFFFFFFFFF;\nret;"));
  CHECK(!fits->diags.hasErrors());
  for (const char *literal : {"18446744073709551616", "0x10000000000000000", "99999999999999999999"}) {
    auto p = test::parse(test::kernel(std::string("mov.u64 %rd1, ") + literal + ";\nret;"));
    INFO(literal);
    REQUIRE(p->diags.diagnostics().size() == 1);
    CHECK(p->diags.diagnostics()[0].message == "integer literal does not fit in 64 bits");
  }
}

TEST_CASE("an operand at the nesting limit is diagnosed however simple", "[diagnostics]") {
  // 255 braces and the bracket of the operand list reach the limit (256): the name inside is
  // one level too deep, as a name before ',' or '}' and as one in an expression.
  for (const char *inner : {"%r1", "%r1 + 1", "7"}) {
    std::string list = std::string(255, '{') + inner + std::string(255, '}');
    auto p = test::parse(test::kernel("mov.b32 %r1, " + list + ";\nret;"));
    INFO(inner);
    REQUIRE(p->diags.hasErrors());
    CHECK(p->diags.diagnostics()[0].message == "nesting is too deep (more than 256 levels)");
  }
}
