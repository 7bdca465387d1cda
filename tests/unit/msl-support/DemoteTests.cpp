// --fp64=demote (emitters/msl/support/fp64_demote.h): each operation must equal the host's
// float operation on the operands rounded to float (to nearest), widened exactly to binary64,
// whatever PTX rounding mode is passed. NaN results are only checked to be NaN (the float
// arithmetic's NaN bits are the target's).
#include "TestSupport.h"
#include "emitters/msl/support/fp64_demote.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <string>

namespace p2m::fp64test {
namespace {

float demoted(std::uint64_t a) { return static_cast<float>(toDouble(a)); }

std::uint64_t widened(float f) { return toBits(static_cast<double>(f)); }

// Counts mismatches, keeping the first few for the report.
struct Tally {
    std::size_t checked = 0, bad = 0;
    std::string first;
    void check(const char *op, std::uint64_t a, std::uint64_t b, std::uint64_t got, float want)
    {
        ++checked;
        bool ok = std::isnan(want) ? isNanBits(got) : got == widened(want);
        if (!ok && bad++ < 4)
            first += std::string(op) + "(" + describe(a) + ", " + describe(b) + ") = " + describe(got) +
                     ", want " + describe(widened(want)) + "\n";
    }
};

} // namespace

TEST_CASE("fp64 demote: arithmetic is float arithmetic on the demoted operands", "[fp64][demote]")
{
    Rng rng(0xDE307E);
    Tally t;
    const std::vector<std::uint64_t> &special = specialValues();
    for (int i = 0; i < 300000; ++i) {
        std::uint64_t a = i < 2000 ? special[static_cast<std::size_t>(i) % special.size()] : randomF64(rng);
        std::uint64_t b = rng.coin() ? special[rng.next() % special.size()] : randomF64(rng);
        std::uint64_t c = randomF64(rng);
        int mode = kModes[rng.range(0, 3)];
        float x = demoted(a), y = demoted(b), z = demoted(c);
        t.check("add", a, b, p2m_f64_demote_add(a, b, mode), x + y);
        t.check("sub", a, b, p2m_f64_demote_sub(a, b, mode), x - y);
        t.check("mul", a, b, p2m_f64_demote_mul(a, b, mode), x * y);
        t.check("fma", a, b, p2m_f64_demote_fma(a, b, c, mode), std::fma(x, y, z));
        t.check("div", a, b, p2m_f64_demote_div(a, b, mode), x / y);
        t.check("rcp", a, 0, p2m_f64_demote_rcp(a, mode), 1.0f / x);
        t.check("sqrt", a, 0, p2m_f64_demote_sqrt(a, mode), std::sqrt(x));
    }
    INFO(t.first);
    CHECK(t.checked == 7u * 300000u);
    CHECK(t.bad == 0u);
}

} // namespace p2m::fp64test
