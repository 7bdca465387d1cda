// Each block of 256 threads sums its 256 elements of `in` in shared memory, halving the active
// threads at every step, and thread 0 writes the block's sum to block_sums[blockIdx.x].
constexpr int kBlock = 256;

extern "C" __global__ void block_sum(const int *in, int *block_sums, int n) {
  __shared__ int partial[kBlock];
  int i = blockIdx.x * kBlock + threadIdx.x;
  partial[threadIdx.x] = i < n ? in[i] : 0;
  __syncthreads();
  for (int stride = kBlock / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride)
      partial[threadIdx.x] += partial[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    block_sums[blockIdx.x] = partial[0];
}
