// The tensor-core GEMM of the speed suite (mma_gemm_f16.cu, mma_gemm_bf16.cu): C = A * B with
// A (n x n, row-major) and B (n x n, row-major) of 16-bit floats, C f32, n a multiple of 64.
// Ampere-style: 64 x 64 block tiles, 32-deep k steps through shared memory (16-byte global
// loads prefetched into registers while the current step computes), 8 warps of 16 x 32, fed by
// ldmatrix.x4 (A) and ldmatrix.x4.trans (B), mma.sync.m16n8k16 with f32 accumulators. On the
// GPU this is one HMMA per mma; our MSL emulates each one bit for bit with SIMD-group shuffles
// and integer arithmetic (mma_ops.h), so the ratio measures that emulation.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#define MMA_GEMM_BM 64
#define MMA_GEMM_BN 64
#define MMA_GEMM_BK 32
#define MMA_GEMM_APAD 8 // halves of padding per row: ldmatrix rows fall in distinct banks
#define MMA_GEMM_BPAD 8

template <typename T> __device__ __forceinline__ void mma_16816(float *d, const unsigned *a, const unsigned *b);

template <> __device__ __forceinline__ void mma_16816<__half>(float *d, const unsigned *a, const unsigned *b)
{
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
               "{%0,%1,%2,%3};"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}

template <> __device__ __forceinline__ void mma_16816<__nv_bfloat16>(float *d, const unsigned *a, const unsigned *b)
{
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
               "{%0,%1,%2,%3};"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}

__device__ __forceinline__ void ldmatrix_x4(unsigned *r, const void *smem)
{
  const unsigned p = (unsigned)__cvta_generic_to_shared(smem);
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(p));
}

__device__ __forceinline__ void ldmatrix_x4_trans(unsigned *r, const void *smem)
{
  const unsigned p = (unsigned)__cvta_generic_to_shared(smem);
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0,%1,%2,%3}, [%4];"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(p));
}

template <typename T>
__device__ __forceinline__ void mma_gemm(int n, const T *__restrict__ A, const T *__restrict__ B, float *__restrict__ C)
{
  __shared__ __align__(16) T sa[MMA_GEMM_BM][MMA_GEMM_BK + MMA_GEMM_APAD];
  __shared__ __align__(16) T sb[MMA_GEMM_BK][MMA_GEMM_BN + MMA_GEMM_BPAD];
  const unsigned tid = threadIdx.x, warp = tid >> 5, lane = tid & 31u;
  const unsigned wm = warp >> 1, wn = warp & 1u; // 4 x 2 warps: 16 rows x 32 columns each
  const int row0 = blockIdx.y * MMA_GEMM_BM, col0 = blockIdx.x * MMA_GEMM_BN;
  float acc[4][4] = {};

  // Each thread copies one 16-byte chunk of A (64 x 32) and one of B (32 x 64) per k step.
  uint4 ra, rb;
  auto load = [&](int k0) {
    ra = *reinterpret_cast<const uint4 *>(A + (size_t)(row0 + tid / 4u) * n + k0 + (tid % 4u) * 8u);
    rb = *reinterpret_cast<const uint4 *>(B + (size_t)(k0 + tid / 8u) * n + col0 + (tid % 8u) * 8u);
  };

  load(0);
  for (int k0 = 0; k0 < n; k0 += MMA_GEMM_BK) {
    *reinterpret_cast<uint4 *>(&sa[tid / 4u][(tid % 4u) * 8u]) = ra;
    *reinterpret_cast<uint4 *>(&sb[tid / 8u][(tid % 8u) * 8u]) = rb;
    __syncthreads();
    if (k0 + MMA_GEMM_BK < n)
      load(k0 + MMA_GEMM_BK);
    // Not unrolled: four mma.sync per iteration keep the emulated code (and NVRTC's time on
    // it) small; the tensor cores' side loses little.
#pragma unroll 1
    for (int kk = 0; kk < MMA_GEMM_BK; kk += 16) {
      unsigned a[4], b[4][2];
      ldmatrix_x4(a, &sa[wm * 16u + (lane & 15u)][kk + (lane >> 4) * 8u]);
#pragma unroll
      for (int nt = 0; nt < 4; nt += 2) { // matrices (k 0-7, n nt), (k 8-15, n nt), (.., nt+1)
        unsigned r[4];
        ldmatrix_x4_trans(r, &sb[kk + (lane & 7u) + ((lane >> 3) & 1u) * 8u][wn * 32u + nt * 8u + (lane >> 4) * 8u]);
        b[nt][0] = r[0];
        b[nt][1] = r[1];
        b[nt + 1][0] = r[2];
        b[nt + 1][1] = r[3];
      }
#pragma unroll
      for (int nt = 0; nt < 4; ++nt)
        mma_16816<T>(acc[nt], a, b[nt]);
    }
    __syncthreads();
  }

  const unsigned g = lane >> 2, q = lane & 3u;
#pragma unroll
  for (int nt = 0; nt < 4; ++nt)
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      const int r = row0 + wm * 16 + g + h * 8, c = col0 + wn * 32 + nt * 8 + q * 2;
      *reinterpret_cast<float2 *>(C + (size_t)r * n + c) = make_float2(acc[nt][2 * h], acc[nt][2 * h + 1]);
    }
}
