// The scalar arithmetic of emitters/msl/support/mma_ops.h, compiled as the host backend
// compiles MSL (Kernels.cpp), behind plain C++ signatures for the tests.
#pragma once

#include <cstdint>

namespace p2m::mslmma {

enum class Elem : unsigned { F16 = 0, BF16 = 1, TF32 = 2 };

// D = sum_{i<k} a[i] * b[i] + c (k <= 16), element bits; c and D are f32 bits, or f16 bits
// with f16Acc.
std::uint32_t dot(const std::uint32_t *a, const std::uint32_t *b, unsigned k, Elem elem, std::uint32_t c,
                  bool f16Acc);

// The 32-product fp8 dot of the m16n8k32 f32-accumulator forms: a and b hold fp8 bytes (e4m3,
// or e5m2 where aE5m2/bE5m2) in k order; c and D are f32 bits.
std::uint32_t dotFp8(const std::uint32_t *a, const std::uint32_t *b, bool aE5m2, bool bE5m2, std::uint32_t c);

// The integer dot product of one 32-bit word pair (bits = 8, 4 or 1).
std::int64_t intDotWord(std::uint32_t a, std::uint32_t b, unsigned bits, bool aSigned, bool bSigned, bool xorOp);

} // namespace p2m::mslmma
