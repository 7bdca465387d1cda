// Counted loops that provably end (LoopTermination.h): find the exit test and the single
// update of its register, then check the step against the bound for wrap-around.
#include "emitters/msl/LoopTermination.h"

#include "cfg/Structured.h"
#include "support/Format.h"

#include <fmt/compile.h>

#include <cstdint>
#include <vector>

namespace p2m::msl {

using namespace ir;

namespace {

// The integer comparisons setp can make, as the emitter prints them (signedness from the type).
enum class Rel : uint8_t { Eq, Ne, Lt, Le, Gt, Ge };

std::optional<Rel> relation(const Inst &in) {
  for (ptx::Modifier m : in.modifiers)
    switch (m) {
    case ptx::Modifier::Eq: return Rel::Eq;
    case ptx::Modifier::Ne: return Rel::Ne;
    case ptx::Modifier::Lt: case ptx::Modifier::Lo: return Rel::Lt;
    case ptx::Modifier::Le: case ptx::Modifier::Ls: return Rel::Le;
    case ptx::Modifier::Gt: case ptx::Modifier::Hi: return Rel::Gt;
    case ptx::Modifier::Ge: case ptx::Modifier::Hs: return Rel::Ge;
    default: break;
    }
  return std::nullopt;
}

Rel inverse(Rel r) {
  switch (r) {
  case Rel::Eq: return Rel::Ne;
  case Rel::Ne: return Rel::Eq;
  case Rel::Lt: return Rel::Ge;
  case Rel::Le: return Rel::Gt;
  case Rel::Gt: return Rel::Le;
  case Rel::Ge: return Rel::Lt;
  }
  return r;
}

// a REL b as b REL' a.
Rel mirrored(Rel r) {
  switch (r) {
  case Rel::Lt: return Rel::Gt;
  case Rel::Le: return Rel::Ge;
  case Rel::Gt: return Rel::Lt;
  case Rel::Ge: return Rel::Le;
  default: return r;
  }
}

// The loop body's shape, gathered once: every instruction the loop can run (an instruction in
// a block the structurizer duplicated counts once per copy), and its top-level statements.
struct LoopBody {
  std::vector<const Inst *> insts;
  std::vector<cfg::NodeId> statements;
};

LoopBody gather(const Function &f, const cfg::Program &p, cfg::NodeId body) {
  LoopBody out;
  out.statements = p[body].statements;
  std::vector<cfg::NodeId> work{body};
  while (!work.empty()) {
    cfg::NodeId id = work.back();
    work.pop_back();
    if (id == cfg::kNoNode)
      continue;
    const cfg::Node &n = p[id];
    if (n.kind == cfg::NodeKind::Block)
      for (const Inst &in : f.blocks[static_cast<size_t>(n.id)].insts)
        out.insts.push_back(&in);
    cfg::forEachChild(n, [&](cfg::NodeId c) { work.push_back(c); });
  }
  return out;
}

// Whether `root` holds a Continue of the loop it sits in (not one of a loop inside it; a
// Switch in between does not matter, as in C).
bool continuesLoop(const cfg::Program &p, cfg::NodeId root) {
  std::vector<cfg::NodeId> work{root};
  while (!work.empty()) {
    cfg::NodeId id = work.back();
    work.pop_back();
    if (id == cfg::kNoNode)
      continue;
    const cfg::Node &n = p[id];
    if (n.kind == cfg::NodeKind::Continue)
      return true;
    if (n.kind != cfg::NodeKind::Loop) // a nested loop's continues are its own
      cfg::forEachChild(n, [&](cfg::NodeId c) { work.push_back(c); });
  }
  return false;
}

// `if (c) { break; }` with nothing else: the exit test the proof looks for.
bool isBreakIf(const cfg::Program &p, const cfg::Node &n) {
  if (n.kind != cfg::NodeKind::If || n.onVariable || n.thenBody == cfg::kNoNode)
    return false;
  if (n.elseBody != cfg::kNoNode && !p[n.elseBody].statements.empty())
    return false;
  const cfg::Node &then = p[n.thenBody];
  return then.statements.size() == 1 && p[then.statements[0]].kind == cfg::NodeKind::Break;
}

// A w-bit integer value the loop does not change: an immediate or a register it never writes.
struct Invariant {
  bool isImm = false;
  uint64_t imm = 0; // the value's w bits
  RegId reg = kNone;
};

class Prover {
public:
  Prover(const Function &f, const cfg::Program &p, const LoopBody &body) : f_(f), p_(p), body_(body) {}

