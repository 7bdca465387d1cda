// Internal to lib/cfg: iterative walks over a Program tree (trees can be deep; nothing here
// recurses).
#pragma once

#include "cfg/Structured.h"

#include <cstdint>
#include <vector>

namespace p2m::cfg::detail {

template <class F> void forEachChild(const Node &n, F &&f) {
  switch (n.kind) {
  case NodeKind::Seq:
    for (NodeId s : n.statements)
      f(s);
    break;
  case NodeKind::If:
    f(n.thenBody);
    f(n.elseBody);
    break;
  case NodeKind::Loop:
    f(n.body);
    break;
  case NodeKind::Switch:
    for (const SwitchCase &c : n.cases)
      f(c.body);
    if (n.defaultBody != kNoNode)
      f(n.defaultBody);
    break;
  default:
    break;
  }
}

// Nodes reachable from `root`, parents before children, children in order.
std::vector<NodeId> preorder(const Program &program, NodeId root);

// parent[n] for every node reachable from the root (kNoNode for the root and unreachable nodes).
std::vector<NodeId> parents(const Program &program, const std::vector<NodeId> &preorder);

struct Completion {
  std::vector<uint8_t> canComplete; // per node: control can reach the point after it
  std::vector<NodeId> breakTarget;  // per Break node: the Loop or Switch it leaves
  std::vector<uint8_t> isBroken;    // per Loop/Switch: some Break leaves it
};

Completion completion(const Program &program);

} // namespace p2m::cfg::detail
