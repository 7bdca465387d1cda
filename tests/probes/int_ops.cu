// Probe: PTX integer and bit instructions on the GPU, for emitters/msl/support/int_ops.h.
// Every instruction is inline PTX on run-time operands (generated on the device from
// int_ops_cases.h, so neither nvcc nor ptxas can fold them).
//
//   nvcc -O3 -arch=sm_90 -std=c++17 -o int_ops int_ops.cu && ./int_ops OUTDIR
//
// Writes to OUTDIR:
//   int_ops_hashes.inc  per operation, the hash of its 2^18-case stream (int_ops_cases.h)
//   int_ops_edges.inc   hand-picked edge cases: {op, a, b, c, d, result}
//   int_ops_raw.bin     the first P2M_PROBE_RAW_LENGTH results of every stream (u64 each,
//                       operation-major), for diagnosing a hash mismatch
#include "int_ops_cases.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;

#define CHECK(x)                                                                                   \
    do {                                                                                           \
        cudaError_t e_ = (x);                                                                      \
        if (e_ != cudaSuccess) {                                                                   \
            std::fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_));                          \
            std::exit(1);                                                                          \
        }                                                                                          \
    } while (0)

template <int L>
__device__ u32 lop3_fixed(u32 a, u32 b, u32 c)
{
    u32 d;
    asm volatile("lop3.b32 %0, %1, %2, %3, %4;" : "=r"(d) : "r"(a), "r"(b), "r"(c), "n"(L));
    return d;
}

// lop3 needs an immediate truth table: one instantiation per table.
__device__ u32 lop3_any(u32 a, u32 b, u32 c, u32 lut)
{
    switch (lut & 255u) {
#define L1(n) case n: return lop3_fixed<n>(a, b, c);
#define L4(n) L1(n) L1(n + 1) L1(n + 2) L1(n + 3)
#define L16(n) L4(n) L4(n + 4) L4(n + 8) L4(n + 12)
#define L64(n) L16(n) L16(n + 16) L16(n + 32) L16(n + 48)
        L64(0) L64(64) L64(128) L64(192)
#undef L1
#undef L4
#undef L16
#undef L64
    }
    return 0;
}

// Operand shapes: d = OP a, b[, c[, d]] with h = 16-bit, r = 32-bit, l = 64-bit registers.
#define H(x) ((u16)(x))
#define R(x) ((u32)(x))
#define L(x) ((u64)(x))
#define ASM2(T, DC, ins, C0, X0)                                                                   \
    {                                                                                              \
        T d_;                                                                                      \
        asm volatile(ins " %0, %1;" : "=" DC(d_) : C0(X0));                                         \
        return (u64)d_;                                                                            \
    }
#define ASM3(T, DC, ins, C0, X0, C1, X1)                                                           \
    {                                                                                              \
        T d_;                                                                                      \
        asm volatile(ins " %0, %1, %2;" : "=" DC(d_) : C0(X0), C1(X1));                             \
        return (u64)d_;                                                                            \
    }
#define ASM4(T, DC, ins, C0, X0, C1, X1, C2, X2)                                                   \
    {                                                                                              \
        T d_;                                                                                      \
        asm volatile(ins " %0, %1, %2, %3;" : "=" DC(d_) : C0(X0), C1(X1), C2(X2));                 \
        return (u64)d_;                                                                            \
    }
#define ASM5(T, DC, ins, C0, X0, C1, X1, C2, X2, C3, X3)                                           \
    {                                                                                              \
        T d_;                                                                                      \
        asm volatile(ins " %0, %1, %2, %3, %4;" : "=" DC(d_) : C0(X0), C1(X1), C2(X2), C3(X3));     \
        return (u64)d_;                                                                            \
    }
// cvt.sat: 8/16/32-bit values in 32-bit registers; the result keeps the destination's bits.
#define CVT(ins, mask, SC, SX, DC, T)                                                              \
    {                                                                                              \
        T d_;                                                                                      \
        asm volatile(ins " %0, %1;" : "=" DC(d_) : SC(SX));                                         \
        return (u64)d_ & (mask);                                                                   \
    }
#define CVT_R(ins, mask) CVT(ins, mask, "r", R(a), "r", u32)
#define CVT_RL(ins, mask) CVT(ins, mask, "l", L(a), "r", u32)
#define CVT_LR(ins) CVT(ins, ~0ull, "r", R(a), "l", u64)
#define CVT_LL(ins) CVT(ins, ~0ull, "l", L(a), "l", u64)

