#include "TestHelpers.h"

#include <catch2/catch.hpp>

using namespace p2m;
using namespace p2m::ptx;

static const Function &onlyFunction(const Module &m) {
  for (const Item *item : m.items)
    if (item->kind == ItemKind::Function)
      return static_cast<const Function &>(*item);
  FAIL("no function");
  throw;
}

static const Instruction &firstInstruction(const Module &m) {
  for (const Statement *s : onlyFunction(m).body->statements)
    if (s->kind == StatementKind::Instruction)
      return static_cast<const Instruction &>(*s);
  FAIL("no instruction");
  throw;
}

TEST_CASE("module header directives", "[parser]") {
  auto p = test::parse(".version 9.1\n.target sm_100a, debug\n.address_size 64\n");
  REQUIRE_FALSE(p->diags.hasErrors());
  CHECK(p->module->version == "9.1");
  REQUIRE(p->module->targets.size() == 2);
  CHECK(p->module->targets[1] == "debug");
  CHECK(p->module->addressSize == 64);
}

TEST_CASE("instruction with guard, modifiers and operand kinds", "[parser]") {
  auto p = test::parse(test::kernel("@!%p1 ld.global.nc.v2.f32 {%f1, _}, [%rd1+-8];"));
  REQUIRE(p->errors() == "");
  const Instruction &inst = firstInstruction(*p->module);
  CHECK(inst.opcode == Opcode::Ld);
  CHECK(inst.guardNegated);
  CHECK(inst.guard->text() == "%p1");
  REQUIRE(inst.modifiers().size() == 4);
  CHECK(inst.modifiers()[0] == Modifier::Global);
  CHECK(inst.modifiers()[3] == Modifier::F32);
  REQUIRE(inst.numOperands == 2);
  CHECK(inst.operand(0).kind == ExprKind::Braced);
  CHECK(inst.operand(0).count == 2);
  const Expr &addr = inst.operand(1);
  REQUIRE(addr.kind == ExprKind::Address);
  const Expr &sum = addr.child(0);
  REQUIRE(sum.kind == ExprKind::Binary);
  CHECK(static_cast<BinaryOp>(sum.sub) == BinaryOp::Add);
  CHECK(sum.child(1).kind == ExprKind::Unary);
}

TEST_CASE("special registers keep their component", "[parser]") {
  auto p = test::parse(test::kernel("mov.u32 %r1, %tid.x;"));
  REQUIRE(p->errors() == "");
  CHECK(firstInstruction(*p->module).operand(1).text() == "%tid.x");
}

TEST_CASE("setp with two predicate destinations", "[parser]") {
  auto p = test::parse(test::kernel("setp.lt.and.s32 %p1|%p2, %r1, 0x10, !%p3;"));
  REQUIRE(p->errors() == "");
  const Instruction &inst = firstInstruction(*p->module);
  CHECK(inst.operand(0).kind == ExprKind::Binary);
  CHECK(inst.operand(2).value == 16);
  CHECK(inst.operand(3).kind == ExprKind::Unary);
}

TEST_CASE("float literals keep exact bits", "[parser]") {
  auto p = test::parse(test::kernel("add.f64 %fd1, %fd2, 0d3FF0000000000000;"));
  REQUIRE(p->errors() == "");
  const Expr &lit = firstInstruction(*p->module).operand(2);
  CHECK(lit.kind == ExprKind::FloatBits);
  CHECK(lit.value == 0x3FF0000000000000ull);
}

TEST_CASE("call with return and argument lists and a prototype", "[parser]") {
  auto p = test::parse(test::kernel(
      "proto: .callprototype (.param .b32 _) _ (.param .b64 _);\n"
      "call (%r1), %rd1, (%rd2), proto;"));
  REQUIRE(p->errors() == "");
  const auto &stmts = onlyFunction(*p->module).body->statements;
  REQUIRE(stmts.size() == 2);
  CHECK(stmts[0]->kind == StatementKind::CallPrototype);
  const auto &call = static_cast<const Instruction &>(*stmts[1]);
  REQUIRE(call.numOperands == 4);
  CHECK(call.operand(0).kind == ExprKind::List);
  CHECK(call.operand(2).kind == ExprKind::List);
}

