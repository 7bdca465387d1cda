#include "ir/Verifier.h"

#include <fmt/core.h>

namespace p2m::ir {
namespace {

class Verifier {
public:
  Verifier(const Module &module, const Function &function) : m_(module), f_(function) {}

  std::vector<std::string> run() {
    for (FuncId callee : f_.callees)
      if (callee.index() >= m_.functions.size())
        fail("callee id {} is out of range ({} functions)", callee, m_.functions.size());
    for (SymId s : f_.params)
      symbol(s, "parameter");
    for (SymId s : f_.returns)
      symbol(s, "return value");
    for (size_t i = 0; i < f_.vectorElements.size(); ++i) {
      const Operand &element = f_.vectorElements[i];
      if (element.kind == OperandKind::Vector)
        fail("vector element {} is itself a vector", i);
    }
    for (block_ = 0; block_ < f_.blocks.size(); ++block_) {
      const Block &b = f_.blocks[block_];
      for (inst_ = 0; inst_ < b.insts.size(); ++inst_)
        instruction(b.insts[inst_]);
      inst_ = kNone;
      terminator(b.term);
    }
    return std::move(problems_);
  }

private:
  template <typename... Args>
  void fail(fmt::format_string<Args...> format, Args &&...args) {
    std::string where = fmt::format("{}: block {}", f_.ptxName, block_);
    if (inst_ != kNone)
      where += fmt::format(", instruction {}", inst_);
    problems_.push_back(where + ": " + fmt::format(format, std::forward<Args>(args)...));
  }

  bool reg(RegId r, const char *what) {
    if (r.index() < f_.regs.size())
      return true;
    fail("{} names register {}, but the function has {}", what, r, f_.regs.size());
    return false;
  }
  void symbol(SymId s, const char *what) {
    if (s.index() >= m_.symbols.size())
      fail("{} names symbol {}, but the module has {}", what, s, m_.symbols.size());
  }
  void predicate(RegId r, const char *what) {
    if (reg(r, what) && f_.reg(r).type != Type::Pred)
      fail("{} register '{}' is not a predicate", what, f_.reg(r).name);
  }

  void operand(const Operand &o) {
    switch (o.kind) {
    case OperandKind::None:
    case OperandKind::Sink:
    case OperandKind::Imm:
      break;
    case OperandKind::Reg:
      reg(o.regId(), "an operand");
      break;
    case OperandKind::Symbol:
      symbol(o.symId(), "an operand");
      break;
    case OperandKind::Special:
      if (o.id >= kSpecialCount)
        fail("special register id {} is out of range", o.id);
      break;
    case OperandKind::Vector:
      // An empty list (a call without arguments) is a vector of no elements.
      if (o.value < 0 || o.id + static_cast<uint64_t>(o.value) > f_.vectorElements.size())
        fail("vector operand [{}, +{}) lies outside the {} vector elements", o.id, o.value,
             f_.vectorElements.size());
      else
        for (int64_t k = 0; k < o.value; ++k)
          operand(f_.vectorElements[o.id + static_cast<size_t>(k)]);
      break;
    }
    if (o.address && o.kind != OperandKind::Reg && o.kind != OperandKind::Symbol && o.kind != OperandKind::Imm)
      fail("an address operand's base is neither a register, a symbol nor an immediate");
  }

  void instruction(const Inst &in) {
    if (in.guard != kNone)
      predicate(in.guard, "the guard");
    for (const Operand &o : in.ops)
      operand(o);
    switch (in.irop) {
    case IrOp::Ptx:
      break;
    case IrOp::Call:
      if (in.name == kNone || in.name >= m_.strings.size())
        fail("a helper call names string {}, but the module has {}", in.name, m_.strings.size());
      if (in.ops.empty())
        fail("a helper call has no result operand (None stands for none)");
      else if (in.argTypes != kNone && in.argTypes >= m_.argTypeListCount())
        fail("a helper call names argument-type list {}, but the module has {}", in.argTypes,
             m_.argTypeListCount());
      else if (m_.argTypes(in).size() != in.ops.size() - 1)
        fail("a helper call has {} arguments but {} argument types", in.ops.size() - 1, m_.argTypes(in).size());
      break;
    case IrOp::Convert:
      if (in.ops.size() != 2)
        fail("a conversion has {} operands, not 2", in.ops.size());
      break;
    case IrOp::ReadSpecial:
      if (in.ops.size() != 2 || in.ops[1].kind != OperandKind::Special)
        fail("a special-register read needs a destination and a special register");
      break;
    case IrOp::AddressOf:
      if (in.ops.size() != 2 || in.ops[1].kind != OperandKind::Symbol)
        fail("an address-of needs a destination and a symbol");
      break;
    }
  }

  void terminator(const Terminator &t) {
    size_t needed = 0;
    switch (t.kind) {
    case TermKind::Goto: needed = 1; break;
    case TermKind::Branch: needed = 2; break;
    case TermKind::Switch: needed = t.targets.empty() ? 1 : t.targets.size(); break;
    case TermKind::Return:
    case TermKind::Exit:
    case TermKind::Trap: needed = 0; break;
    }
    if (t.targets.size() != needed)
      fail("a terminator of its kind needs {} targets, not {}", needed, t.targets.size());
    for (BlockId target : t.targets)
      if (target.index() >= f_.blocks.size())
        fail("a terminator targets block {}, but the function has {}", target, f_.blocks.size());
    if (t.kind == TermKind::Branch)
      predicate(t.cond, "the branch condition");
    if (t.kind == TermKind::Switch)
      reg(t.cond, "the switch selector");
  }

  const Module &m_;
  const Function &f_;
  size_t block_ = 0;
  size_t inst_ = kNone;
  std::vector<std::string> problems_;
};

} // namespace

std::vector<std::string> verifyFunction(const Module &module, const Function &function) {
  if (function.isDeclaration || function.unsupported)
    return {};
  return Verifier(module, function).run();
}

} // namespace p2m::ir
