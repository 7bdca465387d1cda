// Internal to lib/cfg: turns the jumps of a LabelledTree into C control flow and emits the
// Program. A jump's target is a point: the start of a Loop (continue) or the start of statement i
// of a Seq. A jump becomes
//   * nothing, when falling off the enclosing statements reaches the target anyway;
//   * `continue`, when the target is the start of the innermost Loop;
//   * `break`, when the point after the innermost Loop/Switch is the target;
//   * a copy of the target, when it is a lone `block t; return;` (or unreachable) and the copy
//     keeps the blocks within `blockBudget`;
//   * otherwise `flag = true` plus an escape: `break` out of each Loop/Switch in the way, each
//     followed by `if (flag) break;` (or `if (flag) continue;` at the target Loop), and
//     `if (!flag) { ... }` around the statements skipped on the way to the target. One flag per
//     target point, reset to false at the start of the Seq (or Loop body) holding the target, so
//     every test of it reads a value set in the same pass.
#pragma once

#include "cfg/BuildTree.h"
#include "cfg/Structured.h"

#include <vector>

namespace p2m::cfg::detail {

// What Simplify needs to know about the escapes LowerJumps built.
struct LoweringNotes {
  std::vector<int32_t> escapeFlag; // per Break node: the flag whose escape it is part of, or -1
  struct Check {
    NodeId check;     // If (flag) { break; } or If (flag) { continue; }
    NodeId construct; // the Loop or Switch that `check` directly follows
    int32_t flag;
  };
  std::vector<Check> checks;
};

Program lowerJumps(const LabelledTree &tree, const std::vector<VariableKind> &variables,
                   uint32_t blockBudget, LoweringNotes &notes);

} // namespace p2m::cfg::detail
