#include "cfg/FlowGraph.h"
#include "cfg/ForEachTarget.h"

#include <algorithm>

namespace p2m::cfg::detail {

namespace {

void addUnique(NodeList &list, FlowNode *n) {
  if (std::find(list.begin(), list.end(), n) == list.end())
    list.push_back(n);
}

void removeOne(NodeList &list, FlowNode *n) {
  auto it = std::find(list.begin(), list.end(), n);
  if (it != list.end())
    list.erase(it);
}

} // namespace

FlowNode *FlowGraph::create(FlowKind kind) {
  auto *node = new (arena_.Allocate()) FlowNode();
  node->index = static_cast<uint32_t>(nodes.size());
  node->kind = kind;
  if (kind == FlowKind::Block)
    ++blockNodes;
  nodes.push_back(node);
  return node;
}

FlowNode *FlowGraph::cloneWithoutEdges(const FlowNode &node) {
  FlowNode *copy = create(node.kind);
  copy->term = node.term;
  copy->block = node.block;
  copy->operand = node.operand;
  copy->value = node.value;
  copy->caseValues = node.caseValues;
  copy->hasDefault = node.hasDefault;
  return copy;
}

void FlowGraph::setTargets(FlowNode *node, NodeList targets) {
  for (FlowNode *s : node->succs)
    removeOne(s->preds, node);
  node->succs.clear();
  node->targets = std::move(targets);
  node->succs.reserve(node->targets.size()); // one allocation, not one per doubling
  for (FlowNode *t : node->targets)
    addUnique(node->succs, t);
  for (FlowNode *s : node->succs)
    s->preds.push_back(node);
}

void FlowGraph::redirect(FlowNode *node, FlowNode *from, FlowNode *to) {
  NodeList targets = node->targets;
  std::replace(targets.begin(), targets.end(), from, to);
  setTargets(node, std::move(targets));
}

int32_t FlowGraph::newVariable(VariableKind kind) {
  variables.push_back(kind);
  return static_cast<int32_t>(variables.size() - 1);
}

FlowGraph::FlowGraph(const Cfg &cfg) {
  FlowGraph &g = *this;
  std::vector<FlowNode *> nodeOf(cfg.size(), nullptr);
  std::vector<BlockId> worklist{0};
  nodeOf[0] = g.create(FlowKind::Block);
  nodeOf[0]->block = 0;
  // Breadth-first, so node indices follow the program roughly top to bottom.
  for (size_t next = 0; next < worklist.size(); ++next)
    forEachTarget(cfg.blocks[worklist[next]], [&](BlockId s) {
      if (!nodeOf[s]) {
        nodeOf[s] = g.create(FlowKind::Block);
        nodeOf[s]->block = s;
        worklist.push_back(s);
      }
    });

  // Each predecessor list reserved once (a bound: a repeated target counts again), so
  // setTargets appends to it without regrowing.
  std::vector<uint32_t> predBound(cfg.size(), 0);
  for (BlockId b : worklist)
    forEachTarget(cfg.blocks[b], [&](BlockId s) { ++predBound[s]; });
  for (BlockId b : worklist)
    nodeOf[b]->preds.reserve(predBound[b]);

  for (BlockId b : worklist) {
    FlowNode *n = nodeOf[b];
    const Terminator &t = cfg.blocks[b];
    NodeList targets;
    if (std::holds_alternative<Return>(t)) {
      n->term = FlowTerm::Return;
    } else if (std::holds_alternative<Unreachable>(t)) {
      n->term = FlowTerm::Unreachable;
    } else if (!testsAtRunTime(t)) {
      n->term = FlowTerm::Goto;
      targets.push_back(nodeOf[firstTarget(t)]);
    } else if (const auto *c = std::get_if<CondBranch>(&t)) {
      n->term = FlowTerm::Branch;
      n->operand = c->condition;
      targets = {nodeOf[c->trueTarget], nodeOf[c->falseTarget]};
    } else {
      const auto &s = std::get<Switch>(t);
      n->term = FlowTerm::Switch;
      n->operand = s.selector;
      n->hasDefault = true;
      for (size_t i = 0; i < s.targets.size(); ++i) {
        if (s.targets[i] == s.defaultTarget)
          continue;
        FlowNode *target = nodeOf[s.targets[i]];
        auto it = std::find(targets.begin(), targets.end(), target);
        if (it == targets.end()) {
          targets.push_back(target);
          n->caseValues.emplace_back();
          it = targets.end() - 1;
        }
        n->caseValues[static_cast<size_t>(it - targets.begin())].push_back(
            static_cast<int64_t>(i));
      }
      targets.push_back(nodeOf[s.defaultTarget]);
    }
    g.setTargets(n, std::move(targets));
  }
  g.entry = nodeOf[0];
  g.reachableBlocks = static_cast<uint32_t>(worklist.size());
}

} // namespace p2m::cfg::detail
