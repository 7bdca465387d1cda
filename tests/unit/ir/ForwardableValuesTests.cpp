// Which values an emitter may print inside their one use: written once and read once in the
// same block, pure or a plain load, nothing they depend on written in between.
#include "ir/ForwardableValues.h"

#include <catch2/catch.hpp>

#include <initializer_list>

using namespace p2m::ir;
using p2m::ptx::Modifier;
using p2m::ptx::Opcode;

namespace {

Inst ptx(Opcode op, Type t, std::initializer_list<Operand> ops) {
  Inst in;
  in.opcode = op;
  in.type = t;
  in.ops = ops;
  return in;
}

Operand reg(uint32_t r) { return Operand::reg(RegId(r)); }

Operand address(uint32_t r, int64_t offset = 0) {
  Operand o = Operand::reg(RegId(r));
  o.address = true;
  o.value = offset;
  return o;
}

Inst load(uint32_t d, uint32_t base) {
  Inst in = ptx(Opcode::Ld, Type::U32, {reg(d), address(base)});
  in.space = Space::Global;
  return in;
}

Inst store(uint32_t base, uint32_t value) {
  Inst in = ptx(Opcode::St, Type::U32, {address(base), reg(value)});
  in.space = Space::Global;
  return in;
}

// A function of one block holding `insts` (registers r0..r9 u32, r10 u64, p11 pred), returning.
struct OneBlock {
  Module m;
  std::vector<Operand> vectorElements;
  std::vector<uint8_t> named;            // the last run's registers named
  std::vector<uint32_t> mentions;        // and countRegisterMentions' counts for its function
  std::vector<Forwarding> run(std::vector<Inst> insts, RegId condition = kNone, unsigned maxDepth = 3) {
    Function f;
    for (int i = 0; i < 10; ++i)
      f.addReg("r" + std::to_string(i), Type::U32);
    f.addReg("rd10", Type::U64);
    f.addReg("p11", Type::Pred);
    f.vectorElements = vectorElements;
    Block b;
    b.insts = std::move(insts);
    if (condition != kNone) {
      b.term.kind = TermKind::Branch;
      b.term.cond = condition;
      b.term.targets = {BlockId(1), BlockId(1)};
      f.blocks.push_back(std::move(b));
      f.blocks.push_back(Block{});
    } else {
      f.blocks.push_back(std::move(b));
    }
    mentions = countRegisterMentions(f);
    return findForwardableValues(m, f, maxDepth, &named);
  }
};

} // namespace

TEST_CASE("a value written and read once in its block is forwarded", "[ir][forwarding]") {
  OneBlock t;
  auto fw = t.run({ptx(Opcode::Add, Type::U32, {reg(1), reg(0), Operand::imm(1)}),
                   ptx(Opcode::Mul, Type::U32, {reg(2), reg(1), reg(0)}), store(10, 2)});
  CHECK(fw[1] == Forwarding::Value);
  CHECK(fw[2] == Forwarding::Value);
  CHECK(fw[0] == Forwarding::No); // never written
}

TEST_CASE("a value read twice, written twice or read before its write stays a statement", "[ir][forwarding]") {
  OneBlock t;
  SECTION("read twice") {
    auto fw = t.run({ptx(Opcode::Add, Type::U32, {reg(1), reg(0), Operand::imm(1)}),
                     ptx(Opcode::Mul, Type::U32, {reg(2), reg(1), reg(1)}), store(10, 2)});
    CHECK(fw[1] == Forwarding::No);
  }
  SECTION("written twice") {
    auto fw = t.run({ptx(Opcode::Add, Type::U32, {reg(1), reg(0), Operand::imm(1)}),
                     ptx(Opcode::Add, Type::U32, {reg(1), reg(0), Operand::imm(2)}), store(10, 1)});
    CHECK(fw[1] == Forwarding::No);
  }
  SECTION("read before the write (a value from an earlier iteration)") {
    auto fw = t.run({store(10, 1), ptx(Opcode::Add, Type::U32, {reg(1), reg(0), Operand::imm(1)})});
    CHECK(fw[1] == Forwarding::No);
  }
  SECTION("a guarded definition") {
    Inst add = ptx(Opcode::Add, Type::U32, {reg(1), reg(0), Operand::imm(1)});
    add.guard = RegId(11);
    auto fw = t.run({add, store(10, 1)});
    CHECK(fw[1] == Forwarding::No);
  }
}

