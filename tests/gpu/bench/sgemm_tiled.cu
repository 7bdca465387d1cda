// Tiled SGEMM C = A * B (row-major, n x n, n a multiple of 64): 64x64 block tiles in shared
// memory, each thread computes a 4x4 register tile (compute bound).
#define TILE 64
#define KT 16
extern "C" __global__ void sgemm_tiled(int n, const float *__restrict__ A, const float *__restrict__ B,
                                       float *__restrict__ C)
{
  __shared__ float As[KT][TILE + 4];
  __shared__ float Bs[KT][TILE];
  const int tx = threadIdx.x % 16, ty = threadIdx.x / 16; // 256 threads
  const int row0 = blockIdx.y * TILE, col0 = blockIdx.x * TILE;
  float acc[4][4] = {};
  for (int k0 = 0; k0 < n; k0 += KT) {
    for (int l = threadIdx.x; l < TILE * KT; l += 256) {
      const int r = l / KT, c = l % KT;
      As[c][r] = A[(row0 + r) * n + k0 + c];
      const int rb = l / TILE, cb = l % TILE;
      Bs[rb][cb] = B[(k0 + rb) * n + col0 + cb];
    }
    __syncthreads();
#pragma unroll
    for (int k = 0; k < KT; ++k) {
      float a[4], b[4];
#pragma unroll
      for (int i = 0; i < 4; ++i) {
        a[i] = As[k][ty * 4 + i];
        b[i] = Bs[k][tx * 4 + i];
      }
#pragma unroll
      for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j)
          acc[i][j] += a[i] * b[j];
    }
    __syncthreads();
  }
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j)
      C[(row0 + ty * 4 + i) * n + col0 + tx * 4 + j] = acc[i][j];
}
