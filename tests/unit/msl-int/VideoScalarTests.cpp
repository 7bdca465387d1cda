// The scalar video helpers (p2m_vop, p2m_vset, p2m_vshift, p2m_vmad) against a reference model
// written from the PTX ISA's pseudocode (partSelectSignExtend, the exact intermediate, optSaturate,
// optSecondaryOp, optMerge; vmad's 128-bit tmp) with 128-bit integers, on edge operands crossed,
// for every operation, signedness, .sat, secondary operation and destination selector. What
// the GPU returns is checked by the probe-video-scalar test (tests/probes).
#include "IntOpsKernels.h"

#include <catch2/catch.hpp>

#include <cstdint>

namespace {

using i128 = __int128;

const uint32_t kEdges[] = {0u,          1u,          2u,          7u,          31u,         32u,
                           33u,         0x7Fu,       0x80u,       0xFFu,       0x100u,      0x7FFFu,
                           0x8000u,     0xFFFFu,     0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFEu, 0xFFFFFFFFu,
                           0x807F80FFu, 0xFEDCBA98u};

i128 word(uint32_t x, bool isSigned) { return isSigned ? i128(int32_t(x)) : i128(x); }

// optSaturate, then optSecondaryOp or optMerge (dsel 1..4 b0..b3, 5 h0, 6 h1).
uint32_t finish(i128 t, uint32_t c, bool dSigned, bool sat, unsigned op2, unsigned dsel) {
  int bits = dsel == 0 ? 32 : dsel <= 4 ? 8 : 16;
  if (sat) {
    i128 hi = dSigned ? (i128(1) << (bits - 1)) - 1 : (i128(1) << bits) - 1;
    i128 lo = dSigned ? -hi - 1 : 0;
    t = t < lo ? lo : t > hi ? hi : t;
  }
  if (dsel != 0) {
    int shift = dsel <= 4 ? 8 * int(dsel - 1) : 16 * int(dsel - 5);
    uint32_t mask = uint32_t((uint64_t(1) << bits) - 1) << shift;
    return (c & ~mask) | ((uint32_t(t) << shift) & mask);
  }
  // .min/.max in d's signedness (a negative t is above every c when d is unsigned), as an H100
  // computes them (tests/probes: vshr.u32.s32.u32.clamp.min).
  i128 tc = word(c, dSigned);
  bool below = dSigned ? t < tc : (unsigned __int128)t < (unsigned __int128)tc;
  if (op2 == 1) t += tc;
  if (op2 == 2) t = below ? t : tc;
  if (op2 == 3) t = below ? tc : t;
  return uint32_t(t);
}

uint32_t refVop(unsigned op, uint32_t a, uint32_t b, uint32_t c, bool ds, bool as, bool bs, bool sat, unsigned op2,
                unsigned dsel) {
  i128 ta = word(a, as), tb = word(b, bs);
  i128 t = op == 0 ? ta + tb : op == 1 ? ta - tb : op == 2 ? (ta > tb ? ta - tb : tb - ta)
           : op == 3 ? (ta < tb ? ta : tb) : (ta > tb ? ta : tb);
  return finish(t, c, ds, sat, op2, dsel);
}

uint32_t refVset(unsigned cmp, uint32_t a, uint32_t b, uint32_t c, bool as, bool bs, unsigned op2, unsigned dsel) {
  i128 ta = word(a, as), tb = word(b, bs);
  bool r = cmp == 0 ? ta == tb : cmp == 1 ? ta != tb : cmp == 2 ? ta < tb : cmp == 3 ? ta <= tb : cmp == 4 ? ta > tb
                                                                                                         : ta >= tb;
  return finish(r ? 1 : 0, c, as, false, op2, dsel); // signed with a, as an H100 does
}

uint32_t refVshift(bool left, uint32_t a, uint32_t b, uint32_t c, bool ds, bool as, bool clamp, bool sat,
                   unsigned op2, unsigned dsel) {
  i128 ta = word(a, as);
  uint32_t tb = clamp ? (b > 32 ? 32 : b) : (b & 31);
  i128 t = left ? ta * (i128(1) << tb) : ta >> tb;
  return finish(t, c, ds, sat, op2, dsel);
}

uint32_t refVmad(uint32_t a, uint32_t b, uint32_t c, bool as, bool bs, bool negProduct, bool negC, bool po,
                 unsigned scale, bool sat) {
  bool signedFinal = as || bs || negProduct || negC;
  i128 tmp = word(a, as) * word(b, bs);
  int lsb = 0;
  if (po) {
    lsb = 1;
  } else if (negProduct) {
    tmp = ~tmp;
    lsb = 1;
  } else if (negC) {
    c = ~c;
    lsb = 1;
  }
  tmp = tmp + word(c, signedFinal) + lsb;
  tmp >>= scale;
  uint64_t result = uint64_t(tmp);
  if (sat) {
    if (signedFinal) {
      int64_t r = int64_t(result);
      result = uint64_t(r < INT32_MIN ? INT32_MIN : r > INT32_MAX ? INT32_MAX : r);
    } else {
      result = result > UINT32_MAX ? UINT32_MAX : result;
    }
  }
  return uint32_t(result);
}

} // namespace

