// %reserved_smem_offset_{begin,end,cap,0,1} on the H200 and what the region holds when a block
// starts (docs/gpu-facts.md has the findings).
// Build and run on the GPU machine: nvcc -arch=sm_90 -O2 -o p reserved_smem.cu && ./p
#include <cstdio>
__global__ void k(unsigned *out, int touch) {
  extern __shared__ unsigned dyn[];
  __shared__ unsigned stat[64];
  unsigned b, e, c, o0, o1;
  asm volatile("mov.u32 %0, %%reserved_smem_offset_begin;" : "=r"(b));
  asm volatile("mov.u32 %0, %%reserved_smem_offset_end;" : "=r"(e));
  asm volatile("mov.u32 %0, %%reserved_smem_offset_cap;" : "=r"(c));
  asm volatile("mov.u32 %0, %%reserved_smem_offset_0;" : "=r"(o0));
  asm volatile("mov.u32 %0, %%reserved_smem_offset_1;" : "=r"(o1));
  unsigned sa, da;
  sa = (unsigned)__cvta_generic_to_shared(stat);
  da = (unsigned)__cvta_generic_to_shared(dyn);
  stat[threadIdx.x % 64] = threadIdx.x;
  if (threadIdx.x == 0) {
    unsigned *o = out + blockIdx.x * 96;
    o[0] = b; o[1] = e; o[2] = c; o[3] = o0; o[4] = o1; o[5] = sa; o[6] = da;
    for (unsigned i = 0; i < 72 && b + 4 * i < e; ++i) {
      unsigned v;
      asm volatile("ld.shared.u32 %0, [%1];" : "=r"(v) : "r"(b + 4 * i));
      o[8 + i] = v;
    }
  }
  __syncthreads();
  if (touch && threadIdx.x < 72) {  // scribble on the region, to see whether the next block sees it
    asm volatile("st.shared.u32 [%0], %1;" :: "r"(b + 4 * threadIdx.x), "r"(0xdead0000u + threadIdx.x));
  }
}
int main() {
  unsigned *d; cudaMalloc(&d, 4096 * 96 * 4);
  unsigned h[96 * 4];
  int cfg[3][3] = {{1, 32, 0}, {2, 128, 4096}, {264, 256, 1024}};
  for (int touch = 0; touch < 2; ++touch)
  for (auto &c : cfg) {
    cudaMemset(d, 0xAB, 4096 * 96 * 4);
    k<<<c[0], c[1], c[2]>>>(d, touch); cudaError_t err = cudaDeviceSynchronize();
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("touch %d grid %d block %d dyn %d (%s): begin %u end %u cap %u off0 %u off1 %u static %u dynamic %u\n",
           touch, c[0], c[1], c[2], cudaGetErrorString(err), h[0], h[1], h[2], h[3], h[4], h[5], h[6]);
    for (int blk = 0; blk < 2 && blk < c[0]; ++blk) {
      printf("  block %d region:", blk);
      for (int i = 0; i < 72; ++i) printf(" %x", h[blk * 96 + 8 + i]);
      printf("\n");
    }
  }
  return 0;
}
