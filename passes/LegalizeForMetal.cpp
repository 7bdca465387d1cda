// legalize-for-metal: the whole-module facts Metal needs before emission.
//  * Instruction families with no lowering yet (tensor cores, textures, surfaces, multimem,
//    clusters, ...) make their function unsupported with a located "not supported yet".
//  * The call graph: recursion (MSL has none) and calls to untranslatable or body-less functions
//    make the caller unsupported, transitively.
//  * Layout: .global/.const variables in the module's two segments; static .shared variables
//    at fixed offsets of each kernel's threadgroup window (those a .func touches first, at
//    module-wide offsets, then the kernel's own), the dynamic area after them; each function's
//    .local frame at a module-wide offset of the per-thread local window.
#include "passes/Pass.h"

#include <algorithm>
#include <fmt/format.h>

namespace p2m::passes {

using namespace ir;
using ptx::Opcode;

namespace {

uint64_t alignUp(uint64_t v, uint64_t a) { return a ? (v + a - 1) / a * a : v; }

} // namespace

void legalizeForMetal(PassContext &ctx) {
  Module &m = ctx.module;
  size_t nf = m.functions.size();

  // Module segments.
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

  // Families, symbol use, direct callees.
  std::vector<std::vector<SymId>> usedShared(nf);
  std::vector<uint8_t> barRed(nf, 0);
  for (FuncId fi = 0; fi < nf; ++fi) {
    Function &f = m.functions[fi];
    if (f.isDeclaration || f.unsupported)
      continue;
    for (Block &b : f.blocks)
      for (Inst &in : b.insts) {
        if (const char *why = in.irop == IrOp::Ptx ? unsupportedFamily(in.opcode) : nullptr) {
          markUnsupported(f, in.srcOffset, fmt::format("{}: {}", ptx::spelling(in.opcode), why));
          break;
        }
        if ((in.isPtx(Opcode::Bar) || in.isPtx(Opcode::Barrier)) && in.has(ptx::Modifier::Red))
          barRed[fi] = 1;
        for (const Operand &o : in.ops) {
          auto visit = [&](const Operand &x) {
            if (x.kind != OperandKind::Symbol)
              return;
            const Symbol &s = m.symbols[x.id];
            if (s.unsupported)
              markUnsupported(f, in.srcOffset, s.unsupported->message);
            if (s.kind == SymbolKind::Function) {
              if (std::find(f.callees.begin(), f.callees.end(), s.function) == f.callees.end())
                f.callees.push_back(s.function);
            } else if (s.space == Space::Shared && s.kind == SymbolKind::Variable) {
              usedShared[fi].push_back(x.id);
            }
          };
          if (o.kind == OperandKind::Vector)
            for (int64_t k = 0; k < o.value; ++k)
              visit(f.vectorElements[o.id + static_cast<size_t>(k)]);
          else
            visit(o);
        }
      }
  }

  // Recursion and callee failures, to a fixpoint (the call graph is small).
  std::vector<uint8_t> state(nf, 0); // 0 unvisited, 1 on stack, 2 done
  for (FuncId root = 0; root < nf; ++root) {
    if (state[root])
      continue;
    std::vector<std::pair<FuncId, size_t>> stack{{root, 0}};
    state[root] = 1;
    while (!stack.empty()) {
      auto &[fi, i] = stack.back();
      Function &f = m.functions[fi];
      if (i < f.callees.size()) {
        FuncId c = f.callees[i++];
        if (state[c] == 1) {
          markUnsupported(f, f.srcOffset, "recursion (" + m.functions[c].ptxName +
                                              ") is not possible in MSL");
        } else if (state[c] == 0) {
          state[c] = 1;
          stack.push_back({c, 0});
        }
        continue;
      }
      state[fi] = 2;
      stack.pop_back();
    }
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (Function &f : m.functions) {
      if (f.isDeclaration || f.unsupported)
        continue;
      for (FuncId c : f.callees) {
        const Function &callee = m.functions[c];
        if (callee.isDeclaration && callee.ptxName == "__assertfail")
          continue; // a failed device assert: the emitter traps (CUDA's cudaErrorAssert)
        if (callee.isDeclaration && callee.ptxName == "vprintf") {
          markUnsupported(f, f.srcOffset, "device printf (vprintf) is not supported yet");
          changed = true;
          break;
        }
        if (callee.isDeclaration || callee.unsupported) {
          markUnsupported(f, f.srcOffset,
                          "calls " + callee.ptxName + ", which cannot be translated" +
                              (callee.unsupported ? ": " + callee.unsupported->message
                                                  : " (no body in this module)"));
          changed = true;
          break;
        }
      }
    }
  }

  // Local frames, module-wide.
  std::vector<std::vector<SymId>> locals(nf);
  for (SymId i = 0; i < m.symbols.size(); ++i)
    if (m.symbols[i].owner != kNone && m.symbols[i].kind == SymbolKind::Variable &&
        m.symbols[i].space == Space::Local)
      locals[m.symbols[i].owner].push_back(i);
  uint64_t localTop = 0;
  for (FuncId fi = 0; fi < nf; ++fi) {
    Function &f = m.functions[fi];
    uint64_t frame = 0, maxAlign = 1;
    for (SymId si : locals[fi]) {
        Symbol &s = m.symbols[si];
        frame = alignUp(frame, s.align);
        s.offset = frame;
        frame += s.size;
        maxAlign = std::max<uint64_t>(maxAlign, s.align);
      }
    localTop = alignUp(localTop, std::max<uint64_t>(maxAlign, 16));
    f.localFrameOffset = localTop;
    f.localBytes = frame;
    localTop += frame;
  }

  // Shared: symbols any .func touches get module-wide offsets first.
  std::vector<uint8_t> common(m.symbols.size(), 0);
  uint64_t commonTop = 0;
  std::vector<SymId> commonList;
  for (FuncId fi = 0; fi < nf; ++fi) {
    if (m.functions[fi].isEntry)
      continue;
    for (SymId s : usedShared[fi]) {
      Symbol &sym = m.symbols[s];
      if (common[s] || sym.isDynamicShared)
        continue;
      common[s] = 1;
      commonList.push_back(s);
      commonTop = alignUp(commonTop, sym.align);
      sym.offset = commonTop;
      commonTop += sym.size;
    }
  }
  for (FuncId fi = 0; fi < nf; ++fi) {
    Function &k = m.functions[fi];
    if (!k.isEntry || k.isDeclaration)
      continue;
    // Functions reachable from the kernel.
    std::vector<FuncId> reach{fi};
    std::vector<uint8_t> seen(nf, 0);
    seen[fi] = 1;
    for (size_t i = 0; i < reach.size(); ++i)
      for (FuncId c : m.functions[reach[i]].callees)
        if (!seen[c]) {
          seen[c] = 1;
          reach.push_back(c);
        }
    uint64_t top = commonTop, localEnd = 0;
    for (FuncId g : reach) {
      const Function &fg = m.functions[g];
      k.usesBarRed |= barRed[g] != 0;
      localEnd = std::max(localEnd, fg.localFrameOffset + fg.localBytes);
      k.features |= fg.features;
      for (SymId s : usedShared[g]) {
        const Symbol &sym = m.symbols[s];
        if (sym.isDynamicShared) {
          k.usesDynamicShared = true;
          continue;
        }
        if (common[s] || k.sharedOffsets.count(s))
          continue;
        top = alignUp(top, sym.align);
        k.sharedOffsets[s] = top;
        top += sym.size;
      }
    }
    for (SymId s : commonList)
      k.sharedOffsets[s] = m.symbols[s].offset;
    if (k.usesBarRed) {
      // The word bar.red counts in (emitters/msl/support/atomic_ops.h); it needs no reset.
      top = alignUp(top, 4);
      k.barScratch = top;
      top += 4;
    }
    k.staticSharedBytes = alignUp(top, 16);
    k.localWindowBytes = localEnd;
    if (k.usesDynamicShared)
      k.features |= kFeatureDynamicShared;
  }
}

} // namespace p2m::passes
