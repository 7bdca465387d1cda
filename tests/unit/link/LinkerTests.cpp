// Unit tests of lib/link (Linker.h): resolution of .extern names, .weak against .visible,
// .common, the errors (duplicate strong definitions, unresolved names, prototypes and state
// spaces that differ, address sizes), renaming of module-own names that collide, debug-file
// renumbering, the header, and that the linked text reparses and does not depend on the order
// of the inputs. Every check looks at the linked text or at the located diagnostic.
#include "link/Linker.h"

#include "ptx/Parser.h"
#include "ptx/Printer.h"
#include "support/Diagnostics.h"
#include "support/SourceFile.h"

#include <catch2/catch.hpp>

#include <cstring>
#include <optional>
#include <string>
#include <vector>

using namespace p2m;

namespace {

struct Linked {
  std::optional<std::string> ptx;
  std::string messages; // every diagnostic, formatted
};

Linked linkTexts(const std::vector<link::LinkInput> &inputs) {
  DiagnosticEngine diags;
  Linked out;
  out.ptx = link::linkPtx(inputs, diags);
  for (const Diagnostic &d : diags.diagnostics())
    out.messages += formatDiagnostic(d);
  return out;
}

size_t count(const std::string &text, const std::string &what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
    ++n;
  return n;
}

// The linked text parses, and printing it again gives it back (it is canonical).
void requireCanonical(const std::string &ptx) {
  DiagnosticEngine diags;
  auto module = ptx::parseModule(std::make_shared<SourceFile>("linked.ptx", ptx), diags);
  INFO(ptx);
  REQUIRE_FALSE(diags.hasErrors());
  REQUIRE(ptx::printModule(*module) == ptx);
}

const char *kHeader = ".version 8.0\n.target sm_80\n.address_size 64\n";

// A kernel that calls `.extern .func inc` and reads `.extern .global base`.
std::string caller() {
  return std::string(kHeader) + R"(
.extern .func (.param .b32 r) inc(.param .b32 a);
.extern .global .align 4 .u32 base;

.visible .entry k(.param .u64 out)
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [out];
	ld.global.u32 %r1, [base];
	{
	.param .b32 a0;
	st.param.b32 [a0], %r1;
	.param .b32 r0;
	call.uni (r0), inc, (a0);
	ld.param.b32 %r2, [r0];
	}
	st.global.u32 [%rd1], %r2;
	ret;
}
)";
}

std::string definitions(const std::string &incLinkage = ".visible", int addend = 1) {
  return std::string(kHeader) + ".visible .global .align 4 .u32 base = 41;\n" + incLinkage +
         R"( .func (.param .b32 r) inc(.param .b32 a)
{
	.reg .b32 %r<3>;
	ld.param.b32 %r1, [a];
	add.s32 %r2, %r1, )" +
         std::to_string(addend) + R"(;
	st.param.b32 [r], %r2;
	ret;
}
)";
}

} // namespace

TEST_CASE("link: .extern functions and variables resolve to another module's definitions", "[link]") {
  Linked l = linkTexts({{"main.ptx", caller()}, {"lib.ptx", definitions()}});
  INFO(l.messages);
  REQUIRE(l.ptx);
  requireCanonical(*l.ptx);
  CHECK(count(*l.ptx, ".extern") == 0);
  CHECK(count(*l.ptx, ".visible .global .align 4 .u32 base = 41;") == 1);
  CHECK(count(*l.ptx, ".visible .entry k(") == 1);
  // One prototype, before the kernel that calls it, and one definition.
  size_t prototype = l.ptx->find(".visible .func (.param .b32 r) inc(\n\t.param .b32 a\n)\n;");
  REQUIRE(prototype != std::string::npos);
  CHECK(prototype < l.ptx->find(".visible .entry k("));
  CHECK(count(*l.ptx, "inc(") == 2);
  CHECK(l.messages.empty());
}

TEST_CASE("link: the linked text does not depend on the order of the inputs", "[link]") {
  Linked ab = linkTexts({{"main.ptx", caller()}, {"lib.ptx", definitions()}});
  Linked ba = linkTexts({{"lib.ptx", definitions()}, {"main.ptx", caller()}});
  REQUIRE(ab.ptx);
  REQUIRE(ba.ptx);
  CHECK(*ab.ptx == *ba.ptx);
  // A change in one part changes the linked text (and so its cache key).
  Linked other = linkTexts({{"main.ptx", caller()}, {"lib.ptx", definitions(".visible", 2)}});
  REQUIRE(other.ptx);
  CHECK(*other.ptx != *ab.ptx);
}

