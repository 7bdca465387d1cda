// p2m-min-arch: 80
// p2m-extra-nvcc-arch: sm_89
// LLM-style tensor-core kernels, written the way inference libraries write them (inline PTX for
// ldmatrix and mma.sync, the f16 "magic number" int4 dequantization, FlashAttention-2's online
// softmax with the score accumulators reused as the next mma's A fragments):
//
//   qgemm_w4a16      Y = X * dequant(W)^T: X f16 [M][K], W int4 [N][K] (8 nibbles per word, k
//                    ascending from bit 0, zero point 8), f16 scales per (n, 32 k); W is
//                    dequantized to f16 in shared memory (lop3 + prmt + sub/mul.f16x2), then
//                    ldmatrix + mma.m16n8k16 f16 -> f32; Y f16
//   qgemm_w8a8       Y = (X * W^T) * sx[m] * sw[n]: X, W int8 (SmoothQuant-style), ldmatrix +
//                    mma.m16n8k32 s8.s8.s32, per-row and per-column f32 scales; Y f16
//   flash_attn_f16   O = softmax(Q K^T * scale) V per head, 64 queries per block, head dim 64,
//   flash_attn_bf16  64-key tiles, optional causal mask; ldmatrix (.trans for V) + mma.m16n8k16
//                    f16/bf16 -> f32, online softmax with exp2f; O f32 [H][S][64] and the
//                    row's log2-sum-exp L [H][S]
//
// Launches: 128 threads; qgemm grid (N/64, M/64) with M, N multiples of 64 and K of 32 (w4a16)
// or 64 (w8a8); flash_attn grid (S/64, H), S a multiple of 64. Pointers 16-byte aligned.
#include "common.h"

#if P2M_SM80

struct __align__(16) p2m_u32x4 {
  unsigned x, y, z, w;
};

__device__ __forceinline__ unsigned smem_addr(const void *p) { return (unsigned)__cvta_generic_to_shared(p); }

__device__ __forceinline__ void ldsm_x4(unsigned *r, const void *p) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(smem_addr(p)));
}

__device__ __forceinline__ void ldsm_x4_trans(unsigned *r, const void *p) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0,%1,%2,%3}, [%4];"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(smem_addr(p)));
}

__device__ __forceinline__ void mma_f16(float *d, const unsigned *a, unsigned b0, unsigned b1) {
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
               "{%0,%1,%2,%3};"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}

__device__ __forceinline__ void mma_bf16(float *d, const unsigned *a, unsigned b0, unsigned b1) {
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
               "{%0,%1,%2,%3};"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}

__device__ __forceinline__ void mma_s8(int *d, const unsigned *a, unsigned b0, unsigned b1) {
  asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
               "{%0,%1,%2,%3};"
               : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}

__device__ __forceinline__ unsigned short f32_to_f16(float x) {
  unsigned short h;
  asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(x));
  return h;
}

// Two f32 rounded into one f16x2 / bf16x2 word, lo in the low half.
__device__ __forceinline__ unsigned pack_f16x2(float lo, float hi) {
  unsigned r;
  asm("cvt.rn.f16x2.f32 %0, %1, %2;" : "=r"(r) : "f"(hi), "f"(lo));
  return r;
}

__device__ __forceinline__ unsigned pack_bf16x2(float lo, float hi) {
  unsigned r;
  asm("cvt.rn.bf16x2.f32 %0, %1, %2;" : "=r"(r) : "f"(hi), "f"(lo));
  return r;
}

// A fragment of rows [r0, r0+16) and k [k0, k0+16) of a row-major 16-bit tile (ldmatrix.x4).
#define P2M_LDSM_A(dst, tile, r0, k0, lane) ldsm_x4(dst, &tile[(r0) + ((lane) & 15u)][(k0) + ((lane) >> 4) * 8u])
// B fragments of columns [n0, n0+16) (two n8 tiles) from a tile stored [n][k] (k contiguous):
// r[0], r[1] for n0, r[2], r[3] for n0 + 8.
#define P2M_LDSM_B_NK(dst, tile, n0, k0, lane)                                                  \
  ldsm_x4(dst, &tile[(n0) + ((lane) & 7u) + ((lane) >> 4) * 8u][(k0) + (((lane) >> 3) & 1u) * 8u])

// --------------------------------------------------------------------------------------------
// int4 weights, f16 activations
// --------------------------------------------------------------------------------------------
// Nibbles i and i + 4 of w as the f16 pair {1024 + n_i, 1024 + n_{i+4}} (exponent 10: the
// nibble lands in the mantissa's low bits): lop3 computes (w >> 4i & 0x000f000f) | 0x64006400.
__device__ __forceinline__ unsigned nibbles_as_f16x2(unsigned w, unsigned shift) {
  unsigned r;
  asm("lop3.b32 %0, %1, %2, %3, 0xea;" : "=r"(r) : "r"(w >> shift), "r"(0x000f000fu), "r"(0x64006400u));
  return r;
}

