#include "TestSupport.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace p2m::fp64test {

const char *modeName(int mode)
{
    switch (mode) {
    case P2M_F64_RN: return "rn";
    case P2M_F64_RZ: return "rz";
    case P2M_F64_RM: return "rm";
    case P2M_F64_RP: return "rp";
    default: return "?";
    }
}

std::string describe(std::uint64_t bits)
{
    char buf[96];
    std::snprintf(buf, sizeof buf, "0x%016llX (%.17g)", static_cast<unsigned long long>(bits),
                  toDouble(bits));
    return buf;
}

std::string describe32(std::uint32_t bits)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "0x%08X (%.9g)", bits, static_cast<double>(toFloat(bits)));
    return buf;
}

std::string show(const Pair &p) { return "(" + describe(p.a) + ", " + describe(p.b) + ")"; }

std::string show(const Triple &t)
{
    return "(" + describe(t.a) + ", " + describe(t.b) + ", " + describe(t.c) + ")";
}

void Report::fail(const std::string &message)
{
    ++checked_;
    ++failed_;
    if (samples_.size() < 8)
        samples_.push_back(message);
}

std::string Report::summary() const
{
    std::string s = operation_ + ": " + std::to_string(failed_) + " of " + std::to_string(checked_)
        + " comparisons differ";
    for (const std::string &sample : samples_)
        s += "\n  " + sample;
    return s;
}

Report::~Report()
{
    // P2M_FP64_TEST_VERBOSE=1 lists how many comparisons each check made.
    if (std::getenv("P2M_FP64_TEST_VERBOSE") != nullptr)
        std::fprintf(stderr, "%-28s %9llu comparisons, %llu failed\n", operation_.c_str(),
                     static_cast<unsigned long long>(checked_),
                     static_cast<unsigned long long>(failed_));
}

// ---------------------------------------------------------------------------------------

std::uint64_t makeF64(bool sign, int biasedExponent, std::uint64_t fraction)
{
    if (biasedExponent < 0)
        biasedExponent = 0;
    if (biasedExponent > 2047)
        biasedExponent = 2047;
    return (static_cast<std::uint64_t>(sign) << 63) | (static_cast<std::uint64_t>(biasedExponent) << 52)
        | (fraction & 0x000FFFFFFFFFFFFFull);
}

int biasedExponentOf(std::uint64_t bits) { return static_cast<int>((bits >> 52) & 0x7FF); }

const std::vector<std::uint64_t> &specialValues()
{
    static const std::vector<std::uint64_t> values = [] {
        auto p2 = [](int e) { return std::ldexp(1.0, e); };
        std::vector<double> positive = {
            0.0,
            p2(-1074), 2 * p2(-1074), 3 * p2(-1074),              // smallest subnormals
            p2(-1023), p2(-1022) - p2(-1074), p2(-1022),           // around the smallest normal
            p2(-1022) + p2(-1074), p2(-1021) - p2(-1074), 1.5 * p2(-1022),
            1.0, 1.0 + p2(-52), 1.0 - p2(-53), 1.5, 2.0, 3.0, 0.5, 2.5, 1.0 / 3.0,
            0.5 - p2(-54), 0.5 + p2(-53), 1.0 + p2(-24), 1.0 + p2(-24) + p2(-52),
            p2(-53), p2(-54), p2(-53) + p2(-105),                  // half an ulp of 1 and below
            std::sqrt(2.0),
            p2(1023), p2(1024) - p2(971), p2(1023) - p2(970),    // the top of the range
            p2(512), p2(511) * 1.5, p2(-511), p2(-537), p2(-538),  // products near the thresholds
            p2(52), p2(53), p2(53) - 1, p2(51) + 0.5, p2(52) - 0.5, 4503599627370497.5,
            2147483647.0, 2147483647.5, p2(31), p2(31) + 0.5, 4294967295.0, 4294967295.5, p2(32),
            p2(63), p2(63) - p2(10), p2(64), p2(64) - p2(11), 0.25, 0.75, 1.25,
            3.4028234663852886e38,                                  // FLT_MAX
            3.4028234663852886e38 + p2(103),                       // FLT_MAX + half an f32 ulp
            3.4028234663852886e38 + p2(103) - p2(75), p2(128),
            p2(-126), p2(-126) - p2(-150), p2(-149), p2(-150), p2(-150) + p2(-202), p2(-151),
        };
        std::vector<std::uint64_t> out;
        for (double d : positive) {
            out.push_back(toBits(d));
            out.push_back(toBits(-d));
        }
        out.push_back(0x7FF0000000000000ull); // +inf
        out.push_back(0xFFF0000000000000ull); // -inf
        out.push_back(0x7FF8000000000000ull); // quiet NaN
        out.push_back(0x7FF0000000000001ull); // signalling NaN
        out.push_back(0xFFF8000000000000ull); // negative NaN (the default NaN)
        out.push_back(0x7FFFFFFFFFFFFFFFull); // all ones
        out.push_back(0x7FF4000000000AAAull); // signalling, with a payload
        out.push_back(0xFFF8000000000BBBull); // negative quiet, with a payload
        out.push_back(0x7FF8000000000CCCull); // quiet, with a payload
        out.push_back(0xFFF0000000000001ull); // negative signalling, high word like -inf
        out.push_back(0x7FF0000100000000ull); // signalling, payload in the high word
        return out;
    }();
    return values;
}

