// Tiled GEMM with shared memory, split into row bands computed on several streams, timed with
// events; every element checked against the host's product.
#include "check.h"
#include <vector>

constexpr int kTile = 16;

__global__ void gemm(const float *A, const float *B, float *C, int n, int rowOffset) {
  __shared__ float a[kTile][kTile], b[kTile][kTile];
  int row = rowOffset + blockIdx.y * kTile + threadIdx.y, col = blockIdx.x * kTile + threadIdx.x;
  float sum = 0;
  for (int t = 0; t < n; t += kTile) {
    a[threadIdx.y][threadIdx.x] = A[row * n + t + threadIdx.x];
    b[threadIdx.y][threadIdx.x] = B[(t + threadIdx.y) * n + col];
    __syncthreads();
    for (int k = 0; k < kTile; ++k)
      sum = __fmaf_rn(a[threadIdx.y][k], b[k][threadIdx.x], sum);
    __syncthreads();
  }
  C[row * n + col] = sum;
}

int main() {
  const int n = 64, streams = 4, band = n / streams;
  std::vector<float> A(n * n), B(n * n), C(n * n);
  for (int i = 0; i < n * n; ++i)
    A[i] = float(i % 7) - 3, B[i] = float(i % 5) * 0.25f;
  float *dA, *dB, *dC;
  CUDA_OK(cudaMalloc(&dA, n * n * 4));
  CUDA_OK(cudaMalloc(&dB, n * n * 4));
  CUDA_OK(cudaMalloc(&dC, n * n * 4));
  cudaStream_t s[streams];
  for (auto &x : s)
    CUDA_OK(cudaStreamCreate(&x));
  cudaEvent_t start, stop;
  CUDA_OK(cudaEventCreate(&start));
  CUDA_OK(cudaEventCreate(&stop));
  CUDA_OK(cudaMemcpy(dB, B.data(), n * n * 4, cudaMemcpyHostToDevice));
  CUDA_OK(cudaEventRecord(start, 0));
  for (int i = 0; i < streams; ++i) {
    size_t offset = size_t(i) * band * n;
    CUDA_OK(cudaMemcpyAsync(dA + offset, A.data() + offset, band * n * 4, cudaMemcpyHostToDevice, s[i]));
    gemm<<<dim3(n / kTile, band / kTile), dim3(kTile, kTile), 0, s[i]>>>(dA, dB, dC, n, i * band);
    CUDA_OK(cudaGetLastError());
    CUDA_OK(cudaMemcpyAsync(C.data() + offset, dC + offset, band * n * 4, cudaMemcpyDeviceToHost, s[i]));
  }
  CUDA_OK(cudaEventRecord(stop, 0));
  CUDA_OK(cudaEventSynchronize(stop));
  float ms = -1;
  CUDA_OK(cudaEventElapsedTime(&ms, start, stop));
  CHECK(ms >= 0);
  for (auto &x : s)
    CUDA_OK(cudaStreamSynchronize(x));
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      float sum = 0;
      for (int k = 0; k < n; ++k)
        sum = __builtin_fmaf(A[r * n + k], B[k * n + c], sum);
      CHECK(C[r * n + c] == sum);
    }
  for (auto &x : s)
    CUDA_OK(cudaStreamDestroy(x));
  CUDA_OK(cudaEventDestroy(start));
  CUDA_OK(cudaEventDestroy(stop));
  CUDA_OK(cudaFree(dA));
  CUDA_OK(cudaFree(dB));
  CUDA_OK(cudaFree(dC));
  return pass();
}
