// ptx2metal MSL support library: PTX tensor-core instructions (mma.sync, ldmatrix, stmatrix,
// movmatrix) on Metal SIMD-groups, emulated exactly.
//
// A PTX warp is a 32-wide SIMD-group; fragments live in the lanes' registers as the PTX ISA's
// "Matrix Fragments" sections lay them out (groupID = lane >> 2, threadID_in_group = lane % 4).
// Each helper computes one destination register of one lane: it fetches the A row and B column
// it needs from the lanes that hold them with simd_shuffle, then computes the element(s) in
// scalar integer code that reproduces the tensor cores' arithmetic bit for bit (the rules were
// measured on an H200, docs/gpu-facts.md "Tensor cores"; tests/probes/mma_arith.cu). Every lane
// calls the same shuffles in the same order (PTX's .aligned: all lanes execute the instruction
// together), so no shuffle is under a lane-dependent condition.
//
// Builds on abi.h (p2m_ctx, p2m_alias) and, for the f64 form, fp64.h. The lowering
// (passes/LowerTensorOps.cpp) passes fragment registers as their bits (uint). The families of
// entry points are written through local macros (P2M_LDMATRIX, P2M_IMMA_*, ...): the build's
// split_support_headers.py writes each use expanded, as the one function it defines.
#ifndef P2M_MMA_OPS_H
#define P2M_MMA_OPS_H

static inline uint p2m_tc_shfl(uint v, uint src_lane)
{
  return simd_shuffle(v, ushort(src_lane & 31u));
}

// --- ldmatrix / stmatrix / movmatrix ---------------------------------------------------------
// Matrix j of an .xN form is addressed by lanes 8j..8j+7 (row r by lane 8j + r, 16 bytes per
// row). Without .trans, lane L holds row L/4, columns 2(L%4) and 2(L%4)+1 of each matrix; with
// .trans, the same positions of the transposed matrix.

static inline uint p2m_tc_smem_offset(thread p2m_ctx &ctx, threadgroup uint *p)
{
  return uint(reinterpret_cast<threadgroup uchar *>(p) - ctx.smem);
}

static inline uint p2m_tc_ld16(thread p2m_ctx &ctx, uint off)
{
  return uint(reinterpret_cast<threadgroup p2m_alias<ushort> *>(ctx.smem + off)->v);
}

static inline uint p2m_ldmatrix_b16(uint j, threadgroup uint *p, thread p2m_ctx &ctx, uint lane, bool trans)
{
  const uint off = p2m_tc_smem_offset(ctx, p);
  const uint r = (lane >> 2) & 7u, q = lane & 3u;
  if (!trans) {
    const uint row = p2m_tc_shfl(off, 8u * j + r);
    return reinterpret_cast<threadgroup p2m_alias<uint> *>(ctx.smem + row + 4u * q)->v;
  }
  const uint row0 = p2m_tc_shfl(off, 8u * j + 2u * q), row1 = p2m_tc_shfl(off, 8u * j + 2u * q + 1u);
  return p2m_tc_ld16(ctx, row0 + 2u * r) | (p2m_tc_ld16(ctx, row1 + 2u * r) << 16);
}

#define P2M_LDMATRIX(NAME, TRANS)                                                                 \
  static inline uint NAME(uint j, threadgroup uint *p, thread p2m_ctx &ctx, uint lane)           \
  {                                                                                               \
    return p2m_ldmatrix_b16(j, p, ctx, lane, TRANS);                                              \
  }
P2M_LDMATRIX(p2m_ldmatrix_x1_b16, false)
P2M_LDMATRIX(p2m_ldmatrix_x2_b16, false)
P2M_LDMATRIX(p2m_ldmatrix_x4_b16, false)
P2M_LDMATRIX(p2m_ldmatrix_x1_trans_b16, true)
P2M_LDMATRIX(p2m_ldmatrix_x2_trans_b16, true)
P2M_LDMATRIX(p2m_ldmatrix_x4_trans_b16, true)
#undef P2M_LDMATRIX

// stmatrix: the inverse of ldmatrix; each lane stores its own elements at the row addresses
// the addressing lanes give.
static inline void p2m_stmatrix_one(uint j, uint off, uint v, thread p2m_ctx &ctx, uint lane, bool trans)
{
  const uint r = (lane >> 2) & 7u, q = lane & 3u;
  if (!trans) {
    const uint row = p2m_tc_shfl(off, 8u * j + r);
    reinterpret_cast<threadgroup p2m_alias<uint> *>(ctx.smem + row + 4u * q)->v = v;
    return;
  }
  const uint row0 = p2m_tc_shfl(off, 8u * j + 2u * q), row1 = p2m_tc_shfl(off, 8u * j + 2u * q + 1u);
  reinterpret_cast<threadgroup p2m_alias<ushort> *>(ctx.smem + row0 + 2u * r)->v = ushort(v & 0xffffu);
  reinterpret_cast<threadgroup p2m_alias<ushort> *>(ctx.smem + row1 + 2u * r)->v = ushort(v >> 16);
}

static inline void p2m_stmatrix_x1_b16(threadgroup uint *p, thread p2m_ctx &ctx, uint r0, uint lane)
{
  p2m_stmatrix_one(0u, p2m_tc_smem_offset(ctx, p), r0, ctx, lane, false);
}
static inline void p2m_stmatrix_x2_b16(threadgroup uint *p, thread p2m_ctx &ctx, uint r0, uint r1, uint lane)
{
  const uint off = p2m_tc_smem_offset(ctx, p);
  p2m_stmatrix_one(0u, off, r0, ctx, lane, false);
  p2m_stmatrix_one(1u, off, r1, ctx, lane, false);
}
static inline void p2m_stmatrix_x4_b16(threadgroup uint *p, thread p2m_ctx &ctx, uint r0, uint r1, uint r2,
                                       uint r3, uint lane)
{
  const uint off = p2m_tc_smem_offset(ctx, p);
  p2m_stmatrix_one(0u, off, r0, ctx, lane, false);
  p2m_stmatrix_one(1u, off, r1, ctx, lane, false);
  p2m_stmatrix_one(2u, off, r2, ctx, lane, false);
  p2m_stmatrix_one(3u, off, r3, ctx, lane, false);
}
static inline void p2m_stmatrix_x1_trans_b16(threadgroup uint *p, thread p2m_ctx &ctx, uint r0, uint lane)
{
  p2m_stmatrix_one(0u, p2m_tc_smem_offset(ctx, p), r0, ctx, lane, true);
}
static inline void p2m_stmatrix_x2_trans_b16(threadgroup uint *p, thread p2m_ctx &ctx, uint r0, uint r1, uint lane)
{
  const uint off = p2m_tc_smem_offset(ctx, p);
  p2m_stmatrix_one(0u, off, r0, ctx, lane, true);
  p2m_stmatrix_one(1u, off, r1, ctx, lane, true);
}
static inline void p2m_stmatrix_x4_trans_b16(threadgroup uint *p, thread p2m_ctx &ctx, uint r0, uint r1,
                                             uint r2, uint r3, uint lane)
{
  const uint off = p2m_tc_smem_offset(ctx, p);
  p2m_stmatrix_one(0u, off, r0, ctx, lane, true);
  p2m_stmatrix_one(1u, off, r1, ctx, lane, true);
  p2m_stmatrix_one(2u, off, r2, ctx, lane, true);
  p2m_stmatrix_one(3u, off, r3, ctx, lane, true);
}

// movmatrix.trans: lane L gets elements (L/4, 2(L%4)+h) of the transpose, that is element
// (2(L%4)+h, L/4) of the source, held by lane 4(2(L%4)+h) + (L/4)/2.
static inline uint p2m_movmatrix_trans_b16(uint a, uint lane)
{
  const uint r = (lane >> 2) & 7u, q = lane & 3u;
  const uint v0 = p2m_tc_shfl(a, 8u * q + (r >> 1)), v1 = p2m_tc_shfl(a, 8u * q + 4u + (r >> 1));
  const uint sh = (r & 1u) * 16u;
  return ((v0 >> sh) & 0xffffu) | (((v1 >> sh) & 0xffffu) << 16);
}

// --- the tensor cores' arithmetic (floating point) --------------------------------------------
// D = A*B + C, element by element, as measured on sm_90 (docs/gpu-facts.md "Tensor cores";
// every f16/bf16/tf32 shape with f32 or f16 accumulators matched bit for bit):
//   * tf32 operands are the upper 19 bits of the f32 registers (the low 13 bits are ignored);
//   * every product a*b is exact;
//   * all K products and C are aligned to the largest *nominal* exponent among them, where a
//     product's nominal exponent is the sum of its factors' exponents (its significand may
//     reach [2, 4), and subnormal factors count with the minimum exponent), and each term is
//     cut to the bits at or above 2^(emax - 25), toward zero; the cut terms add exactly;
//   * the sum is rounded once: toward zero into f32 (an f32 result beyond the range is
//     infinity), to nearest even into f16 (a result that rounds to zero is +0);
//   * NaN operands or inf*0 or inf-inf give the canonical NaN (0x7fffffff, f16 0x7fff);
//     infinities otherwise pass through with their sign.
#define P2M_TC_F16 0u
#define P2M_TC_BF16 1u
#define P2M_TC_TF32 2u
#define P2M_TC_F32 3u
// fp8 formats (mma with fp8 multiplicands: p2m_tc_dot_fp8 below).
#define P2M_TC_E4M3 4u // bias 7, no infinities, S.1111.111 is NaN
#define P2M_TC_E5M2 5u // bias 15, infinities and NaNs as f16's
#define P2M_TC_WINDOW 25 // bits kept below the largest nominal exponent

// A finite term: value = (neg ? -1 : 1) * m * 2^e (m == 0: zero); E is its nominal exponent.
struct p2m_tc_term {
  bool neg;
  int e;
  int E;
  ulong m;
};

// Classes: 0 zero, 1 finite non-zero, 2 infinity, 3 NaN.
static inline uint p2m_tc_decode(uint bits, uint fmt, thread p2m_tc_term &t)
{
  uint ebits = 5u, mbits = 10u, sign_bit = 15u;
  if (fmt == P2M_TC_E4M3 || fmt == P2M_TC_E5M2) {
    ebits = fmt == P2M_TC_E4M3 ? 4u : 5u;
    mbits = 7u - ebits;
    sign_bit = 7u;
    bits &= 0xffu;
  } else if (fmt == P2M_TC_BF16) {
    ebits = 8u;
    mbits = 7u;
  } else if (fmt == P2M_TC_TF32 || fmt == P2M_TC_F32) {
    ebits = 8u;
    mbits = 23u;
    sign_bit = 31u;
    if (fmt == P2M_TC_TF32)
      bits &= 0xffffe000u;
  }
  const uint emask = (1u << ebits) - 1u, bias = emask >> 1;
  const uint ex = (bits >> mbits) & emask, man = bits & ((1u << mbits) - 1u);
  t.neg = ((bits >> sign_bit) & 1u) != 0u;
  t.m = 0ul;
  t.e = 0;
  t.E = 1 - int(bias);
  // e4m3 has no infinities: its top exponent holds normal numbers, but S.1111.111 is NaN.
  if (ex == emask && (fmt != P2M_TC_E4M3 || man == 7u))
    return man != 0u ? 3u : 2u;
  if (ex == 0u) {
    if (man == 0u)
      return 0u;
    t.m = ulong(man);
    t.e = 1 - int(bias) - int(mbits);
    return 1u;
  }
  t.m = ulong(man | (1u << mbits));
  t.E = int(ex) - int(bias);
  t.e = t.E - int(mbits);
  return 1u;
}