TEST_CASE("a value whose operand is written before its use stays a statement", "[ir][forwarding]") {
  OneBlock t;
  auto fw = t.run({ptx(Opcode::Add, Type::U32, {reg(1), reg(0), Operand::imm(1)}),
                   ptx(Opcode::Mov, Type::U32, {reg(0), Operand::imm(5)}), store(10, 1)});
  CHECK(fw[1] == Forwarding::No);
  SECTION("through a forwarded value") {
    auto chain = t.run({ptx(Opcode::Add, Type::U32, {reg(1), reg(0), Operand::imm(1)}),
                        ptx(Opcode::Mul, Type::U32, {reg(2), reg(1), Operand::imm(3)}),
                        ptx(Opcode::Mov, Type::U32, {reg(0), Operand::imm(5)}), store(10, 2)});
    CHECK(chain[1] == Forwarding::Value);
    CHECK(chain[2] == Forwarding::No); // r2 = (r0 + 1) * 3 would read the new r0
  }
  SECTION("the use itself may write it (one statement reads before it writes)") {
    auto own = t.run({ptx(Opcode::Add, Type::U32, {reg(1), reg(0), Operand::imm(1)}),
                      ptx(Opcode::Mul, Type::U32, {reg(0), reg(1), Operand::imm(3)}), store(10, 0)});
    CHECK(own[1] == Forwarding::Value);
  }
}

TEST_CASE("a load is forwarded only when nothing between writes memory", "[ir][forwarding]") {
  OneBlock t;
  CHECK(t.run({load(1, 10), ptx(Opcode::Add, Type::U32, {reg(2), reg(1), Operand::imm(1)}), store(10, 2)})[1] ==
        Forwarding::Value);
  CHECK(t.run({load(1, 10), store(10, 3), ptx(Opcode::Add, Type::U32, {reg(2), reg(1), Operand::imm(1)}),
               store(10, 2)})[1] == Forwarding::No);
  SECTION("nor through a pure value forwarded after it") {
    auto fw = t.run({load(1, 10), ptx(Opcode::Add, Type::U32, {reg(2), reg(1), Operand::imm(1)}), store(10, 3),
                     store(10, 2)});
    CHECK(fw[1] == Forwarding::Value);
    CHECK(fw[2] == Forwarding::No);
  }
  SECTION("a barrier between") {
    Inst bar = ptx(Opcode::Bar, Type::None, {Operand::imm(0)});
    CHECK(t.run({load(1, 10), bar, store(10, 1)})[1] == Forwarding::No);
  }
  SECTION("a volatile load never") {
    Inst ld = load(1, 10);
    ld.modifiers.push_back(Modifier::Volatile);
    CHECK(t.run({ld, store(10, 1)})[1] == Forwarding::No);
  }
  SECTION("the elements of a vector load, across a write from their temporary only") {
    Inst ld = ptx(Opcode::Ld, Type::U32, {Operand{}, address(10)});
    ld.space = Space::Global;
    ld.vector = 2;
    ld.ops[0].kind = OperandKind::Vector;
    ld.ops[0].id = 0;
    ld.ops[0].value = 2;
    t.vectorElements = {reg(1), reg(2)};
    Inst add = ptx(Opcode::Add, Type::U32, {reg(4), reg(1), reg(2)});
    auto across = t.run({ld, store(10, 3), add, store(10, 4)});
    CHECK(across[1] == Forwarding::LoadedElement);
    CHECK(across[2] == Forwarding::LoadedElement);
    auto adjacent = t.run({ld, add, store(10, 4)});
    CHECK(adjacent[1] == Forwarding::Value);
  }
}

TEST_CASE("a branch condition computed in its block is forwarded into the branch", "[ir][forwarding]") {
  OneBlock t;
  Inst setp = ptx(Opcode::Setp, Type::U32, {reg(11), reg(0), reg(1)});
  setp.modifiers.push_back(Modifier::Lt);
  CHECK(t.run({setp}, RegId(11))[11] == Forwarding::Value);
  CHECK(t.run({setp, ptx(Opcode::Mov, Type::U32, {reg(0), Operand::imm(1)})}, RegId(11))[11] == Forwarding::No);
}

