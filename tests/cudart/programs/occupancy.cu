// Occupancy queries answer from the kernel and the device: more shared memory or larger
// blocks never allow more resident blocks, and cudaOccupancyMaxPotentialBlockSize (a template
// in cuda_runtime.h over the runtime's queries) picks a block size the device can run.
#include "check.h"

__global__ void light(float *x) { x[threadIdx.x] += 1; }

__global__ void heavy(float *x) {
  __shared__ float tile[4096];
  tile[threadIdx.x] = x[threadIdx.x];
  __syncthreads();
  x[threadIdx.x] = tile[(threadIdx.x + 1) % blockDim.x];
}

int main() {
  int a = 0, b = 0, c = 0, d = 0;
  CUDA_OK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&a, light, 128, 0));
  CUDA_OK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&b, light, 1024, 0));
  CUDA_OK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&c, heavy, 128, 0));
  CUDA_OK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&d, light, 128, 32768));
  CHECK(a >= 1 && b >= 1 && c >= 1 && d >= 1);
  CHECK(b <= a && c <= a && d <= a);
  int minGrid = 0, block = 0;
  CUDA_OK(cudaOccupancyMaxPotentialBlockSize(&minGrid, &block, light, 0, 0));
  int maxThreads = 0;
  CUDA_OK(cudaDeviceGetAttribute(&maxThreads, cudaDevAttrMaxThreadsPerBlock, 0));
  CHECK(block >= 32 && block <= maxThreads && minGrid >= 1);
  cudaFuncAttributes attributes;
  CUDA_OK(cudaFuncGetAttributes(&attributes, heavy));
  CHECK(attributes.sharedSizeBytes == 4096 * sizeof(float));
  CHECK(attributes.maxThreadsPerBlock >= 128);
  return pass();
}