std::uint64_t randomFraction(Rng &rng)
{
    const std::uint64_t mask = 0x000FFFFFFFFFFFFFull;
    std::uint64_t u = rng.next() & mask;
    int k = rng.range(0, 52);
    std::uint64_t low = k == 0 ? 0 : ((1ull << k) - 1); // the low k bits
    switch (rng.next() % 10) {
    case 0:
    case 1:
    case 2: return u;
    case 3: return u & ~low;                          // trailing zeros
    case 4: return (u | low) & mask;                  // trailing ones
    case 5: return ((u & ~low) | ((low + 1) >> 1)) & mask; // ...x1000: halfway tails
    case 6: return (((u & ~low) | ((low + 1) >> 1)) + (rng.coin() ? 1 : mask)) & mask; // just off
    case 7: {                                         // sparse
        std::uint64_t f = 0;
        for (int i = rng.range(1, 3); i > 0; --i)
            f |= 1ull << rng.range(0, 51);
        return f;
    }
    case 8: return (mask - (rng.next() & 7)) & mask;  // nearly all ones
    default: return rng.next() & 7;                   // nearly zero
    }
}

std::uint64_t shortSignificand(Rng &rng, int bits)
{
    if (bits < 1)
        bits = 1;
    if (bits > 53)
        bits = 53;
    std::uint64_t top = (rng.next() | 1ull << 63) >> (64 - bits); // `bits` bits, top one set
    return top << (53 - bits);
}

std::uint64_t randomWithExponent(Rng &rng, int biasedExponent)
{
    if (biasedExponent < 0)
        biasedExponent = 0;
    if (biasedExponent > 2046)
        biasedExponent = 2046;
    return makeF64(rng.coin(), biasedExponent, randomFraction(rng));
}

std::uint64_t randomF64(Rng &rng)
{
    switch (rng.next() % 16) {
    case 0:
    case 1:
    case 2:
    case 3: return rng.next();                                   // any bit pattern
    case 4:
    case 5:
    case 6:
    case 7: return randomWithExponent(rng, 1023 + rng.range(-70, 70)); // near 1
    case 8:
    case 9: return randomWithExponent(rng, rng.range(0, 60));        // subnormal and tiny
    case 10:
    case 11: return randomWithExponent(rng, rng.range(1990, 2046)); // near overflow
    case 12:
    case 13: return randomWithExponent(rng, rng.range(0, 2046));
    case 14: return randomWithExponent(rng, 0);                      // subnormal
    default: {
        const auto &s = specialValues();
        return s[rng.next() % s.size()];
    }
    }
}

std::uint64_t perturb(Rng &rng, std::uint64_t bits)
{
    switch (rng.next() % 4) {
    case 0: return bits;
    case 1: return bits ^ (1ull << 63);
    case 2: return bits + static_cast<std::uint64_t>(rng.range(-3, 3));
    default: return (bits ^ (1ull << 63)) + static_cast<std::uint64_t>(rng.range(-3, 3));
    }
}

namespace {

std::vector<Pair> specialPairs()
{
    std::vector<Pair> out;
    for (std::uint64_t a : specialValues())
        for (std::uint64_t b : specialValues())
            out.push_back({a, b});
    return out;
}

// A pair of short significands whose exact product has about 53 bits: exact results and
// exact ties.
Pair shortPair(Rng &rng, int ea, int eb)
{
    int ka = rng.range(1, 53);
    int kb = std::max(1, std::min(53, rng.range(50, 56) - ka));
    std::uint64_t a = makeF64(rng.coin(), ea, shortSignificand(rng, ka));
    std::uint64_t b = makeF64(rng.coin(), eb, shortSignificand(rng, kb));
    return {a, b};
}

int clampExponent(int e) { return e < 0 ? 0 : e > 2046 ? 2046 : e; }

} // namespace

