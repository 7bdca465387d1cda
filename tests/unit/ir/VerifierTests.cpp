// The IR verifier accepts well-formed functions and names each broken invariant.
#include "ir/Verifier.h"

#include <catch2/catch.hpp>

#include <string>

using namespace p2m::ir;

namespace {

// One function: r0 (u32), p0 (pred); block 0 branches to blocks 1 and 2, which return.
Module wellFormed() {
  Module m;
  Function f;
  f.ptxName = "k";
  f.addReg("r0", Type::U32);
  f.addReg("p0", Type::Pred);
  Block entry;
  Inst add;
  add.opcode = p2m::ptx::Opcode::Add;
  add.type = Type::U32;
  add.ops = {Operand::reg(RegId(0)), Operand::reg(RegId(0)), Operand::imm(1)};
  entry.insts.push_back(add);
  entry.term.kind = TermKind::Branch;
  entry.term.cond = RegId(1);
  entry.term.targets = {BlockId(1), BlockId(2)};
  f.blocks.push_back(entry);
  f.blocks.push_back(Block{});
  f.blocks.push_back(Block{});
  m.functions.push_back(std::move(f));
  return m;
}

bool mentions(const std::vector<std::string> &problems, const std::string &text) {
  for (const std::string &p : problems)
    if (p.find(text) != std::string::npos)
      return true;
  return false;
}

} // namespace

TEST_CASE("the IR verifier accepts a well-formed function", "[ir][verifier]") {
  Module m = wellFormed();
  CHECK(verifyFunction(m, m.functions[0]).empty());
}

TEST_CASE("the IR verifier names each broken invariant", "[ir][verifier]") {
  SECTION("a register id out of range") {
    Module m = wellFormed();
    m.functions[0].blocks[0].insts[0].ops[2] = Operand::reg(RegId(7));
    CHECK(mentions(verifyFunction(m, m.functions[0]), "block 0, instruction 0: an operand names register 7"));
  }
  SECTION("a branch target out of range") {
    Module m = wellFormed();
    m.functions[0].blocks[0].term.targets[1] = BlockId(9);
    CHECK(mentions(verifyFunction(m, m.functions[0]), "targets block 9"));
  }
  SECTION("a branch on a register that is not a predicate") {
    Module m = wellFormed();
    m.functions[0].blocks[0].term.cond = RegId(0);
    CHECK(mentions(verifyFunction(m, m.functions[0]), "the branch condition register 'r0' is not a predicate"));
  }
  SECTION("a goto without its target") {
    Module m = wellFormed();
    m.functions[0].blocks[1].term.kind = TermKind::Goto;
    CHECK(mentions(verifyFunction(m, m.functions[0]), "needs 1 targets, not 0"));
  }
  SECTION("a guard that is not a predicate") {
    Module m = wellFormed();
    m.functions[0].blocks[0].insts[0].guard = RegId(0);
    CHECK(mentions(verifyFunction(m, m.functions[0]), "the guard register 'r0' is not a predicate"));
  }
  SECTION("a helper call whose name is not in the module's strings") {
    Module m = wellFormed();
    Inst call;
    call.irop = IrOp::Call;
    call.name = 3;
    call.ops = {Operand{}, Operand::reg(RegId(0))};
    call.argTypes = m.internArgTypes({Type::U32});
    m.functions[0].blocks[0].insts.push_back(call);
    CHECK(mentions(verifyFunction(m, m.functions[0]), "names string 3, but the module has 0"));
  }
  SECTION("a helper call whose argument types are no list of the module's") {
    Module m = wellFormed();
    Inst call;
    call.irop = IrOp::Call;
    call.name = m.internHelper(Helper::Activemask);
    call.ops = {Operand{}, Operand::reg(RegId(0))};
    call.argTypes = 5;
    m.functions[0].blocks[0].insts.push_back(call);
    CHECK(mentions(verifyFunction(m, m.functions[0]), "names argument-type list 5, but the module has 0"));
    m.functions[0].blocks[0].insts.back().argTypes = m.internArgTypes({Type::U32, Type::U32});
    CHECK(mentions(verifyFunction(m, m.functions[0]), "a helper call has 1 arguments but 2 argument types"));
  }
  SECTION("a vector operand past the function's elements") {
    Module m = wellFormed();
    Operand v;
    v.kind = OperandKind::Vector;
    v.id = 0;
    v.value = 2;
    m.functions[0].blocks[0].insts[0].ops[1] = v;
    CHECK(mentions(verifyFunction(m, m.functions[0]), "lies outside the 0 vector elements"));
  }
  SECTION("a callee id out of range") {
    Module m = wellFormed();
    m.functions[0].callees.push_back(FuncId(4));
    CHECK(mentions(verifyFunction(m, m.functions[0]), "callee id 4 is out of range"));
  }
}
