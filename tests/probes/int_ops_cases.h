// The operations and inputs of the integer-instruction probe (tests/probes/int_ops.cu), shared
// with its host-side check (tests/unit/msl-int): both sides generate exactly the same operand
// streams from this file, so the probe only has to send back one hash per operation.
//
// Every operation has up to four operands, each a 64-bit pattern that the operation truncates
// to its operand width, drawn from an operand class:
//   VAL  values: uniformly random bits, small signed integers, edge values (0, +-1, MIN, MAX of
//        every width, ...), powers of two +-1, sparse and dense bit patterns;
//   AMT  shift amounts, bit positions and lengths (PTX .u32): mostly 0..299, edge amounts
//        (width +-1, 255, 256, 2^31, 2^32-1, ...) and uniformly random 32-bit values;
//   LUT  a byte (the lop3 truth table);
//   RND  uniformly random bits (the prmt selector).
// Results are normalised to the bits of the result type, zero-extended to 64 bits.
//
// No #include: the host side includes this file after <metal_stdlib>, which defines the names
// device, constant, thread, threadgroup and kernel as macros.
#ifndef P2M_TESTS_PROBES_INT_OPS_CASES_H
#define P2M_TESTS_PROBES_INT_OPS_CASES_H

#if defined(__CUDACC__)
#define P2M_PROBE_HD __host__ __device__
#else
#define P2M_PROBE_HD
#endif

typedef unsigned long long p2m_probe_u64;

#define P2M_PROBE_NONE 0
#define P2M_PROBE_VAL 1
#define P2M_PROBE_AMT 2
#define P2M_PROBE_LUT 3
#define P2M_PROBE_RND 4