TEST_CASE("brx.idx with a branch target table", "[parser]") {
  auto p = test::parse(test::kernel("ts: .branchtargets L0, L1;\nbrx.idx %r1, ts;\nL0:\nret;\nL1:\nret;"));
  REQUIRE(p->errors() == "");
  const auto &stmts = onlyFunction(*p->module).body->statements;
  REQUIRE(stmts[0]->kind == StatementKind::BranchTargets);
  CHECK(static_cast<const TargetListStmt &>(*stmts[0]).targets.size() == 2);
}

TEST_CASE("function signatures, parameter attributes and performance directives", "[parser]") {
  auto p = test::parse(".version 8.5\n.target sm_90\n.address_size 64\n"
                       ".visible .entry k(.param .u64 .ptr .global .align 16 p, .param .align 8 .b8 s[24])\n"
                       ".maxntid 256, 1, 1\n.minnctapersm 2\n.reqnctapercluster 2, 1, 1\n.explicitcluster\n"
                       "{ ret; }\n"
                       ".func (.param .b32 r) f(.reg .b32 a) .noreturn;\n");
  REQUIRE(p->errors() == "");
  REQUIRE(p->module->items.size() == 2);
  const auto &k = static_cast<const Function &>(*p->module->items[0]);
  CHECK(k.isEntry);
  CHECK(k.linkage == Linkage::Visible);
  REQUIRE(k.params.size() == 2);
  CHECK(k.params[0].isPointer);
  CHECK(k.params[0].pointerSpace == Directive::Global);
  CHECK(k.params[0].pointerAlign == 16);
  CHECK(k.params[1].align == 8);
  CHECK(k.params[1].declarators[0].dims[0] == 24);
  REQUIRE(k.directives.size() == 4);
  CHECK(k.directives[0].values.size() == 3);
  const auto &f = static_cast<const Function &>(*p->module->items[1]);
  CHECK(f.hasReturnList);
  CHECK(f.body == nullptr);
  CHECK(f.directives[0].directive == Directive::Noreturn);
}

TEST_CASE("module variables with initializers", "[parser]") {
  auto p = test::parse(".version 8.5\n.target sm_90\n.address_size 64\n"
                       ".global .align 4 .u32 a[2][2] = {{1, 2}, {3, 4}};\n"
                       ".global .u64 ptrs[2] = {generic(a), a+8};\n"
                       ".extern .shared .align 16 .b8 dyn[];\n"
                       ".visible .global .attribute(.managed) .s32 m;\n");
  REQUIRE(p->errors() == "");
  REQUIRE(p->module->items.size() == 4);
  const auto &a = static_cast<const VariableItem &>(*p->module->items[0]).decl;
  CHECK(a.space == Directive::Global);
  CHECK(a.declarators[0].dims.size() == 2);
  CHECK(a.declarators[0].initializer->kind == ExprKind::Braced);
  const auto &ptrs = static_cast<const VariableItem &>(*p->module->items[1]).decl;
  CHECK(ptrs.declarators[0].initializer->child(0).kind == ExprKind::Generic);
  const auto &dyn = static_cast<const VariableItem &>(*p->module->items[2]).decl;
  CHECK(dyn.linkage == Linkage::Extern);
  CHECK(dyn.declarators[0].dims[0] == -1);
  CHECK(static_cast<const VariableItem &>(*p->module->items[3]).decl.attributes.size() == 1);
}

TEST_CASE("parameterized register declarations", "[parser]") {
  auto p = test::parse(test::kernel(".reg .pred %p<5>;\n.reg .b32 %r<100>, %tmp;"));
  REQUIRE(p->errors() == "");
  const auto &decl = static_cast<const VariableStmt &>(*onlyFunction(*p->module).body->statements[1]).decl;
  REQUIRE(decl.declarators.size() == 2);
  CHECK(decl.declarators[0].hasRange);
  CHECK(decl.declarators[0].rangeCount == 100);
  CHECK_FALSE(decl.declarators[1].hasRange);
}

