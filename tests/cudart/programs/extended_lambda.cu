// A kernel template launched with device lambdas (--extended-lambda), capturing values.
#include "check.h"

template <typename F> __global__ void forEach(int *data, int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] = f(i, data[i]);
}

int main() {
  const int n = 777;
  int *d, h[n];
  CUDA_OK(cudaMalloc(&d, sizeof h));
  CUDA_OK(cudaMemset(d, 0, sizeof h));
  int scale = 3, offset = -11;
  forEach<<<(n + 127) / 128, 128>>>(d, n, [=] __device__(int i, int) { return i * scale; });
  forEach<<<(n + 127) / 128, 128>>>(d, n, [=] __device__(int, int v) { return v + offset; });
  CUDA_OK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i)
    CHECK(h[i] == i * scale + offset);
  CUDA_OK(cudaFree(d));
  return pass();
}
