// The .approx instructions: the special values of each instruction's table in the PTX ISA,
// and the error against a long double reference over millions of inputs (random bit patterns
// plus inputs uniform in value over the ranges the ISA states a bound for), asserted against
// the ISA's bound. The measured maxima are printed for the record (docs/gpu-facts.md lists
// the H200's own).
#include "F32Ops.h"
#include "Reference.h"
#include "TestSupport.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <utility>
#include <vector>

using namespace p2m::f32test;
namespace ops = p2m::f32ops;

namespace {

using LD = long double;
constexpr std::size_t kRandom = 10'000'000;

// Size of an f32 ulp at the value v (subnormal ulp below 2^-126).
LD ulpAt(LD v)
{
    int e = std::ilogb(v == 0 ? LD(1e-45L) : v);
    return std::ldexp(LD(1), std::max(e, -126) - 23);
}

// Inputs: random bit patterns (finite), then values uniform in [lo, hi].
std::vector<float> inputs(std::uint64_t seed, float lo, float hi, bool positiveOnly)
{
    Rng rng(seed);
    std::vector<float> v;
    v.reserve(kRandom);
    while (v.size() < kRandom / 2) {
        std::uint32_t b = rng.next32();
        if (positiveOnly)
            b &= 0x7FFFFFFFu;
        float x = fromBits(b);
        if (std::isfinite(x) && x >= lo && x <= hi)
            v.push_back(x);
    }
    while (v.size() < kRandom) {
        LD u = LD(rng.next() >> 11) / LD(1ull << 53);
        v.push_back(static_cast<float>(LD(lo) + (LD(hi) - LD(lo)) * u));
    }
    return v;
}

struct MaxError {
    LD value = 0;
    float at = 0;
    void update(LD err, float x)
    {
        if (err > value || std::isnan(err)) {
            value = std::isnan(err) ? LD(INFINITY) : err;
            at = x;
        }
    }
    double log2() const { return value == 0 ? -999.0 : static_cast<double>(std::log2(value)); }
};

void record(const char *what, const MaxError &e, const char *unit)
{
    std::printf("  %-42s max %s error 2^%.2f (%.3Lg) at %s\n", what, unit, e.log2(), e.value,
                hex(e.at).c_str());
}

void expectBits(const char *op, float got, std::uint32_t want)
{
    INFO(op << " = " << hex(got) << ", want " << hex(fromBits(want)));
    CHECK(bits(got) == want);
}

constexpr std::uint32_t kPosInf = 0x7F800000u, kNegInf = 0xFF800000u, kOne = 0x3F800000u;
const float kNan = fromBits(0x7FC12345u), kSnan = fromBits(0xFF800001u);
const float kInf = fromBits(kPosInf), kMinusInf = fromBits(kNegInf);

} // namespace