TEST_CASE("vadd, vsub, vabsdiff, vmin and vmax follow the ISA's pseudocode", "[int][video]") {
  namespace k = p2m::inttest::builtin;
  int mismatches = 0;
  for (unsigned op = 0; op < 5; ++op)
    for (unsigned signs = 0; signs < 8; ++signs)
      for (unsigned sat = 0; sat < 2; ++sat)
        for (unsigned form = 0; form < 10; ++form) { // op2 none/add/min/max, then dsel b0..h1
          unsigned op2 = form < 4 ? form : 0, dsel = form < 4 ? 0 : form - 3;
          bool ds = signs & 1, as = signs & 2, bs = signs & 4;
          for (uint32_t a : kEdges)
            for (uint32_t b : kEdges)
              for (uint32_t c : {0u, 0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFFu, 0x12345678u}) {
                uint32_t got = k::vop(op, a, b, c, ds, as, bs, sat, op2, dsel);
                uint32_t want = refVop(op, a, b, c, ds, as, bs, sat, op2, dsel);
                if (got != want && ++mismatches <= 5)
                  FAIL_CHECK("op " << op << " signs " << signs << " sat " << sat << " form " << form << std::hex
                                   << " a=" << a << " b=" << b << " c=" << c << ": " << got << ", the model " << want);
              }
        }
  CHECK(mismatches == 0);
}

TEST_CASE("vset follows the ISA's pseudocode, its secondary operation signed with a", "[int][video]") {
  namespace k = p2m::inttest::builtin;
  int mismatches = 0;
  for (unsigned cmp = 0; cmp < 6; ++cmp)
    for (unsigned signs = 0; signs < 4; ++signs)
      for (unsigned form = 0; form < 10; ++form) {
        unsigned op2 = form < 4 ? form : 0, dsel = form < 4 ? 0 : form - 3;
        bool as = signs & 1, bs = signs & 2;
        for (uint32_t a : kEdges)
          for (uint32_t b : kEdges)
            for (uint32_t c : {0u, 0xFFFFFFFFu, 0x12345678u}) {
              uint32_t got = k::vset(cmp, a, b, c, as, bs, op2, dsel);
              uint32_t want = refVset(cmp, a, b, c, as, bs, op2, dsel);
              if (got != want && ++mismatches <= 5)
                FAIL_CHECK("cmp " << cmp << " signs " << signs << " form " << form << std::hex << " a=" << a
                                  << " b=" << b << " c=" << c << ": " << got << ", the model " << want);
            }
      }
  CHECK(mismatches == 0);
}

TEST_CASE("vshl and vshr with .sat and merge follow the ISA's pseudocode", "[int][video]") {
  namespace k = p2m::inttest::builtin;
  int mismatches = 0;
  for (unsigned left = 0; left < 2; ++left)
    for (unsigned signs = 0; signs < 4; ++signs)
      for (unsigned mode = 0; mode < 4; ++mode) // clamp, sat
        for (unsigned form = 0; form < 10; ++form) {
          unsigned op2 = form < 4 ? form : 0, dsel = form < 4 ? 0 : form - 3;
          bool ds = signs & 1, as = signs & 2, clamp = mode & 1, sat = mode & 2;
          for (uint32_t a : kEdges)
            for (uint32_t b : kEdges)
              for (uint32_t c : {0u, 0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFFu}) {
                uint32_t got = k::vshift(left, a, b, c, ds, as, clamp, sat, op2, dsel);
                uint32_t want = refVshift(left, a, b, c, ds, as, clamp, sat, op2, dsel);
                if (got != want && ++mismatches <= 5)
                  FAIL_CHECK("left " << left << " signs " << signs << " mode " << mode << " form " << form
                                     << std::hex << " a=" << a << " b=" << b << " c=" << c << ": " << got
                                     << ", the model " << want);
              }
        }
  CHECK(mismatches == 0);
}

TEST_CASE("vmad follows the ISA's pseudocode", "[int][video]") {
  namespace k = p2m::inttest::builtin;
  int mismatches = 0;
  for (unsigned signs = 0; signs < 4; ++signs)
    for (unsigned mode = 0; mode < 4; ++mode) // none, -(a*b), -c, .po
      for (unsigned scale : {0u, 7u, 15u})
        for (unsigned sat = 0; sat < 2; ++sat) {
          bool as = signs & 1, bs = signs & 2, negProduct = mode == 1, negC = mode == 2, po = mode == 3;
          for (uint32_t a : kEdges)
            for (uint32_t b : kEdges)
              for (uint32_t c : kEdges) {
                uint32_t got = k::vmad(a, b, c, as, bs, negProduct, negC, po, scale, sat);
                uint32_t want = refVmad(a, b, c, as, bs, negProduct, negC, po, scale, sat);
                if (got != want && ++mismatches <= 5)
                  FAIL_CHECK("signs " << signs << " mode " << mode << " scale " << scale << " sat " << sat
                                      << std::hex << " a=" << a << " b=" << b << " c=" << c << ": " << got
                                      << ", the model " << want);
              }
        }
  CHECK(mismatches == 0);
}