__device__ u64 eval(int op, u64 a, u64 b, u64 c, u64 e)
{
    switch (op) {
    case P2M_IP_SHL_B16: ASM3(u16, "h", "shl.b16", "h", H(a), "r", R(b))
    case P2M_IP_SHL_B32: ASM3(u32, "r", "shl.b32", "r", R(a), "r", R(b))
    case P2M_IP_SHL_B64: ASM3(u64, "l", "shl.b64", "l", L(a), "r", R(b))
    case P2M_IP_SHR_U16: ASM3(u16, "h", "shr.u16", "h", H(a), "r", R(b))
    case P2M_IP_SHR_U32: ASM3(u32, "r", "shr.u32", "r", R(a), "r", R(b))
    case P2M_IP_SHR_U64: ASM3(u64, "l", "shr.u64", "l", L(a), "r", R(b))
    case P2M_IP_SHR_S16: ASM3(u16, "h", "shr.s16", "h", H(a), "r", R(b))
    case P2M_IP_SHR_S32: ASM3(u32, "r", "shr.s32", "r", R(a), "r", R(b))
    case P2M_IP_SHR_S64: ASM3(u64, "l", "shr.s64", "l", L(a), "r", R(b))
    case P2M_IP_SHF_L_WRAP_B32: ASM4(u32, "r", "shf.l.wrap.b32", "r", R(a), "r", R(b), "r", R(c))
    case P2M_IP_SHF_L_CLAMP_B32: ASM4(u32, "r", "shf.l.clamp.b32", "r", R(a), "r", R(b), "r", R(c))
    case P2M_IP_SHF_R_WRAP_B32: ASM4(u32, "r", "shf.r.wrap.b32", "r", R(a), "r", R(b), "r", R(c))
    case P2M_IP_SHF_R_CLAMP_B32: ASM4(u32, "r", "shf.r.clamp.b32", "r", R(a), "r", R(b), "r", R(c))
    case P2M_IP_BFE_U32: ASM4(u32, "r", "bfe.u32", "r", R(a), "r", R(b), "r", R(c))
    case P2M_IP_BFE_S32: ASM4(u32, "r", "bfe.s32", "r", R(a), "r", R(b), "r", R(c))
    case P2M_IP_BFE_U64: ASM4(u64, "l", "bfe.u64", "l", L(a), "r", R(b), "r", R(c))
    case P2M_IP_BFE_S64: ASM4(u64, "l", "bfe.s64", "l", L(a), "r", R(b), "r", R(c))
    case P2M_IP_BFI_B32: ASM5(u32, "r", "bfi.b32", "r", R(a), "r", R(b), "r", R(c), "r", R(e))
    case P2M_IP_BFI_B64: ASM5(u64, "l", "bfi.b64", "l", L(a), "l", L(b), "r", R(c), "r", R(e))
    case P2M_IP_PRMT_B32: ASM4(u32, "r", "prmt.b32", "r", R(a), "r", R(b), "r", R(c))
    case P2M_IP_PRMT_F4E_B32: ASM4(u32, "r", "prmt.b32.f4e", "r", R(a), "r", R(b), "r", R(c))
    case P2M_IP_PRMT_B4E_B32: ASM4(u32, "r", "prmt.b32.b4e", "r", R(a), "r", R(b), "r", R(c))
    case P2M_IP_PRMT_RC8_B32: ASM4(u32, "r", "prmt.b32.rc8", "r", R(a), "r", R(b), "r", R(c))
    case P2M_IP_PRMT_ECL_B32: ASM4(u32, "r", "prmt.b32.ecl", "r", R(a), "r", R(b), "r", R(c))
    case P2M_IP_PRMT_ECR_B32: ASM4(u32, "r", "prmt.b32.ecr", "r", R(a), "r", R(b), "r", R(c))
    case P2M_IP_PRMT_RC16_B32: ASM4(u32, "r", "prmt.b32.rc16", "r", R(a), "r", R(b), "r", R(c))
    case P2M_IP_LOP3_B32: return lop3_any(R(a), R(b), R(c), R(e));
    case P2M_IP_BMSK_CLAMP_B32: ASM3(u32, "r", "bmsk.clamp.b32", "r", R(a), "r", R(b))
    case P2M_IP_BMSK_WRAP_B32: ASM3(u32, "r", "bmsk.wrap.b32", "r", R(a), "r", R(b))
    case P2M_IP_SZEXT_CLAMP_S32: ASM3(u32, "r", "szext.clamp.s32", "r", R(a), "r", R(b))
    case P2M_IP_SZEXT_WRAP_S32: ASM3(u32, "r", "szext.wrap.s32", "r", R(a), "r", R(b))
    case P2M_IP_SZEXT_CLAMP_U32: ASM3(u32, "r", "szext.clamp.u32", "r", R(a), "r", R(b))
    case P2M_IP_SZEXT_WRAP_U32: ASM3(u32, "r", "szext.wrap.u32", "r", R(a), "r", R(b))
    case P2M_IP_BFIND_U32: ASM2(u32, "r", "bfind.u32", "r", R(a))
    case P2M_IP_BFIND_S32: ASM2(u32, "r", "bfind.s32", "r", R(a))
    case P2M_IP_BFIND_U64: ASM2(u32, "r", "bfind.u64", "l", L(a))
    case P2M_IP_BFIND_S64: ASM2(u32, "r", "bfind.s64", "l", L(a))
    case P2M_IP_BFIND_SHIFTAMT_U32: ASM2(u32, "r", "bfind.shiftamt.u32", "r", R(a))
    case P2M_IP_BFIND_SHIFTAMT_S32: ASM2(u32, "r", "bfind.shiftamt.s32", "r", R(a))
    case P2M_IP_BFIND_SHIFTAMT_U64: ASM2(u32, "r", "bfind.shiftamt.u64", "l", L(a))
    case P2M_IP_BFIND_SHIFTAMT_S64: ASM2(u32, "r", "bfind.shiftamt.s64", "l", L(a))
    case P2M_IP_BREV_B32: ASM2(u32, "r", "brev.b32", "r", R(a))
    case P2M_IP_BREV_B64: ASM2(u64, "l", "brev.b64", "l", L(a))
    case P2M_IP_POPC_B32: ASM2(u32, "r", "popc.b32", "r", R(a))
    case P2M_IP_POPC_B64: ASM2(u32, "r", "popc.b64", "l", L(a))
    case P2M_IP_CLZ_B32: ASM2(u32, "r", "clz.b32", "r", R(a))
    case P2M_IP_CLZ_B64: ASM2(u32, "r", "clz.b64", "l", L(a))
    case P2M_IP_MUL_HI_U16: ASM3(u16, "h", "mul.hi.u16", "h", H(a), "h", H(b))
    case P2M_IP_MUL_HI_S16: ASM3(u16, "h", "mul.hi.s16", "h", H(a), "h", H(b))
    case P2M_IP_MUL_HI_U32: ASM3(u32, "r", "mul.hi.u32", "r", R(a), "r", R(b))
    case P2M_IP_MUL_HI_S32: ASM3(u32, "r", "mul.hi.s32", "r", R(a), "r", R(b))
    case P2M_IP_MUL_HI_U64: ASM3(u64, "l", "mul.hi.u64", "l", L(a), "l", L(b))
    case P2M_IP_MUL_HI_S64: ASM3(u64, "l", "mul.hi.s64", "l", L(a), "l", L(b))
    case P2M_IP_MUL_WIDE_U16: ASM3(u32, "r", "mul.wide.u16", "h", H(a), "h", H(b))
    case P2M_IP_MUL_WIDE_S16: ASM3(u32, "r", "mul.wide.s16", "h", H(a), "h", H(b))
    case P2M_IP_MUL_WIDE_U32: ASM3(u64, "l", "mul.wide.u32", "r", R(a), "r", R(b))
    case P2M_IP_MUL_WIDE_S32: ASM3(u64, "l", "mul.wide.s32", "r", R(a), "r", R(b))
    case P2M_IP_MUL24_LO_U32: ASM3(u32, "r", "mul24.lo.u32", "r", R(a), "r", R(b))
    case P2M_IP_MUL24_LO_S32: ASM3(u32, "r", "mul24.lo.s32", "r", R(a), "r", R(b))
    case P2M_IP_MUL24_HI_U32: ASM3(u32, "r", "mul24.hi.u32", "r", R(a), "r", R(b))
    case P2M_IP_MUL24_HI_S32: ASM3(u32, "r", "mul24.hi.s32", "r", R(a), "r", R(b))
    case P2M_IP_MAD_HI_SAT_S32: ASM4(u32, "r", "mad.hi.sat.s32", "r", R(a), "r", R(b), "r", R(c))
    case P2M_IP_ADD_SAT_S32: ASM3(u32, "r", "add.sat.s32", "r", R(a), "r", R(b))
    case P2M_IP_SUB_SAT_S32: ASM3(u32, "r", "sub.sat.s32", "r", R(a), "r", R(b))
    case P2M_IP_SAD_U16: ASM4(u16, "h", "sad.u16", "h", H(a), "h", H(b), "h", H(c))
    case P2M_IP_SAD_S16: ASM4(u16, "h", "sad.s16", "h", H(a), "h", H(b), "h", H(c))
    case P2M_IP_SAD_U32: ASM4(u32, "r", "sad.u32", "r", R(a), "r", R(b), "r", R(c))
    case P2M_IP_SAD_S32: ASM4(u32, "r", "sad.s32", "r", R(a), "r", R(b), "r", R(c))
    case P2M_IP_SAD_U64: ASM4(u64, "l", "sad.u64", "l", L(a), "l", L(b), "l", L(c))
    case P2M_IP_SAD_S64: ASM4(u64, "l", "sad.s64", "l", L(a), "l", L(b), "l", L(c))
    case P2M_IP_DIV_U16: ASM3(u16, "h", "div.u16", "h", H(a), "h", H(b))
    case P2M_IP_DIV_S16: ASM3(u16, "h", "div.s16", "h", H(a), "h", H(b))
    case P2M_IP_DIV_U32: ASM3(u32, "r", "div.u32", "r", R(a), "r", R(b))
    case P2M_IP_DIV_S32: ASM3(u32, "r", "div.s32", "r", R(a), "r", R(b))
    case P2M_IP_DIV_U64: ASM3(u64, "l", "div.u64", "l", L(a), "l", L(b))
    case P2M_IP_DIV_S64: ASM3(u64, "l", "div.s64", "l", L(a), "l", L(b))
    case P2M_IP_REM_U16: ASM3(u16, "h", "rem.u16", "h", H(a), "h", H(b))
    case P2M_IP_REM_S16: ASM3(u16, "h", "rem.s16", "h", H(a), "h", H(b))
    case P2M_IP_REM_U32: ASM3(u32, "r", "rem.u32", "r", R(a), "r", R(b))
    case P2M_IP_REM_S32: ASM3(u32, "r", "rem.s32", "r", R(a), "r", R(b))
    case P2M_IP_REM_U64: ASM3(u64, "l", "rem.u64", "l", L(a), "l", L(b))
    case P2M_IP_REM_S64: ASM3(u64, "l", "rem.s64", "l", L(a), "l", L(b))
    case P2M_IP_DP4A_U32_U32: ASM4(u32, "r", "dp4a.u32.u32", "r", R(a), "r", R(b), "r", R(c))
    case P2M_IP_DP4A_U32_S32: ASM4(u32, "r", "dp4a.u32.s32", "r", R(a), "r", R(b), "r", R(c))
    case P2M_IP_DP4A_S32_U32: ASM4(u32, "r", "dp4a.s32.u32", "r", R(a), "r", R(b), "r", R(c))
    case P2M_IP_DP4A_S32_S32: ASM4(u32, "r", "dp4a.s32.s32", "r", R(a), "r", R(b), "r", R(c))
    case P2M_IP_DP2A_LO_U32_U32: ASM4(u32, "r", "dp2a.lo.u32.u32", "r", R(a), "r", R(b), "r", R(c))
    case P2M_IP_DP2A_LO_U32_S32: ASM4(u32, "r", "dp2a.lo.u32.s32", "r", R(a), "r", R(b), "r", R(c))
    case P2M_IP_DP2A_LO_S32_U32: ASM4(u32, "r", "dp2a.lo.s32.u32", "r", R(a), "r", R(b), "r", R(c))
    case P2M_IP_DP2A_LO_S32_S32: ASM4(u32, "r", "dp2a.lo.s32.s32", "r", R(a), "r", R(b), "r", R(c))
    case P2M_IP_DP2A_HI_U32_U32: ASM4(u32, "r", "dp2a.hi.u32.u32", "r", R(a), "r", R(b), "r", R(c))
    case P2M_IP_DP2A_HI_U32_S32: ASM4(u32, "r", "dp2a.hi.u32.s32", "r", R(a), "r", R(b), "r", R(c))
    case P2M_IP_DP2A_HI_S32_U32: ASM4(u32, "r", "dp2a.hi.s32.u32", "r", R(a), "r", R(b), "r", R(c))
    case P2M_IP_DP2A_HI_S32_S32: ASM4(u32, "r", "dp2a.hi.s32.s32", "r", R(a), "r", R(b), "r", R(c))
    case P2M_IP_SAT_U8_FROM_S8: CVT_R("cvt.sat.u8.s8", 0xFFu)
    case P2M_IP_SAT_S8_FROM_U8: CVT_R("cvt.sat.s8.u8", 0xFFu)
    case P2M_IP_SAT_S8_FROM_S16: CVT_R("cvt.sat.s8.s16", 0xFFu)
    case P2M_IP_SAT_U8_FROM_S16: CVT_R("cvt.sat.u8.s16", 0xFFu)
    case P2M_IP_SAT_S8_FROM_U16: CVT_R("cvt.sat.s8.u16", 0xFFu)
    case P2M_IP_SAT_U8_FROM_U16: CVT_R("cvt.sat.u8.u16", 0xFFu)
    case P2M_IP_SAT_S8_FROM_S32: CVT_R("cvt.sat.s8.s32", 0xFFu)
    case P2M_IP_SAT_U8_FROM_S32: CVT_R("cvt.sat.u8.s32", 0xFFu)
    case P2M_IP_SAT_S8_FROM_U32: CVT_R("cvt.sat.s8.u32", 0xFFu)
    case P2M_IP_SAT_U8_FROM_U32: CVT_R("cvt.sat.u8.u32", 0xFFu)
    case P2M_IP_SAT_S8_FROM_S64: CVT_RL("cvt.sat.s8.s64", 0xFFu)
    case P2M_IP_SAT_U8_FROM_S64: CVT_RL("cvt.sat.u8.s64", 0xFFu)
    case P2M_IP_SAT_S8_FROM_U64: CVT_RL("cvt.sat.s8.u64", 0xFFu)
    case P2M_IP_SAT_U8_FROM_U64: CVT_RL("cvt.sat.u8.u64", 0xFFu)
    case P2M_IP_SAT_U16_FROM_S8: CVT_R("cvt.sat.u16.s8", 0xFFFFu)
    case P2M_IP_SAT_U16_FROM_S16: CVT_R("cvt.sat.u16.s16", 0xFFFFu)
    case P2M_IP_SAT_S16_FROM_U16: CVT_R("cvt.sat.s16.u16", 0xFFFFu)
    case P2M_IP_SAT_S16_FROM_S32: CVT_R("cvt.sat.s16.s32", 0xFFFFu)
    case P2M_IP_SAT_U16_FROM_S32: CVT_R("cvt.sat.u16.s32", 0xFFFFu)
    case P2M_IP_SAT_S16_FROM_U32: CVT_R("cvt.sat.s16.u32", 0xFFFFu)
    case P2M_IP_SAT_U16_FROM_U32: CVT_R("cvt.sat.u16.u32", 0xFFFFu)
    case P2M_IP_SAT_S16_FROM_S64: CVT_RL("cvt.sat.s16.s64", 0xFFFFu)
    case P2M_IP_SAT_U16_FROM_S64: CVT_RL("cvt.sat.u16.s64", 0xFFFFu)
    case P2M_IP_SAT_S16_FROM_U64: CVT_RL("cvt.sat.s16.u64", 0xFFFFu)
    case P2M_IP_SAT_U16_FROM_U64: CVT_RL("cvt.sat.u16.u64", 0xFFFFu)
    case P2M_IP_SAT_U32_FROM_S8: CVT_R("cvt.sat.u32.s8", 0xFFFFFFFFu)
    case P2M_IP_SAT_U32_FROM_S16: CVT_R("cvt.sat.u32.s16", 0xFFFFFFFFu)
    case P2M_IP_SAT_U32_FROM_S32: CVT_R("cvt.sat.u32.s32", 0xFFFFFFFFu)
    case P2M_IP_SAT_S32_FROM_U32: CVT_R("cvt.sat.s32.u32", 0xFFFFFFFFu)
    case P2M_IP_SAT_S32_FROM_S64: CVT_RL("cvt.sat.s32.s64", 0xFFFFFFFFu)
    case P2M_IP_SAT_U32_FROM_S64: CVT_RL("cvt.sat.u32.s64", 0xFFFFFFFFu)
    case P2M_IP_SAT_S32_FROM_U64: CVT_RL("cvt.sat.s32.u64", 0xFFFFFFFFu)
    case P2M_IP_SAT_U32_FROM_U64: CVT_RL("cvt.sat.u32.u64", 0xFFFFFFFFu)
    case P2M_IP_SAT_U64_FROM_S8: CVT_LR("cvt.sat.u64.s8")
    case P2M_IP_SAT_U64_FROM_S16: CVT_LR("cvt.sat.u64.s16")
    case P2M_IP_SAT_U64_FROM_S32: CVT_LR("cvt.sat.u64.s32")
    case P2M_IP_SAT_U64_FROM_S64: CVT_LL("cvt.sat.u64.s64")
    case P2M_IP_SAT_S64_FROM_U64: CVT_LL("cvt.sat.s64.u64")
    case P2M_IP_ABS_S16: ASM2(u16, "h", "abs.s16", "h", H(a))
    case P2M_IP_ABS_S32: ASM2(u32, "r", "abs.s32", "r", R(a))
    case P2M_IP_ABS_S64: ASM2(u64, "l", "abs.s64", "l", L(a))
    case P2M_IP_NEG_S16: ASM2(u16, "h", "neg.s16", "h", H(a))
    case P2M_IP_NEG_S32: ASM2(u32, "r", "neg.s32", "r", R(a))
    case P2M_IP_NEG_S64: ASM2(u64, "l", "neg.s64", "l", L(a))
    default: return 0xDEADDEADDEADDEADull;
    }
}