  std::optional<LoopTermination> prove() {
    const std::vector<cfg::NodeId> &st = body_.statements;
    for (size_t k = 1; k < st.size(); ++k)
      if (isBreakIf(p_, p_[st[k]]))
        if (auto t = proveExit(k))
          return t;
    return std::nullopt;
  }

private:
  const Function &f_;
  const cfg::Program &p_;
  const LoopBody &body_;
  unsigned w_ = 32;
  bool signed_ = false;

  size_t writers(RegId r) const {
    size_t count = 0;
    for (const Inst *in : body_.insts)
      count += mayWrite(f_, *in, r) ? 1 : 0;
    return count;
  }

  bool isIntegerReg(const Operand &o) const {
    if (!o.isReg())
      return false;
    Storage s = storageOf(f_.reg(o.regId()).type);
    return s == (w_ == 32 ? Storage::U32 : Storage::U64);
  }

  std::optional<Invariant> invariant(const Operand &o) const {
    if (o.kind == OperandKind::Imm && !o.address && o.floatBits == 0)
      return Invariant{true, w_ == 32 ? uint64_t(uint32_t(o.value)) : uint64_t(o.value), kNone};
    if (isIntegerReg(o) && writers(o.regId()) == 0)
      return Invariant{false, 0, o.regId()};
    return std::nullopt;
  }

  // The exit test at top-level statement k.
  std::optional<LoopTermination> proveExit(size_t k) {
    const std::vector<cfg::NodeId> &st = body_.statements;
    const cfg::Node &test = p_[st[k]];
    const Block &b = f_.blocks[static_cast<size_t>(test.id)];
    if (b.term.kind != TermKind::Branch || b.term.cond == kNone)
      return std::nullopt;
    // The break is taken when the predicate equals !continueWhen.
    bool continueWhen = b.term.negated != test.negated;
    const Inst *setp = nullptr;
    for (const Inst &in : b.insts)
      if (mayWrite(f_, in, b.term.cond))
        setp = &in;
    if (!setp || !setp->isPtx(ptx::Opcode::Setp) || setp->guard != kNone || setp->ops.size() != 3)
      return std::nullopt;
    std::optional<Rel> rel = relation(*setp);
    Type t = setp->type;
    if (!rel || isFloat(t) || t == Type::Pred || (bitWidth(t) != 32 && bitWidth(t) != 64))
      return std::nullopt;
    w_ = bitWidth(t);
    signed_ = isSigned(t);
    Rel cont = continueWhen ? *rel : inverse(*rel);
    if (auto r = proveCounter(k, setp->ops[1], setp->ops[2], cont))
      return r;
    return proveCounter(k, setp->ops[2], setp->ops[1], mirrored(cont));
  }

  // r's one writer in the loop, or null when it has none or several.
  const Inst *soleWriter(RegId r) const {
    const Inst *writer = nullptr;
    for (const Inst *in : body_.insts)
      if (mayWrite(f_, *in, r)) {
        if (writer)
          return nullptr;
        writer = in;
      }
    return writer;
  }

  // An unguarded w-bit instruction of the loop's plain kind (no carry, not an IR helper).
  bool plain(const Inst *in) const {
    return in && in->guard == kNone && in->irop == IrOp::Ptx && bitWidth(in->type) == w_ && !in->has(ptx::Modifier::Cc);
  }

  // `add d, src, s`, `add d, s, src` or `sub d, src, s` with s invariant: the step (negated
  // for sub).
  struct Step {
    Invariant amount;
    bool sub = false;
  };
  std::optional<Step> stepFrom(const Inst *in, RegId d, RegId src) const {
    if (!plain(in) || in->ops.size() != 3 || !in->ops[0].isReg() || in->ops[0].regId() != d)
      return std::nullopt;
    bool add = in->opcode == ptx::Opcode::Add, sub = in->opcode == ptx::Opcode::Sub;
    const Operand &x = in->ops[1], &y = in->ops[2];
    const Operand *stepOp = x.isReg() && x.regId() == src ? &y : (add && y.isReg() && y.regId() == src ? &x : nullptr);
    if ((!add && !sub) || !stepOp)
      return std::nullopt;
    std::optional<Invariant> amount = invariant(*stepOp);
    if (!amount)
      return std::nullopt;
    return Step{*amount, sub};
  }

