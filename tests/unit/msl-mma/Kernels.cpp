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

std::uint32_t dotFp8(const std::uint32_t *a, const std::uint32_t *b, bool aE5m2, bool bE5m2, std::uint32_t c)
{
  uint av[32], bv[32];
  for (unsigned i = 0; i < 32u; ++i) {
    av[i] = a[i];
    bv[i] = b[i];
  }
  return p2m_tc_dot_fp8(av, bv, aE5m2 ? P2M_TC_E5M2 : P2M_TC_E4M3, bE5m2 ? P2M_TC_E5M2 : P2M_TC_E4M3, c);
}

std::int64_t intDotWord(std::uint32_t a, std::uint32_t b, unsigned bits, bool aSigned, bool bSigned, bool xorOp)
{
  return p2m_tc_idot_word(a, b, bits, aSigned, bSigned, xorOp);
}

} // namespace p2m::mslmma
