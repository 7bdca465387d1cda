// keep-exited-threads-at-barriers: a kernel whose threads can leave (ret, exit, trap, a callee
// that ends the thread) while other threads of the CTA still have a whole-CTA barrier ahead.
//
// PTX counts only the threads that have not exited: bar.sync/barrier.sync without a thread
// count "causes executing thread to wait for non-exited threads of all other warps
// participating in the barrier to arrive", and every thread of the CTA participates (PTX ISA,
// barrier). So `if (i >= n) return; ... __syncthreads();` is fine on NVIDIA hardware. Metal's
// threadgroup_barrier must be reached by every thread of the threadgroup, in uniform control
// flow. This pass makes such a thread "done" instead of leaving: a predicate register (`done`,
// Function::doneFlag) turns true, and the thread keeps taking part in every barrier the
// remaining threads reach, with no other effect:
//   * R, the blocks from which a whole-CTA barrier (bar/barrier .sync or .red without a thread
//     count, or a call of a function that waits at one) is reachable; D, the others (no
//     barrier ahead: a thread there may leave freely).
//   * Uniformity: a register is uniform when every definition is a pure operation (integer
//     and float arithmetic, comparisons, conversions, ld.param, the CTA's own special
//     registers, bar.red's result) of uniform operands in an R block outside any divergent
//     region. A branch on a uniform value goes the same way in every thread of the CTA, done
//     threads included (they compute the uniform values too).
//   * A branch in R on a thread-dependent value must reconverge (its immediate post-dominator
//     in R, J) before any barrier; done threads go straight to J. Its D successors (the
//     threads that leave) run their code (cloned per J) and then, instead of returning, turn
//     `done` true and go to J. A D successor of a uniform branch is the end for every thread
//     at once: done threads return there.
//   * In R every instruction but the barriers and the uniform computations is guarded by
//     `!done`; bar.red's vote of a done thread is the neutral one (false for popc/or, true for
//     and), so the reduction covers the non-exited threads, as PTX's does.
// Named barriers (a thread count, bar.arrive) are left to atomic_ops.h, which counts warps of
// non-exited threads as NVIDIA hardware does; done threads skip them like any other effect.
// What this cannot keep faithful (a barrier inside a divergent region, a divergent branch that
// does not reconverge, a loop done threads could not leave, a call of a function with a
// barrier of its own) gets a located warning naming the barrier, the exit and the branch, and
// the kernel is left as it was: right on the host backend and on NVIDIA hardware, whose
// barriers stop counting threads that returned, but not defined by Metal. When the only ways
// out of the barrier region are loop exits on conditions not proven uniform, there is no
// warning (most likely all threads leave together; the MSL check judges).
#include "passes/Pass.h"

#include "cfg/Dominators.h"
#include "ir/DeviceRuntime.h"
#include "ir/Helpers.h"
#include "support/SourceFile.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <span>

namespace p2m::passes {

using namespace ir;
using ptx::Modifier;
using ptx::Opcode;

namespace {

constexpr uint32_t kNoBlock = UINT32_MAX;

// bar.sync/barrier.sync without a thread count, bar.red/barrier.red without one: every
// thread of the CTA takes part (threadgroup_barrier in MSL).
bool isCtaBarrier(const Inst &in) {
  if (!in.isPtx(Opcode::Bar) && !in.isPtx(Opcode::Barrier))
    return false;
  if (in.has(Modifier::Arrive) || in.has(Modifier::Warp))
    return false;
  return in.has(Modifier::Red) ? in.ops.size() == 3 : in.ops.size() < 2;
}

const Function *directCallee(const Module &m, const Inst &in) {
  if (!in.isPtx(Opcode::Call) || in.ops.size() < 2 || in.ops[1].kind != OperandKind::Symbol)
    return nullptr;
  const Symbol &s = m.symbol(in.ops[1].symId());
  return s.kind == SymbolKind::Function ? &m.function(s.function) : nullptr;
}

// A call after which the thread may have ended (the emitter tests ctx.ended there).
bool mayEndThread(const Module &m, const Inst &in) {
  if (!in.isPtx(Opcode::Call))
    return false;
  const Function *g = directCallee(m, in);
  if (!g)
    return true; // an indirect call: a value that is none of its candidates traps
  if (g->isDeclaration) {
    const DeviceRuntimeFunction *runtime = findDeviceRuntimeFunction(g->ptxName);
    return runtime && runtime->failsLaunch;
  }
  return g->mayEndThread;
}

// A call of a function that waits at a whole-CTA barrier (an indirect call: any candidate).
bool callWaitsAtBarrier(const Module &m, const Function &f, const Inst &in) {
  if (!in.isPtx(Opcode::Call) || in.ops.size() < 2)
    return false;
  if (const Function *g = directCallee(m, in))
    return g->hasCtaBarrier;
  if (in.ops.size() > 3 && in.ops[3].kind == OperandKind::Vector)
    for (int64_t k = 0; k < in.ops[3].value; ++k) {
      const Symbol &s = m.symbol(f.vectorElements[in.ops[3].id + static_cast<size_t>(k)].symId());
      if (s.kind == SymbolKind::Function && m.function(s.function).hasCtaBarrier)
        return true;
    }
  return false;
}

bool isUniformSpecial(Special s) {
  switch (s) {
  case Special::NtidX: case Special::NtidY: case Special::NtidZ:
  case Special::CtaidX: case Special::CtaidY: case Special::CtaidZ:
  case Special::NctaidX: case Special::NctaidY: case Special::NctaidZ:
  case Special::NWarpId: case Special::NSmId: case Special::GridId:
  case Special::DynamicSmemSize: case Special::TotalSmemSize:
  case Special::ReservedSmemBegin: case Special::ReservedSmemEnd: case Special::ReservedSmemCap:
  case Special::ReservedSmemOffset0: case Special::ReservedSmemOffset1:
    return true;
  default:
    return false;
  }
}

// Operations whose result depends only on their operands and that have no other effect: a
// done thread may run them (on uniform operands they give what the live threads compute).
bool isPure(const Module &m, const Inst &in) {
  switch (in.irop) {
  case IrOp::Convert: case IrOp::AddressOf: return true;
  case IrOp::ReadSpecial: return in.ops.size() > 1 && in.ops[1].kind == OperandKind::Special &&
                                 isUniformSpecial(static_cast<Special>(in.ops[1].id));
  case IrOp::Call: return in.name < m.helpers.size() && helperInfo(m.helpers[in.name]).header == "int_ops.h";
  case IrOp::Ptx: break;
  }
  switch (in.opcode) {
  case Opcode::Mov: case Opcode::Add: case Opcode::Sub: case Opcode::Mul: case Opcode::Mad:
  case Opcode::Div: case Opcode::Rem: case Opcode::Min: case Opcode::Max: case Opcode::Neg:
  case Opcode::Abs: case Opcode::And: case Opcode::Or: case Opcode::Xor: case Opcode::Not:
  case Opcode::Cnot: case Opcode::Shl: case Opcode::Shr: case Opcode::Setp: case Opcode::Set:
  case Opcode::Selp: case Opcode::Slct: case Opcode::Cvt: case Opcode::Bfe: case Opcode::Bfi:
  case Opcode::Popc: case Opcode::Clz: case Opcode::Brev: case Opcode::Prmt: case Opcode::Lop3:
  case Opcode::Cvta: case Opcode::Mul24: case Opcode::Mad24: case Opcode::Shf: case Opcode::Bmsk:
  case Opcode::Szext: case Opcode::Sad: case Opcode::Fma: case Opcode::Copysign: case Opcode::Testp:
    return true;
  // A load from an address that is the same in every thread reads the same value in every
  // thread (the MSL check's msl-divergent-barrier rule assumes the same); thread-private
  // memory is the exception.
  case Opcode::Ld: case Opcode::Ldu: return in.space != Space::Local;
  default: return false;
  }
}

template <class F> void forEachReg(const Function &f, const Operand &o, F &&fn) {
  if (o.kind == OperandKind::Reg)
    fn(o.regId());
  else if (o.kind == OperandKind::Vector)
    for (int64_t k = 0; k < o.value; ++k) {
      const Operand &e = f.vectorElements[o.id + static_cast<size_t>(k)];
      if (e.kind == OperandKind::Reg)
        fn(e.regId());
    }
}

// Whether ops[0] is written (a register or a vector of them, not a store's address).
bool writesFirst(const Inst &in) {
  return !in.ops.empty() && !in.ops[0].address &&
         (in.ops[0].kind == OperandKind::Reg || in.ops[0].kind == OperandKind::Vector) &&
         !in.isPtx(Opcode::St);
}

Inst predInst(Opcode op, const Inst &from, std::vector<Operand> ops) {
  Inst in;
  in.opcode = op;
  in.type = Type::Pred;
  in.modifiers = {Modifier::Pred};
  in.srcOffset = from.srcOffset;
  in.debugLine = from.debugLine;
  in.ops.assign(ops.begin(), ops.end());
  return in;
}

// A graph's edges in one array (compressed rows): node v's targets are targets[begin[v]] up to
// targets[begin[v + 1]], in the order they were added. Built node by node: add() a target of
// node size(), close() it.
struct Edges {
  std::vector<uint32_t> begin{0};
  std::vector<uint32_t> targets;

