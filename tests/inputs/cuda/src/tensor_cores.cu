// p2m-min-arch: 80
// p2m-compilers: nvcc
// Tensor-core instructions: every mma.sync shape/type of sm_80..sm_90 on raw fragments (each
// warp is one independent instance and each lane reads its own fragment registers, so the
// outputs test the fragment layouts and the arithmetic together), ldmatrix/stmatrix/movmatrix,
// wmma through nvcc's <mma.h>, and a tiled GEMM built from ldmatrix + mma.m16n8k16.
#include "common.h"
#include <mma.h>

// Kernels that exist only for sm_80+ are declared in the host pass too (the probe
// tests/probes/mma_arith.cu launches them).
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800
#define P2M_TC80 1
#else
#define P2M_TC80 0
#endif

// Instance w = global warp index; lane l reads N registers at (w * 32 + l) * N.
__device__ __forceinline__ unsigned p2m_frag(unsigned n) {
  return (p2m_gid() >> 5) * 32u * n + (threadIdx.x & 31u) * n;
}

#define R4(p) "r"(p[0]), "r"(p[1]), "r"(p[2]), "r"(p[3])
#define R2(p) "r"(p[0]), "r"(p[1])
#define W4(p) "=r"(p[0]), "=r"(p[1]), "=r"(p[2]), "=r"(p[3])
#define W2(p) "=r"(p[0]), "=r"(p[1])

// MMA_KERNEL(name, instruction, NA, NB, NC, ND): D = A*B + C with 32-bit registers.
#define MMA_KERNEL(NAME, INSTR, NA, NB, NC, ND, DREGS, AREGS, BREGS, CREGS, FMT)             \
  extern "C" __global__ void NAME(const unsigned *a, const unsigned *b, const unsigned *c,     \
                                  unsigned *d) {                                               \
    unsigned A[NA], B[NB], C[NC], D[ND];                                                       \
    for (int i = 0; i < NA; ++i) A[i] = a[p2m_frag(NA) + i];                                   \
    for (int i = 0; i < NB; ++i) B[i] = b[p2m_frag(NB) + i];                                   \
    for (int i = 0; i < NC; ++i) C[i] = c[p2m_frag(NC) + i];                                   \
    asm volatile(INSTR " " FMT ";" : DREGS(D) : AREGS(A), BREGS(B), CREGS(C));                 \
    for (int i = 0; i < ND; ++i) d[p2m_frag(ND) + i] = D[i];                                   \
  }

#define R1(p) "r"(p[0])
#define W1(p) "=r"(p[0])
#define R8(p) "r"(p[0]), "r"(p[1]), "r"(p[2]), "r"(p[3]), "r"(p[4]), "r"(p[5]), "r"(p[6]), "r"(p[7])
#define W8(p) "=r"(p[0]), "=r"(p[1]), "=r"(p[2]), "=r"(p[3]), "=r"(p[4]), "=r"(p[5]), "=r"(p[6]), "=r"(p[7])

#define F_4_4_2_4 "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13}"
#define F_2_4_2_2 "{%0,%1}, {%2,%3,%4,%5}, {%6,%7}, {%8,%9}"
#define F_4_4_2_2 "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11}"
#define F_2_4_2_4 "{%0,%1}, {%2,%3,%4,%5}, {%6,%7}, {%8,%9,%10,%11}"
#define F_4_2_1_4 "{%0,%1,%2,%3}, {%4,%5}, {%6}, {%7,%8,%9,%10}"
#define F_2_2_1_2 "{%0,%1}, {%2,%3}, {%4}, {%5,%6}"
#define F_8_2_2_8 "{%0,%1,%2,%3,%4,%5,%6,%7}, {%8,%9}, {%10,%11}, {%12,%13,%14,%15,%16,%17,%18,%19}"
#define F_4_2_2_4 "{%0,%1,%2,%3}, {%4,%5}, {%6,%7}, {%8,%9,%10,%11}"
#define F_2_1_1_2 "{%0,%1}, {%2}, {%3}, {%4,%5}"

#define MMA_A4B2(NAME, INSTR) MMA_KERNEL(NAME, INSTR, 4, 2, 4, 4, W4, R4, R2, R4, F_4_4_2_4)
#define MMA_A2B1(NAME, INSTR) MMA_KERNEL(NAME, INSTR, 2, 1, 4, 4, W4, R2, R1, R4, F_4_2_1_4)

