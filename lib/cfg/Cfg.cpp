#include "cfg/Cfg.h"
#include "cfg/ForEachTarget.h"

#include <algorithm>

namespace p2m::cfg {

namespace {

template <class... Ts> struct Overloaded : Ts... {
  using Ts::operator()...;
};

void addUnique(std::vector<BlockId> &list, BlockId b) {
  if (std::find(list.begin(), list.end(), b) == list.end())
    list.push_back(b);
}

} // namespace

std::vector<BlockId> successors(const Terminator &terminator) {
  std::vector<BlockId> result;
  std::visit(Overloaded{
                 [&](const Goto &g) { result.push_back(g.target); },
                 [&](const CondBranch &c) {
                   result.push_back(c.trueTarget);
                   addUnique(result, c.falseTarget);
                 },
                 [&](const Switch &s) {
                   for (BlockId t : s.targets)
                     addUnique(result, t);
                   addUnique(result, s.defaultTarget);
                 },
                 [](const Return &) {},
                 [](const Unreachable &) {},
             },
             terminator);
  return result;
}

bool testsAtRunTime(const Terminator &terminator) {
  if (const auto *c = std::get_if<CondBranch>(&terminator))
    return c->trueTarget != c->falseTarget;
  if (const auto *s = std::get_if<Switch>(&terminator))
    return std::any_of(s->targets.begin(), s->targets.end(),
                       [&](BlockId t) { return t != s->defaultTarget; });
  return false;
}

std::string validate(const Cfg &cfg) {
  if (cfg.blocks.empty())
    return "the graph has no blocks (block 0 is the entry)";
  for (size_t b = 0; b < cfg.blocks.size(); ++b) {
    // The first target out of range (the first of successors(), which only drops repeats).
    BlockId bad = 0;
    bool found = false;
    detail::forEachTarget(cfg.blocks[b], [&](BlockId t) {
      if (!found && t >= cfg.blocks.size()) {
        bad = t;
        found = true;
      }
    });
    if (found)
      return "block " + std::to_string(b) + " jumps to block " + std::to_string(bad) +
             ", but the graph has only " + std::to_string(cfg.blocks.size()) + " blocks";
  }
  return {};
}

} // namespace p2m::cfg