  uint32_t size() const { return static_cast<uint32_t>(begin.size() - 1); }
  std::span<const uint32_t> operator[](uint32_t v) const {
    return {targets.data() + begin[v], targets.data() + begin[v + 1]};
  }
  void add(uint32_t t) { targets.push_back(t); }
  void close() { begin.push_back(static_cast<uint32_t>(targets.size())); }

  // The same edges the other way round: node v's sources, in increasing order.
  Edges reversed() const {
    Edges r;
    r.begin.assign(size() + 1, 0);
    for (uint32_t t : targets)
      ++r.begin[t + 1];
    for (uint32_t v = 0; v < size(); ++v)
      r.begin[v + 1] += r.begin[v];
    r.targets.resize(targets.size());
    std::vector<uint32_t> next(r.begin.begin(), r.begin.end() - 1);
    for (uint32_t v = 0; v < size(); ++v)
      for (uint32_t t : (*this)[v])
        r.targets[next[t]++] = v;
    return r;
  }
};

// The nodes reachable from `root` along `edges`, in postorder: an iterative depth-first search.
std::vector<uint32_t> postorder(const Edges &edges, uint32_t root) {
  std::vector<uint32_t> order;
  std::vector<uint8_t> seen(edges.size(), 0);
  std::vector<std::pair<uint32_t, uint32_t>> stack{{root, edges.begin[root]}};
  seen[root] = 1;
  while (!stack.empty()) {
    auto &[node, next] = stack.back();
    if (next < edges.begin[node + 1]) {
      uint32_t s = edges.targets[next++];
      if (!seen[s]) {
        seen[s] = 1;
        stack.push_back({s, edges.begin[s]});
      }
      continue;
    }
    order.push_back(node);
    stack.pop_back();
  }
  return order;
}

class Keeper {
public:
  Keeper(Module &m, Function &f, std::vector<Warning> &warnings)
      : m_(m), f_(f), warnings_(warnings), n_(static_cast<uint32_t>(f.blocks.size())) {}

  void run() {
    barrierAt_.assign(n_, 0);
    bool any = false;
    for (uint32_t b = 0; b < n_; ++b)
      for (const Inst &in : f_.blocks[b].insts)
        if (isCtaBarrier(in) || callWaitsAtBarrier(m_, f_, in)) {
          if (!barrierAt_[b])
            barrierAt_[b] = in.srcOffset + 1; // 0: none
          any = true;
        }
    f_.hasCtaBarrier = any;
    if (!f_.isEntry || !any)
      return;
    findRegions();
    if (!mayLeaveBeforeBarrier())
      return;
    analyse();
    if (problemExit_ == kNoOffset)
      return; // every way out of R is taken by all threads at once
    if (!error_.empty()) {
      // Only loop exits on conditions not proven uniform: most likely every thread leaves
      // those loops together; the kernel stays as it is, and the MSL check (which takes
      // values loaded from uniform addresses as uniform) remains the judge.
      if (!exitOutsideLoops_)
        return;
      // The kernel stays as it was: right on the host backend (which, like NVIDIA hardware,
      // stops counting threads that returned) and on NVIDIA hardware, not valid for Metal.
      warnings_.push_back({errorAt_, fmt::format("kernel '{}': {}; the kernel is translated as it is, which "
                                                 "Metal does not define (a GPU may hang)",
                                                 f_.ptxName, error_)});
      return;
    }
    transform();
  }

private:
  static constexpr uint32_t kNoOffset = UINT32_MAX;

