// local arrays indexed at run time, a per-thread histogram added atomically.
#include "prelude.h"
__global__ void k(const int *idx, float *out, int n) {
  float buf[32];
  for (int i = 0; i < 32; ++i) buf[i] = i * 0.5f + threadIdx.x;
  float s = 0;
  for (int i = 0; i < n; ++i) { int j = idx[i] & 31; buf[j] += s; s += buf[(j * 7) & 31]; }
  out[threadIdx.x] = s;
}
__global__ void hist(const unsigned char *in, unsigned *out, int n) {
  unsigned h[16] = {0};
  for (int i = threadIdx.x; i < n; i += blockDim.x) h[in[i] & 15]++;
  for (int b = 0; b < 16; ++b) __nvvm_atom_add_gen_i((int*)out + b, (int)h[b]);
}
