// Hidden tools for hunting structurizer bugs (run explicitly by tag):
//   cfg_tests "[.stress]"    many more random graphs and decision functions than the regular
//                            property test; CFG_STRESS_SIZE sets the largest graph (default 100)
//   cfg_tests "[.minimize]"  the same over the property test's graphs
// On a failure, the graph is shrunk (terminators replaced by simpler ones while it still fails)
// and printed with its structuring and the first differing traces.
#include "CfgTestUtil.h"
#include "RandomCfg.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <iostream>

using namespace p2m::cfg;

namespace {

Program structurizeWith(const Cfg &cfg, double maxGrowth) {
  StructurizeOptions options;
  options.maxGrowth = maxGrowth;
  return structurize(cfg, options);
}

// The first decision function under which the structuring and the graph differ, as text.
std::string firstDifference(const Cfg &cfg, const Program &p) {
  for (unsigned percentTrue : {50u, 85u, 15u, 97u})
    for (uint64_t seed = 0; seed < 40; ++seed) {
      Decisions d = test::hashedDecisions(seed * 7 + 1, percentTrue);
      Trace expected = simulate(cfg, d, 300), actual = simulate(p, d, 300);
      if (!(expected == actual))
        return "graph: " + test::traceText(expected) + "\ntree:  " + test::traceText(actual) + "\n";
    }
  return {};
}

bool fails(const Cfg &cfg, double maxGrowth) {
  Program p = structurizeWith(cfg, maxGrowth);
  return !verifyStructure(p, cfg).empty() || !firstDifference(cfg, p).empty();
}

std::string show(const Cfg &cfg) {
  std::string s;
  for (size_t b = 0; b < cfg.size(); ++b) {
    const Terminator &t = cfg.blocks[b];
    s += std::to_string(b) + ": ";
    if (const auto *g = std::get_if<Goto>(&t)) {
      s += "Goto{" + std::to_string(g->target) + "}";
    } else if (const auto *c = std::get_if<CondBranch>(&t)) {
      s += "CondBranch{" + std::to_string(c->condition) + ", " + std::to_string(c->trueTarget) +
           ", " + std::to_string(c->falseTarget) + "}";
    } else if (const auto *w = std::get_if<Switch>(&t)) {
      s += "Switch{" + std::to_string(w->selector) + ", {";
      for (BlockId x : w->targets)
        s += std::to_string(x) + ", ";
      s += "}, " + std::to_string(w->defaultTarget) + "}";
    } else {
      s += std::holds_alternative<Return>(t) ? "Return{}" : "Unreachable{}";
    }
    s += "\n";
  }
  return s;
}

// Simpler terminators for block b: Return, a Goto to one successor, a Switch with one target
// fewer, a CondBranch from a Switch. Each is strictly simpler, so shrinking terminates.
std::vector<Terminator> simplerTerminators(const Terminator &t) {
  std::vector<Terminator> result{Return{}};
  for (BlockId s : successors(t))
    result.push_back(Goto{s});
  if (const auto *w = std::get_if<Switch>(&t))
    for (size_t i = 0; i < w->targets.size(); ++i) {
      Switch fewer = *w;
      fewer.targets.erase(fewer.targets.begin() + static_cast<std::ptrdiff_t>(i));
      result.push_back(fewer);
      result.push_back(CondBranch{w->selector, w->targets[i], w->defaultTarget});
    }
  return result;
}

void shrinkAndReport(Cfg cfg, double maxGrowth) {
  for (bool shrunk = true; shrunk;) {
    shrunk = false;
    for (size_t b = 0; b < cfg.size() && !shrunk; ++b)
      for (const Terminator &t : simplerTerminators(cfg.blocks[b])) {
        Cfg trial = cfg;
        trial.blocks[b] = t;
        if (show(trial) != show(cfg) && fails(trial, maxGrowth)) {
          cfg = std::move(trial);
          shrunk = true;
          break;
        }
      }
  }
  Program p = structurizeWith(cfg, maxGrowth);
  std::cout << "maxGrowth " << maxGrowth << "\n"
            << show(cfg) << "----\n"
            << printStructured(p) << verifyStructure(p, cfg) << "\n"
            << firstDifference(cfg, p);
}

void hunt(uint32_t maxBlocks, int graphs, uint64_t seedBase) {
  for (double maxGrowth : {2.0, 1.0, 1.25}) {
    std::mt19937_64 rng(seedBase + static_cast<uint64_t>(maxGrowth * 100));
    for (int i = 0; i < graphs; ++i) {
      Cfg cfg = test::randomCfg(rng, maxBlocks);
      if (fails(cfg, maxGrowth)) {
        shrinkAndReport(cfg, maxGrowth);
        FAIL("graph " << i << " fails");
      }
    }
  }
}

} // namespace

TEST_CASE("stress: many random graphs and decision functions", "[.stress]") {
  const char *size = std::getenv("CFG_STRESS_SIZE");
  hunt(size ? static_cast<uint32_t>(std::atoi(size)) : 100, 4000, 1);
}

TEST_CASE("minimize: the property test's graphs with more decision functions", "[.minimize]") {
  hunt(40, 3000, 2);
}
