// Host reference for the conversion and f16/bf16 tests: exact values in long double (64-bit
// significand, x87), rounded with the C library under fesetround. Written independently of the
// code under test: it rounds with nearbyintl/roundl, never on bit patterns.
#pragma once

#include <cstdint>

namespace p2m::mslcvt::ref {

__extension__ typedef __int128 Int128;
__extension__ typedef unsigned __int128 UInt128;

// A binary format: fraction bits and exponent bits (sign bit above them).
struct Format {
    int mbits;
    int ebits;
};
inline constexpr Format kF32{23, 8};
inline constexpr Format kF16{10, 5};
inline constexpr Format kBF16{7, 8};
inline constexpr Format kTF32{10, 8}; // tf32's own layout (the tests widen it to f32 bits)

// Rounding modes: 0 to nearest even, 1 toward zero, 2 down, 3 up.

bool isNaN(std::uint32_t bits, Format f);
bool isInf(std::uint32_t bits, Format f);
// The exact value of finite bits (signed zeros kept).
long double decode(std::uint32_t bits, Format f);
// A finite exact value rounded to the format in `mode` (IEEE-754, overflow included).
std::uint32_t round(long double v, int mode, Format f);
// A finite exact value rounded to nearest, ties away from zero.
std::uint32_t roundTiesAway(long double v, Format f);
// v rounded to an integral value in `mode` (sign kept: -0.3 -> -0).
long double roundToIntegral(long double v, int mode);
// v (not NaN) rounded to an integer in `mode`, saturated to integer type dst (0..7: s8 u8
// s16 u16 s32 u32 s64 u64), as the destination's bits zero-extended.
std::uint64_t toInt(long double v, int mode, int dst);
// An integral value (or infinity) saturated to integer type dst, as toInt returns it.
std::uint64_t saturate(long double integral, int dst);
// x + y rounded to odd at long double precision (exact whenever long double holds the sum):
// rounding that to any format of at most 62 bits to nearest is the correctly rounded sum.
long double sumToOdd(long double x, long double y);
// n * 2^exp rounded to odd at long double precision.
long double int128ToOdd(Int128 n, int exp);

} // namespace p2m::mslcvt::ref
