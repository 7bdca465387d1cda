// sin.approx / cos.approx on the H200 near multiples of pi/2 (601 floats around each of
// q pi/2, q = -8..8, the subnormals for q = 0) and on 200,000 pseudo-random inputs in
// [-2pi, 2pi]; writes (x, sin, cos) bit triples to argv[1] for comparison with
// emitters/msl/support/f32_ops.h (docs/gpu-facts.md has the findings).
// Build and run on the GPU machine: nvcc -arch=sm_90 -O2 -o p sincos_boundaries.cu && ./p out.bin
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <cmath>
#include <vector>
__global__ void k(const float *x, unsigned *s, unsigned *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float a = x[i], rs, rc;
  asm volatile("sin.approx.f32 %0, %1;" : "=f"(rs) : "f"(a));
  asm volatile("cos.approx.f32 %0, %1;" : "=f"(rc) : "f"(a));
  s[i] = __float_as_uint(rs); c[i] = __float_as_uint(rc);
}
int main(int argc, char **argv) {
  std::vector<float> xs;
  for (int q = -8; q <= 8; ++q) {
    float b = (float)(q * M_PI / 2);
    unsigned bb; memcpy(&bb, &b, 4);
    for (int k = -300; k <= 300; ++k) { unsigned v = bb + k; float f; memcpy(&f, &v, 4); if (q == 0) { v = (unsigned)k; if (k < 0) v = 0x80000000u | (unsigned)(-k); memcpy(&f,&v,4);} xs.push_back(f); }
  }
  unsigned seed = 12345;
  for (int i = 0; i < 200000; ++i) { seed = seed * 1664525u + 1013904223u; xs.push_back(((seed >> 8) / 16777216.0f - 0.5f) * 4.0f * (float)M_PI); }
  int n = xs.size();
  float *dx; unsigned *ds, *dc;
  cudaMalloc(&dx, n * 4); cudaMalloc(&ds, n * 4); cudaMalloc(&dc, n * 4);
  cudaMemcpy(dx, xs.data(), n * 4, cudaMemcpyHostToDevice);
  k<<<(n + 255) / 256, 256>>>(dx, ds, dc, n);
  std::vector<unsigned> s(n), c(n);
  cudaMemcpy(s.data(), ds, n * 4, cudaMemcpyDeviceToHost);
  cudaMemcpy(c.data(), dc, n * 4, cudaMemcpyDeviceToHost);
  FILE *f = fopen(argv[1], "wb");
  for (int i = 0; i < n; ++i) { unsigned xb; memcpy(&xb, &xs[i], 4); fwrite(&xb, 4, 1, f); fwrite(&s[i], 4, 1, f); fwrite(&c[i], 4, 1, f); }
  fclose(f);
  printf("%d inputs\n", n);
  return 0;
}
