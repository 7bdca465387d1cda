// defer-nan-canonicalization: NVIDIA's f32 add/sub/mul/fma return the canonical NaN 0x7FFFFFFF,
// so the emitter wraps each in p2m_canon_f32 (abi.h); min/max give it for two NaN operands, which
// p2m_{min,max}_f32 test for (f32_ops.h). Where a NaN only ever flows into more such operations
// its payload is never seen: any NaN operand gives a NaN result (or, for min/max, the other
// operand), canonical again. These are the canonicalizing definitions.
// For a register whose every definition is one (or a move of a constant that is not a NaN), this
// pass drops the canonicalization there (arithmetic is marked `nanBitsUnobserved`, min/max become
// p2m_{min,max}_any_nan_f32) and canonicalizes the value instead where something else reads it
// (a store, a move, a conversion, a call): once per such read, not once per operation. A loop
// that accumulates with fma and stores the sum once pays for one canonicalization, not one per
// fma. A register that no reader looks at needs neither, whatever else defines it (a load, say):
// its canonicalizing definitions drop the canonicalization and nothing replaces it.
// Readers whose result depends only on whether an operand is a NaN, never on its bits (f32
// comparisons, and the helpers of emitters/msl/support/f32_ops.h that answer every NaN operand
// with the canonical NaN, with the other operand or with a number) need no canonicalization
// either, nor does the explicit flush of a .ftz operand that only such a helper reads. A
// register none of whose readers takes it as it is stays canonicalized where it is written.
#include "passes/LowerUtil.h"

#include "ir/OperandTypes.h"

namespace p2m::passes {

using namespace ir;
using ptx::Modifier;
using ptx::Opcode;

namespace {

// The f32 arithmetic the emitter prints as `p2m_canon_f32(a OP b)` (emitters/msl floatArith).
bool isCanonicalizingArith(const Inst &in) {
  if (in.irop != IrOp::Ptx || in.type != Type::F32)
    return false;
  if (in.opcode != Opcode::Add && in.opcode != Opcode::Sub && in.opcode != Opcode::Mul &&
      in.opcode != Opcode::Fma && in.opcode != Opcode::Mad)
    return false;
  for (Modifier m : in.modifiers)
    if (m == Modifier::Rz || m == Modifier::Rm || m == Modifier::Rp || m == Modifier::Sat || m == Modifier::Approx)
      return false;
  return true;
}

// Two helpers this pass may replace, by interned name, and what it puts in their place: the
// min/max helpers lower-rounding-and-ftz calls for min.f32/max.f32 by the forms without the
// canonicalization of a NaN result, abs/neg by the bare sign operations (signOperationsOnBits).
class HelperRewrite {
public:
  HelperRewrite(Module &m, Helper first, Helper second, Helper firstTo, Helper secondTo)
      : from_{m.internHelper(first), m.internHelper(second)}, to_{m.internHelper(firstTo), m.internHelper(secondTo)} {}
  bool matches(const Inst &in) const { return in.irop == IrOp::Call && (in.name == from_[0] || in.name == from_[1]); }
  void rewrite(Inst &in) const { in.name = in.name == from_[0] ? to_[0] : to_[1]; }

private:
  uint32_t from_[2], to_[2];
};

// A definition whose NaN result is canonicalized where it is made, and need not be where no
// one looks at its bits.
bool isCanonicalizingDefinition(const HelperRewrite &minMax, const Inst &in) {
  return isCanonicalizingArith(in) || minMax.matches(in);
}

bool isNonNanConstant(const Operand &o) {
  if (o.kind != OperandKind::Imm || o.address)
    return false;
  if (o.floatBits == 'f')
    return (static_cast<uint32_t>(o.value) & 0x7FFFFFFFu) <= 0x7F800000u;
  if (o.floatBits == 'd')
    return (static_cast<uint64_t>(o.value) & 0x7FFFFFFFFFFFFFFFull) <= 0x7FF0000000000000ull;
  return true; // an integer literal converts to a number
}

// The first operand `in` reads: 0 for an instruction without a destination (st's address,
// bar's barrier number), else 1.
size_t firstSource(const Inst &in) { return destinationCount(in) == 0 ? 0 : 1; }

// Calls `visit` with each register `in` reads as a source, vector elements included.
template <typename Visit> void forEachSourceRegister(const Function &f, const Inst &in, Visit &&visit) {
  for (size_t i = firstSource(in); i < in.ops.size(); ++i) {
    const Operand &o = in.ops[i];
    if (o.isReg())
      visit(o.regId());
    else if (o.kind == OperandKind::Vector)
      for (int64_t k = 0; k < o.value; ++k) {
        const Operand &element = f.vectorElements[o.id + static_cast<size_t>(k)];
        if (element.kind == OperandKind::Reg)
          visit(element.regId());
      }
  }
}

// What a helper call does with a NaN operand's bits: the registry's `nan` column
// (ir/Helpers.def).
class NanBitsReaders {
public:
  explicit NanBitsReaders(const Module &m) : m_(m) {}

