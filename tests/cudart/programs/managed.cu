// Managed memory: a __managed__ variable read and written by host and kernel, and
// cudaMallocManaged memory used by both without copies, with advice and prefetch.
#include "check.h"

__managed__ int total = 5;

__global__ void accumulate(const int *values, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&total, values[i]);
}

int main() {
  const int n = 1000;
  int *values;
  CUDA_OK(cudaMallocManaged(&values, n * sizeof(int)));
  int expected = total;
  CHECK(expected == 5); // the initializer, read by the host
  for (int i = 0; i < n; ++i) {
    values[i] = i % 17;
    expected += values[i];
  }
  cudaMemLocation device{cudaMemLocationTypeDevice, 0};
  CUDA_OK(cudaMemAdvise(values, n * sizeof(int), cudaMemAdviseSetReadMostly, device));
  CUDA_OK(cudaMemPrefetchAsync(values, n * sizeof(int), device, 0, 0));
  accumulate<<<(n + 127) / 128, 128>>>(values, n);
  CUDA_OK(cudaDeviceSynchronize());
  CHECK(total == expected);
  total = 1; // the host writes, the kernel sees it
  accumulate<<<1, 1>>>(values, 1);
  CUDA_OK(cudaDeviceSynchronize());
  CHECK(total == 1);
  cudaPointerAttributes attributes;
  CUDA_OK(cudaPointerGetAttributes(&attributes, values));
  CHECK(attributes.type == cudaMemoryTypeManaged);
  CUDA_OK(cudaFree(values));
  return pass();
}
