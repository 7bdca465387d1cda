// Shared by the msl-warp tests: a seeded generator and a one-warp launcher.
#pragma once

#include "SimdSim.h"

#include <cstdint>

namespace p2m::mslwarp::test {

// splitmix64: fixed seeds, so every run tests the same cases.
class Rng {
public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next64()
  {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  std::uint32_t next32() { return static_cast<std::uint32_t>(next64() >> 32); }
  std::uint32_t below(std::uint32_t n) { return next32() % n; }

private:
  std::uint64_t state_;
};

// Runs body(lane) on the lanes of one warp whose bit in `started` is set (the others are
// inactive: exited, for PTX).
template <typename Body>
void runWarp(std::uint32_t started, Body body)
{
  sim::runThreadgroup(
      32, [&](unsigned lane) { body(lane); },
      [&](unsigned lane) { return ((started >> lane) & 1u) != 0u; });
}

} // namespace p2m::mslwarp::test
