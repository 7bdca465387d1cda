// fix-special-registers: every use of a special register (%tid.x, %laneid, %clock64, ...)
// becomes a read_special into a fresh register right before the instruction that uses it, so
// time-like registers are read where PTX reads them and the emitter maps each read to a
// builtin (see DESIGN.md for the stand-ins of registers Metal lacks).
#include "passes/LowerUtil.h"

#include <algorithm>

namespace p2m::passes {

using namespace ir;

void fixSpecialRegisters(PassContext &ctx) {
  forEachFunction(ctx, [&](Function &f) {
    auto needs = [&](const Inst &in) {
      for (const Operand &o : in.ops) {
        if (o.kind == OperandKind::Special)
          return true;
        if (o.kind == OperandKind::Vector)
          for (int64_t i = 0; i < o.value; ++i)
            if (f.vectorElements[o.id + static_cast<size_t>(i)].kind == OperandKind::Special)
              return true;
      }
      return false;
    };
    rewriteBlocks(f, needs, [&](Inst &in, std::vector<Inst> &out) {
      auto replace = [&](Operand &o) {
        if (o.kind != OperandKind::Special)
          return;
        auto sp = static_cast<Special>(o.id);
        f.usesReservedSmem |= isReservedSmem(sp);
        // mov d, %sreg: read straight into d when the types agree.
        if (in.isPtx(ptx::Opcode::Mov) && &o == &in.ops[1] && in.ops[0].isReg() &&
            f.regs[in.ops[0].id].type != Type::Pred &&
            bitWidth(f.regs[in.ops[0].id].type) == bitWidth(typeOf(sp)) &&
            bitWidth(in.type) == bitWidth(typeOf(sp))) {
          in.irop = IrOp::ReadSpecial;
          in.type = f.regs[in.ops[0].id].type;
          return;
        }
        Inst read;
        read.irop = IrOp::ReadSpecial;
        read.type = typeOf(sp);
        read.srcOffset = in.srcOffset;
        read.debugLine = in.debugLine;
        RegId t = newTemp(f, read.type);
        read.ops = {Operand::reg(t), o};
        out.push_back(std::move(read));
        o = Operand::reg(t);
      };
      for (Operand &o : in.ops) {
        if (o.kind == OperandKind::Vector) {
          for (int64_t i = 0; i < o.value; ++i)
            replace(f.vectorElements[o.id + static_cast<size_t>(i)]);
        } else {
          replace(o);
        }
      }
      out.push_back(std::move(in));
      return true;
    });
  });
}

} // namespace p2m::passes
