// shfl.sync: the source-lane arithmetic against the PTX ISA pseudo-code (which the H200 follows
// exactly on 642,048 lane results: docs/gpu-facts.md, tests/probes/warp_atomics.cu), then the
// full helpers on the lane simulator, with uniform and per-lane operands and partial warps.
#include "Kernels.h"
#include "TestUtil.h"

#include <catch2/catch.hpp>

#include <array>
#include <vector>

namespace p2m::mslwarp::test {
namespace {

struct Source {
  unsigned lane;
  bool inRange;
};

// The ISA's pseudo-code, transcribed: bval = b[4:0], cval = c[4:0], segmask = c[12:8].
Source reference(ShflMode mode, unsigned lane, std::uint32_t b, std::uint32_t c)
{
  const int bval = static_cast<int>(b & 31), cval = static_cast<int>(c & 31);
  const int segmask = static_cast<int>((c >> 8) & 31), l = static_cast<int>(lane);
  const int maxLane = (l & segmask) | (cval & ~segmask);
  const int minLane = l & segmask;
  int j = 0;
  bool pval = false;
  switch (mode) {
  case ShflMode::Up:
    j = l - bval;
    pval = j >= maxLane;
    break;
  case ShflMode::Down:
    j = l + bval;
    pval = j <= maxLane;
    break;
  case ShflMode::Bfly:
    j = l ^ bval;
    pval = j <= maxLane;
    break;
  case ShflMode::Idx:
    j = minLane | (bval & ~segmask);
    pval = j <= maxLane;
    break;
  }
  if (!pval)
    j = l;
  return {static_cast<unsigned>(j), pval};
}

constexpr std::array<ShflMode, 4> kModes = {ShflMode::Up, ShflMode::Down, ShflMode::Bfly,
                                            ShflMode::Idx};

// b: 0..63 (bits above 4 are ignored) and two with high bits.
std::vector<std::uint32_t> bValues()
{
  std::vector<std::uint32_t> values;
  for (std::uint32_t b = 0; b < 64; ++b)
    values.push_back(b);
  values.push_back(0xffffffe3u);
  values.push_back(0x80000005u);
  return values;
}

std::uint32_t laneValue(unsigned lane, unsigned round)
{
  return 0x10000u * (round + 1) + 0x100u * lane + 0x5au;
}

} // namespace

TEST_CASE("shfl source lane: every mode, b, clamp, segment mask and lane", "[shfl]")
{
  std::vector<std::uint32_t> cs;
  for (std::uint32_t seg = 0; seg < 32; ++seg)
    for (std::uint32_t clamp = 0; clamp < 32; ++clamp)
      cs.push_back((seg << 8) | clamp);
  // Bits outside c[4:0] and c[12:8] are ignored.
  for (std::uint32_t junk : {0xffffffffu, 0x0000201fu, 0x0000e01fu, 0x00ff1f1fu, 0xffff00e0u})
    cs.push_back(junk);
  std::size_t checked = 0, differ = 0;
  for (ShflMode mode : kModes)
    for (std::uint32_t b : bValues())
      for (std::uint32_t c : cs)
        for (unsigned lane = 0; lane < 32; ++lane) {
          bool inRange = false;
          const std::uint32_t j = shflSourceLane(mode, lane, b, c, inRange);
          const Source want = reference(mode, lane, b, c);
          ++checked;
          if (j != want.lane || inRange != want.inRange) {
            if (++differ <= 5)
              UNSCOPED_INFO("mode " << static_cast<int>(mode) << " b " << b << " c " << c
                                    << " lane " << lane << ": got " << j << "/" << inRange
                                    << " want " << want.lane << "/" << want.inRange);
          }
        }
  CHECK(checked == 4u * 66u * 1029u * 32u);
  CHECK(differ == 0);
}

TEST_CASE("shfl.sync on the lane simulator, uniform operands", "[shfl][sim]")
{
  const std::vector<std::uint32_t> bs = {0,  1,  2,  3,  5,  7,  8,         13,
                                         16, 17, 24, 31, 32, 33, 0xffffffe3u};
  std::vector<std::uint32_t> cs;
  for (std::uint32_t seg : {0x00u, 0x1fu, 0x18u, 0x10u, 0x1cu, 0x1eu, 0x08u})
    for (std::uint32_t clamp : {0x00u, 0x1fu, 0x07u, 0x0fu, 0x11u})
      cs.push_back((seg << 8) | clamp);
  cs.push_back(0xffffffffu);
  const std::size_t rounds = bs.size() * cs.size();
  sim::resetMisuse();
  for (ShflMode mode : kModes) {
    std::vector<std::array<std::uint32_t, 32>> got(rounds), gotNoPred(rounds);
    std::vector<std::array<bool, 32>> pred(rounds);
    runWarp(0xffffffffu, [&](unsigned lane) {
      for (std::size_t r = 0; r < rounds; ++r) {
        const std::uint32_t b = bs[r / cs.size()], c = cs[r % cs.size()];
        bool p = false;
        got[r][lane] = shflSync(mode, laneValue(lane, r), b, c, 0xffffffffu, lane, p);
        pred[r][lane] = p;
        gotNoPred[r][lane] = shflSyncNoPred(mode, laneValue(lane, r), b, c, 0xffffffffu, lane);
      }
    });
    for (std::size_t r = 0; r < rounds; ++r)
      for (unsigned lane = 0; lane < 32; ++lane) {
        const Source want = reference(mode, lane, bs[r / cs.size()], cs[r % cs.size()]);
        INFO("mode " << static_cast<int>(mode) << " b " << bs[r / cs.size()] << " c "
                     << cs[r % cs.size()] << " lane " << lane);
        REQUIRE(got[r][lane] == laneValue(want.lane, r));
        REQUIRE(gotNoPred[r][lane] == laneValue(want.lane, r));
        REQUIRE(pred[r][lane] == want.inRange);
      }
  }
  CHECK(sim::misuseCount() == 0);
}

TEST_CASE("shfl.sync with per-lane b and c", "[shfl][sim]")
{
  // PTX's b and c are registers and may differ between lanes (Metal's shuffle_up/down/xor
  // could not express that; the helpers use simd_shuffle with a per-lane source).
  Rng rng(0x5f1a);
  constexpr unsigned kRounds = 300;
  std::vector<std::array<std::uint32_t, 32>> bs(kRounds), cs(kRounds), got(kRounds);
  std::vector<std::array<bool, 32>> pred(kRounds);
  for (unsigned r = 0; r < kRounds; ++r)
    for (unsigned lane = 0; lane < 32; ++lane) {
      bs[r][lane] = rng.next32();
      cs[r][lane] = rng.below(4) == 0 ? rng.next32() : (rng.below(32) << 8) | rng.below(32);
    }
  sim::resetMisuse();
  for (ShflMode mode : kModes) {
    runWarp(0xffffffffu, [&](unsigned lane) {
      for (unsigned r = 0; r < kRounds; ++r) {
        bool p = false;
        got[r][lane] = shflSync(mode, laneValue(lane, r), bs[r][lane], cs[r][lane], ~0u, lane, p);
        pred[r][lane] = p;
      }
    });
    for (unsigned r = 0; r < kRounds; ++r)
      for (unsigned lane = 0; lane < 32; ++lane) {
        const Source want = reference(mode, lane, bs[r][lane], cs[r][lane]);
        REQUIRE(got[r][lane] == laneValue(want.lane, r));
        REQUIRE(pred[r][lane] == want.inRange);
      }
  }
  CHECK(sim::misuseCount() == 0);
}

TEST_CASE("shfl.sync in a partial warp reads only the lanes of its segment", "[shfl][sim]")
{
  // Lanes 8..15 active, as after `if (lane / 8 == 1)`: with segment mask 0x18 (segments of 8
  // lanes) and clamp 7 every source stays in 8..15.
  const std::uint32_t started = 0x0000ff00u, c = (0x18u << 8) | 7u;
  sim::resetMisuse();
  for (ShflMode mode : kModes)
    for (std::uint32_t b = 0; b < 8; ++b) {
      std::array<std::uint32_t, 32> got{};
      std::array<bool, 32> pred{};
      runWarp(started, [&](unsigned lane) {
        bool p = false;
        got[lane] = shflSync(mode, laneValue(lane, b), b, c, started, lane, p);
        pred[lane] = p;
      });
      for (unsigned lane = 8; lane < 16; ++lane) {
        const Source want = reference(mode, lane, b, c);
        REQUIRE(got[lane] == laneValue(want.lane, b));
        REQUIRE(pred[lane] == want.inRange);
      }
    }
  CHECK(sim::misuseCount() == 0);
}

} // namespace p2m::mslwarp::test