  // Whether `in` reads f32 operands without looking at a NaN's bits.
  bool ignoresPayload(const Inst &in) const {
    if (in.irop == IrOp::Ptx)
      return (in.opcode == Opcode::Setp || in.opcode == Opcode::Set) && in.type == Type::F32;
    HelperNan use = helperUse(in);
    return use == HelperNan::Ignores || (use == HelperNan::IgnoresAsF32 && in.type == Type::F32);
  }

  // A register-to-register move of 32 bits (f32 or bits), a reinterpretation of 32 bits as
  // another type, the explicit flush of a .ftz operand (lower-rounding-and-ftz's flushSources)
  // or a shuffle of 32 bits between lanes: each keeps NaN bits, so it needs a canonical operand
  // only if something reading its result looks at them. Through the reinterpretations and
  // shuffles, a reduction that exchanges floats as bits between lanes and reads them back as
  // floats only with arithmetic needs no canonicalization before each exchange.
  bool passesOn(const Inst &in) const {
    if (in.ops.size() < 2 || !in.ops[0].isReg() || !in.ops[1].isReg() || in.guard != kNone)
      return false;
    if (in.irop == IrOp::Call && helperUse(in) == HelperNan::PassesOnValue)
      return true;
    if (in.ops.size() != 2)
      return false;
    if (in.irop == IrOp::Ptx)
      return in.opcode == Opcode::Mov && bitWidth(in.type) == 32;
    if (in.irop == IrOp::Convert)
      return bitWidth(in.type) == 32 && bitWidth(in.type2) == 32;
    return helperUse(in) == HelperNan::PassesOn;
  }

private:
  HelperNan helperUse(const Inst &in) const {
    if (in.irop != IrOp::Call || in.name == kNone)
      return HelperNan::Looks;
    return helperInfo(m_.helpers[in.name]).nan;
  }

