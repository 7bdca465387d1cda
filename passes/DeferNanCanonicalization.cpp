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

#include <cassert>

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
// canonicalization of a NaN result, abs/neg by the bare sign operations.
class HelperRewrite {
public:
  // Each helper and its replacement do the same with a NaN operand's bits (Helpers.def's `nan`
  // column), so a rewritten call keeps the role the analysis gave it (Roles).
  HelperRewrite(Module &m, Helper first, Helper second, Helper firstTo, Helper secondTo)
      : from_{m.internHelper(first), m.internHelper(second)}, to_{m.internHelper(firstTo), m.internHelper(secondTo)} {
    assert(helperInfo(first).nan == helperInfo(firstTo).nan && helperInfo(second).nan == helperInfo(secondTo).nan);
  }
  bool matches(const Inst &in) const { return in.irop == IrOp::Call && (in.name == from_[0] || in.name == from_[1]); }
  void rewrite(Inst &in) const { in.name = in.name == from_[0] ? to_[0] : to_[1]; }

private:
  uint32_t from_[2], to_[2];
};

bool isNonNanConstant(const Operand &o) {
  if (o.kind != OperandKind::Imm || o.address)
    return false;
  if (o.floatBits == 'f')
    return (static_cast<uint32_t>(o.value) & 0x7FFFFFFFu) <= 0x7F800000u;
  if (o.floatBits == 'd')
    return (static_cast<uint64_t>(o.value) & 0x7FFFFFFFFFFFFFFFull) <= 0x7FF0000000000000ull;
  return true; // an integer literal converts to a number
}

// What the pass needs to know of an instruction, as bits: worked out once per instruction, as
// every step below asks again.
enum Role : uint8_t {
  kWrites = 1 << 0,          // it has a destination: ops[0] is written, its sources start at ops[1]
                             // (st's address and bar's barrier number are read)
  kCanonicalizing = 1 << 1,  // isCanonicalizingArith
  kMinMax = 1 << 2,          // a min/max helper call (the other canonicalizing definition)
  kSignOperation = 1 << 3,   // an abs/neg helper call
  kIgnoresPayload = 1 << 4,  // reads f32 operands without looking at a NaN's bits
  // A register-to-register move of 32 bits (f32 or bits), a reinterpretation of 32 bits as
  // another type, the explicit flush of a .ftz operand (lower-rounding-and-ftz's flushSources)
  // or a shuffle of 32 bits between lanes: each keeps NaN bits, so it needs a canonical operand
  // only if something reading its result looks at them. Through the reinterpretations and
  // shuffles, a reduction that exchanges floats as bits between lanes and reads them back as
  // floats only with arithmetic needs no canonicalization before each exchange.
  kPassesOn = 1 << 5,
};

// The roles of instructions. A helper call's come from the registry's `nan` column
// (ir/Helpers.def): what the helper does with a NaN operand's bits.
class Roles {
public:
  Roles(const Module &m, const HelperRewrite &minMax, const HelperRewrite &signOperations)
      : m_(m), minMax_(minMax), signOperations_(signOperations) {}

  uint8_t of(const Inst &in) const {
    uint8_t role = destinationCount(in) != 0 ? kWrites : 0;
    switch (in.irop) {
    case IrOp::Ptx:
      if (isCanonicalizingArith(in))
        return role | kCanonicalizing;
      if ((in.opcode == Opcode::Setp || in.opcode == Opcode::Set) && in.type == Type::F32)
        return role | kIgnoresPayload;
      if (in.opcode == Opcode::Mov && bitWidth(in.type) == 32 && movesRegister(in) && in.ops.size() == 2)
        role |= kPassesOn;
      return role;
    case IrOp::Convert:
      if (bitWidth(in.type) == 32 && bitWidth(in.type2) == 32 && movesRegister(in) && in.ops.size() == 2)
        role |= kPassesOn;
      return role;
    case IrOp::Call: {
      if (minMax_.matches(in))
        role |= kMinMax;
      if (signOperations_.matches(in))
        role |= kSignOperation;
      HelperNan use = in.name == kNone ? HelperNan::Looks : helperInfo(m_.helpers[in.name]).nan;
      if (use == HelperNan::Ignores || (use == HelperNan::IgnoresAsF32 && in.type == Type::F32))
        return role | kIgnoresPayload;
      if (movesRegister(in) &&
          (use == HelperNan::PassesOnValue || (use == HelperNan::PassesOn && in.ops.size() == 2)))
        role |= kPassesOn;
      return role;
    }
    default:
      return role;
    }
  }

private:
  // An unguarded instruction from a register into a register (the shape of every kPassesOn).
  static bool movesRegister(const Inst &in) {
    return in.ops.size() >= 2 && in.ops[0].isReg() && in.ops[1].isReg() && in.guard == kNone;
  }