// One operation's stream: hash every case, keep the first raw results.
__global__ void streamKernel(int op, u64 *hash, u64 *raw)
{
    const u32 i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= P2M_PROBE_STREAM_LENGTH)
        return;
    const u64 r = eval(op, p2m_probe_operand(op, i, 0), p2m_probe_operand(op, i, 1),
                       p2m_probe_operand(op, i, 2), p2m_probe_operand(op, i, 3));
    atomicAdd(hash, p2m_probe_hash_term(op, i, r));
    if (i < P2M_PROBE_RAW_LENGTH)
        raw[i] = r;
}

struct Edge {
    int op;
    u64 in[4];
};

__global__ void edgeKernel(const Edge *cases, u64 *out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = eval(cases[i].op, cases[i].in[0], cases[i].in[1], cases[i].in[2], cases[i].in[3]);
}

static const char *opName(int op)
{
    static const char *names[] = {
#define NAME(N, C0, C1, C2, C3) "P2M_IP_" #N,
        P2M_INT_PROBE_OPS(NAME)
#undef NAME
    };
    return names[op];
}

// The hand-picked edge cases (values are truncated by each operation to its width).
static std::vector<Edge> edgeCases()
{
    std::vector<Edge> v;
    auto add = [&](int op, u64 a, u64 b = 0, u64 c = 0, u64 d = 0) { v.push_back({op, {a, b, c, d}}); };
    const u64 amounts[] = {0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 255, 256, 257, 0x80000000ull, 0xFFFFFFFFull};
    const u64 fields[] = {0, 1, 8, 31, 32, 33, 63, 64, 65, 255, 256, 0xFFFFFF20ull};
    // Shifts: a negative and a positive value of every width.
    for (int op = P2M_IP_SHL_B16; op <= P2M_IP_SHR_S64; ++op)
        for (u64 n : amounts) {
            add(op, 0x8000000180008001ull, n);
            add(op, 0x7FFFFFFE7FFE7FFEull, n);
        }
    for (int op = P2M_IP_SHF_L_WRAP_B32; op <= P2M_IP_SHF_R_CLAMP_B32; ++op)
        for (u64 n : amounts)
            add(op, 0x89ABCDEFull, 0x01234567ull, n);
    for (int op = P2M_IP_BFE_U32; op <= P2M_IP_BFE_S64; ++op)
        for (u64 p : fields)
            for (u64 l : fields)
                add(op, 0x8F0F00F0F00F00F1ull, p, l);
    for (int op = P2M_IP_BFI_B32; op <= P2M_IP_BFI_B64; ++op)
        for (u64 p : fields)
            for (u64 l : fields)
                add(op, ~0ull, 0x0123456789ABCDEFull, p, l);
    const u64 selectors[] = {0x3210, 0x7654, 0x0000, 0x8888, 0xFEDC, 0xBA98, 0x4C1F, 0x1, 0x2, 0x3,
                             0xFFFF0001ull, 0x12345672ull, 0xFFFFFFFFull, 0x80000003ull, 0x5D0A, 0xE3B6};
    for (int op = P2M_IP_PRMT_B32; op <= P2M_IP_PRMT_RC16_B32; ++op)
        for (u64 s : selectors)
            add(op, 0x7F8001FEull, 0xC43BA259ull, s);
    const u64 luts[] = {0x00, 0xFF, 0xF0, 0xCC, 0xAA, 0x96, 0xE8, 0x80, 0x01, 0x1E, 0xCA, 0x6A};
    for (u64 l : luts)
        add(P2M_IP_LOP3_B32, 0xF0F0F0F0ull, 0xCCCCCCCCull, 0xAAAAAAAAull, l);
    const u64 masks[] = {0, 1, 2, 16, 30, 31, 32, 33, 63, 64, 255, 256, 0xFFFFFFFFull};
    for (int op = P2M_IP_BMSK_CLAMP_B32; op <= P2M_IP_BMSK_WRAP_B32; ++op)
        for (u64 a : masks)
            for (u64 b : masks)
                add(op, a, b);
    for (int op = P2M_IP_SZEXT_CLAMP_S32; op <= P2M_IP_SZEXT_WRAP_U32; ++op) {
        for (u64 b = 0; b <= 33; ++b)
            add(op, 0x8BCDEF57ull, b);
        for (u64 b : {63ull, 64ull, 65ull, 255ull, 256ull, 0x80000000ull, 0xFFFFFFFFull, 0xFFFFFFE1ull})
            add(op, 0x8BCDEF57ull, b);
    }
    const u64 scans[] = {0, 1, 2, 0x7FFFFFFFull, 0x80000000ull, 0xFFFFFFFFull, 0xFFFFFFFEull,
                         ~0ull, 0x8000000000000000ull, 0x7FFFFFFFFFFFFFFFull, 0x100000000ull, ~1ull};
    for (int op = P2M_IP_BFIND_U32; op <= P2M_IP_CLZ_B64; ++op)
        for (u64 a : scans)
            add(op, a);
    const u64 m24[] = {0x00FFFFFFull, 0x00800000ull, 0xFF800000ull, 0x01000001ull, 0xFFFFFFFFull, 0x7FFFFFFFull, 0x12345678ull};
    for (int op = P2M_IP_MUL24_LO_U32; op <= P2M_IP_MUL24_HI_S32; ++op)
        for (u64 a : m24)
            for (u64 b : m24)
                add(op, a, b);
    const u64 ext32[] = {0x80000000ull, 0x7FFFFFFFull, 0xFFFFFFFFull, 1, 0x10000};
    const u64 add32[] = {0x80000000ull, 0x7FFFFFFFull, 0xFFFFFFFFull, 0, 1};
    for (u64 a : ext32)
        for (u64 b : ext32)
            for (u64 c : add32)
                add(P2M_IP_MAD_HI_SAT_S32, a, b, c);
    for (int op = P2M_IP_ADD_SAT_S32; op <= P2M_IP_SUB_SAT_S32; ++op)
        for (u64 a : add32)
            for (u64 b : add32)
                add(op, a, b);
    // Division: every dividend sign and extreme of every width, by 0, -1 (all ones) and 1.
    const u64 dividends[] = {0, 1, ~0ull, 7, 0ull - 7, 0x7FFF, 0xFFFFFFFFFFFF8000ull, 0x8000,
                             0x7FFFFFFF, 0xFFFFFFFF80000000ull, 0x80000000ull, 0x7FFFFFFFFFFFFFFFull,
                             0x8000000000000000ull, 0x123456789ABCDEF0ull};
    for (int op = P2M_IP_DIV_U16; op <= P2M_IP_REM_S64; ++op)
        for (u64 a : dividends)
            for (u64 b : {0ull, ~0ull, 1ull})
                add(op, a, b);
    const u64 sats[] = {0, 1, 0x7F, 0x80, 0xFF, 0x100, 0x7FFF, 0x8000, 0xFFFF, 0x7FFFFFFFull, 0x80000000ull,
                        0xFFFFFFFFull, 0x7FFFFFFFFFFFFFFFull, 0x8000000000000000ull, ~0ull, 0xFFFFFFFF00000000ull};
    for (int op = P2M_IP_SAT_U8_FROM_S8; op <= P2M_IP_SAT_S64_FROM_U64; ++op)
        for (u64 a : sats)
            add(op, a);
    for (int op = P2M_IP_ABS_S16; op <= P2M_IP_NEG_S64; ++op)
        for (u64 a : {0ull, 1ull, ~0ull, 0x8000ull, 0x80000000ull, 0x8000000000000000ull})
            add(op, a);
    return v;
}

