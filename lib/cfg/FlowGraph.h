// Internal to lib/cfg: the graph the structurizer transforms. It starts as the Cfg's reachable
// blocks; MakeReducible adds copies of blocks and the state-setting and dispatch nodes of dispatch
// loops.
#pragma once

#include "cfg/Cfg.h"
#include "cfg/Structured.h"

#include <llvm/ADT/SmallVector.h>
#include <llvm/Support/Allocator.h>

#include <cstdint>
#include <vector>

namespace p2m::cfg::detail {

enum class FlowKind : uint8_t {
  Block,    // runs CFG block `block`
  SetState, // assigns `value` to state variable `operand`
  Dispatch, // switches on state variable `operand`; no body of its own
};

enum class FlowTerm : uint8_t { Goto, Branch, Switch, Return, Unreachable };

struct FlowNode;

// Edge lists hold one or two nodes almost always: kept inside the node, not allocated.
using NodeList = llvm::SmallVector<FlowNode *, 2>;

struct FlowNode {
  uint32_t index = 0; // position in FlowGraph::nodes
  FlowKind kind = FlowKind::Block;
  FlowTerm term = FlowTerm::Return;
  BlockId block = 0;
  int32_t operand = 0; // Branch: condition; Switch: selector (state variable for Dispatch);
                       // SetState: state variable
  int64_t value = 0;   // SetState
  // Goto: {target}; Branch: {true, false}; Switch: one target per case group, then the default
  // when hasDefault. Targets may repeat only across a Switch's groups and default.
  NodeList targets;
  std::vector<std::vector<int64_t>> caseValues; // Switch: the values of each case group
  bool hasDefault = false;
  NodeList succs; // distinct targets, in target order
  NodeList preds; // distinct predecessors
};

struct FlowGraph {
  std::vector<FlowNode *> nodes; // by index; owned by arena_
  FlowNode *entry = nullptr;
  std::vector<VariableKind> variables;
  uint32_t blockNodes = 0;      // nodes of kind Block
  uint32_t reachableBlocks = 0; // input blocks reachable from the entry

  // The Cfg's blocks reachable from block 0; degenerate branches become gotos and switch
  // indices that go to the default target are left to the default. The nodes live in the
  // graph's arena, so it neither copies nor moves.
  explicit FlowGraph(const Cfg &cfg);
  FlowGraph(const FlowGraph &) = delete;
  FlowGraph &operator=(const FlowGraph &) = delete;

  FlowNode *create(FlowKind kind);
  // Copies everything but the edges.
  FlowNode *cloneWithoutEdges(const FlowNode &node);
  void setTargets(FlowNode *node, NodeList targets);
  // Every edge node -> from becomes node -> to.
  void redirect(FlowNode *node, FlowNode *from, FlowNode *to);
  int32_t newVariable(VariableKind kind);

private:
  // One allocation per slab, not per node; runs the nodes' destructors when the graph goes.
  llvm::SpecificBumpPtrAllocator<FlowNode> arena_;
};

} // namespace p2m::cfg::detail
