// lower-atomics: atom and red call the helpers of emitters/msl/support/atomic_ops.h, named
// p2m_atom_{space}_OP_TYPE (the emitter fills in global/shared, or dispatches a generic address
// at run time). Metal's atomics are relaxed, so .acquire/.release/.acq_rel add fences around
// the operation. Metal has no 64-bit atomics beyond u64 min/max without a result: red.add.u64
// (exact from 32-bit halves with carry) and red.min/max.u64 on global memory are lowered, and
// so is an atom of those forms whose result is never read (nvcc writes `atom.shared.add.u64`
// for an atomicAdd whose value is unused); every other 64-bit or f64 atomic is a diagnostic,
// never an approximation.
#include "passes/LowerUtil.h"

#include <fmt/format.h>

#include <algorithm>

namespace p2m::passes {

using namespace ir;
using ptx::Modifier;
using ptx::Opcode;

namespace {

std::string opName(const Inst &in) {
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

Inst fenceCall(Module &m, const Inst &in) {
  const char *name = in.has(Modifier::Cta) ? "p2m_fence_cta" : in.has(Modifier::Sys) ? "p2m_fence_sys" : "p2m_fence_gpu";
  Inst c = makeCall(m, in, name, Type::None, Operand{}, {}, {});
  c.space = Space::Global;
  return c;
}

} // namespace

void lowerAtomics(PassContext &ctx) {
  Module &m = ctx.module;
  forEachFunction(ctx, [&](Function &f) {
    std::vector<uint32_t> mentions; // counted on the first 64-bit atom
    auto resultUnread = [&](const Inst &in) {
      if (mentions.empty())
        mentions = countRegisterMentions(f);
      return in.ops[0].isReg() && mentions[in.ops[0].id] == 1;
    };
    auto needs = [](const Inst &in) { return in.isPtx(Opcode::Atom) || in.isPtx(Opcode::Red); };
    rewriteBlocks(f, needs, [&](Inst &in, std::vector<Inst> &out) {
      bool isAtom = in.isPtx(Opcode::Atom), isRed = in.isPtx(Opcode::Red);
      if (!isAtom && !isRed) {
        out.push_back(std::move(in));
        return true;
      }
      std::string op = opName(in);
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
      std::string name;
      if (bitWidth(t) == 64) {
        f.features |= kFeatureAtomic64;
        if (isAtom && resultUnread(in)) {
          // Only the memory effect is left: the reduction form (same arguments).
          isAtom = false;
          isRed = true;
        }
        bool unsignedOrBits = t == Type::U64 || t == Type::B64;
        if (isRed && op == "add" && (unsignedOrBits || t == Type::S64))
          name = "p2m_red_{}_add_u64";
        else if (isRed && (op == "min" || op == "max") && t == Type::U64 && in.space == Space::Global)
          name = "p2m_red_global_" + op + "_u64";
        else {
          markUnsupported(f, in.srcOffset,
                          fmt::format("{}.{}.{}: Metal has no 64-bit atomics that can implement it exactly",
                                      isAtom ? "atom" : "red", op, spelling(t)));
          return false;
        }
        types.assign(args.size(), Type::U64);
      } else {
        std::string noftz = in.has(Modifier::Noftz) ? "_noftz" : "";
        name = fmt::format("p2m_atom_{{}}_{}{}_{}", op, noftz, ts);
      }
      bool acquire = in.has(Modifier::Acquire) || in.has(Modifier::Acq_rel);
      bool release = in.has(Modifier::Release) || in.has(Modifier::Acq_rel);
      if ((acquire || release) && ctx.options.mslVersion < 320) {
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
