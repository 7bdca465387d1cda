// p2m-min-arch: 90
// p2m-compilers: nvcc
// Tensor-core instructions with 8-bit multiplicands that tensor_cores.cu leaves out: mma.sync
// m16n8k32 with fp8 (e4m3, e5m2, either order; f32 or f16 accumulators) on raw fragments (each
// warp one independent instance, each lane reading its own fragment registers), and wmma with
// s8/u8 multiplicands in the shapes m32n8k16 and m8n32k16 through nvcc's <mma.h>, with and
// without .satfinite.
#include "common.h"
#include <mma.h>

// Instance w = global warp index; lane l reads N registers at (w * 32 + l) * N.
__device__ __forceinline__ unsigned p2m_frag8(unsigned n) {
  return (p2m_gid() >> 5) * 32u * n + (threadIdx.x & 31u) * n;
}

// D = A*B + C: A four registers, B two; C and D four (f32) or two (f16 pairs) registers.
#define MMA_FP8_F32(NAME, TYPES)                                                               \
  extern "C" __global__ void NAME(const unsigned *a, const unsigned *b, const unsigned *c,     \
                                  unsigned *d) {                                               \
    unsigned A[4], B[2], C[4], D[4];                                                           \
    for (int i = 0; i < 4; ++i) A[i] = a[p2m_frag8(4) + i];                                    \
    for (int i = 0; i < 2; ++i) B[i] = b[p2m_frag8(2) + i];                                    \
    for (int i = 0; i < 4; ++i) C[i] = c[p2m_frag8(4) + i];                                    \
    asm volatile("mma.sync.aligned.m16n8k32.row.col." TYPES                                    \
                 " {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"                  \
                 : "=r"(D[0]), "=r"(D[1]), "=r"(D[2]), "=r"(D[3])                              \
                 : "r"(A[0]), "r"(A[1]), "r"(A[2]), "r"(A[3]), "r"(B[0]), "r"(B[1]),           \
                   "r"(C[0]), "r"(C[1]), "r"(C[2]), "r"(C[3]));                                \
    for (int i = 0; i < 4; ++i) d[p2m_frag8(4) + i] = D[i];                                    \
  }
#define MMA_FP8_F16(NAME, TYPES)                                                               \
  extern "C" __global__ void NAME(const unsigned *a, const unsigned *b, const unsigned *c,     \
                                  unsigned *d) {                                               \
    unsigned A[4], B[2], C[2], D[2];                                                           \
    for (int i = 0; i < 4; ++i) A[i] = a[p2m_frag8(4) + i];                                    \
    for (int i = 0; i < 2; ++i) B[i] = b[p2m_frag8(2) + i];                                    \
    for (int i = 0; i < 2; ++i) C[i] = c[p2m_frag8(2) + i];                                    \
    asm volatile("mma.sync.aligned.m16n8k32.row.col." TYPES                                    \
                 " {%0,%1}, {%2,%3,%4,%5}, {%6,%7}, {%8,%9};"                                  \
                 : "=r"(D[0]), "=r"(D[1])                                                      \
                 : "r"(A[0]), "r"(A[1]), "r"(A[2]), "r"(A[3]), "r"(B[0]), "r"(B[1]),           \
                   "r"(C[0]), "r"(C[1]));                                                      \
    for (int i = 0; i < 2; ++i) d[p2m_frag8(2) + i] = D[i];                                    \
  }
MMA_FP8_F32(mma_m16n8k32_f32_e4m3_e4m3_f32, "f32.e4m3.e4m3.f32")
MMA_FP8_F32(mma_m16n8k32_f32_e4m3_e5m2_f32, "f32.e4m3.e5m2.f32")
MMA_FP8_F32(mma_m16n8k32_f32_e5m2_e4m3_f32, "f32.e5m2.e4m3.f32")
MMA_FP8_F32(mma_m16n8k32_f32_e5m2_e5m2_f32, "f32.e5m2.e5m2.f32")
MMA_FP8_F16(mma_m16n8k32_f16_e4m3_e4m3_f16, "f16.e4m3.e4m3.f16")
MMA_FP8_F16(mma_m16n8k32_f16_e5m2_e5m2_f16, "f16.e5m2.e5m2.f16")

// wmma through <mma.h>: one warp per instance; A is M x K, B is K x N, C and D are M x N, with
// leading dimensions equal to the row (or column) length.
using namespace nvcuda;
template <int M, int N, int K, typename T, typename LA, typename LB, bool ColC, bool Sat>
__device__ void wmma_i8_one(const T *a, const T *b, const int *c, int *d) {
  unsigned w = p2m_gid() >> 5;
  a += w * M * K; b += w * K * N; c += w * M * N; d += w * M * N;
  wmma::fragment<wmma::matrix_a, M, N, K, T, LA> fa;
  wmma::fragment<wmma::matrix_b, M, N, K, T, LB> fb;
  wmma::fragment<wmma::accumulator, M, N, K, int> fc;
  constexpr bool rowA = std::is_same<LA, wmma::row_major>::value;
  constexpr bool rowB = std::is_same<LB, wmma::row_major>::value;
  wmma::load_matrix_sync(fa, a, rowA ? K : M);
  wmma::load_matrix_sync(fb, b, rowB ? N : K);
  wmma::load_matrix_sync(fc, c, ColC ? M : N, ColC ? wmma::mem_col_major : wmma::mem_row_major);
  wmma::mma_sync(fc, fa, fb, fc, Sat);
  wmma::store_matrix_sync(d, fc, ColC ? M : N, ColC ? wmma::mem_col_major : wmma::mem_row_major);
}

#define WMMA_I8_KERNEL(NAME, M, N, K, T, LA, LB, COLC, SAT)                                     \
  extern "C" __global__ void NAME(const T *a, const T *b, const int *c, int *d) {               \
    wmma_i8_one<M, N, K, T, wmma::LA, wmma::LB, COLC, SAT>(a, b, c, d);                         \
  }
WMMA_I8_KERNEL(wmma_m32n8k16_s8_s32_rc, 32, 8, 16, signed char, row_major, col_major, false, false)
WMMA_I8_KERNEL(wmma_m32n8k16_u8_s32_cr_sat, 32, 8, 16, unsigned char, col_major, row_major, true, true)
WMMA_I8_KERNEL(wmma_m8n32k16_s8_s32_cc_sat, 8, 32, 16, signed char, col_major, col_major, false, true)
WMMA_I8_KERNEL(wmma_m8n32k16_u8_s32_rr, 8, 32, 16, unsigned char, row_major, row_major, true, false)
WMMA_I8_KERNEL(wmma_m16n16k16_s8_s32_rr_sat, 16, 16, 16, signed char, row_major, row_major, false, true)
