// A vector add as nvcc builds it by default: with NVIDIA's static CUDA runtime. Run against
// ptx2metal's libcuda.so.1 it must fail with a CUDA error (and exit 1), never a signal;
// static-cudart-test.py checks that and the one-line explanation on stderr.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void add(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

int main() {
  const int n = 1000;
  float *d = nullptr;
  cudaError_t e = cudaMalloc(&d, 3 * n * sizeof(float));
  if (e != cudaSuccess) {
    std::printf("cudaMalloc failed: %s\n", cudaGetErrorName(e));
    return 1;
  }
  add<<<(n + 255) / 256, 256>>>(d, d + n, d + 2 * n, n);
  e = cudaDeviceSynchronize();
  std::printf("launch: %s\n", cudaGetErrorName(e));
  return e == cudaSuccess ? 0 : 1;
}
