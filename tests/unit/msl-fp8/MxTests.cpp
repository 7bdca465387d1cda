// The OCP MX conversions of cvt_ops.h (fp4 e2m1, fp6 e2m3/e3m2, ue8m0; sm_100+) against a
// plain C++ model written from the PTX ISA's cvt text. No GPU here runs these instructions, so
// the model is the reference (docs/gpu-facts.md, "OCP MX conversions"): it works on values
// (doubles, exact for every input) and picks results by search, not by the helpers' bit
// arithmetic. Exhaustive for every fp4/fp6/ue8m0 code and pair, every f16 value (as an f32
// operand), every bf16 value; the f32 inputs of Fp8F32Inputs.h (every sign, exponent and top-8
// mantissa pattern with ties, near-ties and NaN payloads, then 2^20 pseudo-random patterns).
#include "Fp8F32Inputs.h"
#include "MxKernels.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

namespace p2m::mslmx::test {
namespace {

struct Fmt {
  const char *name;
  int mbits, ebits;
  int bits() const { return 1 + mbits + ebits; }
  int bias() const { return (1 << (ebits - 1)) - 1; }
  unsigned maxCode() const { return (1u << (mbits + ebits)) - 1u; }
};
const Fmt kFormats[3] = {{"e2m1", 1, 2}, {"e2m3", 3, 2}, {"e3m2", 2, 3}};

float f32(uint32_t bits) { float f; std::memcpy(&f, &bits, 4); return f; }
uint32_t bitsOf(float f) { uint32_t b; std::memcpy(&b, &f, 4); return b; }

// The magnitude a code (without its sign) stands for: no infinities, no NaN in these formats.
double magnitude(const Fmt &f, unsigned code) {
  const unsigned e = code >> f.mbits, m = code & ((1u << f.mbits) - 1u);
  if (e == 0)
    return std::ldexp(static_cast<double>(m), 1 - f.bias() - f.mbits);
  return std::ldexp(static_cast<double>((1u << f.mbits) + m), static_cast<int>(e) - f.bias() - f.mbits);
}

// cvt.rn.satfinite{.relu}.<fmt>.f32 of one value, from the ISA: NaN -> +MAX_NORM; .relu: a
// negative result is 0; |x| > MAX_NORM -> sign-preserved MAX_NORM; otherwise the nearest code,
// ties to the even code. The sign is kept (a tiny negative value gives -0).
unsigned modelToMx(const Fmt &f, uint32_t x, bool relu) {
  const float v = f32(x);
  if (std::isnan(v))
    return f.maxCode();
  const bool negative = std::signbit(v);
  if (relu && negative)
    return 0;
  const double a = std::fabs(static_cast<double>(v));
  const unsigned sign = negative ? 1u << (f.mbits + f.ebits) : 0u;
  if (a > magnitude(f, f.maxCode()))
    return sign | f.maxCode();
  unsigned best = 0;
  for (unsigned c = 1; c <= f.maxCode(); ++c) {
    const double dc = std::fabs(magnitude(f, c) - a), db = std::fabs(magnitude(f, best) - a);
    if (dc < db || (dc == db && (c & 1u) == 0u))
      best = c;
  }
  return sign | best;
}

// An f16 bit pattern of a value an f16 holds exactly (every code of these formats).
unsigned f16Bits(double v) {
  const _Float16 h = static_cast<_Float16>(v);
  uint16_t b;
  std::memcpy(&b, &h, 2);
  return b;
}

// cvt.rn{.relu}.f16x2.<fmt> of one code: exact; .relu: negative values (-0 too) give +0.
unsigned modelMxToF16(const Fmt &f, unsigned code, bool relu) {
  const bool negative = (code >> (f.mbits + f.ebits)) & 1u;
  if (relu && negative)
    return 0;
  const double m = magnitude(f, code & f.maxCode());
  return f16Bits(negative ? -m : m) | (negative ? 0x8000u : 0u);
}

// cvt.{rz,rp}{.satfinite}.ue8m0 of one value: 2^k with k = floor(log2|x|) (.rz) or
// ceil(log2|x|) (.rp), the sign ignored, k below -127 giving 2^-127 (code 0); NaN -> 0xFF;
// k above 127 (infinities too) -> 0xFF, or 0xFE (positive MAX_NORM) under .satfinite.
unsigned modelToUe8m0(double v, bool rp, bool satfinite) {
  if (std::isnan(v))
    return 0xFF;
  const double a = std::fabs(v);
  if (std::isinf(a))
    return satfinite ? 0xFE : 0xFF;
  if (a == 0)
    return 0;
  int e;
  const double frac = std::frexp(a, &e); // a = frac * 2^e, frac in [0.5, 1)
  const int k = (rp && frac != 0.5) ? e : e - 1;
  if (k < -127)
    return 0;
  if (k > 127)
    return satfinite ? 0xFE : 0xFF;
  return static_cast<unsigned>(k + 127);
}

double bf16Value(unsigned b) { return static_cast<double>(f32(b << 16)); }

std::string hex(unsigned v) {
  char b[16];
  std::snprintf(b, sizeof b, "%#x", v);
  return b;
}

TEST_CASE("cvt.rn{.relu}.f16x2.{e2m1x2,e2m3x2,e3m2x2}: every pair of codes", "[msl-mx]") {
  for (int fi = 0; fi < 3; ++fi) {
    const Fmt &f = kFormats[fi];
    const unsigned codes = 1u << f.bits(), shift = fi == E2M1 ? 4 : 8;
    for (bool relu : {false, true}) {
      unsigned bad = 0, first = 0;
      for (unsigned hi = 0; hi < codes; ++hi)
        for (unsigned lo = 0; lo < codes; ++lo) {
          const unsigned a = hi << shift | lo;
          const unsigned want = modelMxToF16(f, lo, relu) | modelMxToF16(f, hi, relu) << 16;
          if (mxToF16x2(static_cast<unsigned short>(a), fi, relu) != want && bad++ == 0)
            first = a;
        }
      INFO(f.name << (relu ? ".relu" : "") << ": first mismatch at " << hex(first));
      CHECK(bad == 0);
    }
  }
}

TEST_CASE("cvt.rn.satfinite{.relu}.{e2m1x2,e2m3x2,e3m2x2}.f32: every f16 value and 3 million f32s", "[msl-mx]") {
  const uint32_t n = p2m_fp8_inputs::kCount;
  for (int fi = 0; fi < 3; ++fi) {
    const Fmt &f = kFormats[fi];
    const unsigned shift = fi == E2M1 ? 4 : 8;
    for (bool relu : {false, true}) {
      unsigned bad = 0, first = 0, packing = 0;
      auto check = [&](uint32_t a, uint32_t b) {
        const unsigned r = f32x2ToMx(a, b, fi, relu);
        if ((r >> shift) != modelToMx(f, a, relu) && bad++ == 0)
          first = a;
        // b goes to the low field, converted as it is on its own; nothing else is set.
        if ((r & ((1u << shift) - 1u)) != modelToMx(f, b, relu))
          ++packing;
      };
      for (uint32_t h = 0; h < 65536; ++h) {
        _Float16 v;
        const uint16_t hb = static_cast<uint16_t>(h);
        std::memcpy(&v, &hb, 2);
        check(bitsOf(static_cast<float>(v)), bitsOf(static_cast<float>(v)) ^ 0x80000000u);
      }
      for (uint32_t i = 0; i < n; ++i)
        check(p2m_fp8_inputs::input(i), p2m_fp8_inputs::input(n - 1 - i));
      INFO(f.name << (relu ? ".relu" : "") << ": first mismatch at f32 " << hex(first));
      CHECK(bad == 0);
      CHECK(packing == 0);
    }
  }
}

TEST_CASE("fp4/fp6 conversions: NaN, infinity, saturation, ties and subnormals", "[msl-mx]") {
  auto e2m1 = [](float x, bool relu = false) { return f32x2ToMx(bitsOf(x), 0, E2M1, relu) >> 4; };
  auto e2m3 = [](float x) { return f32x2ToMx(bitsOf(x), 0, E2M3, false) >> 8; };
  auto e3m2 = [](float x) { return f32x2ToMx(bitsOf(x), 0, E3M2, false) >> 8; };
  // No NaN in these formats: NaN gives +MAX_NORM (6, 7.5, 28), .relu too.
  CHECK(e2m1(f32(0x7FC00000u)) == 0x7u);
  CHECK(e2m1(f32(0xFFC00001u)) == 0x7u);
  CHECK(e2m1(f32(0xFFC00001u), true) == 0x7u);
  CHECK(e2m3(f32(0xFF800001u)) == 0x1Fu);
  CHECK(e3m2(f32(0x7FFFFFFFu)) == 0x1Fu);
  // No infinity: +-inf and overflow give sign-preserved MAX_NORM.
  CHECK(e2m1(INFINITY) == 0x7u);
  CHECK(e2m1(-INFINITY) == 0xFu);
  CHECK(e2m1(100.0f) == 0x7u);
  CHECK(e2m3(-8.0f) == 0x3Fu);
  CHECK(e3m2(30.0f) == 0x1Fu);
  // Ties to even: e2m1 2.5 -> 2 (0x4), 3.5 -> 4 (0x6), 5 -> 4, 0.25 -> 0, 0.75 -> 1 (0x2).
  CHECK(e2m1(2.5f) == 0x4u);
  CHECK(e2m1(3.5f) == 0x6u);
  CHECK(e2m1(5.0f) == 0x6u);
  CHECK(e2m1(0.25f) == 0x0u);
  CHECK(e2m1(0.75f) == 0x2u);
  CHECK(e2m1(0.2500001f) == 0x1u);
  // Subnormals: e2m1 0.5 (0x1), e2m3 0.125 (0x01), e3m2 0.0625 (0x01); f32 subnormals round to 0.
  CHECK(e2m3(0.125f) == 0x01u);
  CHECK(e2m3(0.0625f) == 0x00u);  // a tie -> 0
  CHECK(e3m2(0.0625f) == 0x01u);
  CHECK(e3m2(0.09375f) == 0x02u); // 1.5 steps, a tie -> 2 steps
  CHECK(e2m1(f32(0x00000001u)) == 0x0u);
  // Tiny negative values keep their sign (-0); .relu makes every negative value +0.
  CHECK(e2m1(-0.1f) == 0x8u);
  CHECK(e2m1(-0.0f) == 0x8u);
  CHECK(e2m1(-0.0f, true) == 0x0u);
  CHECK(e2m1(-INFINITY, true) == 0x0u);
  // Packing: a -> d[7:4] (fp4), d[13:8] (fp6); b -> d[3:0], d[5:0]; d[15:14] = d[7:6] = 0.
  CHECK(f32x2ToMx(bitsOf(6.0f), bitsOf(-0.5f), E2M1, false) == 0x79u);
  CHECK(f32x2ToMx(bitsOf(-7.5f), bitsOf(-7.5f), E2M3, false) == 0x3F3Fu);
  // Back to f16: exact; the two MSBs of an fp6 byte are ignored.
  CHECK(mxToF16x2(0x7F, E2M1, false) == 0x4600C600u); // 6, -6
  CHECK(mxToF16x2(0x1FC1, E3M2, false) == 0x4F002C00u); // 28, 0x01 with the MSBs set: 0.0625
  CHECK(mxToF16x2(0x8F, E2M1, true) == 0x0u);
}

TEST_CASE("cvt.{rz,rp}{.satfinite}.ue8m0x2.{f32,bf16x2}: every bf16 value and 3 million f32s", "[msl-mx]") {
  const uint32_t n = p2m_fp8_inputs::kCount;
  for (bool rp : {false, true})
    for (bool sat : {false, true}) {
      INFO((rp ? "rp" : "rz") << (sat ? ".satfinite" : ""));
      unsigned bad = 0, first = 0;
      for (unsigned b = 0; b < 65536; ++b) {
        const unsigned other = (b * 40503u + 12345u) & 0xFFFFu;
        const unsigned want = modelToUe8m0(bf16Value(b), rp, sat) << 8 | modelToUe8m0(bf16Value(other), rp, sat);
        if (bf16x2ToUe8m0x2(b << 16 | other, rp, sat) != want && bad++ == 0)
          first = b;
      }
      INFO("bf16: first mismatch at " << hex(first));
      CHECK(bad == 0);
      bad = 0;
      for (uint32_t i = 0; i < n; ++i) {
        const uint32_t a = p2m_fp8_inputs::input(i), b = p2m_fp8_inputs::input(n - 1 - i);
        const unsigned want = modelToUe8m0(f32(a), rp, sat) << 8 | modelToUe8m0(f32(b), rp, sat);
        if (f32x2ToUe8m0x2(a, b, rp, sat) != want && bad++ == 0)
          first = a;
      }
      INFO("f32: first mismatch at " << hex(first));
      CHECK(bad == 0);
    }
  // Named: 1 -> 127; 1.5 -> 127 (rz) / 128 (rp); -3 -> 128/129 (sign ignored); inf -> 0xFF, 0xFE.
  CHECK(f32x2ToUe8m0x2(bitsOf(1.0f), bitsOf(1.5f), false, false) == 0x7F7Fu);
  CHECK(f32x2ToUe8m0x2(bitsOf(1.0f), bitsOf(1.5f), true, false) == 0x7F80u);
  CHECK(f32x2ToUe8m0x2(bitsOf(-3.0f), bitsOf(-3.0f), true, false) == 0x8181u);
  CHECK(f32x2ToUe8m0x2(bitsOf(INFINITY), bitsOf(INFINITY), false, true) == 0xFEFEu);
  CHECK(f32x2ToUe8m0x2(bitsOf(INFINITY), bitsOf(NAN), false, false) == 0xFFFFu);
  CHECK(f32x2ToUe8m0x2(bitsOf(NAN), bitsOf(0.0f), true, true) == 0xFF00u);
}

TEST_CASE("cvt.rn.bf16x2.ue8m0x2: every pair", "[msl-mx]") {
  auto model = [](unsigned e) -> unsigned {
    if (e == 0xFF)
      return 0x7FFF; // NaN: the canonical bf16 NaN
    return bitsOf(static_cast<float>(std::ldexp(1.0, static_cast<int>(e) - 127))) >> 16;
  };
  unsigned bad = 0;
  for (unsigned a = 0; a < 65536; ++a)
    if (ue8m0x2ToBf16x2(static_cast<unsigned short>(a)) != (model(a & 0xFF) | model(a >> 8) << 16))
      ++bad;
  CHECK(bad == 0);
  CHECK(ue8m0x2ToBf16x2(0x007F) == 0x00403F80u); // 2^-127, 1
}

} // namespace
} // namespace p2m::mslmx::test
