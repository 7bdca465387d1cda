// The dominator tree of a graph by the Semi-NCA algorithm (as LLVM's DominatorTree builds it),
// kept in flat arrays indexed by node number. LLVM's tree keeps its nodes in a hash map, one
// allocation each; on graphs of tens of thousands of nodes that bookkeeping cost more than the
// rest of the structurizer's tree building. The one dominator computation of the project: the
// structurizer's flow graph (lib/cfg/BuildTree.cpp) and a function's blocks, forward and
// reversed for post-dominators (passes/KeepExitedThreadsAtBarriers.cpp).
#pragma once

#include <llvm/ADT/ArrayRef.h>

#include <cstdint>
#include <iterator>
#include <utility>
#include <vector>

namespace p2m::cfg {

class Dominators {
public:
  static constexpr uint32_t kNone = UINT32_MAX;

  // The tree of the nodes 0..size-1 reachable from `root`. `succs(v)` and `preds(v)` return
  // random-access ranges of the node indices v's edges lead to and come from (in the order
  // the depth-first search should take them: children() lists a node's children in that order).
  template <typename Succs, typename Preds>
  Dominators(uint32_t size, uint32_t root, Succs succs, Preds preds);

  // Both nodes reachable from the root. A node dominates itself.
  bool dominates(uint32_t a, uint32_t b) const {
    return enter_[a] <= enter_[b] && leave_[b] <= leave_[a];
  }
  // kNone for the root and for unreachable nodes.
  uint32_t idom(uint32_t node) const { return idom_[node]; }
  // The nodes `node` immediately dominates.
  llvm::ArrayRef<uint32_t> children(uint32_t node) const {
    return llvm::ArrayRef<uint32_t>(children_).slice(childBegin_[node],
                                                    childBegin_[node + 1] - childBegin_[node]);
  }

private:
  // After idom_ is known: the children lists and the preorder intervals. `vertex` holds the
  // reachable nodes in depth-first order.
  void buildTree(uint32_t root, const std::vector<uint32_t> &vertex);

  std::vector<uint32_t> idom_;
  std::vector<uint32_t> childBegin_; // per node, into children_; one more entry at the end
  std::vector<uint32_t> children_;
  std::vector<uint32_t> enter_, leave_; // preorder interval of each node in the dominator tree
};

template <typename Succs, typename Preds>
Dominators::Dominators(uint32_t size, uint32_t root, Succs succs, Preds preds) {
  const size_t n = size;
  // Depth-first spanning tree from the root: DFS numbers from 0, the tree parent of each.
  std::vector<uint32_t> number(n, kNone), vertex, parent;
  vertex.reserve(n);
  parent.reserve(n);
  {
    std::vector<std::pair<uint32_t, uint32_t>> stack{{root, 0}};
    number[root] = 0;
    vertex.push_back(root);
    parent.push_back(0);
    while (!stack.empty()) {
      auto &[node, next] = stack.back();
      auto out = succs(node);
      if (next == static_cast<uint32_t>(std::distance(out.begin(), out.end()))) {
        stack.pop_back();
        continue;
      }
      const uint32_t s = out.begin()[next++];
      if (number[s] != kNone)
        continue;
      number[s] = static_cast<uint32_t>(vertex.size());
      parent.push_back(number[node]);
      vertex.push_back(s);
      stack.push_back({s, 0});
    }
  }
  const auto reached = static_cast<uint32_t>(vertex.size());

  // Semidominators, in reverse DFS order, with the path-compressed forest of the vertices done
  // so far (ancestor/label); then each immediate dominator is the nearest ancestor of the tree
  // parent whose number is at most the semidominator's. All indices here are DFS numbers.
  std::vector<uint32_t> semi(reached), label(reached), ancestor(parent), idom(parent);
  for (uint32_t i = 0; i < reached; ++i)
    semi[i] = label[i] = i;
  std::vector<uint32_t> path;
  // The vertex of least semidominator on the forest path from v up to its root (v itself when v
  // is not yet in the forest: only vertices numbered `linked` or higher are).
  auto eval = [&](uint32_t v, uint32_t linked) {
    if (ancestor[v] < linked)
      return label[v];
    do {
      path.push_back(v);
      v = ancestor[v];
    } while (ancestor[v] >= linked);
    uint32_t top = v, topLabel = label[v];
    do {
      v = path.back();
      path.pop_back();
      ancestor[v] = ancestor[top];
      if (semi[topLabel] < semi[label[v]])
        label[v] = label[top];
      else
        topLabel = label[v];
      top = v;
    } while (!path.empty());
    return label[v];
  };
  for (uint32_t i = reached; i-- > 1;) {
    semi[i] = parent[i];
    for (uint32_t p : preds(vertex[i])) {
      uint32_t pn = number[p];
      if (pn == kNone)
        continue; // an unreachable predecessor
      uint32_t s = semi[eval(pn, i + 1)];
      if (s < semi[i])
        semi[i] = s;
    }
  }
  for (uint32_t i = 1; i < reached; ++i) {
    uint32_t d = idom[i];
    while (d > semi[i])
      d = idom[d];
    idom[i] = d;
  }

  idom_.assign(n, kNone);
  for (uint32_t i = 1; i < reached; ++i)
    idom_[vertex[i]] = vertex[idom[i]];
  buildTree(root, vertex);
}

} // namespace p2m::cfg
