#include "cfg/Dominators.h"

namespace p2m::cfg {

void Dominators::buildTree(uint32_t root, const std::vector<uint32_t> &vertex) {
  const size_t n = idom_.size();
  const auto reached = static_cast<uint32_t>(vertex.size());
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
  std::vector<std::pair<uint32_t, uint32_t>> stack{{root, 0}};
  enter_[root] = clock++;
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

} // namespace p2m::cfg
