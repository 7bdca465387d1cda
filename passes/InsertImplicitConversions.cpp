// insert-implicit-conversions: PTX lets an instruction use a register of another type in some
// positions (a .b32 register in add.f32; a .u32 register as the destination of ld.u8 or
// cvt.u16.*; a wider source of st.u8 or cvt). MSL does not, so each such operand is routed
// through a temporary of the instruction's type with an explicit convert: bit reinterpretation
// for equal widths, truncation for a wider source, and zero- or sign-extension (by the
// instruction type's signedness) for a wider destination — the rules of the PTX ISA's
// "relaxed type-checking" tables. Afterwards every register operand is stored the way the
// instruction expects it.
#include "passes/LowerUtil.h"

#include "ir/OperandTypes.h"

#include <algorithm>

namespace p2m::passes {

using namespace ir;

void insertImplicitConversions(PassContext &ctx) {
  forEachFunction(ctx, [&](Function &f) {
    // Each register's storage, looked up for every operand below. The rewrite adds temporaries
    // but changes no register's type, and `needs` is asked only about the instructions as the
    // blocks had them, so the table stays right.
    std::vector<Storage> storage(f.regs.size());
    for (size_t r = 0; r < f.regs.size(); ++r)
      storage[r] = storageOf(f.regs[r].type);
    // Whether some register operand is stored differently from what the instruction expects.
    auto needs = [&](const Inst &in) {
      if (in.irop == IrOp::Call || in.isPtx(ptx::Opcode::Call))
        return false;
      // Most instructions: every value operand typed as the instruction (ld's and st's address
      // has no type), so the test below without building the signature.
      if (operandsHaveInstructionType(in)) {
        if (in.type == Type::None) // no operand has a type
          return false;
        auto differs = [&](const Operand &o, Storage expected) {
          return o.kind == OperandKind::Reg && !o.address && storage[o.id] != expected;
        };
        const Storage expected = storageOf(in.type);
        const size_t address = in.isPtx(ptx::Opcode::Ld) ? 1 : in.isPtx(ptx::Opcode::St) ? 0 : in.ops.size();
        for (size_t i = 0; i < in.ops.size(); ++i) {
          const Operand &o = in.ops[i];
          if (i == address)
            continue;
          if (o.kind == OperandKind::Vector) {
            // A vector mov's elements are typed by the width split (as the rewrite types them).
            Type element = in.isPtx(ptx::Opcode::Mov) && o.value > 0
                               ? bitsType(bitWidth(in.type) / static_cast<unsigned>(o.value))
                               : in.type;
            if (element == Type::None)
              continue;
            for (int64_t k = 0; k < o.value; ++k)
              if (differs(f.vectorElements[o.id + static_cast<size_t>(k)], storageOf(element)))
                return true;
          } else if (differs(o, expected)) {
            return true;
          }
        }
        return false;
      }
      OperandSignature sig = operandSignature(in);
      auto differs = [&](const Operand &o, Type expected) {
        return expected != Type::None && o.kind == OperandKind::Reg && !o.address &&
               storage[o.id] != storageOf(expected);
      };
      for (size_t i = 0; i < in.ops.size() && i < sig.types.size(); ++i) {
        const Operand &o = in.ops[i];
        if (o.kind == OperandKind::Vector) {
          for (int64_t k = 0; k < o.value; ++k)
            if (differs(f.vectorElements[o.id + static_cast<size_t>(k)], sig.types[i]))
              return true;
        } else if (differs(o, sig.types[i])) {
          return true;
        }
      }
      return false;
    };
    std::vector<Inst> after; // conversions that follow the instruction (destinations)
    rewriteBlocks(f, needs, [&](Inst &in, std::vector<Inst> &out) {
      OperandSignature sig = operandSignature(in);
      after.clear();
      bool failed = false;
      auto fix = [&](Operand &o, Type expected, bool isDest) {
        if (expected == Type::None || o.kind != OperandKind::Reg || o.address)
          return;
        Type actual = f.reg(o.regId()).type;
        if (storageOf(actual) == storageOf(expected))
          return;
        // A bit/integer register wider or narrower than a floating-point operand of ld, st
        // or cvt holds its bits (PTX's relaxed rules): truncate or extend them. A
        // floating-point register of another width has no such reading.
        bool floatWidthMismatch = bitWidth(actual) != bitWidth(expected) &&
                                  (isFloat(actual) || (isFloat(expected) && !sig.relaxed));
        if (actual == Type::Pred || expected == Type::Pred || floatWidthMismatch) {
          markUnsupported(f, in.srcOffset,
                          std::string("a .") + std::string(spelling(actual)) +
                              " register cannot be used where the instruction expects ." +
                              std::string(spelling(expected)));
          failed = true;
          return;
        }
        RegId t = newTemp(f, expected);
        // Built in place: an instruction is large to move.
        Inst &conv = isDest ? after.emplace_back() : out.emplace_back();
        conv.irop = IrOp::Convert;
        conv.srcOffset = in.srcOffset;
        conv.debugLine = in.debugLine;
        if (isDest) {
          conv.type = actual;
          conv.type2 = expected;
          conv.guard = in.guard;
          conv.guardNegated = in.guardNegated;
          conv.ops = {o, Operand::reg(t)};
        } else {
          conv.type = expected;
          conv.type2 = actual;
          conv.ops = {Operand::reg(t), o};
        }
        bool negated = o.negated;
        o = Operand::reg(t);
        o.negated = negated;
      };
      for (size_t i = 0; i < in.ops.size() && i < sig.types.size(); ++i) {
        Operand &o = in.ops[i];
        bool isDest = i < sig.destinations;
        if (o.kind == OperandKind::Vector) {
          Type element = sig.types[i];
          if (in.isPtx(ptx::Opcode::Mov) && o.value > 0)
            element = bitsType(bitWidth(in.type) / static_cast<unsigned>(o.value));
          for (int64_t k = 0; k < o.value; ++k) {
            Operand &el = f.vectorElements[o.id + static_cast<size_t>(k)];
            // The predicate half of a `d|p` destination (shfl, match.all) is typed by itself.
            if (isDest && k > 0 && el.kind == OperandKind::Reg && f.reg(el.regId()).type == Type::Pred &&
                !in.isPtx(ptx::Opcode::Mov))
              continue;
            fix(el, element, isDest);
          }
        } else {
          fix(o, sig.types[i], isDest);
        }
      }
      if (failed)
        return false;
      out.push_back(std::move(in));
      for (Inst &a : after)
        out.push_back(std::move(a));
      return true;
    });
  });
}

} // namespace p2m::passes
