// Tensor-map copies (cp.async.bulk.tensor, tile mode) at the edges of the tensor and with
// swizzles narrower than the box's rows: raw shared-memory images and stored tensors for
// docs/gpu-facts.md "Tensor maps" (tests/cudart/programs/tensor_map_copy.cu checks the model).
// Each experiment runs in a child process of its own: a copy the hardware refuses breaks the
// context ("illegal instruction").
//   nvcc -arch=sm_90 -o tensor_map_probe tensor_map_probe.cu -lcuda && mkdir -p DIR \
//     && ./tensor_map_probe DIR > DIR/log.txt && tar czf tensor_map_probe.tgz -C DIR .
// (one archive: the 37 files do not all come back from a machine that returns few files)
// expected/tensor_map_probe.txt: an H100's log and the SHA-256 of every image it wrote (2026-12-06);
// ptx2metal's runtime reproduces all of them (run it with -cudart shared, our libraries first).
// Writes OUTDIR/e<N>.load.bin (8192 bytes of shared memory after the load, 0xEE where nothing
// was written) and OUTDIR/e<N>.store.bin (the tensor after a store of bytes 0x80 + i % 64), and
// prints one line per experiment and direction: ok or the CUDA error.
#include <cuda.h>
#include <cuda_runtime.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

constexpr int kSmem = 8192;

__device__ unsigned smemAddress(const void *p) { return unsigned(__cvta_generic_to_shared(p)); }

__global__ void load(const __grid_constant__ CUtensorMap map, int rank, int c0, int c1, int c2, unsigned tx,
                     unsigned char *out)
{
  __shared__ alignas(1024) unsigned char tile[kSmem];
  __shared__ alignas(8) unsigned long long bar;
  const unsigned b = smemAddress(&bar), t = smemAddress(tile);
  for (int i = threadIdx.x; i < kSmem; i += blockDim.x)
    tile[i] = 0xEE;
  __syncthreads();
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(b));
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    asm volatile("mbarrier.arrive.expect_tx.release.cta.shared::cta.b64 _, [%0], %1;" ::"r"(b), "r"(tx) : "memory");
    if (rank == 2)
      asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                   " [%0], [%1, {%2, %3}], [%4];" ::"r"(t),
                   "l"(&map), "r"(c0), "r"(c1), "r"(b)
                   : "memory");
    else
      asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                   " [%0], [%1, {%2, %3, %4}], [%5];" ::"r"(t),
                   "l"(&map), "r"(c0), "r"(c1), "r"(c2), "r"(b)
                   : "memory");
  }
  __syncthreads();
  unsigned done = 0;
  while (!done)
    asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], 0; selp.u32 %0, 1, 0, p; }"
                 : "=r"(done)
                 : "r"(b)
                 : "memory");
  for (int i = threadIdx.x; i < kSmem; i += blockDim.x)
    out[i] = tile[i];
}

__global__ void store(const __grid_constant__ CUtensorMap map, int rank, int c0, int c1, int c2)
{
  __shared__ alignas(1024) unsigned char tile[kSmem];
  for (int i = threadIdx.x; i < kSmem; i += blockDim.x)
    tile[i] = (unsigned char)(0x80 + i % 64);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  if (threadIdx.x == 0) {
    const unsigned t = smemAddress(tile);
    if (rank == 2)
      asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%0, {%1, %2}], [%3];" ::"l"(&map),
                   "r"(c0), "r"(c1), "r"(t)
                   : "memory");
    else
      asm volatile("cp.async.bulk.tensor.3d.global.shared::cta.tile.bulk_group [%0, {%1, %2, %3}], [%4];" ::"l"(&map),
                   "r"(c0), "r"(c1), "r"(c2), "r"(t)
                   : "memory");
    asm volatile("cp.async.bulk.commit_group;" ::: "memory");
    asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
  }
}

struct Experiment {
  CUtensorMapDataType type;
  unsigned bytes, rank;
  uint64_t dims[3];
  unsigned box[3];
  CUtensorMapSwizzle swizzle;
  CUtensorMapFloatOOBfill fill;
  int c[3];
};

static std::string outDir;