// |mag| * 2^q (mag != 0) rounded to f32 or f16 bits, to nearest even (rn) or toward zero.
static inline uint p2m_tc_round_to(bool neg, ulong mag, int q, bool f16, bool rn)
{
  const uint mbits = f16 ? 10u : 23u, emask = f16 ? 31u : 255u, bias = emask >> 1;
  const int min_lsb = 1 - int(bias) - int(mbits);
  const int top = q + 63 - int(clz(mag));
  int lsb = max(top - int(mbits), min_lsb);
  ulong r;
  const int sh = lsb - q;
  if (sh <= 0) {
    r = mag << uint(-sh);
  } else if (sh >= 64) {
    r = 0ul; // below half of the smallest subnormal
  } else {
    r = mag >> uint(sh);
    const ulong rem = mag & ((1ul << uint(sh)) - 1ul), half = 1ul << uint(sh - 1);
    if (rn && (rem > half || (rem == half && (r & 1ul) != 0ul)))
      r += 1ul;
  }
  if (r >= (2ul << mbits)) {
    r >>= 1;
    lsb += 1;
  }
  const uint s = neg && (!f16 || r != 0ul) ? (f16 ? 0x8000u : 0x80000000u) : 0u;
  if (r < (1ul << mbits))
    return s | uint(r); // subnormal (lsb == min_lsb) or zero
  const int be = lsb + int(mbits) + int(bias);
  if (be >= int(emask))
    return s | (emask << mbits); // infinity
  return s | (uint(be) << mbits) | (uint(r) & ((1u << mbits) - 1u));
}

// The f16/bf16/tf32 forms: f32 results toward zero, f16 results to nearest even.
static inline uint p2m_tc_round(bool neg, ulong mag, int q, bool f16)
{
  return p2m_tc_round_to(neg, mag, q, f16, f16);
}

// D = sum_k a[k] * b[k] + c for k <= 16 products of format fmt; c and the result are f32 bits,
// or f16 bits when f16_acc.
static inline uint p2m_tc_dot(thread const uint *a, thread const uint *b, uint k, uint fmt, uint c, bool f16_acc)
{
  p2m_tc_term t[17];
  bool nan = false, pinf = false, ninf = false;
  const uint cc = p2m_tc_decode(c, f16_acc ? P2M_TC_F16 : P2M_TC_F32, t[k]);
  if (cc == 3u)
    nan = true;
  else if (cc == 2u)
    (t[k].neg ? ninf : pinf) = true;
  for (uint i = 0; i < k; ++i) {
    p2m_tc_term x, y;
    const uint xc = p2m_tc_decode(a[i], fmt, x), yc = p2m_tc_decode(b[i], fmt, y);
    t[i].neg = x.neg != y.neg;
    t[i].e = x.e + y.e;
    t[i].E = x.E + y.E;
    t[i].m = x.m * y.m;
    if (xc == 3u || yc == 3u || (xc == 2u && yc == 0u) || (xc == 0u && yc == 2u))
      nan = true;
    else if (xc == 2u || yc == 2u)
      (t[i].neg ? ninf : pinf) = true;
  }
  if (nan || (pinf && ninf))
    return f16_acc ? 0x7fffu : 0x7fffffffu;
  if (pinf)
    return f16_acc ? 0x7c00u : 0x7f800000u;
  if (ninf)
    return f16_acc ? 0xfc00u : 0xff800000u;
  int emax = 0;
  bool any = false, all_neg_zero = true;
  for (uint i = 0; i <= k; ++i) {
    if (t[i].m != 0ul) {
      emax = any ? max(emax, t[i].E) : t[i].E;
      any = true;
    }
    all_neg_zero = all_neg_zero && t[i].m == 0ul && t[i].neg;
  }
  if (!any) // only zeros: -0 when every one is -0
    return all_neg_zero ? (f16_acc ? 0x8000u : 0x80000000u) : 0u;
  const int q = emax - P2M_TC_WINDOW;
  long sum = 0;
  for (uint i = 0; i <= k; ++i) {
    const int sh = q - t[i].e;
    const ulong v = sh <= 0 ? t[i].m << uint(-sh) : sh >= 64 ? 0ul : t[i].m >> uint(sh);
    sum += t[i].neg ? -long(v) : long(v);
  }
  if (sum == 0)
    return 0u;
  return p2m_tc_round(sum < 0, ulong(sum < 0 ? -sum : sum), q, f16_acc);
}

static inline uint p2m_tc_dot_f32(thread const uint *a, thread const uint *b, uint k, uint fmt, uint c)
{
  return p2m_tc_dot(a, b, k, fmt, c, false);
}

// --- fragment gathers (m16n8kK, the A row and B column of one D element) -----------------------
// f16/bf16 A (m16n8k16): register 0 holds row g, k = 2q, 2q+1; register 1 row g+8; registers 2
// and 3 the same rows at k + 8. B: register 0 holds k = 2q, 2q+1 of column g; register 1 k + 8.
// (g = lane >> 2, q = lane & 3; the A row of an element of this lane is in its own quad.)
static inline void p2m_tc_unpack2(uint w, thread uint *dst)
{
  dst[0] = w & 0xffffu;
  dst[1] = w >> 16;
}

// A row (upper: row g+8) of K = 8 * nregs/2 halves from the quad of this lane.
static inline void p2m_tc_row16(uint lo, uint hi, uint lane, thread uint *row)
{
  const uint base = lane & ~3u;
  for (uint j = 0; j < 4u; ++j) {
    p2m_tc_unpack2(p2m_tc_shfl(lo, base + j), row + 2u * j);
    p2m_tc_unpack2(p2m_tc_shfl(hi, base + j), row + 8u + 2u * j);
  }
}

static inline void p2m_tc_row8(uint lo, uint lane, thread uint *row)
{
  const uint base = lane & ~3u;
  for (uint j = 0; j < 4u; ++j)
    p2m_tc_unpack2(p2m_tc_shfl(lo, base + j), row + 2u * j);
}

// Column n of B, held by lanes 4n .. 4n+3.
static inline void p2m_tc_col16(uint b0, uint b1, uint n, thread uint *col)
{
  for (uint j = 0; j < 4u; ++j) {
    p2m_tc_unpack2(p2m_tc_shfl(b0, 4u * n + j), col + 2u * j);
    p2m_tc_unpack2(p2m_tc_shfl(b1, 4u * n + j), col + 8u + 2u * j);
  }
}

static inline void p2m_tc_col8(uint b0, uint n, thread uint *col)
{
  for (uint j = 0; j < 4u; ++j)
    p2m_tc_unpack2(p2m_tc_shfl(b0, 4u * n + j), col + 2u * j);
}

static inline uint p2m_tc_pick(uint i, uint x0, uint x1, uint x2, uint x3)
{
  return i == 0u ? x0 : i == 1u ? x1 : i == 2u ? x2 : x3;
}

// D element i of this lane (f32 accumulators): row g + 8 (i >> 1), column 2q + (i & 1).
#define P2M_MMA_K16_F32(NAME, FMT)                                                                \
  static inline uint NAME(uint i, uint a0, uint a1, uint a2, uint a3, uint b0, uint b1, uint c0,  \
                          uint c1, uint c2, uint c3, uint lane)                                   \
  {                                                                                               \
    uint row[16], col[16];                                                                        \
    const bool upper = (i >> 1) != 0u;                                                            \
    p2m_tc_row16(upper ? a1 : a0, upper ? a3 : a2, lane, row);                                    \
    p2m_tc_col16(b0, b1, 2u * (lane & 3u) + (i & 1u), col);                                       \
    return p2m_tc_dot_f32(row, col, 16u, FMT, p2m_tc_pick(i, c0, c1, c2, c3));                    \
  }
P2M_MMA_K16_F32(p2m_mma_m16n8k16_f32_f16_f16_f32, P2M_TC_F16)
P2M_MMA_K16_F32(p2m_mma_m16n8k16_f32_bf16_bf16_f32, P2M_TC_BF16)
#undef P2M_MMA_K16_F32

#define P2M_MMA_K8_F32(NAME, FMT)                                                                 \
  static inline uint NAME(uint i, uint a0, uint a1, uint b0, uint c0, uint c1, uint c2, uint c3,  \
                          uint lane)                                                              \
  {                                                                                               \
    uint row[8], col[8];                                                                          \
    p2m_tc_row8((i >> 1) != 0u ? a1 : a0, lane, row);                                             \
    p2m_tc_col8(b0, 2u * (lane & 3u) + (i & 1u), col);                                            \
    return p2m_tc_dot_f32(row, col, 8u, FMT, p2m_tc_pick(i, c0, c1, c2, c3));                     \
  }
P2M_MMA_K8_F32(p2m_mma_m16n8k8_f32_f16_f16_f32, P2M_TC_F16)
P2M_MMA_K8_F32(p2m_mma_m16n8k8_f32_bf16_bf16_f32, P2M_TC_BF16)
#undef P2M_MMA_K8_F32

// tf32: A register 0 holds row g, k = q; register 1 row g+8; registers 2 and 3 the same at
// k + 4. B register 0 holds k = q of column g, register 1 k = q + 4.
static inline uint p2m_mma_m16n8k8_f32_tf32_tf32_f32(uint i, uint a0, uint a1, uint a2, uint a3, uint b0, uint b1,
                                                     uint c0, uint c1, uint c2, uint c3, uint lane)
{
  uint row[8], col[8];
  const bool upper = (i >> 1) != 0u;
  const uint lo = upper ? a1 : a0, hi = upper ? a3 : a2, base = lane & ~3u;
  const uint n = 2u * (lane & 3u) + (i & 1u);
  for (uint j = 0; j < 4u; ++j) {
    row[j] = p2m_tc_shfl(lo, base + j);
    row[4u + j] = p2m_tc_shfl(hi, base + j);
    col[j] = p2m_tc_shfl(b0, 4u * n + j);
    col[4u + j] = p2m_tc_shfl(b1, 4u * n + j);
  }
  return p2m_tc_dot_f32(row, col, 8u, P2M_TC_TF32, p2m_tc_pick(i, c0, c1, c2, c3));
}

static inline uint p2m_mma_m16n8k4_f32_tf32_tf32_f32(uint i, uint a0, uint a1, uint b0, uint c0, uint c1, uint c2,
                                                     uint c3, uint lane)
{
  uint row[4], col[4];
  const uint lo = (i >> 1) != 0u ? a1 : a0, base = lane & ~3u;
  const uint n = 2u * (lane & 3u) + (i & 1u);
  for (uint j = 0; j < 4u; ++j) {
    row[j] = p2m_tc_shfl(lo, base + j);
    col[j] = p2m_tc_shfl(b0, 4u * n + j);
  }
  return p2m_tc_dot_f32(row, col, 4u, P2M_TC_TF32, p2m_tc_pick(i, c0, c1, c2, c3));
}

