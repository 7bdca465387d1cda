#include "CfgTestUtil.h"
#include "RandomCfg.h"
#include "Shapes.h"

#include <catch2/catch.hpp>

using namespace p2m::cfg;

namespace {

struct Tally {
  uint32_t graphs = 0, irreducible = 0, dispatched = 0, traces = 0, returned = 0;
};

// The structured program must run the same blocks as the graph under each decision function,
// be a well-formed tree, and stay within twice the reachable blocks unless it used a dispatch
// loop.
void checkStructuring(const Cfg &cfg, const StructurizeOptions &options, uint64_t seed, Tally &tally) {
  Program p = structurize(cfg, options);
  std::string problem = verifyStructure(p, cfg);
  INFO("seed " << seed << "\n" << printStructured(p));
  REQUIRE(problem == "");
  REQUIRE(p.stats.emittedBlocks == countBlocks(p));
  CHECK((p.stats.emittedBlocks <= 2 * p.stats.reachableBlocks || p.stats.dispatchRegions > 0));
  ++tally.graphs;
  tally.irreducible += p.stats.splitRegions + p.stats.dispatchRegions > 0;
  tally.dispatched += p.stats.dispatchRegions > 0;
  for (unsigned percentTrue : {50u, 85u, 15u, 97u}) {
    for (uint64_t d = 0; d < 2; ++d) {
      Decisions decisions = test::hashedDecisions(seed * 31 + d, percentTrue);
      Trace expected = simulate(cfg, decisions, 300);
      Trace actual = simulate(p, decisions, 300);
      INFO("decisions " << d << " at " << percentTrue << "% true");
      REQUIRE(test::traceText(actual) == test::traceText(expected));
      ++tally.traces;
      tally.returned += expected.end == TraceEnd::Return;
    }
  }
}

} // namespace

TEST_CASE("random graphs: the structured program runs the same blocks", "[cfg][property]") {
  std::mt19937_64 rng(20240611);
  Tally tally;
  for (uint64_t i = 0; i < 3000; ++i) {
    Cfg cfg = test::randomCfg(rng, 40);
    checkStructuring(cfg, {}, i, tally);
  }
  INFO("graphs " << tally.graphs << ", irreducible " << tally.irreducible << ", dispatched "
                 << tally.dispatched << ", traces " << tally.traces);
  CHECK(tally.irreducible > 500);
  CHECK(tally.returned > tally.traces / 10);
}

TEST_CASE("random graphs with dispatch loops for every irreducible region", "[cfg][property]") {
  std::mt19937_64 rng(7);
  Tally tally;
  StructurizeOptions dispatchOnly;
  dispatchOnly.maxGrowth = 1.0;
  for (uint64_t i = 0; i < 2000; ++i) {
    Cfg cfg = test::randomCfg(rng, 40);
    checkStructuring(cfg, dispatchOnly, i, tally);
  }
  INFO("graphs " << tally.graphs << ", dispatched " << tally.dispatched);
  CHECK(tally.dispatched > 300);
}

TEST_CASE("random graphs with a tight duplication budget", "[cfg][property]") {
  std::mt19937_64 rng(99);
  Tally tally;
  StructurizeOptions tight;
  tight.maxGrowth = 1.25;
  for (uint64_t i = 0; i < 1000; ++i) {
    Cfg cfg = test::randomCfg(rng, 40);
    checkStructuring(cfg, tight, i, tally);
  }
  CHECK(tally.dispatched > 0);
}

TEST_CASE("hand-written shapes run the same blocks", "[cfg][property]") {
  Tally tally;
  uint64_t seed = 0;
  for (const auto &shape : test::shapes()) {
    INFO(shape.name);
    checkStructuring(shape.cfg, {}, seed++, tally);
    StructurizeOptions dispatchOnly;
    dispatchOnly.maxGrowth = 1.0;
    checkStructuring(shape.cfg, dispatchOnly, seed++, tally);
  }
}
