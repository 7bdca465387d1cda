// Matrix transpose through a padded 32x33 shared tile (coalesced reads and writes).
extern "C" __global__ void transpose(int n, const float *__restrict__ in, float *__restrict__ out)
{
  __shared__ float tile[32][33];
  const int x = blockIdx.x * 32 + threadIdx.x;
  const int y0 = blockIdx.y * 32;
  for (int j = threadIdx.y; j < 32; j += blockDim.y)
    tile[j][threadIdx.x] = in[(y0 + j) * n + x];
  __syncthreads();
  const int tx = blockIdx.y * 32 + threadIdx.x;
  const int ty0 = blockIdx.x * 32;
  for (int j = threadIdx.y; j < 32; j += blockDim.y)
    out[(ty0 + j) * n + tx] = tile[threadIdx.x][j];
}
