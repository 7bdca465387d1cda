#include "CfgTestUtil.h"

#include <catch2/catch.hpp>

#include <ctime>

using namespace p2m::cfg;

namespace {

// Sanitizers and unoptimized builds run several times slower.
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer) || __has_feature(thread_sanitizer)
#define CFG_TESTS_SLOW 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || !defined(__OPTIMIZE__)
#define CFG_TESTS_SLOW 1
#endif
#ifdef CFG_TESTS_SLOW
constexpr double kSlowdown = 5.0;
#else
constexpr double kSlowdown = 1.0;
#endif

// Units of eight blocks: an if/else diamond, then an outer loop around an inner loop whose body
// may leave both loops for the shared return block at the end.
Cfg chainOfDiamondsAndLoops(uint32_t blocks) {
  uint32_t units = (blocks - 1) / 8;
  BlockId exit = units * 8;
  Cfg cfg;
  for (uint32_t u = 0; u < units; ++u) {
    BlockId b = u * 8;
    auto c = static_cast<int32_t>(b);
    cfg.add(CondBranch{c, b + 1, b + 2});
    cfg.add(Goto{b + 3});
    cfg.add(Goto{b + 3});
    cfg.add(CondBranch{c + 3, b + 4, b + 7});
    cfg.add(CondBranch{c + 4, b + 5, b + 6});
    cfg.add(CondBranch{c + 5, b + 4, exit});
    cfg.add(Goto{b + 3});
    cfg.add(Goto{b + 8});
  }
  cfg.add(Return{});
  return cfg;
}

// if (c0) { if (c1) { ... } } join: nesting as deep as the graph is long.
Cfg nestedIfs(uint32_t depth) {
  Cfg cfg;
  BlockId join = depth;
  for (BlockId b = 0; b < depth; ++b)
    cfg.add(CondBranch{static_cast<int32_t>(b), b + 1 < depth ? b + 1 : join, join});
  cfg.add(Goto{depth + 1});
  cfg.add(Return{});
  return cfg;
}

// Mostly branches between nearby blocks, with some long jumps in both directions: loops entered
// in the middle everywhere, and a few returns.
Cfg largeRandomCfg(uint32_t blocks, uint64_t seed) {
  std::mt19937_64 rng(seed);
  auto target = [&](BlockId from) -> BlockId {
    if (rng() % 100 < 90)
      return static_cast<BlockId>((from + 1 + rng() % 4) % blocks);
    return static_cast<BlockId>(rng() % blocks);
  };
  Cfg cfg;
  for (BlockId b = 0; b < blocks; ++b) {
    uint64_t r = rng() % 100;
    if (r < 30)
      cfg.add(Goto{target(b)});
    else if (r < 97)
      cfg.add(CondBranch{static_cast<int32_t>(b), target(b), target(b)});
    else
      cfg.add(Return{});
  }
  return cfg;
}

// Processor time, not wall time: the tests share their machine with builds.
double secondsToStructurize(const Cfg &cfg, Program &out) {
  std::clock_t start = std::clock();
  out = structurize(cfg);
  return static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
}

void checkSameTraces(const Cfg &cfg, const Program &p) {
  for (uint64_t seed = 0; seed < 3; ++seed) {
    Decisions d = test::hashedDecisions(seed, 60);
    Trace expected = simulate(cfg, d, 200000);
    Trace actual = simulate(p, d, 200000);
    REQUIRE(actual.end == expected.end);
    REQUIRE(actual.blocks == expected.blocks);
  }
}

} // namespace

TEST_CASE("a 20,000-block chain of diamonds and loops", "[cfg][scale]") {
  Cfg cfg = chainOfDiamondsAndLoops(20001);
  Program p;
  double seconds = secondsToStructurize(cfg, p);
  WARN("structurized " << cfg.size() << " blocks in " << seconds << " s");
  CHECK(seconds < 1.0 * kSlowdown);
  REQUIRE(verifyStructure(p, cfg) == "");
  CHECK(p.stats.emittedBlocks <= 2 * p.stats.reachableBlocks);
  CHECK(p.stats.flags == 0);
  checkSameTraces(cfg, p);
  CHECK(!printStructured(p).empty());
}

TEST_CASE("20,000 nested ifs: no recursion in the depth of the tree", "[cfg][scale]") {
  Cfg cfg = nestedIfs(20000);
  Program p;
  double seconds = secondsToStructurize(cfg, p);
  WARN("structurized " << cfg.size() << " nested blocks in " << seconds << " s");
  CHECK(seconds < 1.0 * kSlowdown);
  REQUIRE(verifyStructure(p, cfg) == "");
  checkSameTraces(cfg, p);
}

TEST_CASE("a 20,000-block random graph (irreducible throughout)", "[cfg][scale]") {
  Cfg cfg = largeRandomCfg(20000, 5);
  Program p;
  double seconds = secondsToStructurize(cfg, p);
  WARN("structurized " << cfg.size() << " random blocks in " << seconds << " s, split "
                       << p.stats.splitRegions << ", dispatch " << p.stats.dispatchRegions);
  CHECK(seconds < 2.0 * kSlowdown);
  REQUIRE(verifyStructure(p, cfg) == "");
  CHECK((p.stats.emittedBlocks <= 2 * p.stats.reachableBlocks || p.stats.dispatchRegions > 0));
  checkSameTraces(cfg, p);
}

// For profiling: cfg_tests "[.bench]" under perf.
TEST_CASE("twenty structurings of the 20,000-block chain", "[.bench]") {
  Cfg cfg = chainOfDiamondsAndLoops(20001);
  for (int i = 0; i < 20; ++i) {
    Program p = structurize(cfg);
    CHECK(p.stats.reachableBlocks == 20001);
  }
}