// (v - 1032) * scale on f16x2: the nibble minus the zero point 8, times the group's scale.
__device__ __forceinline__ unsigned dequant_f16x2(unsigned v, unsigned scale2) {
  unsigned r;
  asm("sub.f16x2 %0, %1, %2;" : "=r"(r) : "r"(v), "r"(0x64086408u));
  asm("mul.rn.f16x2 %0, %1, %2;" : "=r"(r) : "r"(r), "r"(scale2));
  return r;
}

extern "C" __global__ void __launch_bounds__(128)
    qgemm_w4a16(const unsigned short *__restrict__ X, const unsigned *__restrict__ W,
                const unsigned short *__restrict__ scales, unsigned short *__restrict__ Y, int M, int N, int K) {
  __shared__ __align__(16) unsigned short sx[64][40];
  __shared__ __align__(16) unsigned short sw[64][40];
  const unsigned tid = threadIdx.x, warp = tid >> 5, lane = tid & 31u;
  const int row0 = blockIdx.y * 64, col0 = blockIdx.x * 64;
  const int groups = K / 32;
  float acc[8][4] = {};
  (void)M;
  for (int k0 = 0; k0 < K; k0 += 32) {
    // X: 64 rows x 32 halves = 256 chunks of 16 bytes, two per thread.
    for (unsigned c = tid; c < 256u; c += 128u) {
      const unsigned r = c >> 2, part = c & 3u;
      *reinterpret_cast<p2m_u32x4 *>(&sx[r][part * 8u]) =
          *reinterpret_cast<const p2m_u32x4 *>(X + (size_t)(row0 + r) * K + k0 + part * 8u);
    }
    // W: 64 columns x 4 words (32 nibbles), two words per thread, each 8 halves in shared.
    for (unsigned c = tid; c < 256u; c += 128u) {
      const unsigned n = c >> 2, part = c & 3u;
      const unsigned w = W[(size_t)(col0 + n) * (K / 8) + k0 / 8 + part];
      const unsigned s = scales[(size_t)(col0 + n) * groups + k0 / 32];
      const unsigned scale2 = s | (s << 16);
      const unsigned h04 = nibbles_as_f16x2(w, 0), h15 = nibbles_as_f16x2(w, 4);
      const unsigned h26 = nibbles_as_f16x2(w, 8), h37 = nibbles_as_f16x2(w, 12);
      p2m_u32x4 out;
      out.x = dequant_f16x2(__byte_perm(h04, h15, 0x5410), scale2); // k 0, 1
      out.y = dequant_f16x2(__byte_perm(h26, h37, 0x5410), scale2); // k 2, 3
      out.z = dequant_f16x2(__byte_perm(h04, h15, 0x7632), scale2); // k 4, 5
      out.w = dequant_f16x2(__byte_perm(h26, h37, 0x7632), scale2); // k 6, 7
      *reinterpret_cast<p2m_u32x4 *>(&sw[n][part * 8u]) = out;
    }
    __syncthreads();
    for (unsigned kk = 0; kk < 32u; kk += 16u) {
      unsigned a[4];
      P2M_LDSM_A(a, sx, warp * 16u, kk, lane);
      for (unsigned nt = 0; nt < 8u; nt += 2u) {
        unsigned b[4];
        P2M_LDSM_B_NK(b, sw, nt * 8u, kk, lane);
        mma_f16(acc[nt], a, b[0], b[1]);
        mma_f16(acc[nt + 1], a, b[2], b[3]);
      }
    }
    __syncthreads();
  }
  const unsigned g = lane >> 2, q = lane & 3u;
  for (unsigned nt = 0; nt < 8u; ++nt)
    for (unsigned h = 0; h < 2u; ++h) {
      const size_t r = row0 + warp * 16u + g + 8u * h, c = col0 + nt * 8u + 2u * q;
      *reinterpret_cast<unsigned *>(Y + r * N + c) = pack_f16x2(acc[nt][2 * h], acc[nt][2 * h + 1]);
    }
}