  void findRegions() {
    // Each block's distinct targets, in the order of its terminator's.
    succ_.targets.reserve(2 * static_cast<size_t>(n_));
    for (uint32_t b = 0; b < n_; ++b) {
      const size_t first = succ_.targets.size();
      for (BlockId t : f_.blocks[b].term.targets)
        if (std::find(succ_.targets.begin() + static_cast<ptrdiff_t>(first), succ_.targets.end(), t.index()) ==
            succ_.targets.end())
          succ_.add(t.index());
      succ_.close();
    }
    pred_ = succ_.reversed();
    reachable_.assign(n_, 0);
    std::vector<uint32_t> work{0};
    reachable_[0] = 1;
    while (!work.empty()) {
      uint32_t b = work.back();
      work.pop_back();
      for (uint32_t s : succ_[b])
        if (!reachable_[s]) {
          reachable_[s] = 1;
          work.push_back(s);
        }
    }
    inR_.assign(n_, 0);
    for (uint32_t b = 0; b < n_; ++b)
      if (barrierAt_[b] && reachable_[b]) {
        inR_[b] = 1;
        work.push_back(b);
      }
    while (!work.empty()) {
      uint32_t b = work.back();
      work.pop_back();
      for (uint32_t p : pred_[b])
        if (reachable_[p] && !inR_[p]) {
          inR_[p] = 1;
          work.push_back(p);
        }
    }
  }

  // Some block of R leaves R on one edge and stays on another, or calls something that may
  // end the thread: only then can a thread leave while others still have a barrier ahead.
  bool mayLeaveBeforeBarrier() const {
    for (uint32_t b = 0; b < n_; ++b) {
      if (!inR_[b])
        continue;
      bool toR = false, toD = false;
      for (uint32_t s : succ_[b])
        (inR_[s] ? toR : toD) = true;
      if (toR && toD)
        return true;
      for (const Inst &in : f_.blocks[b].insts)
        if (mayEndThread(m_, in))
          return true;
    }
    return false;
  }

  // What may vary between threads (or between a done thread and the live ones) is found
  // flow-sensitively, registers being reused for unrelated values: a forward analysis over the
  // reachable blocks, to the least fixed point (values only grow from uniform, so it is the
  // same whatever the order of the visits; analyse() continues it from the previous round's).
  //
  // An instruction's result varies when its block is outside R or in a divergent region, when
  // its guard varies, or, unless it is a barrier (bar.red's result is the same in every thread
  // of the CTA), when it is impure or one of its operands varies. A guarded write leaves a
  // varying register varying.
  //
  // Most registers are written by one instruction d (nvcc's virtual registers) and read only
  // where d has certainly run: later in d's block, or in a block that d's block dominates.
  // Wherever such a register is read it holds what d wrote, which varies exactly when d's result
  // varies at the fixed point: a "single" register needs one flag, set once d's result is found
  // to vary (and the blocks that read it are visited again). The others, "tracked" (written more
  // than once, or read where they may still hold their initial zero: a few per cent), keep a
  // bit per block entry, in bitsets of those registers only.

  // The analysis's name for a register (a slot): a tracked register's bit, or kSingle plus the
  // register's index.
  static constexpr uint32_t kSingle = 0x80000000;
  static constexpr uint32_t kNoSlot = UINT32_MAX;
  static constexpr uint32_t kNoLink = UINT32_MAX;
  // Facts of an instruction that hold for the whole analysis.
  static constexpr uint8_t kVaries = 1;  // outside R, impure, or reads a thread's own special register
  static constexpr uint8_t kGuarded = 2; // its writes leave a varying register varying

  // An instruction as the analysis sees it: in slots_ from `reads`, the registers it reads, then
  // from `writes` to the next instruction's `reads`, those it writes.
  struct InstSlots {
    uint32_t reads, writes;
    uint8_t facts;
  };

  // What classifyRegisters needs to know of a register.
  struct RegWrites {
    uint32_t writer = 0; // the instruction of its (last) write
    uint32_t block = 0;  // and that instruction's block
    uint8_t count = 0;   // of its writes, 2: more than one
  };

  // Records what each instruction reads and writes (by register index, renamed to slots once
  // the registers are classified), whether it varies whatever it reads, and who writes each
  // register.
  void collectReadsAndWrites(std::vector<RegWrites> &regs) {
    size_t count = 0;
    for (uint32_t b = 0; b < n_; ++b)
      count += f_.blocks[b].insts.size();
    instBegin_.resize(n_ + 1);
    insts_.resize(count + 1);
    slots_.reserve(3 * count);
    termSlot_.assign(n_, kNoSlot);
    uint32_t k = 0;
    for (uint32_t b = 0; b < n_; ++b) {
      instBegin_[b] = k;
      for (const Inst &in : f_.blocks[b].insts) {
        const uint32_t first = static_cast<uint32_t>(slots_.size());
        const bool writes = writesFirst(in);
        // What the analysis reads: nothing outside R or for an impure instruction (it varies),
        // a barrier's guard, a pure instruction's guard and operands.
        bool varies = !inR_[b];
        if (!varies) {
          if (in.guard != kNone)
            slots_.push_back(in.guard.index());
          // A barrier reads nothing else: bar.red's result is the same in every thread of the CTA.
          if (!isCtaBarrier(in)) {
            varies = !isPure(m_, in);
            for (size_t i = writes ? 1 : 0; i < in.ops.size() && !varies; ++i) {
              const Operand &o = in.ops[i];
              if (o.kind == OperandKind::Special)
                varies = !isUniformSpecial(static_cast<Special>(o.id));
              else
                forEachReg(f_, o, [&](RegId r) { slots_.push_back(r.index()); });
            }
          }
          if (varies)
            slots_.resize(first);
        }
        insts_[k] = {first, static_cast<uint32_t>(slots_.size()),
                     static_cast<uint8_t>((varies ? kVaries : 0) | (in.guard != kNone ? kGuarded : 0))};
        if (writes)
          forEachReg(f_, in.ops[0], [&](RegId r) {
            slots_.push_back(r.index());
            RegWrites &w = regs[r.index()];
            w.writer = k;
            w.block = b;
            w.count = w.count ? 2 : 1;
          });
        ++k;
      }
      if (f_.blocks[b].term.cond != kNone)
        termSlot_[b] = f_.blocks[b].term.cond.index();
    }
    instBegin_[n_] = k;
    insts_[k] = {static_cast<uint32_t>(slots_.size()), static_cast<uint32_t>(slots_.size()), 0};
  }

  // The dominator tree of the reachable blocks.
  void findDominators() {
    dom_.emplace(n_, 0, [&](uint32_t b) { return succ_[b]; }, [&](uint32_t b) { return pred_[b]; });
  }

  // Both blocks reachable.
  bool dominates(uint32_t a, uint32_t b) const { return dom_->dominates(a, b); }