// X(NAME, class of operand 0, 1, 2, 3)
#define P2M_INT_PROBE_OPS(X)                                                                       \
    X(SHL_B16, VAL, AMT, NONE, NONE) X(SHL_B32, VAL, AMT, NONE, NONE)                              \
    X(SHL_B64, VAL, AMT, NONE, NONE) X(SHR_U16, VAL, AMT, NONE, NONE)                              \
    X(SHR_U32, VAL, AMT, NONE, NONE) X(SHR_U64, VAL, AMT, NONE, NONE)                              \
    X(SHR_S16, VAL, AMT, NONE, NONE) X(SHR_S32, VAL, AMT, NONE, NONE)                              \
    X(SHR_S64, VAL, AMT, NONE, NONE)                                                               \
    X(SHF_L_WRAP_B32, VAL, VAL, AMT, NONE) X(SHF_L_CLAMP_B32, VAL, VAL, AMT, NONE)                 \
    X(SHF_R_WRAP_B32, VAL, VAL, AMT, NONE) X(SHF_R_CLAMP_B32, VAL, VAL, AMT, NONE)                 \
    X(BFE_U32, VAL, AMT, AMT, NONE) X(BFE_S32, VAL, AMT, AMT, NONE)                                \
    X(BFE_U64, VAL, AMT, AMT, NONE) X(BFE_S64, VAL, AMT, AMT, NONE)                                \
    X(BFI_B32, VAL, VAL, AMT, AMT) X(BFI_B64, VAL, VAL, AMT, AMT)                                  \
    X(PRMT_B32, VAL, VAL, RND, NONE) X(PRMT_F4E_B32, VAL, VAL, RND, NONE)                          \
    X(PRMT_B4E_B32, VAL, VAL, RND, NONE) X(PRMT_RC8_B32, VAL, VAL, RND, NONE)                      \
    X(PRMT_ECL_B32, VAL, VAL, RND, NONE) X(PRMT_ECR_B32, VAL, VAL, RND, NONE)                      \
    X(PRMT_RC16_B32, VAL, VAL, RND, NONE)                                                          \
    X(LOP3_B32, VAL, VAL, VAL, LUT)                                                                \
    X(BMSK_CLAMP_B32, AMT, AMT, NONE, NONE) X(BMSK_WRAP_B32, AMT, AMT, NONE, NONE)                 \
    X(SZEXT_CLAMP_S32, VAL, AMT, NONE, NONE) X(SZEXT_WRAP_S32, VAL, AMT, NONE, NONE)               \
    X(SZEXT_CLAMP_U32, VAL, AMT, NONE, NONE) X(SZEXT_WRAP_U32, VAL, AMT, NONE, NONE)               \
    X(BFIND_U32, VAL, NONE, NONE, NONE) X(BFIND_S32, VAL, NONE, NONE, NONE)                        \
    X(BFIND_U64, VAL, NONE, NONE, NONE) X(BFIND_S64, VAL, NONE, NONE, NONE)                        \
    X(BFIND_SHIFTAMT_U32, VAL, NONE, NONE, NONE) X(BFIND_SHIFTAMT_S32, VAL, NONE, NONE, NONE)      \
    X(BFIND_SHIFTAMT_U64, VAL, NONE, NONE, NONE) X(BFIND_SHIFTAMT_S64, VAL, NONE, NONE, NONE)      \
    X(BREV_B32, VAL, NONE, NONE, NONE) X(BREV_B64, VAL, NONE, NONE, NONE)                          \
    X(POPC_B32, VAL, NONE, NONE, NONE) X(POPC_B64, VAL, NONE, NONE, NONE)                          \
    X(CLZ_B32, VAL, NONE, NONE, NONE) X(CLZ_B64, VAL, NONE, NONE, NONE)                            \
    X(MUL_HI_U16, VAL, VAL, NONE, NONE) X(MUL_HI_S16, VAL, VAL, NONE, NONE)                        \
    X(MUL_HI_U32, VAL, VAL, NONE, NONE) X(MUL_HI_S32, VAL, VAL, NONE, NONE)                        \
    X(MUL_HI_U64, VAL, VAL, NONE, NONE) X(MUL_HI_S64, VAL, VAL, NONE, NONE)                        \
    X(MUL_WIDE_U16, VAL, VAL, NONE, NONE) X(MUL_WIDE_S16, VAL, VAL, NONE, NONE)                    \
    X(MUL_WIDE_U32, VAL, VAL, NONE, NONE) X(MUL_WIDE_S32, VAL, VAL, NONE, NONE)                    \
    X(MUL24_LO_U32, VAL, VAL, NONE, NONE) X(MUL24_LO_S32, VAL, VAL, NONE, NONE)                    \
    X(MUL24_HI_U32, VAL, VAL, NONE, NONE) X(MUL24_HI_S32, VAL, VAL, NONE, NONE)                    \
    X(MAD_HI_SAT_S32, VAL, VAL, VAL, NONE)                                                         \
    X(ADD_SAT_S32, VAL, VAL, NONE, NONE) X(SUB_SAT_S32, VAL, VAL, NONE, NONE)                      \
    X(SAD_U16, VAL, VAL, VAL, NONE) X(SAD_S16, VAL, VAL, VAL, NONE)                                \
    X(SAD_U32, VAL, VAL, VAL, NONE) X(SAD_S32, VAL, VAL, VAL, NONE)                                \
    X(SAD_U64, VAL, VAL, VAL, NONE) X(SAD_S64, VAL, VAL, VAL, NONE)                                \
    X(DIV_U16, VAL, VAL, NONE, NONE) X(DIV_S16, VAL, VAL, NONE, NONE)                              \
    X(DIV_U32, VAL, VAL, NONE, NONE) X(DIV_S32, VAL, VAL, NONE, NONE)                              \
    X(DIV_U64, VAL, VAL, NONE, NONE) X(DIV_S64, VAL, VAL, NONE, NONE)                              \
    X(REM_U16, VAL, VAL, NONE, NONE) X(REM_S16, VAL, VAL, NONE, NONE)                              \
    X(REM_U32, VAL, VAL, NONE, NONE) X(REM_S32, VAL, VAL, NONE, NONE)                              \
    X(REM_U64, VAL, VAL, NONE, NONE) X(REM_S64, VAL, VAL, NONE, NONE)                              \
    X(DP4A_U32_U32, VAL, VAL, VAL, NONE) X(DP4A_U32_S32, VAL, VAL, VAL, NONE)                      \
    X(DP4A_S32_U32, VAL, VAL, VAL, NONE) X(DP4A_S32_S32, VAL, VAL, VAL, NONE)                      \
    X(DP2A_LO_U32_U32, VAL, VAL, VAL, NONE) X(DP2A_LO_U32_S32, VAL, VAL, VAL, NONE)                \
    X(DP2A_LO_S32_U32, VAL, VAL, VAL, NONE) X(DP2A_LO_S32_S32, VAL, VAL, VAL, NONE)                \
    X(DP2A_HI_U32_U32, VAL, VAL, VAL, NONE) X(DP2A_HI_U32_S32, VAL, VAL, VAL, NONE)                \
    X(DP2A_HI_S32_U32, VAL, VAL, VAL, NONE) X(DP2A_HI_S32_S32, VAL, VAL, VAL, NONE)                \
    X(SAT_U8_FROM_S8, VAL, NONE, NONE, NONE) X(SAT_S8_FROM_U8, VAL, NONE, NONE, NONE)              \
    X(SAT_S8_FROM_S16, VAL, NONE, NONE, NONE) X(SAT_U8_FROM_S16, VAL, NONE, NONE, NONE)            \
    X(SAT_S8_FROM_U16, VAL, NONE, NONE, NONE) X(SAT_U8_FROM_U16, VAL, NONE, NONE, NONE)            \
    X(SAT_S8_FROM_S32, VAL, NONE, NONE, NONE) X(SAT_U8_FROM_S32, VAL, NONE, NONE, NONE)            \
    X(SAT_S8_FROM_U32, VAL, NONE, NONE, NONE) X(SAT_U8_FROM_U32, VAL, NONE, NONE, NONE)            \
    X(SAT_S8_FROM_S64, VAL, NONE, NONE, NONE) X(SAT_U8_FROM_S64, VAL, NONE, NONE, NONE)            \
    X(SAT_S8_FROM_U64, VAL, NONE, NONE, NONE) X(SAT_U8_FROM_U64, VAL, NONE, NONE, NONE)            \
    X(SAT_U16_FROM_S8, VAL, NONE, NONE, NONE) X(SAT_U16_FROM_S16, VAL, NONE, NONE, NONE)           \
    X(SAT_S16_FROM_U16, VAL, NONE, NONE, NONE) X(SAT_S16_FROM_S32, VAL, NONE, NONE, NONE)          \
    X(SAT_U16_FROM_S32, VAL, NONE, NONE, NONE) X(SAT_S16_FROM_U32, VAL, NONE, NONE, NONE)          \
    X(SAT_U16_FROM_U32, VAL, NONE, NONE, NONE) X(SAT_S16_FROM_S64, VAL, NONE, NONE, NONE)          \
    X(SAT_U16_FROM_S64, VAL, NONE, NONE, NONE) X(SAT_S16_FROM_U64, VAL, NONE, NONE, NONE)          \
    X(SAT_U16_FROM_U64, VAL, NONE, NONE, NONE) X(SAT_U32_FROM_S8, VAL, NONE, NONE, NONE)           \
    X(SAT_U32_FROM_S16, VAL, NONE, NONE, NONE) X(SAT_U32_FROM_S32, VAL, NONE, NONE, NONE)          \
    X(SAT_S32_FROM_U32, VAL, NONE, NONE, NONE) X(SAT_S32_FROM_S64, VAL, NONE, NONE, NONE)          \
    X(SAT_U32_FROM_S64, VAL, NONE, NONE, NONE) X(SAT_S32_FROM_U64, VAL, NONE, NONE, NONE)          \
    X(SAT_U32_FROM_U64, VAL, NONE, NONE, NONE) X(SAT_U64_FROM_S8, VAL, NONE, NONE, NONE)           \
    X(SAT_U64_FROM_S16, VAL, NONE, NONE, NONE) X(SAT_U64_FROM_S32, VAL, NONE, NONE, NONE)          \
    X(SAT_U64_FROM_S64, VAL, NONE, NONE, NONE) X(SAT_S64_FROM_U64, VAL, NONE, NONE, NONE)          \
    X(ABS_S16, VAL, NONE, NONE, NONE) X(ABS_S32, VAL, NONE, NONE, NONE)                            \
    X(ABS_S64, VAL, NONE, NONE, NONE) X(NEG_S16, VAL, NONE, NONE, NONE)                            \
    X(NEG_S32, VAL, NONE, NONE, NONE) X(NEG_S64, VAL, NONE, NONE, NONE)

