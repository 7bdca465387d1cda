// lower-atomics: atom and red call the helpers of emitters/msl/support/atomic_ops.h, named
// p2m_atom_{space}_OP_TYPE (the emitter fills in global/shared, or dispatches a generic address
// at run time). Metal's atomics are relaxed, so .acquire/.release/.acq_rel add fences around
// the operation. Metal has no 64-bit atomics beyond u64 min/max without a result, so every
// 64-bit and f64 atom and red goes through the striped lock table of DESIGN.md
// (p2m_atom64_* in atomic_ops.h, MSL 3.2 for its fences); a form without an exact lowering is a
// diagnostic, never an approximation. mbarrier objects in shared memory are built from 32-bit
// atomics too.
#include "passes/LowerUtil.h"

#include <fmt/format.h>

#include <algorithm>

namespace p2m::passes {

using namespace ir;
using ptx::Modifier;
using ptx::Opcode;

std::string atomicOpName(const Inst &in) {
  for (Modifier m : in.modifiers)
    switch (m) {
    case Modifier::Add: case Modifier::Inc: case Modifier::Dec: case Modifier::Min:
    case Modifier::Max: case Modifier::And: case Modifier::Or: case Modifier::Xor:
    case Modifier::Exch: case Modifier::Cas:
      return std::string(ptx::spelling(m));
    default:
      break;
    }
  return {};
}

std::string noExact64BitAtomic(const Inst &in) {
  return fmt::format("{}.{}.{}: Metal has no 64-bit atomics that can implement it exactly",
                     in.opcode == Opcode::Atom ? "atom" : "red", atomicOpName(in), spelling(in.type));
}

namespace {

Inst fenceCall(Module &m, const Inst &in) {
  Helper fence = in.has(Modifier::Cta) ? Helper::FenceCta : in.has(Modifier::Sys) ? Helper::FenceSys : Helper::FenceGpu;
  Inst c = makeCall(m, in, m.internHelper(fence), Type::None, Operand{}, {}, {});
  c.space = Space::Global;
  return c;
}

// mbarrier and cp.async.mbarrier.arrive on a shared-memory mbarrier object (atomic_ops.h):
// appends the replacement to `out`, or marks `f` unsupported and returns false.
// .cluster scope and .shared::cluster addresses are those of a cluster of one CTA (a launch here
// is one; the IR builder admits .shared::cluster only where it means the own CTA's shared
// memory), so they are the CTA's.
bool lowerMbarrier(PassContext &ctx, Function &f, Inst &in, std::vector<Inst> &out) {
  Module &m = ctx.module;
  auto refuse = [&](const char *why) {
    markUnsupported(f, in.srcOffset, why);
    return false;
  };
  if (!helperAvailable(Helper::MbarrierArrive, ctx.options.target.mslVersionNumber()))
    return refuse("mbarrier needs atomic_thread_fence, MSL 3.2 or later");
  auto address = std::find_if(in.ops.begin(), in.ops.end(), [](const Operand &o) { return o.address; });
  if (in.has(Modifier::Pending_count))
    address = in.ops.end(); // reads only the state token
  else if (address == in.ops.end() || in.space != Space::Shared)
    return refuse("mbarrier on an address not proven to be in shared memory is not supported");
  Operand bar = address == in.ops.end() ? Operand{} : *address;
  auto count = [&](size_t i) { return i < in.ops.size() ? in.ops[i] : Operand::imm(1); };
  auto result = [&](const Operand &d) { return d.kind == OperandKind::Reg ? d : Operand{}; };
  auto call = [&](Helper h, Type t, Operand d, std::vector<Operand> args) {
    std::vector<Type> types(args.size(), Type::U32);
    out.push_back(makeCall(m, in, m.internHelper(h), t, d, std::move(args), std::move(types)));
  };
  if (in.isPtx(Opcode::Cp)) {
    // The copies are synchronous, so their completion is now: .noinc arrives once; without it
    // the pending count is raised by one and lowered again, which changes nothing.
    if (in.has(Modifier::Noinc))
      call(Helper::MbarrierArrive, Type::B64, Operand{}, {bar, Operand::imm(1)});
    return true;
  }
  if (in.has(Modifier::Init))
    call(Helper::MbarrierInit, Type::None, Operand{}, {bar, count(1)});
  else if (in.has(Modifier::Inval))
    return true; // the object's memory may be reused: nothing to undo
  else if (in.has(Modifier::Test_wait) || in.has(Modifier::Try_wait))
    // try_wait may return false before its time limit: it returns at once, like test_wait.
    out.push_back(makeCall(m, in, m.internHelper(in.has(Modifier::Parity) ? Helper::MbarrierTestWaitParity : Helper::MbarrierTestWait),
                           Type::Pred, in.ops[0], {bar, in.ops[2]},
                           {Type::U32, in.has(Modifier::Parity) ? Type::U32 : Type::B64}));
  else if (in.has(Modifier::Pending_count))
    out.push_back(makeCall(m, in, m.internHelper(Helper::MbarrierPendingCount), Type::U32, in.ops[0], {in.ops[1]}, {Type::B64}));
  else if (in.has(Modifier::Arrive_drop)) {
    // arrive_drop.expect_tx d, [bar], tx: expect-tx, then arrive_drop with a count of one.
    if (in.has(Modifier::Expect_tx)) {
      call(Helper::MbarrierExpectTx, Type::None, Operand{}, {bar, in.ops[2]});
      call(Helper::MbarrierArriveDrop, Type::B64, result(in.ops[0]), {bar, Operand::imm(1)});
    } else {
      call(Helper::MbarrierArriveDrop, Type::B64, result(in.ops[0]), {bar, count(2)});
    }
  } else if (in.has(Modifier::Arrive) && in.has(Modifier::Expect_tx))
    call(Helper::MbarrierArriveExpectTx, Type::B64, result(in.ops[0]), {bar, in.ops[2], Operand::imm(1)});
  else if (in.has(Modifier::Arrive)) // .noComplete too: completing the phase would be undefined
    call(Helper::MbarrierArrive, Type::B64, result(in.ops[0]), {bar, count(2)});
  else if (in.has(Modifier::Expect_tx))
    call(Helper::MbarrierExpectTx, Type::None, Operand{}, {bar, in.ops[1]});
  else if (in.has(Modifier::Complete_tx))
    call(Helper::MbarrierCompleteTx, Type::None, Operand{}, {bar, in.ops[1]});
  else
    return refuse("this mbarrier form is not supported yet");
  f.features |= kFeatureAtomics;
  return true;
}

// cp.async.bulk{.shared::cta,.shared::cluster}.{global,shared::cta}.mbarrier::complete_tx::bytes
// [dst], [src], size, [bar] (and cp.async.bulk.tensor's [box], map, {c}, [bar], whose size the
// tensor map holds): the copy is made at issue (the emitter's cp.async.bulk, kept with
// its first three operands), then its complete-tx of `size` bytes on the mbarrier. Completing
// at once is one of the behaviours PTX allows: the copy's writes are only guaranteed visible
// to threads that observe the completion of the mbarrier's phase, which needs this complete-tx.
bool lowerBulkCopyToMbarrier(PassContext &ctx, Function &f, Inst &in, std::vector<Inst> &out) {
  Module &m = ctx.module;
  if (in.has(Modifier::Multicast_cluster)) {
    markUnsupported(f, in.srcOffset, "cp.async.bulk with .multicast::cluster needs a thread-block cluster, "
                                     "which is not supported yet");
    return false;
  }
  if (in.ops.size() < 4 || !in.ops[3].address) {
    markUnsupported(f, in.srcOffset, "expected cp.async.bulk [dst], [src], size, [mbar]");
    return false;
  }
  if (!helperAvailable(Helper::MbarrierCompleteTx, ctx.options.target.mslVersionNumber())) {
    markUnsupported(f, in.srcOffset, "mbarrier needs atomic_thread_fence, MSL 3.2 or later");
    return false;
  }
  Operand bar = in.ops[3], size = in.ops[2];
  if (in.has(Modifier::Tensor)) {
    // [box], map, {c}, [bar]: the box's bytes, outside parts included, are the map's to say.
    size = Operand::reg(newTemp(f, Type::U32));
    out.push_back(makeCall(m, in, m.internHelper(Helper::TensorBoxBytes), Type::U32, size,
                           {Operand::helperContext(), in.ops[1]}, {Type::None, Type::U64}));
  }
  Inst copy = in;
  copy.ops.erase(copy.ops.begin() + 3, copy.ops.end()); // the cache policy goes with the mbarrier
  copy.modifiers.erase(std::remove(copy.modifiers.begin(), copy.modifiers.end(), Modifier::Mbarrier_complete_tx_bytes),
                       copy.modifiers.end());
  copy.modifiers.erase(std::remove(copy.modifiers.begin(), copy.modifiers.end(), Modifier::L2_cache_hint),
                       copy.modifiers.end());
  out.push_back(std::move(copy));
  Inst complete = makeCall(m, in, m.internHelper(Helper::MbarrierCompleteTx), Type::None, Operand{}, {bar, size},
                           {Type::U32, Type::U32});
  complete.space = Space::Shared; // the mbarrier operand's, whatever the copy's spaces
  out.push_back(std::move(complete));
  f.features |= kFeatureAtomics;
  return true;
}

} // namespace

void lowerAtomics(PassContext &ctx) {
  Module &m = ctx.module;
  forEachFunction(ctx, [&](Function &f) {
    auto isMbarrier = [](const Inst &in) {
      return in.isPtx(Opcode::Mbarrier) || (in.isPtx(Opcode::Cp) && in.has(Modifier::Mbarrier));
    };
    auto isBulkCopyToMbarrier = [](const Inst &in) {
      return in.isPtx(Opcode::Cp) && in.has(Modifier::Bulk) && in.has(Modifier::Mbarrier_complete_tx_bytes) &&
             !in.has(Modifier::Reduce);
    };
    auto needs = [&](const Inst &in) {
      return in.isPtx(Opcode::Atom) || in.isPtx(Opcode::Red) || isMbarrier(in) || isBulkCopyToMbarrier(in);
    };
    rewriteBlocks(f, needs, [&](Inst &in, std::vector<Inst> &out) {
      if (isMbarrier(in))
        return lowerMbarrier(ctx, f, in, out);
      if (isBulkCopyToMbarrier(in))
        return lowerBulkCopyToMbarrier(ctx, f, in, out);
      bool isAtom = in.isPtx(Opcode::Atom), isRed = in.isPtx(Opcode::Red);
      if (!isAtom && !isRed) {
        out.push_back(std::move(in));
        return true;
      }
      std::string op = atomicOpName(in);
      Type t = in.type;
      if (in.vector != 1 || op.empty() || t == Type::None) {
        markUnsupported(f, in.srcOffset, "this atomic form is not supported yet");
        return false;
      }
      if (in.space != Space::Global && in.space != Space::Shared && in.space != Space::Generic) {
        markUnsupported(f, in.srcOffset, "atomics in this state space are not supported");
        return false;
      }
      f.features |= kFeatureAtomics;
      size_t addrIndex = isAtom ? 1 : 0;
      std::vector<Operand> args(in.ops.begin() + static_cast<long>(addrIndex), in.ops.end());
      std::vector<Type> types(args.size(), t);
      std::string ts(spelling(t));
      if (op == "and" || op == "or" || op == "xor" || op == "exch" || op == "cas")
        ts = "b" + std::to_string(bitWidth(t));
      uint32_t name = kNone;
      if (bitWidth(t) == 64) {
        // Every 64-bit atom and red takes the lock of its word's stripe (atomic_ops.h), the
        // forms Metal could do lock-free too: a lock-free update racing with a locked one on
        // the same word would be lost.
        f.features |= kFeatureAtomic64;
        if (!helperAvailable(Helper::Atom64, ctx.options.target.mslVersionNumber())) {
          markUnsupported(f, in.srcOffset, noExact64BitAtomic(in) + " before MSL 3.2 (its lock table needs "
                                                                   "atomic_thread_fence)");
          return false;
        }
        std::string kind;
        if (op == "add")
          kind = t == Type::F64 ? "add_f64" : "add_u64";
        else if (op == "min" || op == "max")
          kind = op + (t == Type::S64 ? "_s64" : t == Type::U64 ? "_u64" : "");
        else if (op == "and" || op == "or" || op == "xor" || op == "exch" || op == "cas")
          kind = op + "_b64";
        if (kind.empty() || kind == "min" || kind == "max" || (t == Type::F64 && op != "add" && op != "exch" && op != "cas") ||
            (t == Type::F64 && ctx.options.target.fp64 != Fp64Mode::Ieee)) {
          markUnsupported(f, in.srcOffset, noExact64BitAtomic(in));
          return false;
        }
        name = m.internHelper(Helper::Atom64, {kind});
        args.insert(args.begin(), Operand::helperContext()); // ctx: the lock table's address
        types.assign(args.size(), Type::U64);
      } else {
        std::string noftz = in.has(Modifier::Noftz) ? "_noftz" : "";
        name = m.internHelper(Helper::Atom, {op + noftz, ts});
      }
      bool acquire = in.has(Modifier::Acquire) || in.has(Modifier::Acq_rel);
      bool release = in.has(Modifier::Release) || in.has(Modifier::Acq_rel);
      if ((acquire || release) && !helperAvailable(Helper::FenceGpu, ctx.options.target.mslVersionNumber())) {
        markUnsupported(f, in.srcOffset, "atomics with acquire/release semantics need "
                                         "atomic_thread_fence, MSL 3.2 or later");
        return false;
      }
      if (release)
        out.push_back(fenceCall(m, in));
      Operand dst = isAtom ? in.ops[0] : Operand{};
      out.push_back(makeCall(m, in, name, isAtom ? t : Type::None, dst, args, types));
      if (acquire)
        out.push_back(fenceCall(m, in));
      return true;
    });
  });
}

} // namespace p2m::passes
