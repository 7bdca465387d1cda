// Probe: cp.async.bulk with mbarrier transaction counts (sm_90), for the emulation in
// emitters/msl/support/atomic_ops.h (mbarrier state with a tx-count) and abi.h (bulk copies made
// at issue); docs/gpu-facts.md, "cp.async.bulk" (run on an H100 on 2026-12-06: the output is
// there). Three kernels:
//   libcu    cuda::memcpy_async into shared memory with a cuda::barrier, as nvcc lowers it at
//            sm_90: cp.async.bulk ... complete_tx, then mbarrier.expect_tx, then arrive (the
//            tx-count is below zero in between);
//   expect   arrive.expect_tx first, then two cp.async.bulk halves (CUTLASS's order), the
//            copy out with cp.async.bulk.global.shared::cta.bulk_group and wait_group.read;
//   early    the copy, then test_wait before expect_tx and the arrival: the phase must not have
//            completed (tx-count -n, one arrival pending), then after both it has.
// Each output must equal its input (by construction); the probe prints one line per kernel.
//   nvcc -arch=sm_90 -O2 -o bulk_copy bulk_copy.cu && ./bulk_copy
#include <cuda/barrier>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

using block_barrier = cuda::barrier<cuda::thread_scope_block>;

#define CHECK(x)                                                                             \
  do {                                                                                       \
    cudaError_t e_ = (x);                                                                    \
    if (e_ != cudaSuccess) {                                                                 \
      std::printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); \
      return 1;                                                                              \
    }                                                                                        \
  } while (0)

constexpr int kWords = 1024; // 4 KiB per block

__global__ void libcu(const uint4 *in, uint4 *out)
{
  __shared__ alignas(16) uint4 tile[kWords / 4];
#pragma nv_diag_suppress static_var_with_dynamic_init
  __shared__ block_barrier bar;
  if (threadIdx.x == 0)
    init(&bar, blockDim.x);
  __syncthreads();
  if (threadIdx.x == 0)
    cuda::memcpy_async(tile, in + blockIdx.x * (kWords / 4), cuda::aligned_size_t<16>(sizeof(tile)), bar);
  bar.arrive_and_wait();
  for (int i = threadIdx.x; i < kWords / 4; i += blockDim.x)
    out[blockIdx.x * (kWords / 4) + i] = tile[i];
}

__device__ unsigned smem(const void *p) { return static_cast<unsigned>(__cvta_generic_to_shared(p)); }

__global__ void expect(const uint32_t *in, uint32_t *out)
{
  __shared__ alignas(16) uint32_t tile[kWords];
  __shared__ alignas(8) uint64_t bar;
  const unsigned b = smem(&bar), t = smem(tile);
  const uint32_t *src = in + blockIdx.x * kWords;
  if (threadIdx.x == 0)
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(b));
  __syncthreads();
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.arrive.expect_tx.release.cta.shared::cta.b64 _, [%0], %1;" ::"r"(b), "r"(kWords * 4)
                 : "memory");
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(t),
                 "l"(src), "r"(kWords * 2), "r"(b)
                 : "memory");
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(
                     t + kWords * 2),
                 "l"(src + kWords / 2), "r"(kWords * 2), "r"(b)
                 : "memory");
  }
  unsigned done = 0;
  while (!done)
    asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], 0; selp.u32 %0, 1, 0, p; }"
                 : "=r"(done)
                 : "r"(b)
                 : "memory");
  if (threadIdx.x == 0) {
    asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;" ::"l"(out + blockIdx.x * kWords),
                 "r"(t), "r"(kWords * 4)
                 : "memory");
    asm volatile("cp.async.bulk.commit_group;" ::: "memory");
    asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
  }
}

__global__ void early(const uint32_t *in, uint32_t *out, uint32_t *seen)
{
  __shared__ alignas(16) uint32_t tile[kWords];
  __shared__ alignas(8) uint64_t bar;
  const unsigned b = smem(&bar), t = smem(tile);
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(b));
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(t),
                 "l"(in), "r"(kWords * 4), "r"(b)
                 : "memory");
    unsigned before = 0;
    // Spin a while so that the copy has surely landed: the phase still must not complete.
    for (int i = 0; i < 1000; ++i)
      asm volatile("{ .reg .pred p; mbarrier.test_wait.parity.shared::cta.b64 p, [%1], 0; selp.u32 %0, 1, 0, p; }"
                   : "=r"(before)
                   : "r"(b)
                   : "memory");
    asm volatile("mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [%0], %1;" ::"r"(b), "r"(kWords * 4) : "memory");
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(b) : "memory");
    unsigned after = 0;
    while (!after)
      asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], 0; selp.u32 %0, 1, 0, p; }"
                   : "=r"(after)
                   : "r"(b)
                   : "memory");
    seen[0] = before;
    seen[1] = after;
    for (int i = 0; i < kWords; ++i)
      out[i] = tile[i];
  }
}

int main()
{
  const int blocks = 8;
  std::vector<uint32_t> host(kWords * blocks), back(kWords * blocks);
  for (size_t i = 0; i < host.size(); ++i)
    host[i] = static_cast<uint32_t>(i * 2654435761u + 12345u);
  uint32_t *in = nullptr, *out = nullptr, *seen = nullptr;
  CHECK(cudaMalloc(&in, host.size() * 4));
  CHECK(cudaMalloc(&out, host.size() * 4));
  CHECK(cudaMalloc(&seen, 8));
  CHECK(cudaMemcpy(in, host.data(), host.size() * 4, cudaMemcpyHostToDevice));

  CHECK(cudaMemset(out, 0xA5, host.size() * 4));
  libcu<<<blocks, 128>>>(reinterpret_cast<const uint4 *>(in), reinterpret_cast<uint4 *>(out));
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(back.data(), out, back.size() * 4, cudaMemcpyDeviceToHost));
  std::printf("libcu: %s\n", std::memcmp(back.data(), host.data(), back.size() * 4) == 0 ? "copy ok" : "MISMATCH");

  CHECK(cudaMemset(out, 0xA5, host.size() * 4));
  expect<<<blocks, 128>>>(in, out);
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(back.data(), out, back.size() * 4, cudaMemcpyDeviceToHost));
  std::printf("expect: %s\n", std::memcmp(back.data(), host.data(), back.size() * 4) == 0 ? "copy ok" : "MISMATCH");

  CHECK(cudaMemset(out, 0xA5, host.size() * 4));
  early<<<1, 32>>>(in, out, seen);
  CHECK(cudaDeviceSynchronize());
  uint32_t s[2] = {0, 0};
  CHECK(cudaMemcpy(s, seen, 8, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(back.data(), out, kWords * 4, cudaMemcpyDeviceToHost));
  std::printf("early: %s, phase complete before expect_tx and arrive: %u, after: %u\n",
              std::memcmp(back.data(), host.data(), kWords * 4) == 0 ? "copy ok" : "MISMATCH", s[0], s[1]);
  return 0;
}