// f16 accumulators: D register j holds row g + 8j, columns 2q and 2q+1, as C register j does.
static inline uint p2m_mma_m16n8k16_f16_f16_f16_f16(uint j, uint a0, uint a1, uint a2, uint a3, uint b0, uint b1,
                                                    uint c0, uint c1, uint lane)
{
  uint row[16], col0[16], col1[16];
  const bool upper = j != 0u;
  const uint c = upper ? c1 : c0;
  p2m_tc_row16(upper ? a1 : a0, upper ? a3 : a2, lane, row);
  p2m_tc_col16(b0, b1, 2u * (lane & 3u), col0);
  p2m_tc_col16(b0, b1, 2u * (lane & 3u) + 1u, col1);
  return p2m_tc_dot(row, col0, 16u, P2M_TC_F16, c & 0xffffu, true) |
         (p2m_tc_dot(row, col1, 16u, P2M_TC_F16, c >> 16, true) << 16);
}

static inline uint p2m_mma_m16n8k8_f16_f16_f16_f16(uint j, uint a0, uint a1, uint b0, uint c0, uint c1, uint lane)
{
  uint row[8], col0[8], col1[8];
  const uint c = j != 0u ? c1 : c0;
  p2m_tc_row8(j != 0u ? a1 : a0, lane, row);
  p2m_tc_col8(b0, 2u * (lane & 3u), col0);
  p2m_tc_col8(b0, 2u * (lane & 3u) + 1u, col1);
  return p2m_tc_dot(row, col0, 8u, P2M_TC_F16, c & 0xffffu, true) |
         (p2m_tc_dot(row, col1, 8u, P2M_TC_F16, c >> 16, true) << 16);
}

// --- the sequences ptxas emits for forms sm_90 has no tensor-core instruction for -------------
// (docs/gpu-facts.md "mma forms ptxas emulates on sm_90".) Their scalar steps are IEEE f32 or
// f16 additions, computed here on exact integers: x + y rounded once to nearest even (f32, or
// f16 bits when f16), subnormals kept; -0 only for -0 + -0. Finite x and y only.
static inline ulong p2m_tc_magnitude(long v)
{
  return v < 0 ? ulong(-v) : ulong(v);
}

static inline uint p2m_tc_add_terms(p2m_tc_term x, p2m_tc_term y, bool f16)
{
  const uint sign = f16 ? 0x8000u : 0x80000000u;
  if (x.m == 0ul && y.m == 0ul)
    return x.neg && y.neg ? sign : 0u;
  int lo = x.m != 0ul ? x.e : y.e, top = lo;
  for (uint i = 0; i < 2u; ++i) {
    const p2m_tc_term t = i == 0u ? x : y;
    if (t.m != 0ul) {
      lo = min(lo, t.e);
      top = max(top, t.e + 64 - int(clz(t.m)));
    }
  }
  // A term reaching more than 62 bits below the larger one's top (at least 38 bits below any
  // rounding position) keeps its lost bits as a sticky unit.
  lo = max(lo, top - 62);
  long sum = 0;
  for (uint i = 0; i < 2u; ++i) {
    const p2m_tc_term t = i == 0u ? x : y;
    if (t.m == 0ul)
      continue;
    const int sh = lo - t.e;
    ulong v;
    if (sh <= 0)
      v = t.m << uint(-sh);
    else if (sh >= 64)
      v = 1ul;
    else
      v = (t.m >> uint(sh)) | ((t.m & ((1ul << uint(sh)) - 1ul)) != 0ul ? 1ul : 0ul);
    sum += t.neg ? -long(v) : long(v);
  }
  if (sum == 0)
    return 0u;
  return p2m_tc_round_to(sum < 0, p2m_tc_magnitude(sum), lo, f16, true);
}

// f16 + f16 (HADD2): NaN operands and inf - inf give 0x7fff; infinities pass with their sign.
static inline uint p2m_tc_hadd(uint x, uint y)
{
  p2m_tc_term a, b;
  const uint ac = p2m_tc_decode(x, P2M_TC_F16, a), bc = p2m_tc_decode(y, P2M_TC_F16, b);
  if (ac == 3u || bc == 3u || (ac == 2u && bc == 2u && a.neg != b.neg))
    return 0x7fffu;
  if (ac == 2u || bc == 2u)
    return ac == 2u ? x & 0xffffu : y & 0xffffu;
  return p2m_tc_add_terms(a, b, true);
}

#define P2M_TC_F32_NAN 0x7fffffffu

// fma(a, b, c) for f16 bits a, b (exact in f32, as is their product) and f32 bits c.
static inline uint p2m_tc_ffma_f16(uint a, uint b, uint c)
{
  p2m_tc_term x, y, z;
  const uint xc = p2m_tc_decode(a, P2M_TC_F16, x), yc = p2m_tc_decode(b, P2M_TC_F16, y);
  const uint zc = p2m_tc_decode(c, P2M_TC_F32, z);
  const bool neg = x.neg != y.neg, inf = xc == 2u || yc == 2u;
  if (xc == 3u || yc == 3u || zc == 3u || (inf && (xc == 0u || yc == 0u)))
    return P2M_TC_F32_NAN;
  if (inf)
    return zc == 2u && z.neg != neg ? P2M_TC_F32_NAN : neg ? 0xff800000u : 0x7f800000u;
  if (zc == 2u)
    return c;
  p2m_tc_term p;
  p.neg = neg;
  p.m = x.m * y.m;
  p.e = x.e + y.e;
  p.E = 0;
  return p2m_tc_add_terms(p, z, false);
}

// f32 + f32.
static inline uint p2m_tc_fadd(uint a, uint b)
{
  p2m_tc_term x, y;
  const uint xc = p2m_tc_decode(a, P2M_TC_F32, x), yc = p2m_tc_decode(b, P2M_TC_F32, y);
  if (xc == 3u || yc == 3u || (xc == 2u && yc == 2u && x.neg != y.neg))
    return P2M_TC_F32_NAN;
  if (xc == 2u || yc == 2u)
    return xc == 2u ? a : b;
  return p2m_tc_add_terms(x, y, false);
}

// f16 bits as f32 bits (exact).
static inline uint p2m_tc_f16_to_f32(uint h)
{
  p2m_tc_term t;
  const uint cls = p2m_tc_decode(h, P2M_TC_F16, t), sign = t.neg ? 0x80000000u : 0u;
  if (cls == 3u)
    return P2M_TC_F32_NAN;
  if (cls == 2u)
    return sign | 0x7f800000u;
  return cls == 0u ? sign : p2m_tc_round_to(t.neg, t.m, t.e, false, true);
}

// f32 bits to f16 bits, to nearest even (a negative value that rounds to zero gives -0).
static inline uint p2m_tc_f32_to_f16(uint v)
{
  p2m_tc_term t;
  const uint cls = p2m_tc_decode(v, P2M_TC_F32, t), sign = t.neg ? 0x8000u : 0u;
  if (cls == 3u)
    return 0x7fffu;
  if (cls == 2u)
    return sign | 0x7c00u;
  return cls == 0u ? sign : sign | p2m_tc_round_to(t.neg, t.m, t.e, true, true);
}

// --- fp8 mma (e4m3/e5m2 multiplicands, f32 or f16 accumulators) ------------------------------
// sm_90 has no fp8 mma.sync instruction: ptxas unpacks the fp8 bytes to f16 (exact:
// F2FP.F16.E4M3/E5M2.UNPACK_B) and issues two f16 mma.m16n8k16 (HMMA.16816.F32 or .F16): bytes
// 0 and 1 of every register (k mod 4 in {0, 1}) with C = +0, then bytes 2 and 3 with the first
// result as C. C is added last, by an f32 (FADD) or f16 (HADD2) addition. Each HMMA is
// p2m_tc_dot's rule (f32 results toward zero, f16 ones to nearest, so f16 partial sums may
// overflow); the addition rounds to nearest even. The recordings of tests/probes/mma_fp8.cu
// (1,769,472 outputs, every type pair, f32 and f16 accumulators) and the execution cases match it
// bit for bit (docs/gpu-facts.md "fp8 mma").

// An fp8 byte as f16 bits (e4m3's NaN S.1111.111 becomes 0x7fff; e5m2 is f16's top byte).
static inline uint p2m_tc_fp8_to_f16(uint v, uint fmt)
{
  v &= 0xffu;
  if (fmt == P2M_TC_E5M2)
    return v << 8;
  const uint s = (v & 0x80u) << 8, ex = (v >> 3) & 15u, man = v & 7u;
  if (ex == 15u && man == 7u)
    return 0x7fffu;
  if (ex == 0u) {
    if (man == 0u)
      return s;
    // man * 2^-9: an f16 normal number, exponent -9 .. -7.
    const uint top = 31u - clz(man); // 0 .. 2
    return s | ((top + 6u) << 10) | (((man << (3u - top)) & 7u) << 7);
  }
  return s | ((ex + 8u) << 10) | (man << 7);
}

// D = sum_k a[k] * b[k] + c over k < 32 (a: format afmt, b: bfmt); c and D are f32 bits, or
// f16 bits when f16_acc.
static inline uint p2m_tc_dot_fp8(thread const uint *a, thread const uint *b, uint afmt, uint bfmt, uint c,
                                  bool f16_acc)
{
  uint ha[2][16], hb[2][16];
  for (uint k = 0; k < 32u; ++k) {
    const uint h = (k >> 1) & 1u, j = 2u * (k >> 2) + (k & 1u);
    ha[h][j] = p2m_tc_fp8_to_f16(a[k], afmt);
    hb[h][j] = p2m_tc_fp8_to_f16(b[k], bfmt);
  }
  const uint t = p2m_tc_dot(ha[0], hb[0], 16u, P2M_TC_F16, 0u, f16_acc);
  const uint d = p2m_tc_dot(ha[1], hb[1], 16u, P2M_TC_F16, t, f16_acc);
  return f16_acc ? p2m_tc_hadd(d, c) : p2m_tc_fadd(c, d);
}

// m16n8k32 8-bit fragments (as the s8 forms'): A registers 0/1 hold rows g/g+8 at k = 4q .. 4q+3
// (byte j: k = 4q + j), registers 2/3 the same at k + 16; B register 0 holds k = 4q .. 4q+3 of
// column g, register 1 k + 16.
// The 32 bytes of registers lo (k < 16) and hi of lanes first_lane .. first_lane + 3, in k order.
static inline void p2m_tc_bytes32(uint lo, uint hi, uint first_lane, thread uint *dst)
{
  for (uint j = 0; j < 4u; ++j) {
    const uint w0 = p2m_tc_shfl(lo, first_lane + j), w1 = p2m_tc_shfl(hi, first_lane + j);
    for (uint e = 0; e < 4u; ++e) {
      dst[4u * j + e] = (w0 >> (8u * e)) & 0xffu;
      dst[16u + 4u * j + e] = (w1 >> (8u * e)) & 0xffu;
    }
  }
}

