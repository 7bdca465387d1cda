// Special registers and 2D/3D index arithmetic: %tid/%ntid/%ctaid/%nctaid in three
// dimensions, %laneid, %warpid, %nwarpid, %smid, %nsmid, %gridid, %clock, %clock64,
// %globaltimer, %lanemask_*, %dynamic_smem_size, plus __nanosleep (sm_70+). Values that differ
// between runs are stored as deterministic facts (ranges and monotonicity), not raw.
#include "common.h"

// 3-D grid of 3-D blocks: the linearised indices every CUDA program computes.
extern "C" __global__ void sreg_index3d(unsigned *out) {
  unsigned bx = blockIdx.x, by = blockIdx.y, bz = blockIdx.z;
  unsigned block = bx + gridDim.x * (by + gridDim.y * bz);
  unsigned threads = blockDim.x * blockDim.y * blockDim.z;
  unsigned local = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  unsigned g = block * threads + local;
  out[4 * g + 0] = threadIdx.x | threadIdx.y << 10 | threadIdx.z << 20;
  out[4 * g + 1] = bx | by << 10 | bz << 20;
  out[4 * g + 2] = blockDim.x | blockDim.y << 10 | blockDim.z << 20;
  out[4 * g + 3] = gridDim.x | gridDim.y << 10 | gridDim.z << 20;
}

// 2-D image transpose-and-scale: row/column math with a pitch.
extern "C" __global__ void sreg_index2d(const float *in, float *out, int width, int height,
                                        int pitch) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;
  out[x * height + y] = in[y * pitch + x] * 2.0f + (float)(x - y);
}

__device__ __forceinline__ unsigned sreg_laneid() {
  unsigned r;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));
  return r;
}

// 16 facts per thread, each 0 or 1 unless noted.
extern "C" __global__ void sreg_machine(unsigned *out) {
  extern __shared__ unsigned dyn_smem[];
  unsigned t = p2m_gid();
  unsigned lane = sreg_laneid(), warpid, nwarpid, smid, nsmid, ltmask, gemask, dsmem;
  unsigned long long gridid, gt0, gt1;
  asm volatile("mov.u32 %0, %%warpid;" : "=r"(warpid));
  asm volatile("mov.u32 %0, %%nwarpid;" : "=r"(nwarpid));
  asm volatile("mov.u32 %0, %%smid;" : "=r"(smid));
  asm volatile("mov.u32 %0, %%nsmid;" : "=r"(nsmid));
  asm volatile("mov.u64 %0, %%gridid;" : "=l"(gridid));
  asm volatile("mov.u32 %0, %%lanemask_lt;" : "=r"(ltmask));
  asm volatile("mov.u32 %0, %%lanemask_ge;" : "=r"(gemask));
  asm volatile("mov.u32 %0, %%dynamic_smem_size;" : "=r"(dsmem));
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(gt0));
  long long c0 = clock64();
  unsigned k0 = (unsigned)clock();
  dyn_smem[threadIdx.x] = lane;
  __nanosleep(100);
  __syncthreads();
  long long c1 = clock64();
  unsigned k1 = (unsigned)clock();
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(gt1));
  unsigned *o = out + 16 * t;
  o[0] = lane;                                   // deterministic: threadIdx.x % 32
  o[1] = lane == (threadIdx.x & 31u);
  o[2] = warpid < nwarpid;
  o[3] = smid < nsmid;
  o[4] = gridid != 0 || gridid == 0;             // any value is valid; the read must exist
  o[5] = ltmask;                                 // deterministic: (1 << lane) - 1
  o[6] = gemask;                                 // deterministic: ~ltmask
  o[7] = dsmem;                                  // deterministic: the launch's dynamic size
  o[8] = c1 > c0;
  o[9] = (k1 - k0) < 0x80000000u;                // 32-bit clock difference, wrap-safe
  o[10] = gt1 >= gt0;
  o[11] = dyn_smem[(threadIdx.x + 1) % blockDim.x] == ((threadIdx.x + 1) % blockDim.x & 31u);
  o[12] = __activemask() == 0xffffffffu;
  o[13] = warpSize;
  o[14] = (threadIdx.x >> 5) * 32u + lane == threadIdx.x;
  o[15] = nsmid > 0;
}
