// The input of the structurizer: a control-flow graph of numbered blocks, independent of PTX and
// of the kernel IR. Block 0 is the entry. A block is a straight-line body (opaque here) followed
// by one terminator; condition and selector ids name whatever the body computes (a predicate
// register, a jump-table index) and are equally opaque.
#pragma once

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

namespace p2m::cfg {

using BlockId = uint32_t;

struct Goto {
  BlockId target;
};

// Two equal targets make this a Goto: nothing is tested.
struct CondBranch {
  int32_t condition;
  BlockId trueTarget;
  BlockId falseTarget;
};

// brx.idx: index i in [0, targets.size()) jumps to targets[i]; any other index (undefined
// behaviour in PTX) jumps to defaultTarget. When every target equals defaultTarget this is a Goto.
struct Switch {
  int32_t selector;
  std::vector<BlockId> targets;
  BlockId defaultTarget;
};

struct Return {};

// Control never leaves the block (it ends in trap, exit or a call that does not return).
struct Unreachable {};

using Terminator = std::variant<Goto, CondBranch, Switch, Return, Unreachable>;

struct Cfg {
  std::vector<Terminator> blocks;

  BlockId add(Terminator terminator) {
    blocks.push_back(std::move(terminator));
    return static_cast<BlockId>(blocks.size() - 1);
  }
  size_t size() const { return blocks.size(); }
};

// Empty if the graph is well formed (at least one block, every target in range); otherwise a
// message naming the first offending block.
std::string validate(const Cfg &cfg);

// The distinct successors of a terminator, in first-mention order. A degenerate CondBranch or
// Switch (see above) yields one successor.
std::vector<BlockId> successors(const Terminator &terminator);

// Whether the terminator tests its condition or selector at run time (not degenerate).
bool testsAtRunTime(const Terminator &terminator);

} // namespace p2m::cfg