// --------------------------------------------------------------------------------------------
// int8 weights and activations
// --------------------------------------------------------------------------------------------
extern "C" __global__ void __launch_bounds__(128)
    qgemm_w8a8(const signed char *__restrict__ X, const signed char *__restrict__ W, const float *__restrict__ sx,
               const float *__restrict__ sw, unsigned short *__restrict__ Y, int M, int N, int K) {
  // 64 rows x 64 bytes of k, padded by 16 bytes: rows of one ldmatrix fall in distinct banks.
  __shared__ __align__(16) unsigned short tx[64][40];
  __shared__ __align__(16) unsigned short tw[64][40];
  const unsigned tid = threadIdx.x, warp = tid >> 5, lane = tid & 31u;
  const int row0 = blockIdx.y * 64, col0 = blockIdx.x * 64;
  int acc[8][4] = {};
  (void)M;
  for (int k0 = 0; k0 < K; k0 += 64) {
    for (unsigned c = tid; c < 256u; c += 128u) {
      const unsigned r = c >> 2, part = c & 3u;
      *reinterpret_cast<p2m_u32x4 *>(&tx[r][part * 8u]) =
          *reinterpret_cast<const p2m_u32x4 *>(X + (size_t)(row0 + r) * K + k0 + part * 16u);
      *reinterpret_cast<p2m_u32x4 *>(&tw[r][part * 8u]) =
          *reinterpret_cast<const p2m_u32x4 *>(W + (size_t)(col0 + r) * K + k0 + part * 16u);
    }
    __syncthreads();
    // One 8x8 b16 matrix is 8 rows of 16 int8: k [16j, 16j+16) of a row is b16 column 8j.
    for (unsigned kk = 0; kk < 32u; kk += 16u) { // b16 columns: k = 2 * kk
      unsigned a[4];
      P2M_LDSM_A(a, tx, warp * 16u, kk, lane);
      for (unsigned nt = 0; nt < 8u; nt += 2u) {
        unsigned b[4];
        P2M_LDSM_B_NK(b, tw, nt * 8u, kk, lane);
        mma_s8(acc[nt], a, b[0], b[1]);
        mma_s8(acc[nt + 1], a, b[2], b[3]);
      }
    }
    __syncthreads();
  }
  const unsigned g = lane >> 2, q = lane & 3u;
  for (unsigned nt = 0; nt < 8u; ++nt)
    for (unsigned h = 0; h < 2u; ++h) {
      const size_t r = row0 + warp * 16u + g + 8u * h, c = col0 + nt * 8u + 2u * q;
      const float s = sx[r];
      *reinterpret_cast<unsigned *>(Y + r * N + c) =
          pack_f16x2((float)acc[nt][2 * h] * s * sw[c], (float)acc[nt][2 * h + 1] * s * sw[c + 1]);
    }
}

