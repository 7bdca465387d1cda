// The f32 inputs on which tests/probes/fp8_cvt.cu measured cvt.rn.satfinite{.relu}.{e4m3x2,e5m2x2}.f32
// on an H200, and on which the unit tests compare the MSL helpers with the recorded hashes.
// Plain C++ (the probe includes it too).
#pragma once

#include <cstdint>

namespace p2m_fp8_inputs {

// Structured part: every sign, every exponent (so every denormal, inf and NaN class) and every
// value of the top 8 mantissa bits (which hold the rounding position of every e4m3/e5m2 result,
// denormal results included) times 16 patterns of the low 15 bits (exact ties, just below and
// just above them, NaN payloads). Then pseudo-random bit patterns.
constexpr uint32_t kStructured = 2u * 256u * 256u * 16u;
constexpr uint32_t kRandom = 1u << 20;
constexpr uint32_t kCount = kStructured + kRandom;

inline uint32_t lowPattern(uint32_t k) {
  constexpr uint32_t lows[16] = {0x0000, 0x0001, 0x0002, 0x7fff, 0x7ffe, 0x4000, 0x3fff, 0x4001,
                                 0x1000, 0x2aaa, 0x5555, 0x0100, 0x7f00, 0x00ff, 0x6000, 0x1fff};
  return lows[k & 15];
}

// The i-th input's bit pattern (i < kCount).
inline uint32_t input(uint32_t i) {
  if (i < kStructured) {
    uint32_t low = lowPattern(i & 15), top = (i >> 4) & 255, exp = (i >> 12) & 255, sign = i >> 20;
    return sign << 31 | exp << 23 | top << 15 | low;
  }
  // A murmur3-style finalizer of the index: pseudo-random, and any index is cheap to compute.
  uint32_t x = i * 0x9E3779B9u;
  x ^= x >> 16; x *= 0x85EBCA6Bu; x ^= x >> 13; x *= 0xC2B2AE35u; x ^= x >> 16;
  return x;
}

// FNV-1a over a byte sequence, 64-bit.
struct Fnv64 {
  uint64_t h = 0xcbf29ce484222325ull;
  void add(uint8_t b) { h = (h ^ b) * 0x100000001b3ull; }
};

} // namespace p2m_fp8_inputs
