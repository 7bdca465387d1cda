// One kernel, launched with <<<>>>: the driver's embedded translation must run it.
#include <stdio.h>

__global__ void saxpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

int main() {
  const int n = 1000;
  float x[n], y[n];
  for (int i = 0; i < n; ++i) {
    x[i] = float(i);
    y[i] = 1.0f;
  }
  float *dx = nullptr, *dy = nullptr;
  if (cudaMalloc((void **)&dx, sizeof x) || cudaMalloc((void **)&dy, sizeof y))
    return 1;
  cudaMemcpy(dx, x, sizeof x, cudaMemcpyHostToDevice);
  cudaMemcpy(dy, y, sizeof y, cudaMemcpyHostToDevice);
  saxpy<<<(n + 127) / 128, 128>>>(2.0f, dx, dy, n);
  if (cudaError_t e = cudaGetLastError()) {
    printf("launch failed: %s\n", cudaGetErrorString(e));
    return 1;
  }
  cudaMemcpy(y, dy, sizeof y, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i)
    if (y[i] != 2.0f * float(i) + 1.0f) {
      printf("FAIL y[%d] = %g\n", i, y[i]);
      return 1;
    }
  cudaFree(dx);
  cudaFree(dy);
  printf("PASS\n");
  return 0;
}
