// mma_ops.h as the host backend compiles generated MSL (C++17, host metal_stdlib, abi.h first).
#include <metal_stdlib>
using namespace metal;
#include "abi.h"
#include "mma_ops.h"

#include "Kernels.h"

namespace p2m::mslmma {

std::uint32_t dot(const std::uint32_t *a, const std::uint32_t *b, unsigned k, Elem elem, std::uint32_t c, bool f16Acc)
{
  uint av[16], bv[16];
  for (unsigned i = 0; i < k && i < 16u; ++i) {
    av[i] = a[i];
    bv[i] = b[i];
  }
  return p2m_tc_dot(av, bv, k, static_cast<uint>(elem), c, f16Acc);
}

std::uint32_t dotFp8(const std::uint32_t *a, const std::uint32_t *b, bool aE5m2, bool bE5m2, std::uint32_t c,
                     bool f16Acc)
{
  uint av[32], bv[32];
  for (unsigned i = 0; i < 32u; ++i) {
    av[i] = a[i];
    bv[i] = b[i];
  }
  return p2m_tc_dot_fp8(av, bv, aE5m2 ? P2M_TC_E5M2 : P2M_TC_E4M3, bE5m2 ? P2M_TC_E5M2 : P2M_TC_E4M3, c, f16Acc);
}

std::uint32_t m8n8k4F16Element(const std::uint32_t *a, const std::uint32_t *b, std::uint32_t c, bool f16Acc)
{
  uint av[4], bv[4];
  for (unsigned i = 0; i < 4u; ++i) {
    av[i] = a[i];
    bv[i] = b[i];
  }
  return f16Acc ? p2m_tc_m8n8k4_f16_one(av, bv, c) : p2m_tc_m8n8k4_f32_one(av, bv, c);
}

std::int64_t intDotWord(std::uint32_t a, std::uint32_t b, unsigned bits, bool aSigned, bool bSigned, bool xorOp)
{
  return p2m_tc_idot_word(a, b, bits, aSigned, bSigned, xorOp);
}

namespace {

// The lane simulation: a helper runs once per lane with every shuffle recorded (and answered
// with 0), then once more per lane, each shuffle answered with what the source lane passed to
// its shuffle of the same position. That is the lock-step result as long as what a lane passes
// does not depend on what it receives, which the second run checks.
// The helpers' memory arguments are in the device address space.
device uint *asDevice(uint *p)
{
  return (device uint *)p;
}

struct LaneTape {
  bool replay = false;
  unsigned lane = 0;
  std::size_t pos = 0;
  uint passed[32][64]; // what each lane passed to its shuffles, in order
  std::size_t count[32];
  bool consistent = true;
};
LaneTape tape;

template <typename Body>
void eachLane(Body body)
{
  tape.consistent = true;
  for (int pass = 0; pass < 2; ++pass) {
    const bool replay = pass == 1;
    tape.replay = replay;
    for (unsigned l = 0; l < 32u; ++l) {
      if (!replay)
        tape.count[l] = 0;
      tape.lane = l;
      tape.pos = 0;
      body(l);
    }
  }
}

} // namespace

bool laneRunsConsistent()
{
  return tape.consistent;
}

void wmmaTf32(const std::uint32_t *a, bool aColMajor, const std::uint32_t *b, bool bColMajor, const std::uint32_t *c,
              std::uint32_t *d)
{
  uint am[128], bm[128], cm[256], dm[256];
  for (unsigned i = 0; i < 128u; ++i) {
    am[i] = a[i];
    bm[i] = b[i];
  }
  for (unsigned i = 0; i < 256u; ++i)
    cm[i] = c[i];
  uint fa[32][4], fb[32][4], fc[32][8], fd[32][8];
  for (uint l = 0; l < 32u; ++l)
    for (uint j = 0; j < 8u; ++j) {
      if (j < 4u) {
        fa[l][j] = p2m_wmma_load_a_tf32_global(0u, aColMajor ? 1u : 0u, j, asDevice(am), aColMajor ? 16u : 8u, l);
        fb[l][j] = p2m_wmma_load_b_tf32_global(0u, bColMajor ? 1u : 0u, j, asDevice(bm), bColMajor ? 8u : 16u, l);
      }
      fc[l][j] = p2m_wmma_load_c_f32_global(0u, 0u, j, asDevice(cm), 16u, l);
    }
  for (uint j = 0; j < 8u; ++j)
    eachLane([&](unsigned l) {
      const uint *x = fa[l], *y = fb[l], *z = fc[l];
      fd[l][j] = p2m_wmma_mma_m16n16k8_tf32_f32(j, x[0], x[1], x[2], x[3], 0u, 0u, 0u, 0u, y[0], y[1], y[2], y[3], 0u,
                                                0u, 0u, 0u, z[0], z[1], z[2], z[3], z[4], z[5], z[6], z[7], l);
    });
  for (uint l = 0; l < 32u; ++l)
    for (uint j = 0; j < 8u; ++j)
      p2m_wmma_store_f32_global(0u, 0u, j, asDevice(dm), 16u, fd[l][j], l);
  for (unsigned i = 0; i < 256u; ++i)
    d[i] = dm[i];
}

void wmmaSubByte(unsigned bits, bool isSigned, bool satfinite, bool xorOp, const std::uint32_t *a,
                 const std::uint32_t *b, const std::int32_t *c, std::int32_t *d)
{
  uint am[32], bm[32], cm[64], dm[64];
  for (unsigned i = 0; i < 32u; ++i) {
    am[i] = a[i];
    bm[i] = b[i];
  }
  for (unsigned i = 0; i < 64u; ++i)
    cm[i] = static_cast<uint>(c[i]);
  // ldm counts elements: a row of 128 bits.
  const uint ldm = 128u / bits;
  uint fa[32], fb[32], fc[32][2], fd[32][2];
  for (uint l = 0; l < 32u; ++l) {
    fa[l] = bits == 4u ? p2m_wmma_load_ab_i4_global(2u, 0u, 0u, asDevice(am), ldm, l) : p2m_wmma_load_ab_b1_global(2u, 0u, 0u, asDevice(am), ldm, l);
    fb[l] = bits == 4u ? p2m_wmma_load_ab_i4_global(2u, 1u, 0u, asDevice(bm), ldm, l) : p2m_wmma_load_ab_b1_global(2u, 1u, 0u, asDevice(bm), ldm, l);
    for (uint j = 0; j < 2u; ++j)
      fc[l][j] = p2m_wmma_load_c_s32_global(2u, 0u, j, asDevice(cm), 8u, l);
  }
  // wmma.mma m8n8k32 / m8n8k128 is mma.sync's m8n8 helper of the same fragments.
  for (uint i = 0; i < 2u; ++i)
    eachLane([&](unsigned l) {
      uint r;
      if (bits == 1u)
        r = xorOp ? p2m_mma_m8n8k128_s32_b1_b1_s32_xor_popc(i, fa[l], fb[l], fc[l][0], fc[l][1], l)
                  : p2m_mma_m8n8k128_s32_b1_b1_s32_and_popc(i, fa[l], fb[l], fc[l][0], fc[l][1], l);
      else if (isSigned)
        r = satfinite ? p2m_mma_m8n8k32_s32_s4_s4_s32_satfinite(i, fa[l], fb[l], fc[l][0], fc[l][1], l)
                      : p2m_mma_m8n8k32_s32_s4_s4_s32(i, fa[l], fb[l], fc[l][0], fc[l][1], l);
      else
        r = satfinite ? p2m_mma_m8n8k32_s32_u4_u4_s32_satfinite(i, fa[l], fb[l], fc[l][0], fc[l][1], l)
                      : p2m_mma_m8n8k32_s32_u4_u4_s32(i, fa[l], fb[l], fc[l][0], fc[l][1], l);
      fd[l][i] = r;
    });
  for (uint l = 0; l < 32u; ++l)
    for (uint j = 0; j < 2u; ++j)
      p2m_wmma_store_s32_global(2u, 0u, j, asDevice(dm), 8u, fd[l][j], l);
  for (unsigned i = 0; i < 64u; ++i)
    d[i] = static_cast<std::int32_t>(dm[i]);
}

} // namespace p2m::mslmma

// The one SIMD-group function mma_ops.h calls, on the lane tape above.
namespace metal {
uint simd_shuffle(uint data, ushort simd_lane_id)
{
  using p2m::mslmma::tape;
  const unsigned src = simd_lane_id & 31u;
  const unsigned me = tape.lane;
  if (!tape.replay) {
    if (tape.count[me] < 64u)
      tape.passed[me][tape.count[me]] = data;
    else
      tape.consistent = false; // more shuffles than the tape holds
    ++tape.count[me];
    return 0u;
  }
  if (tape.pos >= tape.count[me] || tape.pos >= 64u || tape.passed[me][tape.pos] != data)
    tape.consistent = false;
  const uint v = tape.pos < tape.count[src] && tape.pos < 64u ? tape.passed[src][tape.pos] : 0xdeadbeefu;
  ++tape.pos;
  return v;
}
} // namespace metal
