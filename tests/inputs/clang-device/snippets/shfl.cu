// a block reduction with butterfly shuffles, shared memory and a ballot.
#include "prelude.h"
__device__ __forceinline__ float warp_sum(float v) { for (int o = 16; o; o >>= 1) v += __nvvm_shfl_sync_bfly_f32(0xffffffff, v, o, 31); return v; }
__global__ void k(const float *in, float *out) {
  __shared__ float part[32]; float v = warp_sum(in[blockIdx.x * blockDim.x + threadIdx.x]);
  if ((threadIdx.x & 31) == 0) part[threadIdx.x >> 5] = v; __syncthreads();
  if (threadIdx.x < 32) { v = threadIdx.x < (blockDim.x >> 5) ? part[threadIdx.x] : 0; v = warp_sum(v); if (threadIdx.x == 0) out[blockIdx.x] = v; }
  unsigned b = __nvvm_vote_ballot_sync(0xffffffff, in[threadIdx.x] > 0); if (threadIdx.x == 0) out[gridDim.x + blockIdx.x] = __builtin_popcount(b);
}