TEST_CASE("approx special values follow the ISA tables", "[f32][approx]")
{
    for (float n : {kNan, kSnan}) {
        for (float (*f)(float) : {ops::rcpApprox, ops::sqrtApprox, ops::rsqrtApprox, ops::sinApprox,
                                  ops::cosApprox, ops::lg2Approx, ops::ex2Approx, ops::tanhApprox})
            expectBits("f(NaN)", f(n), kCanonicalNan);
        expectBits("div.approx(NaN, 1)", ops::divApprox(n, 1.0f), kCanonicalNan);
        expectBits("div.approx(1, NaN)", ops::divApprox(1.0f, n), kCanonicalNan);
    }
    // rcp.approx
    expectBits("rcp(-inf)", ops::rcpApprox(kMinusInf), 0x80000000u);
    expectBits("rcp(-0)", ops::rcpApprox(-0.0f), kNegInf);
    expectBits("rcp(+0)", ops::rcpApprox(0.0f), kPosInf);
    expectBits("rcp(+inf)", ops::rcpApprox(kInf), 0u);
    // sqrt.approx
    expectBits("sqrt(-inf)", ops::sqrtApprox(kMinusInf), kCanonicalNan);
    expectBits("sqrt(-1)", ops::sqrtApprox(-1.0f), kCanonicalNan);
    expectBits("sqrt(-subnormal)", ops::sqrtApprox(fromBits(0x80000001u)), kCanonicalNan);
    expectBits("sqrt(-0)", ops::sqrtApprox(-0.0f), 0x80000000u);
    expectBits("sqrt(+0)", ops::sqrtApprox(0.0f), 0u);
    expectBits("sqrt(+inf)", ops::sqrtApprox(kInf), kPosInf);
    // rsqrt.approx
    expectBits("rsqrt(-inf)", ops::rsqrtApprox(kMinusInf), kCanonicalNan);
    expectBits("rsqrt(-1)", ops::rsqrtApprox(-1.0f), kCanonicalNan);
    expectBits("rsqrt(-0)", ops::rsqrtApprox(-0.0f), kNegInf);
    expectBits("rsqrt(+0)", ops::rsqrtApprox(0.0f), kPosInf);
    expectBits("rsqrt(+inf)", ops::rsqrtApprox(kInf), 0u);
    // sin/cos.approx
    expectBits("sin(-inf)", ops::sinApprox(kMinusInf), kCanonicalNan);
    expectBits("sin(+inf)", ops::sinApprox(kInf), kCanonicalNan);
    expectBits("sin(-0)", ops::sinApprox(-0.0f), 0x80000000u);
    expectBits("sin(+0)", ops::sinApprox(0.0f), 0u);
    // Subnormal inputs give the zero of their sign (H200, tests/gpu sin/cos probe).
    expectBits("sin(0x00000123)", ops::sinApprox(fromBits(0x00000123u)), 0u);
    expectBits("sin(0x807fffff)", ops::sinApprox(fromBits(0x807FFFFFu)), 0x80000000u);
    expectBits("cos(0x80000001)", ops::cosApprox(fromBits(0x80000001u)), 0x3F800000u);
    expectBits("sin(subnormal)", ops::sinApprox(fromBits(0x80000003u)), 0x80000000u);
    expectBits("cos(-inf)", ops::cosApprox(kMinusInf), kCanonicalNan);
    expectBits("cos(+inf)", ops::cosApprox(kInf), kCanonicalNan);
    expectBits("cos(-0)", ops::cosApprox(-0.0f), kOne);
    expectBits("cos(+0)", ops::cosApprox(0.0f), kOne);
    // The last 2^-25 step before the end of an odd quadrant is exactly 0 (H200, sin/cos probe,
    // docs/gpu-facts.md); the step before it is not.
    expectBits("cos(0x3fc90fdb)", ops::cosApprox(fromBits(0x3FC90FDBu)), 0u);
    expectBits("cos(0x3fc90fda)", ops::cosApprox(fromBits(0x3FC90FDAu)), 0u);
    expectBits("cos(0xbfc90fdb)", ops::cosApprox(fromBits(0xBFC90FDBu)), 0u);
    expectBits("cos(0x3fc90fdc)", ops::cosApprox(fromBits(0x3FC90FDCu)), 0x80000000u);
    expectBits("sin(0x40490fdb)", ops::sinApprox(fromBits(0x40490FDBu)), 0u);
    expectBits("sin(0xc0490fdb)", ops::sinApprox(fromBits(0xC0490FDBu)), 0x80000000u);
    CHECK(ops::cosApprox(fromBits(0x3FC90FD9u)) > 0.0f);
    // lg2.approx
    expectBits("lg2(-inf)", ops::lg2Approx(kMinusInf), kCanonicalNan);
    expectBits("lg2(-1)", ops::lg2Approx(-1.0f), kCanonicalNan);
    expectBits("lg2(-0)", ops::lg2Approx(-0.0f), kNegInf);
    expectBits("lg2(+0)", ops::lg2Approx(0.0f), kNegInf);
    expectBits("lg2(+inf)", ops::lg2Approx(kInf), kPosInf);
    expectBits("lg2(1)", ops::lg2Approx(1.0f), 0u);
    expectBits("lg2(2^-149)", ops::lg2Approx(fromBits(1u)), bits(-149.0f));
    // ex2.approx
    expectBits("ex2(-inf)", ops::ex2Approx(kMinusInf), 0u);
    expectBits("ex2(-0)", ops::ex2Approx(-0.0f), kOne);
    expectBits("ex2(+0)", ops::ex2Approx(0.0f), kOne);
    expectBits("ex2(+inf)", ops::ex2Approx(kInf), kPosInf);
    expectBits("ex2(128)", ops::ex2Approx(128.0f), kPosInf);
    expectBits("ex2(-149)", ops::ex2Approx(-149.0f), 1u);
    expectBits("ex2(-126)", ops::ex2Approx(-126.0f), 0x00800000u);
    expectBits("ex2(-200)", ops::ex2Approx(-200.0f), 0u);
    // tanh.approx
    expectBits("tanh(-inf)", ops::tanhApprox(kMinusInf), 0xBF800000u);
    expectBits("tanh(-0)", ops::tanhApprox(-0.0f), 0x80000000u);
    expectBits("tanh(+0)", ops::tanhApprox(0.0f), 0u);
    expectBits("tanh(+inf)", ops::tanhApprox(kInf), kOne);
    expectBits("tanh(subnormal)", ops::tanhApprox(fromBits(0x00000005u)), 0x00000005u);
    // div.approx: 2^126 < |b| < 2^128 gives a signed zero, or NaN for an infinite a.
    expectBits("div.approx(1, 2^127)", ops::divApprox(1.0f, fromBits(0x7F000000u)), 0u);
    expectBits("div.approx(-3, 2^127)", ops::divApprox(-3.0f, fromBits(0x7F000000u)), 0x80000000u);
    expectBits("div.approx(1, -max)", ops::divApprox(1.0f, fromBits(0xFF7FFFFFu)), 0x80000000u);
    expectBits("div.approx(inf, 2^127)", ops::divApprox(kInf, fromBits(0x7F000000u)), kCanonicalNan);
    expectBits("div.approx(1, 2^126)", ops::divApprox(1.0f, fromBits(0x7E800000u)), 0x00800000u);
    expectBits("div.approx(0, 0)", ops::divApprox(0.0f, 0.0f), kCanonicalNan);
    expectBits("div.approx(1, -0)", ops::divApprox(1.0f, -0.0f), kNegInf);
    expectBits("div.approx(1, inf)", ops::divApprox(1.0f, kInf), 0u);
    // Subnormal divisors, as the H200 computes them: (a * (1 / (b 2^24))) 2^24.
    expectBits("div.approx(0, 2^-149)", ops::divApprox(0.0f, fromBits(1u)), 0u);
    expectBits("div.approx(2^-149, 2^-149)", ops::divApprox(fromBits(1u), fromBits(1u)), kOne);
    expectBits("div.approx(3 2^-149, 2^-149)", ops::divApprox(fromBits(3u), fromBits(1u)), 0x40400000u);
    expectBits("div.approx(2^-107, 2^-149)", ops::divApprox(fromBits(0x0A000000u), fromBits(1u)), 0x54800000u);
    expectBits("div.approx(1, 2^-149)", ops::divApprox(1.0f, fromBits(1u)), kPosInf);
    expectBits("div.approx(1, 2^-127)", ops::divApprox(1.0f, fromBits(0x00400000u)), 0x7F000000u);
    expectBits("div.approx(-1, -max subnormal)", ops::divApprox(-1.0f, fromBits(0x807FFFFFu)), 0x7E800001u);
}