  // Whether `in` is `mov d, src` of registers.
  bool copies(const Inst *in, RegId d, RegId src) const {
    return plain(in) && in->opcode == ptx::Opcode::Mov && in->ops.size() == 2 && in->ops[0].isReg() &&
           in->ops[0].regId() == d && in->ops[1].isReg() && in->ops[1].regId() == src;
  }

  // How i changes once per iteration, and the instructions that change it: `add i, i, s`, or
  // the two-step forms nvcc writes for unrolled loops, `add t, i, s` with `mov i, t` (the test on
  // i), or `mov q, i` with `add i, q, s` (the test on the sum). In both two-step forms each
  // iteration runs the add and the mov once, in either order, so from one iteration's test to
  // the next i moves by s (from the second iteration on, where the mov comes first: the first
  // value is arbitrary anyway).
  std::optional<Step> counterStep(RegId i, std::vector<const Inst *> &updates) const {
    const Inst *w = soleWriter(i);
    if (!w)
      return std::nullopt;
    if (auto s = stepFrom(w, i, i)) {
      updates = {w};
      return s;
    }
    const Operand *other = w->ops.size() >= 2 && w->ops[1].isReg() ? &w->ops[1] : nullptr;
    if (other && copies(w, i, other->regId()) && isIntegerReg(*other)) { // mov i, t; t = i + s
      const Inst *add = soleWriter(other->regId());
      if (auto s = stepFrom(add, other->regId(), i)) {
        updates = {w, add};
        return s;
      }
      return std::nullopt;
    }
    for (const Operand &o : w->ops) // add i, q, s; q = i
      if (&o != &w->ops[0] && o.isReg() && o.regId() != i && isIntegerReg(o)) {
        const Inst *mov = soleWriter(o.regId());
        if (copies(mov, o.regId(), i))
          if (auto s = stepFrom(w, i, o.regId())) {
            updates = {w, mov};
            return s;
          }
      }
    return std::nullopt;
  }

  // The loop continues while `i cont n`.
  std::optional<LoopTermination> proveCounter(size_t k, const Operand &i, const Operand &n, Rel cont) {
    if (!isIntegerReg(i))
      return std::nullopt;
    std::optional<Invariant> bound = invariant(n);
    if (!bound)
      return std::nullopt;
    std::vector<const Inst *> updates;
    std::optional<Step> step = counterStep(i.regId(), updates);
    if (!step)
      return std::nullopt;
    // Every update in a top-level block, with no `continue` before it or the test (so every
    // iteration runs them all, or leaves the loop).
    const std::vector<cfg::NodeId> &st = body_.statements;
    size_t last = k;
    for (const Inst *update : updates) {
      size_t at = SIZE_MAX;
      for (size_t j = 0; j < st.size() && at == SIZE_MAX; ++j) {
        const cfg::Node &s = p_[st[j]];
        if (s.kind != cfg::NodeKind::Block)
          continue;
        for (const Inst &in : f_.blocks[static_cast<size_t>(s.id)].insts)
          if (&in == update)
            at = j;
      }
      if (at == SIZE_MAX)
        return std::nullopt;
      last = std::max(last, at);
    }
    for (size_t j = 0; j < last; ++j)
      if (continuesLoop(p_, st[j]))
        return std::nullopt;
    return bounded(cont, *bound, step->amount, step->sub);
  }

