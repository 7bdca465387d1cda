// A 256-bin histogram with shared-memory atomics per block merged with global atomics, and a
// functor-templated transform before it.
#include "check.h"
#include <vector>

struct Scramble {
  __device__ unsigned operator()(unsigned x) const { return (x * 2654435761u) >> 24; }
};

template <typename F> __global__ void histogram(const unsigned *in, int n, unsigned *bins, F f) {
  __shared__ unsigned local[256];
  for (int i = threadIdx.x; i < 256; i += blockDim.x)
    local[i] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&local[f(in[i])], 1u);
  __syncthreads();
  for (int i = threadIdx.x; i < 256; i += blockDim.x)
    atomicAdd(&bins[i], local[i]);
}

int main() {
  const int n = 100000;
  std::vector<unsigned> in(n), expected(256, 0), bins(256);
  for (int i = 0; i < n; ++i) {
    in[i] = unsigned(i) * 7919u + 13u;
    ++expected[(in[i] * 2654435761u) >> 24];
  }
  unsigned *dIn, *dBins;
  CUDA_OK(cudaMalloc(&dIn, n * sizeof(unsigned)));
  CUDA_OK(cudaMalloc(&dBins, 256 * sizeof(unsigned)));
  CUDA_OK(cudaMemcpy(dIn, in.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice));
  CUDA_OK(cudaMemset(dBins, 0, 256 * sizeof(unsigned)));
  histogram<<<16, 256>>>(dIn, n, dBins, Scramble{});
  CUDA_OK(cudaGetLastError());
  CUDA_OK(cudaMemcpy(bins.data(), dBins, 256 * sizeof(unsigned), cudaMemcpyDeviceToHost));
  CHECK(bins == expected);
  CUDA_OK(cudaFree(dIn));
  CUDA_OK(cudaFree(dBins));
  return pass();
}