TEST_CASE("sin and cos .approx follow the H200", "[f32][approx]")
{
    // Results of sin/cos.approx.f32 measured on an H200 (tests/probes/f32_semantics.cu): its
    // argument reduction (t = x / 2pi rounded toward zero) is reproduced exactly, so the header
    // agrees to within the hardware's internal rounding of the fraction (about 2e-7), and
    // exactly where the result is a zero or +-1.
    struct Point {
        std::uint32_t x;
        bool cosine;
        std::uint32_t h200;
    };
    const Point points[] = {
        {0x43527c99u, false, 0x37c77fdcu}, {0x4428dc51u, false, 0x384848eeu},
        {0x44bd47edu, false, 0xb8c8ad77u}, {0x44737933u, false, 0xb8c8ad77u},
        {0x44cdc63au, false, 0xb948dfbbu}, {0x4507ad73u, false, 0x3948dfbbu},
        {0x42df0d97u, true, 0xb745edb8u},  {0x438c9616u, true, 0xb7c77fdcu},
        {0x449c7d97u, true, 0x38c8ad77u},  {0x4518129eu, true, 0x3948dfbbu},
        {0x44ff7365u, true, 0x3948dfbbu},  {0x45498d85u, true, 0x39c8f8ccu},
        {0x49742400u, false, 0xbef15ae7u}, {0x49742400u, true, 0x3f61c596u}, // 1e6
        {0x40490fdbu, true, 0xbf800000u},                                     // pi
        {0x501502f9u, false, 0x00000000u}, {0x501502f9u, true, 0x3f800000u}, // 1e10
        {0x7149f2cau, false, 0x00000000u}, {0xf149f2cau, false, 0x80000000u}, // +-1e30
        {0x7149f2cau, true, 0x3f800000u},  {0xf149f2cau, true, 0x3f800000u},
        {0x4b60fdafu, false, 0x80000000u}, {0x4b50b8d7u, false, 0x80000000u},
        {0x4b5053a7u, true, 0x00000000u},  {0x4b50472cu, true, 0x80000000u},
        {0x00000001u, false, 0x00000000u}, {0x80000003u, false, 0x80000000u},
        {0x00000001u, true, 0x3f800000u},
    };
    for (const Point &p : points) {
        float x = fromBits(p.x);
        float got = p.cosine ? ops::cosApprox(x) : ops::sinApprox(x);
        float want = fromBits(p.h200);
        INFO((p.cosine ? "cos" : "sin") << "(" << hex(x) << ") = " << hex(got) << ", H200 " << hex(want));
        if (want == 0.0f || std::fabs(want) == 1.0f)
            CHECK(bits(got) == p.h200);
        else
            CHECK(std::fabs(got - want) <= 2.5e-7f);
    }
}