TEST_CASE("link: a .weak definition yields to a .visible one, in either order", "[link]") {
  for (bool weakFirst : {true, false}) {
    std::vector<link::LinkInput> inputs = {{"main.ptx", caller()},
                                           {"weak.ptx", definitions(".weak", 100)},
                                           {"strong.ptx", std::string(kHeader) + R"(
.visible .func (.param .b32 r) inc(.param .b32 a)
{
	.reg .b32 %r<3>;
	ld.param.b32 %r1, [a];
	add.s32 %r2, %r1, 7;
	st.param.b32 [r], %r2;
	ret;
}
)"}};
    if (!weakFirst)
      std::swap(inputs[1], inputs[2]);
    Linked l = linkTexts(inputs);
    INFO(l.messages);
    REQUIRE(l.ptx);
    requireCanonical(*l.ptx);
    CHECK(count(*l.ptx, "add.s32 %r2, %r1, 7;") == 1);
    CHECK(count(*l.ptx, "add.s32 %r2, %r1, 100;") == 0);
    CHECK(count(*l.ptx, ".weak") == 0);
    // The weak module's variable is still defined (only the function lost).
    CHECK(count(*l.ptx, "base = 41") == 1);
  }
}

TEST_CASE("link: of two .weak definitions one is kept", "[link]") {
  Linked l = linkTexts({{"main.ptx", caller()},
                        {"w1.ptx", definitions(".weak", 5)},
                        {"w2.ptx", std::string(kHeader) + R"(
.weak .func (.param .b32 r) inc(.param .b32 a)
{
	.reg .b32 %r<3>;
	ld.param.b32 %r1, [a];
	add.s32 %r2, %r1, 5;
	st.param.b32 [r], %r2;
	ret;
}
)"}});
  INFO(l.messages);
  REQUIRE(l.ptx);
  requireCanonical(*l.ptx);
  CHECK(count(*l.ptx, "add.s32 %r2, %r1, 5;") == 1);
  CHECK(count(*l.ptx, ".weak .func (.param .b32 r) inc(") == 2); // prototype + definition
}

TEST_CASE("link: two strong definitions are an error naming both places", "[link]") {
  Linked l = linkTexts({{"main.ptx", caller()}, {"lib1.ptx", definitions()}, {"lib2.ptx", definitions(".visible", 2)}});
  CHECK_FALSE(l.ptx);
  INFO(l.messages);
  CHECK(count(l.messages, "error: duplicate definition of 'inc'") == 1);
  CHECK(count(l.messages, "error: duplicate definition of 'base'") == 1);
  CHECK(count(l.messages, "note: first defined here") == 2);
  // Located: file:line:col of each definition, in both files.
  CHECK(l.messages.find("lib1.ptx:5:") != std::string::npos);
  CHECK(l.messages.find("lib2.ptx:5:") != std::string::npos);
  CHECK(l.messages.find("lib1.ptx:4:") != std::string::npos);
  CHECK(l.messages.find("lib2.ptx:4:") != std::string::npos);
}

TEST_CASE("link: an unresolved .extern is a located error", "[link]") {
  Linked l = linkTexts({{"main.ptx", caller()}, {"other.ptx", std::string(kHeader) + ".visible .global .u32 base;\n"}});
  CHECK_FALSE(l.ptx);
  INFO(l.messages);
  CHECK(l.messages.find("main.ptx:5:31: error: unresolved external function 'inc': declared here and defined in "
                        "no linked module") != std::string::npos);
  CHECK(l.messages.find("'base'") == std::string::npos);
}

TEST_CASE("link: a name declared .extern and never used needs no definition", "[link]") {
  // clang's -O0 PTX declares threadIdx and the like without using them.
  std::string unused = std::string(kHeader) +
                       ".extern .global .align 1 .b8 threadIdx[1];\n.extern .func (.param .b32 r) never(.param .b32 a);\n"
                       ".visible .entry k2()\n{\n\tret;\n}\n";
  Linked l = linkTexts({{"main.ptx", caller()}, {"lib.ptx", definitions()}, {"unused.ptx", unused}});
  INFO(l.messages);
  REQUIRE(l.ptx);
  requireCanonical(*l.ptx);
  CHECK(count(*l.ptx, "threadIdx") == 0);
  CHECK(count(*l.ptx, "never") == 0);
  CHECK(count(*l.ptx, ".visible .entry k2()") == 1);
}

TEST_CASE("link: the driver's own functions and dynamic shared memory stay .extern, once", "[link]") {
  auto module = [](const std::string &kernel, unsigned align) {
    return std::string(kHeader) + R"(
.extern .func (.param .b32 r) vprintf(.param .b64 f, .param .b64 a);
.extern .shared .align )" +
           std::to_string(align) + R"( .b8 dyn[];
.global .align 1 .b8 $str[3] = {104, 105, 0};
.visible .entry )" + kernel +
           R"(()
{
	.reg .b64 %rd<3>;
	.reg .b32 %r<2>;
	mov.u64 %rd1, $str;
	cvta.global.u64 %rd2, %rd1;
	st.shared.u32 [dyn], 1;
	{
	.param .b64 p0;
	st.param.b64 [p0], %rd2;
	.param .b64 p1;
	st.param.b64 [p1], 0;
	.param .b32 r0;
	call.uni (r0), vprintf, (p0, p1);
	}
	ret;
}
)";
  };
  Linked l = linkTexts({{"a.ptx", module("ka", 4)}, {"b.ptx", module("kb", 16)}});
  INFO(l.messages);
  REQUIRE(l.ptx);
  requireCanonical(*l.ptx);
  CHECK(count(*l.ptx, ".extern .func (.param .b32 r) vprintf(") == 1);
  CHECK(count(*l.ptx, ".extern .shared .align 16 .b8 dyn[];") == 1);
  CHECK(count(*l.ptx, ".extern .shared") == 1);
}

