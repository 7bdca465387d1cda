// Turns any control-flow graph into goto-free structured control flow (see Structured.h).
//
// The pipeline, one file each:
//   FlowGraph      the Cfg's reachable blocks as a mutable graph (nodes in one arena)
//   MakeReducible  irreducible strongly connected regions get a single entry: blocks reached from
//                  a secondary entry are duplicated while the code stays within `maxGrowth`, else
//                  the region becomes a dispatch loop over a state variable
//   BuildTree      the dominator-tree translation of "Beyond Relooper" (Ramsey, ICFP 2022), with
//                  the code after a loop placed after the loop: a labelled tree whose jumps target
//                  loop heads or the start of a later statement; Dominators computes its
//                  dominator tree
//   LowerJumps     each jump becomes nothing (fallthrough), break, continue, or, when it leaves
//                  several constructs, a flag set here and tested where the exit continues
//   Simplify       flattening, dead code, if/else normalization, flags a structure makes redundant
//
// Nothing recurses, so CFGs with tens of thousands of blocks and deeply nested results are fine
// on a default stack; the work is close to linear in the size of the graph for the shapes
// compilers produce.
#pragma once

#include "cfg/Cfg.h"
#include "cfg/Structured.h"

namespace p2m::cfg {

struct StructurizeOptions {
  // Node splitting may grow the number of emitted blocks to at most this multiple of the
  // reachable blocks; irreducible regions beyond that budget become dispatch loops. 1.0 forces
  // dispatch loops for every irreducible region.
  double maxGrowth = 2.0;
};

// Precondition: validate(cfg) is empty (checked; a violation is a fatal error). Blocks unreachable
// from block 0 are dropped.
Program structurize(const Cfg &cfg, const StructurizeOptions &options = {});

} // namespace p2m::cfg
