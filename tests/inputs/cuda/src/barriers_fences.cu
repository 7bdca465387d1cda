// Barriers and fences: bar.sync (__syncthreads), bar.red (__syncthreads_count/and/or), named
// barriers with thread counts (bar.sync 1, 64 / bar.arrive), barrier.sync.aligned,
// __syncwarp, and memory fences at CTA, GPU and system scope.
#include "common.h"

extern "C" __global__ void bar_reductions(const int *in, int *out) {
  unsigned t = p2m_gid();
  int v = in[t];
  int cnt = __syncthreads_count(v > 0);
  int all = __syncthreads_and(v >= 0);
  int any = __syncthreads_or(v == 3);
  out[3 * t + 0] = cnt;
  out[3 * t + 1] = all;
  out[3 * t + 2] = any;
}

// Block-level tree reduction in shared memory: the classic __syncthreads loop.
extern "C" __global__ void bar_tree_reduce(const float *in, float *out) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 32; stride >>= 1) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t < 32) {
    float v = s[t] + s[t + 32];
    __syncwarp();
    for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
    if (t == 0) out[blockIdx.x] = v;
  }
}

// Producer/consumer split with named barriers: warps 0-1 produce (64 threads), warps 2-3
// consume. Barrier 1 counts all 128 threads; producers arrive, consumers sync. Launch 128.
extern "C" __global__ void bar_named(const int *in, int *out) {
  __shared__ int buf[64];
  unsigned t = threadIdx.x;
  if (t < 64) {
    buf[t] = in[blockIdx.x * 64 + t] * 2;
    __threadfence_block();
    asm volatile("bar.arrive 1, 128;" ::: "memory");
    // Producers synchronize among themselves on barrier 2 (64 threads).
    asm volatile("bar.sync 2, 64;" ::: "memory");
    out[blockIdx.x * 128 + t] = buf[63 - t];
  } else {
    asm volatile("bar.sync 1, 128;" ::: "memory");
    out[blockIdx.x * 128 + t] = buf[t - 64] + 1;
  }
  asm volatile("barrier.sync.aligned 3;" ::: "memory");
  if (t == 0) out[blockIdx.x * 128] += 1000;
}

// Fences: publish data then a flag (the pattern the fences exist for), at each scope.
extern "C" __global__ void bar_fences(int *data, volatile int *flags, int *out) {
  unsigned b = blockIdx.x, t = threadIdx.x;
  if (t == 0) {
    data[b] = (int)b * 10 + 1;
    __threadfence();
    flags[b] = 1;
    __threadfence_system();
    data[b + gridDim.x] = 2;
  }
  __syncthreads();
  __threadfence_block();
  asm volatile("fence.acq_rel.gpu;" ::: "memory");
  asm volatile("membar.cta;" ::: "memory");
  if (t == 0) out[b] = flags[b] + data[b];
}