  // Sorts the registers into single and tracked ones, renames the reads and writes to slots,
  // and links each single register to the blocks to visit again when it turns out to vary.
  void classifyRegisters(const std::vector<RegWrites> &regs) {
    const size_t nr = regs.size();
    std::vector<uint8_t> tracked(nr, 0);
    std::vector<uint32_t> lastReader(nr, kNoBlock);
    firstReader_.assign(nr, kNoLink);
    // A read at instruction k of block b (k = instBegin_[b + 1] for the branch condition) of a
    // register written once sees that write wherever the write has certainly run. A register
    // never written, or written only in an unreachable block, stays uniform everywhere.
    auto read = [&](uint32_t r, uint32_t b, uint32_t k) {
      const RegWrites &w = regs[r];
      if (w.count != 1 || !reachable_[w.block])
        return;
      if (w.block == b) {
        tracked[r] |= w.writer >= k;
        return;
      }
      tracked[r] |= !dominates(w.block, b);
      if (lastReader[r] != b) {
        lastReader[r] = b;
        readerLinks_.push_back({b, firstReader_[r]});
        firstReader_[r] = static_cast<uint32_t>(readerLinks_.size() - 1);
      }
    };
    const InstSlots *insts = insts_.data();
    const uint32_t *slots = slots_.data();
    for (uint32_t b = 0; b < n_; ++b) {
      if (!reachable_[b])
        continue;
      // The instructions' reads, then (at k = end) the branch condition's.
      for (uint32_t k = instBegin_[b], end = instBegin_[b + 1]; k <= end; ++k) {
        const uint32_t *first = slots + insts[k].reads, *last = slots + insts[k].writes;
        if (k == end) {
          first = &termSlot_[b];
          last = first + (termSlot_[b] != kNoSlot);
        }
        for (const uint32_t *r = first; r != last; ++r)
          read(*r, b, k);
      }
    }
    // The tracked registers are numbered from 0: those written more than once, and those read
    // where their write may not have run.
    std::vector<uint32_t> slot(nr);
    uint32_t bits = 0;
    for (uint32_t r = 0; r < nr; ++r)
      slot[r] = regs[r].count > 1 || tracked[r] ? bits++ : kSingle | r;
    words_ = (bits + 63) / 64;
    for (uint32_t &r : slots_)
      r = slot[r];
    for (uint32_t &r : termSlot_)
      if (r != kNoSlot)
        r = slot[r];
  }

  // Sets up the analysis, the entry block queued.
  void startVarying() {
    order_ = postorder(succ_, 0);
    std::reverse(order_.begin(), order_.end());
    {
      std::vector<RegWrites> regs(f_.regs.size());
      collectReadsAndWrites(regs);
      findDominators();
      classifyRegisters(regs);
    }
    singleVar_.assign(f_.regs.size(), 0);
    entry_.assign(static_cast<size_t>(n_) * words_, 0);
    state_.assign(words_, 0);
    reached_.assign(n_, 0);
    queued_.assign(n_, 0);
    instVar_.assign(instBegin_[n_], 0);
    termVar_.assign(n_, 0);
    // A branch all of whose targets leave R ends R for every thread: nothing diverges there.
    termMayVary_.assign(n_, 0);
    for (uint32_t b = 0; b < n_; ++b) {
      bool staysInR = false;
      for (uint32_t t : succ_[b])
        staysInR |= inR_[t] != 0;
      termMayVary_[b] = staysInR && succ_[b].size() >= 2;
    }
    reached_[0] = 1; // registers start as zero in every thread
    queued_[0] = 1;
  }

  // Visits the queued blocks (and those their changes reach) until nothing changes: rounds over
  // the blocks in reverse postorder, which reach the fixed point in a few rounds, where a
  // first-in-first-out worklist visits a loop's blocks again for every change that travels
  // around it. Returns whether a branch turned out to vary.
  bool propagateVarying() {
    // Plain pointers: the byte stores below may alias any vector's members.
    const InstSlots *insts = insts_.data();
    const uint32_t *slots = slots_.data();
    const size_t words = words_;
    uint64_t *state = state_.data(), *entry = entry_.data();
    uint8_t *single = singleVar_.data(), *queued = queued_.data(), *reached = reached_.data();
    uint8_t *instVar = instVar_.data();
    auto varying = [&](uint32_t s) -> bool {
      return s & kSingle ? single[s & ~kSingle] != 0 : (state[s >> 6] >> (s & 63)) & 1;
    };
    bool branchChanged = false;
    for (bool again = true; again;) {
      again = false;
      for (uint32_t b : order_) {
        if (!queued[b])
          continue;
        queued[b] = 0;
        std::copy_n(entry + b * words, words, state);
        const bool divergent = inDivergent_[b] != 0;
        for (uint32_t k = instBegin_[b], end = instBegin_[b + 1]; k < end; ++k) {
          const InstSlots &in = insts[k];
          bool v = divergent || (in.facts & kVaries);
          for (uint32_t i = in.reads; !v && i < in.writes; ++i)
            v = varying(slots[i]);
          instVar[k] = v;
          for (uint32_t i = in.writes, writesEnd = insts[k + 1].reads; i < writesEnd; ++i) {
            const uint32_t s = slots[i];
            if (s & kSingle) {
              const uint32_t r = s & ~kSingle;
              if (v && !single[r]) {
                single[r] = 1;
                for (uint32_t l = firstReader_[r]; l != kNoLink; l = readerLinks_[l].next)
                  queued[readerLinks_[l].block] = 1;
                again = true;
              }
            } else if (v) {
              state[s >> 6] |= uint64_t{1} << (s & 63);
            } else if (!(in.facts & kGuarded)) {
              state[s >> 6] &= ~(uint64_t{1} << (s & 63));
            }
          }
        }
        const bool term = termMayVary_[b] && (termSlot_[b] == kNoSlot || varying(termSlot_[b]));
        if (term != (termVar_[b] != 0)) {
          termVar_[b] = term;
          branchChanged = true;
        }
        for (uint32_t s : succ_[b]) {
          bool changed = false;
          uint64_t *into = entry + s * words;
          if (!reached[s]) {
            reached[s] = 1;
            std::copy_n(state, words, into);
            changed = true;
          } else {
            uint64_t grown = 0;
            for (size_t w = 0; w < words; ++w) {
              grown |= state[w] & ~into[w];
              into[w] |= state[w];
            }
            changed = grown != 0;
          }
          if (changed) {
            queued[s] = 1;
            again = true;
          }
        }
      }
    }
    return branchChanged;
  }

  bool instVarying(uint32_t b, size_t i) const { return instVar_[instBegin_[b] + i] != 0; }

  // A branch of R that depends on the thread and keeps some threads in R.
  bool termVarying(uint32_t b) const { return termVar_[b] != 0; }

