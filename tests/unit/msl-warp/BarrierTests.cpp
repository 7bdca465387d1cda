// CTA barriers and fences (atomic_ops.h) on the lane simulator's threadgroups: bar.red's
// counting scheme over many consecutive reductions sharing one never-reset scratch word.
#include "Kernels.h"
#include "TestUtil.h"

#include <catch2/catch.hpp>

#include <vector>

namespace p2m::mslwarp::test {

TEST_CASE("bar.red.popc/and/or over a CTA, many rounds on one scratch word", "[bar][sim]")
{
  constexpr unsigned kThreads = 96, kRounds = 60;
  Rng rng(0xba5);
  // Predicates per round and thread: some rounds all true or all false, for and/or.
  std::vector<std::vector<bool>> p(kRounds, std::vector<bool>(kThreads));
  for (unsigned r = 0; r < kRounds; ++r)
    for (unsigned t = 0; t < kThreads; ++t)
      p[r][t] = r % 5 == 0 ? true : r % 5 == 1 ? false : rng.below(r % 3 + 2) == 0;
  std::vector<std::vector<std::uint32_t>> popc(kRounds, std::vector<std::uint32_t>(kThreads));
  std::vector<std::vector<char>> andR(kRounds, std::vector<char>(kThreads));
  std::vector<std::vector<char>> orR(kRounds, std::vector<char>(kThreads));
  std::vector<std::uint32_t> data(kThreads);
  std::vector<std::uint32_t> seen(kThreads);
  std::uint32_t scratch = 0xfffffff3u; // uninitialized threadgroup memory: any value works
  sim::runThreadgroup(kThreads, [&](unsigned t) {
    for (unsigned r = 0; r < kRounds; ++r) {
      popc[r][t] = barRedPopc(p[r][t], &scratch);
      andR[r][t] = barRedAnd(p[r][t], &scratch);
      orR[r][t] = barRedOr(p[r][t], &scratch);
    }
    data[t] = t * 3;
    fenceCta();
    fenceGpu();
    fenceSys();
    barSync();
    seen[t] = data[(t + 1) % kThreads];
  });
  for (unsigned r = 0; r < kRounds; ++r) {
    std::uint32_t count = 0;
    for (unsigned t = 0; t < kThreads; ++t)
      count += p[r][t] ? 1 : 0;
    for (unsigned t = 0; t < kThreads; ++t) {
      INFO("round " << r << " thread " << t);
      REQUIRE(popc[r][t] == count);
      REQUIRE((andR[r][t] != 0) == (count == kThreads));
      REQUIRE((orR[r][t] != 0) == (count != 0));
    }
  }
  for (unsigned t = 0; t < kThreads; ++t)
    CHECK(seen[t] == (t + 1) % kThreads * 3);
}

} // namespace p2m::mslwarp::test
