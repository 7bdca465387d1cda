// Shared helpers for the lib/cfg unit tests.
#pragma once

#include "cfg/Simulate.h"
#include "cfg/Structurize.h"

#include <cstdint>
#include <string>

namespace p2m::cfg::test {

inline uint64_t mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// A deterministic decision function: each (condition, visit) pair is true with probability
// `percentTrue`; selectors pick 0..range-1 (values past the table exercise the default).
inline Decisions hashedDecisions(uint64_t seed, unsigned percentTrue = 50, int64_t range = 6) {
  Decisions d;
  d.branch = [=](int32_t condition, uint32_t visit) {
    uint64_t h = mix(seed ^ mix(static_cast<uint64_t>(static_cast<uint32_t>(condition)) << 32 | visit));
    return h % 100 < percentTrue;
  };
  d.select = [=](int32_t selector, uint32_t visit) {
    uint64_t h = mix(~seed ^ mix(static_cast<uint64_t>(static_cast<uint32_t>(selector)) << 32 | visit));
    return static_cast<int64_t>(h % static_cast<uint64_t>(range));
  };
  return d;
}

inline std::string traceText(const Trace &t) {
  std::string s;
  for (BlockId b : t.blocks)
    s += std::to_string(b) + " ";
  return s + "(" + traceEndName(t.end) + ")";
}

} // namespace p2m::cfg::test
