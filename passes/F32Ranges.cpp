#include "passes/F32Ranges.h"

#include "ir/OperandTypes.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <string>
#include <string_view>

namespace p2m::passes {

using namespace ir;
using ptx::Opcode;

namespace {

// An f32 immediate's value, if it is finite.
std::optional<double> finiteImmediate(const Operand &o) {
  if (o.kind != OperandKind::Imm || o.address || o.floatBits != 'f')
    return std::nullopt;
  float v = std::bit_cast<float>(static_cast<uint32_t>(o.value));
  if (!std::isfinite(v))
    return std::nullopt;
  return static_cast<double>(v);
}

} // namespace

F32Ranges::F32Ranges(const Module &m, const Function &f)
    : state_(f.regs.size(), State::Unwritten), hull_(f.regs.size()) {
  uint32_t sat = m.findHelper(Helper::SatF32), satAnyZero = m.findHelper(Helper::SatAnyZeroF32);
  auto forget = [&](const Operand &o) {
    if (o.isReg())
      state_[o.id] = State::Unknown;
    else if (o.kind == OperandKind::Vector)
      for (int64_t k = 0; k < o.value; ++k) {
        const Operand &element = f.vectorElements[o.id + static_cast<size_t>(k)];
        if (element.kind == OperandKind::Reg)
          state_[element.id] = State::Unknown;
      }
  };
  auto widen = [&](RegId r, F32Interval v) {
    if (state_[r.index()] == State::Unknown)
      return;
    if (state_[r.index()] == State::Unwritten)
      hull_[r.index()] = v;
    else
      hull_[r.index()] = {std::min(hull_[r.index()].lo, v.lo), std::max(hull_[r.index()].hi, v.hi)};
    state_[r.index()] = State::Known;
  };
  for (const Block &b : f.blocks)
    for (const Inst &in : b.insts) {
      if (in.ops.empty())
        continue;
      const Operand &d = in.ops[0];
      if (in.isPtx(Opcode::Call)) { // its results list, which destinationCount does not count
        forget(d);
        continue;
      }
      if (destinationCount(in) == 0)
        continue;
      if (!d.isReg()) {
        forget(d);
        continue;
      }
      std::optional<double> constant;
      if (in.isPtx(Opcode::Mov) && in.ops.size() == 2)
        constant = finiteImmediate(in.ops[1]);
      if (constant)
        widen(d.regId(), {*constant, *constant});
      else if (in.irop == IrOp::Call && in.name != kNone && (in.name == sat || in.name == satAnyZero))
        widen(d.regId(), {0.0, 1.0});
      else
        state_[d.id] = State::Unknown;
    }
}

std::optional<F32Interval> F32Ranges::of(const Operand &o) const {
  if (std::optional<double> v = finiteImmediate(o))
    return F32Interval{*v, *v};
  if (!o.isReg() || o.id >= state_.size() || state_[o.id] != State::Known)
    return std::nullopt;
  return hull_[o.id];
}

} // namespace p2m::passes
