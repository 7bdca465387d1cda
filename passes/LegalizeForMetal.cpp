// legalize-for-metal: the whole-module facts Metal needs before emission.
//  * Instruction families with no lowering yet (tensor cores, textures, surfaces, multimem,
//    clusters, ...) make their function unsupported with a located "not supported yet".
//  * The call graph: recursion (MSL has none) and calls to untranslatable or body-less functions
//    make the caller unsupported (callees are lowered first, so this is transitive); a cycle is
//    located at the call that closes it. An indirect call's candidates count as callees.
//    Body-less CUDA device-runtime functions (ir/DeviceRuntime.h) are fine with CUDA's signature.
//  * Layout: .global/.const variables in the module's two segments (module step); static
//    .shared variables at fixed offsets of each kernel's threadgroup window (those a .func
//    names at module-wide offsets, then the kernel's own), the dynamic area after them; each
//    function's .local frame above its callees' frames in the per-thread local window.
#include "passes/Pass.h"

#include "ir/DeviceRuntime.h"

#include <algorithm>
#include <fmt/format.h>

namespace p2m::passes {

using namespace ir;
using ptx::Opcode;

namespace {

// PTX's barriers 0..15 (P2M_NAMED_BARRIERS in emitters/msl/support/atomic_ops.h).
constexpr uint64_t kNamedBarriers = 16;

uint64_t alignUp(uint64_t v, uint64_t a) { return a ? (v + a - 1) / a * a : v; }

// Module step: the .global and .const segments.
void layoutSegments(Module &m) {
  for (Symbol &s : m.symbols) {
    if (s.kind != SymbolKind::Variable || s.owner != kNone)
      continue;
    if (s.space == Space::Global) {
      m.globalBytes = alignUp(m.globalBytes, s.align);
      s.offset = m.globalBytes;
      m.globalBytes += s.size;
    } else if (s.space == Space::Const) {
      m.constBytes = alignUp(m.constBytes, s.align);
      s.offset = m.constBytes;
      m.constBytes += s.size;
    }
  }
}

// Where the code first calls a callee (f.callees[i] at sites[i]), for diagnostics.
struct CallSite {
  uint32_t srcOffset = 0;
  bool indirect = false; // a candidate of an indirect call
};

// Families without a lowering, bar.red, the symbols the code names: callees (direct targets
// and the candidates of indirect calls; taking a function's address calls nothing) and static
// shared variables.
std::vector<CallSite> scanInstructions(Module &m, Function &f) {
  std::vector<CallSite> sites;
  for (Block &b : f.blocks) {
    if (b.term.kind == TermKind::Trap || (b.term.kind == TermKind::Exit && !f.isEntry))
      f.mayEndThread = true;
    for (Inst &in : b.insts) {
      if (mayOrderDeviceMemory(in) && ordersDeviceMemory(m, in))
        f.features |= kFeatureDeviceOrdering;
      if (const char *why = in.irop == IrOp::Ptx ? unsupportedFamily(in.opcode) : nullptr) {
        markUnsupported(f, in.srcOffset, fmt::format("{}: {}", ptx::spelling(in.opcode), why));
        return sites;
      }
      if (in.isPtx(Opcode::Bar) || in.isPtx(Opcode::Barrier)) {
        bool red = in.has(ptx::Modifier::Red);
        f.usesBarRed |= red;
        // A thread count (bar.red's fourth operand), or an arrival: a named barrier.
        if (in.has(ptx::Modifier::Arrive) || in.ops.size() > (red ? 3u : 1u))
          f.usesNamedBarriers = true;
      }
      bool indirect = in.isPtx(Opcode::Call) && in.ops.size() > 1 && in.ops[1].isReg();
      if (indirect)
        f.mayEndThread = true; // a value that is none of its candidates traps
      // Of a symbol operand (the test for one is left to the loop below, where it stays inline:
      // few operands are symbols).
      auto visit = [&](const Operand &x) {
        const Symbol &s = m.symbol(x.symId());
        if (s.unsupported)
          markUnsupported(f, in.srcOffset, s.unsupported->message);
        if (s.kind == SymbolKind::Function) {
          if (in.irop != IrOp::AddressOf &&
              std::find(f.callees.begin(), f.callees.end(), s.function) == f.callees.end()) {
            f.callees.push_back(s.function);
            sites.push_back({in.srcOffset, indirect});
          }
        } else if (s.space == Space::Shared && s.kind == SymbolKind::Variable &&
                   std::find(f.sharedUsed.begin(), f.sharedUsed.end(), x.symId()) == f.sharedUsed.end()) {
          f.sharedUsed.push_back(x.symId());
        }
      };
      for (const Operand &o : in.ops) {
        if (o.kind == OperandKind::Vector) {
          for (int64_t k = 0; k < o.value; ++k)
            if (const Operand &element = f.vectorElements[o.id + static_cast<size_t>(k)];
                element.kind == OperandKind::Symbol)
              visit(element);
        } else if (o.kind == OperandKind::Symbol) {
          visit(o);
        }
      }
    }
  }
  return sites;
}

// Callees are lowered before their callers; one that is not yet is on the path that led here.
void checkCallees(Module &m, Function &f, const std::vector<CallSite> &sites) {
  for (size_t i = 0; i < f.callees.size(); ++i) {
    const Function &callee = m.function(f.callees[i]);
    const DeviceRuntimeFunction *runtime = callee.isDeclaration ? findDeviceRuntimeFunction(callee.ptxName) : nullptr;
    if (runtime && runtime->failsLaunch)
      f.mayEndThread = true;
    if (runtime) {
      if (!hasSignatureOf(m, callee, *runtime)) {
        markUnsupported(f, callee.srcOffset,
                        fmt::format("{} is declared with a signature other than CUDA's {}", callee.ptxName,
                                    runtime->signature));
        return;
      }
      f.features |= kFeaturePrintf; // printf and the assert message write the printf buffer
      continue;
    }
    if (!callee.isDeclaration && !callee.lowered) {
      // Located at the call that closes the cycle.
      const CallSite &site = sites[i];
      std::string via = site.indirect ? ", a possible target of this indirect call" : "";
      markUnsupported(f, site.srcOffset, "recursion (" + callee.ptxName + via + ") is not possible in MSL");
      return;
    }
    if (callee.isDeclaration || callee.unsupported) {
      markUnsupported(f, f.srcOffset,
                      "calls " + callee.ptxName + ", which cannot be translated" +
                          (callee.unsupported ? ": " + callee.unsupported->message
                                              : " (no body in this module)"));
      return;
    }
  }
}

// The function's .local frame sits above every callee's frame: a call never overlaps its
// caller's frame, and functions that are never active together may share bytes.
void layoutLocals(Module &m, Function &f) {
  uint64_t base = 0;
  for (FuncId c : f.callees)
    base = std::max(base, m.function(c).localWindowBytes);
  uint64_t frame = 0, maxAlign = 1;
  for (SymId si : f.symbols) {
    Symbol &s = m.symbol(si);
    if (s.kind != SymbolKind::Variable || s.space != Space::Local)
      continue;
    frame = alignUp(frame, s.align);
    s.offset = frame;
    frame += s.size;
    maxAlign = std::max<uint64_t>(maxAlign, s.align);
  }
  f.localFrameOffset = alignUp(base, std::max<uint64_t>(maxAlign, 16));
  f.localBytes = frame;
  f.localWindowBytes = f.localFrameOffset + frame;
}

// A .func's static shared variables get module-wide offsets (its code is shared by every kernel
// that calls it); a kernel places its own after all of those placed so far.
void layoutShared(Module &m, Function &f) {
  for (FuncId c : f.callees) {
    const Function &callee = m.function(c);
    f.usesBarRed |= callee.usesBarRed;
    f.usesNamedBarriers |= callee.usesNamedBarriers;
    f.usesReservedSmem |= callee.usesReservedSmem;
    f.mayEndThread |= callee.mayEndThread;
    f.features |= callee.features;
  }
  if (!f.isEntry) {
    for (SymId s : f.sharedUsed) {
      Symbol &sym = m.symbol(s);
      if (sym.funcShared || sym.isDynamicShared)
        continue;
      sym.funcShared = true;
      m.funcSharedBytes = alignUp(m.funcSharedBytes, sym.align);
      sym.offset = m.funcSharedBytes;
      m.funcSharedBytes += sym.size;
    }
    return;
  }
  // Functions reachable from the kernel (all lowered already).
  std::vector<FuncId> reach;
  std::vector<uint8_t> seen(m.functions.size(), 0);
  auto add = [&](const Function &g) {
    for (FuncId c : g.callees)
      if (!seen[c.index()]) {
        seen[c.index()] = 1;
        reach.push_back(c);
      }
  };
  add(f);
  for (size_t i = 0; i < reach.size(); ++i)
    add(m.function(reach[i]));
  uint64_t top = m.funcSharedBytes;
  auto place = [&](SymId s) {
    const Symbol &sym = m.symbol(s);
    if (sym.isDynamicShared) {
      f.usesDynamicShared = true;
      return;
    }
    if (f.sharedOffsets.count(s))
      return;
    if (sym.funcShared) {
      f.sharedOffsets[s] = sym.offset;
      return;
    }
    top = alignUp(top, sym.align);
    f.sharedOffsets[s] = top;
    top += sym.size;
  };
  for (FuncId g : reach)
    for (SymId s : m.function(g).sharedUsed)
      place(s);
  for (SymId s : f.sharedUsed)
    place(s);
  if (f.usesBarRed || f.usesNamedBarriers) {
    // The word bar.red counts in (emitters/msl/support/atomic_ops.h; it needs no reset), then
    // one word per named barrier, which the kernel's prologue clears, then one bar.red counter
    // per named barrier (no reset either) where both are used.
    top = alignUp(top, 4);
    f.barScratch = top;
    top += 4 + (f.usesNamedBarriers ? 4 * kNamedBarriers : 0) +
           (f.usesNamedBarriers && f.usesBarRed ? 4 * kNamedBarriers : 0);
  }
  if (f.usesReservedSmem) // last, so that every function finds it from the static size
    top = alignUp(top, 16) + kReservedSmemCap;
  f.staticSharedBytes = alignUp(top, 16);
  if (f.usesDynamicShared)
    f.features |= kFeatureDynamicShared;
}

} // namespace

void legalizeForMetal(PassContext &ctx) {
  Module &m = ctx.module;
  if (ctx.moduleStep()) {
    layoutSegments(m);
    return;
  }
  Function &f = m.function(ctx.function);
  if (f.isDeclaration)
    return;
  std::vector<CallSite> sites;
  if (!f.unsupported)
    sites = scanInstructions(m, f);
  if (!f.unsupported)
    checkCallees(m, f, sites);
  layoutLocals(m, f);
  layoutShared(m, f);
}

} // namespace p2m::passes