std::vector<Pair> binaryInputs(BinaryKind kind, std::size_t count)
{
    Rng rng(0x5EED0000ull + static_cast<std::uint64_t>(kind));
    std::vector<Pair> out = specialPairs();
    for (std::size_t i = 0; i < count; ++i) {
        std::uint64_t a = randomF64(rng);
        int ea = biasedExponentOf(a);
        int strategy = static_cast<int>(rng.next() % 4);
        Pair p{a, randomF64(rng)};
        switch (kind) {
        case BinaryKind::Additive:
            if (strategy == 1) // overlapping significands: alignment and carries
                p.b = randomWithExponent(rng, clampExponent(ea + rng.range(-60, 60)));
            else if (strategy == 2) // (nearly) opposite values: cancellation
                p.b = perturb(rng, a);
            else if (strategy == 3) // b around half an ulp of a: ties
                p.b = randomWithExponent(rng, clampExponent(ea - rng.range(50, 56)));
            break;
        case BinaryKind::Multiplicative:
            if (strategy == 1) {
                p = shortPair(rng, rng.range(900, 1150), rng.range(900, 1150));
            } else if (strategy == 2) { // product near or below the smallest normal
                int eb = clampExponent(1023 - ea + rng.range(-60, 3));
                p = rng.coin() ? shortPair(rng, ea, eb) : Pair{a, randomWithExponent(rng, eb)};
            } else if (strategy == 3) { // product near the overflow threshold
                int eb = clampExponent(3069 - ea + rng.range(-3, 1));
                p = rng.coin() ? shortPair(rng, ea, eb) : Pair{a, randomWithExponent(rng, eb)};
            }
            break;
        case BinaryKind::Divisive:
            if (strategy == 1) { // a = q * b exactly (or a few ulps off): exact quotients
                Pair qb = shortPair(rng, rng.range(900, 1150), rng.range(900, 1150));
                p.b = qb.b;
                p.a = perturb(rng, toBits(toDouble(qb.a) * toDouble(qb.b)));
            } else if (strategy == 2) { // quotient near or below the smallest normal
                p.b = randomWithExponent(rng, clampExponent(ea + 1023 - rng.range(-60, 3)));
            } else if (strategy == 3) { // quotient near the overflow threshold
                p.b = randomWithExponent(rng, clampExponent(ea + 1023 - 2046 + rng.range(-2, 2)));
            }
            break;
        case BinaryKind::Comparison:
            if (strategy == 1)
                p.b = perturb(rng, a);
            else if (strategy == 2)
                p.b = a;
            break;
        }
        out.push_back(p);
    }
    return out;
}

std::vector<Triple> fmaInputs(std::size_t count)
{
    Rng rng(0xF3A00001ull);
    std::vector<Triple> out;
    // A smaller table for the special triples: its cube is what gets tested.
    const double core[] = {0.0, std::ldexp(1.0, -1074), std::ldexp(1.0, -1022) - std::ldexp(1.0, -1074),
                           std::ldexp(1.0, -1022), 1.0, 1.5, 1.0 + std::ldexp(1.0, -52),
                           std::ldexp(1.0, -53), std::ldexp(1.0, 1023), 1.7976931348623157e308,
                           std::ldexp(1.0, -537)};
    std::vector<std::uint64_t> table;
    for (double d : core) {
        table.push_back(toBits(d));
        table.push_back(toBits(-d));
    }
    table.push_back(0x7FF0000000000000ull);
    table.push_back(0xFFF0000000000000ull);
    table.push_back(0x7FF8000000000000ull);
    table.push_back(0x7FF4000000000AAAull); // signalling
    table.push_back(0xFFF8000000000BBBull); // negative, quiet
    for (std::uint64_t a : table)
        for (std::uint64_t b : table)
            for (std::uint64_t c : table)
                out.push_back({a, b, c});

    for (std::size_t i = 0; i < count; ++i) {
        Triple t{randomF64(rng), randomF64(rng), randomF64(rng)};
        int ea = biasedExponentOf(t.a);
        switch (rng.next() % 6) {
        case 0: break; // independent
        case 1: {      // c = -(a * b), give or take a few ulps: cancellation of the product
            t.c = perturb(rng, toBits(-(toDouble(t.a) * toDouble(t.b))));
            break;
        }
        case 2: { // exact short products, c overlapping or just below: ties
            Pair p = shortPair(rng, rng.range(900, 1150), rng.range(900, 1150));
            t.a = p.a;
            t.b = p.b;
            int ep = biasedExponentOf(p.a) + biasedExponentOf(p.b) - 1023;
            t.c = randomWithExponent(rng, clampExponent(ep + rng.range(-60, 60)));
            break;
        }
        case 3: { // product near the subnormal range, c small too
            t.b = randomWithExponent(rng, clampExponent(1023 - ea + rng.range(-60, 3)));
            t.c = randomWithExponent(rng, rng.range(0, 60));
            break;
        }
        case 4: { // c far below or far above the product
            int ep = ea + biasedExponentOf(t.b) - 1023;
            t.c = randomWithExponent(rng, clampExponent(ep + (rng.coin() ? -rng.range(54, 200)
                                                                           : rng.range(54, 200))));
            break;
        }
        default: { // product near overflow, c of either sign and large
            t.b = randomWithExponent(rng, clampExponent(3069 - ea + rng.range(-3, 1)));
            t.c = randomWithExponent(rng, rng.range(2040, 2046));
            break;
        }
        }
        out.push_back(t);
    }
    return out;
}

