// setp comparisons, min/max, testp, neg/abs/copysign.
#include "TestSupport.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <string>

using namespace p2m::fp64test;

namespace {

constexpr std::size_t kRandom = 200000;
constexpr std::uint64_t kSignBit = std::uint64_t{1} << 63;

struct Comparison {
    const char *name;
    bool (*lib)(ulong, ulong);
    bool (*host)(double, double);
};

// From the PTX ISA's setp table: the ordered comparisons are false if either operand is NaN,
// the unordered ones ("u") true; num/nan test for the absence/presence of a NaN.
const Comparison kComparisons[] = {
    {"setp.eq", p2m_f64_setp_eq, [](double a, double b) { return a == b; }},
    {"setp.ne", p2m_f64_setp_ne, [](double a, double b) { return !std::isunordered(a, b) && a != b; }},
    {"setp.lt", p2m_f64_setp_lt, [](double a, double b) { return a < b; }},
    {"setp.le", p2m_f64_setp_le, [](double a, double b) { return a <= b; }},
    {"setp.gt", p2m_f64_setp_gt, [](double a, double b) { return a > b; }},
    {"setp.ge", p2m_f64_setp_ge, [](double a, double b) { return a >= b; }},
    {"setp.equ", p2m_f64_setp_equ, [](double a, double b) { return std::isunordered(a, b) || a == b; }},
    {"setp.neu", p2m_f64_setp_neu, [](double a, double b) { return std::isunordered(a, b) || a != b; }},
    {"setp.ltu", p2m_f64_setp_ltu, [](double a, double b) { return std::isunordered(a, b) || a < b; }},
    {"setp.leu", p2m_f64_setp_leu, [](double a, double b) { return std::isunordered(a, b) || a <= b; }},
    {"setp.gtu", p2m_f64_setp_gtu, [](double a, double b) { return std::isunordered(a, b) || a > b; }},
    {"setp.geu", p2m_f64_setp_geu, [](double a, double b) { return std::isunordered(a, b) || a >= b; }},
    {"setp.num", p2m_f64_setp_num, [](double a, double b) { return !std::isunordered(a, b); }},
    {"setp.nan", p2m_f64_setp_nan, [](double a, double b) { return std::isunordered(a, b); }},
};

// PTX min/max: a NaN operand yields the other one unchanged; two NaNs give b quietened (as
// measured, TestSupport.h); -0 < +0. On bits, so that no NaN passes through host arithmetic.
std::uint64_t refMin(std::uint64_t ab, std::uint64_t bb)
{
    if (isNanBits(ab))
        return isNanBits(bb) ? quieted(bb) : bb;
    if (isNanBits(bb))
        return ab;
    double a = toDouble(ab), b = toDouble(bb);
    if (a == 0 && b == 0)
        return std::signbit(a) ? ab : bb;
    return a < b ? ab : bb;
}

std::uint64_t refMax(std::uint64_t ab, std::uint64_t bb)
{
    if (isNanBits(ab))
        return isNanBits(bb) ? quieted(bb) : bb;
    if (isNanBits(bb))
        return ab;
    double a = toDouble(ab), b = toDouble(bb);
    if (a == 0 && b == 0)
        return std::signbit(a) ? bb : ab;
    return a > b ? ab : bb;
}

} // namespace

TEST_CASE("setp.f64 comparisons", "[fp64][setp]")
{
    const std::vector<Pair> inputs = binaryInputs(BinaryKind::Comparison, kRandom);
    for (const Comparison &c : kComparisons) {
        Report report(c.name);
        checkAll(
            report, inputs, [&](const Pair &p) { return c.lib(p.a, p.b); },
            [&](const Pair &p) { return c.host(toDouble(p.a), toDouble(p.b)); });
        P2M_CHECK_REPORT(report);
    }
}

