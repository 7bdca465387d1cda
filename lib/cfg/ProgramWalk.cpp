#include "cfg/ProgramWalk.h"

#include <algorithm>

namespace p2m::cfg::detail {

std::vector<NodeId> preorder(const Program &program, NodeId root) {
  std::vector<NodeId> order, stack;
  order.reserve(program.nodes.size());
  stack.reserve(program.nodes.size()); // every node is pushed once: no regrowth
  stack.push_back(root);
  while (!stack.empty()) {
    NodeId x = stack.back();
    stack.pop_back();
    order.push_back(x);
    // Children pushed in order, then reversed in place: the first child is popped first.
    size_t first = stack.size();
    forEachChild(program[x], [&](NodeId c) { stack.push_back(c); });
    std::reverse(stack.begin() + static_cast<std::ptrdiff_t>(first), stack.end());
  }
  return order;
}

std::vector<NodeId> parents(const Program &program, const std::vector<NodeId> &preorder) {
  std::vector<NodeId> parent(program.nodes.size(), kNoNode);
  for (NodeId x : preorder)
    forEachChild(program[x], [&](NodeId c) { parent[c] = x; });
  return parent;
}

Completion completion(const Program &program) {
  return completion(program, preorder(program, program.root));
}

Completion completion(const Program &program, const std::vector<NodeId> &order) {
  size_t n = program.nodes.size();
  Completion result;
  result.canComplete.assign(n, 0);
  result.breakTarget.assign(n, kNoNode);
  result.isBroken.assign(n, 0);
  std::vector<NodeId> parent = parents(program, order);
  for (NodeId x : order) {
    if (program[x].kind != NodeKind::Break)
      continue;
    NodeId p = parent[x];
    while (p != kNoNode && program[p].kind != NodeKind::Loop && program[p].kind != NodeKind::Switch)
      p = parent[p];
    result.breakTarget[x] = p;
    if (p != kNoNode)
      result.isBroken[p] = 1;
  }
  auto &can = result.canComplete;
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    const Node &node = program[*it];
    bool value = false;
    switch (node.kind) {
    case NodeKind::Seq:
      value = std::all_of(node.statements.begin(), node.statements.end(),
                          [&](NodeId s) { return can[s] != 0; });
      break;
    case NodeKind::Block:
    case NodeKind::SetVar:
      value = true;
      break;
    case NodeKind::If:
      value = can[node.thenBody] || can[node.elseBody];
      break;
    case NodeKind::Loop:
      value = result.isBroken[*it] != 0;
      break;
    case NodeKind::Switch:
      value = result.isBroken[*it] != 0 ||
              (node.defaultBody != kNoNode && can[node.defaultBody]) ||
              std::any_of(node.cases.begin(), node.cases.end(),
                          [&](const SwitchCase &c) { return can[c.body] != 0; });
      break;
    case NodeKind::Break:
    case NodeKind::Continue:
    case NodeKind::Return:
    case NodeKind::Unreachable:
      value = false;
      break;
    }
    can[*it] = value;
  }
  return result;
}

} // namespace p2m::cfg::detail
