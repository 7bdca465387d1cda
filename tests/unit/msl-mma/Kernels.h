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

// The integer dot product of one 32-bit word pair (bits = 8, 4 or 1).
std::int64_t intDotWord(std::uint32_t a, std::uint32_t b, unsigned bits, bool aSigned, bool bSigned, bool xorOp);

} // namespace p2m::mslmma
