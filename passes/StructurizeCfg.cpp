// structurize-cfg: each function's blocks become a goto-free program tree (lib/cfg: loops with
// break/continue, flags for multi-level exits, node splitting or a dispatch loop for irreducible
// regions). A block's condition or brx.idx selector is named by the block's own index, so the
// emitter finds the register to test in that block's terminator.
#include "passes/Pass.h"

#include "cfg/Structurize.h"

namespace p2m::passes {

using namespace ir;

void structurizeCfg(PassContext &ctx) {
  forEachFunction(ctx, [&](Function &f) {
    cfg::Cfg graph;
    graph.blocks.reserve(f.blocks.size());
    for (size_t i = 0; i < f.blocks.size(); ++i) {
      const Terminator &t = f.blocks[i].term;
      auto id = static_cast<int32_t>(i);
      switch (t.kind) {
      case TermKind::Goto: graph.add(cfg::Goto{t.targets[0].index()}); break;
      case TermKind::Branch: graph.add(cfg::CondBranch{id, t.targets[0].index(), t.targets[1].index()}); break;
      case TermKind::Switch: {
        // An index outside the table is undefined in PTX; any target is a valid outcome.
        std::vector<cfg::BlockId> targets;
        for (BlockId target : t.targets)
          targets.push_back(target.index());
        graph.add(cfg::Switch{id, std::move(targets), t.targets.back().index()});
        break;
      }
      case TermKind::Return: graph.add(cfg::Return{}); break;
      // A kernel's exit ends its body. In a .func, exit ends the thread, not just the function:
      // the block itself sets ctx.ended and returns (the callers then return too), like trap.
      case TermKind::Exit: graph.add(f.isEntry ? cfg::Terminator{cfg::Return{}} : cfg::Unreachable{}); break;
      case TermKind::Trap: graph.add(cfg::Unreachable{}); break;
      }
    }
    if (std::string problem = cfg::validate(graph); !problem.empty()) {
      markUnsupported(f, f.srcOffset, "malformed control flow: " + problem);
      return;
    }
    f.structured = std::make_shared<const cfg::Program>(cfg::structurize(graph));
  });
}

} // namespace p2m::passes