// --------------------------------------------------------------------------------------------
// FlashAttention-2 forward tile
// --------------------------------------------------------------------------------------------
// Warp w owns queries [16w, 16w + 16) of the block's 64; lane (g, q) holds rows g and g + 8,
// columns 2q and 2q + 1 of each n8 tile of scores and of the output.
template <bool Bf16>
__device__ __forceinline__ void flash_attn(const unsigned short *__restrict__ Q, const unsigned short *__restrict__ Kt,
                                           const unsigned short *__restrict__ V, float *__restrict__ O,
                                           float *__restrict__ L, int S, float scale_log2, int causal) {
  __shared__ __align__(16) unsigned short sq[64][72];
  __shared__ __align__(16) unsigned short sk[64][72];
  __shared__ __align__(16) unsigned short sv[64][72];
  const unsigned tid = threadIdx.x, warp = tid >> 5, lane = tid & 31u, g = lane >> 2, q = lane & 3u;
  const int q0 = blockIdx.x * 64;
  const size_t head = (size_t)blockIdx.y * S * 64;
  const float neg_inf = -__builtin_huge_valf();

  auto load_tile = [&](unsigned short(*dst)[72], const unsigned short *src, int r0) {
    for (unsigned c = tid; c < 512u; c += 128u) { // 64 rows x 8 chunks of 8 halves
      const unsigned r = c >> 3, part = c & 7u;
      *reinterpret_cast<p2m_u32x4 *>(&dst[r][part * 8u]) =
          *reinterpret_cast<const p2m_u32x4 *>(src + head + (size_t)(r0 + r) * 64 + part * 8u);
    }
  };
  load_tile(sq, Q, q0);
  __syncthreads();
  unsigned qa[4][4];
  for (unsigned kd = 0; kd < 4u; ++kd)
    P2M_LDSM_A(qa[kd], sq, warp * 16u, kd * 16u, lane);

  float o[8][4] = {};
  float m[2] = {neg_inf, neg_inf}, l[2] = {0.0f, 0.0f};
  const int kv_end = causal ? q0 + 64 : S;
  for (int k0 = 0; k0 < kv_end; k0 += 64) {
    __syncthreads(); // the previous tile's readers are done
    load_tile(sk, Kt, k0);
    load_tile(sv, V, k0);
    __syncthreads();
    float s[8][4] = {};
    for (unsigned kd = 0; kd < 4u; ++kd)
      for (unsigned nt = 0; nt < 8u; nt += 2u) {
        unsigned b[4];
        P2M_LDSM_B_NK(b, sk, nt * 8u, kd * 16u, lane);
        if (Bf16) {
          mma_bf16(s[nt], qa[kd], b[0], b[1]);
          mma_bf16(s[nt + 1], qa[kd], b[2], b[3]);
        } else {
          mma_f16(s[nt], qa[kd], b[0], b[1]);
          mma_f16(s[nt + 1], qa[kd], b[2], b[3]);
        }
      }
    // Scale into log2 units, mask, and the running row maxima (a row lives in a lane quad).
    float tile_max[2] = {neg_inf, neg_inf};
    for (unsigned nt = 0; nt < 8u; ++nt)
      for (unsigned i = 0; i < 4u; ++i) {
        const unsigned h = i >> 1;
        const int qi = q0 + (int)(warp * 16u + g + 8u * h), ki = k0 + (int)(nt * 8u + 2u * q + (i & 1u));
        s[nt][i] = causal && ki > qi ? neg_inf : s[nt][i] * scale_log2;
        tile_max[h] = fmaxf(tile_max[h], s[nt][i]);
      }
    float alpha[2];
    for (unsigned h = 0; h < 2u; ++h) {
      tile_max[h] = fmaxf(tile_max[h], __shfl_xor_sync(0xffffffffu, tile_max[h], 1));
      tile_max[h] = fmaxf(tile_max[h], __shfl_xor_sync(0xffffffffu, tile_max[h], 2));
      const float m_new = fmaxf(m[h], tile_max[h]);
      alpha[h] = exp2f(m[h] - m_new);
      m[h] = m_new;
      l[h] *= alpha[h];
    }
    for (unsigned nt = 0; nt < 8u; ++nt)
      for (unsigned i = 0; i < 4u; ++i) {
        const unsigned h = i >> 1;
        s[nt][i] = exp2f(s[nt][i] - m[h]);
        l[h] += s[nt][i];
        o[nt][i] *= alpha[h];
      }
    // O += P V: the score accumulators of keys [16j, 16j + 16) are the A fragment as they lie.
    for (unsigned j = 0; j < 4u; ++j) {
      unsigned pa[4];
      if (Bf16) {
        pa[0] = pack_bf16x2(s[2 * j][0], s[2 * j][1]);
        pa[1] = pack_bf16x2(s[2 * j][2], s[2 * j][3]);
        pa[2] = pack_bf16x2(s[2 * j + 1][0], s[2 * j + 1][1]);
        pa[3] = pack_bf16x2(s[2 * j + 1][2], s[2 * j + 1][3]);
      } else {
        pa[0] = pack_f16x2(s[2 * j][0], s[2 * j][1]);
        pa[1] = pack_f16x2(s[2 * j][2], s[2 * j][3]);
        pa[2] = pack_f16x2(s[2 * j + 1][0], s[2 * j + 1][1]);
        pa[3] = pack_f16x2(s[2 * j + 1][2], s[2 * j + 1][3]);
      }
      for (unsigned nt = 0; nt < 8u; nt += 2u) {
        unsigned b[4]; // V is [key][d]: the B fragment (k = key, n = d) needs the transpose
        ldsm_x4_trans(b, &sv[16u * j + (lane & 7u) + ((lane >> 3) & 1u) * 8u][nt * 8u + (lane >> 4) * 8u]);
        if (Bf16) {
          mma_bf16(o[nt], pa, b[0], b[1]);
          mma_bf16(o[nt + 1], pa, b[2], b[3]);
        } else {
          mma_f16(o[nt], pa, b[0], b[1]);
          mma_f16(o[nt + 1], pa, b[2], b[3]);
        }
      }
    }
  }
  for (unsigned h = 0; h < 2u; ++h) {
    l[h] += __shfl_xor_sync(0xffffffffu, l[h], 1);
    l[h] += __shfl_xor_sync(0xffffffffu, l[h], 2);
    const float inv = 1.0f / l[h];
    const size_t r = q0 + warp * 16u + g + 8u * h;
    for (unsigned nt = 0; nt < 8u; ++nt)
      *reinterpret_cast<float2 *>(O + head + r * 64 + nt * 8u + 2u * q) =
          make_float2(o[nt][2 * h] * inv, o[nt][2 * h + 1] * inv);
    if (q == 0u)
      L[(size_t)blockIdx.y * S + r] = m[h] + log2f(l[h]);
  }
}

extern "C" __global__ void __launch_bounds__(128)
    flash_attn_f16(const unsigned short *Q, const unsigned short *K, const unsigned short *V, float *O, float *L,
                   int S, float scale_log2, int causal) {
  flash_attn<false>(Q, K, V, O, L, S, scale_log2, causal);
}

extern "C" __global__ void __launch_bounds__(128)
    flash_attn_bf16(const unsigned short *Q, const unsigned short *K, const unsigned short *V, float *O, float *L,
                    int S, float scale_log2, int causal) {
  flash_attn<true>(Q, K, V, O, L, S, scale_log2, causal);
}

#endif // P2M_SM80
