// A cooperative launch: every block is resident at once, so a grid-wide barrier built from an
// atomic counter completes; a grid larger than the occupancy model allows is refused.
#include "check.h"

__device__ unsigned arrived;

__global__ void gridBarrier(int *out) {
  __shared__ int seen;
  if (threadIdx.x == 0) {
    atomicAdd(&arrived, 1u);
    while (atomicAdd(&arrived, 0u) < gridDim.x) {
    }
    seen = int(atomicAdd(&arrived, 0u));
  }
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = seen;
}

int main() {
  int supported = 0;
  CUDA_OK(cudaDeviceGetAttribute(&supported, cudaDevAttrCooperativeLaunch, 0));
  CHECK(supported == 1);
  int perSm = 0, sms = 0;
  const int threads = 64;
  CUDA_OK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, gridBarrier, threads, 0));
  CUDA_OK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  CHECK(perSm >= 1 && sms >= 1);
  int blocks = perSm * sms;
  int *out;
  CUDA_OK(cudaMalloc(&out, blocks * threads * sizeof(int)));
  void *args[] = {&out};
  CUDA_OK(cudaLaunchCooperativeKernel(reinterpret_cast<void *>(gridBarrier), blocks, threads, args, 0, 0));
  CUDA_OK(cudaDeviceSynchronize());
  int *h = new int[blocks * threads];
  CUDA_OK(cudaMemcpy(h, out, blocks * threads * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < blocks * threads; ++i)
    CHECK(h[i] == blocks);
  CUDA_FAILS(cudaLaunchCooperativeKernel(reinterpret_cast<void *>(gridBarrier), blocks + 1, threads, args, 0, 0),
             cudaErrorCooperativeLaunchTooLarge);
  CUDA_OK(cudaGetLastError() == cudaErrorCooperativeLaunchTooLarge ? cudaSuccess : cudaErrorUnknown);
  delete[] h;
  CUDA_OK(cudaFree(out));
  return pass();
}
