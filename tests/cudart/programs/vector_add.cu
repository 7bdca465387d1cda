// The first program a CUDA user writes: allocate, copy in, launch, copy out, check, free.
#include "check.h"
#include <vector>

__global__ void vectorAdd(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

int main() {
  const int n = 50000;
  std::vector<float> a(n), b(n), c(n, -1.0f);
  for (int i = 0; i < n; ++i)
    a[i] = float(i) * 0.5f, b[i] = float(n - i);
  float *da, *db, *dc;
  CUDA_OK(cudaMalloc(&da, n * sizeof(float)));
  CUDA_OK(cudaMalloc(&db, n * sizeof(float)));
  CUDA_OK(cudaMalloc(&dc, n * sizeof(float)));
  CUDA_OK(cudaMemcpy(da, a.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_OK(cudaMemcpy(db, b.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  int threads = 256, blocks = (n + threads - 1) / threads;
  vectorAdd<<<blocks, threads>>>(da, db, dc, n);
  CUDA_OK(cudaGetLastError());
  CUDA_OK(cudaMemcpy(c.data(), dc, n * sizeof(float), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i)
    CHECK(c[i] == a[i] + b[i]);
  CUDA_OK(cudaFree(da));
  CUDA_OK(cudaFree(db));
  CUDA_OK(cudaFree(dc));
  return pass();
}