  const Module &m_;
};

// Registers whose NaN bits something may observe: read by an instruction that does not ignore
// them, directly or through moves, flushes and shuffles whose results are observed. Arithmetic
// ignores them: its NaN result is canonicalized where it is made, or where it is read.
std::vector<uint8_t> nanBitsObserved(const NanBitsReaders &readers, const Function &f) {
  std::vector<uint8_t> observed(f.regs.size(), 0);
  std::vector<RegId> work; // observed registers whose moves and flushes are not yet followed
  auto markSources = [&](const Inst &in) {
    forEachSourceRegister(f, in, [&](RegId r) {
      if (!observed[r.index()]) {
        observed[r.index()] = 1;
        work.push_back(r);
      }
    });
  };
  // Moves, flushes and shuffles, listed by result register (`first` and `next` chain them):
  // their sources are observed once their result is.
  constexpr uint32_t kEnd = UINT32_MAX;
  std::vector<uint32_t> first(f.regs.size(), kEnd);
  std::vector<std::pair<const Inst *, uint32_t>> passing; // the instruction, the next of its result
  for (const Block &b : f.blocks)
    for (const Inst &in : b.insts) {
      if (readers.ignoresPayload(in) || isCanonicalizingArith(in))
        continue;
      if (readers.passesOn(in)) {
        passing.push_back({&in, first[in.ops[0].id]});
        first[in.ops[0].id] = static_cast<uint32_t>(passing.size() - 1);
      } else {
        markSources(in);
      }
    }
  while (!work.empty()) {
    RegId r = work.back();
    work.pop_back();
    for (uint32_t i = first[r.index()]; i != kEnd; i = passing[i].second)
      markSources(*passing[i].first);
  }
  return observed;
}

// Whether `in` looks at the NaN bits of the registers it reads. Those that do not: f32
// arithmetic (which canonicalizes a NaN itself, or defers that to its own readers), readers
// that ignore payloads, and moves and flushes whose results no one observes.
bool looksAtNanBits(const NanBitsReaders &readers, const std::vector<uint8_t> &observed, const Inst &in) {
  if (isCanonicalizingArith(in) || readers.ignoresPayload(in))
    return false; // neither is ever a move or flush
  return !readers.passesOn(in) || observed[in.ops[0].id] != 0;
}

// Per register: whether some reader looks at its NaN bits, and whether some reader takes it as
// it is (one walk for both).
struct NanBitsReads {
  std::vector<uint8_t> looked, takenAsIs;
};

NanBitsReads nanBitsReads(const NanBitsReaders &readers, const Function &f, const std::vector<uint8_t> &observed) {
  NanBitsReads reads{std::vector<uint8_t>(f.regs.size(), 0), std::vector<uint8_t>(f.regs.size(), 0)};
  for (const Block &b : f.blocks)
    for (const Inst &in : b.insts) {
      std::vector<uint8_t> &read = looksAtNanBits(readers, observed, in) ? reads.looked : reads.takenAsIs;
      forEachSourceRegister(f, in, [&](RegId r) { read[r.index()] = 1; });
    }
  return reads;
}

// Registers whose every definition is a canonicalizing definition or a non-NaN constant move,
// with at least one canonicalizing definition.
std::vector<uint8_t> deferrableRegisters(const HelperRewrite &minMax, const Function &f) {
  std::vector<uint8_t> eligible(f.regs.size(), 1), arithmetic(f.regs.size(), 0);
  for (const Block &b : f.blocks)
    for (const Inst &in : b.insts) {
      if (in.ops.empty())
        continue;
      const Operand &d = in.ops[0];
      if (d.kind == OperandKind::Vector) {
        for (int64_t k = 0; k < d.value; ++k) {
          const Operand &element = f.vectorElements[d.id + static_cast<size_t>(k)];
          if (element.kind == OperandKind::Reg)
            eligible[element.id] = 0;
        }
        continue;
      }
      if (!d.isReg())
        continue;
      if (firstSource(in) == 0)
        continue; // ops[0] is read, not written
      if (isCanonicalizingDefinition(minMax, in)) // guarded too: the register keeps an earlier value otherwise
        arithmetic[d.id] = 1;
      else if (!(in.isPtx(Opcode::Mov) && in.type == Type::F32 && in.ops.size() == 2 && isNonNanConstant(in.ops[1])))
        eligible[d.id] = 0;
    }
  for (size_t r = 0; r < eligible.size(); ++r)
    eligible[r] = eligible[r] && arithmetic[r];
  return eligible;
}

// abs.f32/neg.f32 give the canonical NaN for any NaN (p2m_abs_f32, p2m_neg_f32). Where no
// reader of the result looks at a NaN's bits (looksAtNanBits), that rule is unobservable and a
// bare operation on the sign bit does: p2m_{abs,neg}_bits_f32, one instruction instead of a
// NaN test and a select.
void signOperationsOnBits(Function &f, const std::vector<uint8_t> &looked, const HelperRewrite &signOperations) {
  for (Block &b : f.blocks)
    for (Inst &in : b.insts)
      if (signOperations.matches(in) && !in.ops.empty() && in.ops[0].isReg() && !looked[in.ops[0].id])
        signOperations.rewrite(in);
}

// Deferring pays only for a register some reader takes as it is (looksAtNanBits false). A
// register whose every reader looks at its bits (a float result stored through a bit-typed
// register, say) would only have its canonicalization moved from its definition to each
// reader, one instruction more. Drops such registers from `deferred`; returns whether any is
// left.
bool keepDeferralsThatPay(const std::vector<uint8_t> &takenAsIs, std::vector<uint8_t> &deferred) {
  bool any = false;
  for (size_t r = 0; r < deferred.size(); ++r) {
    deferred[r] = deferred[r] && takenAsIs[r];
    any = any || deferred[r];
  }
  return any;
}

} // namespace

void deferNanCanonicalization(PassContext &ctx) {
  Module &m = ctx.module;
  const HelperRewrite signHelpers(m, Helper::AbsF32, Helper::NegF32, Helper::AbsBitsF32, Helper::NegBitsF32);
  const HelperRewrite minMax(m, Helper::MinF32, Helper::MaxF32, Helper::MinAnyNanF32, Helper::MaxAnyNanF32);
  forEachFunction(ctx, [&](Function &f) {
    // Every step needs to know which registers' NaN bits are observed, and only functions with
    // canonicalizing definitions, abs or neg have anything to change (most of a large module
    // has none).
    bool signOperations = false, canonicalizing = false;
    for (const Block &b : f.blocks)
      for (const Inst &in : b.insts) {
        signOperations = signOperations || signHelpers.matches(in);
        canonicalizing = canonicalizing || isCanonicalizingDefinition(minMax, in);
      }
    if (!canonicalizing && !signOperations)
      return;
    const NanBitsReaders readers(m);
    std::vector<uint8_t> observed = nanBitsObserved(readers, f);
    NanBitsReads reads = nanBitsReads(readers, f, observed);
    const std::vector<uint8_t> &looked = reads.looked;
    if (signOperations)
      signOperationsOnBits(f, looked, signHelpers);
    if (!canonicalizing)
      return;
    std::vector<uint8_t> deferred = deferrableRegisters(minMax, f);
    bool anyDeferred = keepDeferralsThatPay(reads.takenAsIs, deferred);
    // Definitions that leave out their canonicalization: those of the deferred registers (their
    // looking readers canonicalize, below) and those of registers no reader looks at.
    for (Block &b : f.blocks)
      for (Inst &in : b.insts) {
        if (!isCanonicalizingDefinition(minMax, in) || in.ops.empty() || !in.ops[0].isReg())
          continue;
        RegId d = in.ops[0].regId();
        if (!deferred[d.index()] && looked[d.index()])
          continue;
        if (isCanonicalizingArith(in))
          in.nanBitsUnobserved = true;
        else
          minMax.rewrite(in);
      }
    if (!anyDeferred)
      return;
    // Whether `in` reads a deferred register as a source (vector elements included).
    auto readsDeferred = [&](const Inst &in) {
      bool reads = false;
      forEachSourceRegister(f, in, [&](RegId r) { reads = reads || deferred[r.index()]; });
      return reads;
    };
    auto applies = [&](const Inst &in) { return readsDeferred(in) && looksAtNanBits(readers, observed, in); };
    rewriteBlocks(f, applies, [&](Inst &in, std::vector<Inst> &out) {
      // Canonicalize each deferred register this instruction reads, once, just before it.
      std::vector<std::pair<RegId, RegId>> done;
      auto canonical = [&](RegId r) {
        for (auto &[from, to] : done)
          if (from == r)
            return to;
        RegId t = newTemp(f, Type::F32);
        Inst c = makeCall(m, in, m.internHelper(Helper::CanonF32), Type::F32, Operand::reg(t), {Operand::reg(r)}, {Type::F32});
        c.guard = kNone; // a pure function of r: computing it unguarded is harmless
        c.guardNegated = false;
        out.push_back(std::move(c));
        done.push_back({r, t});
        return t;
      };
      for (size_t i = firstSource(in); i < in.ops.size(); ++i) {
        Operand &o = in.ops[i];
        if (o.isReg() && deferred[o.id])
          o.setReg(canonical(o.regId()));
        else if (o.kind == OperandKind::Vector)
          for (int64_t k = 0; k < o.value; ++k) {
            Operand &element = f.vectorElements[o.id + static_cast<size_t>(k)];
            if (element.kind == OperandKind::Reg && deferred[element.id])
              element.setReg(canonical(element.regId()));
          }
      }
      out.push_back(std::move(in));
      return true;
    });
  });
}

} // namespace p2m::passes