TEST_CASE("link: a module's own names that collide are renamed in that module only", "[link]") {
  // Both modules have a file-static $str and a file-static function named like an opcode;
  // main also defines `helper`, which lib uses with linkage.
  auto module = [](const std::string &kernel, const std::string &text, bool useHelper) {
    std::string m = std::string(kHeader);
    if (useHelper)
      m += ".extern .global .u32 helper;\n";
    else
      m += ".visible .global .u32 helper_def;\n.global .u32 helper;\n";
    m += ".global .align 1 .b8 $str[2] = {" + text + ", 0};\n";
    m += R"(.func (.param .b32 r) add(.param .b32 a)
{
	.reg .b32 %r<3>;
	ld.param.b32 %r1, [a];
	add.s32 %r2, %r1, 1;
	st.param.b32 [r], %r2;
	ret;
}
.visible .entry )" + kernel + R"((.param .u64 out)
{
	.reg .b64 %rd<3>;
	.reg .b32 %r<3>;
	ld.param.u64 %rd1, [out];
	mov.u64 %rd2, $str;
	ld.global.u32 %r1, [helper];
	{
	.param .b32 a0;
	st.param.b32 [a0], %r1;
	.param .b32 r0;
	call.uni (r0), add, (a0);
	ld.param.b32 %r2, [r0];
	}
	st.global.u64 [%rd1], %rd2;
	ret;
}
)";
    return m;
  };
  std::string a = module("ka", "65", false);
  std::string b = module("kb", "66", true) + ".visible .global .u32 helper_b;\n";
  // b needs `helper` with linkage, but a's is file-static: unresolved, and a's keeps apart.
  Linked unresolved = linkTexts({{"a.ptx", a}, {"b.ptx", b}});
  CHECK_FALSE(unresolved.ptx);
  CHECK(unresolved.messages.find("unresolved external variable 'helper'") != std::string::npos);

  std::string c = module("kc", "67", true);
  Linked l = linkTexts({{"a.ptx", a}, {"c.ptx", c}, {"d.ptx", std::string(kHeader) + ".visible .global .u32 helper;\n"}});
  INFO(l.messages);
  REQUIRE(l.ptx);
  requireCanonical(*l.ptx);
  INFO(*l.ptx);
  // a's file-static `helper` is renamed (another module defines `helper` with linkage); of the
  // two $str and `add`, the first module in link order keeps its name, the other is renamed.
  CHECK(count(*l.ptx, ".visible .global .u32 helper;") == 1);
  CHECK(count(*l.ptx, "_helper;") == 1); // a's own, renamed "mN_helper"
  CHECK(count(*l.ptx, " $str[2]") == 1);
  CHECK(count(*l.ptx, "_$str[2]") == 1);
  CHECK(count(*l.ptx, ".func (.param .b32 r) add(") == 2); // one prototype, one definition
  CHECK(count(*l.ptx, "_add(") == 2);
  // Opcodes are never renamed.
  CHECK(count(*l.ptx, "add.s32 %r2, %r1, 1;") == 2);
  // Each kernel still reaches its own string: "A" with ka, "C" with kc.
  auto stringOf = [&](const std::string &kernel) {
    size_t body = l.ptx->find(".visible .entry " + kernel);
    size_t mov = l.ptx->find("mov.u64 %rd2, ", body);
    std::string name = l.ptx->substr(mov + 14, l.ptx->find(';', mov) - mov - 14);
    size_t decl = l.ptx->find(" " + name + "[2] = {");
    return decl == std::string::npos ? std::string() : l.ptx->substr(decl + name.size() + 8, 2);
  };
  CHECK(stringOf("ka") == "65");
  CHECK(stringOf("kc") == "67");
}