  // Immediate post-dominators in the graph of R's edges, where the edges that leave R on a
  // uniform branch (every thread leaves there) and R blocks without an R successor lead to a
  // virtual exit, index n_; the edges that leave R on a divergent branch are left out (the
  // threads that take them rejoin as done threads). kNoBlock where a block cannot reach the
  // exit.
  void postDominators() {
    const uint32_t exit = n_;
    Edges rsucc;
    rsucc.targets.reserve(succ_.targets.size() + n_);
    for (uint32_t b = 0; b < n_; ++b) {
      if (inR_[b]) {
        bool leaves = false;
        const uint32_t first = static_cast<uint32_t>(rsucc.targets.size());
        for (uint32_t s : succ_[b])
          if (inR_[s])
            rsucc.add(s);
          else
            leaves = true;
        if (rsucc.targets.size() == first || (leaves && !termVarying(b)))
          rsucc.add(exit);
      }
      rsucc.close();
    }
    rsucc.close(); // the exit
    const Edges rpred = rsucc.reversed();
    // The dominators of the reversed graph, rooted at the exit.
    const cfg::Dominators post(n_ + 1, exit, [&](uint32_t b) { return rpred[b]; },
                               [&](uint32_t b) { return rsucc[b]; });
    ipdom_.resize(n_ + 1);
    for (uint32_t b = 0; b < n_; ++b)
      ipdom_[b] = post.idom(b); // kNoBlock where the exit is out of reach
    ipdom_[exit] = exit;
  }

  std::string where(uint32_t offset) const {
    if (!m_.source)
      return fmt::format("offset {}", offset);
    LineColumn lc = m_.source->lineColumn(offset);
    return fmt::format("{}:{}:{}", m_.source->name(), lc.line, lc.column);
  }

  // The first ret/exit/trap a thread reaches from D block `b` (for diagnostics).
  uint32_t exitOffsetFrom(uint32_t start) const {
    std::vector<uint8_t> seen(n_, 0);
    std::vector<uint32_t> work{start};
    seen[start] = 1;
    for (size_t i = 0; i < work.size(); ++i) {
      const Block &b = f_.blocks[work[i]];
      for (const Inst &in : b.insts)
        if (mayEndThread(m_, in))
          return in.srcOffset;
      if (b.term.kind == TermKind::Return || b.term.kind == TermKind::Exit || b.term.kind == TermKind::Trap)
        return b.term.srcOffset;
      for (uint32_t s : succ_[work[i]])
        if (!seen[s]) {
          seen[s] = 1;
          work.push_back(s);
        }
    }
    return f_.blocks[start].term.srcOffset;
  }

  void fail(uint32_t at, std::string message) {
    if (error_.empty()) {
      errorAt_ = at;
      error_ = std::move(message);
    }
  }

  void analyse() {
    inDivergent_.assign(n_, 0);
    startVarying();
    // What may vary, the post-dominators and the divergent regions depend on each other: grow
    // them to a fixed point. Each round visits again only the blocks that became divergent and
    // what their new values reach; the post-dominators and regions depend on which branches
    // vary, so a round where none turned out to vary makes no block divergent.
    for (bool changed = true, first = true; changed; first = false) {
      changed = false;
      if (!propagateVarying() && !first)
        break;
      postDominators();
      regionBegin_.clear();
      regionEnd_.clear();
      regionPool_.clear();
      regionsHolding_.clear();
      for (uint32_t x = 0; x < n_; ++x) {
        if (!inR_[x] || !termVarying(x))
          continue;
        uint32_t join = ipdom_[x];
        if (join == kNoBlock || join == n_)
          continue; // reported below
        for (uint32_t b : regionOf(x))
          if (!inDivergent_[b]) {
            inDivergent_[b] = 1;
            queued_[b] = 1;
            changed = true;
          }
      }
    }
    // Where threads leave while others stay, and whether that can be kept faithful.
    rejoin_.assign(n_, kNoBlock);
    for (uint32_t x = 0; x < n_; ++x)
      if (inR_[x])
        for (const Inst &in : f_.blocks[x].insts)
          if (mayEndThread(m_, in)) {
            if (problemExit_ == kNoOffset)
              problemExit_ = in.srcOffset;
            exitOutsideLoops_ = true;
          }
    for (uint32_t x = 0; x < n_; ++x) {
      if (!inR_[x] || !termVarying(x))
        continue;
      uint32_t join = ipdom_[x];
      for (uint32_t s : succ_[x])
        if (!inR_[s]) {
          if (problemExit_ == kNoOffset)
            problemExit_ = exitOffsetFrom(s);
          exitOutsideLoops_ |= !inCycleOfR(x);
        }
      const Terminator &t = f_.blocks[x].term;
      if (join == kNoBlock || join == n_) {
        branchFailure_.push_back(x);
        continue;
      }
      for (uint32_t b : regionOf(x)) {
        for (uint32_t s : succ_[b])
          if (!inR_[s]) {
            if (problemExit_ == kNoOffset)
              problemExit_ = exitOffsetFrom(s);
            exitOutsideLoops_ |= !inCycleOfR(b);
          }
        if (barrierAt_[b] && divergentBarrier_ == kNoOffset) {
          divergentBarrier_ = barrierAt_[b] - 1;
          divergentBranch_ = t.srcOffset;
        }
      }
    }
    if (problemExit_ == kNoOffset)
      return;
    std::string exit = where(problemExit_);
    if (divergentBarrier_ != kNoOffset)
      fail(divergentBarrier_,
           fmt::format("threads can leave the kernel before a barrier other threads still reach (exit at {}), "
                       "and this barrier lies under a branch that depends on the thread (at {}): only "
                       "barriers that every remaining thread reaches can be kept in step (Metal requires "
                       "every thread of the threadgroup at each threadgroup_barrier)",
                       exit, where(divergentBranch_)));
    for (uint32_t x : branchFailure_) {
      uint32_t barrier = kNoOffset;
      for (uint32_t s : succ_[x])
        if (inR_[s] && barrier == kNoOffset)
          barrier = firstBarrierFrom(s);
      fail(barrier == kNoOffset ? f_.blocks[x].term.srcOffset : barrier,
           fmt::format("threads can leave the kernel before this barrier (exit at {}), but the branch at {} "
                       "depends on the thread and its paths do not meet again before a barrier (or loop "
                       "with no way out that every thread takes): the threads that left could not be kept "
                       "in step with the others",
                       exit, where(f_.blocks[x].term.srcOffset)));
    }
    for (uint32_t b = 0; b < n_; ++b)
      if (inR_[b])
        for (const Inst &in : f_.blocks[b].insts)
          if (!isCtaBarrier(in) && callWaitsAtBarrier(m_, f_, in))
            fail(in.srcOffset,
                 fmt::format("threads can leave the kernel before a barrier (exit at {}), and this call "
                             "reaches a barrier inside the callee, where the threads that left cannot take part",
                             exit));
    for (uint32_t b = 0; b < n_; ++b)
      if (inR_[b] && !inDivergent_[b])
        for (uint32_t s : succ_[b])
          if (!inR_[s])
            rejoin_[b] = termVarying(b) ? outermostJoin(ipdom_[b], b) : kNoBlock;
    for (uint32_t b = 0; b < n_; ++b)
      if (inDivergent_[b])
        rejoin_[b] = outermostJoin(kNoBlock, b);
    if (error_.empty())
      checkDoneThreadsFinish(exit);
  }

