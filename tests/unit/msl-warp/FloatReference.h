// References for the floating-point helpers, computed with the host's own arithmetic (IEEE,
// subnormals kept: never call these with FTZ/DAZ set). NaN results are NVIDIA's canonical
// NaNs, as the helpers produce them (docs/gpu-facts.md).
#pragma once

#include <cstdint>
#include <cstring>

namespace p2m::mslwarp::test {

inline float asFloat(std::uint32_t x)
{
  float f;
  std::memcpy(&f, &x, 4);
  return f;
}
inline std::uint32_t bitsOf(float f)
{
  std::uint32_t x;
  std::memcpy(&x, &f, 4);
  return x;
}
inline bool isNan32(std::uint32_t x)
{
  return (x & 0x7fffffffu) > 0x7f800000u;
}

// IEEE float addition by the host (flushing off), NaN made canonical as on NVIDIA GPUs.
inline std::uint32_t referenceAdd(std::uint32_t a, std::uint32_t b)
{
  const std::uint32_t r = bitsOf(asFloat(a) + asFloat(b));
  return isNan32(r) ? 0x7fffffffu : r;
}

inline std::uint32_t referenceAddFtz(std::uint32_t a, std::uint32_t b)
{
  const auto flush = [](std::uint32_t x) { return (x & 0x7f800000u) == 0 ? x & 0x80000000u : x; };
  return flush(referenceAdd(flush(a), flush(b)));
}

// The f16/bf16 sums rounded once from the exact value: long double holds every f16 sum
// exactly; a bf16 sum is rounded to 64 then 24 then 8 bits, each step at least 2p+2 bits
// wider than the next, so the result is the correctly rounded one (Figueroa).
inline std::uint16_t referenceAddF16(std::uint16_t a, std::uint16_t b)
{
  _Float16 x, y;
  std::memcpy(&x, &a, 2);
  std::memcpy(&y, &b, 2);
  const auto r = static_cast<_Float16>(static_cast<long double>(x) + static_cast<long double>(y));
  std::uint16_t out;
  std::memcpy(&out, &r, 2);
  return ((out & 0x7fffu) > 0x7c00u) ? std::uint16_t{0x7fff} : out;
}

inline std::uint16_t referenceAddBf16(std::uint16_t a, std::uint16_t b)
{
  const long double x = asFloat(std::uint32_t{a} << 16), y = asFloat(std::uint32_t{b} << 16);
  const auto r = static_cast<__bf16>(static_cast<float>(x + y));
  std::uint16_t out;
  std::memcpy(&out, &r, 2);
  return ((out & 0x7fffu) > 0x7f80u) ? std::uint16_t{0x7fff} : out;
}

} // namespace p2m::mslwarp::test