int main(int argc, char **argv)
{
    const std::string dir = argc > 1 ? argv[1] : ".";
    cudaDeviceProp prop;
    CHECK(cudaGetDeviceProperties(&prop, 0));
    int driver = 0, runtime = 0;
    CHECK(cudaDriverGetVersion(&driver));
    CHECK(cudaRuntimeGetVersion(&runtime));
    std::printf("device %s (sm_%d%d), driver API %d, runtime %d\n", prop.name, prop.major, prop.minor,
                driver, runtime);

    // Streams.
    u64 *dHash, *dRaw;
    CHECK(cudaMalloc(&dHash, sizeof(u64) * P2M_IP_COUNT));
    CHECK(cudaMemset(dHash, 0, sizeof(u64) * P2M_IP_COUNT));
    CHECK(cudaMalloc(&dRaw, sizeof(u64) * P2M_IP_COUNT * P2M_PROBE_RAW_LENGTH));
    for (int op = 0; op < P2M_IP_COUNT; ++op)
        streamKernel<<<P2M_PROBE_STREAM_LENGTH / 256, 256>>>(op, dHash + op, dRaw + (size_t)op * P2M_PROBE_RAW_LENGTH);
    CHECK(cudaDeviceSynchronize());
    std::vector<u64> hash(P2M_IP_COUNT), raw((size_t)P2M_IP_COUNT * P2M_PROBE_RAW_LENGTH);
    CHECK(cudaMemcpy(hash.data(), dHash, sizeof(u64) * hash.size(), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(raw.data(), dRaw, sizeof(u64) * raw.size(), cudaMemcpyDeviceToHost));

    FILE *f = std::fopen((dir + "/int_ops_hashes.inc").c_str(), "w");
    for (int op = 0; op < P2M_IP_COUNT; ++op)
        std::fprintf(f, "{%s, 0x%016llXull},\n", opName(op), hash[op]);
    std::fclose(f);
    f = std::fopen((dir + "/int_ops_raw.bin").c_str(), "wb");
    std::fwrite(raw.data(), sizeof(u64), raw.size(), f);
    std::fclose(f);

    // Edge cases.
    const std::vector<Edge> cases = edgeCases();
    Edge *dCases;
    u64 *dOut;
    CHECK(cudaMalloc(&dCases, sizeof(Edge) * cases.size()));
    CHECK(cudaMalloc(&dOut, sizeof(u64) * cases.size()));
    CHECK(cudaMemcpy(dCases, cases.data(), sizeof(Edge) * cases.size(), cudaMemcpyHostToDevice));
    edgeKernel<<<(unsigned)(cases.size() + 127) / 128, 128>>>(dCases, dOut, (int)cases.size());
    CHECK(cudaDeviceSynchronize());
    std::vector<u64> out(cases.size());
    CHECK(cudaMemcpy(out.data(), dOut, sizeof(u64) * out.size(), cudaMemcpyDeviceToHost));
    f = std::fopen((dir + "/int_ops_edges.inc").c_str(), "w");
    for (size_t i = 0; i < cases.size(); ++i)
        std::fprintf(f, "{%s, 0x%llX, 0x%llX, 0x%llX, 0x%llX, 0x%llX},\n", opName(cases[i].op),
                     cases[i].in[0], cases[i].in[1], cases[i].in[2], cases[i].in[3], out[i]);
    std::fclose(f);
    std::printf("%d streams of %u cases, %zu edge cases\n", (int)P2M_IP_COUNT, P2M_PROBE_STREAM_LENGTH,
                cases.size());
    return 0;
}
