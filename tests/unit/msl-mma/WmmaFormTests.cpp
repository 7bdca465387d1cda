// The wmma forms whose fragments and order of operations were read from ptxas's SASS
// (docs/gpu-facts.md "wmma tf32, s4/u4 and b1"): the load, mma and store helpers run on a
// simulated SIMD-group (Kernels.cpp) and are compared with plain matrix products built from the
// PTX-level definition: integers exactly, tf32 with the measured mma rule (`dot`, the
// m16n8k4 sum checked against recordings in MmaArithTests.cpp) applied in the SASS's k order.
#include "Kernels.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>
#include <limits>
#include <random>

namespace p2m::mslmma::test {
namespace {

std::uint32_t f32Bits(float x)
{
  std::uint32_t u;
  std::memcpy(&u, &x, sizeof u);
  return u;
}

// A (16x8) * B (8x16) + C as wmma.mma.m16n16k8 tf32 computes it: per element, the four products
// of k 0-3 added to C (one rounding), then those of k 4-7 added to that.
void referenceTf32(const std::uint32_t *a, const std::uint32_t *b, const std::uint32_t *c, std::uint32_t *d)
{
  for (unsigned m = 0; m < 16; ++m)
    for (unsigned n = 0; n < 16; ++n) {
      std::uint32_t row[8], col[8];
      for (unsigned k = 0; k < 8; ++k) {
        row[k] = a[m * 8 + k];
        col[k] = b[k * 16 + n];
      }
      const std::uint32_t t = dot(row, col, 4, Elem::TF32, c[m * 16 + n], false);
      d[m * 16 + n] = dot(row + 4, col + 4, 4, Elem::TF32, t, false);
    }
}

// Runs wmmaTf32 with A and B stored as asked (row-major inputs transposed for .col).
void runTf32(const std::uint32_t *a, bool aCol, const std::uint32_t *b, bool bCol, const std::uint32_t *c,
             std::uint32_t *d)
{
  std::uint32_t as[128], bs[128];
  for (unsigned r = 0; r < 16; ++r)
    for (unsigned k = 0; k < 8; ++k) {
      as[aCol ? k * 16 + r : r * 8 + k] = a[r * 8 + k];
      bs[bCol ? r * 8 + k : k * 16 + r] = b[k * 16 + r];
    }
  wmmaTf32(as, aCol, bs, bCol, c, d);
}

std::int64_t subByteElement(const std::uint32_t *words, unsigned line, unsigned k, unsigned bits, bool isSigned)
{
  const unsigned perWord = 32 / bits;
  const std::uint32_t w = words[line * 4 + k / perWord];
  const std::uint32_t mask = (1u << bits) - 1u;
  const std::uint32_t x = (w >> ((k % perWord) * bits)) & mask;
  if (isSigned && bits > 1 && (x >> (bits - 1)) != 0)
    return static_cast<std::int64_t>(x) - (std::int64_t{1} << bits);
  return x;
}

// The PTX definition: D[m][n] = C[m][n] + sum over k of A[m][k] * B[k][n] (b1: popc of the AND or
// XOR of row and column), wrapped to s32 or, with .satfinite, clamped.
void referenceSubByte(unsigned bits, bool isSigned, bool satfinite, bool xorOp, const std::uint32_t *a,
                      const std::uint32_t *b, const std::int32_t *c, std::int32_t *d)
{
  const unsigned kTotal = 128 / bits;
  for (unsigned m = 0; m < 8; ++m)
    for (unsigned n = 0; n < 8; ++n) {
      std::int64_t sum = c[m * 8 + n];
      for (unsigned k = 0; k < kTotal; ++k) {
        const std::int64_t x = subByteElement(a, m, k, bits, isSigned), y = subByteElement(b, n, k, bits, isSigned);
        sum += bits == 1 ? (xorOp ? (x ^ y) : (x & y)) : x * y;
      }
      if (satfinite)
        sum = std::clamp<std::int64_t>(sum, std::numeric_limits<std::int32_t>::min(),
                                       std::numeric_limits<std::int32_t>::max());
      d[m * 8 + n] = static_cast<std::int32_t>(static_cast<std::uint32_t>(sum));
    }
}

void checkSubByte(unsigned bits, bool isSigned, bool satfinite, bool xorOp, const std::uint32_t *a,
                  const std::uint32_t *b, const std::int32_t *c)
{
  std::int32_t got[64], want[64];
  wmmaSubByte(bits, isSigned, satfinite, xorOp, a, b, c, got);
  CHECK(laneRunsConsistent());
  referenceSubByte(bits, isSigned, satfinite, xorOp, a, b, c, want);
  for (unsigned i = 0; i < 64; ++i) {
    INFO("element " << i << " (row " << i / 8 << ", column " << i % 8 << ")");
    CHECK(got[i] == want[i]);
  }
}

std::vector<std::uint32_t> words(const std::string &relative)
{
  std::ifstream in(std::string(P2M_SOURCE_ROOT) + "/" + relative, std::ios::binary);
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<std::uint32_t> w(bytes.size() / 4);
  if (!w.empty())
    std::memcpy(w.data(), bytes.data(), w.size() * 4);
  return w;
}

} // namespace

TEST_CASE("wmma m16n16k8 tf32: the outputs recorded on an H100", "[wmma][tf32]")
{
  // tests/exec case wmma_m16n16k8_tf32_f32_rc (tensor_cores.cu): 4 warps, A 16x8 row-major, B
  // 8x16 column-major, C and D 16x16 row-major; the inputs a, b, c follow each other.
  const std::vector<std::uint32_t> in = words("tests/exec/inputs/wmma_m16n16k8_tf32_f32_rc.in.bin");
  const std::vector<std::uint32_t> out = words("tests/exec/expected/wmma_m16n16k8_tf32_f32_rc.nvcc.sm_90.O3.out.bin");
  REQUIRE(in.size() == 512 + 512 + 1024);
  REQUIRE(out.size() == 1024);
  unsigned differing = 0;
  for (unsigned w = 0; w < 4; ++w) {
    std::uint32_t a[128], b[128], c[256], d[256];
    for (unsigned i = 0; i < 128; ++i) {
      a[i] = in[128 * w + i];
      b[i] = in[512 + 128 * w + i];
    }
    for (unsigned i = 0; i < 256; ++i)
      c[i] = in[1024 + 256 * w + i];
    wmmaTf32(a, false, b, true, c, d);
    CHECK(laneRunsConsistent());
    for (unsigned i = 0; i < 256; ++i)
      differing += d[i] != out[256 * w + i];
  }
  CHECK(differing == 0);
}

TEST_CASE("wmma m16n16k8 tf32: every element against the mma rule in the SASS's k order", "[wmma][tf32]")
{
  std::mt19937 rng(20261205);
  std::uniform_real_distribution<float> value(-4.0f, 4.0f);
  std::uniform_int_distribution<std::uint32_t> low(0, 0x1fff);
  for (int round = 0; round < 4; ++round) {
    std::uint32_t a[128], b[128], c[256], want[256];
    for (auto &x : a)
      x = f32Bits(value(rng)) ^ low(rng); // the low 13 bits are not part of a tf32 operand
    for (auto &x : b)
      x = f32Bits(value(rng)) ^ low(rng);
    for (auto &x : c)
      x = f32Bits(value(rng) * 64.0f);
    referenceTf32(a, b, c, want);
    for (int layouts = 0; layouts < 4; ++layouts) {
      const bool aCol = (layouts & 1) != 0, bCol = (layouts & 2) != 0;
      std::uint32_t got[256];
      runTf32(a, aCol, b, bCol, c, got);
      CHECK(laneRunsConsistent());
      for (unsigned i = 0; i < 256; ++i) {
        INFO("round " << round << ", A " << (aCol ? "col" : "row") << ", B " << (bCol ? "col" : "row")
                      << ", element " << i);
        CHECK(got[i] == want[i]);
      }
    }
  }
}

TEST_CASE("wmma m16n16k8 tf32: two roundings, k 0-3 before k 4-7, and special values", "[wmma][tf32]")
{
  const std::uint32_t one = 0x3f800000u;
  std::uint32_t a[128] = {}, b[128] = {}, c[256] = {}, d[256];
  // Element (0, 0): C = 2^24, A[0][0] * B[0][0] = A[0][4] * B[4][0] = 1. Each k step rounds toward
  // zero, so each 1 is lost: 2^24. A single sum of C and both products would give 2^24 + 2.
  c[0] = 0x4b800000u;
  a[0] = one;
  b[0] = one;
  a[4] = one;
  b[4 * 16] = one;
  // Element (1, 1): C = 2^24 and only k = 4 contributes: 2^24 (rounded toward zero once).
  c[17] = 0x4b800000u;
  a[8 + 4] = one;
  b[4 * 16 + 1] = one;
  // Element (9, 12): an infinity in k 0-3 and a NaN in k 4-7: the canonical NaN; element (9, 13):
  // +inf from step one, plus a finite step two: +inf.
  a[9 * 8 + 1] = 0x7f800000u;
  b[1 * 16 + 12] = one;
  b[1 * 16 + 13] = one;
  a[9 * 8 + 6] = one;
  b[6 * 16 + 12] = 0x7fc00000u;
  b[6 * 16 + 13] = 0xc0000000u;
  runTf32(a, false, b, true, c, d);
  CHECK(d[0] == 0x4b800000u);
  CHECK(d[17] == 0x4b800000u);
  CHECK(d[9 * 16 + 12] == 0x7fffffffu);
  CHECK(d[9 * 16 + 13] == 0x7f800000u);
  CHECK(d[2] == 0u); // untouched elements: 0 + 0
}

TEST_CASE("wmma m8n8k32 s4/u4 and m8n8k128 b1: exact products of the mma.m8n8 fragments", "[wmma][int]")
{
  std::mt19937 rng(7);
  std::uniform_int_distribution<std::uint32_t> word;
  std::uniform_int_distribution<std::int32_t> small(-100000, 100000);
  for (unsigned bits : {4u, 1u})
    for (int variant = 0; variant < 4; ++variant) {
      const bool isSigned = bits == 4 && (variant & 1) != 0, satfinite = bits == 4 && (variant & 2) != 0;
      const bool xorOp = bits == 1 && (variant & 1) != 0;
      std::uint32_t a[32], b[32];
      std::int32_t c[64];
      for (auto &x : a)
        x = word(rng);
      for (auto &x : b)
        x = word(rng);
      for (auto &x : c)
        x = small(rng);
      INFO("bits " << bits << ", variant " << variant);
      checkSubByte(bits, isSigned, satfinite, xorOp, a, b, c);
    }
}

TEST_CASE("wmma m8n8k32 s4/u4: extreme operands wrap, or clamp with .satfinite", "[wmma][int]")
{
  std::uint32_t a[32], b[32];
  std::int32_t c[64];
  // s4: every element -8, so each product is 64 and a row times a column 2048; u4 all 15: 7200.
  for (auto &x : a)
    x = 0x88888888u;
  for (auto &x : b)
    x = 0x88888888u;
  for (unsigned i = 0; i < 64; ++i)
    c[i] = i % 2 == 0 ? std::numeric_limits<std::int32_t>::max() - static_cast<std::int32_t>(i)
                      : std::numeric_limits<std::int32_t>::min() + static_cast<std::int32_t>(i);
  checkSubByte(4, true, false, false, a, b, c);
  checkSubByte(4, true, true, false, a, b, c);
  checkSubByte(4, false, true, false, a, b, c);
  std::int32_t d[64];
  wmmaSubByte(4, true, true, false, a, b, c, d);
  CHECK(d[0] == std::numeric_limits<std::int32_t>::max());
  wmmaSubByte(4, true, false, false, a, b, c, d);
  CHECK(d[0] == std::numeric_limits<std::int32_t>::min() + 2047);
  // b1: all ones against all ones (AND 128) and against zeros (XOR 128).
  std::uint32_t ones[32], zeros[32] = {};
  std::int32_t c0[64] = {};
  for (auto &x : ones)
    x = 0xffffffffu;
  wmmaSubByte(1, false, false, false, ones, ones, c0, d);
  CHECK(d[63] == 128);
  wmmaSubByte(1, false, false, true, ones, zeros, c0, d);
  CHECK(d[7] == 128);
  wmmaSubByte(1, false, false, false, ones, zeros, c0, d);
  CHECK(d[7] == 0);
}

} // namespace p2m::mslmma::test
