// Tests of emitters/msl/support/int_ops.h (PTX integer and bit instructions):
//   * against an H200: the hash of every operation's 2^18-case stream (tests/probes/int_ops.cu
//     and int_ops_cases.h) and 3,500 hand-picked edge cases, for the header (both builds) and
//     for the reference model;
//   * against the reference model (Reference.cpp), case by case: the same streams, and
//     exhaustive sweeps where they are cheap (every shift amount, every bfe/bfi position and
//     length, every prmt selector, every lop3 table, every 16-bit operand, ...).
// Catch2 assertions are too slow for millions of comparisons: each check counts mismatches
// and reports the first few.
#include "IntOpsKernels.h"
#include "Reference.h"

#include "tests/probes/int_ops_cases.h"

#include <catch2/catch.hpp>

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace p2m::inttest {
namespace {

using u64 = std::uint64_t;

struct GpuHash {
    int op;
    u64 hash;
};

const GpuHash kGpuHashes[] = {
#include "GpuHashes.inc"
};

struct GpuEdge {
    int op;
    u64 a, b, c, d, result;
};

const GpuEdge kGpuEdges[] = {
#include "GpuEdges.inc"
};

const char *opName(int op)
{
    static const char *const names[] = {
#define P2M_NAME(NAME, C0, C1, C2, C3) #NAME,
        P2M_INT_PROBE_OPS(P2M_NAME)
#undef P2M_NAME
    };
    return op >= 0 && op < P2M_IP_COUNT ? names[op] : "?";
}

using Eval = u64 (*)(int, u64, u64, u64, u64);

// Mismatches of one check: how many, of how many cases, and the first few described.
struct Tally {
    u64 cases = 0;
    u64 mismatches = 0;
    std::string first;

    void compare(int op, u64 a, u64 b, u64 c, u64 d, u64 got, u64 want, const char *what)
    {
        ++cases;
        if (got == want)
            return;
        if (++mismatches <= 5) {
            char line[256];
            std::snprintf(line, sizeof line,
                          "%s(0x%" PRIX64 ", 0x%" PRIX64 ", 0x%" PRIX64 ", 0x%" PRIX64 "): %s 0x%" PRIX64
                          ", expected 0x%" PRIX64 "\n",
                          opName(op), a, b, c, d, what, got, want);
            first += line;
        }
    }
};

#define CHECK_TALLY(expression)                                                                    \
    do {                                                                                           \
        const Tally tally_ = (expression);                                                         \
        INFO(tally_.first);                                                                        \
        INFO(tally_.cases << " cases");                                                           \
        CHECK(tally_.mismatches == 0);                                                             \
    } while (0)

// The header (builtin build) against the reference on every case that `generate` produces:
// generate(check) calls check(a, b, c, d) once per case.
template <typename Generate>
Tally sweep(int op, Generate &&generate)
{
    Tally tally;
    generate([&](u64 a, u64 b, u64 c, u64 d) {
        tally.compare(op, a, b, c, d, builtin::evalHeader(op, a, b, c, d), referenceEval(op, a, b, c, d),
                      "header");
    });
    return tally;
}

// Values for sweeps: every edge value of the probe's generator and random patterns.
std::vector<u64> sweepValues(unsigned randomCount)
{
    std::vector<u64> values;
    for (unsigned k = 0; k < 32; ++k)
        values.push_back(p2m_probe_edge_value(k));
    for (unsigned k = 0; k < randomCount; ++k)
        values.push_back(p2m_probe_mix(0xC0FFEEull + k));
    return values;
}

// Shift amounts, positions and lengths: 0..limit-1 and large ones, including ones whose low
// 8 bits are small (PTX's bfe/bfi use only those).
std::vector<u64> sweepAmounts(u64 limit)
{
    std::vector<u64> amounts;
    for (u64 n = 0; n < limit; ++n)
        amounts.push_back(n);
    for (u64 n : {0x100ull, 0x101ull, 0x120ull, 0x140ull, 0x7FFFFFFFull, 0x80000000ull, 0x80000001ull,
                  0xFFFFFF00ull, 0xFFFFFF1Full, 0xFFFFFFE0ull, 0xFFFFFFFFull, 0x100000020ull})
        amounts.push_back(n);
    return amounts;
}

TEST_CASE("int_ops: every stream matches the H200 and the reference", "[msl-int][gpu]")
{
    REQUIRE(sizeof kGpuHashes / sizeof kGpuHashes[0] == P2M_IP_COUNT);
    for (const GpuHash &recorded : kGpuHashes) {
        const int op = recorded.op;
        Tally builtinTally;
        u64 builtinHash = 0, referenceHash = 0;
        for (u64 i = 0; i < P2M_PROBE_STREAM_LENGTH; ++i) {
            const u64 a = p2m_probe_operand(op, i, 0), b = p2m_probe_operand(op, i, 1),
                      c = p2m_probe_operand(op, i, 2), d = p2m_probe_operand(op, i, 3);
            const u64 want = referenceEval(op, a, b, c, d);
            const u64 got = builtin::evalHeader(op, a, b, c, d);
            builtinTally.compare(op, a, b, c, d, got, want, "header");
            builtinHash += p2m_probe_hash_term(op, i, got);
            referenceHash += p2m_probe_hash_term(op, i, want);
        }
        INFO(opName(op));
        CHECK_TALLY(builtinTally);
        CHECK(referenceHash == recorded.hash);
        CHECK(builtinHash == recorded.hash);
    }
}

TEST_CASE("int_ops: the H200's edge cases", "[msl-int][gpu]")
{
    Tally header, reference;
    for (const GpuEdge &e : kGpuEdges) {
        header.compare(e.op, e.a, e.b, e.c, e.d, builtin::evalHeader(e.op, e.a, e.b, e.c, e.d), e.result, "header");
        reference.compare(e.op, e.a, e.b, e.c, e.d, referenceEval(e.op, e.a, e.b, e.c, e.d), e.result,
                          "reference");
    }
    CHECK(header.cases > 3000);
    CHECK_TALLY(header);
    CHECK_TALLY(reference);
}

TEST_CASE("int_ops: division by zero and overflow as measured", "[msl-int][gpu]")
{
    // Spelled out (GpuEdges.inc has them all): every type returns all ones for x / 0 and
    // x % 0, and MIN / -1 is MIN with remainder 0.
    for (u64 x : {0ull, 1ull, ~0ull, 0x8000000000000000ull}) {
        CHECK(builtin::evalHeader(P2M_IP_DIV_S32, x, 0, 0, 0) == 0xFFFFFFFFull);
        CHECK(builtin::evalHeader(P2M_IP_REM_S32, x, 0, 0, 0) == 0xFFFFFFFFull);
        CHECK(builtin::evalHeader(P2M_IP_DIV_U16, x, 0, 0, 0) == 0xFFFFull);
        CHECK(builtin::evalHeader(P2M_IP_REM_S64, x, 0, 0, 0) == ~0ull);
    }
    CHECK(builtin::evalHeader(P2M_IP_DIV_S32, 0x80000000ull, ~0ull, 0, 0) == 0x80000000ull);
    CHECK(builtin::evalHeader(P2M_IP_REM_S32, 0x80000000ull, ~0ull, 0, 0) == 0);
    CHECK(builtin::evalHeader(P2M_IP_DIV_S64, 0x8000000000000000ull, ~0ull, 0, 0) == 0x8000000000000000ull);
    CHECK(builtin::evalHeader(P2M_IP_REM_S64, 0x8000000000000000ull, ~0ull, 0, 0) == 0);
    CHECK(builtin::evalHeader(P2M_IP_DIV_S16, 0x8000ull, ~0ull, 0, 0) == 0x8000ull);
    CHECK(builtin::evalHeader(P2M_IP_REM_S16, 0x8000ull, ~0ull, 0, 0) == 0);
}

TEST_CASE("int_ops: shifts, every amount", "[msl-int]")
{
    const std::vector<u64> values = sweepValues(32), amounts = sweepAmounts(600);
    for (int op = P2M_IP_SHL_B16; op <= P2M_IP_SHR_S64; ++op) {
        INFO(opName(op));
        CHECK_TALLY(sweep(op, [&](auto check) {
            for (u64 v : values)
                for (u64 n : amounts)
                    check(v, n, 0, 0);
        }));
    }
    for (int op = P2M_IP_SHF_L_WRAP_B32; op <= P2M_IP_SHF_R_CLAMP_B32; ++op) {
        INFO(opName(op));
        CHECK_TALLY(sweep(op, [&](auto check) {
            for (size_t k = 0; k + 1 < values.size(); k += 2)
                for (u64 n : amounts)
                    check(values[k], values[k + 1], n, 0);
        }));
    }
}

TEST_CASE("int_ops: bfe and bfi, every position and length", "[msl-int]")
{
    const std::vector<u64> fields = sweepAmounts(256);
    const u64 patterns[] = {0x8F0F00F0F00F00F1ull, 0x70F0FF0F0FF0FF0Eull, 0xFFFFFFFFFFFFFFFFull, 0x123456789ABCDEF0ull};
    for (int op = P2M_IP_BFE_U32; op <= P2M_IP_BFE_S64; ++op) {
        INFO(opName(op));
        CHECK_TALLY(sweep(op, [&](auto check) {
            for (u64 a : patterns)
                for (u64 pos : fields)
                    for (u64 len : fields)
                        check(a, pos, len, 0);
        }));
    }
    for (int op = P2M_IP_BFI_B32; op <= P2M_IP_BFI_B64; ++op) {
        INFO(opName(op));
        CHECK_TALLY(sweep(op, [&](auto check) {
            for (u64 a : patterns)
                for (u64 pos : fields)
                    for (u64 len : fields)
                        check(a, ~a ^ 0x5555555555555555ull, pos, len);
        }));
    }
}

TEST_CASE("int_ops: bmsk and szext, every operand up to 300", "[msl-int]")
{
    const std::vector<u64> amounts = sweepAmounts(300), values = sweepValues(32);
    for (int op = P2M_IP_BMSK_CLAMP_B32; op <= P2M_IP_BMSK_WRAP_B32; ++op) {
        INFO(opName(op));
        CHECK_TALLY(sweep(op, [&](auto check) {
            for (u64 a : amounts)
                for (u64 b : amounts)
                    check(a, b, 0, 0);
        }));
    }
    for (int op = P2M_IP_SZEXT_CLAMP_S32; op <= P2M_IP_SZEXT_WRAP_U32; ++op) {
        INFO(opName(op));
        CHECK_TALLY(sweep(op, [&](auto check) {
            for (u64 a : values)
                for (u64 b : amounts)
                    check(a, b, 0, 0);
        }));
    }
}

TEST_CASE("int_ops: prmt, every selector", "[msl-int]")
{
    const u64 pairs[][2] = {{0x7F8001FE, 0xC43BA259}, {0x03020100, 0x07060504}, {0x80818283, 0x84858687}, {0xFFFFFFFF, 0}};
    INFO("prmt default mode");
    CHECK_TALLY(sweep(P2M_IP_PRMT_B32, [&](auto check) {
        for (const auto &p : pairs)
            for (u64 c = 0; c < 0x10000; ++c)
                check(p[0], p[1], c | (p2m_probe_mix(c) << 16), 0);
    }));
    for (int op = P2M_IP_PRMT_F4E_B32; op <= P2M_IP_PRMT_RC16_B32; ++op) {
        INFO(opName(op));
        CHECK_TALLY(sweep(op, [&](auto check) {
            for (const auto &p : pairs)
                for (u64 c = 0; c < 0x1000; ++c)
                    check(p[0], p[1], c * 0x9E3779B1u, 0);
        }));
    }
}

TEST_CASE("int_ops: lop3, every truth table", "[msl-int]")
{
    CHECK_TALLY(sweep(P2M_IP_LOP3_B32, [&](auto check) {
        for (u64 lut = 0; lut < 256; ++lut) {
            check(0xF0F0F0F0u, 0xCCCCCCCCu, 0xAAAAAAAAu, lut); // d == lut in every byte
            for (u64 k = 0; k < 256; ++k)
                check(p2m_probe_mix(k), p2m_probe_mix(k + 1000), p2m_probe_mix(k + 2000), lut);
        }
    }));
    // The canonical operands reproduce the table itself.
    for (u64 lut = 0; lut < 256; ++lut)
        CHECK(builtin::evalHeader(P2M_IP_LOP3_B32, 0xF0F0F0F0u, 0xCCCCCCCCu, 0xAAAAAAAAu, lut) == lut * 0x01010101u);
}

TEST_CASE("int_ops: bit scans and counts, every 16-bit pattern in several places", "[msl-int]")
{
    for (int op = P2M_IP_BFIND_U32; op <= P2M_IP_CLZ_B64; ++op) {
        INFO(opName(op));
        CHECK_TALLY(sweep(op, [&](auto check) {
            for (u64 x = 0; x < 0x10000; ++x)
            {
                const u64 placements[] = {x, x << 16, x << 48, ~x, ~(x << 16), ~(x << 48),
                                          x * 0x0001000100010001ull, (x << 16) | 0x8000};
                for (u64 v : placements)
                    check(v, 0, 0, 0);
            }
        }));
    }
}

TEST_CASE("int_ops: 16-bit arithmetic, every first operand", "[msl-int]")
{
    const std::vector<u64> values = sweepValues(96);
    for (int op : {P2M_IP_MUL_HI_U16, P2M_IP_MUL_HI_S16, P2M_IP_MUL_WIDE_U16, P2M_IP_MUL_WIDE_S16, P2M_IP_SAD_U16,
                   P2M_IP_SAD_S16, P2M_IP_DIV_U16, P2M_IP_DIV_S16, P2M_IP_REM_U16, P2M_IP_REM_S16, P2M_IP_SHL_B16,
                   P2M_IP_SHR_S16, P2M_IP_ABS_S16, P2M_IP_NEG_S16}) {
        INFO(opName(op));
        CHECK_TALLY(sweep(op, [&](auto check) {
            for (u64 a = 0; a < 0x10000; ++a)
                for (u64 b : values)
                    check(a, b, b * 0x9E3779B97F4A7C15ull, 0);
        }));
    }
}

TEST_CASE("int_ops: cvt.sat, every 8/16-bit source and every boundary", "[msl-int]")
{
    std::vector<u64> sources;
    for (u64 x = 0; x < 0x10000; ++x)
        sources.push_back(x);
    // Around every boundary of every width, in both directions.
    for (u64 edge : {0x7Full, 0x80ull, 0xFFull, 0x7FFFull, 0x8000ull, 0xFFFFull, 0x7FFFFFFFull, 0x80000000ull,
                     0xFFFFFFFFull, 0x7FFFFFFFFFFFFFFFull, 0x8000000000000000ull})
        for (u64 delta = 0; delta < 4; ++delta) {
            sources.push_back(edge + delta);
            sources.push_back(edge - delta);
            sources.push_back(0 - edge - delta);
            sources.push_back(0 - edge + delta);
        }
    for (int op = P2M_IP_SAT_U8_FROM_S8; op <= P2M_IP_SAT_S64_FROM_U64; ++op) {
        INFO(opName(op));
        CHECK_TALLY(sweep(op, [&](auto check) {
            for (u64 x : sources) {
                check(x, 0, 0, 0);
                check(x | 0xFFFFFFFFFFFF0000ull, 0, 0, 0);
            }
        }));
    }
}

} // namespace
} // namespace p2m::inttest