TEST_CASE("link: modules of different address sizes do not link", "[link]") {
  std::string narrow = ".version 8.0\n.target sm_80\n.address_size 32\n.visible .global .u32 base;\n"
                       ".visible .func (.param .b32 r) inc(.param .b32 a)\n{\n\tret;\n}\n";
  Linked l = linkTexts({{"main.ptx", caller()}, {"narrow.ptx", narrow}});
  CHECK_FALSE(l.ptx);
  INFO(l.messages);
  CHECK(l.messages.find("address_size") != std::string::npos);
  CHECK(l.messages.find("error: a module of ") != std::string::npos);
  CHECK(l.messages.find("-bit addresses cannot be linked with ") != std::string::npos);
  // An absent .address_size is 32 (the ISA's default): it conflicts with 64 too.
  std::string implicit = ".version 8.0\n.target sm_80\n" + definitions().substr(strlen(kHeader));
  Linked m = linkTexts({{"main.ptx", caller()}, {"implicit.ptx", implicit}});
  CHECK_FALSE(m.ptx);
}

TEST_CASE("link: the header takes the newest version and the highest target", "[link]") {
  std::string old = ".version 7.0\n.target sm_75\n.address_size 64\n.visible .global .u32 base = 1;\n"
                    ".visible .func (.param .b32 r) inc(.param .b32 a)\n{\n\tret;\n}\n";
  std::string newer = ".version 8.5\n.target sm_90a\n.address_size 64\n" + caller().substr(strlen(kHeader));
  Linked l = linkTexts({{"old.ptx", old}, {"new.ptx", newer}});
  INFO(l.messages);
  REQUIRE(l.ptx);
  CHECK(l.ptx->starts_with(".version 8.5\n.target sm_90a\n.address_size 64\n"));
}

TEST_CASE("link: declarations must agree with the definition", "[link]") {
  std::string wrongPrototype = definitions();
  wrongPrototype.replace(wrongPrototype.find("inc(.param .b32 a)"), 18, "inc(.param .b64 a)");
  Linked l = linkTexts({{"main.ptx", caller()}, {"lib.ptx", wrongPrototype}});
  CHECK_FALSE(l.ptx);
  INFO(l.messages);
  CHECK(l.messages.find("main.ptx:5:31: error: 'inc' is declared here with parameters or results that differ") !=
        std::string::npos);
  CHECK(l.messages.find("lib.ptx:5:") != std::string::npos);

  std::string wrongSpace = definitions();
  wrongSpace.replace(wrongSpace.find(".visible .global .align 4 .u32 base"), 35, ".visible .const .align 4 .u32 base");
  Linked s = linkTexts({{"main.ptx", caller()}, {"lib.ptx", wrongSpace}});
  CHECK_FALSE(s.ptx);
  CHECK(s.messages.find("'base' is declared in .global here but defined in .const") != std::string::npos);

  std::string asVariable = std::string(kHeader) + ".visible .global .u32 base;\n.visible .global .u32 inc;\n";
  Linked v = linkTexts({{"main.ptx", caller()}, {"lib.ptx", asVariable}});
  CHECK_FALSE(v.ptx);
  CHECK((v.messages.find("'inc' is a variable here and a function in main.ptx") != std::string::npos ||
         v.messages.find("'inc' is a function here and a variable in lib.ptx") != std::string::npos));
}

