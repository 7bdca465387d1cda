// Internal to lib/cfg: iterative walks over a Program tree (trees can be deep; nothing here
// recurses).
#pragma once

#include "cfg/Structured.h"

#include <cstdint>
#include <vector>

namespace p2m::cfg::detail {

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
// The same, given preorder(program, program.root).
Completion completion(const Program &program, const std::vector<NodeId> &preorder);

} // namespace p2m::cfg::detail
