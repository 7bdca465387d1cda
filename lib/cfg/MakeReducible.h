// Internal to lib/cfg: gives every strongly connected region of a FlowGraph a single entry, so
// that every cycle has a header dominating it (the graph becomes reducible).
//
// Regions are found outermost first: the SCCs of the graph, then, once an SCC has a single entry
// (its header), the SCCs of the SCC without its header, and so on. An SCC with entries e0..ek is
// fixed by one of:
//   * node splitting: one entry h stays the header; for each other entry e, the blocks reachable
//     from e inside the SCC without passing h are duplicated and e's outside predecessors enter
//     the copy, which leads only to h or out of the SCC. h is the entry that copies the fewest
//     blocks. Used while the total stays within the block budget.
//   * a dispatch loop: a new Dispatch node switches on a new state variable to e0..ek, and every
//     edge to an entry i goes through a SetState node assigning i. Outside and inside
//     predecessors get separate SetState nodes, so only the Dispatch node is entered from
//     outside.
#pragma once

#include "cfg/FlowGraph.h"

namespace p2m::cfg::detail {

struct ReducibilityStats {
  uint32_t splitRegions = 0;
  uint32_t dispatchRegions = 0;
};

ReducibilityStats makeReducible(FlowGraph &graph, uint32_t blockBudget);

} // namespace p2m::cfg::detail
