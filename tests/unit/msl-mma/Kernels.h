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

// The 32-product fp8 dot of the m16n8k32 forms: a and b hold fp8 bytes (e4m3, or e5m2 where
// aE5m2/bE5m2) in k order; c and D are f32 bits, or f16 bits with f16Acc.
std::uint32_t dotFp8(const std::uint32_t *a, const std::uint32_t *b, bool aE5m2, bool bE5m2, std::uint32_t c,
                     bool f16Acc);

// One D element of mma.m8n8k4 with f16 multiplicands: a and b hold the four f16 values of an A
// row and a B column in k order; c and D are f32 bits, or f16 bits with f16Acc.
std::uint32_t m8n8k4F16Element(const std::uint32_t *a, const std::uint32_t *b, std::uint32_t c, bool f16Acc);

// The integer dot product of one 32-bit word pair (bits = 8, 4 or 1).
std::int64_t intDotWord(std::uint32_t a, std::uint32_t b, unsigned bits, bool aSigned, bool bSigned, bool xorOp);

// Whole-warp runs of the wmma helpers (load, mma, store, as lower-tensor-ops calls them) on the 32
// lanes of one simulated SIMD-group: each lane's simd_shuffle reads what the other lanes pass in
// the same call (Kernels.cpp). Matrices are element bits in memory, row-major unless *ColMajor.
// m16n16k8 tf32: A 16x8, B 8x16, C and D 16x16 f32 bits (stride: the row or column length).
void wmmaTf32(const std::uint32_t *a, bool aColMajor, const std::uint32_t *b, bool bColMajor, const std::uint32_t *c,
              std::uint32_t *d);

// m8n8k32 s4/u4 (bits 4) and m8n8k128 b1 (bits 1): A rows (.row) and B columns (.col) as packed
// 32-bit words (element 0 in the low bits), 8 rows or columns of 4 words; C and D 8x8 s32,
// row-major. isSigned: s4 (else u4); xorOp: b1's .xor.popc (else .and.popc).
void wmmaSubByte(unsigned bits, bool isSigned, bool satfinite, bool xorOp, const std::uint32_t *a,
                 const std::uint32_t *b, const std::int32_t *c, std::int32_t *d);

// Whether every lane passed the same values to its shuffles on the second run of the last
// helper as on the first (the lane simulation's precondition: what a lane shuffles does not
// depend on what it received).
bool laneRunsConsistent();

} // namespace p2m::mslmma