#if P2M_TC80
// m16n8k16 / m16n8k8, f16 and bf16 inputs.
MMA_A4B2(mma_m16n8k16_f32_f16_f32, "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32")
MMA_A4B2(mma_m16n8k16_f32_bf16_f32, "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32")
MMA_KERNEL(mma_m16n8k16_f16_f16_f16, "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16", 4, 2, 2, 2, W2, R4, R2, R2, F_2_4_2_2)
MMA_A2B1(mma_m16n8k8_f32_f16_f32, "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32")
MMA_A2B1(mma_m16n8k8_f32_bf16_f32, "mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32")
MMA_KERNEL(mma_m16n8k8_f16_f16_f16, "mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16", 2, 1, 2, 2, W2, R2, R1, R2, F_2_2_1_2)
// tf32.
MMA_A4B2(mma_m16n8k8_f32_tf32_f32, "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32")
MMA_A2B1(mma_m16n8k4_f32_tf32_f32, "mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32")
// 8-bit and 4-bit integers.
MMA_A4B2(mma_m16n8k32_s32_s8_s8_s32, "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32")
MMA_A4B2(mma_m16n8k32_s32_s8_s8_s32_satfinite, "mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32")
MMA_A4B2(mma_m16n8k32_s32_u8_u8_s32, "mma.sync.aligned.m16n8k32.row.col.s32.u8.u8.s32")
MMA_A4B2(mma_m16n8k32_s32_u8_s8_s32_satfinite, "mma.sync.aligned.m16n8k32.row.col.satfinite.s32.u8.s8.s32")
MMA_A4B2(mma_m16n8k32_s32_s8_u8_s32, "mma.sync.aligned.m16n8k32.row.col.s32.s8.u8.s32")
MMA_A2B1(mma_m16n8k16_s32_s8_s8_s32_satfinite, "mma.sync.aligned.m16n8k16.row.col.satfinite.s32.s8.s8.s32")
MMA_A2B1(mma_m16n8k16_s32_u8_u8_s32, "mma.sync.aligned.m16n8k16.row.col.s32.u8.u8.s32")
MMA_A4B2(mma_m16n8k64_s32_s4_s4_s32_satfinite, "mma.sync.aligned.m16n8k64.row.col.satfinite.s32.s4.s4.s32")
MMA_A4B2(mma_m16n8k64_s32_u4_u4_s32, "mma.sync.aligned.m16n8k64.row.col.s32.u4.u4.s32")
MMA_A4B2(mma_m16n8k64_s32_s4_u4_s32, "mma.sync.aligned.m16n8k64.row.col.s32.s4.u4.s32")
MMA_A2B1(mma_m16n8k32_s32_s4_s4_s32, "mma.sync.aligned.m16n8k32.row.col.s32.s4.s4.s32")
MMA_A2B1(mma_m16n8k32_s32_u4_s4_s32_satfinite, "mma.sync.aligned.m16n8k32.row.col.satfinite.s32.u4.s4.s32")
// Single-bit.
MMA_A4B2(mma_m16n8k256_s32_b1_and_popc, "mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.and.popc")
MMA_A4B2(mma_m16n8k256_s32_b1_xor_popc, "mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.xor.popc")
MMA_A2B1(mma_m16n8k128_s32_b1_and_popc, "mma.sync.aligned.m16n8k128.row.col.s32.b1.b1.s32.and.popc")
MMA_KERNEL(mma_m8n8k128_s32_b1_xor_popc, "mma.sync.aligned.m8n8k128.row.col.s32.b1.b1.s32.xor.popc", 1, 1, 2, 2, W2, R1, R1, R2, F_2_1_1_2)
MMA_KERNEL(mma_m8n8k16_s32_s8_s8_s32, "mma.sync.aligned.m8n8k16.row.col.s32.s8.s8.s32", 1, 1, 2, 2, W2, R1, R1, R2, F_2_1_1_2)
MMA_KERNEL(mma_m8n8k32_s32_s4_s4_s32, "mma.sync.aligned.m8n8k32.row.col.s32.s4.s4.s32", 1, 1, 2, 2, W2, R1, R1, R2, F_2_1_1_2)
#endif
// m8n8k4 f16 (sm_70 quad-pair form), every layout pair.
MMA_KERNEL(mma_m8n8k4_row_col_f32_f16_f32, "mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32", 2, 2, 8, 8, W8, R2, R2, R8, F_8_2_2_8)
MMA_KERNEL(mma_m8n8k4_col_row_f32_f16_f32, "mma.sync.aligned.m8n8k4.col.row.f32.f16.f16.f32", 2, 2, 8, 8, W8, R2, R2, R8, F_8_2_2_8)
MMA_KERNEL(mma_m8n8k4_row_row_f16_f16_f16, "mma.sync.aligned.m8n8k4.row.row.f16.f16.f16.f16", 2, 2, 4, 4, W4, R2, R2, R4, F_4_2_2_4)
MMA_KERNEL(mma_m8n8k4_col_col_f16_f16_f16, "mma.sync.aligned.m8n8k4.col.col.f16.f16.f16.f16", 2, 2, 4, 4, W4, R2, R2, R4, F_4_2_2_4)

