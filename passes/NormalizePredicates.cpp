// normalize-predicates: `setp.CMP.BOOL p|q, a, b, c` computes t = a CMP b, then p = t BOOL c
// and q = !t BOOL c (PTX ISA, setp). The pass splits it into a plain setp and predicate logic,
// so the emitter only ever sees a single-destination comparison.
#include "passes/LowerUtil.h"

#include <algorithm>

namespace p2m::passes {

using namespace ir;
using ptx::Modifier;
using ptx::Opcode;

namespace {

bool isCombiner(Modifier m) { return m == Modifier::And || m == Modifier::Or || m == Modifier::Xor; }

Inst predOp(Opcode op, Modifier combiner, const Inst &from, std::vector<Operand> ops) {
  Inst in;
  in.opcode = op;
  in.type = Type::Pred;
  (void)combiner; // the opcode says it
  in.modifiers = {Modifier::Pred};
  in.srcOffset = from.srcOffset;
  in.debugLine = from.debugLine;
  in.guard = from.guard;
  in.guardNegated = from.guardNegated;
  in.ops.assign(ops.begin(), ops.end());
  return in;
}

Opcode opcodeOf(Modifier m) {
  return m == Modifier::And ? Opcode::And : m == Modifier::Or ? Opcode::Or : Opcode::Xor;
}

} // namespace

void normalizePredicates(PassContext &ctx) {
  forEachFunction(ctx, [&](Function &f) {
    auto needs = [](const Inst &in) {
      return in.isPtx(Opcode::Setp) && !in.ops.empty() &&
             (in.ops[0].kind == OperandKind::Vector || in.ops.size() > 3);
    };
    rewriteBlocks(f, needs, [&](Inst &in, std::vector<Inst> &out) {
      if (!in.isPtx(Opcode::Setp) || in.ops.empty()) {
        out.push_back(std::move(in));
        return true;
      }
      Modifier combiner{};
      bool hasCombiner = false;
      for (Modifier m : in.modifiers)
        if (isCombiner(m)) {
          combiner = m;
          hasCombiner = true;
        }
      bool pair = in.ops[0].kind == OperandKind::Vector;
      if (!hasCombiner && !pair) {
        out.push_back(std::move(in));
        return true;
      }
      Operand p = pair ? f.vectorElements[in.ops[0].id] : in.ops[0];
      Operand q = pair ? f.vectorElements[in.ops[0].id + 1] : Operand{};
      RegId t = newTemp(f, Type::Pred);
      Inst cmp = in;
      cmp.guard = kNone; // t is a temporary: computing it unconditionally is harmless
      cmp.modifiers.clear();
      for (Modifier m : in.modifiers)
        if (!isCombiner(m))
          cmp.modifiers.push_back(m);
      cmp.ops = {Operand::reg(t), in.ops[1], in.ops[2]};
      out.push_back(cmp);
      if (hasCombiner && in.ops.size() > 3) {
        Operand c = in.ops[3];
        if (p.kind == OperandKind::Reg)
          out.push_back(predOp(opcodeOf(combiner), combiner, in, {p, Operand::reg(t), c}));
        if (q.kind == OperandKind::Reg) {
          Operand nt = Operand::reg(t);
          nt.negated = true;
          out.push_back(predOp(opcodeOf(combiner), combiner, in, {q, nt, c}));
        }
      } else {
        if (p.kind == OperandKind::Reg)
          out.push_back(predOp(Opcode::Mov, Modifier::Pred, in, {p, Operand::reg(t)}));
        if (q.kind == OperandKind::Reg) {
          Operand nt = Operand::reg(t);
          nt.negated = true;
          out.push_back(predOp(Opcode::Mov, Modifier::Pred, in, {q, nt}));
        }
      }
      return true;
    });
  });
}

} // namespace p2m::passes
