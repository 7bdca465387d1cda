// The bundled example as a whole CUDA program, built by the toolkit's nvcc (examples/toolkit/run.sh):
// y = a*x + y on the device, every element checked on the host.
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "../saxpy/saxpy.cu"

int main() {
  const int n = 1 << 20;
  const float a = 2.5f;
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = float(i % 1000) * 0.5f;
    y[i] = float(i % 7) - 3.0f;
  }
  float *dx = nullptr, *dy = nullptr;
  if (cudaMalloc(&dx, n * sizeof(float)) != cudaSuccess || cudaMalloc(&dy, n * sizeof(float)) != cudaSuccess) {
    std::printf("cudaMalloc failed\n");
    return 1;
  }
  cudaMemcpy(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(dy, y.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  saxpy<<<256, 256>>>(n, a, dx, dy);
  cudaError_t status = cudaDeviceSynchronize();
  std::vector<float> out(n);
  cudaMemcpy(out.data(), dy, n * sizeof(float), cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += out[i] != a * x[i] + y[i] && out[i] != std::fma(a, x[i], y[i]); // contracted or not
  cudaDeviceProp prop{};
  cudaGetDeviceProperties(&prop, 0);
  std::printf("saxpy on %s: %d elements, %d wrong: %s\n", prop.name, n, wrong,
              status == cudaSuccess && wrong == 0 ? "PASS" : "FAIL");
  cudaFree(dx);
  cudaFree(dy);
  return status == cudaSuccess && wrong == 0 ? 0 : 1;
}