#if P2M_TC80
// m8n8k4 f64: one double of A and B, two of C and D per lane.
extern "C" __global__ void mma_m8n8k4_f64(const double *a, const double *b, const double *c, double *d) {
  unsigned w = p2m_gid();
  double d0, d1;
  asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0,%1}, {%2}, {%3}, {%4,%5};"
               : "=d"(d0), "=d"(d1) : "d"(a[w]), "d"(b[w]), "d"(c[2 * w]), "d"(c[2 * w + 1]));
  d[2 * w] = d0;
  d[2 * w + 1] = d1;
}
#endif

// ldmatrix: a 1 KiB shared tile (512 b16) filled from `tile`; lane l's row address is
// tile + rows[w * 32 + l] * 8 elements (16-byte rows). Each form's registers go to `out`
// (x1, x2, x4, x1.trans, x2.trans, x4.trans: 14 registers per lane).
extern "C" __global__ void ldmatrix_forms(const unsigned short *tile, const unsigned *rows, unsigned *out) {
  __shared__ __align__(16) unsigned short s[512];
  for (unsigned i = threadIdx.x; i < 512; i += blockDim.x) s[i] = tile[blockIdx.x * 512 + i];
  __syncthreads();
  unsigned t = p2m_gid();
  unsigned addr = (unsigned)__cvta_generic_to_shared(s + (rows[t] & 63u) * 8);
  unsigned *o = out + 14 * t;
#if P2M_SM80
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(o[0]) : "r"(addr));
  asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0,%1}, [%2];" : "=r"(o[1]), "=r"(o[2]) : "r"(addr));
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
               : "=r"(o[3]), "=r"(o[4]), "=r"(o[5]), "=r"(o[6]) : "r"(addr));
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16 {%0}, [%1];" : "=r"(o[7]) : "r"(addr));
  asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0,%1}, [%2];" : "=r"(o[8]), "=r"(o[9]) : "r"(addr));
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0,%1,%2,%3}, [%4];"
               : "=r"(o[10]), "=r"(o[11]), "=r"(o[12]), "=r"(o[13]) : "r"(addr));
#endif
}

// stmatrix (sm_90): lane l stores its registers in[w*32+l][0..3] through row address
// rows[w*32+l]; the shared tile (cleared to 0xffff first) is copied to `out` (512 b16 per block).
extern "C" __global__ void stmatrix_forms(const unsigned *in, const unsigned *rows, unsigned short *out) {
  __shared__ __align__(16) unsigned short s[6][512];
  for (unsigned i = threadIdx.x; i < 6 * 512; i += blockDim.x) s[i / 512][i % 512] = 0xffffu;
  __syncthreads();
#if P2M_SM90
  unsigned t = p2m_gid();
  const unsigned *r = in + 4 * t;
  unsigned row = (rows[t] & 63u) * 8;
  asm volatile("stmatrix.sync.aligned.m8n8.x1.shared.b16 [%0], {%1};" :: "r"((unsigned)__cvta_generic_to_shared(&s[0][row])), "r"(r[0]));
  asm volatile("stmatrix.sync.aligned.m8n8.x2.shared.b16 [%0], {%1,%2};" :: "r"((unsigned)__cvta_generic_to_shared(&s[1][row])), "r"(r[0]), "r"(r[1]));
  asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1,%2,%3,%4};" :: "r"((unsigned)__cvta_generic_to_shared(&s[2][row])), "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3]));
  asm volatile("stmatrix.sync.aligned.m8n8.x1.trans.shared.b16 [%0], {%1};" :: "r"((unsigned)__cvta_generic_to_shared(&s[3][row])), "r"(r[0]));
  asm volatile("stmatrix.sync.aligned.m8n8.x2.trans.shared.b16 [%0], {%1,%2};" :: "r"((unsigned)__cvta_generic_to_shared(&s[4][row])), "r"(r[0]), "r"(r[1]));
  asm volatile("stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [%0], {%1,%2,%3,%4};" :: "r"((unsigned)__cvta_generic_to_shared(&s[5][row])), "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3]));
#endif
  __syncthreads();
  for (unsigned i = threadIdx.x; i < 6 * 512; i += blockDim.x) out[blockIdx.x * 6 * 512 + i] = s[i / 512][i % 512];
}

