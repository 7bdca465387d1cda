// Stream-ordered allocation and fills: cudaMallocAsync, cudaMemsetAsync, a kernel and
// cudaFreeAsync on one stream.
#include "check.h"

__global__ void addOne(unsigned char *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] += 1;
}

int main() {
  cudaStream_t s;
  CUDA_OK(cudaStreamCreate(&s));
  const int n = 3000;
  unsigned char *p = nullptr, h[n];
  for (int round = 0; round < 3; ++round) {
    CUDA_OK(cudaMallocAsync(reinterpret_cast<void **>(&p), n, s));
    CUDA_OK(cudaMemsetAsync(p, 0x40 + round, n, s));
    addOne<<<(n + 255) / 256, 256, 0, s>>>(p, n);
    CUDA_OK(cudaMemcpyAsync(h, p, n, cudaMemcpyDeviceToHost, s));
    CUDA_OK(cudaFreeAsync(p, s));
    CUDA_OK(cudaStreamSynchronize(s));
    for (int i = 0; i < n; ++i)
      CHECK(h[i] == 0x41 + round);
  }
  CUDA_OK(cudaStreamDestroy(s));
  return pass();
}