#define P2M_MMA_FP8_F32(NAME, AFMT, BFMT)                                                         \
  static inline uint NAME(uint i, uint a0, uint a1, uint a2, uint a3, uint b0, uint b1, uint c0,  \
                          uint c1, uint c2, uint c3, uint lane)                                   \
  {                                                                                               \
    uint row[32], col[32];                                                                        \
    const bool upper = (i >> 1) != 0u;                                                            \
    p2m_tc_bytes32(upper ? a1 : a0, upper ? a3 : a2, lane & ~3u, row);                            \
    p2m_tc_bytes32(b0, b1, 4u * (2u * (lane & 3u) + (i & 1u)), col);                              \
    return p2m_tc_dot_fp8(row, col, AFMT, BFMT, p2m_tc_pick(i, c0, c1, c2, c3), false);           \
  }
P2M_MMA_FP8_F32(p2m_mma_m16n8k32_f32_e4m3_e4m3_f32, P2M_TC_E4M3, P2M_TC_E4M3)
P2M_MMA_FP8_F32(p2m_mma_m16n8k32_f32_e4m3_e5m2_f32, P2M_TC_E4M3, P2M_TC_E5M2)
P2M_MMA_FP8_F32(p2m_mma_m16n8k32_f32_e5m2_e4m3_f32, P2M_TC_E5M2, P2M_TC_E4M3)
P2M_MMA_FP8_F32(p2m_mma_m16n8k32_f32_e5m2_e5m2_f32, P2M_TC_E5M2, P2M_TC_E5M2)
#undef P2M_MMA_FP8_F32

// D register j holds row g + 8j, columns 2q and 2q + 1, as C register j does.
#define P2M_MMA_FP8_F16(NAME, AFMT, BFMT)                                                         \
  static inline uint NAME(uint j, uint a0, uint a1, uint a2, uint a3, uint b0, uint b1, uint c0,  \
                          uint c1, uint lane)                                                     \
  {                                                                                               \
    uint row[32], col0[32], col1[32];                                                             \
    const bool upper = j != 0u;                                                                   \
    const uint c = upper ? c1 : c0;                                                               \
    p2m_tc_bytes32(upper ? a1 : a0, upper ? a3 : a2, lane & ~3u, row);                            \
    p2m_tc_bytes32(b0, b1, 8u * (lane & 3u), col0);                                               \
    p2m_tc_bytes32(b0, b1, 8u * (lane & 3u) + 4u, col1);                                          \
    return p2m_tc_dot_fp8(row, col0, AFMT, BFMT, c & 0xffffu, true) |                             \
           (p2m_tc_dot_fp8(row, col1, AFMT, BFMT, c >> 16, true) << 16);                          \
  }
P2M_MMA_FP8_F16(p2m_mma_m16n8k32_f16_e4m3_e4m3_f16, P2M_TC_E4M3, P2M_TC_E4M3)
P2M_MMA_FP8_F16(p2m_mma_m16n8k32_f16_e4m3_e5m2_f16, P2M_TC_E4M3, P2M_TC_E5M2)
P2M_MMA_FP8_F16(p2m_mma_m16n8k32_f16_e5m2_e4m3_f16, P2M_TC_E5M2, P2M_TC_E4M3)
P2M_MMA_FP8_F16(p2m_mma_m16n8k32_f16_e5m2_e5m2_f16, P2M_TC_E5M2, P2M_TC_E5M2)
#undef P2M_MMA_FP8_F16

// --- integer mma (s8/u8, s4/u4, b1) ------------------------------------------------------------
// Exact: the products and the sum with C are computed in 64 bits, then wrapped to s32, or
// clamped with .satfinite. Fragments: each A/B register holds 32/bits consecutive k of one row
// (column); lane 4g + j of a quad holds block position j, as for f16 (groupID rows, B column g).
static inline long p2m_tc_idot_word(uint wa, uint wb, uint bits, bool a_signed, bool b_signed, bool xor_op)
{
  if (bits == 1u)
    return long(popcount(xor_op ? (wa ^ wb) : (wa & wb)));
  const uint mask = (1u << bits) - 1u, sign = 1u << (bits - 1u);
  long sum = 0;
  for (uint e = 0; e < 32u; e += bits) {
    const uint x = (wa >> e) & mask, y = (wb >> e) & mask;
    const int xv = a_signed && (x & sign) != 0u ? int(x) - int(mask) - 1 : int(x);
    const int yv = b_signed && (y & sign) != 0u ? int(y) - int(mask) - 1 : int(y);
    sum += long(xv * yv);
  }
  return sum;
}

// One D element: row words from this lane's quad (lo: k block 0, hi: block 1), column n of B
// (b0: block 0, b1: block 1), blocks = 1 or 2.
static inline uint p2m_tc_imma(uint lo, uint hi, uint b0, uint b1, uint blocks, uint n, uint c, uint lane, uint bits,
                               bool a_signed, bool b_signed, bool satfinite, bool xor_op)
{
  const uint base = lane & ~3u;
  long sum = long(int(c));
  for (uint j = 0; j < 4u; ++j) {
    const uint wa0 = p2m_tc_shfl(lo, base + j), wb0 = p2m_tc_shfl(b0, 4u * n + j);
    const uint wa1 = p2m_tc_shfl(hi, base + j), wb1 = p2m_tc_shfl(b1, 4u * n + j);
    sum += p2m_tc_idot_word(wa0, wb0, bits, a_signed, b_signed, xor_op);
    if (blocks == 2u)
      sum += p2m_tc_idot_word(wa1, wb1, bits, a_signed, b_signed, xor_op);
  }
  if (satfinite)
    sum = clamp(sum, long(-2147483647 - 1), long(2147483647));
  return uint(ulong(sum) & 0xffffffffu);
}

#define P2M_IMMA_2BLK(NAME, BITS, AS, BS, SAT, XOR)                                               \
  static inline uint NAME(uint i, uint a0, uint a1, uint a2, uint a3, uint b0, uint b1, uint c0,  \
                          uint c1, uint c2, uint c3, uint lane)                                   \
  {                                                                                               \
    const bool upper = (i >> 1) != 0u;                                                            \
    return p2m_tc_imma(upper ? a1 : a0, upper ? a3 : a2, b0, b1, 2u, 2u * (lane & 3u) + (i & 1u), \
                       p2m_tc_pick(i, c0, c1, c2, c3), lane, BITS, AS, BS, SAT, XOR);             \
  }
#define P2M_IMMA_1BLK(NAME, BITS, AS, BS, SAT, XOR)                                               \
  static inline uint NAME(uint i, uint a0, uint a1, uint b0, uint c0, uint c1, uint c2, uint c3,  \
                          uint lane)                                                              \
  {                                                                                               \
    const uint lo = (i >> 1) != 0u ? a1 : a0;                                                     \
    return p2m_tc_imma(lo, lo, b0, b0, 1u, 2u * (lane & 3u) + (i & 1u),                           \
                       p2m_tc_pick(i, c0, c1, c2, c3), lane, BITS, AS, BS, SAT, XOR);             \
  }
// m8n8kK: one A and one B register, C/D element i at row g, column 2q + i.
#define P2M_IMMA_M8N8(NAME, BITS, AS, BS, SAT, XOR)                                               \
  static inline uint NAME(uint i, uint a0, uint b0, uint c0, uint c1, uint lane)                  \
  {                                                                                               \
    return p2m_tc_imma(a0, a0, b0, b0, 1u, 2u * (lane & 3u) + i, i != 0u ? c1 : c0, lane, BITS,   \
                       AS, BS, SAT, XOR);                                                         \
  }
P2M_IMMA_2BLK(p2m_mma_m16n8k32_s32_s8_s8_s32, 8u, true, true, false, false)
P2M_IMMA_2BLK(p2m_mma_m16n8k32_s32_s8_u8_s32, 8u, true, false, false, false)
P2M_IMMA_2BLK(p2m_mma_m16n8k32_s32_u8_s8_s32, 8u, false, true, false, false)
P2M_IMMA_2BLK(p2m_mma_m16n8k32_s32_u8_u8_s32, 8u, false, false, false, false)
P2M_IMMA_2BLK(p2m_mma_m16n8k32_s32_s8_s8_s32_satfinite, 8u, true, true, true, false)
P2M_IMMA_2BLK(p2m_mma_m16n8k32_s32_s8_u8_s32_satfinite, 8u, true, false, true, false)
P2M_IMMA_2BLK(p2m_mma_m16n8k32_s32_u8_s8_s32_satfinite, 8u, false, true, true, false)
P2M_IMMA_2BLK(p2m_mma_m16n8k32_s32_u8_u8_s32_satfinite, 8u, false, false, true, false)
P2M_IMMA_1BLK(p2m_mma_m16n8k16_s32_s8_s8_s32, 8u, true, true, false, false)
P2M_IMMA_1BLK(p2m_mma_m16n8k16_s32_s8_u8_s32, 8u, true, false, false, false)
P2M_IMMA_1BLK(p2m_mma_m16n8k16_s32_u8_s8_s32, 8u, false, true, false, false)
P2M_IMMA_1BLK(p2m_mma_m16n8k16_s32_u8_u8_s32, 8u, false, false, false, false)
P2M_IMMA_1BLK(p2m_mma_m16n8k16_s32_s8_s8_s32_satfinite, 8u, true, true, true, false)
P2M_IMMA_1BLK(p2m_mma_m16n8k16_s32_s8_u8_s32_satfinite, 8u, true, false, true, false)
P2M_IMMA_1BLK(p2m_mma_m16n8k16_s32_u8_s8_s32_satfinite, 8u, false, true, true, false)
P2M_IMMA_1BLK(p2m_mma_m16n8k16_s32_u8_u8_s32_satfinite, 8u, false, false, true, false)
P2M_IMMA_M8N8(p2m_mma_m8n8k16_s32_s8_s8_s32, 8u, true, true, false, false)
P2M_IMMA_M8N8(p2m_mma_m8n8k16_s32_s8_u8_s32, 8u, true, false, false, false)
P2M_IMMA_M8N8(p2m_mma_m8n8k16_s32_u8_s8_s32, 8u, false, true, false, false)
P2M_IMMA_M8N8(p2m_mma_m8n8k16_s32_u8_u8_s32, 8u, false, false, false, false)
P2M_IMMA_M8N8(p2m_mma_m8n8k16_s32_s8_s8_s32_satfinite, 8u, true, true, true, false)
P2M_IMMA_M8N8(p2m_mma_m8n8k16_s32_s8_u8_s32_satfinite, 8u, true, false, true, false)
P2M_IMMA_M8N8(p2m_mma_m8n8k16_s32_u8_s8_s32_satfinite, 8u, false, true, true, false)
P2M_IMMA_M8N8(p2m_mma_m8n8k16_s32_u8_u8_s32_satfinite, 8u, false, false, true, false)
P2M_IMMA_2BLK(p2m_mma_m16n8k64_s32_s4_s4_s32, 4u, true, true, false, false)
P2M_IMMA_2BLK(p2m_mma_m16n8k64_s32_s4_u4_s32, 4u, true, false, false, false)
P2M_IMMA_2BLK(p2m_mma_m16n8k64_s32_u4_s4_s32, 4u, false, true, false, false)
P2M_IMMA_2BLK(p2m_mma_m16n8k64_s32_u4_u4_s32, 4u, false, false, false, false)
P2M_IMMA_2BLK(p2m_mma_m16n8k64_s32_s4_s4_s32_satfinite, 4u, true, true, true, false)
P2M_IMMA_2BLK(p2m_mma_m16n8k64_s32_s4_u4_s32_satfinite, 4u, true, false, true, false)
P2M_IMMA_2BLK(p2m_mma_m16n8k64_s32_u4_s4_s32_satfinite, 4u, false, true, true, false)
P2M_IMMA_2BLK(p2m_mma_m16n8k64_s32_u4_u4_s32_satfinite, 4u, false, false, true, false)
P2M_IMMA_1BLK(p2m_mma_m16n8k32_s32_s4_s4_s32, 4u, true, true, false, false)
P2M_IMMA_1BLK(p2m_mma_m16n8k32_s32_s4_u4_s32, 4u, true, false, false, false)
P2M_IMMA_1BLK(p2m_mma_m16n8k32_s32_u4_s4_s32, 4u, false, true, false, false)
P2M_IMMA_1BLK(p2m_mma_m16n8k32_s32_u4_u4_s32, 4u, false, false, false, false)
P2M_IMMA_1BLK(p2m_mma_m16n8k32_s32_s4_s4_s32_satfinite, 4u, true, true, true, false)
P2M_IMMA_1BLK(p2m_mma_m16n8k32_s32_s4_u4_s32_satfinite, 4u, true, false, true, false)
P2M_IMMA_1BLK(p2m_mma_m16n8k32_s32_u4_s4_s32_satfinite, 4u, false, true, true, false)
P2M_IMMA_1BLK(p2m_mma_m16n8k32_s32_u4_u4_s32_satfinite, 4u, false, false, true, false)
P2M_IMMA_M8N8(p2m_mma_m8n8k32_s32_s4_s4_s32, 4u, true, true, false, false)
P2M_IMMA_M8N8(p2m_mma_m8n8k32_s32_s4_u4_s32, 4u, true, false, false, false)
P2M_IMMA_M8N8(p2m_mma_m8n8k32_s32_u4_s4_s32, 4u, false, true, false, false)
P2M_IMMA_M8N8(p2m_mma_m8n8k32_s32_u4_u4_s32, 4u, false, false, false, false)
P2M_IMMA_M8N8(p2m_mma_m8n8k32_s32_s4_s4_s32_satfinite, 4u, true, true, true, false)
P2M_IMMA_M8N8(p2m_mma_m8n8k32_s32_s4_u4_s32_satfinite, 4u, true, false, true, false)
P2M_IMMA_M8N8(p2m_mma_m8n8k32_s32_u4_s4_s32_satfinite, 4u, false, true, true, false)
P2M_IMMA_M8N8(p2m_mma_m8n8k32_s32_u4_u4_s32_satfinite, 4u, false, false, true, false)
P2M_IMMA_2BLK(p2m_mma_m16n8k256_s32_b1_b1_s32_and_popc, 1u, false, false, false, false)
P2M_IMMA_2BLK(p2m_mma_m16n8k256_s32_b1_b1_s32_xor_popc, 1u, false, false, false, true)
P2M_IMMA_1BLK(p2m_mma_m16n8k128_s32_b1_b1_s32_and_popc, 1u, false, false, false, false)
P2M_IMMA_1BLK(p2m_mma_m16n8k128_s32_b1_b1_s32_xor_popc, 1u, false, false, false, true)
P2M_IMMA_M8N8(p2m_mma_m8n8k128_s32_b1_b1_s32_and_popc, 1u, false, false, false, false)
P2M_IMMA_M8N8(p2m_mma_m8n8k128_s32_b1_b1_s32_xor_popc, 1u, false, false, false, true)
#undef P2M_IMMA_M8N8
#undef P2M_IMMA_1BLK
#undef P2M_IMMA_2BLK