  bool inCycleOfR(uint32_t x) const {
    std::vector<uint8_t> seen(n_, 0);
    std::vector<uint32_t> work;
    for (uint32_t s : succ_[x])
      if (inR_[s] && !seen[s]) {
        seen[s] = 1;
        work.push_back(s);
      }
    while (!work.empty()) {
      uint32_t b = work.back();
      work.pop_back();
      if (b == x)
        return true;
      for (uint32_t s : succ_[b])
        if (inR_[s] && !seen[s]) {
          seen[s] = 1;
          work.push_back(s);
        }
    }
    return false;
  }

  uint32_t firstBarrierFrom(uint32_t start) const {
    std::vector<uint8_t> seen(n_, 0);
    std::vector<uint32_t> work{start};
    seen[start] = 1;
    for (size_t i = 0; i < work.size(); ++i) {
      if (barrierAt_[work[i]])
        return barrierAt_[work[i]] - 1;
      for (uint32_t s : succ_[work[i]])
        if (inR_[s] && !seen[s]) {
          seen[s] = 1;
          work.push_back(s);
        }
    }
    return kNoOffset;
  }

  // Appends to regionPool_ the R blocks between divergent branch x and its join (neither
  // included, unless x is in a loop inside the region), in the order of a breadth-first walk.
  void appendDivergentRegion(uint32_t x, uint32_t join) {
    // A block is seen when its mark is this walk's number: one array for all the walks, not
    // one cleared per walk.
    if (regionMark_.empty())
      regionMark_.assign(n_, 0);
    const uint32_t walk = ++regionWalks_;
    const size_t first = regionPool_.size();
    for (uint32_t s : succ_[x])
      if (inR_[s] && s != join && regionMark_[s] != walk) {
        regionMark_[s] = walk;
        regionPool_.push_back(s);
      }
    for (size_t i = first; i < regionPool_.size(); ++i)
      for (uint32_t s : succ_[regionPool_[i]])
        if (inR_[s] && s != join && regionMark_[s] != walk) {
          regionMark_[s] = walk;
          regionPool_.push_back(s);
        }
  }

  // The divergent region of x (up to its join ipdom(x)), computed once. The span lasts until
  // the next region is computed.
  std::span<const uint32_t> regionOf(uint32_t x) {
    if (regionBegin_.empty()) {
      regionBegin_.assign(n_, kNoRegion);
      regionEnd_.assign(n_, kNoRegion);
    }
    if (regionBegin_[x] == kNoRegion) {
      regionBegin_[x] = static_cast<uint32_t>(regionPool_.size());
      appendDivergentRegion(x, ipdom_[x]);
      regionEnd_[x] = static_cast<uint32_t>(regionPool_.size());
    }
    return {regionPool_.data() + regionBegin_[x], regionPool_.data() + regionEnd_[x]};
  }

  // Where a thread that leaves at block b (inside divergent regions, or at b's own divergent
  // branch with join `join`) meets the done threads again: the join of the outermost region.
  uint32_t outermostJoin(uint32_t join, uint32_t b) {
    // Only the divergent branches whose region holds b can move the join: found through an
    // index of the regions by block, built at the first call (the regions are final by then),
    // rather than by searching every region at every call.
    if (regionsHolding_.empty()) {
      regionsHolding_.resize(n_);
      for (uint32_t x = 0; x < n_; ++x) {
        if (!inR_[x] || !termVarying(x) || ipdom_[x] == kNoBlock || ipdom_[x] == n_)
          continue;
        for (uint32_t y : regionOf(x))
          regionsHolding_[y].push_back(x); // in increasing x
      }
    }
    auto holds = [&](uint32_t x, uint32_t y) {
      const std::vector<uint32_t> &holding = regionsHolding_[y];
      return std::binary_search(holding.begin(), holding.end(), x);
    };
    for (bool moved = true; moved;) {
      moved = false;
      for (uint32_t x : regionsHolding_[b]) {
        bool hasJoin = join == kNoBlock || (join < n_ && holds(x, join));
        if (hasJoin && join != ipdom_[x]) {
          join = ipdom_[x];
          moved = true;
        }
      }
    }
    return join;
  }

  // A done thread follows uniform branches, jumps from a divergent branch to its join and
  // returns where every thread leaves R: from every block it must be able to get out, or the
  // done threads of a CTA whose live threads all left would wait at barriers forever.
  void checkDoneThreadsFinish(const std::string &exit) {
    std::vector<std::vector<uint32_t>> doneSucc(n_);
    std::vector<uint8_t> finishes(n_, 0);
    for (uint32_t b = 0; b < n_; ++b) {
      if (!inR_[b])
        continue;
      if (termVarying(b)) {
        doneSucc[b].push_back(ipdom_[b]);
        continue;
      }
      if (succ_[b].empty())
        finishes[b] = 1;
      for (uint32_t s : succ_[b])
        if (inR_[s])
          doneSucc[b].push_back(s);
        else
          finishes[b] = 1;
    }
    for (bool changed = true; changed;) {
      changed = false;
      for (uint32_t b = 0; b < n_; ++b)
        if (inR_[b] && !finishes[b])
          for (uint32_t s : doneSucc[b])
            if (finishes[s]) {
              finishes[b] = 1;
              changed = true;
              break;
            }
    }
    for (uint32_t b = 0; b < n_; ++b)
      if (inR_[b] && !finishes[b] && reachable_[b]) {
        uint32_t barrier = firstBarrierFrom(b);
        fail(barrier == kNoOffset ? f_.blocks[b].term.srcOffset : barrier,
             fmt::format("threads can leave the kernel inside a loop with this barrier (exit at {}), and no "
                         "way out of the loop is taken by every thread at once: the threads that left could "
                         "not be kept in step once all the others had left too",
                         exit));
        return;
      }
  }

