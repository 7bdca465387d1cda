// retype-float-registers: a .b32 register that every instruction naming it reads or writes as
// .f32 is stored as float. PTX lets .b32 registers stand for f32 values (cuBLAS declares all
// its %f registers so); stored as uint, every operation on one needed a float temporary and a
// reinterpretation each way (insert-implicit-conversions). Stored as float, the register is
// what a .f32 register is: the same bits, copied unchanged, read as bits only through the
// conversions the instructions already had. A register named anywhere as something else (an
// integer operand, an address, a call argument, a vector of a mov, a branch selector) keeps
// its storage.
#include "passes/LowerUtil.h"

#include "ir/OperandTypes.h"

namespace p2m::passes {

using namespace ir;

void retypeFloatRegisters(PassContext &ctx) {
  forEachFunction(ctx, [&](Function &f) {
    // Per register: 0 not named yet, 1 named only as f32, 2 named otherwise.
    std::vector<uint8_t> use(f.regs.size(), 0);
    bool any = false;
    for (const Register &r : f.regs)
      any = any || r.type == Type::B32;
    if (!any)
      return;
    auto mark = [&](RegId r, bool asFloat) {
      if (r.index() < use.size() && use[r.index()] != 2)
        use[r.index()] = asFloat ? 1 : 2;
    };
    auto markOperand = [&](const Operand &o, bool asFloat) {
      if (o.kind == OperandKind::Reg)
        mark(o.regId(), asFloat && !o.address);
      else if (o.kind == OperandKind::Vector)
        for (int64_t k = 0; k < o.value; ++k) {
          const Operand &el = f.vectorElements[o.id + static_cast<size_t>(k)];
          if (el.kind == OperandKind::Reg)
            mark(el.regId(), asFloat);
        }
    };
    for (const Block &b : f.blocks) {
      for (const Inst &in : b.insts) {
        if (in.guard != kNone)
          mark(in.guard, false);
        bool typed = in.irop == IrOp::Ptx && !in.isPtx(ptx::Opcode::Call);
        // A vector mov splits by width, not by the instruction's type.
        bool vectorMov = in.isPtx(ptx::Opcode::Mov);
        if (!typed) {
          for (const Operand &o : in.ops)
            markOperand(o, false);
          continue;
        }
        if (!vectorMov && operandsHaveInstructionType(in)) { // the common case, without the signature
          bool asFloat = storageOf(in.type) == Storage::F32;
          for (const Operand &o : in.ops)
            markOperand(o, asFloat);
          continue;
        }
        if (!mayHaveF32Operand(in)) { // no operand read as f32: the signature would say so too
          for (const Operand &o : in.ops)
            markOperand(o, false);
          continue;
        }
        OperandSignature sig = operandSignature(in);
        for (size_t i = 0; i < in.ops.size(); ++i) {
          const Operand &o = in.ops[i];
          bool asFloat = i < sig.types.size() && storageOf(sig.types[i]) == Storage::F32 &&
                         !(vectorMov && o.kind == OperandKind::Vector);
          markOperand(o, asFloat);
        }
      }
      if (b.term.cond != kNone)
        mark(b.term.cond, false);
    }
    for (uint32_t r = 0; r < f.regs.size(); ++r)
      if (use[r] == 1 && f.reg(RegId(r)).type == Type::B32)
        f.reg(RegId(r)).type = Type::F32;
  });
}

} // namespace p2m::passes
