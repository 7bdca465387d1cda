// p2m-min-arch: 90
// mbarrier objects in shared memory (sm_90+, for arrivals with a count and try_wait): a
// double-buffered producer/consumer pipeline over many phases (arrivals with a count, waits on
// a phase parity), and a CTA-wide rendezvous that waits on the state token of its own arrival,
// with cp.async.mbarrier.arrive.noinc arrivals.
#include "common.h"

__device__ __forceinline__ unsigned smem_addr(const void *p) {
  return (unsigned)__cvta_generic_to_shared(p);
}
__device__ __forceinline__ void mbar_init(unsigned long long *bar, unsigned count) {
  asm volatile("mbarrier.init.shared.b64 [%0], %1;" ::"r"(smem_addr(bar)), "r"(count) : "memory");
}
__device__ __forceinline__ void mbar_arrive(unsigned long long *bar, unsigned count) {
  asm volatile("mbarrier.arrive.shared.b64 _, [%0], %1;" ::"r"(smem_addr(bar)), "r"(count) : "memory");
}
__device__ __forceinline__ void mbar_wait_parity(unsigned long long *bar, unsigned parity) {
  unsigned done = 0;
  while (!done)
    asm volatile("{\n\t.reg .pred p;\n\t"
                 "mbarrier.try_wait.parity.shared.b64 p, [%1], %2;\n\t"
                 "selp.u32 %0, 1, 0, p;\n\t}"
                 : "=r"(done) : "r"(smem_addr(bar)), "r"(parity) : "memory");
}

// Warps 0-1 produce a 64-value stage per round into one of two buffers, warps 2-3 consume it.
// full[b]: 64 producer arrivals complete a phase; empty[b]: one arrival of count 32 per
// consumer warp. Round r uses buffer r % 2 in its phase r / 2. Launch 128 threads per block.
extern "C" __global__ void mbarrier_pipeline(const unsigned *in, unsigned *out, int rounds) {
  __shared__ unsigned long long full[2], empty[2];
  __shared__ unsigned stage[2][64];
  unsigned t = threadIdx.x;
  if (t == 0)
    for (int b = 0; b < 2; ++b) {
      mbar_init(&full[b], 64);
      mbar_init(&empty[b], 64);
    }
  __syncthreads();
  unsigned acc = 0;
  for (int r = 0; r < rounds; ++r) {
    int b = r & 1;
    unsigned parity = (unsigned)(r >> 1) & 1u;
    if (t < 64) {
      if (r >= 2) mbar_wait_parity(&empty[b], parity ^ 1u);
      stage[b][t] = in[(blockIdx.x * rounds + r) * 64 + t] ^ (unsigned)r;
      mbar_arrive(&full[b], 1);
    } else {
      mbar_wait_parity(&full[b], parity);
      acc = acc * 5u + stage[b][(t - 64 + 3 * r) % 64];
      __syncwarp(); // the whole warp has read the stage before its one arrival
      if (t % 32 == 0) mbar_arrive(&empty[b], 32);
    }
  }
  out[blockIdx.x * blockDim.x + t] = acc;
}

// Every thread copies one value into shared memory with cp.async and lets the copy's
// completion arrive (.noinc, so the init count includes those arrivals), then arrives itself
// and waits on its own state token. Twice, so the second round runs in phase 1. pending_count
// of the token is between 1 and the init count. Launch 128 threads per block.
extern "C" __global__ void mbarrier_token(const unsigned *in, unsigned *out) {
  __shared__ unsigned long long bar;
  __shared__ unsigned data[128];
  unsigned t = threadIdx.x;
  if (t == 0) mbar_init(&bar, 2 * blockDim.x);
  __syncthreads();
  for (unsigned round = 0; round < 2; ++round) {
    const unsigned *src = in + (blockIdx.x * 2 + round) * blockDim.x + t;
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"r"(smem_addr(&data[t])), "l"(src) : "memory");
    asm volatile("cp.async.mbarrier.arrive.noinc.shared.b64 [%0];" ::"r"(smem_addr(&bar)) : "memory");
    unsigned long long state;
    asm volatile("mbarrier.arrive.shared.b64 %0, [%1];" : "=l"(state) : "r"(smem_addr(&bar)) : "memory");
    unsigned pending;
    asm volatile("mbarrier.pending_count.b64 %0, %1;" : "=r"(pending) : "l"(state));
    unsigned done = 0;
    while (!done)
      asm volatile("{\n\t.reg .pred p;\n\t"
                   "mbarrier.test_wait.shared.b64 p, [%1], %2;\n\t"
                   "selp.u32 %0, 1, 0, p;\n\t}"
                   : "=r"(done) : "r"(smem_addr(&bar)), "l"(state) : "memory");
    unsigned v = data[(t + 7 + round) % blockDim.x];
    out[(blockIdx.x * 2 + round) * blockDim.x + t] = v * 2u + (pending >= 1u && pending <= 2u * blockDim.x);
    __syncthreads(); // data is overwritten in the next round
  }
}