std::vector<std::uint64_t> unaryInputs(std::size_t count)
{
    Rng rng(0x0AA11111ull);
    std::vector<std::uint64_t> out = specialValues();
    for (std::size_t i = 0; i < count; ++i)
        out.push_back(randomF64(rng));
    return out;
}

std::vector<std::uint64_t> sqrtInputs(std::size_t count)
{
    Rng rng(0x5C1200ull);
    std::vector<std::uint64_t> out = specialValues();
    for (std::size_t i = 0; i < count; ++i) {
        std::uint64_t x = randomF64(rng);
        switch (rng.next() % 4) {
        case 0: break;
        case 1: { // squares of random values, a few ulps off: roots near representable values
            double s = toDouble(randomF64(rng) & ~(1ull << 63));
            x = toBits(s * s) + static_cast<std::uint64_t>(rng.range(-2, 2));
            break;
        }
        case 2: { // exact squares of short significands
            std::uint64_t s = makeF64(false, rng.range(500, 1540), shortSignificand(rng, rng.range(1, 27)));
            x = toBits(toDouble(s) * toDouble(s));
            break;
        }
        default: x &= ~(1ull << 63); break; // positive
        }
        out.push_back(x);
    }
    return out;
}

std::vector<std::uint64_t> toIntegerInputs(std::size_t count)
{
    Rng rng(0x1A7E6E5ull);
    std::vector<std::uint64_t> out = specialValues();
    const double bases[] = {0.0, std::ldexp(1.0, 31), std::ldexp(1.0, 32), std::ldexp(1.0, 52),
                            std::ldexp(1.0, 53), std::ldexp(1.0, 63), std::ldexp(1.0, 64)};
    const double fractions[] = {0.0, 0.5, 0.25, 0.75, 0.5 - std::ldexp(1.0, -30), 0.5 + std::ldexp(1.0, -30)};
    for (std::size_t i = 0; i < count; ++i) {
        std::uint64_t x;
        switch (rng.next() % 4) {
        case 0: x = randomF64(rng); break;
        case 1: { // an integer of random size plus a fraction
            int bits = rng.range(0, 66);
            double n = bits == 0 ? 0.0 : std::ldexp(static_cast<double>(rng.next() >> 11), bits - 53);
            n = std::trunc(n);
            double f = fractions[rng.next() % 6];
            x = toBits((rng.coin() ? -1.0 : 1.0) * (n + f));
            break;
        }
        case 2: { // around the integer types' limits and the start of the integral range
            double base = bases[rng.next() % 7];
            double d = base + rng.range(-3, 3) + fractions[rng.next() % 6];
            x = perturb(rng, toBits(d));
            break;
        }
        default: // |x| < 4 with patterned fractions
            x = randomWithExponent(rng, rng.range(1000, 1024));
            break;
        }
        out.push_back(x);
    }
    return out;
}

std::vector<std::uint64_t> integerInputs(std::size_t count)
{
    Rng rng(0x17E6E25ull);
    std::vector<std::uint64_t> out = {0,
                                      1,
                                      ~0ull,
                                      1ull << 63,
                                      (1ull << 63) - 1,
                                      (1ull << 63) + 1,
                                      1ull << 53,
                                      (1ull << 53) + 1,
                                      (1ull << 54) + 2,
                                      (1ull << 54) + 6,
                                      0x7FFFFFFFull,
                                      0x80000000ull,
                                      0xFFFFFFFFull,
                                      0xFFFFFFFF80000000ull,
                                      0xFFFFFFFF7FFFFFFFull};
    for (std::size_t i = 0; i < count; ++i) {
        std::uint64_t v = rng.next();
        int length = rng.range(0, 64); // bit length
        switch (rng.next() % 4) {
        case 0: break;
        case 1: v = length == 64 ? v : v & ((1ull << length) - 1); break;
        case 2: { // longer than 53 bits, with a halfway tail (or just off it)
            int len = rng.range(54, 64);
            int tail = len - 53; // bits below the last kept one
            v = (len == 64 ? v : (v & ((1ull << len) - 1)) | 1ull << (len - 1));
            v &= ~((1ull << tail) - 1);
            v |= 1ull << (tail - 1);
            v += static_cast<std::uint64_t>(rng.range(-1, 1));
            break;
        }
        default: // negative values of the same shapes (as two's complement)
            v = 0 - (length == 64 ? v : v & ((1ull << length) - 1));
            break;
        }
        out.push_back(v);
    }
    return out;
}

} // namespace p2m::fp64test
