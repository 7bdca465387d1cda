#include "ir/ForwardableValues.h"

#include "ir/OperandTypes.h"

#include <llvm/ADT/SmallVector.h>

#include <algorithm>

namespace p2m::ir {

using ptx::Modifier;
using ptx::Opcode;

namespace {

// What evaluating an instruction's result does besides computing it.
enum class Effect : uint8_t {
  None,      // a function of its operands (and of facts fixed for the launch)
  ReadsMemory, // a plain load: its value depends on memory as well
  Other,     // writes memory, synchronizes, or changes state (the rest, when in doubt)
};

// Helpers of these support headers take and return values and nothing else (Helpers.def says
// so where it lists them): no memory, no context, no other threads.
bool isValueHelper(Helper h) {
  std::string_view header = helperInfo(h).header;
  return header == "int_ops.h" || header == "f32_ops.h" || header == "cvt_ops.h" || header == "half_ops.h" ||
         header == "fp64.h" || header == "fp64_demote.h" || h == Helper::CanonF32;
}

bool isPlainLoad(const Inst &in) {
  if (!in.isPtx(Opcode::Ld) && !in.isPtx(Opcode::Ldu))
    return false;
  for (Modifier m : in.modifiers)
    if (m == Modifier::Volatile || m == Modifier::Relaxed || m == Modifier::Acquire || m == Modifier::Release ||
        m == Modifier::Mmio)
      return false;
  return true;
}

Effect effectOf(const Module &m, const Inst &in) {
  switch (in.irop) {
  case IrOp::Convert:
  case IrOp::AddressOf: return Effect::None;
  case IrOp::ReadSpecial: {
    // The clocks advance at each read (the emitter's ++ctx.clock); the rest are fixed.
    auto sp = static_cast<Special>(in.ops.size() > 1 ? in.ops[1].id : 0);
    bool moves = sp == Special::Clock || sp == Special::Clock64 || sp == Special::GlobalTimer ||
                 sp == Special::GlobalTimerLo || sp == Special::GlobalTimerHi;
    return moves ? Effect::Other : Effect::None;
  }
  case IrOp::Call: {
    if (in.name == kNone || in.ops.empty() || !isValueHelper(m.helpers[in.name]))
      return Effect::Other;
    for (size_t i = 1; i < in.ops.size(); ++i)
      if (in.ops[i].address || (in.ops[i].kind != OperandKind::Reg && in.ops[i].kind != OperandKind::Imm))
        return Effect::Other; // an address or the context: not a function of values alone
    return Effect::None;
  }
  case IrOp::Ptx: break;
  }
  if (isPlainLoad(in))
    return Effect::ReadsMemory;
  if (in.has(Modifier::Cc))
    return Effect::Other; // writes the carry flag
  switch (in.opcode) {
  case Opcode::Add: case Opcode::Sub: case Opcode::Mul: case Opcode::Mad: case Opcode::Fma:
  case Opcode::Mul24: case Opcode::Mad24: case Opcode::Div: case Opcode::Rem: case Opcode::Abs:
  case Opcode::Neg: case Opcode::Min: case Opcode::Max:
  case Opcode::And: case Opcode::Or: case Opcode::Xor: case Opcode::Not: case Opcode::Cnot:
  case Opcode::Shl: case Opcode::Shr: case Opcode::Popc: case Opcode::Clz: case Opcode::Brev:
  case Opcode::Bfind: case Opcode::Bfe: case Opcode::Bfi: case Opcode::Prmt: case Opcode::Lop3:
  case Opcode::Shf: case Opcode::Bmsk: case Opcode::Szext: case Opcode::Sad: case Opcode::Dp4a:
  case Opcode::Dp2a: case Opcode::Vadd4: case Opcode::Vsub4: case Opcode::Vabsdiff4: case Opcode::Vmin4:
  case Opcode::Vmax4: case Opcode::Vshl: case Opcode::Vshr: case Opcode::Vadd: case Opcode::Vsub:
  case Opcode::Vabsdiff: case Opcode::Vmin: case Opcode::Vmax: case Opcode::Vset: case Opcode::Vmad:
  case Opcode::Setp: case Opcode::Set: case Opcode::Selp: case Opcode::Slct: case Opcode::Mov:
  case Opcode::Cvt: case Opcode::Cvta: case Opcode::Isspacep: case Opcode::Createpolicy:
    for (const Operand &o : in.ops)
      if (o.address || o.kind == OperandKind::Special || o.kind == OperandKind::Symbol)
        return Effect::Other;
    return Effect::None;
  default: return Effect::Other; // addc/subc/madc read the carry flag; the rest act
  }
}

// Calls fn(register) for each register `in` may write: its first operand, or the elements of it
// (mayWrite's rule), whether or not the instruction counts it as a destination; and a predicate
// argument of a helper that is not a value helper, which may be an output it writes through a
// reference (shfl.sync's and match.all's predicate).
template <class F> void forEachWritten(const Module &m, const Function &f, const Inst &in, F &&fn) {
  if (in.ops.empty())
    return;
  const Operand &o = in.ops[0];
  if (o.kind == OperandKind::Reg && !o.address)
    fn(o.regId());
  else if (o.kind == OperandKind::Vector)
    for (int64_t k = 0; k < o.value; ++k) {
      const Operand &el = f.vectorElements[o.id + static_cast<size_t>(k)];
      if (el.kind == OperandKind::Reg)
        fn(el.regId());
    }
  if (in.irop == IrOp::Call && (in.name == kNone || !isValueHelper(m.helpers[in.name])))
    for (size_t i = 1; i < in.ops.size() && i - 1 < in.callTypes.size(); ++i)
      if (in.ops[i].isReg() && in.callTypes[i - 1] == Type::Pred)
        fn(in.ops[i].regId());
}

// Calls fn(register) for each register `in` reads: its guard and every operand but a written
// first one; a first operand that is no destination (bar's barrier number) counts as read too.
template <class F> void forEachRead(const Function &f, const Inst &in, F &&fn) {
  if (in.guard != kNone)
    fn(in.guard);
  const bool firstWritten = destinationCount(in) > 0;
  for (size_t i = 0; i < in.ops.size(); ++i) {
    const Operand &o = in.ops[i];
    if (i == 0 && firstWritten && !o.address)
      continue;
    if (o.kind == OperandKind::Reg)
      fn(o.regId());
    else if (o.kind == OperandKind::Vector)
      for (int64_t k = 0; k < o.value; ++k) {
        const Operand &el = f.vectorElements[o.id + static_cast<size_t>(k)];
        if (el.kind == OperandKind::Reg)
          fn(el.regId());
      }
  }
}

constexpr uint32_t kUnset = UINT32_MAX;
constexpr uint32_t kTerminator = UINT32_MAX - 1; // a use by the block's branch condition
// A value depending on more registers than this is not forwarded (bounds the analysis's work;
// the depth limit keeps real expressions far below it).
constexpr size_t kMaxSources = 32;

struct Candidate {
  uint32_t defPos = kUnset;        // the definition's position in the walk
  uint8_t depth = 0;
  bool readsMemory = false;        // it or a value forwarded into it loads
  bool vectorElement = false;      // an element of a plain vector load
  llvm::SmallVector<RegId, 8> sources; // registers it depends on, through forwarded values too
};

} // namespace

std::vector<Forwarding> findForwardableValues(const Module &m, const Function &f, unsigned maxDepth) {
  const size_t nr = f.regs.size();
  std::vector<Forwarding> result(nr, Forwarding::No);
  // Writes and reads of each register, and where the one write and the one read are.
  std::vector<uint32_t> writes(nr, 0), reads(nr, 0), defBlock(nr, kUnset), defIndex(nr, kUnset), useBlock(nr, kUnset),
      useIndex(nr, kUnset);
  for (uint32_t b = 0; b < f.blocks.size(); ++b) {
    const Block &block = f.blocks[b];
    for (uint32_t i = 0; i < block.insts.size(); ++i) {
      const Inst &in = block.insts[i];
      forEachWritten(m, f, in, [&](RegId r) {
        ++writes[r.index()];
        defBlock[r.index()] = b;
        defIndex[r.index()] = i;
      });
      // A first operand that is no destination is read and written both: never a candidate.
      if (destinationCount(in) == 0)
        forEachWritten(m, f, in, [&](RegId r) { ++reads[r.index()]; });
      forEachRead(f, in, [&](RegId r) {
        ++reads[r.index()];
        useBlock[r.index()] = b;
        useIndex[r.index()] = i;
      });
    }
    if (block.term.cond != kNone) {
      const uint32_t r = block.term.cond.index();
      ++reads[r];
      useBlock[r] = b;
      useIndex[r] = kTerminator;
    }
  }
  auto isCandidate = [&](RegId r) {
    const uint32_t i = r.index();
    return writes[i] == 1 && reads[i] == 1 && defBlock[i] == useBlock[i] &&
           (useIndex[i] == kTerminator || defIndex[i] < useIndex[i]);
  };

  // One walk in order: a value is decided at its use, from the writes since its definition.
  std::vector<Candidate> candidates(nr);
  std::vector<uint32_t> lastWrite(nr, kUnset);
  uint32_t pos = 0, lastEffect = kUnset; // the position of the last instruction with Effect::Other
  auto after = [](uint32_t written, uint32_t def) { return written != kUnset && written >= def; };
  auto decide = [&](RegId r) {
    Candidate &c = candidates[r.index()];
    if (c.defPos == kUnset)
      return; // not a candidate definition (impure, guarded, too deep)
    bool stable = std::none_of(c.sources.begin(), c.sources.end(),
                               [&](RegId s) { return after(lastWrite[s.index()], c.defPos); });
    bool memoryStable = !c.readsMemory || !after(lastEffect, c.defPos);
    if (stable && memoryStable)
      result[r.index()] = Forwarding::Value;
    else if (stable && c.vectorElement)
      result[r.index()] = Forwarding::LoadedElement;
  };
  for (uint32_t b = 0; b < f.blocks.size(); ++b) {
    const Block &block = f.blocks[b];
    for (uint32_t i = 0; i < block.insts.size(); ++i, ++pos) {
      const Inst &in = block.insts[i];
      // The values this instruction uses are decided before its own writes count.
      forEachRead(f, in, [&](RegId r) {
        if (isCandidate(r) && useIndex[r.index()] == i)
          decide(r);
      });
      const Effect effect = effectOf(m, in);
      bool definesCandidate = false;
      if (effect != Effect::Other && in.guard == kNone && destinationCount(in) > 0)
        forEachWritten(m, f, in, [&](RegId r) { definesCandidate |= isCandidate(r); });
      if (definesCandidate) {
        // What the instruction's value depends on: its sources and theirs where forwarded.
        Candidate shape;
        shape.readsMemory = effect == Effect::ReadsMemory;
        shape.vectorElement = shape.readsMemory && in.ops[0].kind == OperandKind::Vector;
        shape.depth = 1;
        forEachRead(f, in, [&](RegId s) {
          shape.sources.push_back(s);
          if (result[s.index()] == Forwarding::No)
            return;
          const Candidate &sc = candidates[s.index()];
          shape.sources.insert(shape.sources.end(), sc.sources.begin(), sc.sources.end());
          shape.readsMemory |= sc.readsMemory;
          shape.depth = std::max<uint8_t>(shape.depth, static_cast<uint8_t>(sc.depth + 1));
        });
        std::sort(shape.sources.begin(), shape.sources.end());
        shape.sources.erase(std::unique(shape.sources.begin(), shape.sources.end()), shape.sources.end());
        if (shape.depth <= maxDepth && shape.sources.size() <= kMaxSources)
          forEachWritten(m, f, in, [&](RegId r) {
            if (!isCandidate(r))
              return;
            Candidate &c = candidates[r.index()];
            c = shape;
            c.defPos = pos;
          });
      }
      forEachWritten(m, f, in, [&](RegId r) { lastWrite[r.index()] = pos; });
      if (effect == Effect::Other)
        lastEffect = pos;
    }
    if (block.term.cond != kNone && isCandidate(block.term.cond))
      decide(block.term.cond);
  }
  return result;
}

} // namespace p2m::ir
