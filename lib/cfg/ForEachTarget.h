// Internal to lib/cfg: the targets of a terminator without building a list (successors() in
// Cfg.h allocates one; the walks over every block of a function call this instead).
#pragma once

#include "cfg/Cfg.h"

#include <variant>

namespace p2m::cfg::detail {

// Calls f(target) for each target of `terminator` in order, repeats included: successors()
// lists the same targets without the repeats.
template <class F> void forEachTarget(const Terminator &terminator, F &&f) {
  if (const auto *g = std::get_if<Goto>(&terminator)) {
    f(g->target);
  } else if (const auto *c = std::get_if<CondBranch>(&terminator)) {
    f(c->trueTarget);
    f(c->falseTarget);
  } else if (const auto *s = std::get_if<Switch>(&terminator)) {
    for (BlockId t : s->targets)
      f(t);
    f(s->defaultTarget);
  }
}

// successors(terminator).front() of a terminator with a target.
inline BlockId firstTarget(const Terminator &terminator) {
  BlockId first = 0;
  bool found = false;
  forEachTarget(terminator, [&](BlockId t) {
    if (!found) {
      first = t;
      found = true;
    }
  });
  return first;
}

} // namespace p2m::cfg::detail
