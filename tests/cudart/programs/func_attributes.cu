// Function attributes: a kernel's static shared memory and limits as reported, raising its
// dynamic shared memory limit above 48 KiB before a launch that needs it, and the cache and
// shared-memory configuration hints.
#include "check.h"

__global__ void bigShared(int *out, int n) {
  extern __shared__ int s[];
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    s[i] = i * 2;
  __syncthreads();
  int sum = 0;
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    sum += s[n - 1 - i];
  atomicAdd(out, sum);
}

int main() {
  const int ints = 64 * 1024 / 4; // 64 KiB of dynamic shared memory
  int *out;
  CUDA_OK(cudaMalloc(&out, sizeof(int)));
  CUDA_OK(cudaMemset(out, 0, sizeof(int)));
  cudaFuncAttributes a;
  CUDA_OK(cudaFuncGetAttributes(&a, bigShared));
  CHECK(a.sharedSizeBytes == 0 && a.maxDynamicSharedSizeBytes <= 48 * 1024);
  int optin = 0;
  CUDA_OK(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0));
  CHECK(optin >= 64 * 1024);
  bigShared<<<1, 128, ints * 4>>>(out, ints); // above the default limit: refused
  CHECK(cudaGetLastError() != cudaSuccess);
  CUDA_OK(cudaFuncSetAttribute(bigShared, cudaFuncAttributeMaxDynamicSharedMemorySize, ints * 4));
  CUDA_OK(cudaFuncGetAttributes(&a, bigShared));
  CHECK(a.maxDynamicSharedSizeBytes == ints * 4);
  bigShared<<<1, 128, ints * 4>>>(out, ints);
  CUDA_OK(cudaGetLastError());
  int sum = 0;
  CUDA_OK(cudaMemcpy(&sum, out, sizeof sum, cudaMemcpyDeviceToHost));
  CHECK(sum == ints * (ints - 1));
  CUDA_OK(cudaFuncSetCacheConfig(bigShared, cudaFuncCachePreferShared));
  CUDA_OK(cudaDeviceSetCacheConfig(cudaFuncCachePreferL1));
  const char *name = nullptr;
  CUDA_OK(cudaFuncGetName(&name, reinterpret_cast<const void *>(bigShared)));
  CHECK(name && name[0] == '_');
  CUDA_FAILS(cudaFuncSetAttribute(bigShared, cudaFuncAttributeMaxDynamicSharedMemorySize, 1 << 30),
             cudaErrorInvalidValue);
  cudaGetLastError();
  CUDA_OK(cudaFree(out));
  return pass();
}
