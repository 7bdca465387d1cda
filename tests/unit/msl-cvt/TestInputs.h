// Inputs for the conversion and f16/bf16 tests: edge values of every format and random values
// drawn to hit rounding boundaries (ties of each narrow format, subnormals, integer limits).
#pragma once

#include <cstdint>
#include <vector>

namespace p2m::mslcvt::test {

// splitmix64: small, fast, and the same sequence everywhere.
class Random {
public:
    explicit Random(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next()
    {
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    std::uint32_t below(std::uint32_t n) { return static_cast<std::uint32_t>(next() % n); }

private:
    std::uint64_t state_;
};

// f32 bit patterns: ±0, ±inf, NaNs with payloads, subnormals, the largest finite, the f16/bf16/
// tf32 overflow and underflow thresholds and ties, integer limits ±1 ulp, ±0.5, ±1.5, ±2.5, ...
inline std::vector<std::uint32_t> f32EdgeInputs()
{
    std::vector<std::uint32_t> v = {
        0x00000000, 0x7F800000, 0x7FC00000, 0x7FFFFFFF, 0x7F800001, 0x7FA00123, 0x7FC00123,
        0x7F801000, 0x7F802000, 0x7F803FFF, 0x00000001, 0x007FFFFF, 0x00400000, 0x00800000,
        0x00000FFF, 0x00001000, 0x00001001, 0x00003000, 0x00008000, 0x00018000, 0x007FF000,
        0x007FE000, 0x7F7FFFFF, 0x7F7FF000, 0x7F7FEFFF, 0x7F7FE000, 0x7F7F8000, 0x7F7F7FFF,
        0x477FE000, 0x477FEFFF, 0x477FF000, 0x477FF001, 0x47800000, 0x477FFFFF, 0x33800000,
        0x33000000, 0x33000001, 0x32FFFFFF, 0x33C00000, 0x33400000, 0x387FC000, 0x387FE000,
        0x387FF000, 0x387FFFFF, 0x38800000, 0x3F000000, 0x3FC00000, 0x40200000, 0x3F800000,
        0x3F7FFFFF, 0x3EFFFFFF, 0x3F000001, 0x4B000000, 0x4AFFFFFF, 0x4B7FFFFF, 0x4B800000,
        0x42FE0000, 0x42FF0000, 0x43000000, 0x43010000, 0x437F0000, 0x437F8000, 0x43800000,
        0x46FFFE00, 0x46FFFF00, 0x47000000, 0x47000080, 0x477FFF00, 0x477FFF80, 0x4F000000,
        0x4EFFFFFF, 0x4F7FFFFF, 0x4F800000, 0x5EFFFFFF, 0x5F000000, 0x5F7FFFFF, 0x5F800000,
        0x3F801000, 0x3F803000, 0x3F808000, 0x3F818000, 0x3E800000, 0x3F400000, 0x3FA00000,
        0x40400000, 0x40A00000, 0x3F7FF000, 0x3F7FF800};
    const std::size_t n = v.size();
    for (std::size_t i = 0; i < n; ++i)
        v.push_back(v[i] | 0x80000000u);
    return v;
}

// Random f32 bit patterns of the kinds above.
inline std::uint32_t f32RandomInput(Random &r)
{
    const auto bits = static_cast<std::uint32_t>(r.next());
    const std::uint32_t sign = bits & 0x80000000u;
    switch (r.below(11)) {
    case 0: return bits;                                                           // any
    case 1: return sign | ((r.below(50) + 97u) << 23) | (bits & 0x7FFFFFu);        // f16 range
    case 2: return sign | ((r.below(50) + 97u) << 23) | (bits & 0x7FE000u) | 0x1000u; // f16 ties
    case 3: return sign | ((r.below(254) + 1u) << 23) | (bits & 0x7F0000u) | 0x8000u; // bf16 ties
    case 4: return sign | ((r.below(254) + 1u) << 23) | (bits & 0x7FE000u) | 0x1000u; // tf32 ties
    case 5: return sign | (bits & 0x7FFFFFu);                                      // subnormal
    case 6: return sign | ((r.below(70) + 120u) << 23) | (bits & 0x7FFFFFu);       // int range
    case 7: return sign | ((r.below(30) + 126u) << 23) | (bits & 0x7FC000u);       // halves, ties
    case 8: return sign | 0x7F800000u | (bits & 0x7FFFFFu) | 1u;                   // NaN
    case 9: return sign | ((r.below(14) + 105u) << 23) | (bits & 0x7FFFFFu);       // f16 subnormal
    default: return sign | ((r.below(254) + 1u) << 23) | (bits & 0x7FFFFFu);      // any finite
    }
}

// Integer bit patterns (64 bits; narrower sources use the low bits): limits and neighbours,
// powers of two and values just around them.
inline std::vector<std::uint64_t> intEdgeInputs()
{
    std::vector<std::uint64_t> v;
    for (int k = 0; k < 64; ++k) {
        const std::uint64_t p = 1ull << k;
        for (std::uint64_t x : {p, p - 1, p + 1, p - 2, p + 2, p + (p >> 1), p + (p >> 12),
                                p + (p >> 11), p + (p >> 24), p + (p >> 25), p - (p >> 25)}) {
            v.push_back(x);
            v.push_back(~x + 1);
        }
    }
    for (std::uint64_t x : {0ull, 0x7Full, 0x80ull, 0xFFull, 0x7FFFull, 0x8000ull, 0xFFFFull,
                            0xFFE0ull, 0xFFEFull, 0xFFF0ull, 0xFFF8ull, 65504ull, 65519ull,
                            65520ull, 0x7FFFFFFFull, 0x80000000ull, 0xFFFFFFFFull,
                            0x7FFFFFFFFFFFFFFFull, 0x8000000000000000ull, 0xFFFFFFFFFFFFFFFFull,
                            0x1000001ull, 0x1000003ull, 0x3000001ull, 0x0080000001000000ull})
        v.push_back(x);
    return v;
}

// Random integers of random widths, half of them negated, some rounded to create ties.
inline std::uint64_t intRandomInput(Random &r)
{
    const std::uint64_t bits = r.next();
    const unsigned width = r.below(64) + 1u;
    std::uint64_t v = width == 64 ? bits : (bits & ((1ull << width) - 1ull)) | (1ull << (width - 1));
    if (r.below(4) == 0) {
        const unsigned k = r.below(40) + 1u;
        v = (v >> k << k) | (1ull << (k - 1)); // a tie at bit k
    }
    if (r.below(2) == 0)
        v = ~v + 1;
    return v;
}

// f16/bf16 operands for the arithmetic tests: zeros, infinities, NaNs with payloads,
// subnormals, one, and random bits.
inline std::uint16_t halfRandomOperand(Random &r, bool bf16)
{
    const auto sign = static_cast<std::uint16_t>((r.next() & 1u) << 15);
    const std::uint16_t expMask = bf16 ? 0x7F80 : 0x7C00, mant = bf16 ? 0x7F : 0x3FF;
    const auto bits = static_cast<std::uint16_t>(r.next());
    switch (r.below(14)) {
    case 0: return sign;
    case 1: return static_cast<std::uint16_t>(sign | expMask);
    case 2: return static_cast<std::uint16_t>(sign | expMask | (bits & mant) | 1u);
    case 3: return static_cast<std::uint16_t>(sign | (bits & mant));
    case 4: return static_cast<std::uint16_t>(sign | (bf16 ? 0x3F80 : 0x3C00));
    case 5: // small exponents (subnormal results, slow paths)
        return static_cast<std::uint16_t>(sign | ((r.below(bf16 ? 20 : 4) + 1u) << (bf16 ? 7 : 10)) | (bits & mant));
    default: return bits;
    }
}

} // namespace p2m::mslcvt::test