static int run(int n, const Experiment &e, bool isLoad)
{
  uint64_t total = e.dims[0] * e.bytes, strides[2] = {total, 0};
  for (unsigned d = 1; d < e.rank; ++d)
    total *= e.dims[d];
  strides[1] = strides[0] * e.dims[1];
  std::vector<unsigned char> host(total);
  for (size_t i = 0; i < total; ++i)
    host[i] = (unsigned char)(i % 251 + 1);
  unsigned char *tensor, *out;
  if (cudaMalloc(&tensor, total) || cudaMalloc(&out, kSmem) ||
      cudaMemcpy(tensor, host.data(), total, cudaMemcpyHostToDevice))
    return 1;
  CUtensorMap map;
  cuuint64_t dims[3] = {e.dims[0], e.dims[1], e.dims[2]}, gs[2] = {strides[0], strides[1]};
  cuuint32_t box[3] = {e.box[0], e.box[1], e.box[2]}, es[3] = {1, 1, 1};
  CUresult r = cuTensorMapEncodeTiled(&map, e.type, e.rank, tensor, dims, gs, box, es, CU_TENSOR_MAP_INTERLEAVE_NONE,
                                      e.swizzle, CU_TENSOR_MAP_L2_PROMOTION_NONE, e.fill);
  if (r != CUDA_SUCCESS) {
    std::printf("e%d %s: encode failed %d\n", n, isLoad ? "load" : "store", int(r));
    return 0;
  }
  unsigned tx = e.bytes * e.box[0] * e.box[1] * (e.rank > 2 ? e.box[2] : 1);
  if (isLoad)
    load<<<1, 128>>>(map, e.rank, e.c[0], e.c[1], e.c[2], tx, out);
  else
    store<<<1, 128>>>(map, e.rank, e.c[0], e.c[1], e.c[2]);
  cudaError_t err = cudaDeviceSynchronize();
  std::printf("e%d %s: %s\n", n, isLoad ? "load" : "store", err ? cudaGetErrorName(err) : "ok");
  if (err)
    return 0;
  std::vector<unsigned char> image(isLoad ? kSmem : total);
  cudaMemcpy(image.data(), isLoad ? out : tensor, image.size(), cudaMemcpyDeviceToHost);
  std::string path = outDir + "/e" + std::to_string(n) + (isLoad ? ".load.bin" : ".store.bin");
  FILE *f = std::fopen(path.c_str(), "wb");
  std::fwrite(image.data(), 1, image.size(), f);
  std::fclose(f);
  return 0;
}

int main(int argc, char **argv)
{
  if (argc < 2)
    return 2;
  outDir = argv[1];
  const CUtensorMapDataType f32 = CU_TENSOR_MAP_DATA_TYPE_FLOAT32, u8 = CU_TENSOR_MAP_DATA_TYPE_UINT8;
  const CUtensorMapSwizzle none = CU_TENSOR_MAP_SWIZZLE_NONE, s128 = CU_TENSOR_MAP_SWIZZLE_128B,
                           s64 = CU_TENSOR_MAP_SWIZZLE_64B;
  const CUtensorMapFloatOOBfill zero = CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE,
                                nan = CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA;
  const Experiment experiments[] = {
      {f32, 4, 2, {64, 64, 1}, {16, 8, 1}, none, zero, {0, 0, 0}},    // 0 inside
      {f32, 4, 2, {64, 64, 1}, {16, 8, 1}, none, zero, {-4, 0, 0}},   // 1 left
      {f32, 4, 2, {64, 64, 1}, {16, 8, 1}, none, zero, {56, 0, 0}},   // 2 right
      {f32, 4, 2, {64, 64, 1}, {16, 8, 1}, none, zero, {0, -2, 0}},   // 3 top
      {f32, 4, 2, {64, 64, 1}, {16, 8, 1}, none, zero, {0, 60, 0}},   // 4 bottom
      {f32, 4, 2, {64, 64, 1}, {16, 8, 1}, none, zero, {-4, -2, 0}},  // 5 top left
      {f32, 4, 2, {64, 64, 1}, {16, 8, 1}, none, zero, {56, 60, 0}},  // 6 bottom right
      {f32, 4, 2, {64, 64, 1}, {16, 8, 1}, none, nan, {0, 0, 0}},     // 7 NaN fill, inside
      {f32, 4, 2, {64, 64, 1}, {16, 8, 1}, none, nan, {56, 60, 0}},   // 8 NaN fill, bottom right
      {f32, 4, 2, {64, 64, 1}, {16, 8, 1}, none, nan, {-4, 0, 0}},    // 9 NaN fill, left
      {f32, 4, 2, {64, 64, 1}, {16, 16, 1}, s128, zero, {4, 4, 0}},   // 10 64-byte rows, 128-byte swizzle
      {f32, 4, 2, {64, 64, 1}, {32, 16, 1}, s128, zero, {4, 4, 0}},   // 11 128-byte rows
      {u8, 1, 2, {304, 40, 1}, {64, 24, 1}, s64, zero, {0, 0, 0}},    // 12 u8, 64-byte swizzle
      {u8, 1, 2, {304, 40, 1}, {64, 24, 1}, s64, zero, {200, 30, 0}}, // 13 u8 bottom
      {f32, 4, 3, {20, 12, 9}, {8, 4, 5}, none, zero, {0, 0, 0}},     // 14 3D inside
      {f32, 4, 3, {20, 12, 9}, {8, 4, 5}, none, zero, {14, -2, 6}},   // 15 3D edges
      {f32, 4, 2, {64, 64, 1}, {16, 8, 1}, none, zero, {-20, 0, 0}},  // 16 wholly left
      {f32, 4, 2, {64, 64, 1}, {16, 8, 1}, none, zero, {0, 70, 0}},   // 17 wholly below
  };
  const int count = int(sizeof(experiments) / sizeof(experiments[0]));
  for (int n = 0; n < count; ++n)
    for (int isLoad = 1; isLoad >= 0; --isLoad) {
      std::fflush(stdout);
      pid_t pid = fork();
      if (pid == 0)
        return run(n, experiments[n], isLoad);
      int status = 0;
      waitpid(pid, &status, 0);
    }
  return 0;
}
