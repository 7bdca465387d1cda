// Random control-flow graphs for the property and scale tests.
#pragma once

#include "cfg/Cfg.h"

#include <random>

namespace p2m::cfg::test {

// 2..maxBlocks blocks with random terminators. Targets are a mix of nearby blocks (program-like
// shapes) and arbitrary ones (irreducible knots, loops entered in the middle); condition ids are
// drawn from a small range so that several blocks share one.
inline Cfg randomCfg(std::mt19937_64 &rng, uint32_t maxBlocks) {
  auto uniform = [&](uint64_t n) { return static_cast<uint32_t>(rng() % n); };
  uint32_t n = 2 + uniform(maxBlocks - 1);
  unsigned localPercent = uniform(101);
  auto target = [&](uint32_t from) -> BlockId {
    if (uniform(100) < localPercent)
      return (from + 1 + uniform(3)) % n;
    return uniform(n);
  };
  auto condition = [&] { return static_cast<int32_t>(uniform(n / 2 + 1)); };
  Cfg cfg;
  for (uint32_t b = 0; b < n; ++b) {
    unsigned r = uniform(100);
    if (r < 25) {
      cfg.add(Goto{target(b)});
    } else if (r < 72) {
      cfg.add(CondBranch{condition(), target(b), target(b)});
    } else if (r < 82) {
      Switch s{condition(), {}, target(b)};
      for (uint32_t k = 1 + uniform(4); k > 0; --k)
        s.targets.push_back(target(b));
      cfg.add(s);
    } else if (r < 95) {
      cfg.add(Return{});
    } else {
      cfg.add(Unreachable{});
    }
  }
  return cfg;
}

} // namespace p2m::cfg::test