// --- m8n8k4 f64 ------------------------------------------------------------------------------
// Measured: an fma chain in k order, c + a0*b0, then + a1*b1, ..., each rounded to nearest even
// (fp64.h's p2m_f64_fma, NaN operands included). Fragments: lane 4g + q holds A[g][q] and
// B[q][g]; C/D element i of a lane is row g, column 2q + i. Only where fp64.h is present.
#ifdef P2M_F64_SUPPORT_H
static inline ulong p2m_tc_shfl64(ulong v, uint src_lane)
{
  return ulong(p2m_tc_shfl(uint(v), src_lane)) | (ulong(p2m_tc_shfl(uint(v >> 32), src_lane)) << 32);
}

static inline ulong p2m_mma_m8n8k4_f64_f64_f64_f64(uint i, ulong a0, ulong b0, ulong c0, ulong c1, uint lane)
{
  const uint n = 2u * (lane & 3u) + i, base = lane & ~3u;
  ulong acc = i != 0u ? c1 : c0;
  for (uint k = 0; k < 4u; ++k) {
    const ulong a = p2m_tc_shfl64(a0, base + k), b = p2m_tc_shfl64(b0, 4u * n + k);
    acc = p2m_f64_fma(a, b, acc, P2M_F64_RN);
  }
  return acc;
}
#endif

// --- m8n8k4 with f16 multiplicands (the quad-pair forms) ----------------------------------------
// Each quad-pair (lanes 4i..4i+3 with 16+4i..16+4i+3) multiplies its own 8x8x4 matrices; below,
// position p = lane % 4 and half u = lane / 16 name a lane within its quad-pair. Fragments (the
// PTX ISA's): A .row: lane (p, u) holds row p + 4u, k = 0..3 (register k / 2, half k % 2);
// A .col: lane (p, u) holds column k = p, rows 4u .. 4u + 3; B .col: lane (p, u) holds column
// p + 4u, k = 0..3; B .row: lane (p, u) holds row k = p, columns 4u .. 4u + 3. C/D f16: lane
// (p, u) holds row p + 4u, columns 2j and 2j + 1 in register j; f32: register i is row
// (p & 1) + (i & 2) + 4u, column (i & 4) + (p & 2) + (i & 1).
// sm_90 has no instruction for them: ptxas emits a routine of shuffles and f32 arithmetic, with
// exact f16 -> f32 conversions (the recordings match it bit for bit):
//   f32 accumulators: s = +0, then s = fma(a_k, b_k, s) for k = 0, 1, 2, 3 (FFMA), D = C + s (FADD);
//   f16 accumulators: s01 = a0 b0 + a1 b1, s23 = a2 b2 + a3 b3 (FMUL, FFMA), D = f16((C + s01) + s23)
//   (FADD, FADD, F2FP to nearest even).
// Every step rounds to nearest even (f32, subnormals kept); NaN results are 0x7fffffff (f16 0x7fff).
// The lane at position p of half u of this lane's quad-pair.
static inline uint p2m_tc_qp_lane(uint lane, uint p, uint u)
{
  return (u << 4) | (lane & 12u) | p;
}

// The four f16 values (k = 0..3) of an A row or B column held by one lane (A .row, B .col).
static inline void p2m_tc_m8n8k4_own(uint r0, uint r1, uint src, thread uint *dst)
{
  const uint w0 = p2m_tc_shfl(r0, src), w1 = p2m_tc_shfl(r1, src);
  p2m_tc_unpack2(w0, dst);
  p2m_tc_unpack2(w1, dst + 2);
}

// The four f16 values (k = 0..3) of an A row or B column spread over the positions k of half u
// (A .col, B .row), element x (0..3) of each lane's four.
static inline void p2m_tc_m8n8k4_spread(uint r0, uint r1, uint lane, uint u, uint x, thread uint *dst)
{
  for (uint k = 0; k < 4u; ++k) {
    const uint src = p2m_tc_qp_lane(lane, k, u);
    const uint w0 = p2m_tc_shfl(r0, src), w1 = p2m_tc_shfl(r1, src);
    const uint w = (x & 2u) != 0u ? w1 : w0;
    dst[k] = (x & 1u) != 0u ? w >> 16 : w & 0xffffu;
  }
}

// Row m of A and column n of B.
static inline void p2m_tc_m8n8k4_a(uint a0, uint a1, bool row_major, uint m, uint lane, thread uint *dst)
{
  if (row_major)
    p2m_tc_m8n8k4_own(a0, a1, p2m_tc_qp_lane(lane, m & 3u, m >> 2), dst);
  else
    p2m_tc_m8n8k4_spread(a0, a1, lane, m >> 2, m & 3u, dst);
}
static inline void p2m_tc_m8n8k4_b(uint b0, uint b1, bool row_major, uint n, uint lane, thread uint *dst)
{
  if (row_major)
    p2m_tc_m8n8k4_spread(b0, b1, lane, n >> 2, n & 3u, dst);
  else
    p2m_tc_m8n8k4_own(b0, b1, p2m_tc_qp_lane(lane, n & 3u, n >> 2), dst);
}

// f32 accumulators: the element of A row `row`, B column `col`, C bits c.
static inline uint p2m_tc_m8n8k4_f32_one(thread const uint *row, thread const uint *col, uint c)
{
  uint s = 0u;
  for (uint k = 0; k < 4u; ++k)
    s = p2m_tc_ffma_f16(row[k], col[k], s);
  return p2m_tc_fadd(c, s);
}

// f32 accumulators: element i of this lane.
static inline uint p2m_tc_m8n8k4_f32(uint i, uint a0, uint a1, uint b0, uint b1, uint c, uint lane, bool a_row,
                                     bool b_row)
{
  const uint p = lane & 3u, u = (lane >> 4) & 1u;
  uint row[4], col[4];
  p2m_tc_m8n8k4_a(a0, a1, a_row, (p & 1u) + (i & 2u) + 4u * u, lane, row);
  p2m_tc_m8n8k4_b(b0, b1, b_row, (i & 4u) + (p & 2u) + (i & 1u), lane, col);
  return p2m_tc_m8n8k4_f32_one(row, col, c);
}

// f16 accumulators: the element of A row `row`, B column `col`, C bits c (f16).
static inline uint p2m_tc_m8n8k4_f16_one(thread const uint *row, thread const uint *col, uint c)
{
  const uint s01 = p2m_tc_ffma_f16(row[1], col[1], p2m_tc_ffma_f16(row[0], col[0], 0x80000000u));
  const uint s23 = p2m_tc_ffma_f16(row[3], col[3], p2m_tc_ffma_f16(row[2], col[2], 0x80000000u));
  return p2m_tc_f32_to_f16(p2m_tc_fadd(p2m_tc_fadd(p2m_tc_f16_to_f32(c), s01), s23));
}

// f16 accumulators: register j of this lane (columns 2j and 2j + 1).
static inline uint p2m_tc_m8n8k4_f16(uint j, uint a0, uint a1, uint b0, uint b1, uint c, uint lane, bool a_row,
                                     bool b_row)
{
  const uint p = lane & 3u, u = (lane >> 4) & 1u;
  uint row[4], col0[4], col1[4];
  p2m_tc_m8n8k4_a(a0, a1, a_row, p + 4u * u, lane, row);
  p2m_tc_m8n8k4_b(b0, b1, b_row, 2u * j, lane, col0);
  p2m_tc_m8n8k4_b(b0, b1, b_row, 2u * j + 1u, lane, col1);
  return p2m_tc_m8n8k4_f16_one(row, col0, c & 0xffffu) | (p2m_tc_m8n8k4_f16_one(row, col1, c >> 16) << 16);
}

