// expand-operands: a symbol used as a value (`mov.u64 %rd, buf`, `cvta.shared.u64 %rd, buf`,
// `add.u64 %rd, buf, 16`) becomes an explicit address_of into a register, so later passes and
// the emitter see symbols only inside `[ ]` addresses and call lists. A function's address is
// its id (CallTargets.h): an address_of in no data state space (Generic), 64 bits wide.
// A texture or surface reference used as a value (`tex ... [t, {x}]`, `suld ... [s, {x}]`) is
// its handle: an ld.global.u64 of the variable that holds it (Ir.h's ReferenceKind), so the
// texture lowering sees the 64-bit register of a texture or surface object.
#include "passes/LowerUtil.h"

#include <algorithm>

namespace p2m::passes {

using namespace ir;

void expandOperands(PassContext &ctx) {
  Module &m = ctx.module;
  forEachFunction(ctx, [&](Function &f) {
    auto needs = [](const Inst &in) {
      if (in.isPtx(ptx::Opcode::Call))
        return false;
      for (const Operand &o : in.ops)
        if (o.kind == OperandKind::Symbol && !o.address)
          return true;
      return false;
    };
    rewriteBlocks(f, needs, [&](Inst &in, std::vector<Inst> &out) {
      if (in.isPtx(ptx::Opcode::Call)) {
        out.push_back(std::move(in));
        return true;
      }
      bool isMov = in.isPtx(ptx::Opcode::Mov);
      bool replaced = false;
      for (size_t i = 0; i < in.ops.size(); ++i) {
        Operand &o = in.ops[i];
        if (o.kind != OperandKind::Symbol || o.address)
          continue;
        const Symbol &s = m.symbol(o.symId());
        if (s.reference != ReferenceKind::None) {
          RegId handle = newTemp(f, Type::U64);
          Inst ld;
          ld.opcode = ptx::Opcode::Ld;
          ld.type = Type::U64;
          ld.space = Space::Global;
          ld.modifiers = {ptx::Modifier::Global, ptx::Modifier::U64};
          ld.guard = in.guard;
          ld.guardNegated = in.guardNegated;
          ld.srcOffset = in.srcOffset;
          ld.debugLine = in.debugLine;
          Operand a = o;
          a.address = true;
          a.value = 0;
          ld.ops = {Operand::reg(handle), a};
          out.push_back(std::move(ld));
          o = Operand::reg(handle);
          continue;
        }
        bool function = s.kind == SymbolKind::Function;
        if (function && m.addressSize != 64) {
          markUnsupported(f, in.srcOffset, "function addresses in 32-bit modules are not supported");
          return false;
        }
        Inst addr;
        addr.irop = IrOp::AddressOf;
        addr.space = function ? Space::Generic : s.space;
        addr.type = m.addressSize == 32 ? Type::U32 : Type::U64;
        addr.srcOffset = in.srcOffset;
        addr.debugLine = in.debugLine;
        if (isMov && i == 1 && in.ops[0].isReg()) {
          // mov d, sym: the address_of writes d itself and replaces the mov.
          addr.type = in.type;
          addr.guard = in.guard;
          addr.guardNegated = in.guardNegated;
          addr.ops = {in.ops[0], o};
          out.push_back(std::move(addr));
          replaced = true;
          break;
        }
        RegId t = newTemp(f, addr.type);
        addr.ops = {Operand::reg(t), o};
        out.push_back(std::move(addr));
        o = Operand::reg(t);
      }
      if (replaced)
        return true;
      out.push_back(std::move(in));
      return true;
    });
  });
}

} // namespace p2m::passes
