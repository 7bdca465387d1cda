// A program using both APIs, as CUDA allows: the runtime's context is the device's primary
// context, memory from one API is usable by the other, and a kernel loaded through the driver
// runs on memory the runtime allocated.
#include "check.h"
#include <cuda.h>

__global__ void twice(int *p) { p[threadIdx.x] *= 2; }

int main() {
  CUDA_OK(cudaFree(nullptr)); // the runtime's initialization
  CUcontext current = nullptr, primary = nullptr;
  CHECK(cuCtxGetCurrent(&current) == CUDA_SUCCESS && current != nullptr);
  CHECK(cuDevicePrimaryCtxRetain(&primary, 0) == CUDA_SUCCESS);
  CHECK(primary == current);
  CUdeviceptr driverMemory = 0;
  CHECK(cuMemAlloc(&driverMemory, 32 * sizeof(int)) == CUDA_SUCCESS);
  int h[32];
  for (int i = 0; i < 32; ++i)
    h[i] = i;
  CUDA_OK(cudaMemcpy(reinterpret_cast<void *>(driverMemory), h, sizeof h, cudaMemcpyHostToDevice));
  twice<<<1, 32>>>(reinterpret_cast<int *>(driverMemory));
  CUDA_OK(cudaDeviceSynchronize());
  int back[32];
  CHECK(cuMemcpyDtoH(back, driverMemory, sizeof back) == CUDA_SUCCESS);
  for (int i = 0; i < 32; ++i)
    CHECK(back[i] == 2 * i);
  int *runtimeMemory;
  CUDA_OK(cudaMalloc(&runtimeMemory, sizeof h));
  CHECK(cuMemcpyHtoD(CUdeviceptr(runtimeMemory), h, sizeof h) == CUDA_SUCCESS);
  CHECK(cuMemFree(driverMemory) == CUDA_SUCCESS);
  CUDA_OK(cudaFree(runtimeMemory));
  CHECK(cuDevicePrimaryCtxRelease(0) == CUDA_SUCCESS);
  return pass();
}