#define P2M_MMA_M8N8K4_F32(NAME, AROW, BROW)                                                      \
  static inline uint NAME(uint i, uint a0, uint a1, uint b0, uint b1, uint c0, uint c1, uint c2,  \
                          uint c3, uint c4, uint c5, uint c6, uint c7, uint lane)                 \
  {                                                                                               \
    const uint x = p2m_tc_pick(i & 3u, c0, c1, c2, c3), y = p2m_tc_pick(i & 3u, c4, c5, c6, c7);  \
    return p2m_tc_m8n8k4_f32(i, a0, a1, b0, b1, (i & 4u) != 0u ? y : x, lane, AROW, BROW);        \
  }
#define P2M_MMA_M8N8K4_F16(NAME, AROW, BROW)                                                      \
  static inline uint NAME(uint j, uint a0, uint a1, uint b0, uint b1, uint c0, uint c1, uint c2,  \
                          uint c3, uint lane)                                                     \
  {                                                                                               \
    return p2m_tc_m8n8k4_f16(j, a0, a1, b0, b1, p2m_tc_pick(j, c0, c1, c2, c3), lane, AROW, BROW); \
  }
P2M_MMA_M8N8K4_F32(p2m_mma_m8n8k4_row_col_f32_f16_f16_f32, true, false)
P2M_MMA_M8N8K4_F32(p2m_mma_m8n8k4_row_row_f32_f16_f16_f32, true, true)
P2M_MMA_M8N8K4_F32(p2m_mma_m8n8k4_col_col_f32_f16_f16_f32, false, false)
P2M_MMA_M8N8K4_F32(p2m_mma_m8n8k4_col_row_f32_f16_f16_f32, false, true)
P2M_MMA_M8N8K4_F16(p2m_mma_m8n8k4_row_col_f16_f16_f16_f16, true, false)
P2M_MMA_M8N8K4_F16(p2m_mma_m8n8k4_row_row_f16_f16_f16_f16, true, true)
P2M_MMA_M8N8K4_F16(p2m_mma_m8n8k4_col_col_f16_f16_f16_f16, false, false)
P2M_MMA_M8N8K4_F16(p2m_mma_m8n8k4_col_row_f16_f16_f16_f16, false, true)
#undef P2M_MMA_M8N8K4_F16
#undef P2M_MMA_M8N8K4_F32

// --- wmma (f16 and bf16 multiplicands, f16 or f32 accumulators) ---------------------------------
// PTX leaves the wmma fragment layouts unspecified (only load, store, mma and element-wise use
// are defined), so these helpers choose the mma.m16n8k16 fragment layouts, tiled: A is one or two
// m16 blocks (m8n32k16: rows g only), B one, two or four n8 blocks, C/D the m16n8 accumulator
// tiles. Registers an f16 fragment has beyond its elements repeat the first ones. The products
// are the mma.m16n8k16 arithmetic above.
//   shape 0: m16n16k16, 1: m32n8k16, 2: m8n32k16.
struct p2m_rc {
  uint row, col;
};

// A element (row, col) of register j, half h.
static inline p2m_rc p2m_wmma_pos_a(uint shape, uint j, uint h, uint lane)
{
  const uint g = (lane >> 2) & 7u, q = lane & 3u;
  if (shape == 2u) {
    j &= 1u;
    return p2m_rc{g, 2u * q + h + 8u * j};
  }
  const uint mb = shape == 1u ? (j >> 2) & 1u : 0u, r = j & 3u;
  return p2m_rc{16u * mb + g + 8u * (r & 1u), 2u * q + h + 8u * (r >> 1)};
}

// B element (k, n) of register j, half h.
static inline p2m_rc p2m_wmma_pos_b(uint shape, uint j, uint h, uint lane)
{
  const uint g = (lane >> 2) & 7u, q = lane & 3u;
  const uint nblocks = shape == 0u ? 2u : shape == 1u ? 1u : 4u;
  j &= 2u * nblocks - 1u;
  return p2m_rc{2u * q + h + 8u * (j & 1u), 8u * (j >> 1) + g};
}

// C/D element e (f32 register e; f16 register e / 2, half e % 2): (row, col).
static inline p2m_rc p2m_wmma_pos_c(uint shape, uint e, uint lane)
{
  const uint g = (lane >> 2) & 7u, q = lane & 3u;
  if (shape == 2u)
    return p2m_rc{g, 8u * (e >> 1) + 2u * q + (e & 1u)};
  const uint x = e & 3u, blk = (e >> 2) & 1u;
  const uint row = g + 8u * (x >> 1) + (shape == 1u ? 16u * blk : 0u);
  return p2m_rc{row, 2u * q + (x & 1u) + (shape == 0u ? 8u * blk : 0u)};
}

static inline uint p2m_wmma_index(p2m_rc rc, uint ldm, bool col_major)
{
  return col_major ? rc.col * ldm + rc.row : rc.row * ldm + rc.col;
}

// Loads and stores, for device and threadgroup memory.
static inline uint p2m_wmma_load_ab_global(bool b_matrix, uint shape, uint j, device uint *p,
                                             uint ldm, bool col_major, uint lane)
{
  device ushort *e = reinterpret_cast<device ushort *>(p);
  const p2m_rc p0 = b_matrix ? p2m_wmma_pos_b(shape, j, 0u, lane) : p2m_wmma_pos_a(shape, j, 0u, lane);
  const p2m_rc p1 = b_matrix ? p2m_wmma_pos_b(shape, j, 1u, lane) : p2m_wmma_pos_a(shape, j, 1u, lane);
  return uint(e[p2m_wmma_index(p0, ldm, col_major)]) | (uint(e[p2m_wmma_index(p1, ldm, col_major)]) << 16);
}
static inline uint p2m_wmma_load_c_global(bool f16, uint shape, uint j, device uint *p, uint ldm,
                                            bool col_major, uint lane)
{
  if (!f16)
    return p[p2m_wmma_index(p2m_wmma_pos_c(shape, j, lane), ldm, col_major)];
  device ushort *e = reinterpret_cast<device ushort *>(p);
  return uint(e[p2m_wmma_index(p2m_wmma_pos_c(shape, 2u * j, lane), ldm, col_major)]) |
         (uint(e[p2m_wmma_index(p2m_wmma_pos_c(shape, 2u * j + 1u, lane), ldm, col_major)]) << 16);
}
static inline void p2m_wmma_store_one_global(bool f16, uint shape, uint j, uint v, device uint *p,
                                               uint ldm, bool col_major, uint lane)
{
  if (!f16) {
    p[p2m_wmma_index(p2m_wmma_pos_c(shape, j, lane), ldm, col_major)] = v;
    return;
  }
  device ushort *e = reinterpret_cast<device ushort *>(p);
  e[p2m_wmma_index(p2m_wmma_pos_c(shape, 2u * j, lane), ldm, col_major)] = ushort(v & 0xffffu);
  e[p2m_wmma_index(p2m_wmma_pos_c(shape, 2u * j + 1u, lane), ldm, col_major)] = ushort(v >> 16);
}
static inline uint p2m_wmma_load_ab_shared(bool b_matrix, uint shape, uint j, threadgroup uint *p,
                                             uint ldm, bool col_major, uint lane)
{
  threadgroup ushort *e = reinterpret_cast<threadgroup ushort *>(p);
  const p2m_rc p0 = b_matrix ? p2m_wmma_pos_b(shape, j, 0u, lane) : p2m_wmma_pos_a(shape, j, 0u, lane);
  const p2m_rc p1 = b_matrix ? p2m_wmma_pos_b(shape, j, 1u, lane) : p2m_wmma_pos_a(shape, j, 1u, lane);
  return uint(e[p2m_wmma_index(p0, ldm, col_major)]) | (uint(e[p2m_wmma_index(p1, ldm, col_major)]) << 16);
}
static inline uint p2m_wmma_load_c_shared(bool f16, uint shape, uint j, threadgroup uint *p, uint ldm,
                                            bool col_major, uint lane)
{
  if (!f16)
    return p[p2m_wmma_index(p2m_wmma_pos_c(shape, j, lane), ldm, col_major)];
  threadgroup ushort *e = reinterpret_cast<threadgroup ushort *>(p);
  return uint(e[p2m_wmma_index(p2m_wmma_pos_c(shape, 2u * j, lane), ldm, col_major)]) |
         (uint(e[p2m_wmma_index(p2m_wmma_pos_c(shape, 2u * j + 1u, lane), ldm, col_major)]) << 16);
}
static inline void p2m_wmma_store_one_shared(bool f16, uint shape, uint j, uint v, threadgroup uint *p,
                                               uint ldm, bool col_major, uint lane)
{
  if (!f16) {
    p[p2m_wmma_index(p2m_wmma_pos_c(shape, j, lane), ldm, col_major)] = v;
    return;
  }
  threadgroup ushort *e = reinterpret_cast<threadgroup ushort *>(p);
  e[p2m_wmma_index(p2m_wmma_pos_c(shape, 2u * j, lane), ldm, col_major)] = ushort(v & 0xffffu);
  e[p2m_wmma_index(p2m_wmma_pos_c(shape, 2u * j + 1u, lane), ldm, col_major)] = ushort(v >> 16);
}

// D element e = A row * B column + C element e (f32 bits; f16 bits when f16_acc).
static inline uint p2m_wmma_element(uint shape, uint e, uint fmt, bool f16_acc, thread const uint *a,
                                    thread const uint *b, uint c, uint lane)
{
  const p2m_rc rc = p2m_wmma_pos_c(shape, e, lane);
  // The A registers of this row's block: rows g (lo, hi = k 0-7, 8-15) or g + 8; m8n32k16 has one.
  const uint base = shape == 2u ? 0u : 4u * (rc.row >> 4) + ((rc.row >> 3) & 1u);
  const uint lo = a[base], hi = a[shape == 2u ? 1u : base + 2u];
  const uint nb = rc.col >> 3;
  uint row[16], col[16];
  p2m_tc_row16(lo, hi, lane, row);
  p2m_tc_col16(p2m_tc_pick(nb, b[0], b[2], b[4], b[6]), p2m_tc_pick(nb, b[1], b[3], b[5], b[7]), rc.col & 7u, col);
  return p2m_tc_dot(row, col, 16u, fmt, c, f16_acc);
}

// D register j of wmma.mma: eight A, B and C registers (missing ones passed as 0).
static inline uint p2m_wmma_mma(uint shape, uint fmt, bool f16_acc, uint j, thread const uint *a, thread const uint *b,
                                thread const uint *c, uint lane)
{
  if (!f16_acc)
    return p2m_wmma_element(shape, j, fmt, false, a, b, c[j & 7u], lane);
  const uint cj = c[j & 3u];
  return p2m_wmma_element(shape, 2u * j, fmt, true, a, b, cj & 0xffffu, lane) |
         (p2m_wmma_element(shape, 2u * j + 1u, fmt, true, a, b, cj >> 16, lane) << 16);
}