TEST_CASE("link: .common variables merge into the largest", "[link]") {
  auto commonModule = [](const std::string &kernel, unsigned elements, bool initialized) {
    std::string decl = ".common .global .align 4 .u32 table[" + std::to_string(elements) + "]";
    if (initialized) {
      decl += " = {";
      for (unsigned i = 0; i < elements; ++i)
        decl += (i ? ", " : "") + std::to_string(i + 1);
      decl += "}";
    }
    return std::string(kHeader) + decl + ";\n.visible .entry " + kernel +
           "()\n{\n\t.reg .b32 %r<2>;\n\tld.global.u32 %r1, [table];\n\tret;\n}\n";
  };
  Linked l = linkTexts({{"a.ptx", commonModule("ka", 2, false)}, {"b.ptx", commonModule("kb", 8, true)},
                        {"c.ptx", commonModule("kc", 4, false)}});
  INFO(l.messages);
  REQUIRE(l.ptx);
  requireCanonical(*l.ptx);
  CHECK(count(*l.ptx, ".common .global .align 4 .u32 table[8] = {1, 2, 3, 4, 5, 6, 7, 8};") == 1);
  CHECK(count(*l.ptx, "table[") == 1);

  Linked bad = linkTexts({{"a.ptx", commonModule("ka", 2, true)}, {"b.ptx", commonModule("kb", 8, false)}});
  CHECK_FALSE(bad.ptx);
  CHECK(bad.messages.find("only the largest may be initialized") != std::string::npos);
}

TEST_CASE("link: a function table in one module, called through from another", "[link]") {
  std::string table = std::string(kHeader) + R"(
.visible .func (.param .b32 r) twice(.param .b32 a)
{
	.reg .b32 %r<3>;
	ld.param.b32 %r1, [a];
	shl.b32 %r2, %r1, 1;
	st.param.b32 [r], %r2;
	ret;
}
.visible .global .align 8 .u64 ops[1] = {twice};
)";
  std::string user = std::string(kHeader) + R"(
.extern .global .align 8 .u64 ops[1];
.visible .global .align 8 .u64 first_op = generic(ops);
.visible .entry k(.param .u64 out)
{
	.reg .b32 %r<3>;
	.reg .b64 %rd<3>;
	ld.param.u64 %rd1, [out];
	ld.global.u64 %rd2, [ops];
	mov.u32 %r1, 21;
	{
	.param .b32 a0;
	st.param.b32 [a0], %r1;
	.param .b32 r0;
	proto: .callprototype (.param .b32 _) _ (.param .b32 _);
	call (r0), %rd2, (a0), proto;
	ld.param.b32 %r2, [r0];
	}
	st.global.u32 [%rd1], %r2;
	ret;
}
)";
  Linked l = linkTexts({{"user.ptx", user}, {"table.ptx", table}});
  INFO(l.messages);
  REQUIRE(l.ptx);
  requireCanonical(*l.ptx);
  INFO(*l.ptx);
  // The table comes after the prototype of the function it holds, and before the variable
  // whose initializer takes its address, whichever module is first.
  size_t prototype = l.ptx->find(".visible .func (.param .b32 r) twice(\n\t.param .b32 a\n)\n;");
  size_t tableDecl = l.ptx->find(".visible .global .align 8 .u64 ops[1] = {twice};");
  size_t firstOp = l.ptx->find(".visible .global .align 8 .u64 first_op = generic(ops);");
  REQUIRE(prototype != std::string::npos);
  REQUIRE(tableDecl != std::string::npos);
  REQUIRE(firstOp != std::string::npos);
  CHECK(prototype < tableDecl);
  CHECK(tableDecl < firstOp);
}

