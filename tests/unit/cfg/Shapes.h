// Hand-written CFG shapes shared by the golden and property tests.
#pragma once

#include "cfg/Cfg.h"

#include <string>
#include <vector>

namespace p2m::cfg::test {

struct Shape {
  std::string name;
  Cfg cfg;
};

inline Cfg cfgOf(std::vector<Terminator> blocks) {
  Cfg cfg;
  cfg.blocks = std::move(blocks);
  return cfg;
}

inline std::vector<Shape> shapes() {
  return {
      {"straight line", cfgOf({Goto{1}, Goto{2}, Return{}})},
      {"if/else diamond", cfgOf({CondBranch{0, 1, 2}, Goto{3}, Goto{3}, Return{}})},
      {"if without else", cfgOf({CondBranch{0, 1, 2}, Goto{2}, Return{}})},
      {"while loop", cfgOf({Goto{1}, CondBranch{1, 2, 3}, Goto{1}, Return{}})},
      {"self-loop", cfgOf({Goto{1}, CondBranch{1, 1, 2}, Return{}})},
      {"infinite loop with a break in the middle",
       cfgOf({Goto{1}, CondBranch{1, 3, 2}, Goto{1}, Return{}})},
      {"nested loops with several exits",
       cfgOf({Goto{1},              // 0
              CondBranch{1, 2, 9},  // 1: outer loop test
              Goto{3},              // 2
              CondBranch{3, 4, 7},  // 3: inner loop test
              CondBranch{4, 10, 5}, // 4: break out of both loops
              CondBranch{5, 7, 6},  // 5: break out of the inner loop
              CondBranch{6, 1, 3},  // 6: continue the outer loop from the inner one
              Goto{1},              // 7: after the inner loop
              Return{},             // 8: unused
              Goto{10},             // 9: after the outer loop
              Goto{11},             // 10: where breaking out of both loops leads
              Return{}})},          // 11
      {"loop entered from two places",
       cfgOf({CondBranch{0, 1, 2}, Goto{2}, Goto{3}, CondBranch{3, 1, 4}, Return{}})},
      {"irreducible knot",
       cfgOf({CondBranch{0, 1, 2}, CondBranch{1, 2, 3}, CondBranch{2, 1, 3}, Return{}})},
      {"switch with shared targets",
       cfgOf({Switch{0, {1, 2, 1, 3, 4}, 4}, Goto{2}, Goto{5}, Goto{5}, Goto{5}, Return{}})},
      {"early return from nested loops",
       cfgOf({Goto{1}, CondBranch{1, 2, 7}, Goto{3}, CondBranch{3, 4, 6}, CondBranch{4, 5, 3},
              Return{}, Goto{1}, Return{}})},
      {"loop with several back edges",
       cfgOf({Goto{1}, CondBranch{1, 2, 5}, CondBranch{2, 1, 3}, CondBranch{3, 1, 4}, Goto{1},
              Return{}})},
      {"unreachable blocks",
       cfgOf({Goto{2}, Goto{2}, CondBranch{2, 4, 5}, CondBranch{3, 1, 0}, Return{}, Goto{4}})},
      {"trap", cfgOf({CondBranch{0, 1, 2}, Unreachable{}, Return{}})},
      {"short-circuit or",
       cfgOf({CondBranch{0, 2, 1}, CondBranch{1, 2, 3}, Goto{4}, Goto{4}, Goto{5}, Return{}})},
      {"if/else chains",
       cfgOf({CondBranch{0, 1, 2}, Goto{5}, CondBranch{2, 3, 4}, Goto{5}, Goto{5}, Return{}})},
      {"switch in a loop, leaving the loop from a case",
       cfgOf({Goto{1}, Switch{1, {2, 3, 4}, 5}, Goto{1}, Goto{7}, CondBranch{4, 1, 7}, Goto{6},
              Goto{1}, Goto{8}, Return{}})},
      {"loop exit that skips code after the loop",
       cfgOf({Goto{1}, CondBranch{1, 2, 3}, CondBranch{2, 4, 1}, Goto{4}, Return{}})},
  };
}

} // namespace p2m::cfg::test
