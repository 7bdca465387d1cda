// The scalar video helpers (p2m_vop, p2m_vset, p2m_vshift, p2m_vmad) against a reference model
// of the rules an H100 follows (the PTX ISA's pseudocode where the code ptxas writes for sm_90
// agrees with it; docs/gpu-facts.md "Scalar video instructions") with 128-bit integers, on edge
// operands crossed, for every operation, signedness, .sat, secondary operation and destination
// selector (also the forms the emitter refuses until a recording covers them). What the GPU
// returns is checked by the probe-video-scalar test (tests/probes), against the recording these
// rules were taken from.
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

// What follows the primary result t (at most 64 bits): dsel 1..4 b0..b3, 5 h0, 6 h1.
//  - merge: with .sat, t's low word (all ones if t has bits above 32, or is negative) clamped
//    unsigned to the field's maximum (0x7F/0x7FFF for a signed d); h1 gets t's bits 16..31.
//  - else .sat: a signed d clamped to its range; an unsigned one 0 for a negative t and, for
//    shifts only, 0xFFFFFFFF above; `narrow` cuts t to 32 bits, signed; then .add, or
//    .min/.max in d's signedness (a negative t is above every c when d is unsigned).
//  - shifts with .sat: clamped to d's 32-bit range before a merge, and narrowed before
//    .min/.max (not recorded: the code ptxas writes for sm_90).
i128 clamp32(i128 t, bool dSigned) {
  i128 lo = dSigned ? INT32_MIN : 0, hi = dSigned ? i128(INT32_MAX) : i128(UINT32_MAX);
  return t < lo ? lo : t > hi ? hi : t;
}

uint32_t finish(i128 t, uint32_t c, bool dSigned, bool sat, bool shift, bool narrow, unsigned op2, unsigned dsel) {
  if (dsel != 0) {
    int bits = dsel <= 4 ? 8 : 16;
    int place = dsel <= 4 ? 8 * int(dsel - 1) : 16 * int(dsel - 5);
    uint32_t v = uint32_t(sat && shift ? clamp32(t, dSigned) : t);
    if (sat && !shift) {
      uint32_t fieldMax = dSigned ? (1u << (bits - 1)) - 1 : (1u << bits) - 1;
      if (t < 0 || t > i128(UINT32_MAX) || v > fieldMax)
        v = fieldMax;
    }
    uint32_t mask = uint32_t((uint64_t(1) << bits) - 1) << place;
    uint32_t placed = dsel == 6 ? v : v << place; // h1: t's own high half
    return (c & ~mask) | (placed & mask);
  }
  if (sat)
    t = dSigned || shift ? clamp32(t, dSigned) : t < 0 ? i128(0) : t;
  if (narrow || (sat && shift))
    t = int32_t(uint32_t(t));
  i128 tc = word(c, dSigned);
  bool below = dSigned ? t < tc : (t < 0 ? false : tc < 0 ? true : t < tc);
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
  return finish(t, c, ds, sat, false, op <= 1, op2, dsel); // vadd and vsub narrow
}

uint32_t refVset(unsigned cmp, uint32_t a, uint32_t b, uint32_t c, bool as, bool bs, unsigned op2, unsigned dsel) {
  i128 ta = word(a, as), tb = word(b, bs);
  bool r = cmp == 0 ? ta == tb : cmp == 1 ? ta != tb : cmp == 2 ? ta < tb : cmp == 3 ? ta <= tb : cmp == 4 ? ta > tb
                                                                                                         : ta >= tb;
  return finish(r ? 1 : 0, c, as, false, false, false, op2, dsel); // signed with a, as an H100 does
}

// vshl's t wraps to 64 bits, and with .sat to 34, signed.
uint32_t refVshift(bool left, uint32_t a, uint32_t b, uint32_t c, bool ds, bool as, bool clamp, bool sat,
                   unsigned op2, unsigned dsel) {
  i128 ta = word(a, as);
  uint32_t tb = clamp ? (b > 32 ? 32 : b) : (b & 31);
  i128 t = ta >> tb;
  if (left) {
    int width = sat ? 34 : 64;
    i128 m = i128(1) << width;
    t = (ta * (i128(1) << tb)) % m;
    t = t < 0 ? t + m : t;
    t = t >= m / 2 ? t - m : t;
  }
  return finish(t, c, ds, sat, true, false, op2, dsel);
}

// a and b are multiplied as signed words, whatever their types.
uint32_t refVmad(uint32_t a, uint32_t b, uint32_t c, bool as, bool bs, bool negProduct, bool negC, bool po,
                 unsigned scale, bool sat) {
  bool signedFinal = as || bs || negProduct || negC;
  i128 product = i128(int32_t(a)) * int32_t(b);
  i128 t = (negProduct ? -product : product) + (negC ? -i128(int32_t(c)) : i128(int32_t(c))) + (po ? 1 : 0);
  if (!signedFinal && scale != 0 && t < 0)
    t += i128(1) << 64; // the 64-bit word, shifted logically
  t >>= scale;
  if (sat && signedFinal)
    t = t < INT32_MIN ? i128(INT32_MIN) : t > INT32_MAX ? i128(INT32_MAX) : t;
  if (sat && !signedFinal)
    t = t < 0 ? i128(0) : t > i128(UINT32_MAX) ? i128(UINT32_MAX) : t;
  return uint32_t(t);
}

} // namespace

TEST_CASE("vadd, vsub, vabsdiff, vmin and vmax follow the H100's rules", "[int][video]") {
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

TEST_CASE("vset follows the H100's rules, its secondary operation signed with a", "[int][video]") {
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

TEST_CASE("vshl and vshr follow the H100's rules", "[int][video]") {
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

TEST_CASE("vmad follows the H100's rules", "[int][video]") {
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