  const Module &m_;
  const HelperRewrite &minMax_, &signOperations_;
};

// Whether an instruction of role `role` looks at the NaN bits of the registers it reads. Those
// that do not: f32 arithmetic (which canonicalizes a NaN itself, or defers that to its own
// readers), readers that ignore payloads, and moves and flushes whose results no one observes
// (`resultObserved` is asked only for those).
template <typename ResultObserved> bool looksAtNanBits(uint8_t role, ResultObserved resultObserved) {
  if (role & (kCanonicalizing | kIgnoresPayload))
    return false;
  return !(role & kPassesOn) || resultObserved();
}

// Calls `visit` with each register `in` reads as a source, vector elements included.
template <typename Visit> void forEachSourceRegister(const Function &f, const Inst &in, uint8_t role, Visit &&visit) {
  for (size_t i = (role & kWrites) ? 1 : 0; i < in.ops.size(); ++i) {
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

// What the pass learns of each register, as bits (one table for all of them).
enum RegisterFact : uint8_t {
  // Something may observe its NaN bits: an instruction that does not ignore them reads it,
  // directly or through moves, flushes and shuffles whose results are observed.
  kObserved = 1 << 0,
  kLooked = 1 << 1,     // some reader looks at its NaN bits (looksAtNanBits)
  kTakenAsIs = 1 << 2,  // some reader takes it as it is
  kCanonicalDef = 1 << 3, // some definition is a canonicalizing definition
  kOtherDef = 1 << 4,   // some definition is neither that nor a move of a non-NaN constant
  kDeferred = 1 << 5,   // its canonicalization moves to its looking readers
};

// One function's analysis: the roles of its instructions (in block order) and the facts of its
// registers, found in one walk over the instructions (and one over the moves).
class Analysis {
public:
  Analysis(const Roles &roles, Function &f) : facts(f.regs.size(), 0), f_(f) {
    for (Block &b : f.blocks)
      for (Inst &in : b.insts) {
        const uint8_t role = roles.of(in);
        this->roles.push_back(role);
        any |= role;
        if (role & (kCanonicalizing | kMinMax | kSignOperation))
          rewritable.push_back(&in);
        noteDefinition(in, role);
        if (role & (kCanonicalizing | kIgnoresPayload)) {
          // Arithmetic ignores NaN bits: its NaN result is canonicalized where it is made, or
          // where it is read.
          forEachSourceRegister(f, in, role, [&](RegId r) { facts[r.index()] |= kTakenAsIs; });
        } else if (role & kPassesOn) {
          // Listed by result register (`first` and `next` chain them): its sources are observed
          // once its result is, and looked at only then.
          if (first_.empty())
            first_.assign(f.regs.size(), kEnd);
          passing_.push_back({&in, first_[in.ops[0].id]});
          first_[in.ops[0].id] = static_cast<uint32_t>(passing_.size() - 1);
        } else {
          forEachSourceRegister(f, in, role, [&](RegId r) {
            facts[r.index()] |= kLooked;
            observe(r);
          });
        }
      }
    while (!work_.empty()) {
      RegId r = work_.back();
      work_.pop_back();
      if (!first_.empty())
        for (uint32_t p = first_[r.index()]; p != kEnd; p = passing_[p].second)
          forEachSourceRegister(f, *passing_[p].first, kWrites, [&](RegId s) { observe(s); }); // every kPassesOn writes
    }
    for (const auto &[in, next] : passing_) {
      const uint8_t read = (facts[in->ops[0].id] & kObserved) ? kLooked : kTakenAsIs;
      forEachSourceRegister(f, *in, kWrites, [&](RegId r) { facts[r.index()] |= read; });
    }
  }

  // Whether `in` of role `role` looks at the NaN bits of the registers it reads.
  bool looks(const Inst &in, uint8_t role) const {
    return looksAtNanBits(role, [&] { return (facts[in.ops[0].id] & kObserved) != 0; });
  }

  // kDeferred: registers whose every definition is a canonicalizing definition or a non-NaN
  // constant move, with at least one canonicalizing definition. Deferring pays only for a
  // register some reader takes as it is (looksAtNanBits false): a register whose every reader
  // looks at its bits (a float result stored through a bit-typed register, say) would only
  // have its canonicalization moved from its definition to each reader, one instruction more.
  // Returns whether any register is deferred.
  bool findDeferred() {
    bool deferred = false;
    for (uint8_t &fact : facts)
      if ((fact & (kCanonicalDef | kOtherDef | kTakenAsIs)) == (kCanonicalDef | kTakenAsIs)) {
        fact |= kDeferred;
        deferred = true;
      }
    return deferred;
  }

  std::vector<uint8_t> roles;       // of each instruction, in block order
  uint8_t any = 0;                  // every role bit some instruction has
  std::vector<uint8_t> facts;       // RegisterFact bits of each register
  std::vector<Inst *> rewritable;   // the canonicalizing definitions, abs and neg

private:
  static constexpr uint32_t kEnd = UINT32_MAX;

  // kObserved: something may observe the register's NaN bits.
  void observe(RegId r) {
    if (!(facts[r.index()] & kObserved)) {
      facts[r.index()] |= kObserved;
      work_.push_back(r);
    }
  }

  // kCanonicalDef and kOtherDef of what `in` writes.
  void noteDefinition(const Inst &in, uint8_t role) {
    if (in.ops.empty())
      return;
    const Operand &d = in.ops[0];
    if (d.kind == OperandKind::Vector) {
      for (int64_t k = 0; k < d.value; ++k) {
        const Operand &element = f_.vectorElements[d.id + static_cast<size_t>(k)];
        if (element.kind == OperandKind::Reg)
          facts[element.id] |= kOtherDef;
      }
      return;
    }
    if (!d.isReg() || !(role & kWrites))
      return; // ops[0] is read, not written
    if (role & (kCanonicalizing | kMinMax)) // guarded too: the register keeps an earlier value otherwise
      facts[d.id] |= kCanonicalDef;
    else if (!(in.isPtx(Opcode::Mov) && in.type == Type::F32 && in.ops.size() == 2 && isNonNanConstant(in.ops[1])))
      facts[d.id] |= kOtherDef;
  }

  const Function &f_;
  std::vector<RegId> work_; // observed registers whose moves and flushes are not yet followed
  std::vector<uint32_t> first_; // per register, its last move (an index into passing_), or kEnd
  std::vector<std::pair<const Inst *, uint32_t>> passing_; // a move, the next of its result
};

} // namespace

void deferNanCanonicalization(PassContext &ctx) {
  Module &m = ctx.module;
  const HelperRewrite signHelpers(m, Helper::AbsF32, Helper::NegF32, Helper::AbsBitsF32, Helper::NegBitsF32);
  const HelperRewrite minMax(m, Helper::MinF32, Helper::MaxF32, Helper::MinAnyNanF32, Helper::MaxAnyNanF32);
  const Roles roles(m, minMax, signHelpers);
  forEachFunction(ctx, [&](Function &f) {
    Analysis a(roles, f);
    // Only functions with canonicalizing definitions, abs or neg have anything to change (most
    // of a large module has none).
    const bool canonicalizing = a.any & (kCanonicalizing | kMinMax);
    if (!canonicalizing && !(a.any & kSignOperation))
      return;
    // abs.f32/neg.f32 give the canonical NaN for any NaN (p2m_abs_f32, p2m_neg_f32). Where no
    // reader of the result looks at a NaN's bits, that rule is unobservable and a bare
    // operation on the sign bit does: p2m_{abs,neg}_bits_f32, one instruction instead of a NaN
    // test and a select. Definitions that leave out their canonicalization: those of the
    // deferred registers (their looking readers canonicalize, below) and those of registers no
    // reader looks at.
    const bool anyDeferred = canonicalizing && a.findDeferred();
    for (Inst *in : a.rewritable) {
      if (in->ops.empty() || !in->ops[0].isReg())
        continue;
      uint8_t fact = a.facts[in->ops[0].id];
      if (signHelpers.matches(*in)) {
        if (!(fact & kLooked))
          signHelpers.rewrite(*in);
      } else if ((fact & kDeferred) || !(fact & kLooked)) {
        if (isCanonicalizingArith(*in))
          in->nanBitsUnobserved = true;
        else
          minMax.rewrite(*in);
      }
    }
    if (!anyDeferred)
      return;
    // The instructions that read a deferred register as a source (vector elements included)
    // and look at its NaN bits. rewriteBlocks asks about each instruction once, in block order.
    size_t next = 0;
    auto applies = [&](const Inst &in) {
      uint8_t role = a.roles[next++];
      bool reads = false;
      forEachSourceRegister(f, in, role, [&](RegId r) { reads = reads || (a.facts[r.index()] & kDeferred); });
      return reads && a.looks(in, role);
    };
    auto deferred = [&](uint32_t r) { return (a.facts[r] & kDeferred) != 0; };
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
      for (size_t i = (destinationCount(in) == 0 ? 0 : 1); i < in.ops.size(); ++i) {
        Operand &o = in.ops[i];
        if (o.isReg() && deferred(o.id))
          o.setReg(canonical(o.regId()));
        else if (o.kind == OperandKind::Vector)
          for (int64_t k = 0; k < o.value; ++k) {
            Operand &element = f.vectorElements[o.id + static_cast<size_t>(k)];
            if (element.kind == OperandKind::Reg && deferred(element.id))
              element.setReg(canonical(element.regId()));
          }
      }
      out.push_back(std::move(in));
      return true;
    });
  });
}

} // namespace p2m::passes
