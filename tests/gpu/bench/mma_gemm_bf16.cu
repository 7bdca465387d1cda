// Tensor-core GEMM, bf16 operands, f32 accumulators (mma_gemm.cuh): 256 threads, grid n/64 x n/64.
#include "mma_gemm.cuh"
extern "C" __global__ void __launch_bounds__(256) mma_gemm_bf16(int n, const __nv_bfloat16 *__restrict__ A,
                                                                const __nv_bfloat16 *__restrict__ B,
                                                                float *__restrict__ C)
{
  mma_gemm<__nv_bfloat16>(n, A, B, C);
}