#define P2M_WMMA_MMA(NAME, SHAPE, FMT, F16ACC)                                                    \
  static inline uint NAME(uint j, uint a0, uint a1, uint a2, uint a3, uint a4, uint a5, uint a6,  \
                          uint a7, uint b0, uint b1, uint b2, uint b3, uint b4, uint b5, uint b6,  \
                          uint b7, uint c0, uint c1, uint c2, uint c3, uint c4, uint c5, uint c6,  \
                          uint c7, uint lane)                                                     \
  {                                                                                               \
    const uint a[8] = {a0, a1, a2, a3, a4, a5, a6, a7};                                           \
    const uint b[8] = {b0, b1, b2, b3, b4, b5, b6, b7};                                           \
    const uint c[8] = {c0, c1, c2, c3, c4, c5, c6, c7};                                           \
    return p2m_wmma_mma(SHAPE, FMT, F16ACC, j, a, b, c, lane);                                    \
  }
P2M_WMMA_MMA(p2m_wmma_mma_m16n16k16_f16_f32, 0u, P2M_TC_F16, false)
P2M_WMMA_MMA(p2m_wmma_mma_m16n16k16_f16_f16, 0u, P2M_TC_F16, true)
P2M_WMMA_MMA(p2m_wmma_mma_m16n16k16_bf16_f32, 0u, P2M_TC_BF16, false)
P2M_WMMA_MMA(p2m_wmma_mma_m32n8k16_f16_f32, 1u, P2M_TC_F16, false)
P2M_WMMA_MMA(p2m_wmma_mma_m32n8k16_f16_f16, 1u, P2M_TC_F16, true)
P2M_WMMA_MMA(p2m_wmma_mma_m32n8k16_bf16_f32, 1u, P2M_TC_BF16, false)
P2M_WMMA_MMA(p2m_wmma_mma_m8n32k16_f16_f32, 2u, P2M_TC_F16, false)
P2M_WMMA_MMA(p2m_wmma_mma_m8n32k16_f16_f16, 2u, P2M_TC_F16, true)
P2M_WMMA_MMA(p2m_wmma_mma_m8n32k16_bf16_f32, 2u, P2M_TC_BF16, false)
#undef P2M_WMMA_MMA

// The load/store entry points the lowering calls ({} = global or shared in the name).
static inline uint p2m_wmma_load_a_global(uint shape, uint col_major, uint j, device uint *p,
                                            uint ldm, uint lane)
{
  return p2m_wmma_load_ab_global(false, shape, j, p, ldm, col_major != 0u, lane);
}
static inline uint p2m_wmma_load_b_global(uint shape, uint col_major, uint j, device uint *p,
                                            uint ldm, uint lane)
{
  return p2m_wmma_load_ab_global(true, shape, j, p, ldm, col_major != 0u, lane);
}
static inline uint p2m_wmma_load_c_f16_global(uint shape, uint col_major, uint j, device uint *p,
                                                uint ldm, uint lane)
{
  return p2m_wmma_load_c_global(true, shape, j, p, ldm, col_major != 0u, lane);
}
static inline uint p2m_wmma_load_c_f32_global(uint shape, uint col_major, uint j, device uint *p,
                                                uint ldm, uint lane)
{
  return p2m_wmma_load_c_global(false, shape, j, p, ldm, col_major != 0u, lane);
}
static inline void p2m_wmma_store_f16_global(uint shape, uint col_major, uint j, device uint *p,
                                               uint ldm, uint v, uint lane)
{
  p2m_wmma_store_one_global(true, shape, j, v, p, ldm, col_major != 0u, lane);
}
static inline void p2m_wmma_store_f32_global(uint shape, uint col_major, uint j, device uint *p,
                                               uint ldm, uint v, uint lane)
{
  p2m_wmma_store_one_global(false, shape, j, v, p, ldm, col_major != 0u, lane);
}
static inline uint p2m_wmma_load_a_shared(uint shape, uint col_major, uint j, threadgroup uint *p,
                                            uint ldm, uint lane)
{
  return p2m_wmma_load_ab_shared(false, shape, j, p, ldm, col_major != 0u, lane);
}
static inline uint p2m_wmma_load_b_shared(uint shape, uint col_major, uint j, threadgroup uint *p,
                                            uint ldm, uint lane)
{
  return p2m_wmma_load_ab_shared(true, shape, j, p, ldm, col_major != 0u, lane);
}
static inline uint p2m_wmma_load_c_f16_shared(uint shape, uint col_major, uint j, threadgroup uint *p,
                                                uint ldm, uint lane)
{
  return p2m_wmma_load_c_shared(true, shape, j, p, ldm, col_major != 0u, lane);
}
static inline uint p2m_wmma_load_c_f32_shared(uint shape, uint col_major, uint j, threadgroup uint *p,
                                                uint ldm, uint lane)
{
  return p2m_wmma_load_c_shared(false, shape, j, p, ldm, col_major != 0u, lane);
}
static inline void p2m_wmma_store_f16_shared(uint shape, uint col_major, uint j, threadgroup uint *p,
                                               uint ldm, uint v, uint lane)
{
  p2m_wmma_store_one_shared(true, shape, j, v, p, ldm, col_major != 0u, lane);
}
static inline void p2m_wmma_store_f32_shared(uint shape, uint col_major, uint j, threadgroup uint *p,
                                               uint ldm, uint v, uint lane)
{
  p2m_wmma_store_one_shared(false, shape, j, v, p, ldm, col_major != 0u, lane);
}

// --- wmma with s8/u8 multiplicands (s32 accumulators) ------------------------------------------
// Laid out as tiles of the mma.m16n8k16 .s8 fragments: an A register holds four consecutive k
// (byte i: k = 4q + i) of row g (m16n16k16: register 1 row g+8; m32n8k16: registers 2 and 3
// rows 16 + g, 16 + g + 8; m8n32k16: one register, row g); B register j holds k = 4q .. 4q+3 of
// column 8j + g. C/D are the f32 layouts above (one s32 per register). The sum is exact, wrapped
// to s32 or clamped with .satfinite, as mma.sync's (p2m_tc_imma).

// A element (row, col) of register j, byte h.
static inline p2m_rc p2m_wmma_pos_a8(uint shape, uint j, uint h, uint lane)
{
  const uint g = (lane >> 2) & 7u, q = lane & 3u;
  if (shape == 2u)
    return p2m_rc{g, 4u * q + h};
  return p2m_rc{16u * ((j >> 1) & 1u) + g + 8u * (j & 1u), 4u * q + h};
}

// B element (k, n) of register j, byte h.
static inline p2m_rc p2m_wmma_pos_b8(uint j, uint h, uint lane)
{
  return p2m_rc{4u * (lane & 3u) + h, 8u * j + ((lane >> 2) & 7u)};
}

static inline uint p2m_wmma_load_ab8_global(bool b_matrix, uint shape, uint j, device uint *p, uint ldm,
                                            bool col_major, uint lane)
{
  device uchar *e = reinterpret_cast<device uchar *>(p);
  uint w = 0u;
  for (uint h = 0; h < 4u; ++h) {
    const p2m_rc rc = b_matrix ? p2m_wmma_pos_b8(j, h, lane) : p2m_wmma_pos_a8(shape, j, h, lane);
    w |= uint(e[p2m_wmma_index(rc, ldm, col_major)]) << (8u * h);
  }
  return w;
}
static inline uint p2m_wmma_load_ab8_shared(bool b_matrix, uint shape, uint j, threadgroup uint *p, uint ldm,
                                            bool col_major, uint lane)
{
  threadgroup uchar *e = reinterpret_cast<threadgroup uchar *>(p);
  uint w = 0u;
  for (uint h = 0; h < 4u; ++h) {
    const p2m_rc rc = b_matrix ? p2m_wmma_pos_b8(j, h, lane) : p2m_wmma_pos_a8(shape, j, h, lane);
    w |= uint(e[p2m_wmma_index(rc, ldm, col_major)]) << (8u * h);
  }
  return w;
}

// The entry points ({} = global or shared); s8 and u8 fragments are the same bytes.
static inline uint p2m_wmma_load_a_i8_global(uint shape, uint col_major, uint j, device uint *p, uint ldm, uint lane)
{
  return p2m_wmma_load_ab8_global(false, shape, j, p, ldm, col_major != 0u, lane);
}
static inline uint p2m_wmma_load_b_i8_global(uint shape, uint col_major, uint j, device uint *p, uint ldm, uint lane)
{
  return p2m_wmma_load_ab8_global(true, shape, j, p, ldm, col_major != 0u, lane);
}
static inline uint p2m_wmma_load_a_i8_shared(uint shape, uint col_major, uint j, threadgroup uint *p, uint ldm,
                                             uint lane)
{
  return p2m_wmma_load_ab8_shared(false, shape, j, p, ldm, col_major != 0u, lane);
}
static inline uint p2m_wmma_load_b_i8_shared(uint shape, uint col_major, uint j, threadgroup uint *p, uint ldm,
                                             uint lane)
{
  return p2m_wmma_load_ab8_shared(true, shape, j, p, ldm, col_major != 0u, lane);
}
// s32 accumulators: the f32 layout, one element per register.
static inline uint p2m_wmma_load_c_s32_global(uint shape, uint col_major, uint j, device uint *p, uint ldm,
                                              uint lane)
{
  return p2m_wmma_load_c_global(false, shape, j, p, ldm, col_major != 0u, lane);
}
static inline void p2m_wmma_store_s32_global(uint shape, uint col_major, uint j, device uint *p, uint ldm, uint v,
                                             uint lane)
{
  p2m_wmma_store_one_global(false, shape, j, v, p, ldm, col_major != 0u, lane);
}
static inline uint p2m_wmma_load_c_s32_shared(uint shape, uint col_major, uint j, threadgroup uint *p, uint ldm,
                                              uint lane)
{
  return p2m_wmma_load_c_shared(false, shape, j, p, ldm, col_major != 0u, lane);
}
static inline void p2m_wmma_store_s32_shared(uint shape, uint col_major, uint j, threadgroup uint *p, uint ldm,
                                             uint v, uint lane)
{
  p2m_wmma_store_one_shared(false, shape, j, v, p, ldm, col_major != 0u, lane);
}

// D register j (element j of the f32 layout): the row's A register and the column's B register
// are the same for every lane, so the shuffles stay uniform.
static inline uint p2m_wmma_imma(uint shape, bool a_signed, bool b_signed, bool satfinite, uint j,
                                 thread const uint *a, thread const uint *b, uint c, uint lane)
{
  const p2m_rc rc = p2m_wmma_pos_c(shape, j, lane);
  const uint areg = shape == 2u ? 0u : 2u * (rc.row >> 4) + ((rc.row >> 3) & 1u);
  const uint lo = p2m_tc_pick(areg, a[0], a[1], a[2], a[3]), bw = p2m_tc_pick(rc.col >> 3, b[0], b[1], b[2], b[3]);
  return p2m_tc_imma(lo, lo, bw, bw, 1u, rc.col & 7u, c, lane, 8u, a_signed, b_signed, satfinite, false);
}

#define P2M_WMMA_IMMA(NAME, SHAPE, AS, BS, SAT)                                                   \
  static inline uint NAME(uint j, uint a0, uint a1, uint a2, uint a3, uint b0, uint b1, uint b2,  \
                          uint b3, uint c0, uint c1, uint c2, uint c3, uint c4, uint c5, uint c6,  \
                          uint c7, uint lane)                                                     \
  {                                                                                               \
    const uint a[4] = {a0, a1, a2, a3};                                                           \
    const uint b[4] = {b0, b1, b2, b3};                                                           \
    const uint c[8] = {c0, c1, c2, c3, c4, c5, c6, c7};                                           \
    return p2m_wmma_imma(SHAPE, AS, BS, SAT, j, a, b, c[j & 7u], lane);                           \
  }
