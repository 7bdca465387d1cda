// Shared pieces of the msl_support_tests: the code under test (the MSL support header compiled
// as C++ through MslShim.h), bit helpers, a fixed-seed generator of interesting binary64
// inputs, and a compact mismatch report (Catch2 assertions are too slow for millions of
// comparisons, so each test counts and keeps the first few failures).
#ifndef P2M_TESTS_MSL_SUPPORT_TESTSUPPORT_H
#define P2M_TESTS_MSL_SUPPORT_TESTSUPPORT_H

#include "MslShim.h"
#include "emitters/msl/support/fp64.h"

#include <bit>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

namespace p2m::fp64test {

inline double toDouble(std::uint64_t bits) { return std::bit_cast<double>(bits); }
inline std::uint64_t toBits(double d) { return std::bit_cast<std::uint64_t>(d); }
inline float toFloat(std::uint32_t bits) { return std::bit_cast<float>(bits); }
inline std::uint32_t toBits(float f) { return std::bit_cast<std::uint32_t>(f); }

inline bool isNanBits(std::uint64_t bits) { return (bits & ~(1ull << 63)) > 0x7FF0000000000000ull; }
inline bool isNanBits32(std::uint32_t bits) { return (bits & 0x7FFFFFFFu) > 0x7F800000u; }

// NaN results as measured on an H200 (docs/gpu-facts.md), written out here independently of the
// header: the host's NaN propagation (x86 returns the first NaN operand) differs, so NaN results
// are never taken from the host but computed from the operands by these rules.
inline constexpr std::uint64_t kDefaultNan = 0xFFF8000000000000ull; // invalid operations
inline constexpr std::uint64_t kApproxNan = 0x7FFFFFFF00000000ull;  // rcp/rsqrt.approx.ftz
inline constexpr std::uint64_t kQuietBit = 0x0008000000000000ull;
inline constexpr std::uint32_t kCanonicalNan32 = 0x7FFFFFFFu;
inline std::uint64_t quieted(std::uint64_t bits) { return bits | kQuietBit; }

// The first NaN of `priority` quietened, or the default NaN when none is (the operation was
// invalid). Priorities: add/sub/mul/min/max {b, a}; div {a, b}; fma {b, c, a}; unary {a}.
inline std::uint64_t nanResult(std::initializer_list<std::uint64_t> priority)
{
    for (std::uint64_t x : priority)
        if (isNanBits(x))
            return quieted(x);
    return kDefaultNan;
}

// cvt.f32.f64 of a NaN: sign, quiet bit, the top 22 payload bits.
inline std::uint32_t nanToF32(std::uint64_t a)
{
    return static_cast<std::uint32_t>((a >> 32) & 0x80000000u) | 0x7FC00000u
        | static_cast<std::uint32_t>((a >> 29) & 0x3FFFFFu);
}

// cvt.f64.f32 of a NaN: sign, quiet bit, the payload at the top of the fraction.
inline std::uint64_t nanFromF32(std::uint32_t f)
{
    return (static_cast<std::uint64_t>(f >> 31) << 63) | 0x7FF8000000000000ull
        | (static_cast<std::uint64_t>(f & 0x7FFFFFu) << 29);
}

// What the library must return for a host result: the same bits when it is not NaN, else
// `nanBits` (from the rules above).
inline std::uint64_t expectedBits(double hostResult, std::uint64_t nanBits)
{
    std::uint64_t bits = toBits(hostResult);
    return isNanBits(bits) ? nanBits : bits;
}

inline std::uint32_t expectedBits(float hostResult, std::uint32_t nanBits)
{
    std::uint32_t bits = toBits(hostResult);
    return isNanBits32(bits) ? nanBits : bits;
}

inline constexpr int kModes[4] = {P2M_F64_RN, P2M_F64_RZ, P2M_F64_RM, P2M_F64_RP};
const char *modeName(int mode);

// "0x3FF0000000000000 (1)" style rendering for failure messages.
std::string describe(std::uint64_t bits);
std::string describe32(std::uint32_t bits);

// SplitMix64: tiny, fast, and the same sequence on every platform.
class Rng {
public:
    explicit Rng(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next()
    {
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    // Uniform in [lo, hi].
    int range(int lo, int hi) { return lo + static_cast<int>(next() % static_cast<std::uint64_t>(hi - lo + 1)); }
    bool coin() { return (next() & 1) != 0; }

private:
    std::uint64_t state_;
};

// Fixed inputs: zeros, smallest/largest subnormals and normals, ones, the largest finite
// values, infinities, NaNs (quiet, signalling, negative), and values at rounding ties and at
// the overflow/underflow and integer-conversion thresholds; each with both signs.
const std::vector<std::uint64_t> &specialValues();

// Builders.
std::uint64_t makeF64(bool sign, int biasedExponent, std::uint64_t fraction);
int biasedExponentOf(std::uint64_t bits);

// A 52-bit fraction drawn from patterns that stress rounding: uniform bits, runs of trailing
// zeros or ones, exact-halfway tails (1000...), sparse bits, all ones.
std::uint64_t randomFraction(Rng &rng);
// A 53-bit significand (hidden bit set) with only its top `bits` bits possibly nonzero.
std::uint64_t shortSignificand(Rng &rng, int bits);
// A mixture: uniform bit patterns, exponents biased towards 1.0, the subnormal range and the
// overflow edge, with fractions from randomFraction.
std::uint64_t randomF64(Rng &rng);
// randomF64 with a chosen biased exponent (clamped to the finite range 0..2046).
std::uint64_t randomWithExponent(Rng &rng, int biasedExponent);
// A value near `bits`: the same value, its neighbours a few ulps away, or its negation.
std::uint64_t perturb(Rng &rng, std::uint64_t bits);

struct Pair {
    std::uint64_t a, b;
};
struct Triple {
    std::uint64_t a, b, c;
};

// Input sets (fixed seeds): the special table's pairs plus `count` random pairs per kind.
enum class BinaryKind { Additive, Multiplicative, Divisive, Comparison };
std::vector<Pair> binaryInputs(BinaryKind kind, std::size_t count);
std::vector<Triple> fmaInputs(std::size_t count);
std::vector<std::uint64_t> unaryInputs(std::size_t count);     // generic
std::vector<std::uint64_t> sqrtInputs(std::size_t count);      // squares and near-squares
std::vector<std::uint64_t> toIntegerInputs(std::size_t count); // near integers and limits
std::vector<std::uint64_t> integerInputs(std::size_t count);   // 64-bit integers near ties

// Counts comparisons and keeps the first few mismatches for the failure message.
class Report {
public:
    explicit Report(std::string operation) : operation_(std::move(operation)) {}
    ~Report();
    void pass() { ++checked_; }
    void fail(const std::string &message);
    std::uint64_t checked() const { return checked_; }
    std::uint64_t failed() const { return failed_; }
    std::string summary() const;

private:
    std::string operation_;
    std::uint64_t checked_ = 0;
    std::uint64_t failed_ = 0;
    std::vector<std::string> samples_;
};

// Rendering of results in failure messages.
inline std::string show(std::uint64_t bits) { return describe(bits); }
inline std::string show(std::uint32_t bits) { return describe32(bits); }
inline std::string show(std::int32_t v) { return std::to_string(v); }
inline std::string show(std::int64_t v) { return std::to_string(v); }
inline std::string show(bool v) { return v ? "true" : "false"; }
std::string show(const Pair &p);
std::string show(const Triple &t);

// Runs got(input) and want(input) over all inputs and records every difference.
template <typename Input, typename Got, typename Want>
void checkAll(Report &report, const std::vector<Input> &inputs, Got got, Want want)
{
    for (const Input &in : inputs) {
        auto g = got(in);
        auto w = want(in);
        if (g == w)
            report.pass();
        else
            report.fail(show(in) + ": got " + show(g) + ", want " + show(w));
    }
}

} // namespace p2m::fp64test

// Asserts that a Report saw no mismatch, listing the first ones if it did.
#define P2M_CHECK_REPORT(report)                                                              \
    do {                                                                                      \
        INFO((report).summary());                                                             \
        CHECK((report).failed() == 0);                                                        \
    } while (false)

#endif // P2M_TESTS_MSL_SUPPORT_TESTSUPPORT_H
