// Named barriers over many phases: a producer/consumer pipeline that reuses two barriers every
// round (bar.arrive on one side, bar.sync / barrier.sync on the other, the barrier id once from
// a register), and two independent halves of a CTA that each synchronize on their own barrier
// while a count equal to the whole CTA joins them.
#include "common.h"

// Warps 0-1 produce a stage of 64 values per round, warps 2-3 consume it. Barrier `full_id`
// (1 at launch): producers arrive, consumers wait. Barrier 2: consumers arrive once they have
// read the stage, producers wait before overwriting it. Launch 128 threads per block.
extern "C" __global__ void bar_named_pipeline(const unsigned *in, unsigned *out, int rounds, int full_id) {
  __shared__ unsigned stage[64];
  unsigned t = threadIdx.x;
  unsigned acc = 0;  // unsigned: the products wrap
  for (int r = 0; r < rounds; ++r) {
    if (t < 64) {
      if (r > 0) asm volatile("bar.sync 2, 128;" ::: "memory");
      stage[t] = in[(blockIdx.x * rounds + r) * 64 + t] + (unsigned)r;
      asm volatile("bar.arrive %0, 128;" ::"r"(full_id) : "memory");
    } else {
      asm volatile("barrier.sync %0, 128;" ::"r"(full_id) : "memory");
      acc = acc * 3u + stage[(t - 64 + r) % 64];
      asm volatile("bar.arrive 2, 128;" ::: "memory");
    }
  }
  out[blockIdx.x * blockDim.x + t] = acc;
}

// Two halves of 128 threads each sum their own 128 values in shared memory, synchronizing on
// barrier 1 (first half) or 2 (second half) between the steps; then barrier 3 with all 256
// threads lets every thread read the other half's sum. Launch 256 threads per block.
extern "C" __global__ void bar_named_halves(const int *in, int *out) {
  __shared__ int s[256];
  unsigned t = threadIdx.x, half = t / 128, i = t % 128;
  s[t] = in[blockIdx.x * 256 + t];
  for (unsigned stride = 64; stride > 0; stride >>= 1) {
    if (half == 0)
      asm volatile("bar.sync 1, 128;" ::: "memory");
    else
      asm volatile("bar.sync 2, 128;" ::: "memory");
    int v = i < stride ? s[t + stride] : 0;
    if (half == 0)
      asm volatile("bar.sync 1, 128;" ::: "memory");
    else
      asm volatile("bar.sync 2, 128;" ::: "memory");
    if (i < stride) s[t] += v;
  }
  asm volatile("bar.sync 3, 256;" ::: "memory");
  out[blockIdx.x * 256 + t] = s[half * 128] * 2 - s[(1 - half) * 128] + (int)i;
}

// bar.red with a thread count: each half of the CTA reduces over its own 128 threads on its own
// barrier (1 or 2) every round, so the counters are reused, then .or over all 256 threads on
// barrier 3. Launch 256 threads per block.
extern "C" __global__ void bar_red_named(const int *in, unsigned *out, int rounds) {
  unsigned t = threadIdx.x, half = t / 128;
  unsigned acc = 0;  // unsigned: the products wrap
  for (int r = 0; r < rounds; ++r) {
    int v = in[(blockIdx.x * rounds + r) * 256 + t];
    unsigned count, all, any;
    if (half == 0) {
      asm volatile("{ .reg .pred p; setp.gt.s32 p, %1, 0; bar.red.popc.u32 %0, 1, 128, p; }"
                   : "=r"(count) : "r"(v) : "memory");
      asm volatile("{ .reg .pred p, q; setp.gt.s32 p, %1, -995; bar.red.and.pred q, 1, 128, p; selp.u32 %0, 1, 0, q; }"
                   : "=r"(all) : "r"(v) : "memory");
    } else {
      asm volatile("{ .reg .pred p; setp.gt.s32 p, %1, 0; barrier.red.popc.u32 %0, 2, 128, p; }"
                   : "=r"(count) : "r"(v) : "memory");
      asm volatile("{ .reg .pred p, q; setp.gt.s32 p, %1, -995; barrier.red.and.pred q, 2, 128, p; selp.u32 %0, 1, 0, q; }"
                   : "=r"(all) : "r"(v) : "memory");
    }
    asm volatile("{ .reg .pred p, q; setp.eq.s32 p, %1, 7; bar.red.or.pred q, 3, 256, p; selp.u32 %0, 1, 0, q; }"
                 : "=r"(any) : "r"(v) : "memory");
    acc = acc * 31u + count * 4u + all * 2u + any;
  }
  out[blockIdx.x * 256 + t] = acc;
}