TEST_CASE("rcp, sqrt, rsqrt, div .approx within their bounds", "[f32][approx]")
{
    MaxError rcp, sqrtRel, rsqrtRel, div;
    for (float x : inputs(31, 0.0f, 3.4e38f, true)) {
        if (x == 0)
            continue;
        for (float s : {x, -x}) {
            LD exact = 1 / LD(s);
            float got = ops::rcpApprox(s);
            if (std::isinf(static_cast<float>(exact))) // overflow: the result must be infinite too
                rcp.update(bits(got) == bits(static_cast<float>(exact)) ? 0 : LD(INFINITY), s);
            else
                rcp.update(std::fabs(LD(got) - exact) / ulpAt(std::fabs(exact)), s);
        }
        LD r = std::sqrt(LD(x));
        sqrtRel.update(std::fabs(LD(ops::sqrtApprox(x)) - r) / r, x);
        rsqrtRel.update(std::fabs(LD(ops::rsqrtApprox(x)) - 1 / r) * r, x);
        // The bound must not depend on the GPU's rsqrt: estimates off by up to 2^-14.
        if (std::isnormal(x))
            for (LD skew : {LD(1) + 0x1p-14L, LD(1) - 0x1p-14L, LD(1) + 0x1p-20L})
                rsqrtRel.update(std::fabs(LD(ops::rsqrtRefine(x, static_cast<float>(skew / r))) - 1 / r) * r, x);
    }
    Rng rng(32);
    for (std::size_t i = 0; i < kRandom / 4; ++i) {
        float a = rng.interesting(), b = rng.interesting();
        if (!std::isfinite(a) || !std::isfinite(b) || b == 0)
            continue;
        LD mb = std::fabs(LD(b));
        LD q = LD(a) / LD(b);
        if (mb < 0x1p-126L || mb > 0x1p126L || std::fabs(q) > 0x1.fffffp127L)
            continue;
        div.update(std::fabs(LD(ops::divApprox(a, b)) - q) / ulpAt(std::fabs(q)), a);
    }
    std::printf("f32 .approx accuracy (tests/unit/msl-f32):\n");
    record("rcp.approx (bound 1 ulp)", rcp, "ulp");
    record("sqrt.approx (bound 2^-23 rel)", sqrtRel, "rel");
    record("rsqrt.approx (bound 2^-22.9 rel)", rsqrtRel, "rel");
    record("div.approx (bound 2 ulp)", div, "ulp");
    CHECK(rcp.value <= 1);
    CHECK(sqrtRel.value <= 0x1p-23L);
    CHECK(rsqrtRel.value <= std::exp2(LD(-22.9)));
    CHECK(div.value <= 2);
}

