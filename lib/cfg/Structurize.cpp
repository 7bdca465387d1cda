#include "cfg/Structurize.h"

#include "cfg/BuildTree.h"
#include "cfg/FlowGraph.h"
#include "cfg/LowerJumps.h"
#include "cfg/MakeReducible.h"
#include "cfg/Simplify.h"

#include <llvm/ADT/Twine.h>
#include <llvm/Support/ErrorHandling.h>

#include <algorithm>
#include <cmath>

namespace p2m::cfg {

Program structurize(const Cfg &cfg, const StructurizeOptions &options) {
  if (std::string problem = validate(cfg); !problem.empty())
    llvm::report_fatal_error(llvm::Twine("cfg::structurize: ") + problem);

  detail::FlowGraph graph(cfg);
  double budget = std::floor(std::max(options.maxGrowth, 1.0) * graph.reachableBlocks);
  auto blockBudget = static_cast<uint32_t>(std::min(budget, 4.0e9));
  detail::ReducibilityStats reducibility = detail::makeReducible(graph, blockBudget);
  detail::LabelledTree tree = detail::buildTree(graph);
  detail::LoweringNotes notes;
  Program program = detail::lowerJumps(tree, graph.variables, blockBudget, notes);
  detail::simplify(program, notes);

  StructurizeStats &stats = program.stats;
  stats.reachableBlocks = graph.reachableBlocks;
  // simplify() compacts: every node is in the tree, so no walk is needed to count them.
  stats.emittedBlocks = static_cast<uint32_t>(
      std::count_if(program.nodes.begin(), program.nodes.end(),
                    [](const Node &n) { return n.kind == NodeKind::Block; }));
  stats.splitRegions = reducibility.splitRegions;
  stats.dispatchRegions = reducibility.dispatchRegions;
  stats.flags = static_cast<uint32_t>(
      std::count(program.variables.begin(), program.variables.end(), VariableKind::Flag));
  return program;
}

} // namespace p2m::cfg
