// The tensor cores' arithmetic in mma_ops.h against outputs recorded on an sm_90 GPU
// (tests/probes/mma_arith.cu; docs/gpu-facts.md "Tensor cores") and the rules measured there.
// The full comparison, 6.2 million recorded outputs, is tests/probes/mma_arith_check.cpp.
#include "Kernels.h"

#include <catch2/catch.hpp>

#include <vector>

namespace p2m::mslmma::test {
namespace {

struct Pair {
  std::uint32_t a, b;
};

std::uint32_t dotOf(const std::vector<Pair> &pairs, Elem elem, std::uint32_t c, bool f16Acc = false)
{
  std::vector<std::uint32_t> a, b;
  for (const Pair &p : pairs) {
    a.push_back(p.a);
    b.push_back(p.b);
  }
  return dot(a.data(), b.data(), static_cast<unsigned>(pairs.size()), elem, c, f16Acc);
}

// An fp8 dot of 32 products, all zero except the (k, a, b) given.
struct Fp8Product {
  unsigned k;
  std::uint32_t a, b;
};

std::uint32_t fp8DotOf(const std::vector<Fp8Product> &products, std::uint32_t c, bool aE5m2 = false,
                       bool bE5m2 = false, bool f16Acc = false)
{
  std::uint32_t a[32] = {}, b[32] = {};
  for (const Fp8Product &p : products) {
    a[p.k] = p.a;
    b[p.k] = p.b;
  }
  return dotFp8(a, b, aE5m2, bE5m2, c, f16Acc);
}

std::uint32_t fp8DotF16(const std::vector<Fp8Product> &products, std::uint32_t c)
{
  return fp8DotOf(products, c, false, false, true);
}

// f16 bits of an A row and a B column (k = 0..3) and C: one m8n8k4 element.
std::uint32_t m8n8k4Of(std::vector<std::uint32_t> a, std::vector<std::uint32_t> b, std::uint32_t c, bool f16Acc)
{
  return m8n8k4F16Element(a.data(), b.data(), c, f16Acc);
}

} // namespace

TEST_CASE("m16n8k16 f16 -> f32: recorded rows", "[mma][f16]")
{
  // C = 0: the sum of 16 products, rounded toward zero after the 25-bit window (an exact sum
  // rounded toward zero gives 0xc02969d8).
  const std::vector<Pair> row0 = {{0xac1b, 0xb17a}, {0x332c, 0xa368}, {0x9cd6, 0xc225}, {0x427e, 0x3411},
                                  {0x2205, 0xb63c}, {0x2921, 0x43f9}, {0x301f, 0x3437}, {0x418e, 0xbcff},
                                  {0xb2b8, 0x3594}, {0xacb6, 0x3734}, {0x2e61, 0xafcc}, {0x2e1b, 0xba86},
                                  {0xabba, 0xb8a1}, {0x3350, 0xb2e5}, {0x3b41, 0x0000}, {0xa592, 0x31ac}};
  CHECK(dotOf(row0, Elem::F16, 0x00000000u) == 0xc02969d9u);
  // C far above the products: every product falls below the window, C comes back unchanged
  // (the exact sum rounded toward zero would be 0xcf250964).
  const std::vector<Pair> row1 = {{0x459e, 0xc2d3}, {0x4587, 0xbda4}, {0xbcaa, 0xc1ed}, {0xc2e2, 0x3010},
                                  {0xca40, 0x30bd}, {0xc4c8, 0x39f7}, {0x3a52, 0xbb5f}, {0xc507, 0xba1c},
                                  {0xbe77, 0xca4e}, {0xc615, 0xb6c2}, {0x4566, 0x49a3}, {0x3254, 0xb3d6},
                                  {0xb3bc, 0x3dfc}, {0x438c, 0x3e6c}, {0xbf2d, 0xb978}, {0x443e, 0x4a06}};
  CHECK(dotOf(row1, Elem::F16, 0xcf250965u) == 0xcf250965u);
}

TEST_CASE("mma rules: rounding toward zero, overflow to infinity, special values", "[mma][rules]")
{
  // Sums inside the window round toward zero: 1 + 2^-24 to 1, 1 - 2^-24 stays (exact).
  CHECK(dotOf({{0x3c00, 0x3c00}, {0x3c00, 0x0001}}, Elem::F16, 0u) == 0x3f800000u); // 1 + 2^-24
  CHECK(dotOf({{0x3c00, 0x3c00}, {0xbc00, 0x0001}}, Elem::F16, 0u) == 0x3f7fffffu); // 1 - 2^-24
  // f32 overflow gives infinity, not the largest finite value.
  CHECK(dotOf({{0x7f00, 0x4000}}, Elem::BF16, 0x7f7fffffu) == 0x7f800000u);
  // NaN operand, inf * 0, inf - inf: the canonical NaN; an infinity otherwise passes.
  CHECK(dotOf({{0x7e00, 0x3c00}}, Elem::F16, 0u) == 0x7fffffffu);
  CHECK(dotOf({{0x7c00, 0x0000}}, Elem::F16, 0u) == 0x7fffffffu);
  CHECK(dotOf({{0x7c00, 0x3c00}}, Elem::F16, 0xff800000u) == 0x7fffffffu);
  CHECK(dotOf({{0x7c00, 0xbc00}}, Elem::F16, 0x3f800000u) == 0xff800000u);
  CHECK(dotOf({{0x3c00, 0x3c00}}, Elem::F16, 0x7fc00000u) == 0x7fffffffu);
  // Only zeros: -0 when every term is -0.
  CHECK(dotOf({{0x8000, 0x3c00}}, Elem::F16, 0x80000000u) == 0x80000000u);
  CHECK(dotOf({{0x8000, 0x3c00}}, Elem::F16, 0x00000000u) == 0x00000000u);
}

TEST_CASE("tf32 operands ignore the low 13 bits of the f32 register", "[mma][tf32]")
{
  const std::uint32_t one = 0x3f800000u;
  for (std::uint32_t low : {0x0000u, 0x1000u, 0x1fffu, 0x0001u})
    CHECK(dotOf({{0x3fc00000u | low, one}}, Elem::TF32, 0u) == 0x3fc00000u);
}

TEST_CASE("f16 accumulators round to nearest even; an underflow to zero is +0", "[mma][f16acc]")
{
  // 1 + 2^-11 is halfway between two f16 values: to even, 1.
  CHECK(dotOf({{0x3c00, 0x3c00}, {0x3c00, 0x1000}}, Elem::F16, 0x0000u, true) == 0x3c00u);
  // 1 + 3 * 2^-11: halfway, to even 1 + 2^-9.
  CHECK(dotOf({{0x3c00, 0x3c00}, {0x3e00, 0x1400}}, Elem::F16, 0x0000u, true) == 0x3c02u);
  // -2^-26 rounds to zero in f16: +0.
  CHECK(dotOf({{0x8001, 0x3400}}, Elem::F16, 0x0000u, true) == 0x0000u);
}

// e4m3 codes: 0x7e 448, 0xfe -448, 0x78 2^8, 0x38 1, 0x20 2^-3, 0x1c 1.5 * 2^-4, 0x08 2^-6.
// ptxas's sm_90 sequence: the fp8 bytes as f16, an f16 mma of bytes 0-1 (k mod 4 in {0, 1}) into
// C = +0, one of bytes 2-3 into that result, then C added (FADD or HADD2).
TEST_CASE("fp8 -> f32: two f16 mma steps by byte position, then C", "[mma][fp8]")
{
  // 448^2 - 448^2 in half A (k mod 4 in {0, 1}) sets step 1's window at 2^(17 - 26): the product
  // 2^-12 is dropped there (k 4, 5), but kept exactly in half B (k 2, 3), where step 1's T is 0.
  for (unsigned k : {4u, 5u})
    CHECK(fp8DotOf({{0, 0x7e, 0x7e}, {1, 0xfe, 0x7e}, {k, 0x08, 0x08}}, 0u) == 0u);
  for (unsigned k : {2u, 3u})
    CHECK(fp8DotOf({{0, 0x7e, 0x7e}, {1, 0xfe, 0x7e}, {k, 0x08, 0x08}}, 0u) == 0x39800000u);
  // Step 1's sum 2^16 + 2^-7 + 2^-8 is cut toward zero to 24 bits (the exact sum rounds up).
  CHECK(fp8DotOf({{0, 0x78, 0x78}, {1, 0x1c, 0x20}}, 0u) == 0x47800001u);
  // Step 2 re-aligns half A's T = 2^-12 to B's 2^16: T is cut away; C = -(2^16 - 2^-7) added last.
  CHECK(fp8DotOf({{0, 0x08, 0x08}, {2, 0x78, 0x78}}, 0xc77ffffeu) == 0x3c000000u);
  // C alone (the f16 steps' sum +0): itself, but +0 for C = -0 (FADD's +0 + -0); e4m3 x e5m2:
  // 1 * 1 + 1.
  CHECK(fp8DotOf({}, 0xbf800000u) == 0xbf800000u);
  CHECK(fp8DotOf({}, 0x80000000u) == 0u);
  CHECK(fp8DotOf({{7, 0x38, 0x3c}}, 0x3f800000u, false, true) == 0x40000000u);
  // Special values: e4m3 0x7f NaN; e5m2 infinity (0x7c) times 0 NaN, times 1 infinity.
  CHECK(fp8DotOf({{0, 0x7f, 0x38}}, 0u) == 0x7fffffffu);
  CHECK(fp8DotOf({{0, 0x7c, 0x00}}, 0u, true, true) == 0x7fffffffu);
  CHECK(fp8DotOf({{0, 0x7c, 0x3c}}, 0u, true, true) == 0x7f800000u);
}

TEST_CASE("fp8 -> f16: partial sums rounded to f16 (and overflowing), C added last", "[mma][fp8]")
{
  // 256 * 256 in half A rounds to +inf in f16; half B's -65536 - 1 cannot bring it back: the
  // exact sum -1 gives +inf (as recorded with the largest codes).
  CHECK(fp8DotF16({{0, 0x78, 0x78}, {2, 0xf8, 0x78}, {3, 0xb8, 0x38}}, 0x0000u) == 0x7c00u);
  // In half B alone, the same products sum to -1 exactly.
  CHECK(fp8DotF16({{2, 0x78, 0x78}, {3, 0xf8, 0x78}, {6, 0xb8, 0x38}}, 0x0000u) == 0xbc00u);
  // 1 + 2^-11 rounds to 1 (ties to even) before C = -1 is added: +0, where the exact sum is 2^-11.
  CHECK(fp8DotF16({{0, 0x38, 0x38}, {1, 0x08, 0x10}}, 0xbc00u) == 0x0000u);
  // Zero products give +0, and +0 + C: C, but +0 for C = -0; 1 + C = 1: 2.
  CHECK(fp8DotF16({}, 0xbc00u) == 0xbc00u);
  CHECK(fp8DotF16({}, 0x8000u) == 0x0000u);
  CHECK(fp8DotF16({{5, 0x38, 0x38}}, 0x3c00u) == 0x4000u);
  // NaN operands give 0x7fff; an infinite C with finite products passes.
  CHECK(fp8DotF16({{0, 0x7f, 0x38}}, 0x0000u) == 0x7fffu);
  CHECK(fp8DotF16({{0, 0x38, 0x38}}, 0xfc00u) == 0xfc00u);
  CHECK(fp8DotF16({{0, 0x78, 0x78}}, 0xfc00u) == 0x7fffu); // +inf (rounded) - inf
}

// sm_90 runs m8n8k4 f16 as f32 arithmetic (docs/gpu-facts.md): f32 accumulators an fma chain
// from +0 in k order then + C; f16 accumulators (C + (p0 + p1)) + (p2 + p3), rounded to f16.
TEST_CASE("m8n8k4 with f16 multiplicands: f32 steps rounded to nearest, in ptxas's order", "[mma][m8n8k4]")
{
  // 4096 * 4096 = 2^24, then + 1, + 1: each rounds back to 2^24 (the exact sum 2^24 + 2 is an f32).
  CHECK(m8n8k4Of({0x6c00, 0x3c00, 0x3c00, 0}, {0x6c00, 0x3c00, 0x3c00, 0}, 0u, false) == 0x4b800000u);
  // ... and with the ones first, 2^24 + 2.
  CHECK(m8n8k4Of({0x3c00, 0x3c00, 0x6c00, 0}, {0x3c00, 0x3c00, 0x6c00, 0}, 0u, false) == 0x4b800001u);
  // C is added last: -2^24 + (2^24 + 1 rounded) = 0.
  CHECK(m8n8k4Of({0x6c00, 0x3c00, 0, 0}, {0x6c00, 0x3c00, 0, 0}, 0xcb800000u, false) == 0u);
  // The chain starts from +0: -0 products and C = -0 give +0.
  CHECK(m8n8k4Of({0x8000, 0, 0, 0}, {0x3c00, 0, 0, 0}, 0x80000000u, false) == 0u);
  // inf * 0 and NaN: 0x7fffffff.
  CHECK(m8n8k4Of({0x7c00, 0, 0, 0}, {0, 0, 0, 0}, 0u, false) == 0x7fffffffu);
  // f16: p0 + p1 = 2^24 + 1 rounds to 2^24 in f32, p2 + p3 = -2^24: 0, where the exact sum is 1.
  CHECK(m8n8k4Of({0x6c00, 0x3c00, 0xec00, 0}, {0x6c00, 0x3c00, 0x6c00, 0}, 0u, true) == 0u);
  // C goes to p0 + p1 before p2 + p3 does: (1 + 2^24) - 2^24 = 0, where C last would give 1.
  CHECK(m8n8k4Of({0x6c00, 0, 0xec00, 0}, {0x6c00, 0, 0x6c00, 0}, 0x3c00u, true) == 0u);
  // The f32 sum rounds to f16 once: 2049 -> 2048 (ties to even); overflow gives infinity.
  CHECK(m8n8k4Of({0x6800, 0x3c00, 0, 0}, {0x3c00, 0x3c00, 0, 0}, 0u, true) == 0x6800u);
  CHECK(m8n8k4Of({0x5c00, 0, 0, 0}, {0x5c00, 0, 0, 0}, 0u, true) == 0x7c00u);
}

TEST_CASE("integer words: signed and unsigned 8- and 4-bit lanes, b1 and/xor popc", "[mma][int]")
{
  CHECK(intDotWord(0x80808080u, 0x7f7f7f7fu, 8, true, true, false) == 4 * -128 * 127);
  CHECK(intDotWord(0x80808080u, 0x7f7f7f7fu, 8, false, true, false) == 4 * 128 * 127);
  CHECK(intDotWord(0xffffffffu, 0xffffffffu, 4, true, false, false) == 8 * -1 * 15);
  CHECK(intDotWord(0xf0f0f0f0u, 0xff00ff00u, 1, false, false, false) == 8);
  CHECK(intDotWord(0xf0f0f0f0u, 0xff00ff00u, 1, false, false, true) == 16);
}

} // namespace p2m::mslmma::test
