// p2m-min-arch: 80
// p2m-compilers: nvcc
// wmma forms beyond f16/bf16/s8/u8, through nvcc's <mma.h>: m16n16k8 with tf32 multiplicands
// (every A/B memory layout, C and D row- or column-major), m8n8k32 with s4/u4 (with and without
// .satfinite) and m8n8k128 with b1 (.xor.popc and .and.popc). One warp per instance, A M x K,
// B K x N, C and D M x N, leading dimensions the row (or column) length. wmma_frag_layouts
// writes the raw fragment registers each lane holds after the loads (the layouts ptxas gives).
#include "common.h"
#include <mma.h>

using namespace nvcuda;
namespace wex = nvcuda::wmma::experimental;

// tf32: the inputs are f32 bits; the tensor cores read their upper 19 bits.
template <typename LA, typename LB, bool ColC>
__device__ void wmma_tf32_one(const float *a, const float *b, const float *c, float *d) {
  unsigned w = p2m_gid() >> 5;
  a += w * 16 * 8; b += w * 8 * 16; c += w * 16 * 16; d += w * 16 * 16;
  wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, LA> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, LB> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 8, float> fc;
  constexpr bool rowA = std::is_same<LA, wmma::row_major>::value;
  constexpr bool rowB = std::is_same<LB, wmma::row_major>::value;
  wmma::load_matrix_sync(fa, a, rowA ? 8 : 16);
  wmma::load_matrix_sync(fb, b, rowB ? 16 : 8);
  wmma::load_matrix_sync(fc, c, 16, ColC ? wmma::mem_col_major : wmma::mem_row_major);
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(d, fc, 16, ColC ? wmma::mem_col_major : wmma::mem_row_major);
}

#define WMMA_TF32_KERNEL(NAME, LA, LB, COLC)                                                     \
  extern "C" __global__ void NAME(const float *a, const float *b, const float *c, float *d) {   \
    wmma_tf32_one<wmma::LA, wmma::LB, COLC>(a, b, c, d);                                        \
  }
WMMA_TF32_KERNEL(wmma_m16n16k8_tf32_rr, row_major, row_major, false)
WMMA_TF32_KERNEL(wmma_m16n16k8_tf32_rc, row_major, col_major, true)
WMMA_TF32_KERNEL(wmma_m16n16k8_tf32_cr, col_major, row_major, false)
WMMA_TF32_KERNEL(wmma_m16n16k8_tf32_cc, col_major, col_major, true)

// s4/u4 and b1: A row-major and B column-major (the only layouts), packed 32 bits to a word
// (element 0 in the low bits): a row (column) of K elements is 16 bytes.
template <typename T, bool Sat, bool ColC>
__device__ void wmma_i4_one(const unsigned *a, const unsigned *b, const int *c, int *d) {
  unsigned w = p2m_gid() >> 5;
  a += w * 32; b += w * 32; c += w * 64; d += w * 64;
  wmma::fragment<wmma::matrix_a, 8, 8, 32, T, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 8, 8, 32, T, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 8, 8, 32, int> fc;
  wmma::load_matrix_sync(fa, a, 32);
  wmma::load_matrix_sync(fb, b, 32);
  wmma::load_matrix_sync(fc, c, 8, ColC ? wmma::mem_col_major : wmma::mem_row_major);
  wmma::mma_sync(fc, fa, fb, fc, Sat);
  wmma::store_matrix_sync(d, fc, 8, ColC ? wmma::mem_col_major : wmma::mem_row_major);
}

#define WMMA_I4_KERNEL(NAME, T, SAT, COLC)                                                       \
  extern "C" __global__ void NAME(const unsigned *a, const unsigned *b, const int *c, int *d) { \
    wmma_i4_one<wex::precision::T, SAT, COLC>(a, b, c, d);                                      \
  }
WMMA_I4_KERNEL(wmma_m8n8k32_s4, s4, false, false)
WMMA_I4_KERNEL(wmma_m8n8k32_s4_sat, s4, true, true)
WMMA_I4_KERNEL(wmma_m8n8k32_u4, u4, false, true)
WMMA_I4_KERNEL(wmma_m8n8k32_u4_sat, u4, true, false)