  // The table of LoopTermination.h, for i stepping by `step` (negated when `sub`).
  std::optional<LoopTermination> bounded(Rel cont, const Invariant &n, const Invariant &step, bool sub) const {
    const uint64_t mask = w_ == 32 ? 0xFFFFFFFFull : ~0ull;
    if (cont == Rel::Ne) {
      if (step.isImm)
        return (step.imm & 1) ? std::optional<LoopTermination>(LoopTermination{}) : std::nullopt;
      return LoopTermination{formatCompiled(FMT_COMPILE("({} & 1{}) != 0{}"), name(step.reg), uSuffix(), uSuffix())};
    }
    if (cont == Rel::Eq)
      return std::nullopt;
    bool up = cont == Rel::Lt || cont == Rel::Le;
    bool strict = cont == Rel::Lt || cont == Rel::Gt;
    if (!step.isImm) {
      // Only counting up by a register, which must then be positive (at run time).
      if (sub || !up)
        return std::nullopt;
      std::string s = name(step.reg);
      std::string positive = signed_ ? formatCompiled(FMT_COMPILE("{} > 0"), view(s)) : formatCompiled(FMT_COMPILE("{} != 0{}"), s, uSuffix());
      // n <= MAX - s + 1 (strict) or MAX - s, in unsigned arithmetic that cannot wrap for s > 0.
      std::string limit = signed_ ? formatCompiled(FMT_COMPILE("{}(0x{:X}{} - {})"), asSigned(), (mask >> 1) + (strict ? 1 : 0), uSuffix(), s)
                                  : (strict ? formatCompiled(FMT_COMPILE("0{} - {}"), uSuffix(), s) : "~" + s);
      return LoopTermination{formatCompiled(FMT_COMPILE("{} && {} <= {}"), positive, value(n), limit)};
    }
    // The step as a signed amount, then as a distance m in the loop's direction.
    uint64_t raw = (sub ? uint64_t(0) - step.imm : step.imm) & mask; // i += raw, wrapping
    bool negative = (raw >> (w_ - 1)) & 1;
    if (raw == 0 || negative == up)
      return std::nullopt;
    uint64_t m = (negative ? uint64_t(0) - raw : raw) & mask; // the distance per iteration
    if (m > (mask >> 1))
      return std::nullopt; // the smallest value: no direction
    // The bound n must keep to, as w-bit patterns, in the comparison's signedness.
    const uint64_t umax = mask, smax = mask >> 1, smin = smax + 1;
    uint64_t limit = 0;
    if (up)
      limit = (signed_ ? smax : umax) - m + (strict ? 1 : 0); // n <= limit
    else
      limit = (signed_ ? smin : 0) + m - (strict ? 1 : 0);    // n >= limit
    auto holds = [&](uint64_t v) {
      uint64_t a = signed_ ? (v ^ smin) : v, l = signed_ ? (limit ^ smin) : limit; // signed as biased
      return up ? a <= l : a >= l;
    };
    uint64_t extreme = up ? (signed_ ? smax : umax) : (signed_ ? smin : 0);
    if (holds(extreme)) // every n does
      return LoopTermination{};
    if (n.isImm)
      return holds(n.imm) ? std::optional<LoopTermination>(LoopTermination{}) : std::nullopt;
    return LoopTermination{formatCompiled(FMT_COMPILE("{} {} {}"), value(n), up ? "<=" : ">=", literal(limit))};
  }

  std::string_view uSuffix() const { return w_ == 32 ? "u" : "ul"; }
  std::string_view asSigned() const { return w_ == 32 ? "as_type<int>" : "as_type<long>"; }
  std::string name(RegId r) const { return f_.reg(r).name; }
  std::string view(const std::string &v) const {
    return signed_ ? formatCompiled(FMT_COMPILE("{}({})"), asSigned(), v) : v;
  }
  // A w-bit constant in the comparison's signedness: small ones in decimal.
  std::string literal(uint64_t bits) const {
    int64_t sv = w_ == 32 ? int64_t(int32_t(uint32_t(bits))) : int64_t(bits);
    if (signed_ && sv > -65536 && sv < 65536)
      return formatCompiled(FMT_COMPILE("{}"), sv);
    if (!signed_ && bits < 65536)
      return formatCompiled(FMT_COMPILE("{}{}"), bits, uSuffix());
    std::string u = formatCompiled(FMT_COMPILE("0x{:X}{}"), bits, uSuffix());
    return signed_ ? formatCompiled(FMT_COMPILE("{}({})"), asSigned(), u) : u;
  }
  std::string value(const Invariant &v) const { return v.isImm ? literal(v.imm) : view(name(v.reg)); }
};

} // namespace

std::optional<LoopTermination> proveLoopTermination(const Function &f, cfg::NodeId loop) {
  const cfg::Program &p = *f.structured;
  const cfg::Node &n = p[loop];
  if (n.kind != cfg::NodeKind::Loop || n.body == cfg::kNoNode || p[n.body].kind != cfg::NodeKind::Seq)
    return std::nullopt;
  LoopBody body = gather(f, p, n.body);
  return Prover(f, p, body).prove();
}

} // namespace p2m::msl
