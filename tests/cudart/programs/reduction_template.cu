// A block reduction templated on the element type and the block size, with its shared memory
// allocated dynamically (extern __shared__) at launch; int and double instances.
#include "check.h"
#include <vector>

template <typename T, int Block> __global__ void reduce(const T *in, T *out, int n) {
  extern __shared__ unsigned char raw[];
  T *partial = reinterpret_cast<T *>(raw);
  T sum = 0;
  for (int i = blockIdx.x * Block + threadIdx.x; i < n; i += Block * gridDim.x)
    sum += in[i];
  partial[threadIdx.x] = sum;
  __syncthreads();
  for (int stride = Block / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride)
      partial[threadIdx.x] += partial[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    out[blockIdx.x] = partial[0];
}

template <typename T, int Block> void run(int n, int blocks) {
  std::vector<T> in(n);
  T expected = 0;
  for (int i = 0; i < n; ++i) {
    in[i] = T(i % 13) - T(4);
    expected += in[i];
  }
  T *dIn, *dOut;
  CUDA_OK(cudaMalloc(&dIn, n * sizeof(T)));
  CUDA_OK(cudaMalloc(&dOut, blocks * sizeof(T)));
  CUDA_OK(cudaMemcpy(dIn, in.data(), n * sizeof(T), cudaMemcpyHostToDevice));
  reduce<T, Block><<<blocks, Block, Block * sizeof(T)>>>(dIn, dOut, n);
  CUDA_OK(cudaGetLastError());
  std::vector<T> out(blocks);
  CUDA_OK(cudaMemcpy(out.data(), dOut, blocks * sizeof(T), cudaMemcpyDeviceToHost));
  T total = 0;
  for (T v : out)
    total += v;
  CHECK(total == expected);
  CUDA_OK(cudaFree(dIn));
  CUDA_OK(cudaFree(dOut));
}

int main() {
  run<int, 128>(100000, 24);
  run<double, 256>(7777, 5);
  run<unsigned long long, 64>(4096, 3);
  return pass();
}
