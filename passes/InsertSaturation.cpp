// insert-saturation: `.sat` becomes explicit. Integer add/sub.sat.s32 call the saturating
// helpers; a floating-point result with .sat is computed unsaturated into a temporary and then
// clamped to [0, 1] with NaN → +0 and -0 → +0 (PTX ISA, .sat on f32/f16). An f32 result whose
// every reader ignores the sign of a zero is clamped by p2m_sat_any_zero_f32, which may leave
// -0: one instruction fewer (expf's range reduction, `cvt.sat` read by `fma.rm` with a nonzero
// addend, is the common case).
#include "passes/F32Ranges.h"
#include "passes/LowerUtil.h"

#include "ir/OperandTypes.h"

#include <algorithm>

namespace p2m::passes {

using namespace ir;
using ptx::Modifier;
using ptx::Opcode;

namespace {

// The type first: this is asked of every instruction, and most are not f32.
bool isSatF32(const Inst &in) {
  return in.type == Type::F32 && in.irop == IrOp::Ptx && !in.ops.empty() && in.ops[0].kind == OperandKind::Reg &&
         in.has(Modifier::Sat);
}

// Never zero, and never subnormal either: .ftz, or a GPU that flushes, would make that a zero.
bool normalNonzero(const F32Ranges &ranges, const Operand &o) {
  constexpr double kSmallestNormal = 0x1p-126;
  std::optional<F32Interval> v = ranges.of(o);
  return v && (v->lo >= kSmallestNormal || v->hi <= -kSmallestNormal);
}

// Whether operand `i` of `in`, an f32 value read there, leaves `in`'s result the same for +0
// and -0: a multiplicand of an fma whose addend is a normal number (the product is a zero and
// the result the addend), an addend or subtrahend beside a normal number, a comparison, a
// conversion to an integer.
bool ignoresZeroSign(const F32Ranges &ranges, const Inst &in, size_t i) {
  if (in.irop != IrOp::Ptx)
    return false;
  const auto &ops = in.ops;
  switch (in.opcode) {
  case Opcode::Fma:
  case Opcode::Mad:
    return in.type == Type::F32 && ops.size() == 4 && (i == 1 || i == 2) && normalNonzero(ranges, ops[3]);
  case Opcode::Add:
  case Opcode::Sub:
    return in.type == Type::F32 && ops.size() == 3 && (i == 1 || i == 2) && normalNonzero(ranges, ops[3 - i]);
  case Opcode::Setp:
    return in.type == Type::F32;
  case Opcode::Cvt:
    return in.type2 == Type::F32 && (isSigned(in.type) || isUnsignedInt(in.type));
  default:
    return false;
  }
}

// Per register of `f`: whether it is the destination of an f32 `.sat` and every instruction
// that reads it ignores the sign of a zero there (any other use, in a vector or a call
// included, counts as looking at it).
std::vector<uint8_t> zeroSignIgnored(const Module &m, const Function &f) {
  std::vector<uint8_t> ignored(f.regs.size(), 0);
  bool any = false;
  for (const Block &b : f.blocks)
    for (const Inst &in : b.insts)
      if (isSatF32(in)) {
        ignored[in.ops[0].id] = 1;
        any = true;
      }
  if (!any)
    return ignored;
  F32Ranges ranges(m, f);
  auto seen = [&](const Operand &o) {
    if (o.kind == OperandKind::Reg && !o.address)
      ignored[o.id] = 0;
    else if (o.kind == OperandKind::Vector)
      for (int64_t k = 0; k < o.value; ++k) {
        const Operand &el = f.vectorElements[o.id + static_cast<size_t>(k)];
        if (el.kind == OperandKind::Reg)
          ignored[el.id] = 0;
      }
  };
  for (const Block &b : f.blocks)
    for (const Inst &in : b.insts) {
      size_t first = in.isPtx(Opcode::Call) ? 0 : destinationCount(in);
      for (size_t i = first; i < in.ops.size(); ++i) {
        const Operand &o = in.ops[i];
        bool candidate = o.kind == OperandKind::Reg && !o.address && ignored[o.id];
        if (candidate ? !ignoresZeroSign(ranges, in, i) : o.kind == OperandKind::Vector)
          seen(o);
      }
    }
  return ignored;
}

} // namespace

void insertSaturation(PassContext &ctx) {
  Module &m = ctx.module;
  forEachFunction(ctx, [&](Function &f) {
    auto needs = [](const Inst &in) { return in.irop == IrOp::Ptx && in.has(Modifier::Sat); };
    std::vector<uint8_t> anyZero = zeroSignIgnored(m, f);
    rewriteBlocks(f, needs, [&](Inst &in, std::vector<Inst> &out) {
      if (in.irop != IrOp::Ptx || !in.has(Modifier::Sat) || in.ops.empty() ||
          in.ops[0].kind != OperandKind::Reg) {
        out.push_back(std::move(in));
        return true;
      }
      if ((in.opcode == Opcode::Add || in.opcode == Opcode::Sub) && in.type == Type::S32) {
        uint32_t name = m.internHelper(in.opcode == Opcode::Add ? Helper::AddSatS32 : Helper::SubSatS32);
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
      uint32_t helper = m.internHelper(rt == Type::F16 ? Helper::SatF16 : anyZero[d.id] ? Helper::SatAnyZeroF32 : Helper::SatF32);
      RegId t = newTemp(f, rt);
      in.ops[0] = Operand::reg(t);
      Inst clamp = makeCall(m, in, helper, rt, d, {Operand::reg(t)}, {rt});
      out.push_back(std::move(in));
      out.push_back(std::move(clamp));
      return true;
    });
  });
}

} // namespace p2m::passes
