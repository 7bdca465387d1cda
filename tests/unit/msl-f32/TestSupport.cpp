#include "TestSupport.h"

#include "Reference.h"

#include <catch2/catch.hpp>

#include <cstdio>
#include <sstream>

namespace p2m::f32test {

float Rng::withExponent(std::uint32_t field)
{
    std::uint32_t sign = static_cast<std::uint32_t>(next() & 1u) << 31;
    return fromBits(sign | ((field & 0xFFu) << 23) | (next32() & 0x007FFFFFu));
}

float Rng::interesting()
{
    switch (below(16)) {
    case 0: {
        const std::vector<float> &s = specialValues();
        return s[below(static_cast<std::uint32_t>(s.size()))];
    }
    case 1: return withExponent(0);                        // subnormal (or zero)
    case 2: return withExponent(1 + below(8));             // smallest normal binades
    case 3: return withExponent(254 - below(8));           // largest finite binades
    case 4: return withExponent(127 + below(3) - 1);       // near 1
    case 5: {                                              // few significant bits
        std::uint32_t b = next32() & 0xFFF80000u;
        return isNanBits(b) ? 1.0f : fromBits(b);
    }
    case 6: {                                              // short subnormals
        std::uint32_t sign = static_cast<std::uint32_t>(next() & 1u) << 31;
        return fromBits(sign | (next32() >> (9 + below(23))));
    }
    case 7: return withExponent(100 + below(56));          // moderate
    default: return fromBits(next32());
    }
}

const std::vector<float> &specialValues()
{
    static const std::vector<float> values = [] {
        std::vector<std::uint32_t> b = {
            0x00000000u, 0x80000000u, 0x7F800000u, 0xFF800000u,               // zeros, infinities
            0x7FC00000u, 0xFFC00000u, 0x7FFFFFFFu, 0x7FC12345u, 0xFFD00001u,  // quiet NaNs
            0x7F800001u, 0xFF800123u, 0x7FA00000u,                            // signalling NaNs
            0x00000001u, 0x80000001u, 0x00000002u, 0x00000003u, 0x007FFFFFu, 0x807FFFFFu,
            0x00400000u, 0x00400001u, 0x00800000u, 0x80800000u, 0x00800001u,  // min normal
            0x7F7FFFFFu, 0xFF7FFFFFu, 0x7F7FFFFEu, 0x7F000000u, 0x7E800000u, 0x7E800001u,
            0x3F800000u, 0xBF800000u, 0x3F000000u, 0x40000000u, 0x3F800001u, 0x3F7FFFFFu,
            0x40400000u, 0x3FC00000u, 0x34000000u, 0x33800000u, 0x4B000000u, 0x4B800000u,
        };
        std::vector<float> f;
        for (std::uint32_t x : b)
            f.push_back(fromBits(x));
        return f;
    }();
    return values;
}

std::string Mismatches::report() const
{
    std::ostringstream out;
    out << count_ << " mismatches";
    for (const std::string &e : examples_)
        out << "\n  " << e;
    return out.str();
}

std::string hex(float f)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%08x (%.9g)", bits(f), static_cast<double>(f));
    return buf;
}

std::string describe(const char *op, f32ops::Mode m, std::initializer_list<float> args, float got,
                     std::uint32_t want)
{
    std::ostringstream out;
    out << op << "." << modeName(m) << "(";
    bool first = true;
    for (float a : args) {
        out << (first ? "" : ", ") << hex(a);
        first = false;
    }
    out << ") = " << hex(got) << ", want " << hex(fromBits(want));
    return out.str();
}

void checkAgainstHost(const char *name, int arity, const std::vector<Triple> &inputs, const Op &op,
                      const RefOp &reference, bool withFtz, std::initializer_list<f32ops::Mode> modes)
{
    for (f32ops::Mode mode : modes) {
        std::vector<std::uint32_t> want(inputs.size());
        {
            f32ref::RoundingScope scope(mode);
            for (std::size_t i = 0; i < inputs.size(); ++i)
                want[i] = expectedBits(reference(inputs[i]));
        }
        for (bool ftz : {false, true}) {
            if (ftz && !(withFtz && f32ref::FtzScope::supported()))
                continue;
            std::vector<float> got(inputs.size());
            if (ftz) {
                f32ref::FtzScope scope;
                for (std::size_t i = 0; i < inputs.size(); ++i)
                    got[i] = op(inputs[i], mode);
            } else {
                for (std::size_t i = 0; i < inputs.size(); ++i)
                    got[i] = op(inputs[i], mode);
            }
            Mismatches bad;
            for (std::size_t i = 0; i < inputs.size(); ++i) {
                if (bits(got[i]) == want[i])
                    continue;
                const Triple &t = inputs[i];
                bad.add(arity == 1   ? describe(name, mode, {t[0]}, got[i], want[i])
                        : arity == 2 ? describe(name, mode, {t[0], t[1]}, got[i], want[i])
                                     : describe(name, mode, {t[0], t[1], t[2]}, got[i], want[i]));
            }
            INFO(name << "." << modeName(mode) << (ftz ? " under FTZ/DAZ" : "") << ": "
                      << inputs.size() << " inputs, " << bad.report());
            CHECK(bad.count() == 0);
        }
    }
}

} // namespace p2m::f32test
