// Reference results for the binary64 support library, from the host's IEEE-754 hardware.
//
// The arithmetic functions compute in the host's *current* rounding mode: wrap them in a
// RoundingScope. They live in Reference.cpp, which is compiled with -frounding-math and
// `#pragma STDC FENV_ACCESS ON` so that Clang neither folds them nor moves them across the
// mode switch. The conversions to integers and to integral values are written from the PTX
// ISA text instead (the host has no saturating conversions) and do not depend on the mode.
#ifndef P2M_TESTS_MSL_SUPPORT_REFERENCE_H
#define P2M_TESTS_MSL_SUPPORT_REFERENCE_H

#include <cstdint>

namespace p2m::fp64ref {

// Sets the host rounding mode matching a P2M_F64_R* mode; restores the previous one.
class RoundingScope {
public:
    explicit RoundingScope(int p2mMode);
    ~RoundingScope();
    RoundingScope(const RoundingScope &) = delete;
    RoundingScope &operator=(const RoundingScope &) = delete;

private:
    int saved_;
};

// In the current rounding mode.
double add(double a, double b);
double sub(double a, double b);
double mul(double a, double b);
double fma(double a, double b, double c);
double div(double a, double b);
double sqrt(double a);
float toFloat(double a);
double fromU64(std::uint64_t v);
double fromS64(std::int64_t v);
double fromU32(std::uint32_t v);
double fromS32(std::int32_t v);

// Independent of the rounding mode (each takes a P2M_F64_R* mode where it needs one).
double fromFloat(float f);
double roundToIntegral(double a, int p2mMode); // cvt.rXi.f64.f64
std::int32_t toS32(double a, int p2mMode);     // cvt.rXi.s32.f64 (saturating, NaN -> 0)
std::uint32_t toU32(double a, int p2mMode);
std::int64_t toS64(double a, int p2mMode);
std::uint64_t toU64(double a, int p2mMode);

} // namespace p2m::fp64ref

#endif // P2M_TESTS_MSL_SUPPORT_REFERENCE_H
