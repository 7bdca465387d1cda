// A realistic kernel file for the compile-time benchmark (compile-time.py): what a CUDA
// project's .cu looks like — templates instantiated for several types, shared-memory tiling,
// warp shuffles, atomics, __constant__ memory, a host function that launches them. It uses
// only what both NVIDIA's headers and the toolkit's provide.
#include <cuda_runtime.h>

#include <cstdio>

__constant__ float kWeights[16];

template <typename T, int Tile>
__global__ void tiledGemm(const T *a, const T *b, T *c, int n) {
  __shared__ T as[Tile][Tile];
  __shared__ T bs[Tile][Tile];
  int row = blockIdx.y * Tile + threadIdx.y;
  int col = blockIdx.x * Tile + threadIdx.x;
  T sum = 0;
  for (int t = 0; t < (n + Tile - 1) / Tile; ++t) {
    int ak = t * Tile + threadIdx.x, bk = t * Tile + threadIdx.y;
    as[threadIdx.y][threadIdx.x] = row < n && ak < n ? a[row * n + ak] : T(0);
    bs[threadIdx.y][threadIdx.x] = col < n && bk < n ? b[bk * n + col] : T(0);
    __syncthreads();
#pragma unroll
    for (int k = 0; k < Tile; ++k)
      sum += as[threadIdx.y][k] * bs[k][threadIdx.x];
    __syncthreads();
  }
  if (row < n && col < n)
    c[row * n + col] = sum;
}

template <typename T>
__device__ T warpSum(T value) {
  for (int offset = 16; offset > 0; offset /= 2)
    value += __shfl_down_sync(0xffffffffu, value, offset);
  return value;
}

template <typename T, int Block>
__global__ void reduceSum(const T *in, T *out, int n) {
  __shared__ T partial[Block / 32];
  T sum = 0;
  for (int i = blockIdx.x * Block + threadIdx.x; i < n; i += gridDim.x * Block)
    sum += in[i];
  sum = warpSum(sum);
  if (threadIdx.x % 32 == 0)
    partial[threadIdx.x / 32] = sum;
  __syncthreads();
  if (threadIdx.x < 32) {
    sum = threadIdx.x < Block / 32 ? partial[threadIdx.x] : T(0);
    sum = warpSum(sum);
    if (threadIdx.x == 0)
      atomicAdd(out, sum);
  }
}

__global__ void histogram(const unsigned char *data, int n, unsigned *bins) {
  __shared__ unsigned local[256];
  for (int i = threadIdx.x; i < 256; i += blockDim.x)
    local[i] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(&local[data[i]], 1u);
  __syncthreads();
  for (int i = threadIdx.x; i < 256; i += blockDim.x)
    atomicAdd(&bins[i], local[i]);
}

template <typename T, typename F>
__global__ void transform(const T *in, T *out, int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = f(in[i]);
}

struct Stencil {
  __device__ float operator()(float x) const {
    float y = 0;
    for (int k = 0; k < 16; ++k)
      y = y * x + kWeights[k];
    return y;
  }
};

template <typename T>
struct Scale {
  T factor;
  __device__ T operator()(T x) const { return x * factor; }
};

__global__ void prefixScan(int *data, int n) {
  extern __shared__ int temp[];
  int t = threadIdx.x;
  temp[t] = t < n ? data[t] : 0;
  __syncthreads();
  for (int offset = 1; offset < blockDim.x; offset *= 2) {
    int v = t >= offset ? temp[t - offset] : 0;
    __syncthreads();
    temp[t] += v;
    __syncthreads();
  }
  if (t < n)
    data[t] = temp[t];
}

int launchAll(float *fa, float *fb, float *fc, double *da, double *db, double *dc, int *ints, unsigned char *bytes,
              unsigned *bins, int n, cudaStream_t stream) {
  dim3 block16(16, 16), grid16((n + 15) / 16, (n + 15) / 16);
  tiledGemm<float, 16><<<grid16, block16, 0, stream>>>(fa, fb, fc, n);
  tiledGemm<double, 16><<<grid16, block16, 0, stream>>>(da, db, dc, n);
  dim3 block32(32, 32), grid32((n + 31) / 32, (n + 31) / 32);
  tiledGemm<float, 32><<<grid32, block32, 0, stream>>>(fa, fb, fc, n);
  reduceSum<float, 256><<<64, 256, 0, stream>>>(fa, fc, n * n);
  reduceSum<double, 256><<<64, 256, 0, stream>>>(da, dc, n * n);
  reduceSum<int, 512><<<64, 512, 0, stream>>>(ints, ints + n, n);
  histogram<<<64, 256, 0, stream>>>(bytes, n * n, bins);
  transform<<<(n + 255) / 256, 256, 0, stream>>>(fa, fb, n, Stencil{});
  transform<<<(n + 255) / 256, 256, 0, stream>>>(fa, fb, n, Scale<float>{2.0f});
  transform<<<(n + 255) / 256, 256, 0, stream>>>(da, db, n, Scale<double>{0.5});
  prefixScan<<<1, 256, 256 * sizeof(int), stream>>>(ints, 256);
  cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess)
    std::printf("launch failed: %s\n", cudaGetErrorString(e));
  return e == cudaSuccess ? 0 : 1;
}