TEST_CASE("sin and cos .approx within their bounds", "[f32][approx]")
{
    const LD pi = 3.141592653589793238462643383279502884L;
    MaxError sin2, cos2, sin100, cos100;
    bool bounded = true;
    for (float x : inputs(33, -2 * float(pi), 2 * float(pi), false)) {
        sin2.update(std::fabs(LD(ops::sinApprox(x)) - std::sin(LD(x))), x);
        cos2.update(std::fabs(LD(ops::cosApprox(x)) - std::cos(LD(x))), x);
    }
    for (float x : inputs(34, -100 * float(pi), 100 * float(pi), false)) {
        if (std::fabs(LD(x)) > 100 * pi)
            continue;
        sin100.update(std::fabs(LD(ops::sinApprox(x)) - std::sin(LD(x))), x);
        cos100.update(std::fabs(LD(ops::cosApprox(x)) - std::cos(LD(x))), x);
    }
    // Beyond 100 pi the ISA promises nothing; results must still be numbers in [-1, 1].
    Rng rng(35);
    for (std::size_t i = 0; i < kRandom / 10; ++i) {
        float x = fromBits(rng.next32());
        if (!std::isfinite(x))
            continue;
        float s = ops::sinApprox(x), c = ops::cosApprox(x);
        if (!(std::fabs(s) <= 1.0f && std::fabs(c) <= 1.0f))
            bounded = false;
    }
    record("sin.approx on [-2pi, 2pi] (bound 2^-20.5)", sin2, "abs");
    record("cos.approx on [-2pi, 2pi] (bound 2^-20.5)", cos2, "abs");
    record("sin.approx on [-100pi, 100pi] (bound 2^-14.7)", sin100, "abs");
    record("cos.approx on [-100pi, 100pi] (bound 2^-14.7)", cos100, "abs");
    CHECK(sin2.value <= std::exp2(LD(-20.5)));
    CHECK(cos2.value <= std::exp2(LD(-20.5)));
    CHECK(sin100.value <= std::exp2(LD(-14.7)));
    CHECK(cos100.value <= std::exp2(LD(-14.7)));
    CHECK(bounded);
}

TEST_CASE("lg2 .approx within its bounds", "[f32][approx]")
{
    MaxError inner, outer;
    std::vector<float> in = inputs(36, 0.0f, 3.4e38f, true);
    std::vector<float> nearOne = inputs(37, 0.5f, 2.0f, true);
    in.insert(in.end(), nearOne.begin(), nearOne.end());
    for (float x : in) {
        if (x == 0)
            continue;
        LD want = std::log2(LD(x));
        LD err = std::fabs(LD(ops::lg2Approx(x)) - want);
        if (x > 0.5f && x < 2.0f)
            inner.update(err, x);
        else
            outer.update(err / std::fabs(want), x);
    }
    record("lg2.approx on (1/2, 2) (bound 2^-22)", inner, "abs");
    record("lg2.approx elsewhere (bound 2^-22)", outer, "rel");
    CHECK(inner.value <= 0x1p-22L);
    CHECK(outer.value <= 0x1p-22L);
}

