// Internal to lib/cfg: the dominator tree of a FlowGraph, by the Semi-NCA algorithm (as LLVM's
// DominatorTree builds it), kept in flat arrays indexed by FlowNode::index. LLVM's tree keeps
// its nodes in a hash map, one allocation each; on graphs of tens of thousands of nodes that
// bookkeeping cost more than the rest of buildTree.
#pragma once

#include "cfg/FlowGraph.h"

#include <llvm/ADT/ArrayRef.h>

#include <cstdint>
#include <vector>

namespace p2m::cfg::detail {

class Dominators {
public:
  static constexpr uint32_t kNone = UINT32_MAX;

  explicit Dominators(const FlowGraph &graph);

  // Both nodes reachable from the entry. A node dominates itself.
  bool dominates(uint32_t a, uint32_t b) const {
    return enter_[a] <= enter_[b] && leave_[b] <= leave_[a];
  }
  // kNone for the entry and for unreachable nodes.
  uint32_t idom(uint32_t node) const { return idom_[node]; }
  // The nodes `node` immediately dominates.
  llvm::ArrayRef<uint32_t> children(uint32_t node) const {
    return llvm::ArrayRef<uint32_t>(children_).slice(childBegin_[node],
                                                    childBegin_[node + 1] - childBegin_[node]);
  }

private:
  std::vector<uint32_t> idom_;
  std::vector<uint32_t> childBegin_; // per node, into children_; one more entry at the end
  std::vector<uint32_t> children_;
  std::vector<uint32_t> enter_, leave_; // preorder interval of each node in the dominator tree
};

} // namespace p2m::cfg::detail
