// Tensor-core GEMM, f16 operands, f32 accumulators (mma_gemm.cuh): 256 threads, grid n/64 x n/64.
#include "mma_gemm.cuh"
extern "C" __global__ void __launch_bounds__(256) mma_gemm_f16(int n, const __half *__restrict__ A,
                                                               const __half *__restrict__ B, float *__restrict__ C)
{
  mma_gemm<__half>(n, A, B, C);
}