// movmatrix: the transpose of the 8x8 b16 matrix held one register per lane.
extern "C" __global__ void movmatrix_trans(const unsigned *in, unsigned *out) {
  unsigned t = p2m_gid();
  unsigned v = in[t], r = v;
#if P2M_SM80
  asm volatile("movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;" : "=r"(r) : "r"(v));
#endif
  out[t] = r;
}

// wmma through <mma.h>: one warp per instance; A is M x K, B is K x N, C and D are M x N, with
// leading dimensions equal to the row (or column) length.
using namespace nvcuda;
template <int M, int N, int K, typename T, typename Acc, typename LA, typename LB, bool ColC>
__device__ void wmma_one(const T *a, const T *b, const Acc *c, Acc *d) {
  unsigned w = p2m_gid() >> 5;
  a += w * M * K; b += w * K * N; c += w * M * N; d += w * M * N;
  wmma::fragment<wmma::matrix_a, M, N, K, T, LA> fa;
  wmma::fragment<wmma::matrix_b, M, N, K, T, LB> fb;
  wmma::fragment<wmma::accumulator, M, N, K, Acc> fc;
  constexpr bool rowA = std::is_same<LA, wmma::row_major>::value;
  constexpr bool rowB = std::is_same<LB, wmma::row_major>::value;
  wmma::load_matrix_sync(fa, a, rowA ? K : M);
  wmma::load_matrix_sync(fb, b, rowB ? N : K);
  wmma::load_matrix_sync(fc, c, ColC ? M : N, ColC ? wmma::mem_col_major : wmma::mem_row_major);
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(d, fc, ColC ? M : N, ColC ? wmma::mem_col_major : wmma::mem_row_major);
}

#define WMMA_KERNEL(NAME, M, N, K, T, ACC, LA, LB, COLC)                                        \
  extern "C" __global__ void NAME(const T *a, const T *b, const ACC *c, ACC *d) {               \
    wmma_one<M, N, K, T, ACC, wmma::LA, wmma::LB, COLC>(a, b, c, d);                            \
  }
WMMA_KERNEL(wmma_m16n16k16_f16_f32_rr, 16, 16, 16, __half, float, row_major, row_major, false)
WMMA_KERNEL(wmma_m16n16k16_f16_f32_cc, 16, 16, 16, __half, float, col_major, col_major, true)
WMMA_KERNEL(wmma_m16n16k16_f16_f16_rc, 16, 16, 16, __half, __half, row_major, col_major, false)
WMMA_KERNEL(wmma_m32n8k16_f16_f32_rc, 32, 8, 16, __half, float, row_major, col_major, false)
WMMA_KERNEL(wmma_m32n8k16_f16_f16_cr, 32, 8, 16, __half, __half, col_major, row_major, true)
WMMA_KERNEL(wmma_m8n32k16_f16_f32_cr, 8, 32, 16, __half, float, col_major, row_major, false)
WMMA_KERNEL(wmma_m8n32k16_f16_f16_rr, 8, 32, 16, __half, __half, row_major, row_major, true)
#if P2M_TC80
WMMA_KERNEL(wmma_m16n16k16_bf16_f32_rc, 16, 16, 16, __nv_bfloat16, float, row_major, col_major, false)
WMMA_KERNEL(wmma_m32n8k16_bf16_f32_cc, 32, 8, 16, __nv_bfloat16, float, col_major, col_major, true)
WMMA_KERNEL(wmma_m8n32k16_bf16_f32_rr, 8, 32, 16, __nv_bfloat16, float, row_major, row_major, false)
WMMA_KERNEL(wmma_m16n16k16_s8_s32_rc, 16, 16, 16, signed char, int, row_major, col_major, false)
WMMA_KERNEL(wmma_m16n16k16_u8_s32_cr, 16, 16, 16, unsigned char, int, col_major, row_major, true)
// tf32: fragments hold f32 values; load converts nothing, mma uses the tf32 part.
extern "C" __global__ void wmma_m16n16k8_tf32_f32_rc(const float *a, const float *b, const float *c, float *d) {
  unsigned w = p2m_gid() >> 5;
  a += w * 128; b += w * 128; c += w * 256; d += w * 256;
  wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 8, float> fc;
  wmma::load_matrix_sync(fa, a, 8);
  wmma::load_matrix_sync(fb, b, 8);
  wmma::load_matrix_sync(fc, c, 16, wmma::mem_row_major);
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(d, fc, 16, wmma::mem_row_major);
}
#endif

