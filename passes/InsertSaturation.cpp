// insert-saturation: `.sat` becomes explicit. Integer add/sub.sat.s32 call the saturating
// helpers; a floating-point result with .sat is computed unsaturated into a temporary and then
// clamped to [0, 1] with NaN → +0 (PTX ISA, .sat on f32/f16).
#include "passes/LowerUtil.h"

#include <algorithm>

namespace p2m::passes {

using namespace ir;
using ptx::Modifier;
using ptx::Opcode;

void insertSaturation(PassContext &ctx) {
  Module &m = ctx.module;
  forEachFunction(ctx, [&](Function &f) {
    auto needs = [](const Inst &in) { return in.irop == IrOp::Ptx && in.has(Modifier::Sat); };
    rewriteBlocks(f, needs, [&](Inst &in, std::vector<Inst> &out) {
      if (in.irop != IrOp::Ptx || !in.has(Modifier::Sat) || in.ops.empty() ||
          in.ops[0].kind != OperandKind::Reg) {
        out.push_back(std::move(in));
        return true;
      }
      if ((in.opcode == Opcode::Add || in.opcode == Opcode::Sub) && in.type == Type::S32) {
        std::string name = in.opcode == Opcode::Add ? "p2m_add_sat_s32" : "p2m_sub_sat_s32";
        out.push_back(makeCall(m, in, name, Type::S32, in.ops[0], {in.ops[1], in.ops[2]},
                               {Type::S32, Type::S32}));
        return true;
      }
      Type rt = in.opcode == Opcode::Cvt ? in.type : in.type;
      if (rt != Type::F32 && rt != Type::F16) {
        out.push_back(std::move(in)); // integer cvt.sat and mad.hi.sat: the emitter's helpers
        return true;
      }
      in.modifiers.erase(std::remove(in.modifiers.begin(), in.modifiers.end(), Modifier::Sat), in.modifiers.end());
      Operand d = in.ops[0];
      RegId t = newTemp(f, rt);
      in.ops[0] = Operand::reg(t);
      Inst clamp = makeCall(m, in, rt == Type::F32 ? "p2m_sat_f32" : "p2m_sat_f16", rt, d,
                            {Operand::reg(t)}, {rt});
      out.push_back(std::move(in));
      out.push_back(std::move(clamp));
      return true;
    });
  });
}

} // namespace p2m::passes
