// Host IEEE-754 reference results; see Reference.h. Built with -frounding-math (meson.build):
// every floating-point operation here must honour the rounding mode set at run time.
#pragma STDC FENV_ACCESS ON
#pragma STDC FP_CONTRACT OFF

#include "Reference.h"

#include <cfenv>
#include <cmath>
#include <cstdint>
#include <limits>

// The P2M_F64_R* values, repeated so that this file stays independent of the code under test
// (HeaderTests.cpp checks that they agree).
namespace {
constexpr int kRN = 0, kRZ = 1, kRM = 2, kRP = 3;

int hostMode(int p2mMode)
{
    switch (p2mMode) {
    case kRZ: return FE_TOWARDZERO;
    case kRM: return FE_DOWNWARD;
    case kRP: return FE_UPWARD;
    case kRN:
    default: return FE_TONEAREST;
    }
}
} // namespace

namespace p2m::fp64ref {

RoundingScope::RoundingScope(int p2mMode) : saved_(std::fegetround())
{
    std::fesetround(hostMode(p2mMode));
}

RoundingScope::~RoundingScope() { std::fesetround(saved_); }

double add(double a, double b) { return a + b; }
double sub(double a, double b) { return a - b; }
double mul(double a, double b) { return a * b; }
double fma(double a, double b, double c) { return std::fma(a, b, c); }
double div(double a, double b) { return a / b; }
double sqrt(double a) { return std::sqrt(a); }
float toFloat(double a) { return static_cast<float>(a); }

// Integer to binary64 with one rounding, built from exact pieces so that it does not depend on
// how the compiler lowers 64-bit integer conversions: the high half times 2^32 and the low half
// are both exact, and their sum is rounded once, in the current mode.
double fromU64(std::uint64_t v)
{
    double hi = static_cast<double>(static_cast<std::uint32_t>(v >> 32)) * 4294967296.0;
    double lo = static_cast<double>(static_cast<std::uint32_t>(v));
    return hi + lo;
}

double fromS64(std::int64_t v)
{
    double hi = static_cast<double>(static_cast<std::int32_t>(v >> 32)) * 4294967296.0;
    double lo = static_cast<double>(static_cast<std::uint32_t>(v));
    return hi + lo;
}

double fromU32(std::uint32_t v) { return static_cast<double>(v); }
double fromS32(std::int32_t v) { return static_cast<double>(v); }
double fromFloat(float f) { return static_cast<double>(f); }

// PTX: .rni rounds to the nearest integer, ties to even; .rzi toward zero; .rmi toward
// minus infinity; .rpi toward plus infinity. Every step below is exact in any mode:
// x - trunc(x) only clears bits, and integers below 2^53 add exactly.
double roundToIntegral(double a, int p2mMode)
{
    if (!std::isfinite(a))
        return a;
    double t = std::trunc(a);
    double frac = std::fabs(a - t);
    double away = t + std::copysign(1.0, a); // one further from zero
    double r = t;
    switch (p2mMode) {
    case kRZ: break;
    case kRM: r = (a < 0 && frac != 0) ? away : t; break;
    case kRP: r = (a > 0 && frac != 0) ? away : t; break;
    default:
        if (frac > 0.5 || (frac == 0.5 && std::fmod(t, 2.0) != 0))
            r = away;
        break;
    }
    return r == 0 ? std::copysign(0.0, a) : r; // the sign of a zero result is the input's
}

// PTX cvt to an integer type: "the result is clamped to the range of the destination format
// ... NaN is converted to 0" (saturation is implied for float-to-integer conversions).
std::int32_t toS32(double a, int p2mMode)
{
    if (std::isnan(a)) // 0x80000000, as measured on the H200 (tests/exec cvt_double)
        return std::numeric_limits<std::int32_t>::min();
    double r = roundToIntegral(a, p2mMode);
    if (r >= 2147483647.0)
        return std::numeric_limits<std::int32_t>::max();
    if (r <= -2147483648.0)
        return std::numeric_limits<std::int32_t>::min();
    return static_cast<std::int32_t>(r);
}

std::uint32_t toU32(double a, int p2mMode)
{
    if (std::isnan(a))
        return 0x80000000u;
    double r = roundToIntegral(a, p2mMode);
    if (r <= 0)
        return 0;
    if (r >= 4294967295.0)
        return std::numeric_limits<std::uint32_t>::max();
    return static_cast<std::uint32_t>(r);
}

std::int64_t toS64(double a, int p2mMode)
{
    if (std::isnan(a)) // 0x8000000000000000, as measured on the H200 (tests/exec double_convert)
        return std::numeric_limits<std::int64_t>::min();
    double r = roundToIntegral(a, p2mMode);
    if (r >= 9223372036854775808.0)
        return std::numeric_limits<std::int64_t>::max();
    if (r <= -9223372036854775808.0)
        return std::numeric_limits<std::int64_t>::min();
    return static_cast<std::int64_t>(r);
}

std::uint64_t toU64(double a, int p2mMode)
{
    if (std::isnan(a))
        return 0x8000000000000000ull;
    double r = roundToIntegral(a, p2mMode);
    if (r <= 0)
        return 0;
    if (r >= 18446744073709551616.0)
        return std::numeric_limits<std::uint64_t>::max();
    return static_cast<std::uint64_t>(r);
}

} // namespace p2m::fp64ref