// Tiled GEMM, C[M x N] (f32) = A[M x K] (f16, row-major) * B[K x N] (f16, row-major): a block of
// 4 warps computes a 64 x 64 tile, K in steps of 32 staged through shared memory; A fragments
// come from ldmatrix.x4, B fragments from ldmatrix.x4.trans, products from mma.m16n8k16.
extern "C" __global__ void gemm_ldmatrix_mma(const __half *A, const __half *B, float *C, int M, int N, int K) {
  __shared__ __align__(16) __half sa[64][40];  // 32 + 8 halves of padding per row
  __shared__ __align__(16) __half sb[32][72];  // 64 + 8
  unsigned warp = threadIdx.x >> 5, lane = threadIdx.x & 31u;
  int row0 = blockIdx.y * 64, col0 = blockIdx.x * 64;
  float acc[8][4] = {};
  (void)M;
  for (int k0 = 0; k0 < K; k0 += 32) {
    for (unsigned i = threadIdx.x; i < 64 * 32; i += blockDim.x)
      sa[i / 32][i % 32] = A[(row0 + i / 32) * K + k0 + i % 32];
    for (unsigned i = threadIdx.x; i < 32 * 64; i += blockDim.x)
      sb[i / 64][i % 64] = B[(k0 + i / 64) * N + col0 + i % 64];
    __syncthreads();
#if P2M_SM80
    for (int kk = 0; kk < 32; kk += 16) {
      // Warp w owns rows [w*16, w*16+16) of the tile and all 64 columns (8 n-tiles of 8).
      unsigned a[4];
      unsigned pa = (unsigned)__cvta_generic_to_shared(&sa[warp * 16 + (lane & 15)][kk + (lane >> 4) * 8]);
      asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
                   : "=r"(a[0]), "=r"(a[1]), "=r"(a[2]), "=r"(a[3]) : "r"(pa));
      for (int nt = 0; nt < 8; nt += 2) {
        unsigned b[4];
        // Matrices: (k 0-7, n nt), (k 8-15, n nt), (k 0-7, n nt+1), (k 8-15, n nt+1).
        unsigned pb = (unsigned)__cvta_generic_to_shared(
            &sb[kk + (lane & 7) + ((lane >> 3) & 1) * 8][nt * 8 + (lane >> 4) * 8]);
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0,%1,%2,%3}, [%4];"
                     : "=r"(b[0]), "=r"(b[1]), "=r"(b[2]), "=r"(b[3]) : "r"(pb));
        for (int h = 0; h < 2; ++h) {
          float *d = acc[nt + h];
          asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                       : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                       : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[2 * h]), "r"(b[2 * h + 1]));
        }
      }
    }
#endif
    __syncthreads();
  }
  unsigned g = lane >> 2, q = lane & 3u;
  for (int nt = 0; nt < 8; ++nt)
    for (int i = 0; i < 4; ++i) {
      int r = row0 + warp * 16 + g + (i >> 1) * 8, cidx = col0 + nt * 8 + q * 2 + (i & 1);
      C[r * N + cidx] = acc[nt][i];
    }
}