  uint32_t newBlock(std::string label) {
    f_.blocks.push_back(Block{});
    f_.blocks.back().label = std::move(label);
    return static_cast<uint32_t>(f_.blocks.size() - 1);
  }

  Inst markDone(const Inst &from) const {
    return predInst(Opcode::Mov, from, {Operand::reg(done_), Operand::imm(1)});
  }

  Operand notDone() const {
    Operand o = Operand::reg(done_);
    o.negated = true;
    return o;
  }

  // The uniform registers done threads need: the conditions of the uniform branches of R and
  // what they are computed from.
  void findNeeded() {
    needed_.assign(f_.regs.size(), 0);
    std::vector<RegId> work;
    auto need = [&](RegId r) {
      if (r != kNone && !needed_[r.index()]) {
        needed_[r.index()] = 1;
        work.push_back(r);
      }
    };
    std::vector<std::vector<const Inst *>> defs(f_.regs.size());
    for (uint32_t b = 0; b < n_; ++b) {
      if (!inR_[b])
        continue;
      if (!termVarying(b) && succ_[b].size() > 1)
        need(f_.blocks[b].term.cond);
      for (size_t i = 0; i < f_.blocks[b].insts.size(); ++i) {
        const Inst &in = f_.blocks[b].insts[i];
        if (writesFirst(in) && !instVarying(b, i))
          forEachReg(f_, in.ops[0], [&](RegId r) { defs[r.index()].push_back(&in); });
      }
    }
    while (!work.empty()) {
      RegId r = work.back();
      work.pop_back();
      for (const Inst *in : defs[r.index()]) {
        need(in->guard);
        for (size_t i = 1; i < in->ops.size(); ++i)
          forEachReg(f_, in->ops[i], need);
      }
    }
  }

  // Whether every thread, done or not, runs `in` (block b of R): barriers, and the uniform
  // computations done threads need.
  bool runsInDoneThreads(uint32_t b, size_t i, const Inst &in) const {
    if (isCtaBarrier(in))
      return true;
    if (!writesFirst(in) || instVarying(b, i))
      return false;
    bool needed = false;
    forEachReg(f_, in.ops[0], [&](RegId r) { needed |= needed_[r.index()] != 0; });
    return needed;
  }

  // Block b of R becomes a chain: what every thread runs, then `if (!done)` the run of
  // instructions only live threads run, and so on; a call that may end the thread closes a
  // run (the test after it skips the rest for a thread it ended). The last piece keeps b's
  // terminator.
  void segmentBlock(uint32_t b) {
    std::vector<Inst> insts = std::move(f_.blocks[b].insts);
    f_.blocks[b].insts.clear();
    Terminator term = f_.blocks[b].term;
    uint32_t current = b; // the piece every thread runs
    size_t i = 0;
    std::string label = f_.blocks[b].label;
    while (i < insts.size()) {
      Inst &in = insts[i];
      if (runsInDoneThreads(b, i, in)) {
        if (isCtaBarrier(in) && in.has(Modifier::Red)) {
          // A done thread votes the neutral value: false for popc and or, true for and.
          RegId t = newTemp(f_, Type::Pred);
          Operand vote = in.ops[2];
          if (in.has(Modifier::And))
            f_.blocks[current].insts.push_back(predInst(Opcode::Or, in, {Operand::reg(t), vote, Operand::reg(done_)}));
          else
            f_.blocks[current].insts.push_back(predInst(Opcode::And, in, {Operand::reg(t), vote, notDone()}));
          in.ops[2] = Operand::reg(t);
        }
        f_.blocks[current].insts.push_back(std::move(in));
        ++i;
        continue;
      }
      uint32_t run = newBlock(label + "_live");
      uint32_t next = newBlock(label + "_all");
      while (i < insts.size() && !runsInDoneThreads(b, i, insts[i])) {
        bool ends = mayEndThread(m_, insts[i]);
        f_.blocks[run].insts.push_back(std::move(insts[i++]));
        if (ends)
          break;
      }
      uint32_t srcOffset = f_.blocks[run].insts.front().srcOffset;
      f_.blocks[current].term = Terminator{TermKind::Branch, done_, false, {BlockId(next), BlockId(run)}, srcOffset};
      f_.blocks[run].term = Terminator{TermKind::Goto, kNone, false, {BlockId(next)}, srcOffset};
      current = next;
    }
    f_.blocks[current].term = std::move(term);
  }

  // Splits the blocks of a copy of D after each call that may end the thread: a thread ended
  // there (done set by the emitter) goes to `leave`.
  void splitAfterEndingCalls(uint32_t b, uint32_t leave) {
    for (;;) {
      std::vector<Inst> &insts = f_.blocks[b].insts;
      size_t at = insts.size();
      for (size_t i = 0; i < insts.size(); ++i)
        if (mayEndThread(m_, insts[i])) {
          at = i;
          break;
        }
      if (at == insts.size())
        return;
      uint32_t rest = newBlock(f_.blocks[b].label + "_continued");
      Block &from = f_.blocks[b];
      Block &to = f_.blocks[rest];
      to.insts.assign(std::make_move_iterator(from.insts.begin() + static_cast<ptrdiff_t>(at) + 1),
                      std::make_move_iterator(from.insts.end()));
      from.insts.resize(at + 1);
      to.term = from.term;
      from.term = Terminator{TermKind::Branch, done_, false, {BlockId(leave), BlockId(rest)}, from.term.srcOffset};
      b = rest;
    }
  }

  // A copy of the D blocks reachable from `start` for threads that leave and then rejoin at
  // `join` as done threads: each ret/exit/trap marks the thread done and jumps to `join`.
  uint32_t cloneForRejoin(uint32_t start, uint32_t join) {
    auto key = std::make_pair(start, join);
    for (const auto &[k, v] : clones_)
      if (k == key)
        return v;
    std::vector<uint32_t> originals{start};
    std::vector<uint32_t> copyOf(n_, kNoBlock);
    copyOf[start] = newBlock(f_.blocks[start].label + "_leaving");
    for (size_t i = 0; i < originals.size(); ++i)
      for (uint32_t s : succ_[originals[i]])
        if (copyOf[s] == kNoBlock) {
          copyOf[s] = newBlock(f_.blocks[s].label + "_leaving");
          originals.push_back(s);
        }
    for (uint32_t o : originals) {
      Block copy = f_.blocks[o];
      copy.label = f_.blocks[copyOf[o]].label;
      for (BlockId &t : copy.term.targets)
        t = BlockId(copyOf[t.index()]);
      TermKind kind = copy.term.kind;
      if (kind == TermKind::Return || kind == TermKind::Exit || kind == TermKind::Trap) {
        Inst marker;
        marker.srcOffset = copy.term.srcOffset;
        if (kind == TermKind::Trap) {
          Inst trap;
          trap.opcode = Opcode::Trap;
          trap.srcOffset = copy.term.srcOffset;
          copy.insts.push_back(trap); // the launch fails; the thread (marked done) stays
        } else {
          copy.insts.push_back(markDone(marker));
        }
        copy.term = Terminator{TermKind::Goto, kNone, false, {BlockId(join)}, copy.term.srcOffset};
      }
      f_.blocks[copyOf[o]] = std::move(copy);
    }
    for (uint32_t o : originals)
      splitAfterEndingCalls(copyOf[o], join);
    clones_.push_back({key, copyOf[start]});
    return copyOf[start];
  }