TEST_CASE("debug directives: .file, .loc with inlined_at, .section", "[parser]") {
  auto p = test::parse(".version 8.5\n.target sm_90, debug\n.address_size 64\n"
                       ".visible .entry k()\n{\n.loc 1 10 5, function_name $L__info_string0, inlined_at 1 20 3\nret;\n}\n"
                       ".file 1 \"/tmp/a.cu\", 1700000000, 1234\n"
                       ".section .debug_str\n{\n$L__info_string0:\n.b8 95, 90, 0\n.b32 .debug_abbrev\n}\n");
  REQUIRE(p->errors() == "");
  const auto &loc = static_cast<const LocStmt &>(*onlyFunction(*p->module).body->statements[0]);
  CHECK(loc.hasInlinedAt);
  CHECK(loc.inlinedLine == 20);
  const auto &sec = static_cast<const SectionItem &>(*p->module->items[2]);
  REQUIRE(sec.entries.size() == 3);
  CHECK(sec.entries[0].label == "$L__info_string0");
  CHECK(sec.entries[1].values.size() == 3);
}

// The same Expr trees, by their fields (names and literals by their text).
static bool sameExpr(const Expr &a, const Expr &b) {
  if (a.kind != b.kind || a.sub != b.sub || a.isUnsigned != b.isUnsigned || a.count != b.count)
    return false;
  switch (a.kind) {
  case ExprKind::Name:
  case ExprKind::FloatDecimal:
  case ExprKind::String: return a.text() == b.text();
  case ExprKind::Integer:
  case ExprKind::FloatBits: return a.value == b.value;
  default: break;
  }
  size_t children = a.kind == ExprKind::Unary || a.kind == ExprKind::Paren ? 1
                    : a.kind == ExprKind::Binary                           ? 2
                    : a.kind == ExprKind::Conditional                      ? 3
                                                                           : a.count;
  for (size_t i = 0; i < children; ++i)
    if (!sameExpr(a.child(i), b.child(i)))
      return false;
  return true;
}

TEST_CASE("operands read straight from the source are the ones the tokens make", "[parser]") {
  // Each instruction as written, and with a comment before its first operand, which leaves
  // every operand to the tokens.
  const char *instructions[] = {
      "add.s32 %r1, %r2, 5;",
      "add.s32 %r1 , %r2,0 ;",
      "add.s64 %rd1, %rd2, 123456789012345678;",
      "add.s64 %rd1, %rd2, 1234567890123456789;",
      "add.s32 %r1, %r2, 07;",
      "add.s32 %r1, %r2, 7U;",
      "add.s32 %r1, %r2, -7;",
      "add.s32 %r1, %r2, 0x10;",
      "add.f32 %f1, %f2, 1.5;",
      "mov.u32 %r1, %tid.x;",
      "ld.global.u32 %r1, [%rd1];",
      "ld.global.u32 %r1, [ %rd1 + 4 ];",
      "ld.global.u32 %r1, [%rd1-4];",
      "ld.global.u32 %r1, [%rd1+-4];",
      "ld.global.u32 %r1, [%rd1+%rd2];",
      "ld.global.u32 %r1, [8];",
      "ld.global.v2.f32 {%f1, _}, [%rd1+8];",
      "ld.global.v4.f32 { %f1,%f2 , %f3, %f4 }, [%rd1];",
      "st.global.u32 [%rd1], %r1;",
      "bra $L__BB0_1;",
  };
  for (const char *text : instructions) {
    std::string plain = text, commented = text;
    commented.insert(commented.find(' ') + 1, "/* tokens */ ");
    auto a = test::parse(test::kernel(plain + "\n$L__BB0_1:\nret;"));
    auto b = test::parse(test::kernel(commented + "\n$L__BB0_1:\nret;"));
    INFO(text);
    REQUIRE(a->errors() == "");
    REQUIRE(b->errors() == "");
    const Instruction &x = firstInstruction(*a->module), &y = firstInstruction(*b->module);
    REQUIRE(x.numOperands == y.numOperands);
    for (size_t i = 0; i < x.numOperands; ++i)
      CHECK(sameExpr(x.operand(i), y.operand(i)));
  }
}

TEST_CASE("malformed operands are reported as the tokens read them", "[parser]") {
  auto p = test::parse(test::kernel("add.s32 %r1, %r2 %r3;\nadd.s32 %r1, %r2, 12abc;\nld.global.u32 %r1, [%rd1+];"));
  std::string errors = p->errors();
  CHECK(errors.find("test.ptx:6:18: error: expected ',' or ';' after operand, found '%r3'\n") != std::string::npos);
  CHECK(errors.find("test.ptx:7:19: error: expected an operand, found malformed number '12abc'\n") != std::string::npos);
  CHECK(errors.find("test.ptx:8:26: error: expected an operand, found ']'\n") != std::string::npos);
}