TEST_CASE("ex2 .approx within its bound", "[f32][approx]")
{
    // Distance in ulps (steps between adjacent floats) from the correctly rounded result.
    long worst = 0;
    float at = 0;
    std::vector<float> in = inputs(38, -152.0f, 129.0f, false);
    for (float x : in) {
        float want = static_cast<float>(std::exp2(LD(x)));
        long d = std::labs(static_cast<long>(bits(ops::ex2Approx(x))) - static_cast<long>(bits(want)));
        if (d > worst) {
            worst = d;
            at = x;
        }
    }
    std::printf("  %-42s max distance %ld ulp at %s\n", "ex2.approx (bound 2 ulp from rn)", worst,
                hex(at).c_str());
    CHECK(worst <= 2);
}

TEST_CASE("ex2 .approx.ftz is ex2 .approx with operand and result flushed", "[f32][approx][ftz]")
{
    // Bit for bit what flushing around p2m_ex2_approx_f32 gives (the lowering used to do that).
    auto flush = [](float x) { return (bits(x) & 0x7F800000u) == 0u ? fromBits(bits(x) & 0x80000000u) : x; };
    std::vector<float> in = inputs(41, -152.0f, 129.0f, false);
    std::vector<float> specials = specialValues();
    in.insert(in.end(), specials.begin(), specials.end());
    for (std::uint32_t b = 0xC2FA0000u; b < 0xC3200000u; b += 97u) // -125 .. -160: subnormal results
        in.push_back(fromBits(b));
    for (std::uint32_t b = 0x42FA0000u; b < 0x43010000u; b += 89u) // 125 .. 129: overflow
        in.push_back(fromBits(b));
    Mismatches bad;
    for (float x : in) {
        float want = flush(ops::ex2Approx(flush(x)));
        if (bits(ops::ex2ApproxFtz(x)) != bits(want))
            bad.add(describe("ex2.approx.ftz", ops::RN, {x}, ops::ex2ApproxFtz(x), bits(want)));
    }
    INFO(bad.report());
    CHECK(bad.count() == 0);
}

TEST_CASE("tanh .approx within its bound", "[f32][approx]")
{
    MaxError rel;
    for (float x : inputs(39, -12.0f, 12.0f, false)) {
        LD want = std::tanh(LD(x));
        if (want != 0)
            rel.update(std::fabs(LD(ops::tanhApprox(x)) - want) / std::fabs(want), x);
    }
    record("tanh.approx (bound 2^-11 rel)", rel, "rel");
    CHECK(rel.value <= 0x1p-11L);
    // What this implementation achieves (a regression guard, far inside the ISA's bound).
    CHECK(rel.value <= 0x1p-21L);
}

TEST_CASE("approx results do not depend on FTZ/DAZ", "[f32][approx][ftz]")
{
    if (!p2m::f32ref::FtzScope::supported())
        return; // the host has no FTZ/DAZ control
    Rng rng(40);
    std::vector<float> in = specialValues();
    for (int i = 0; i < 2'000'000; ++i)
        in.push_back(rng.interesting());
    float (*const unary[])(float) = {ops::rcpApprox, ops::sqrtApprox, ops::rsqrtApprox, ops::sinApprox,
                                     ops::cosApprox, ops::lg2Approx, ops::ex2Approx, ops::tanhApprox};
    std::vector<std::uint32_t> ieee, ftz;
    auto run = [&](std::vector<std::uint32_t> &out) {
        for (std::size_t i = 0; i < in.size(); ++i) {
            for (auto f : unary)
                out.push_back(bits(f(in[i])));
            out.push_back(bits(ops::divApprox(in[i], in[in.size() - 1 - i])));
        }
    };
    run(ieee);
    {
        p2m::f32ref::FtzScope scope;
        run(ftz);
    }
    std::size_t differ = 0;
    for (std::size_t i = 0; i < ieee.size(); ++i) {
        if (ieee[i] != ftz[i] && differ < 5)
            std::printf("function %zu of 9, input %08x: %08x with IEEE subnormals, %08x with FTZ/DAZ\n",
                        i % 9, bits(in[i / 9]), ieee[i], ftz[i]);
        differ += ieee[i] != ftz[i];
    }
    CHECK(differ == 0);
}