  // Live threads go on to `target`, done threads to `done`.
  uint32_t liveOrDone(uint32_t target, uint32_t done, uint32_t srcOffset) {
    uint32_t b = newBlock(f_.blocks[target].label + "_if_live");
    f_.blocks[b].term = Terminator{TermKind::Branch, done_, false, {BlockId(done), BlockId(target)}, srcOffset};
    return b;
  }

  void transform() {
    // Registers start false (the emitter initializes them): every thread starts live.
    done_ = newTemp(f_, Type::Pred);
    f_.doneFlag = done_;
    uint32_t finish = newBlock("p2m_done_threads_return");
    f_.blocks[finish].term = Terminator{TermKind::Return, kNone, false, {}, f_.srcOffset};
    // Calls in the original D blocks: a thread the callee ended returns (no barrier ahead).
    for (uint32_t b = 0; b < n_; ++b)
      if (reachable_[b] && !inR_[b])
        splitAfterEndingCalls(b, finish);
    for (uint32_t b = 0; b < n_; ++b) {
      if (!inR_[b])
        continue;
      bool leaves = false;
      for (uint32_t s : succ_[b])
        leaves |= !inR_[s];
      uint32_t srcOffset = f_.blocks[b].term.srcOffset;
      if (leaves) {
        // Threads that leave here: all at once (done threads return), or some of them (they
        // run the code on their way out, then rejoin as done threads).
        std::vector<std::pair<uint32_t, uint32_t>> redirect; // original target, replacement
        for (uint32_t s : succ_[b]) {
          if (inR_[s])
            continue;
          uint32_t join = rejoin_[b];
          uint32_t target = join == kNoBlock ? s : cloneForRejoin(s, join);
          // After a divergent branch only live threads get here (done ones went to the join).
          if (termVarying(b))
            redirect.push_back({s, target});
          else
            redirect.push_back({s, liveOrDone(target, join == kNoBlock ? finish : join, srcOffset)});
        }
        for (BlockId &t : f_.blocks[b].term.targets)
          for (const auto &[from, to] : redirect)
            if (t.index() == from) {
              t = BlockId(to);
              break;
            }
      }
      if (termVarying(b)) {
        // Done threads go straight to the join; the branch itself is for the live ones.
        uint32_t branch = newBlock(f_.blocks[b].label + "_divergent");
        f_.blocks[branch].term = f_.blocks[b].term;
        f_.blocks[b].term = Terminator{TermKind::Branch, done_, false, {BlockId(ipdom_[b]), BlockId(branch)}, srcOffset};
      }
    }
    findNeeded();
    for (uint32_t b = 0; b < n_; ++b)
      if (inR_[b])
        segmentBlock(b);
  }

  Module &m_;
  Function &f_;
  std::vector<Warning> &warnings_;
  const uint32_t n_; // the blocks before the pass adds any
  std::vector<uint32_t> barrierAt_; // srcOffset + 1 of the block's first barrier, 0: none
  Edges succ_, pred_; // between the original blocks
  std::vector<uint8_t> reachable_, inR_, inDivergent_;
  // The analysis of what may vary (startVarying, propagateVarying).
  std::vector<uint32_t> order_;     // the reachable blocks in reverse postorder
  std::vector<uint32_t> instBegin_; // block b's instructions are numbered from instBegin_[b]
  std::vector<InstSlots> insts_;    // per instruction, and an end marker
  std::vector<uint32_t> slots_;
  std::vector<uint32_t> termSlot_;  // the branch condition's slot; kNoSlot: none
  std::optional<cfg::Dominators> dom_; // of the reachable blocks
  // Per single register, the blocks other than its writer's that read it: a list through
  // readerLinks_ from firstReader_.
  struct ReaderLink {
    uint32_t block, next;
  };
  std::vector<uint32_t> firstReader_;
  std::vector<ReaderLink> readerLinks_;
  size_t words_ = 0;                // of the tracked registers' bitsets
  std::vector<uint64_t> entry_;     // the entry states, block b's at b * words_
  std::vector<uint64_t> state_;     // the state within the block being visited
  std::vector<uint8_t> singleVar_;  // per single register
  std::vector<uint8_t> reached_, queued_, termMayVary_;
  std::vector<uint8_t> instVar_;    // per instruction: its result may vary
  std::vector<uint8_t> termVar_;    // per block: termVarying
  std::vector<uint32_t> ipdom_, rejoin_;
  std::vector<uint32_t> branchFailure_;
  // The divergent regions computed so far: x's in regionPool_ from regionBegin_[x] to
  // regionEnd_[x] (kNoRegion: not yet computed).
  static constexpr uint32_t kNoRegion = UINT32_MAX;
  std::vector<uint32_t> regionBegin_, regionEnd_, regionPool_;
  std::vector<uint32_t> regionMark_; // appendDivergentRegion's seen marks
  uint32_t regionWalks_ = 0;
  // Per block, the branches x (increasing) whose regionOf(x) holds it; outermostJoin's index.
  std::vector<std::vector<uint32_t>> regionsHolding_;
  // Whether a thread may leave R other than by leaving a loop on a condition the analysis
  // could not prove uniform (a loop counter kept in local memory, unoptimised code).
  bool exitOutsideLoops_ = false;
  uint32_t problemExit_ = kNoOffset, divergentBarrier_ = kNoOffset, divergentBranch_ = kNoOffset;
  uint32_t errorAt_ = 0;
  std::string error_;
  RegId done_ = kNone;
  std::vector<uint8_t> needed_; // uniform registers done threads compute (findNeeded)
  std::vector<std::pair<std::pair<uint32_t, uint32_t>, uint32_t>> clones_;
};

} // namespace

void keepExitedThreadsAtBarriers(PassContext &ctx) {
  forEachFunction(ctx, [&](Function &f) { Keeper(ctx.module, f, ctx.warnings).run(); });
}

} // namespace p2m::passes
