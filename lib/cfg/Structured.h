// The output of the structurizer: a goto-free program tree that an emitter prints as C-like code
// (MSL) statement by statement. Nodes live in one vector and refer to each other by NodeId; every
// node except the root has exactly one parent, so the structure is a tree.
//
// Semantics (the same as C's, which is what makes direct printing possible):
//   Seq          runs `statements` in order.
//   Block        runs the straight-line body of CFG block `id`. The same id may occur more than once
//                when the structurizer duplicated a block to remove irreducible control flow.
//   If           tests `id` (an input condition, or a flag Variable when `onVariable`), inverted
//                when `negated`, and runs `thenBody` or `elseBody` (both Seqs; elseBody may be
//                empty). An If on an input condition always immediately follows, in the same Seq,
//                the Block whose terminator computes that condition.
//   Loop         `while (true) body`. It is left only by Break, Return or Unreachable.
//   Break        C's `break`: leaves the innermost enclosing Loop or Switch.
//   Continue     C's `continue`: starts the next iteration of the innermost enclosing Loop (a Switch
//                in between does not matter, as in C).
//   Switch       tests `id` (an input selector, or a state Variable when `onVariable`) and runs the
//                body of the case listing that value, else `defaultBody`. There is no fallthrough
//                between cases: a body that completes normally continues after the Switch (an
//                emitter prints a `break;` there). kNoNode as defaultBody means other values cannot
//                occur. Like an If, a Switch on an input selector immediately follows its Block.
//   Return       returns from the function.
//   Unreachable  control cannot get here (the block before it ended in trap/exit).
//   SetVar       assigns `value` to Variable `id`: a bool flag (0/1) or an integer dispatch state.
#pragma once

#include "cfg/Cfg.h"

#include <cstdint>
#include <string>
#include <vector>

namespace p2m::cfg {

using NodeId = uint32_t;
inline constexpr NodeId kNoNode = UINT32_MAX;

enum class NodeKind : uint8_t {
  Seq, Block, If, Loop, Break, Continue, Switch, Return, Unreachable, SetVar,
};

struct SwitchCase {
  std::vector<int64_t> values;
  NodeId body;
};

struct Node {
  NodeKind kind = NodeKind::Seq;
  bool onVariable = false;       // If/Switch: `id` is a Variable, not an input condition/selector
  bool negated = false;          // If
  int32_t id = 0;                // Block: CFG block; If: condition; Switch: selector; SetVar: variable
  int64_t value = 0;             // SetVar
  std::vector<NodeId> statements; // Seq
  NodeId thenBody = kNoNode;     // If
  NodeId elseBody = kNoNode;     // If
  NodeId body = kNoNode;         // Loop
  std::vector<SwitchCase> cases; // Switch
  NodeId defaultBody = kNoNode;  // Switch
};

enum class VariableKind : uint8_t {
  Flag,  // bool; set before a multi-level exit and tested where the exit continues
  State, // integer; selects the next block in a dispatch loop over an irreducible region
};

struct StructurizeStats {
  uint32_t reachableBlocks = 0; // input blocks reachable from the entry
  uint32_t emittedBlocks = 0;   // Block nodes in the result
  uint32_t splitRegions = 0;    // irreducible regions made reducible by duplicating blocks
  uint32_t dispatchRegions = 0; // irreducible regions turned into a dispatch loop
  uint32_t flags = 0;           // flag variables left in the result
};

struct Program {
  std::vector<Node> nodes;
  NodeId root = kNoNode;                // a Seq
  std::vector<VariableKind> variables;  // indexed by variable id
  StructurizeStats stats;

  const Node &operator[](NodeId id) const { return nodes[id]; }
};

// Calls f(child) for each child of `n` in order: a Seq's statements, an If's then and else
// bodies, a Loop's body, a Switch's case bodies and then its default. The one child walk over
// the tree; absent bodies (kNoNode) are skipped.
template <class F> void forEachChild(const Node &n, F &&f) {
  switch (n.kind) {
  case NodeKind::Seq:
    for (NodeId s : n.statements)
      f(s);
    break;
  case NodeKind::If:
    if (n.thenBody != kNoNode)
      f(n.thenBody);
    if (n.elseBody != kNoNode)
      f(n.elseBody);
    break;
  case NodeKind::Loop:
    if (n.body != kNoNode)
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

// Indented C-like pseudo code ("loop {", "if (!c3) break;", "block 4;", "flag2 = true;"), one
// statement per line. Input conditions print as c<id>, selectors as s<id>, flags as flag<id>
// and dispatch states as state<id>.
std::string printStructured(const Program &program);
std::string printStructured(const Program &program, NodeId node);

// Empty if `program` is a well-formed structuring of `cfg`: a tree, Break/Continue only where C
// allows them, every If/Switch on an input operand directly after the Block that computes it,
// variables declared. Otherwise a description of the first problem found.
std::string verifyStructure(const Program &program, const Cfg &cfg);

// The number of Block nodes (code size in blocks).
uint32_t countBlocks(const Program &program);

} // namespace p2m::cfg