P2M_WMMA_IMMA(p2m_wmma_mma_m16n16k16_s32_s8_s8_s32, 0u, true, true, false)
P2M_WMMA_IMMA(p2m_wmma_mma_m16n16k16_s32_u8_u8_s32, 0u, false, false, false)
P2M_WMMA_IMMA(p2m_wmma_mma_m16n16k16_s32_s8_s8_s32_satfinite, 0u, true, true, true)
P2M_WMMA_IMMA(p2m_wmma_mma_m16n16k16_s32_u8_u8_s32_satfinite, 0u, false, false, true)
P2M_WMMA_IMMA(p2m_wmma_mma_m32n8k16_s32_s8_s8_s32, 1u, true, true, false)
P2M_WMMA_IMMA(p2m_wmma_mma_m32n8k16_s32_u8_u8_s32, 1u, false, false, false)
P2M_WMMA_IMMA(p2m_wmma_mma_m32n8k16_s32_s8_s8_s32_satfinite, 1u, true, true, true)
P2M_WMMA_IMMA(p2m_wmma_mma_m32n8k16_s32_u8_u8_s32_satfinite, 1u, false, false, true)
P2M_WMMA_IMMA(p2m_wmma_mma_m8n32k16_s32_s8_s8_s32, 2u, true, true, false)
P2M_WMMA_IMMA(p2m_wmma_mma_m8n32k16_s32_u8_u8_s32, 2u, false, false, false)
P2M_WMMA_IMMA(p2m_wmma_mma_m8n32k16_s32_s8_s8_s32_satfinite, 2u, true, true, true)
P2M_WMMA_IMMA(p2m_wmma_mma_m8n32k16_s32_u8_u8_s32_satfinite, 2u, false, false, true)
#undef P2M_WMMA_IMMA

// --- wmma m16n16k8 tf32, m8n8k32 s4/u4, m8n8k128 b1 ------------------------------------------
// The layouts are the ones nvcc's <mma.h> code gets from ptxas (CUDA 13.0, sm_80 and sm_90 SASS:
// docs/gpu-facts.md "wmma tf32, s4/u4 and b1"), the same for .row and .col memory layouts:
//   tf32 A register j: row g + 8 (j & 1), column q + 4 (j >> 1) (mma.m16n8k8 tf32's A);
//   tf32 B register j: row (k) q + 4 (j & 1), column g + 8 (j >> 1) (two mma.m16n8k8 B blocks);
//   f32 C/D of m16n16k8: m16n16k16's (p2m_wmma_pos_c shape 0);
//   s4/u4 and b1: mma.m8n8k32 / m8n8k128's: A (.row) register: row g, 32 bits of k from bit 32q;
//   B (.col): column g, the same k; s32 C/D: row g, columns 2q, 2q + 1 (p2m_wmma_pos_c shape 2,
//   elements 0 and 1).
// The stride of a sub-byte matrix counts elements (ptxas shifts it right by 3 for s4, 5 for b1).
// The `shape` argument of these entry points is unused (one argument list for every wmma load).
static inline p2m_rc p2m_wmma_pos_tf32(bool b_matrix, uint j, uint lane)
{
  const uint g = (lane >> 2) & 7u, q = lane & 3u;
  if (b_matrix)
    return p2m_rc{q + 4u * (j & 1u), g + 8u * ((j >> 1) & 1u)};
  return p2m_rc{g + 8u * (j & 1u), q + 4u * ((j >> 1) & 1u)};
}

// The word a lane's sub-byte A (.row) or B (.col) register comes from.
static inline uint p2m_wmma_sub_byte_word(uint bits, uint ldm, uint lane)
{
  return ((lane >> 2) & 7u) * (ldm >> (bits == 4u ? 3u : 5u)) + (lane & 3u);
}

static inline uint p2m_wmma_load_a_tf32_global(uint, uint col_major, uint j, device uint *p, uint ldm, uint lane)
{
  return p[p2m_wmma_index(p2m_wmma_pos_tf32(false, j, lane), ldm, col_major != 0u)];
}
static inline uint p2m_wmma_load_b_tf32_global(uint, uint col_major, uint j, device uint *p, uint ldm, uint lane)
{
  return p[p2m_wmma_index(p2m_wmma_pos_tf32(true, j, lane), ldm, col_major != 0u)];
}
static inline uint p2m_wmma_load_a_tf32_shared(uint, uint col_major, uint j, threadgroup uint *p, uint ldm,
                                               uint lane)
{
  return p[p2m_wmma_index(p2m_wmma_pos_tf32(false, j, lane), ldm, col_major != 0u)];
}
static inline uint p2m_wmma_load_b_tf32_shared(uint, uint col_major, uint j, threadgroup uint *p, uint ldm,
                                               uint lane)
{
  return p[p2m_wmma_index(p2m_wmma_pos_tf32(true, j, lane), ldm, col_major != 0u)];
}
static inline uint p2m_wmma_load_ab_i4_global(uint, uint, uint, device uint *p, uint ldm, uint lane)
{
  return p[p2m_wmma_sub_byte_word(4u, ldm, lane)];
}
static inline uint p2m_wmma_load_ab_b1_global(uint, uint, uint, device uint *p, uint ldm, uint lane)
{
  return p[p2m_wmma_sub_byte_word(1u, ldm, lane)];
}
static inline uint p2m_wmma_load_ab_i4_shared(uint, uint, uint, threadgroup uint *p, uint ldm, uint lane)
{
  return p[p2m_wmma_sub_byte_word(4u, ldm, lane)];
}
static inline uint p2m_wmma_load_ab_b1_shared(uint, uint, uint, threadgroup uint *p, uint ldm, uint lane)
{
  return p[p2m_wmma_sub_byte_word(1u, ldm, lane)];
}

// wmma.mma m16n16k8 tf32 as ptxas issues it: four mma.m16n8k4 tf32 (HMMA.1684.F32.TF32), for
// each n8 block k 0-3 into C, then k 4-7 into that f32 result (two roundings toward zero).
// D register j: element j & 3 of block j >> 2.
static inline uint p2m_wmma_mma_m16n16k8_tf32_f32(uint j, uint a0, uint a1, uint a2, uint a3, uint a4, uint a5,
                                                  uint a6, uint a7, uint b0, uint b1, uint b2, uint b3, uint b4,
                                                  uint b5, uint b6, uint b7, uint c0, uint c1, uint c2, uint c3,
                                                  uint c4, uint c5, uint c6, uint c7, uint lane)
{
  const uint a[8] = {a0, a1, a2, a3, a4, a5, a6, a7};
  const uint b[8] = {b0, b1, b2, b3, b4, b5, b6, b7};
  const uint c[8] = {c0, c1, c2, c3, c4, c5, c6, c7};
  const uint i = j & 3u, blk = (j >> 2) & 1u, cj = c[j & 7u];
  const uint t = p2m_mma_m16n8k4_f32_tf32_tf32_f32(i, a[0], a[1], b[2u * blk], cj, cj, cj, cj, lane);
  return p2m_mma_m16n8k4_f32_tf32_tf32_f32(i, a[2], a[3], b[2u * blk + 1u], t, t, t, t, lane);
}

// --- wmma m8n8k4 f64 ---------------------------------------------------------------------------
// ptxas (sm_80, sm_90) loads the mma.m8n8k4 f64 fragments and issues the same DMMA.884: A holds
// A[g][q], B holds B[q][g], C/D register j holds row g, column 2q + j, whatever the memory layout
// (read from its SASS, docs/gpu-facts.md). wmma.mma is p2m_mma_m8n8k4_f64_f64_f64_f64. ldm
// counts elements; the f64 elements are read through p2m_alias (the pointer is a uint one).
// Entry points: {} = global or shared.
static inline uint p2m_wmma_f64_index(uint matrix, uint j, uint ldm, bool col_major, uint lane)
{
  const uint g = (lane >> 2) & 7u, q = lane & 3u;
  const p2m_rc rc = matrix == 0u ? p2m_rc{g, q} : matrix == 1u ? p2m_rc{q, g} : p2m_rc{g, 2u * q + j};
  return p2m_wmma_index(rc, ldm, col_major);
}
static inline ulong p2m_wmma_load_f64_global(uint matrix, uint col_major, uint j, device uint *p, uint ldm, uint lane)
{
  const uint at = p2m_wmma_f64_index(matrix, j, ldm, col_major != 0u, lane);
  return reinterpret_cast<device p2m_alias<ulong> *>(p)[at].v;
}
static inline ulong p2m_wmma_load_f64_shared(uint matrix, uint col_major, uint j, threadgroup uint *p, uint ldm,
                                             uint lane)
{
  const uint at = p2m_wmma_f64_index(matrix, j, ldm, col_major != 0u, lane);
  return reinterpret_cast<threadgroup p2m_alias<ulong> *>(p)[at].v;
}
static inline ulong p2m_wmma_load_a_f64_global(uint col_major, uint j, device uint *p, uint ldm, uint lane)
{
  return p2m_wmma_load_f64_global(0u, col_major, j, p, ldm, lane);
}
static inline ulong p2m_wmma_load_a_f64_shared(uint col_major, uint j, threadgroup uint *p, uint ldm, uint lane)
{
  return p2m_wmma_load_f64_shared(0u, col_major, j, p, ldm, lane);
}
static inline ulong p2m_wmma_load_b_f64_global(uint col_major, uint j, device uint *p, uint ldm, uint lane)
{
  return p2m_wmma_load_f64_global(1u, col_major, j, p, ldm, lane);
}
static inline ulong p2m_wmma_load_b_f64_shared(uint col_major, uint j, threadgroup uint *p, uint ldm, uint lane)
{
  return p2m_wmma_load_f64_shared(1u, col_major, j, p, ldm, lane);
}
static inline ulong p2m_wmma_load_c_f64_global(uint col_major, uint j, device uint *p, uint ldm, uint lane)
{
  return p2m_wmma_load_f64_global(2u, col_major, j, p, ldm, lane);
}
static inline ulong p2m_wmma_load_c_f64_shared(uint col_major, uint j, threadgroup uint *p, uint ldm, uint lane)
{
  return p2m_wmma_load_f64_shared(2u, col_major, j, p, ldm, lane);
}
static inline void p2m_wmma_store_f64_global(uint col_major, uint j, device uint *p, uint ldm, ulong v, uint lane)
{
  const uint at = p2m_wmma_f64_index(2u, j, ldm, col_major != 0u, lane);
  reinterpret_cast<device p2m_alias<ulong> *>(p)[at].v = v;
}
static inline void p2m_wmma_store_f64_shared(uint col_major, uint j, threadgroup uint *p, uint ldm, ulong v,
                                             uint lane)
{
  const uint at = p2m_wmma_f64_index(2u, j, ldm, col_major != 0u, lane);
  reinterpret_cast<threadgroup p2m_alias<ulong> *>(p)[at].v = v;
}

#endif // P2M_MMA_OPS_H
