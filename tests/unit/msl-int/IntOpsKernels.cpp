// emitters/msl/support/int_ops.h compiled as the host backend compiles generated MSL (C++17,
// host metal_stdlib), behind a dispatcher (IntOpsKernels.h) in the namespace P2M_INT_KERNELS_NS
// names. No system header may be included: metal_stdlib defines device, constant, thread,
// threadgroup and kernel as macros.
#include <metal_stdlib>
using namespace metal;

#include "emitters/msl/support/int_ops.h"

#include "tests/probes/int_ops_cases.h"
#include "IntOpsKernels.h"

#ifndef P2M_INT_KERNELS_NS
#error "define P2M_INT_KERNELS_NS (builtin)"
#endif

namespace p2m::inttest::P2M_INT_KERNELS_NS {

// Operands: the low bits of the 64-bit pattern as the parameter type.
#define S8(x) ((char)(uchar)(x))
#define U8(x) ((uchar)(x))
#define S16(x) ((short)(ushort)(x))
#define U16(x) ((ushort)(x))
#define S32(x) ((int)(uint)(x))
#define U32(x) ((uint)(x))
#define S64(x) ((long)(ulong)(x))
#define U64(x) ((ulong)(x))
// Results: the bits of the result type, zero-extended.
#define R8(x) ((unsigned long long)(uchar)(x))
#define R16(x) ((unsigned long long)(ushort)(x))
#define R32(x) ((unsigned long long)(uint)(x))
#define R64(x) ((unsigned long long)(ulong)(x))

unsigned long long evalHeader(int op, unsigned long long a, unsigned long long b, unsigned long long c,
                              unsigned long long d)
{
    switch (op) {
    case P2M_IP_SHL_B16: return R16(p2m_shl_b16(U16(a), U32(b)));
    case P2M_IP_SHL_B32: return R32(p2m_shl_b32(U32(a), U32(b)));
    case P2M_IP_SHL_B64: return R64(p2m_shl_b64(U64(a), U32(b)));
    case P2M_IP_SHR_U16: return R16(p2m_shr_u16(U16(a), U32(b)));
    case P2M_IP_SHR_U32: return R32(p2m_shr_u32(U32(a), U32(b)));
    case P2M_IP_SHR_U64: return R64(p2m_shr_u64(U64(a), U32(b)));
    case P2M_IP_SHR_S16: return R16(p2m_shr_s16(S16(a), U32(b)));
    case P2M_IP_SHR_S32: return R32(p2m_shr_s32(S32(a), U32(b)));
    case P2M_IP_SHR_S64: return R64(p2m_shr_s64(S64(a), U32(b)));
    case P2M_IP_SHF_L_WRAP_B32: return R32(p2m_shf_l_wrap_b32(U32(a), U32(b), U32(c)));
    case P2M_IP_SHF_L_CLAMP_B32: return R32(p2m_shf_l_clamp_b32(U32(a), U32(b), U32(c)));
    case P2M_IP_SHF_R_WRAP_B32: return R32(p2m_shf_r_wrap_b32(U32(a), U32(b), U32(c)));
    case P2M_IP_SHF_R_CLAMP_B32: return R32(p2m_shf_r_clamp_b32(U32(a), U32(b), U32(c)));
    case P2M_IP_BFE_U32: return R32(p2m_bfe_u32(U32(a), U32(b), U32(c)));
    case P2M_IP_BFE_S32: return R32(p2m_bfe_s32(S32(a), U32(b), U32(c)));
    case P2M_IP_BFE_U64: return R64(p2m_bfe_u64(U64(a), U32(b), U32(c)));
    case P2M_IP_BFE_S64: return R64(p2m_bfe_s64(S64(a), U32(b), U32(c)));
    case P2M_IP_BFI_B32: return R32(p2m_bfi_b32(U32(a), U32(b), U32(c), U32(d)));
    case P2M_IP_BFI_B64: return R64(p2m_bfi_b64(U64(a), U64(b), U32(c), U32(d)));
    case P2M_IP_PRMT_B32: return R32(p2m_prmt_b32(U32(a), U32(b), U32(c)));
    case P2M_IP_PRMT_F4E_B32: return R32(p2m_prmt_f4e_b32(U32(a), U32(b), U32(c)));
    case P2M_IP_PRMT_B4E_B32: return R32(p2m_prmt_b4e_b32(U32(a), U32(b), U32(c)));
    case P2M_IP_PRMT_RC8_B32: return R32(p2m_prmt_rc8_b32(U32(a), U32(b), U32(c)));
    case P2M_IP_PRMT_ECL_B32: return R32(p2m_prmt_ecl_b32(U32(a), U32(b), U32(c)));
    case P2M_IP_PRMT_ECR_B32: return R32(p2m_prmt_ecr_b32(U32(a), U32(b), U32(c)));
    case P2M_IP_PRMT_RC16_B32: return R32(p2m_prmt_rc16_b32(U32(a), U32(b), U32(c)));
    case P2M_IP_LOP3_B32: return R32(p2m_lop3_b32(U32(a), U32(b), U32(c), U32(d)));
    case P2M_IP_BMSK_CLAMP_B32: return R32(p2m_bmsk_clamp_b32(U32(a), U32(b)));
    case P2M_IP_BMSK_WRAP_B32: return R32(p2m_bmsk_wrap_b32(U32(a), U32(b)));
    case P2M_IP_SZEXT_CLAMP_S32: return R32(p2m_szext_clamp_s32(U32(a), U32(b)));
    case P2M_IP_SZEXT_WRAP_S32: return R32(p2m_szext_wrap_s32(U32(a), U32(b)));
    case P2M_IP_SZEXT_CLAMP_U32: return R32(p2m_szext_clamp_u32(U32(a), U32(b)));
    case P2M_IP_SZEXT_WRAP_U32: return R32(p2m_szext_wrap_u32(U32(a), U32(b)));
    case P2M_IP_BFIND_U32: return R32(p2m_bfind_u32(U32(a)));
    case P2M_IP_BFIND_S32: return R32(p2m_bfind_s32(S32(a)));
    case P2M_IP_BFIND_U64: return R32(p2m_bfind_u64(U64(a)));
    case P2M_IP_BFIND_S64: return R32(p2m_bfind_s64(S64(a)));
    case P2M_IP_BFIND_SHIFTAMT_U32: return R32(p2m_bfind_shiftamt_u32(U32(a)));
    case P2M_IP_BFIND_SHIFTAMT_S32: return R32(p2m_bfind_shiftamt_s32(S32(a)));
    case P2M_IP_BFIND_SHIFTAMT_U64: return R32(p2m_bfind_shiftamt_u64(U64(a)));
    case P2M_IP_BFIND_SHIFTAMT_S64: return R32(p2m_bfind_shiftamt_s64(S64(a)));
    case P2M_IP_BREV_B32: return R32(p2m_brev_b32(U32(a)));
    case P2M_IP_BREV_B64: return R64(p2m_brev_b64(U64(a)));
    case P2M_IP_POPC_B32: return R32(p2m_popc_b32(U32(a)));
    case P2M_IP_POPC_B64: return R32(p2m_popc_b64(U64(a)));
    case P2M_IP_CLZ_B32: return R32(p2m_clz_b32(U32(a)));
    case P2M_IP_CLZ_B64: return R32(p2m_clz_b64(U64(a)));
    case P2M_IP_MUL_HI_U16: return R16(p2m_mul_hi_u16(U16(a), U16(b)));
    case P2M_IP_MUL_HI_S16: return R16(p2m_mul_hi_s16(S16(a), S16(b)));
    case P2M_IP_MUL_HI_U32: return R32(p2m_mul_hi_u32(U32(a), U32(b)));
    case P2M_IP_MUL_HI_S32: return R32(p2m_mul_hi_s32(S32(a), S32(b)));
    case P2M_IP_MUL_HI_U64: return R64(p2m_mul_hi_u64(U64(a), U64(b)));
    case P2M_IP_MUL_HI_S64: return R64(p2m_mul_hi_s64(S64(a), S64(b)));
    case P2M_IP_MUL_WIDE_U16: return R32(p2m_mul_wide_u16(U16(a), U16(b)));
    case P2M_IP_MUL_WIDE_S16: return R32(p2m_mul_wide_s16(S16(a), S16(b)));
    case P2M_IP_MUL_WIDE_U32: return R64(p2m_mul_wide_u32(U32(a), U32(b)));
    case P2M_IP_MUL_WIDE_S32: return R64(p2m_mul_wide_s32(S32(a), S32(b)));
    case P2M_IP_MUL24_LO_U32: return R32(p2m_mul24_lo_u32(U32(a), U32(b)));
    case P2M_IP_MUL24_LO_S32: return R32(p2m_mul24_lo_s32(S32(a), S32(b)));
    case P2M_IP_MUL24_HI_U32: return R32(p2m_mul24_hi_u32(U32(a), U32(b)));
    case P2M_IP_MUL24_HI_S32: return R32(p2m_mul24_hi_s32(S32(a), S32(b)));
    case P2M_IP_MAD_HI_SAT_S32: return R32(p2m_mad_hi_sat_s32(S32(a), S32(b), S32(c)));
    case P2M_IP_ADD_SAT_S32: return R32(p2m_add_sat_s32(S32(a), S32(b)));
    case P2M_IP_SUB_SAT_S32: return R32(p2m_sub_sat_s32(S32(a), S32(b)));
    case P2M_IP_SAD_U16: return R16(p2m_sad_u16(U16(a), U16(b), U16(c)));
    case P2M_IP_SAD_S16: return R16(p2m_sad_s16(S16(a), S16(b), U16(c)));
    case P2M_IP_SAD_U32: return R32(p2m_sad_u32(U32(a), U32(b), U32(c)));
    case P2M_IP_SAD_S32: return R32(p2m_sad_s32(S32(a), S32(b), U32(c)));
    case P2M_IP_SAD_U64: return R64(p2m_sad_u64(U64(a), U64(b), U64(c)));
    case P2M_IP_SAD_S64: return R64(p2m_sad_s64(S64(a), S64(b), U64(c)));
    case P2M_IP_DIV_U16: return R16(p2m_div_u16(U16(a), U16(b)));
    case P2M_IP_DIV_S16: return R16(p2m_div_s16(S16(a), S16(b)));
    case P2M_IP_DIV_U32: return R32(p2m_div_u32(U32(a), U32(b)));
    case P2M_IP_DIV_S32: return R32(p2m_div_s32(S32(a), S32(b)));
    case P2M_IP_DIV_U64: return R64(p2m_div_u64(U64(a), U64(b)));
    case P2M_IP_DIV_S64: return R64(p2m_div_s64(S64(a), S64(b)));
    case P2M_IP_REM_U16: return R16(p2m_rem_u16(U16(a), U16(b)));
    case P2M_IP_REM_S16: return R16(p2m_rem_s16(S16(a), S16(b)));
    case P2M_IP_REM_U32: return R32(p2m_rem_u32(U32(a), U32(b)));
    case P2M_IP_REM_S32: return R32(p2m_rem_s32(S32(a), S32(b)));
    case P2M_IP_REM_U64: return R64(p2m_rem_u64(U64(a), U64(b)));
    case P2M_IP_REM_S64: return R64(p2m_rem_s64(S64(a), S64(b)));
    case P2M_IP_DP4A_U32_U32: return R32(p2m_dp4a_u32_u32(U32(a), U32(b), U32(c)));
    case P2M_IP_DP4A_U32_S32: return R32(p2m_dp4a_u32_s32(U32(a), U32(b), U32(c)));
    case P2M_IP_DP4A_S32_U32: return R32(p2m_dp4a_s32_u32(U32(a), U32(b), U32(c)));
    case P2M_IP_DP4A_S32_S32: return R32(p2m_dp4a_s32_s32(U32(a), U32(b), U32(c)));
    case P2M_IP_DP2A_LO_U32_U32: return R32(p2m_dp2a_lo_u32_u32(U32(a), U32(b), U32(c)));
    case P2M_IP_DP2A_LO_U32_S32: return R32(p2m_dp2a_lo_u32_s32(U32(a), U32(b), U32(c)));
    case P2M_IP_DP2A_LO_S32_U32: return R32(p2m_dp2a_lo_s32_u32(U32(a), U32(b), U32(c)));
    case P2M_IP_DP2A_LO_S32_S32: return R32(p2m_dp2a_lo_s32_s32(U32(a), U32(b), U32(c)));
    case P2M_IP_DP2A_HI_U32_U32: return R32(p2m_dp2a_hi_u32_u32(U32(a), U32(b), U32(c)));
    case P2M_IP_DP2A_HI_U32_S32: return R32(p2m_dp2a_hi_u32_s32(U32(a), U32(b), U32(c)));
    case P2M_IP_DP2A_HI_S32_U32: return R32(p2m_dp2a_hi_s32_u32(U32(a), U32(b), U32(c)));
    case P2M_IP_DP2A_HI_S32_S32: return R32(p2m_dp2a_hi_s32_s32(U32(a), U32(b), U32(c)));
    case P2M_IP_SAT_U8_FROM_S8: return R8(p2m_sat_u8_from_s8(S8(a)));
    case P2M_IP_SAT_S8_FROM_U8: return R8(p2m_sat_s8_from_u8(U8(a)));
    case P2M_IP_SAT_S8_FROM_S16: return R8(p2m_sat_s8_from_s16(S16(a)));
    case P2M_IP_SAT_U8_FROM_S16: return R8(p2m_sat_u8_from_s16(S16(a)));
    case P2M_IP_SAT_S8_FROM_U16: return R8(p2m_sat_s8_from_u16(U16(a)));
    case P2M_IP_SAT_U8_FROM_U16: return R8(p2m_sat_u8_from_u16(U16(a)));
    case P2M_IP_SAT_S8_FROM_S32: return R8(p2m_sat_s8_from_s32(S32(a)));
    case P2M_IP_SAT_U8_FROM_S32: return R8(p2m_sat_u8_from_s32(S32(a)));
    case P2M_IP_SAT_S8_FROM_U32: return R8(p2m_sat_s8_from_u32(U32(a)));
    case P2M_IP_SAT_U8_FROM_U32: return R8(p2m_sat_u8_from_u32(U32(a)));
    case P2M_IP_SAT_S8_FROM_S64: return R8(p2m_sat_s8_from_s64(S64(a)));
    case P2M_IP_SAT_U8_FROM_S64: return R8(p2m_sat_u8_from_s64(S64(a)));
    case P2M_IP_SAT_S8_FROM_U64: return R8(p2m_sat_s8_from_u64(U64(a)));
    case P2M_IP_SAT_U8_FROM_U64: return R8(p2m_sat_u8_from_u64(U64(a)));
    case P2M_IP_SAT_U16_FROM_S8: return R16(p2m_sat_u16_from_s8(S8(a)));
    case P2M_IP_SAT_U16_FROM_S16: return R16(p2m_sat_u16_from_s16(S16(a)));
    case P2M_IP_SAT_S16_FROM_U16: return R16(p2m_sat_s16_from_u16(U16(a)));
    case P2M_IP_SAT_S16_FROM_S32: return R16(p2m_sat_s16_from_s32(S32(a)));
    case P2M_IP_SAT_U16_FROM_S32: return R16(p2m_sat_u16_from_s32(S32(a)));
    case P2M_IP_SAT_S16_FROM_U32: return R16(p2m_sat_s16_from_u32(U32(a)));
    case P2M_IP_SAT_U16_FROM_U32: return R16(p2m_sat_u16_from_u32(U32(a)));
    case P2M_IP_SAT_S16_FROM_S64: return R16(p2m_sat_s16_from_s64(S64(a)));
    case P2M_IP_SAT_U16_FROM_S64: return R16(p2m_sat_u16_from_s64(S64(a)));
    case P2M_IP_SAT_S16_FROM_U64: return R16(p2m_sat_s16_from_u64(U64(a)));
    case P2M_IP_SAT_U16_FROM_U64: return R16(p2m_sat_u16_from_u64(U64(a)));
    case P2M_IP_SAT_U32_FROM_S8: return R32(p2m_sat_u32_from_s8(S8(a)));
    case P2M_IP_SAT_U32_FROM_S16: return R32(p2m_sat_u32_from_s16(S16(a)));
    case P2M_IP_SAT_U32_FROM_S32: return R32(p2m_sat_u32_from_s32(S32(a)));
    case P2M_IP_SAT_S32_FROM_U32: return R32(p2m_sat_s32_from_u32(U32(a)));
    case P2M_IP_SAT_S32_FROM_S64: return R32(p2m_sat_s32_from_s64(S64(a)));
    case P2M_IP_SAT_U32_FROM_S64: return R32(p2m_sat_u32_from_s64(S64(a)));
    case P2M_IP_SAT_S32_FROM_U64: return R32(p2m_sat_s32_from_u64(U64(a)));
    case P2M_IP_SAT_U32_FROM_U64: return R32(p2m_sat_u32_from_u64(U64(a)));
    case P2M_IP_SAT_U64_FROM_S8: return R64(p2m_sat_u64_from_s8(S8(a)));
    case P2M_IP_SAT_U64_FROM_S16: return R64(p2m_sat_u64_from_s16(S16(a)));
    case P2M_IP_SAT_U64_FROM_S32: return R64(p2m_sat_u64_from_s32(S32(a)));
    case P2M_IP_SAT_U64_FROM_S64: return R64(p2m_sat_u64_from_s64(S64(a)));
    case P2M_IP_SAT_S64_FROM_U64: return R64(p2m_sat_s64_from_u64(U64(a)));
    case P2M_IP_ABS_S16: return R16(p2m_abs_s16(S16(a)));
    case P2M_IP_ABS_S32: return R32(p2m_abs_s32(S32(a)));
    case P2M_IP_ABS_S64: return R64(p2m_abs_s64(S64(a)));
    case P2M_IP_NEG_S16: return R16(p2m_neg_s16(S16(a)));
    case P2M_IP_NEG_S32: return R32(p2m_neg_s32(S32(a)));
    case P2M_IP_NEG_S64: return R64(p2m_neg_s64(S64(a)));
    default: return 0xDEADDEADDEADDEADull;
    }
}

unsigned vshift(bool left, unsigned a, unsigned b, unsigned c, bool dSigned, bool aSigned, bool clamp, bool sat,
                unsigned op2, unsigned dsel)
{
    return p2m_vshift(left, a, b, c, dSigned, aSigned, clamp, sat, op2, dsel);
}

unsigned vop(unsigned op, unsigned a, unsigned b, unsigned c, bool dSigned, bool aSigned, bool bSigned, bool sat,
             unsigned op2, unsigned dsel)
{
    return p2m_vop(op, a, b, c, dSigned, aSigned, bSigned, sat, op2, dsel);
}

unsigned vset(unsigned cmp, unsigned a, unsigned b, unsigned c, bool aSigned, bool bSigned, unsigned op2,
              unsigned dsel)
{
    return p2m_vset(cmp, a, b, c, aSigned, bSigned, op2, dsel);
}

unsigned vmad(unsigned a, unsigned b, unsigned c, bool aSigned, bool bSigned, bool negProduct, bool negC, bool po,
              unsigned scale, bool sat)
{
    return p2m_vmad(a, b, c, aSigned, bSigned, negProduct, negC, po, scale, sat);
}

} // namespace p2m::inttest::P2M_INT_KERNELS_NS