TEST_CASE("min.f64 and max.f64", "[fp64][minmax]")
{
    const std::vector<Pair> inputs = binaryInputs(BinaryKind::Comparison, kRandom);
    Report mins("min");
    checkAll(
        mins, inputs, [](const Pair &p) { return p2m_f64_min(p.a, p.b); },
        [](const Pair &p) { return refMin(p.a, p.b); });
    P2M_CHECK_REPORT(mins);
    Report maxs("max");
    checkAll(
        maxs, inputs, [](const Pair &p) { return p2m_f64_max(p.a, p.b); },
        [](const Pair &p) { return refMax(p.a, p.b); });
    P2M_CHECK_REPORT(maxs);

    // A non-NaN operand is returned bit for bit, signalling NaN partner or not.
    CHECK(p2m_f64_min(0x7FF0000000000001ull, 0x8000000000000000ull) == 0x8000000000000000ull);
    CHECK(p2m_f64_max(0x4000000000000000ull, 0xFFF8000000000000ull) == 0x4000000000000000ull);
    CHECK(p2m_f64_min(0x0000000000000000ull, 0x8000000000000000ull) == 0x8000000000000000ull);
    CHECK(p2m_f64_max(0x8000000000000000ull, 0x0000000000000000ull) == 0x0000000000000000ull);
    // Two NaNs: b, quietened, signalling or not.
    CHECK(p2m_f64_min(0x7FF8000000000AAAull, 0xFFF8000000000BBBull) == 0xFFF8000000000BBBull);
    CHECK(p2m_f64_max(0x7FF4000000000AAAull, 0xFFF8000000000BBBull) == 0xFFF8000000000BBBull);
    CHECK(p2m_f64_min(0x7FF8000000000AAAull, 0xFFF4000000000BBBull) == 0xFFFC000000000BBBull);
}

TEST_CASE("testp.f64", "[fp64][testp]")
{
    const std::vector<std::uint64_t> inputs = unaryInputs(kRandom);
    struct Test {
        const char *name;
        bool (*lib)(ulong);
        bool (*host)(double);
    };
    const Test tests[] = {
        {"testp.finite", p2m_f64_testp_finite, [](double a) { return std::isfinite(a); }},
        {"testp.infinite", p2m_f64_testp_infinite, [](double a) { return std::isinf(a); }},
        {"testp.number", p2m_f64_testp_number, [](double a) { return !std::isnan(a); }},
        {"testp.notanumber", p2m_f64_testp_notanumber, [](double a) { return std::isnan(a); }},
        {"testp.normal", p2m_f64_testp_normal, [](double a) { return std::isnormal(a) || a == 0.0; }},
        {"testp.subnormal", p2m_f64_testp_subnormal,
         [](double a) { return std::fpclassify(a) == FP_SUBNORMAL; }},
    };
    for (const Test &t : tests) {
        Report report(t.name);
        checkAll(
            report, inputs, [&](std::uint64_t a) { return t.lib(a); },
            [&](std::uint64_t a) { return t.host(toDouble(a)); });
        P2M_CHECK_REPORT(report);
    }
}

TEST_CASE("neg.f64, abs.f64 and copysign.f64", "[fp64][sign]")
{
    // neg/abs: sign-bit operations on numbers; a NaN comes back quietened, its sign unchanged
    // (measured: ptxas emits them as DADD -0, -a and DADD -0, |a|).
    const std::vector<std::uint64_t> values = unaryInputs(kRandom);
    Report neg("neg");
    checkAll(neg, values, p2m_f64_neg,
             [](std::uint64_t a) { return isNanBits(a) ? quieted(a) : a ^ kSignBit; });
    P2M_CHECK_REPORT(neg);
    Report abs("abs");
    checkAll(abs, values, p2m_f64_abs,
             [](std::uint64_t a) { return isNanBits(a) ? quieted(a) : a & ~kSignBit; });
    P2M_CHECK_REPORT(abs);
    CHECK(p2m_f64_neg(0xFFF4000000000BBBull) == 0xFFFC000000000BBBull);
    CHECK(p2m_f64_abs(0xFFF8000000000BBBull) == 0xFFF8000000000BBBull);
    CHECK(p2m_f64_neg(0x8000000000000000ull) == 0);

    // copysign.f64 d, a, b: b's magnitude, a's sign; only the sign bit moves, NaN or not.
    const std::vector<Pair> pairs = binaryInputs(BinaryKind::Comparison, kRandom);
    Report copysign("copysign");
    checkAll(
        copysign, pairs, [](const Pair &p) { return p2m_f64_copysign(p.a, p.b); },
        [](const Pair &p) { return (p.b & ~kSignBit) | (p.a & kSignBit); });
    P2M_CHECK_REPORT(copysign);
    CHECK(p2m_f64_copysign(0x8000000000000000ull, 0x7FF4000000000AAAull) == 0xFFF4000000000AAAull);
}
