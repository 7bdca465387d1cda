// Internal to lib/cfg: the dominator-tree translation of a reducible FlowGraph into a labelled
// tree, after Ramsey, "Beyond Relooper: recursive translation of unstructured control flow to
// structured control flow" (ICFP 2022), adapted to C-like targets.
//
// The code of a node y is a run of statements in some Seq:
//   [Loop { body } if y is a loop header]  body = Block y; its branch; its merge followers
//   followed by y's loop followers (header only)
// where the branch of y tests y's condition/selector and, per successor s, either
//   * jumps to the start of s's Loop (s heads a loop containing y: a back edge),
//   * places the code of s right there (s has no other forward predecessor), or
//   * jumps to the start of s's code, which follows later in an enclosing Seq.
// A node with two or more forward predecessors is a merge follower of its immediate dominator x:
// its code follows x's branch, ordered by reverse postorder, so every jump to it is forward. A
// node whose immediate dominator lies in loops it does not belong to is a loop follower of the
// outermost such loop: its code follows that Loop, so a loop's exit code reads after the loop
// rather than nested inside it. Small exit code that only returns stays inline, as in
// `if (err) { ...; return; }`, unless the loop would then have no code after it: then the exit
// the loop's own test (header or latch) takes moves after the loop, so a while loop reads
// `loop { if (!c) break; ... } rest`.
//
// Jumps are resolved into break/continue/flags by LowerJumps.
#pragma once

#include "cfg/FlowGraph.h"

#include <llvm/ADT/SmallVector.h>

#include <cstdint>
#include <vector>

namespace p2m::cfg::detail {

using TId = uint32_t;
inline constexpr TId kNoT = UINT32_MAX;

enum class TKind : uint8_t { Seq, Block, SetVar, If, Switch, Loop, Jump, Return, Unreachable };

struct TNode {
  TKind kind = TKind::Seq;
  TId parent = kNoT;
  uint32_t slot = 0;          // index in the parent's children
  uint32_t depth = 0;         // distance from the root
  // Seq: statements; If: {then, else}; Loop: {body}; Switch: case bodies, then the default body
  // when hasDefault. Bodies are Seqs. Most lists are this short: kept inside the node.
  llvm::SmallVector<TId, 4> children;
  int32_t id = 0;             // Block: CFG block; SetVar: variable; If: condition; Switch: selector
                              // or, when onVariable, state variable
  int64_t value = 0;          // SetVar
  bool onVariable = false;    // Switch
  bool hasDefault = false;    // Switch
  std::vector<std::vector<int64_t>> caseValues; // Switch
  bool toLoopStart = false;   // Jump: to the start of the Loop headed by `target`, else to the
                              // first statement of `target`'s code
  uint32_t target = 0;        // Jump: FlowNode index
};

struct LabelledTree {
  std::vector<TNode> nodes;
  TId root = kNoT;
  std::vector<TId> codeStart; // per FlowNode index: first statement of its code (in a Seq)
  std::vector<TId> loopOf;    // per FlowNode index: the Loop it heads
};

// Precondition: `graph` is reducible (MakeReducible ran); a violation is a fatal error.
LabelledTree buildTree(FlowGraph &graph);

} // namespace p2m::cfg::detail
