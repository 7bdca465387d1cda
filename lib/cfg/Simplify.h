// Internal to lib/cfg: cleans up the Program LowerJumps built, preserving its behaviour:
//   * nested Seqs are flattened and statements after one that cannot complete are dropped;
//   * a check `if (flag) break;` after a Loop/Switch that can only be left by that flag's
//     escape becomes a plain `break;` (likewise continue); flags nobody tests disappear;
//   * `if (c) {} else { X }` becomes `if (!c) { X }`, and when one arm cannot complete the other
//     moves after the If (`if (!c) break; X` instead of `if (c) { X } else { break; }`), so
//     early exits do not nest the rest of the code;
//   * nodes are renumbered in preorder and variables in order of first use.
#pragma once

#include "cfg/LowerJumps.h"

namespace p2m::cfg::detail {

void simplify(Program &program, const LoweringNotes &notes);

} // namespace p2m::cfg::detail
