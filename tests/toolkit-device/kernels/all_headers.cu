// Every device-side header at once, included twice (once more after the driver's -include of
// cuda_runtime.h), with a host function that uses the runtime's C++ overloads and launches a
// kernel: compiled for both passes in C++17 and C++20 (run-toolkit-device.py), not run.
#include <cuda_runtime.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cuda_pipeline.h>
#include <cuda_pipeline_primitives.h>
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cooperative_groups.h>

#include <cassert>
#include <cmath>

namespace cg = cooperative_groups;

__device__ float scale;
__constant__ int offsets[4];

__global__ void everything(float *out, __half *h, __nv_bfloat16 *b) {
  extern __shared__ float dynamic[];
  __shared__ int fixed[32];
  const auto block = cg::this_thread_block();
  const auto tile = cg::tiled_partition<32>(block);
  fixed[threadIdx.x % 32] = offsets[threadIdx.x % 4];
  dynamic[threadIdx.x] = sinf(out[threadIdx.x]) * scale + std::sqrt(2.0f);
  block.sync();
  const float sum = cg::reduce(tile, dynamic[threadIdx.x], cg::plus<float>());
  atomicAdd(out, sum);
  h[threadIdx.x] = __hadd(h[threadIdx.x], __float2half(sum));
  b[threadIdx.x] = __hmul(b[threadIdx.x], __float2bfloat16(sum));
  assert(fixed[0] >= 0);
  if (threadIdx.x == 0)
    printf("%f\n", sum);
}

int launch_everything(float *out, __half *h, __nv_bfloat16 *b) {
  float *extra = nullptr;
  if (cudaMalloc(&extra, 64 * sizeof(float)) != cudaSuccess)
    return 1;
  const float one = 1.0f;
  cudaMemcpyToSymbol(scale, &one, sizeof one);
  int minGrid = 0, blockSize = 0;
  cudaOccupancyMaxPotentialBlockSize(&minGrid, &blockSize, everything, 64 * sizeof(float));
  cudaFuncAttributes attributes;
  cudaFuncGetAttributes(&attributes, everything);
  const cudaChannelFormatDesc channel = cudaCreateChannelDesc<float4>();
  const cudaExtent extent = make_cudaExtent(channel.x / 8, 4, 1);
  (void)make_cudaPitchedPtr(extra, extent.width * sizeof(float), extent.width, extent.height);
  const auto pair = std::make_pair(minGrid, blockSize); // <utility>, as CUDA's cuda_runtime.h brings it
  everything<<<1, (unsigned)pair.second, 64 * sizeof(float)>>>(out, h, b);
  void *args[] = {&out, &h, &b};
  return cudaLaunchKernel(everything, dim3(1), dim3(64), args, 64 * sizeof(float), nullptr) == cudaSuccess ? 0 : 1;
}