template <bool Xor>
__device__ void wmma_b1_one(const unsigned *a, const unsigned *b, const int *c, int *d) {
  unsigned w = p2m_gid() >> 5;
  a += w * 32; b += w * 32; c += w * 64; d += w * 64;
  wmma::fragment<wmma::matrix_a, 8, 8, 128, wex::precision::b1, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 8, 8, 128, wex::precision::b1, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 8, 8, 128, int> fc;
  wmma::load_matrix_sync(fa, a, 128);
  wmma::load_matrix_sync(fb, b, 128);
  wmma::load_matrix_sync(fc, c, 8, wmma::mem_row_major);
  wmma::bmma_sync(fc, fa, fb, fc, Xor ? wex::bmmaBitOpXOR : wex::bmmaBitOpAND, wex::bmmaAccumulateOpPOPC);
  wmma::store_matrix_sync(d, fc, 8, wmma::mem_row_major);
}

extern "C" __global__ void wmma_m8n8k128_b1_xor(const unsigned *a, const unsigned *b, const int *c, int *d) {
  wmma_b1_one<true>(a, b, c, d);
}
extern "C" __global__ void wmma_m8n8k128_b1_and(const unsigned *a, const unsigned *b, const int *c, int *d) {
  wmma_b1_one<false>(a, b, c, d);
}

// The raw registers of each fragment after its load, lane l's at out[l * 30 ..]: tf32 A row-
// and column-major (4 + 4), tf32 B row- and column-major (4 + 4), f32 C (8), s4 A and B (1 + 1),
// b1 A and B (1 + 1), s32 C of m8n8k32 (2). The matrices are read from `m` (element i = i).
extern "C" __global__ void wmma_frag_layouts(const unsigned *m, unsigned *out) {
  unsigned *o = out + (threadIdx.x & 31u) * 30u;
  unsigned n = 0;
  const float *mf = reinterpret_cast<const float *>(m);
  {
    wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> r;
    wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::col_major> c;
    wmma::load_matrix_sync(r, mf, 8);
    wmma::load_matrix_sync(c, mf, 16);
    for (int i = 0; i < r.num_elements; ++i) o[n++] = __float_as_uint(r.x[i]);
    for (int i = 0; i < c.num_elements; ++i) o[n++] = __float_as_uint(c.x[i]);
  }
  {
    wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::row_major> r;
    wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::col_major> c;
    wmma::load_matrix_sync(r, mf, 16);
    wmma::load_matrix_sync(c, mf, 8);
    for (int i = 0; i < r.num_elements; ++i) o[n++] = __float_as_uint(r.x[i]);
    for (int i = 0; i < c.num_elements; ++i) o[n++] = __float_as_uint(c.x[i]);
  }
  {
    wmma::fragment<wmma::accumulator, 16, 16, 8, float> acc;
    wmma::load_matrix_sync(acc, mf, 16, wmma::mem_row_major);
    for (int i = 0; i < acc.num_elements; ++i) o[n++] = __float_as_uint(acc.x[i]);
  }
  {
    wmma::fragment<wmma::matrix_a, 8, 8, 32, wex::precision::s4, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 8, 8, 32, wex::precision::s4, wmma::col_major> fb;
    wmma::load_matrix_sync(fa, m, 32);
    wmma::load_matrix_sync(fb, m + 64, 64);
    o[n++] = static_cast<unsigned>(fa.x[0]);
    o[n++] = static_cast<unsigned>(fb.x[0]);
  }
  {
    wmma::fragment<wmma::matrix_a, 8, 8, 128, wex::precision::b1, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 8, 8, 128, wex::precision::b1, wmma::col_major> fb;
    wmma::load_matrix_sync(fa, m + 128, 128);
    wmma::load_matrix_sync(fb, m + 160, 256);
    o[n++] = static_cast<unsigned>(fa.x[0]);
    o[n++] = static_cast<unsigned>(fb.x[0]);
  }
  {
    wmma::fragment<wmma::accumulator, 8, 8, 32, int> acc;
    wmma::load_matrix_sync(acc, reinterpret_cast<const int *>(m), 8, wmma::mem_col_major);
    for (int i = 0; i < acc.num_elements; ++i) o[n++] = static_cast<unsigned>(acc.x[i]);
  }
}
