// Block reduction: grid-stride accumulation, warp shuffles, shared memory across warps; one
// partial sum per block (deterministic).
extern "C" __global__ void reduce_sum(int n, const float *__restrict__ in, float *__restrict__ partial)
{
  __shared__ float warp_sums[32];
  float s = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    s += in[i];
  for (int o = 16; o > 0; o >>= 1)
    s += __shfl_xor_sync(0xffffffffu, s, o);
  if ((threadIdx.x & 31) == 0)
    warp_sums[threadIdx.x >> 5] = s;
  __syncthreads();
  if (threadIdx.x < 32) {
    s = threadIdx.x < blockDim.x / 32 ? warp_sums[threadIdx.x] : 0.0f;
    for (int o = 16; o > 0; o >>= 1)
      s += __shfl_xor_sync(0xffffffffu, s, o);
    if (threadIdx.x == 0)
      partial[blockIdx.x] = s;
  }
}
