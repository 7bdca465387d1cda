// Host reference; see Reference.h. Built with -frounding-math (meson.build): the rounding mode
// set at run time must reach every operation here.
#pragma STDC FENV_ACCESS ON
#pragma STDC FP_CONTRACT OFF

#include "Reference.h"

#include <algorithm>
#include <cfenv>
#include <cmath>

namespace p2m::mslcvt::ref {
namespace {

int hostMode(int mode)
{
    switch (mode) {
    case 1: return FE_TOWARDZERO;
    case 2: return FE_DOWNWARD;
    case 3: return FE_UPWARD;
    default: return FE_TONEAREST;
    }
}

// Sets the rounding mode for its lifetime (touching the environment only when it changes:
// the tests make tens of millions of reference calls).
class RoundingScope {
public:
    explicit RoundingScope(int mode) : saved_(std::fegetround()), wanted_(hostMode(mode))
    {
        if (wanted_ != saved_)
            std::fesetround(wanted_);
    }
    ~RoundingScope()
    {
        if (wanted_ != saved_)
            std::fesetround(saved_);
    }
    RoundingScope(const RoundingScope &) = delete;
    RoundingScope &operator=(const RoundingScope &) = delete;

private:
    int saved_;
    int wanted_;
};

int bias(Format f) { return (1 << (f.ebits - 1)) - 1; }
std::uint32_t signBit(Format f) { return 1u << (f.mbits + f.ebits); }
std::uint32_t infBits(Format f) { return ((1u << f.ebits) - 1u) << f.mbits; }

// The bits of m * 2^q (m an integer magnitude from rounding, q the last bit's exponent) with
// the sign, or the overflow result of `mode`.
std::uint32_t pack(bool negative, long double m, int q, int mode, bool tiesAway, Format f)
{
    const std::uint32_t sign = negative ? signBit(f) : 0u;
    if (m == 0.0L)
        return sign;
    if (m >= std::ldexp(1.0L, f.mbits + 1)) { // rounded up to the next power of two
        m /= 2.0L;
        q += 1;
    }
    if (q + f.mbits > bias(f)) { // at least 2^(emax + 1)
        const bool toInf = tiesAway || mode == 0 || (mode == 2 && negative) || (mode == 3 && !negative);
        return sign | (toInf ? infBits(f) : infBits(f) - 1u);
    }
    const auto mi = static_cast<std::uint32_t>(m);
    if (mi < (1u << f.mbits))
        return sign | mi; // subnormal (q is the subnormals' last-bit exponent)
    return sign | (static_cast<std::uint32_t>(q + f.mbits + bias(f)) << f.mbits) |
           (mi - (1u << f.mbits));
}

// The exponent of v's last bit in format f (finite nonzero v).
int lastBitExponent(long double v, Format f)
{
    const int emin = 1 - bias(f);
    return std::max(std::ilogb(v), emin) - f.mbits;
}

} // namespace

bool isNaN(std::uint32_t bits, Format f)
{
    return (bits & (signBit(f) - 1u)) > infBits(f);
}

bool isInf(std::uint32_t bits, Format f)
{
    return (bits & (signBit(f) - 1u)) == infBits(f);
}

long double decode(std::uint32_t bits, Format f)
{
    const bool negative = (bits & signBit(f)) != 0;
    const std::uint32_t e = (bits >> f.mbits) & ((1u << f.ebits) - 1u);
    const std::uint32_t m = bits & ((1u << f.mbits) - 1u);
    long double v;
    if (e == 0)
        v = std::ldexp(static_cast<long double>(m), 1 - bias(f) - f.mbits);
    else
        v = std::ldexp(static_cast<long double>(m | (1u << f.mbits)),
                       static_cast<int>(e) - bias(f) - f.mbits);
    return negative ? -v : v;
}

std::uint32_t round(long double v, int mode, Format f)
{
    if (v == 0.0L)
        return std::signbit(v) ? signBit(f) : 0u;
    const int q = lastBitExponent(v, f);
    long double r;
    {
        RoundingScope scope(mode);
        r = std::nearbyint(std::ldexp(v, -q)); // the scaling is exact
    }
    return pack(std::signbit(v), std::fabs(r), q, mode, false, f);
}

std::uint32_t roundTiesAway(long double v, Format f)
{
    if (v == 0.0L)
        return std::signbit(v) ? signBit(f) : 0u;
    const int q = lastBitExponent(v, f);
    const long double r = std::round(std::ldexp(v, -q));
    return pack(std::signbit(v), std::fabs(r), q, 0, true, f);
}

long double roundToIntegral(long double v, int mode)
{
    RoundingScope scope(mode);
    return std::nearbyint(v);
}

std::uint64_t toInt(long double v, int mode, int dst)
{
    return saturate(roundToIntegral(v, mode), dst);
}

std::uint64_t saturate(long double r, int dst)
{
    const int bits = 8 << (dst / 2);
    const bool isSigned = dst % 2 == 0;
    const long double lo = isSigned ? -std::ldexp(1.0L, bits - 1) : 0.0L;
    const long double hi = isSigned ? std::ldexp(1.0L, bits - 1) - 1.0L : std::ldexp(1.0L, bits) - 1.0L;
    const long double c = r < lo ? lo : (r > hi ? hi : r); // both bounds exact in long double
    const std::uint64_t mask = bits == 64 ? ~0ull : (1ull << bits) - 1ull;
    if (isSigned)
        return static_cast<std::uint64_t>(static_cast<std::int64_t>(c)) & mask;
    return static_cast<std::uint64_t>(c) & mask;
}

long double sumToOdd(long double x, long double y)
{
    RoundingScope scope(0);
    const long double s = x + y;
    if (!std::isfinite(s))
        return s;
    const long double bb = s - x;
    const long double err = (x - (s - bb)) + (y - bb); // exact (2Sum)
    if (err == 0.0L)
        return s;
    int e;
    const long double m = std::frexp(std::fabs(s), &e);
    const auto sig = static_cast<std::uint64_t>(std::ldexp(m, 64));
    if ((sig & 1u) != 0)
        return s;
    return std::nextafter(s, err > 0.0L ? INFINITY : -INFINITY);
}

long double int128ToOdd(Int128 n, int exp)
{
    const bool negative = n < 0;
    UInt128 u = negative ? -static_cast<UInt128>(n) : static_cast<UInt128>(n);
    int shift = 0;
    bool sticky = false;
    while (u >> 64) { // keep 64 bits, the rest as a sticky bit
        sticky = sticky || (u & 1u) != 0;
        u >>= 1;
        ++shift;
    }
    auto top = static_cast<std::uint64_t>(u);
    if (sticky)
        top |= 1u; // the dropped bits are nonzero: round to odd
    // top may need 64 bits: long double holds exactly 64.
    const long double v = std::ldexp(static_cast<long double>(top), exp + shift);
    return negative ? -v : v;
}

} // namespace p2m::mslcvt::ref
