// Separate compilation, unit 1 of 2: a kernel that calls a __device__ function and reads a
// __device__ variable defined in rdc_lib.cu.
#include <stdio.h>

extern __device__ int scale(int value);
extern __device__ int offset;

__global__ void apply(int *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] = scale(data[i]) + offset;
}

void fill(int *data, int n);

int main() {
  const int n = 256;
  int host[n];
  int *device = nullptr;
  if (cudaMalloc((void **)&device, sizeof host))
    return 1;
  fill(device, n); // a kernel of the other unit
  apply<<<2, 128>>>(device, n);
  if (cudaError_t e = cudaGetLastError()) {
    printf("launch failed: %s\n", cudaGetErrorString(e));
    return 1;
  }
  cudaMemcpy(host, device, sizeof host, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i)
    if (host[i] != 3 * i + 7) {
      printf("FAIL host[%d] = %d\n", i, host[i]);
      return 1;
    }
  printf("PASS\n");
  return 0;
}
