#include "cfg/Dominators.h"

namespace p2m::cfg::detail {

Dominators::Dominators(const FlowGraph &g) {
  const size_t n = g.nodes.size();
  // Depth-first spanning tree from the entry: DFS numbers from 0, the tree parent of each.
  std::vector<uint32_t> number(n, kNone), vertex, parent;
  vertex.reserve(n);
  parent.reserve(n);
  {
    std::vector<std::pair<const FlowNode *, uint32_t>> stack{{g.entry, 0}};
    number[g.entry->index] = 0;
    vertex.push_back(g.entry->index);
    parent.push_back(0);
    while (!stack.empty()) {
      auto &[node, next] = stack.back();
      if (next == node->succs.size()) {
        stack.pop_back();
        continue;
      }
      const FlowNode *s = node->succs[next++];
      if (number[s->index] != kNone)
        continue;
      number[s->index] = static_cast<uint32_t>(vertex.size());
      parent.push_back(number[node->index]);
      vertex.push_back(s->index);
      stack.push_back({s, 0});
    }
  }
  const auto reached = static_cast<uint32_t>(vertex.size());

  // Semidominators, in reverse DFS order, with the path-compressed forest of the vertices done
  // so far (ancestor/label); then each immediate dominator is the nearest ancestor of the tree
  // parent whose number is at most the semidominator's. All indices here are DFS numbers.
  std::vector<uint32_t> semi(reached), label(reached), ancestor(parent), idom(parent);
  for (uint32_t i = 0; i < reached; ++i)
    semi[i] = label[i] = i;
  std::vector<uint32_t> path;
  // The vertex of least semidominator on the forest path from v up to its root (v itself when v
  // is not yet in the forest: only vertices numbered `linked` or higher are).
  auto eval = [&](uint32_t v, uint32_t linked) {
    if (ancestor[v] < linked)
      return label[v];
    do {
      path.push_back(v);
      v = ancestor[v];
    } while (ancestor[v] >= linked);
    uint32_t top = v, topLabel = label[v];
    do {
      v = path.back();
      path.pop_back();
      ancestor[v] = ancestor[top];
      if (semi[topLabel] < semi[label[v]])
        label[v] = label[top];
      else
        topLabel = label[v];
      top = v;
    } while (!path.empty());
    return label[v];
  };
  for (uint32_t i = reached; i-- > 1;) {
    semi[i] = parent[i];
    for (const FlowNode *p : g.nodes[vertex[i]]->preds) {
      uint32_t pn = number[p->index];
      if (pn == kNone)
        continue; // an unreachable predecessor
      uint32_t s = semi[eval(pn, i + 1)];
      if (s < semi[i])
        semi[i] = s;
    }
  }
  for (uint32_t i = 1; i < reached; ++i) {
    uint32_t d = idom[i];
    while (d > semi[i])
      d = idom[d];
    idom[i] = d;
  }

  idom_.assign(n, kNone);
  for (uint32_t i = 1; i < reached; ++i)
    idom_[vertex[i]] = vertex[idom[i]];

  // Children lists (in DFS order), then a preorder walk of the tree for the intervals.
  childBegin_.assign(n + 1, 0);
  for (uint32_t i = 1; i < reached; ++i)
    ++childBegin_[idom_[vertex[i]] + 1];
  for (size_t x = 0; x < n; ++x)
    childBegin_[x + 1] += childBegin_[x];
  children_.resize(reached > 0 ? reached - 1 : 0);
  std::vector<uint32_t> fill(childBegin_.begin(), childBegin_.end() - 1);
  for (uint32_t i = 1; i < reached; ++i)
    children_[fill[idom_[vertex[i]]]++] = vertex[i];

  enter_.assign(n, kNone);
  leave_.assign(n, kNone);
  uint32_t clock = 0;
  std::vector<std::pair<uint32_t, uint32_t>> stack{{g.entry->index, 0}};
  enter_[g.entry->index] = clock++;
  while (!stack.empty()) {
    auto &[x, next] = stack.back();
    if (childBegin_[x] + next == childBegin_[x + 1]) {
      leave_[x] = clock++;
      stack.pop_back();
      continue;
    }
    uint32_t c = children_[childBegin_[x] + next++];
    enter_[c] = clock++;
    stack.push_back({c, 0});
  }
}

} // namespace p2m::cfg::detail