TEST_CASE("a forwarded value nests at most the given depth", "[ir][forwarding]") {
  OneBlock t;
  std::vector<Inst> chain = {ptx(Opcode::Add, Type::U32, {reg(1), reg(0), Operand::imm(1)}),
                             ptx(Opcode::Add, Type::U32, {reg(2), reg(1), Operand::imm(1)}),
                             ptx(Opcode::Add, Type::U32, {reg(3), reg(2), Operand::imm(1)}),
                             ptx(Opcode::Add, Type::U32, {reg(4), reg(3), Operand::imm(1)}), store(10, 4)};
  auto fw = t.run(chain, kNone, 2);
  CHECK(fw[1] == Forwarding::Value);
  CHECK(fw[2] == Forwarding::Value);
  CHECK(fw[3] == Forwarding::No); // would nest three deep: the chain is cut here
  CHECK(fw[4] == Forwarding::Value);
}

TEST_CASE("impure definitions are never forwarded", "[ir][forwarding]") {
  OneBlock t;
  Inst clock;
  clock.irop = IrOp::ReadSpecial;
  clock.type = Type::U32;
  Operand special;
  special.kind = OperandKind::Special;
  special.id = static_cast<uint32_t>(Special::Clock);
  clock.ops = {reg(1), special};
  Inst tid = clock;
  tid.ops[0] = reg(2);
  tid.ops[1].id = static_cast<uint32_t>(Special::TidX);
  auto fw = t.run({clock, tid, ptx(Opcode::Add, Type::U32, {reg(3), reg(1), reg(2)}), store(10, 3)});
  CHECK(fw[1] == Forwarding::No);
  CHECK(fw[2] == Forwarding::Value);
}

TEST_CASE("a predicate a helper writes through a reference counts as written", "[ir][forwarding]") {
  OneBlock t;
  Inst setp = ptx(Opcode::Setp, Type::U32, {reg(11), reg(0), reg(1)});
  setp.modifiers.push_back(Modifier::Lt);
  Inst selp = ptx(Opcode::Selp, Type::U32, {reg(2), reg(0), reg(1), reg(11)});
  // shfl.sync.bfly r3|p11, r0, 1, 31, -1: the predicate is the helper's `thread bool &` output.
  Inst shfl;
  shfl.irop = IrOp::Call;
  shfl.name = t.m.internHelper(Helper::ShflSync, {"bfly"});
  shfl.type = Type::B32;
  shfl.ops = {reg(3), reg(0), Operand::imm(1), Operand::imm(31), Operand::imm(-1), reg(4), reg(11)};
  shfl.argTypes = t.m.internArgTypes({Type::B32, Type::U32, Type::U32, Type::U32, Type::U32, Type::Pred});
  auto fw = t.run({setp, selp, shfl, store(10, 2), store(10, 3)});
  CHECK(fw[2] == Forwarding::No); // selp's p11 is rewritten by the shuffle before r2's use
  CHECK(fw[11] == Forwarding::No);
  CHECK(fw[3] == Forwarding::No); // a shuffle is no pure value
}

TEST_CASE("the registers named are those countRegisterMentions counts", "[ir][forwarding]") {
  OneBlock t;
  Inst guarded = ptx(Opcode::Add, Type::U32, {reg(3), reg(4), Operand::imm(1)});
  guarded.guard = RegId(11);
  t.vectorElements = {reg(5), reg(6)};
  Operand vector;
  vector.kind = OperandKind::Vector;
  vector.id = 0;
  vector.value = 2;
  Inst vectorLoad = ptx(Opcode::Ld, Type::U32, {vector, address(10)});
  vectorLoad.space = Space::Global;
  t.run({guarded, vectorLoad, store(10, 3), ptx(Opcode::Setp, Type::U32, {reg(7), reg(5), reg(6)})}, RegId(7));
  REQUIRE(t.named.size() == t.mentions.size());
  for (size_t r = 0; r < t.named.size(); ++r) {
    INFO("register " << r);
    CHECK((t.named[r] != 0) == (t.mentions[r] != 0));
  }
  CHECK(t.named[11]);  // a guard
  CHECK(t.named[5]);   // a vector element
  CHECK(!t.named[0]);  // never named
}
