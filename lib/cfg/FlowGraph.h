// Internal to lib/cfg: the graph the structurizer transforms. It starts as the Cfg's reachable
// blocks; MakeReducible adds copies of blocks and the state-setting and dispatch nodes of dispatch
// loops. GraphTraits specializations let LLVM's dominator tree and SCC iterator walk it.
#pragma once

#include "cfg/Cfg.h"
#include "cfg/Structured.h"

#include <llvm/ADT/GraphTraits.h>
#include <llvm/ADT/STLExtras.h>

#include <cstdint>
#include <memory>
#include <vector>

namespace llvm {
class raw_ostream;
}

namespace p2m::cfg::detail {

enum class FlowKind : uint8_t {
  Block,    // runs CFG block `block`
  SetState, // assigns `value` to state variable `operand`
  Dispatch, // switches on state variable `operand`; no body of its own
};

enum class FlowTerm : uint8_t { Goto, Branch, Switch, Return, Unreachable };

struct FlowGraph;

struct FlowNode {
  FlowGraph *graph = nullptr;
  uint32_t index = 0; // position in FlowGraph::nodes
  FlowKind kind = FlowKind::Block;
  FlowTerm term = FlowTerm::Return;
  BlockId block = 0;
  int32_t operand = 0; // Branch: condition; Switch: selector (state variable for Dispatch);
                       // SetState: state variable
  int64_t value = 0;   // SetState
  // Goto: {target}; Branch: {true, false}; Switch: one target per case group, then the default
  // when hasDefault. Targets may repeat only across a Switch's groups and default.
  std::vector<FlowNode *> targets;
  std::vector<std::vector<int64_t>> caseValues; // Switch: the values of each case group
  bool hasDefault = false;
  std::vector<FlowNode *> succs; // distinct targets, in target order
  std::vector<FlowNode *> preds; // distinct predecessors

  FlowGraph *getParent() const { return graph; }
  void printAsOperand(llvm::raw_ostream &os, bool printType) const; // for LLVM's debug output
};

struct FlowGraph {
  std::vector<std::unique_ptr<FlowNode>> nodes;
  FlowNode *entry = nullptr;
  std::vector<VariableKind> variables;
  uint32_t blockNodes = 0;      // nodes of kind Block
  uint32_t reachableBlocks = 0; // input blocks reachable from the entry

  // The Cfg's blocks reachable from block 0; degenerate branches become gotos and switch
  // indices that go to the default target are left to the default. Nodes point back at the
  // graph, so it neither copies nor moves.
  explicit FlowGraph(const Cfg &cfg);
  FlowGraph(const FlowGraph &) = delete;
  FlowGraph &operator=(const FlowGraph &) = delete;

  FlowNode *create(FlowKind kind);
  // Copies everything but the edges.
  FlowNode *cloneWithoutEdges(const FlowNode &node);
  void setTargets(FlowNode *node, std::vector<FlowNode *> targets);
  // Every edge node -> from becomes node -> to.
  void redirect(FlowNode *node, FlowNode *from, FlowNode *to);
  int32_t newVariable(VariableKind kind);

  FlowNode &front() { return *entry; } // for llvm::DominatorTreeBase
};

} // namespace p2m::cfg::detail

namespace llvm {

template <> struct GraphTraits<p2m::cfg::detail::FlowNode *> {
  using NodeRef = p2m::cfg::detail::FlowNode *;
  using ChildIteratorType = std::vector<NodeRef>::const_iterator;
  static NodeRef getEntryNode(NodeRef n) { return n; }
  static ChildIteratorType child_begin(NodeRef n) { return n->succs.begin(); }
  static ChildIteratorType child_end(NodeRef n) { return n->succs.end(); }
};

template <> struct GraphTraits<Inverse<p2m::cfg::detail::FlowNode *>> {
  using NodeRef = p2m::cfg::detail::FlowNode *;
  using ChildIteratorType = std::vector<NodeRef>::const_iterator;
  static NodeRef getEntryNode(Inverse<NodeRef> n) { return n.Graph; }
  static ChildIteratorType child_begin(NodeRef n) { return n->preds.begin(); }
  static ChildIteratorType child_end(NodeRef n) { return n->preds.end(); }
};

template <>
struct GraphTraits<p2m::cfg::detail::FlowGraph *>
    : GraphTraits<p2m::cfg::detail::FlowNode *> {
  using Owner = std::unique_ptr<p2m::cfg::detail::FlowNode>;
  static NodeRef get(const Owner &n) { return n.get(); }
  using nodes_iterator = mapped_iterator<std::vector<Owner>::const_iterator, NodeRef (*)(const Owner &)>;

  static NodeRef getEntryNode(p2m::cfg::detail::FlowGraph *g) { return g->entry; }
  static nodes_iterator nodes_begin(p2m::cfg::detail::FlowGraph *g) {
    return nodes_iterator(g->nodes.begin(), &get);
  }
  static nodes_iterator nodes_end(p2m::cfg::detail::FlowGraph *g) {
    return nodes_iterator(g->nodes.end(), &get);
  }
  static size_t size(p2m::cfg::detail::FlowGraph *g) { return g->nodes.size(); }
};

} // namespace llvm