TEST_CASE("link: debug files are renumbered per module", "[link]") {
  auto module = [](const std::string &kernel, const std::string &file) {
    return std::string(kHeader) + ".file 1 \"" + file + "\"\n.visible .entry " + kernel +
           "()\n{\n\t.loc 1 10 3\n\tret;\n}\n";
  };
  Linked l = linkTexts({{"a.ptx", module("ka", "a.cu")}, {"b.ptx", module("kb", "b.cu")}});
  INFO(l.messages);
  REQUIRE(l.ptx);
  requireCanonical(*l.ptx);
  INFO(*l.ptx);
  bool aFirst = l.ptx->find(".file 1 \"a.cu\"") != std::string::npos;
  CHECK(count(*l.ptx, aFirst ? ".file 2 \"b.cu\"" : ".file 2 \"a.cu\"") == 1);
  CHECK(count(*l.ptx, ".loc 1 10 3") == 1);
  CHECK(count(*l.ptx, ".loc 2 10 3") == 1);
  size_t second = l.ptx->find(aFirst ? ".visible .entry kb" : ".visible .entry ka");
  CHECK(l.ptx->find(".loc 2 10 3") > second);
}

TEST_CASE("link: inputs that do not parse are reported where they are wrong", "[link]") {
  DiagnosticEngine diags;
  link::Linker linker;
  CHECK_FALSE(linker.addModule("bad.ptx", std::string(kHeader) + ".visible .entry k()\n{\n\tadd.s32 %r1;\n}\n", diags));
  CHECK(linker.moduleCount() == 0);
  REQUIRE(diags.hasErrors());
  CHECK(formatDiagnostic(diags.diagnostics().front()).starts_with("bad.ptx:6:"));
  DiagnosticEngine none;
  CHECK_FALSE(linker.link(none));
  CHECK(none.hasErrors());
}

TEST_CASE("link: a library member is linked only where another module needs it", "[link]") {
  DiagnosticEngine diags;
  link::Linker linker;
  REQUIRE(linker.addModule("main.ptx", caller(), diags));
  REQUIRE(linker.addLibraryMember("lib.a(defs.o)", definitions(), diags));
  // Needed by nothing: it stays out, and so does its need of `missing`.
  REQUIRE(linker.addLibraryMember("lib.a(other.o)", std::string(kHeader) + ".extern .global .u32 missing;\n"
                                                    ".visible .global .u32 unused;\n", diags));
  std::optional<std::string> linked = linker.link(diags);
  std::string messages;
  for (const Diagnostic &d : diags.diagnostics())
    messages += formatDiagnostic(d);
  INFO(messages);
  REQUIRE(linked);
  CHECK(count(*linked, "inc(") == 2);
  CHECK(count(*linked, "unused") == 0);

  DiagnosticEngine alone;
  link::Linker onlyMembers;
  REQUIRE(onlyMembers.addLibraryMember("lib.a(defs.o)", definitions(), alone));
  CHECK_FALSE(onlyMembers.link(alone));
  REQUIRE(alone.hasErrors());
  CHECK(alone.diagnostics().front().message.find("a library member is linked only where") != std::string::npos);
}

TEST_CASE("link: a name another module defines by .alias resolves to it", "[link]") {
  std::string aliased = std::string(kHeader) + ".visible .global .align 4 .u32 base = 1;\n" + R"(
.visible .func (.param .b32 r) real_inc(.param .b32 a)
{
	.reg .b32 %r<3>;
	ld.param.b32 %r1, [a];
	add.s32 %r2, %r1, 1;
	st.param.b32 [r], %r2;
	ret;
}
.visible .func (.param .b32 r) inc(.param .b32 a);
.alias inc, real_inc;
)";
  Linked l = linkTexts({{"main.ptx", caller()}, {"alias.ptx", aliased}});
  INFO(l.messages);
  REQUIRE(l.ptx);
  requireCanonical(*l.ptx);
  INFO(*l.ptx);
  CHECK(count(*l.ptx, ".visible .func (.param .b32 r) inc(\n\t.param .b32 a\n)\n;") == 1);
  CHECK(count(*l.ptx, ".alias inc, real_inc;") == 1);
  CHECK(l.ptx->find(".alias inc, real_inc;") > l.ptx->find("add.s32 %r2, %r1, 1;"));
  CHECK(count(*l.ptx, ".extern") == 0);
}
