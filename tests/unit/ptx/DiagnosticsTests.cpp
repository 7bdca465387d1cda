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
