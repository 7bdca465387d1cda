// %envreg0..31 on the H200 under three launch shapes (docs/gpu-facts.md has the findings).
// Build and run on the GPU machine: nvcc -arch=sm_90 -O2 -o p envreg.cu && ./p
#include <cstdio>
__global__ void k(unsigned *out) {
  unsigned v[32];
  asm volatile("mov.u32 %0, %%envreg0;" : "=r"(v[0]));
  asm volatile("mov.u32 %0, %%envreg1;" : "=r"(v[1]));
  asm volatile("mov.u32 %0, %%envreg2;" : "=r"(v[2]));
  asm volatile("mov.u32 %0, %%envreg3;" : "=r"(v[3]));
  asm volatile("mov.u32 %0, %%envreg4;" : "=r"(v[4]));
  asm volatile("mov.u32 %0, %%envreg5;" : "=r"(v[5]));
  asm volatile("mov.u32 %0, %%envreg6;" : "=r"(v[6]));
  asm volatile("mov.u32 %0, %%envreg7;" : "=r"(v[7]));
  asm volatile("mov.u32 %0, %%envreg8;" : "=r"(v[8]));
  asm volatile("mov.u32 %0, %%envreg9;" : "=r"(v[9]));
  asm volatile("mov.u32 %0, %%envreg10;" : "=r"(v[10]));
  asm volatile("mov.u32 %0, %%envreg11;" : "=r"(v[11]));
  asm volatile("mov.u32 %0, %%envreg12;" : "=r"(v[12]));
  asm volatile("mov.u32 %0, %%envreg13;" : "=r"(v[13]));
  asm volatile("mov.u32 %0, %%envreg14;" : "=r"(v[14]));
  asm volatile("mov.u32 %0, %%envreg15;" : "=r"(v[15]));
  asm volatile("mov.u32 %0, %%envreg16;" : "=r"(v[16]));
  asm volatile("mov.u32 %0, %%envreg17;" : "=r"(v[17]));
  asm volatile("mov.u32 %0, %%envreg18;" : "=r"(v[18]));
  asm volatile("mov.u32 %0, %%envreg19;" : "=r"(v[19]));
  asm volatile("mov.u32 %0, %%envreg20;" : "=r"(v[20]));
  asm volatile("mov.u32 %0, %%envreg21;" : "=r"(v[21]));
  asm volatile("mov.u32 %0, %%envreg22;" : "=r"(v[22]));
  asm volatile("mov.u32 %0, %%envreg23;" : "=r"(v[23]));
  asm volatile("mov.u32 %0, %%envreg24;" : "=r"(v[24]));
  asm volatile("mov.u32 %0, %%envreg25;" : "=r"(v[25]));
  asm volatile("mov.u32 %0, %%envreg26;" : "=r"(v[26]));
  asm volatile("mov.u32 %0, %%envreg27;" : "=r"(v[27]));
  asm volatile("mov.u32 %0, %%envreg28;" : "=r"(v[28]));
  asm volatile("mov.u32 %0, %%envreg29;" : "=r"(v[29]));
  asm volatile("mov.u32 %0, %%envreg30;" : "=r"(v[30]));
  asm volatile("mov.u32 %0, %%envreg31;" : "=r"(v[31]));
  unsigned t = (blockIdx.x * blockDim.x + threadIdx.x);
  for (int i = 0; i < 32; ++i) out[t * 32 + i] = v[i];
}
int main() {
  unsigned *d; cudaMalloc(&d, 4096 * 32 * 4);
  unsigned h[32 * 4];
  int cfg[3][2] = {{1, 32}, {4, 64}, {2, 128}};
  for (auto &c : cfg) {
    cudaMemset(d, 0xAB, 4096 * 32 * 4);
    k<<<c[0], c[1]>>>(d); cudaDeviceSynchronize();
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("grid %d block %d:", c[0], c[1]);
    for (int i = 0; i < 32; ++i) printf(" %x", h[i]);
    printf("\n thread1:");
    for (int i = 0; i < 32; ++i) printf(" %x", h[32 + i]);
    printf("\n");
  }
  return 0;
}
