// Shared pieces of the msl_f32_tests: bit helpers, a fixed-seed generator of interesting f32
// inputs, and a compact mismatch report (Catch2 assertions are too slow for millions of
// comparisons, so each test counts failures and keeps the first few).
#ifndef P2M_TESTS_MSL_F32_TESTSUPPORT_H
#define P2M_TESTS_MSL_F32_TESTSUPPORT_H

#include "F32Ops.h"

#include <array>
#include <bit>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <string>
#include <vector>

namespace p2m::f32test {

inline std::uint32_t bits(float f) { return std::bit_cast<std::uint32_t>(f); }
inline float fromBits(std::uint32_t b) { return std::bit_cast<float>(b); }
inline bool isNanBits(std::uint32_t b) { return (b & 0x7FFFFFFFu) > 0x7F800000u; }

// Every f32 NaN an NVIDIA GPU computes is this one (docs/gpu-facts.md).
inline constexpr std::uint32_t kCanonicalNan = 0x7FFFFFFFu;

// The host's result with its NaN replaced by the canonical one.
inline std::uint32_t expectedBits(float hostResult)
{
    std::uint32_t b = bits(hostResult);
    return isNanBits(b) ? kCanonicalNan : b;
}

inline const char *modeName(f32ops::Mode m)
{
    switch (m) {
    case f32ops::RZ: return "rz";
    case f32ops::RM: return "rm";
    case f32ops::RP: return "rp";
    default: return "rn";
    }
}

inline constexpr f32ops::Mode kAllModes[] = {f32ops::RN, f32ops::RZ, f32ops::RM, f32ops::RP};

// splitmix64, fixed seed per use.
class Rng {
public:
    explicit Rng(std::uint64_t seed) : s_(seed) {}
    std::uint64_t next()
    {
        std::uint64_t z = (s_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    std::uint32_t next32() { return static_cast<std::uint32_t>(next() >> 32); }
    std::uint32_t below(std::uint32_t n) { return static_cast<std::uint32_t>(next() % n); }

    // A float from a mix of classes: special values, subnormals, exponent extremes, values
    // near 1, and uniformly random bit patterns (NaNs and infinities included).
    float interesting();
    // A float built from sign, biased exponent field and random significand.
    float withExponent(std::uint32_t field);

private:
    std::uint64_t s_;
};

// Special values: signed zeros, infinities, quiet and signalling NaNs, subnormal and normal
// boundaries, small integers.
const std::vector<float> &specialValues();

// Counts mismatches and keeps the first few descriptions.
class Mismatches {
public:
    void add(const std::string &what)
    {
        ++count_;
        if (examples_.size() < 8)
            examples_.push_back(what);
    }
    long count() const { return count_; }
    std::string report() const;

private:
    long count_ = 0;
    std::vector<std::string> examples_;
};

std::string hex(float f);

// Inputs of up to three operands, an operation under test (in a mode) and its host reference
// (in the current rounding mode).
using Triple = std::array<float, 3>;
using Op = std::function<float(const Triple &, f32ops::Mode)>;
using RefOp = std::function<float(const Triple &)>;

// Compares op with the reference bit for bit in each of `modes` (NaN results must be the
// canonical NaN), once on an IEEE host and, if `withFtz`, once more with the host's FTZ/DAZ
// set; reports through Catch2 CHECKs.
void checkAgainstHost(const char *name, int arity, const std::vector<Triple> &inputs, const Op &op,
                      const RefOp &reference, bool withFtz = true,
                      std::initializer_list<f32ops::Mode> modes = {f32ops::RN, f32ops::RZ,
                                                                   f32ops::RM, f32ops::RP});
std::string describe(const char *op, f32ops::Mode m, std::initializer_list<float> args, float got,
                     std::uint32_t want);

} // namespace p2m::f32test

#endif // P2M_TESTS_MSL_F32_TESTSUPPORT_H
