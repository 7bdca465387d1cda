// p2m-min-arch: 80
// Asynchronous global->shared copies (sm_80+): cp.async.ca/.cg of 4, 8 and 16 bytes, through
// the CUDA pipeline primitives and through inline PTX, with commit_group / wait_group and a
// double-buffered loop that keeps one group in flight.
#include "common.h"
#if defined(__NVCC__) && !defined(__CUDACC_DEBUG__)
#include <cuda_pipeline.h>
#endif

// nvcc: the CUDA pipeline primitives (what user code calls). Under -G (__CUDACC_DEBUG__) the
// same copy is spelled in PTX instead, because the primitives' run-time size dispatch (a
// 17-way switch per size class, every case its own .func) makes the debug PTX ~600 KB.
// clang: the NVVM builtins.
#if defined(__NVCC__) && !defined(__CUDACC_DEBUG__)
#define P2M_PIPELINE_PRIMITIVES 1
#else
#define P2M_PIPELINE_PRIMITIVES 0
#endif

__device__ __forceinline__ void copy16_async(void *smem, const void *gmem) {
#if P2M_PIPELINE_PRIMITIVES
  __pipeline_memcpy_async(smem, gmem, 16);
#elif defined(__NVCC__)
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;"
               :: "r"((unsigned)__cvta_generic_to_shared(smem)), "l"(gmem) : "memory");
#else
  __nvvm_cp_async_cg_shared_global_16((void __attribute__((address_space(3))) *)smem,
                                      (const void __attribute__((address_space(1))) *)gmem);
#endif
}
__device__ __forceinline__ void commit_async() {
#if P2M_PIPELINE_PRIMITIVES
  __pipeline_commit();
#elif defined(__NVCC__)
  asm volatile("cp.async.commit_group;" ::: "memory");
#else
  __nvvm_cp_async_commit_group();
#endif
}
template <int N>
__device__ __forceinline__ void wait_async() {
#if P2M_PIPELINE_PRIMITIVES
  __pipeline_wait_prior(N);
#elif defined(__NVCC__)
  asm volatile("cp.async.wait_group %0;" :: "n"(N) : "memory");
#else
  __nvvm_cp_async_wait_group(N);
#endif
}

// Each block stages blockDim.x float4s in shared memory, in tiles, double-buffered.
extern "C" __global__ void cp_async_pipeline(const float4 *in, float4 *out, int tiles) {
  extern __shared__ float4 stage[];           // 2 * blockDim.x float4s
  unsigned t = threadIdx.x, nb = blockDim.x;
  const float4 *src = in + (size_t)blockIdx.x * tiles * nb;
  float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
  copy16_async(&stage[t], &src[t]);
  commit_async();
  for (int k = 0; k < tiles; ++k) {
    if (k + 1 < tiles) copy16_async(&stage[((k + 1) & 1) * nb + t], &src[(k + 1) * nb + t]);
    commit_async();
    wait_async<1>();
    __syncthreads();
    float4 v = stage[(k & 1) * nb + (nb - 1 - t)];
    acc.x += v.x; acc.y += v.y; acc.z += v.z; acc.w += v.w;
    __syncthreads();
  }
  out[blockIdx.x * nb + t] = acc;
}

// cp.async spelled in PTX: 4- and 8-byte .ca copies, a zero-filling copy (src-size < cp-size),
// wait_all.
extern "C" __global__ void cp_async_asm(const int *in, int *out) {
  __shared__ __align__(16) int buf[3 * 128];
  unsigned t = threadIdx.x;
  unsigned s0 = (unsigned)__cvta_generic_to_shared(&buf[t]);
  unsigned s1 = (unsigned)__cvta_generic_to_shared(&buf[128 + 2 * (t & 63)]);
  unsigned s2 = (unsigned)__cvta_generic_to_shared(&buf[256 + (t & ~3u)]);
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" :: "r"(s0), "l"(in + t) : "memory");
  if (t < 64)
    asm volatile("cp.async.ca.shared.global [%0], [%1], 8;" :: "r"(s1), "l"(in + 128 + 2 * t) : "memory");
  if ((t & 3) == 0)
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, 8;" :: "r"(s2), "l"(in + 256 + t) : "memory");
  asm volatile("cp.async.commit_group;" ::: "memory");
  asm volatile("cp.async.wait_group 0;" ::: "memory");
  asm volatile("cp.async.wait_all;" ::: "memory");
  __syncthreads();
  out[t] = buf[t] + buf[128 + t] * 3 + buf[256 + t] * 7;
}
