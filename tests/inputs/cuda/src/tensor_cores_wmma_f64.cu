// p2m-min-arch: 80
// p2m-compilers: nvcc
// wmma with f64 (m8n8k4) through nvcc's <mma.h>: every A/B memory layout, C and D row- or
// column-major. One warp per instance, A 8 x 4, B 4 x 8, C and D 8 x 8, leading dimensions the
// row (or column) length. wmma_m8n8k4_f64_frags writes the raw fragment registers each lane
// holds after the loads (the layouts ptxas gives them).
#include "common.h"
#include <mma.h>

using namespace nvcuda;

template <typename LA, typename LB, bool ColC>
__device__ void wmma_f64_one(const double *a, const double *b, const double *c, double *d) {
  unsigned w = p2m_gid() >> 5;
  a += w * 32; b += w * 32; c += w * 64; d += w * 64;
  wmma::fragment<wmma::matrix_a, 8, 8, 4, double, LA> fa;
  wmma::fragment<wmma::matrix_b, 8, 8, 4, double, LB> fb;
  wmma::fragment<wmma::accumulator, 8, 8, 4, double> fc;
  constexpr bool rowA = std::is_same<LA, wmma::row_major>::value;
  constexpr bool rowB = std::is_same<LB, wmma::row_major>::value;
  wmma::load_matrix_sync(fa, a, rowA ? 4 : 8);
  wmma::load_matrix_sync(fb, b, rowB ? 8 : 4);
  wmma::load_matrix_sync(fc, c, 8, ColC ? wmma::mem_col_major : wmma::mem_row_major);
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(d, fc, 8, ColC ? wmma::mem_col_major : wmma::mem_row_major);
}

#define WMMA_F64_KERNEL(NAME, LA, LB, COLC)                                                      \
  extern "C" __global__ void NAME(const double *a, const double *b, const double *c, double *d) { \
    wmma_f64_one<wmma::LA, wmma::LB, COLC>(a, b, c, d);                                         \
  }
WMMA_F64_KERNEL(wmma_m8n8k4_f64_rr, row_major, row_major, false)
WMMA_F64_KERNEL(wmma_m8n8k4_f64_rc, row_major, col_major, true)
WMMA_F64_KERNEL(wmma_m8n8k4_f64_cr, col_major, row_major, false)
WMMA_F64_KERNEL(wmma_m8n8k4_f64_cc, col_major, col_major, true)

// The fragments after the loads, per lane: A (row-major), A (column-major), B (row-major),
// B (column-major), C (row-major: two), C (column-major: two). The matrices hold their element
// index (A and B 0..31, C 0..63), so each register names the element it holds.
extern "C" __global__ void wmma_m8n8k4_f64_frags(const double *a, const double *b, const double *c, double *out) {
  unsigned w = p2m_gid() >> 5, lane = threadIdx.x & 31u;
  a += w * 32; b += w * 32; c += w * 64;
  double *o = out + (w * 32 + lane) * 8;
  wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major> ar;
  wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::col_major> ac;
  wmma::fragment<wmma::matrix_b, 8, 8, 4, double, wmma::row_major> br;
  wmma::fragment<wmma::matrix_b, 8, 8, 4, double, wmma::col_major> bc;
  wmma::fragment<wmma::accumulator, 8, 8, 4, double> cr, cc;
  wmma::load_matrix_sync(ar, a, 4);
  wmma::load_matrix_sync(ac, a, 8);
  wmma::load_matrix_sync(br, b, 8);
  wmma::load_matrix_sync(bc, b, 4);
  wmma::load_matrix_sync(cr, c, 8, wmma::mem_row_major);
  wmma::load_matrix_sync(cc, c, 8, wmma::mem_col_major);
  o[0] = ar.x[0]; o[1] = ac.x[0]; o[2] = br.x[0]; o[3] = bc.x[0];
  o[4] = cr.x[0]; o[5] = cr.x[1]; o[6] = cc.x[0]; o[7] = cc.x[1];
}
