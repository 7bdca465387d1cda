// activemask, vote.sync, redux.sync, match.sync and bar.warp.sync on the lane simulator,
// against references computed from every lane's inputs. Membermasks: the full warp, the
// active lanes, and partitions of the warp into groups (each lane's mask is its group, which
// may include inactive lanes: exited ones, for PTX), so that the per-lane mask handling and
// redux's SIMD-reduction fast path and lane-by-lane path are all exercised.
#include "Kernels.h"
#include "TestUtil.h"

#include <catch2/catch.hpp>

#include <array>
#include <vector>

namespace p2m::mslwarp::test {
namespace {

using Lanes = std::array<std::uint32_t, 32>;

struct Scenario {
  std::uint32_t started; // active lanes
  Lanes mask;            // each lane's membermask
};

// Scenario k of a fixed sequence cycling through the shapes above.
Scenario makeScenario(Rng &rng, unsigned k)
{
  Scenario s{};
  switch (k % 4) {
  case 0:
    s.started = 0xffffffffu;
    break;
  case 1:
    s.started = rng.next32() | (1u << rng.below(32));
    break;
  default:
    s.started = rng.below(2) ? 0xffffffffu : rng.next32() | 1u;
    break;
  }
  const unsigned shape = (k / 4) % 4;
  if (shape == 0) {
    s.mask.fill(0xffffffffu);
  } else if (shape == 1) {
    s.mask.fill(s.started); // mask == activemask
  } else {
    // A random partition into up to 2 (shape 2) or 5 (shape 3) groups.
    const unsigned groups = shape == 2 ? 2 : 5;
    std::array<unsigned, 32> label{};
    for (unsigned lane = 0; lane < 32; ++lane)
      label[lane] = rng.below(groups);
    for (unsigned lane = 0; lane < 32; ++lane) {
      s.mask[lane] = 0;
      for (unsigned other = 0; other < 32; ++other)
        if (label[other] == label[lane])
          s.mask[lane] |= 1u << other;
    }
  }
  return s;
}

// The lanes whose inputs count for `lane`: active members of its mask.
std::uint32_t members(const Scenario &s, unsigned lane)
{
  return s.mask[lane] & s.started;
}

bool isActive(const Scenario &s, unsigned lane)
{
  return ((s.started >> lane) & 1u) != 0u;
}

} // namespace

TEST_CASE("activemask and vote.sync", "[vote][sim]")
{
  Rng rng(0x7073);
  sim::resetMisuse();
  for (unsigned k = 0; k < 160; ++k) {
    const Scenario s = makeScenario(rng, k);
    std::array<bool, 32> p{};
    for (bool &x : p)
      x = rng.below(k % 3 == 0 ? 8 : 2) != 0; // often all-true, to exercise all/uni
    Lanes active{}, ballot{};
    std::array<bool, 32> all{}, any{}, uni{};
    runWarp(s.started, [&](unsigned lane) {
      active[lane] = activemask();
      ballot[lane] = voteBallot(p[lane], s.mask[lane]);
      all[lane] = voteAll(p[lane], s.mask[lane]);
      any[lane] = voteAny(p[lane], s.mask[lane]);
      uni[lane] = voteUni(p[lane], s.mask[lane]);
    });
    for (unsigned lane = 0; lane < 32; ++lane) {
      if (!isActive(s, lane))
        continue;
      std::uint32_t yes = 0;
      for (unsigned i = 0; i < 32; ++i)
        if (((members(s, lane) >> i) & 1u) != 0u && p[i])
          yes |= 1u << i;
      INFO("scenario " << k << " lane " << lane);
      REQUIRE(active[lane] == s.started);
      REQUIRE(ballot[lane] == yes);
      REQUIRE(all[lane] == (yes == members(s, lane)));
      REQUIRE(any[lane] == (yes != 0));
      REQUIRE(uni[lane] == (yes == 0 || yes == members(s, lane)));
    }
  }
  CHECK(sim::misuseCount() == 0);
}

TEST_CASE("redux.sync: all operations, uniform and per-lane masks", "[redux][sim]")
{
  constexpr std::array<ReduxOp, 9> kOps = {ReduxOp::AddU32, ReduxOp::AddS32, ReduxOp::MinU32,
                                           ReduxOp::MinS32, ReduxOp::MaxU32, ReduxOp::MaxS32,
                                           ReduxOp::And,    ReduxOp::Or,     ReduxOp::Xor};
  Rng rng(0x7265);
  sim::resetMisuse();
  for (unsigned k = 0; k < 160; ++k) {
    const Scenario s = makeScenario(rng, k);
    Lanes value{};
    for (std::uint32_t &v : value) {
      switch (rng.below(4)) {
      case 0:
        v = rng.below(5); // ties
        break;
      case 1:
        v = 0x80000000u | rng.below(5); // negative as s32, large as u32
        break;
      default:
        v = rng.next32();
        break;
      }
    }
    std::array<Lanes, 9> got{};
    runWarp(s.started, [&](unsigned lane) {
      for (std::size_t o = 0; o < kOps.size(); ++o)
        got[o][lane] = redux(kOps[o], value[lane], s.mask[lane]);
    });
    for (unsigned lane = 0; lane < 32; ++lane) {
      if (!isActive(s, lane))
        continue;
      std::uint32_t sum = 0, minU = 0xffffffffu, maxU = 0, andV = 0xffffffffu, orV = 0, xorV = 0;
      std::int32_t minS = INT32_MAX, maxS = INT32_MIN;
      for (unsigned i = 0; i < 32; ++i) {
        if (((members(s, lane) >> i) & 1u) == 0u)
          continue;
        const std::uint32_t v = value[i];
        const auto sv = static_cast<std::int32_t>(v);
        sum += v;
        minU = v < minU ? v : minU;
        maxU = v > maxU ? v : maxU;
        minS = sv < minS ? sv : minS;
        maxS = sv > maxS ? sv : maxS;
        andV &= v;
        orV |= v;
        xorV ^= v;
      }
      const std::array<std::uint32_t, 9> want = {sum,  sum, minU, static_cast<std::uint32_t>(minS),
                                                 maxU, static_cast<std::uint32_t>(maxS),
                                                 andV, orV, xorV};
      for (std::size_t o = 0; o < kOps.size(); ++o) {
        INFO("scenario " << k << " lane " << lane << " op " << o);
        REQUIRE(got[o][lane] == want[o]);
      }
    }
  }
  CHECK(sim::misuseCount() == 0);
}

TEST_CASE("match.sync any and all, 32 and 64 bits", "[match][sim]")
{
  Rng rng(0x6d61);
  sim::resetMisuse();
  for (unsigned k = 0; k < 160; ++k) {
    const Scenario s = makeScenario(rng, k);
    const std::uint32_t distinct = std::array<std::uint32_t, 5>{1, 2, 3, 7, 32}[k % 5];
    std::array<std::uint64_t, 32> value{};
    const std::uint64_t base = rng.next64();
    for (std::uint64_t &v : value) {
      // 64-bit values that differ in one half only, so both halves must be compared.
      const std::uint64_t pick = rng.below(distinct);
      v = (k % 2 == 0) ? base ^ (pick << 40) : base ^ pick;
    }
    Lanes any32{}, any64{}, all32{}, all64{};
    std::array<bool, 32> p32{}, p64{};
    runWarp(s.started, [&](unsigned lane) {
      any32[lane] = matchAnyB32(static_cast<std::uint32_t>(value[lane] ^ (value[lane] >> 32)),
                                s.mask[lane], lane);
      any64[lane] = matchAnyB64(value[lane], s.mask[lane], lane);
      bool p = false;
      all32[lane] = matchAllB32(static_cast<std::uint32_t>(value[lane] ^ (value[lane] >> 32)),
                                s.mask[lane], p);
      p32[lane] = p;
      all64[lane] = matchAllB64(value[lane], s.mask[lane], p);
      p64[lane] = p;
    });
    for (unsigned lane = 0; lane < 32; ++lane) {
      if (!isActive(s, lane))
        continue;
      std::uint32_t same32 = 0, same64 = 0;
      const auto fold = [](std::uint64_t v) { return static_cast<std::uint32_t>(v ^ (v >> 32)); };
      for (unsigned i = 0; i < 32; ++i) {
        if (((members(s, lane) >> i) & 1u) == 0u)
          continue;
        if (fold(value[i]) == fold(value[lane]))
          same32 |= 1u << i;
        if (value[i] == value[lane])
          same64 |= 1u << i;
      }
      INFO("scenario " << k << " lane " << lane);
      REQUIRE(any32[lane] == same32);
      REQUIRE(any64[lane] == same64);
      // All members hold the same value: d = the (non-exited) members, p = true; else 0, false.
      REQUIRE(p32[lane] == (same32 == members(s, lane)));
      REQUIRE(all32[lane] == (p32[lane] ? members(s, lane) : 0u));
      REQUIRE(p64[lane] == (same64 == members(s, lane)));
      REQUIRE(all64[lane] == (p64[lane] ? members(s, lane) : 0u));
    }
  }
  CHECK(sim::misuseCount() == 0);
}

TEST_CASE("match.all.sync with exited lanes, as measured on the H200", "[match][sim]")
{
  // tests/probes/warp_atomics.cu, part C: lanes 16..31 exited, membermask 0xffffffff.
  const std::array<std::uint32_t, 16> v = {7, 7, 3, 7, 5, 7, 7, 3, 7, 7, 7, 5, 7, 7, 7, 7};
  Lanes same{}, differ{}, any{}, sum{};
  std::array<bool, 32> pSame{}, pDiffer{};
  runWarp(0x0000ffffu, [&](unsigned lane) {
    bool p = false;
    same[lane] = matchAllB32(v[0], 0xffffffffu, p);
    pSame[lane] = p;
    differ[lane] = matchAllB32(v[lane], 0xffffffffu, p);
    pDiffer[lane] = p;
    any[lane] = matchAnyB32(v[lane], 0xffffffffu, lane);
    sum[lane] = redux(ReduxOp::AddU32, v[lane], 0xffffffffu);
  });
  CHECK(same[0] == 0x0000ffffu);
  CHECK(pSame[0]);
  CHECK(differ[0] == 0u);
  CHECK_FALSE(pDiffer[0]);
  CHECK(any[0] == 0x0000f76bu);
  CHECK(any[2] == 0x00000084u);
  CHECK(any[4] == 0x00000810u);
  CHECK(sum[0] == 100u);
}

TEST_CASE("bar.warp.sync meets the whole SIMD-group", "[bar][sim]")
{
  sim::resetMisuse();
  std::array<std::uint32_t, 32> seen{};
  std::array<std::uint32_t, 32> flags{};
  runWarp(0xffffffffu, [&](unsigned lane) {
    flags[lane] = lane + 1;
    barWarpSync(0xffffffffu);
    seen[lane] = flags[(lane + 1) % 32]; // written by another lane before the barrier
  });
  for (unsigned lane = 0; lane < 32; ++lane)
    CHECK(seen[lane] == (lane + 1) % 32 + 1);
  CHECK(sim::misuseCount() == 0);
}

} // namespace p2m::mslwarp::test
