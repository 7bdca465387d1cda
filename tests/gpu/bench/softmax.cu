// Row softmax of a rows x cols matrix, one block of 256 threads per row: max and sum
// reductions with shuffles and shared memory, expf.
__device__ float block_reduce(float v, bool is_max, float *scratch)
{
  for (int o = 16; o > 0; o >>= 1) {
    const float u = __shfl_xor_sync(0xffffffffu, v, o);
    v = is_max ? fmaxf(v, u) : v + u;
  }
  if ((threadIdx.x & 31) == 0)
    scratch[threadIdx.x >> 5] = v;
  __syncthreads();
  v = scratch[0];
  for (int w = 1; w < (int)(blockDim.x >> 5); ++w)
    v = is_max ? fmaxf(v, scratch[w]) : v + scratch[w];
  __syncthreads();
  return v;
}

extern "C" __global__ void softmax(int cols, const float *__restrict__ in, float *__restrict__ out)
{
  __shared__ float scratch[32];
  const float *row = in + (size_t)blockIdx.x * cols;
  float *orow = out + (size_t)blockIdx.x * cols;
  float m = -INFINITY;
  for (int c = threadIdx.x; c < cols; c += blockDim.x)
    m = fmaxf(m, row[c]);
  m = block_reduce(m, true, scratch);
  float s = 0.0f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x)
    s += expf(row[c] - m);
  s = block_reduce(s, false, scratch);
  const float inv = 1.0f / s;
  for (int c = threadIdx.x; c < cols; c += blockDim.x)
    orow[c] = expf(row[c] - m) * inv;
}