enum P2mIntProbeOp {
#define P2M_PROBE_ENUM(NAME, C0, C1, C2, C3) P2M_IP_##NAME,
    P2M_INT_PROBE_OPS(P2M_PROBE_ENUM)
#undef P2M_PROBE_ENUM
    P2M_IP_COUNT
};

// Operations per stream and how many of the first results the probe also dumps raw.
#define P2M_PROBE_STREAM_LENGTH (1u << 18)
#define P2M_PROBE_RAW_LENGTH 8192u

P2M_PROBE_HD inline int p2m_probe_class(int op, int operand)
{
    switch (op) {
#define P2M_PROBE_CLASS(NAME, C0, C1, C2, C3)                                                      \
    case P2M_IP_##NAME: {                                                                          \
        const int classes[4] = {P2M_PROBE_##C0, P2M_PROBE_##C1, P2M_PROBE_##C2, P2M_PROBE_##C3};   \
        return classes[operand & 3];                                                               \
    }
        P2M_INT_PROBE_OPS(P2M_PROBE_CLASS)
#undef P2M_PROBE_CLASS
    default:
        return P2M_PROBE_NONE;
    }
}

// splitmix64's finaliser.
P2M_PROBE_HD inline p2m_probe_u64 p2m_probe_mix(p2m_probe_u64 z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

P2M_PROBE_HD inline p2m_probe_u64 p2m_probe_edge_value(unsigned k)
{
    switch (k % 32u) {
    case 0: return 0ull;
    case 1: return 1ull;
    case 2: return 2ull;
    case 3: return 3ull;
    case 4: return 0x7Full;
    case 5: return 0x80ull;
    case 6: return 0xFFull;
    case 7: return 0x100ull;
    case 8: return 0x7FFFull;
    case 9: return 0x8000ull;
    case 10: return 0xFFFFull;
    case 11: return 0x10000ull;
    case 12: return 0x7FFFFFull;
    case 13: return 0x800000ull;
    case 14: return 0xFFFFFFull;
    case 15: return 0x1000000ull;
    case 16: return 0x7FFFFFFFull;
    case 17: return 0x80000000ull;
    case 18: return 0xFFFFFFFFull;
    case 19: return 0x100000000ull;
    case 20: return 0x7FFFFFFFFFFFFFFFull;
    case 21: return 0x8000000000000000ull;
    case 22: return 0xFFFFFFFFFFFFFFFFull;
    case 23: return 0xFFFFFFFFFFFFFFFEull;
    case 24: return 0xFFFFFFFF80000000ull;
    case 25: return 0xFFFFFFFFFFFF8000ull;
    case 26: return 0xFFFFFFFFFFFFFF80ull;
    case 27: return 0xFFFFFFFF7FFFFFFFull;
    case 28: return 0xFF800000ull;
    case 29: return 0x80000001ull;
    case 30: return 0x8000000000000001ull;
    default: return 0xFFFF8000ull;
    }
}

P2M_PROBE_HD inline p2m_probe_u64 p2m_probe_edge_amount(unsigned k)
{
    switch (k % 24u) {
    case 0: return 0;
    case 1: return 1;
    case 2: return 7;
    case 3: return 8;
    case 4: return 15;
    case 5: return 16;
    case 6: return 17;
    case 7: return 31;
    case 8: return 32;
    case 9: return 33;
    case 10: return 63;
    case 11: return 64;
    case 12: return 65;
    case 13: return 127;
    case 14: return 128;
    case 15: return 255;
    case 16: return 256;
    case 17: return 257;
    case 18: return 0x11Full;
    case 19: return 0x80000000ull;
    case 20: return 0xFFFFFFFFull;
    case 21: return 0xFFFFFF00ull;
    case 22: return 0x10000020ull;
    default: return 0x7FFFFFFFull;
    }
}

// Operand `operand` of case `index` of operation `op`'s stream.
P2M_PROBE_HD inline p2m_probe_u64 p2m_probe_operand(int op, p2m_probe_u64 index, int operand)
{
    const p2m_probe_u64 x =
        p2m_probe_mix(index * 0x9E3779B97F4A7C15ull + (p2m_probe_u64)(op * 4 + operand + 1) * 0xD1B54A32D192ED03ull);
    const p2m_probe_u64 y = p2m_probe_mix(x + 0x632BE59BD9B4E019ull);
    const unsigned sel = (unsigned)(x & 15u);
    switch (p2m_probe_class(op, operand)) {
    case P2M_PROBE_VAL:
        if (sel < 6u)
            return y;
        if (sel < 8u)
            return (y & 63u) - 32u; // -32..31
        if (sel < 11u)
            return p2m_probe_edge_value((unsigned)y);
        if (sel < 13u) { // +-(2^k + {-1, 0, 1, 2})
            const p2m_probe_u64 v = (1ull << (y & 63u)) + ((y >> 6) & 3u) - 1u;
            return ((y >> 8) & 1u) ? 0ull - v : v;
        }
        if (sel < 14u)
            return y & p2m_probe_mix(y) & p2m_probe_mix(y + 1u); // sparse
        if (sel < 15u)
            return y | p2m_probe_mix(y) | p2m_probe_mix(y + 1u); // dense
        return (y & 0xFFFFull) * 0x0001000100010001ull;          // repeated 16-bit pattern
    case P2M_PROBE_AMT:
        if (sel < 6u)
            return y % 80u;
        if (sel < 9u)
            return y & 0xFFu;
        if (sel < 11u)
            return y % 300u;
        if (sel < 14u)
            return p2m_probe_edge_amount((unsigned)y);
        return y & 0xFFFFFFFFull;
    case P2M_PROBE_LUT:
        return y & 0xFFu;
    case P2M_PROBE_RND:
        return y;
    default:
        return 0;
    }
}

// The stream hash: the wrapping sum over the cases of a mix of (index, result), so that the
// GPU can accumulate it in any order.
P2M_PROBE_HD inline p2m_probe_u64 p2m_probe_hash_term(int op, p2m_probe_u64 index, p2m_probe_u64 result)
{
    return p2m_probe_mix(result ^ p2m_probe_mix(index + ((p2m_probe_u64)op << 40)));
}

#endif // P2M_TESTS_PROBES_INT_OPS_CASES_H
