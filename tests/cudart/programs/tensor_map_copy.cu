// Tensor-map copies (TMA): cuTensorMapEncodeTiled, then cp.async.bulk.tensor in tile mode from
// global to shared memory (completing an mbarrier's transaction count) and back, for ranks 1 to
// 5, 1-, 2- and 4-byte elements, padded row strides, boxes partly outside the tensor (read as
// zero, or NaN with CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA; not written on a store)
// and the 32/64/128-byte shared-memory swizzles. The expected bytes, and which copies the
// hardware refuses with "illegal instruction", come from the model below (docs/gpu-facts.md,
// "Tensor maps"); built by nvcc (-arch=sm_90 -lcuda) and run on an H100, all 52 copies behaved
// as the model says. Each copy runs in a child process of its own (a refused copy breaks
// the context); `tensor_map_copy N load|store` runs one in the process itself.
#include "check.h"

#include <cuda.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#define CU_CHECK(x)                                                                                \
  do {                                                                                             \
    CUresult r_ = (x);                                                                             \
    if (r_ != CUDA_SUCCESS) {                                                                      \
      std::printf("%s:%d: %s failed: %d\n", __FILE__, __LINE__, #x, int(r_));                    \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

constexpr int kMaxBoxBytes = 16384;

__device__ unsigned smemAddress(const void *p) { return unsigned(__cvta_generic_to_shared(p)); }

// One box into shared memory through the tensor map, then every byte of it out to `out`.
__global__ void loadBox(const __grid_constant__ CUtensorMap map, int rank, int c0, int c1, int c2, int c3, int c4,
                        unsigned bytes, unsigned smemBytes, unsigned char *out)
{
  __shared__ alignas(1024) unsigned char tile[kMaxBoxBytes];
  __shared__ alignas(8) unsigned long long bar;
  const unsigned b = smemAddress(&bar), t = smemAddress(tile);
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(b));
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    asm volatile("mbarrier.arrive.expect_tx.release.cta.shared::cta.b64 _, [%0], %1;" ::"r"(b), "r"(bytes)
                 : "memory");
    switch (rank) {
    case 1:
      asm volatile("cp.async.bulk.tensor.1d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                   " [%0], [%1, {%2}], [%3];" ::"r"(t),
                   "l"(&map), "r"(c0), "r"(b)
                   : "memory");
      break;
    case 2:
      asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                   " [%0], [%1, {%2, %3}], [%4];" ::"r"(t),
                   "l"(&map), "r"(c0), "r"(c1), "r"(b)
                   : "memory");
      break;
    case 3:
      asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                   " [%0], [%1, {%2, %3, %4}], [%5];" ::"r"(t),
                   "l"(&map), "r"(c0), "r"(c1), "r"(c2), "r"(b)
                   : "memory");
      break;
    case 4:
      asm volatile("cp.async.bulk.tensor.4d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                   " [%0], [%1, {%2, %3, %4, %5}], [%6];" ::"r"(t),
                   "l"(&map), "r"(c0), "r"(c1), "r"(c2), "r"(c3), "r"(b)
                   : "memory");
      break;
    default:
      asm volatile("cp.async.bulk.tensor.5d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                   " [%0], [%1, {%2, %3, %4, %5, %6}], [%7];" ::"r"(t),
                   "l"(&map), "r"(c0), "r"(c1), "r"(c2), "r"(c3), "r"(c4), "r"(b)
                   : "memory");
      break;
    }
  }
  __syncthreads();
  unsigned done = 0;
  while (!done)
    asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], 0; selp.u32 %0, 1, 0, p; }"
                 : "=r"(done)
                 : "r"(b)
                 : "memory");
  for (unsigned i = threadIdx.x; i < smemBytes; i += blockDim.x)
    out[i] = tile[i];
}

// `bytes` of `in` into shared memory, then the box out to the tensor through the map.
__global__ void storeBox(const __grid_constant__ CUtensorMap map, int rank, int c0, int c1, int c2, int c3, int c4,
                         unsigned smemBytes, const unsigned char *in)
{
  __shared__ alignas(1024) unsigned char tile[kMaxBoxBytes];
  for (unsigned i = threadIdx.x; i < smemBytes; i += blockDim.x)
    tile[i] = in[i];
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  if (threadIdx.x == 0) {
    const unsigned t = smemAddress(tile);
    switch (rank) {
    case 1:
      asm volatile("cp.async.bulk.tensor.1d.global.shared::cta.tile.bulk_group [%0, {%1}], [%2];" ::"l"(&map),
                   "r"(c0), "r"(t)
                   : "memory");
      break;
    case 2:
      asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%0, {%1, %2}], [%3];" ::"l"(&map),
                   "r"(c0), "r"(c1), "r"(t)
                   : "memory");
      break;
    case 3:
      asm volatile("cp.async.bulk.tensor.3d.global.shared::cta.tile.bulk_group [%0, {%1, %2, %3}], [%4];" ::"l"(
                       &map),
                   "r"(c0), "r"(c1), "r"(c2), "r"(t)
                   : "memory");
      break;
    case 4:
      asm volatile("cp.async.bulk.tensor.4d.global.shared::cta.tile.bulk_group [%0, {%1, %2, %3, %4}], [%5];" ::"l"(
                       &map),
                   "r"(c0), "r"(c1), "r"(c2), "r"(c3), "r"(t)
                   : "memory");
      break;
    default:
      asm volatile("cp.async.bulk.tensor.5d.global.shared::cta.tile.bulk_group [%0, {%1, %2, %3, %4, %5}], [%6];" ::"l"(
                       &map),
                   "r"(c0), "r"(c1), "r"(c2), "r"(c3), "r"(c4), "r"(t)
                   : "memory");
      break;
    }
    asm volatile("cp.async.bulk.commit_group;" ::: "memory");
    asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
  }
}

struct Config {
  const char *name;
  CUtensorMapDataType type;
  unsigned elementBytes;
  unsigned rank;
  uint64_t dims[5];
  unsigned rowPad;   // extra bytes at the end of each row (dimension 0), a multiple of 16
  unsigned box[5];
  CUtensorMapSwizzle swizzle;
  CUtensorMapFloatOOBfill fill;
  int coords[5];
};

// The model: the box is stored densely in shared memory, dimension 0 fastest, except that a
// swizzled box whose rows are narrower than the swizzle's span S (32, 64, 128 bytes) puts each
// row at the start of an S-byte row. Element (i0..i4) of the box is tensor element (c0 + i0, ...,
// c4 + i4), the NaN fill (0x7ff7 in every 16-bit half; zero without it) where any index is
// outside [0, dim). The swizzle then moves each 16-byte chunk: byte offset o goes to
// o ^ (((o >> 7) & (S / 16 - 1)) << 4). The hardware refuses a copy whose box starts at a byte
// offset in dimension 0 that is not a multiple of 16, and a store whose box starts at a
// negative coordinate.
static unsigned swizzleSpan(CUtensorMapSwizzle s)
{
  return s == CU_TENSOR_MAP_SWIZZLE_32B ? 32 : s == CU_TENSOR_MAP_SWIZZLE_64B ? 64 : s == CU_TENSOR_MAP_SWIZZLE_128B ? 128 : 0;
}

static unsigned swizzled(unsigned o, CUtensorMapSwizzle s)
{
  unsigned span = swizzleSpan(s), mask = span ? span / 16 - 1 : 0;
  return o ^ (((o >> 7) & mask) << 4);
}

static bool hardwareRefuses(const Config &c, bool isLoad)
{
  if ((long long)c.coords[0] * c.elementBytes % 16 != 0)
    return true;
  for (unsigned d = 0; d < c.rank; ++d)
    if (!isLoad && c.coords[d] < 0)
      return true;
  return false;
}

// Bytes between the starts of two rows of the box in shared memory.
static unsigned rowPitch(const Config &c)
{
  unsigned rowBytes = c.box[0] * c.elementBytes, span = swizzleSpan(c.swizzle);
  return rowBytes < span ? span : rowBytes;
}

static unsigned boxRows(const Config &c)
{
  unsigned rows = 1;
  for (unsigned d = 1; d < c.rank; ++d)
    rows *= c.box[d];
  return rows;
}

static size_t tensorOffset(const Config &c, const uint64_t *idx, const uint64_t *strides)
{
  size_t o = idx[0] * c.elementBytes;
  for (unsigned d = 1; d < c.rank; ++d)
    o += idx[d] * strides[d - 1];
  return o;
}

// Calls f(shared byte offset of the element, tensor byte offset or SIZE_MAX when outside).
template <typename F> static void forEachBoxElement(const Config &c, const uint64_t *strides, F f)
{
  unsigned n[5] = {1, 1, 1, 1, 1};
  for (unsigned d = 0; d < c.rank; ++d)
    n[d] = c.box[d];
  const unsigned pitch = rowPitch(c);
  unsigned row = 0;
  for (unsigned i4 = 0; i4 < n[4]; ++i4)
    for (unsigned i3 = 0; i3 < n[3]; ++i3)
      for (unsigned i2 = 0; i2 < n[2]; ++i2)
        for (unsigned i1 = 0; i1 < n[1]; ++i1, ++row)
          for (unsigned i0 = 0; i0 < n[0]; ++i0) {
            unsigned i[5] = {i0, i1, i2, i3, i4};
            uint64_t idx[5] = {};
            bool inside = true;
            for (unsigned d = 0; d < c.rank; ++d) {
              long long v = (long long)c.coords[d] + i[d];
              inside = inside && v >= 0 && (uint64_t)v < c.dims[d];
              idx[d] = inside ? (uint64_t)v : 0;
            }
            f(swizzled(row * pitch + i0 * c.elementBytes, c.swizzle), inside ? tensorOffset(c, idx, strides) : SIZE_MAX);
          }
}

static void nanFill(unsigned char *p, unsigned bytes)
{
  for (unsigned k = 0; k < bytes; k += 2) {
    p[k] = 0xf7;
    p[k + 1] = 0x7f;
  }
}

// One copy (a load, or a store) of configuration c, checked against the model. 0: as the model
// says (done, or refused by the hardware where the model says it is).
static int runConfig(const Config &c, bool isLoad)
{
  uint64_t strides[4] = {};
  uint64_t rowBytes = c.dims[0] * c.elementBytes + c.rowPad;
  uint64_t total = rowBytes;
  for (unsigned d = 1; d < c.rank; ++d) {
    strides[d - 1] = total;
    total *= c.dims[d];
  }
  unsigned boxBytes = c.elementBytes;
  for (unsigned d = 0; d < c.rank; ++d)
    boxBytes *= c.box[d];
  const unsigned smemBytes = boxRows(c) * rowPitch(c);
  std::vector<unsigned char> host(total);
  for (size_t i = 0; i < total; ++i)
    host[i] = (unsigned char)(i * 131 + (i >> 8) * 7 + 1);
  unsigned char *tensor = nullptr, *buffer = nullptr;
  CUDA_OK(cudaMalloc(&tensor, total));
  CUDA_OK(cudaMemcpy(tensor, host.data(), total, cudaMemcpyHostToDevice));
  CUDA_OK(cudaMalloc(&buffer, smemBytes));
  CUDA_OK(cudaMemset(buffer, 0, smemBytes));

  CUtensorMap map;
  cuuint64_t dims[5], gstrides[4];
  cuuint32_t box[5], estrides[5];
  for (unsigned d = 0; d < c.rank; ++d) {
    dims[d] = c.dims[d];
    box[d] = c.box[d];
    estrides[d] = 1;
    if (d)
      gstrides[d - 1] = strides[d - 1];
  }
  CU_CHECK(cuTensorMapEncodeTiled(&map, c.type, c.rank, (void *)tensor, dims, gstrides, box, estrides,
                                  CU_TENSOR_MAP_INTERLEAVE_NONE, c.swizzle, CU_TENSOR_MAP_L2_PROMOTION_NONE,
                                  c.fill));

  // A load: the box as the model lays it out in shared memory (padding bytes stay as they were,
  // so they are left out of the comparison). A store: distinct bytes through the box; what lies
  // outside the tensor is dropped.
  std::vector<unsigned char> expect(smemBytes), got(smemBytes), src(smemBytes), after(host);
  std::vector<bool> covered(smemBytes);
  for (unsigned i = 0; i < smemBytes; ++i)
    src[i] = (unsigned char)(255 - (i * 37 + (i >> 8)));
  forEachBoxElement(c, strides, [&](unsigned s, size_t g) {
    for (unsigned k = 0; k < c.elementBytes; ++k)
      covered[s + k] = true;
    if (g != SIZE_MAX) {
      std::memcpy(&expect[s], &host[g], c.elementBytes);
      std::memcpy(&after[g], &src[s], c.elementBytes);
    } else if (c.fill == CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA) {
      nanFill(&expect[s], c.elementBytes);
    }
  });
  if (isLoad) {
    loadBox<<<1, 128>>>(map, c.rank, c.coords[0], c.coords[1], c.coords[2], c.coords[3], c.coords[4], boxBytes,
                        smemBytes, buffer);
  } else {
    CUDA_OK(cudaMemcpy(buffer, src.data(), smemBytes, cudaMemcpyHostToDevice));
    storeBox<<<1, 128>>>(map, c.rank, c.coords[0], c.coords[1], c.coords[2], c.coords[3], c.coords[4], smemBytes,
                         buffer);
  }
  CUDA_OK(cudaGetLastError());
  cudaError_t done = cudaDeviceSynchronize();
  const char *what = isLoad ? "load" : "store";
  if (hardwareRefuses(c, isLoad)) {
    std::printf("%-34s %-5s refused (%s), as the model says\n", c.name, what, cudaGetErrorName(done));
    return done == cudaErrorIllegalInstruction ? 0 : 1;
  }
  CUDA_OK(done);
  unsigned bad = 0, first = ~0u, checked = 0;
  if (isLoad) {
    CUDA_OK(cudaMemcpy(got.data(), buffer, smemBytes, cudaMemcpyDeviceToHost));
    for (unsigned i = 0; i < smemBytes; ++i)
      if (covered[i] && ++checked && got[i] != expect[i] && bad++ == 0)
        first = i;
  } else {
    std::vector<unsigned char> stored(total);
    CUDA_OK(cudaMemcpy(stored.data(), tensor, total, cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < total; ++i, ++checked)
      bad += stored[i] != after[i];
  }
  std::printf("%-34s %-5s %u of %u bytes differ", c.name, what, bad, checked);
  if (bad && isLoad)
    std::printf(" (first at %u: %02x, expected %02x)", first, got[first], expect[first]);
  std::printf("\n");
  CUDA_OK(cudaFree(tensor));
  CUDA_OK(cudaFree(buffer));
  return bad != 0;
}

// `tensor_map_copy N load|store` runs one copy here; without arguments every copy runs in a child
// process (no CUDA call in this one, so that each child starts afresh).
int main(int argc, char **argv)
{
  using T = CUtensorMapDataType;
  const T f32 = CU_TENSOR_MAP_DATA_TYPE_FLOAT32, f16 = CU_TENSOR_MAP_DATA_TYPE_FLOAT16, u8 = CU_TENSOR_MAP_DATA_TYPE_UINT8,
          bf16 = CU_TENSOR_MAP_DATA_TYPE_BFLOAT16, f64 = CU_TENSOR_MAP_DATA_TYPE_FLOAT64;
  const CUtensorMapSwizzle none = CU_TENSOR_MAP_SWIZZLE_NONE;
  const CUtensorMapFloatOOBfill zero = CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE,
                                nan = CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA;
  const Config configs[] = {
      {"1d f32 inside", f32, 4, 1, {1000}, 0, {64}, none, zero, {100}},
      {"1d f32 left edge", f32, 4, 1, {100}, 0, {64}, none, zero, {-12}},
      {"1d f32 right edge", f32, 4, 1, {100}, 0, {64}, none, zero, {60}},
      {"2d f32 inside", f32, 4, 2, {100, 70}, 0, {32, 16}, none, zero, {8, 20}},
      {"2d f32 padded rows", f32, 4, 2, {100, 70}, 48, {32, 16}, none, zero, {64, 60}},
      {"2d f32 corner nan", f32, 4, 2, {100, 70}, 0, {32, 16}, none, nan, {-5, 62}},
      {"2d f16 swizzle 128", f16, 2, 2, {200, 50}, 0, {64, 16}, CU_TENSOR_MAP_SWIZZLE_128B, zero, {24, 3}},
      {"2d f16 swizzle 128 edge nan", f16, 2, 2, {200, 50}, 0, {64, 16}, CU_TENSOR_MAP_SWIZZLE_128B, nan, {150, 40}},
      {"2d u8 swizzle 64", u8, 1, 2, {300, 40}, 4, {64, 24}, CU_TENSOR_MAP_SWIZZLE_64B, zero, {200, 30}},
      {"2d f32 swizzle 32", f32, 4, 2, {64, 64}, 0, {8, 32}, CU_TENSOR_MAP_SWIZZLE_32B, zero, {-4, 7}},
      {"2d f32 swizzle 128 narrow", f32, 4, 2, {64, 64}, 0, {16, 16}, CU_TENSOR_MAP_SWIZZLE_128B, zero, {4, 4}},
      {"2d f32 nan fill", f32, 4, 2, {64, 64}, 0, {16, 8}, none, nan, {56, 60}},
      {"3d f32", f32, 4, 3, {20, 12, 9}, 16, {8, 4, 5}, none, zero, {14, -2, 6}},
      {"4d u8", u8, 1, 4, {48, 5, 6, 7}, 0, {16, 3, 4, 2}, none, zero, {40, 3, -1, 5}},
      {"5d f16", f16, 2, 5, {16, 3, 4, 5, 6}, 0, {8, 2, 2, 3, 2}, none, nan, {12, 2, 0, 4, 5}},
      // The edges again, the boxes starting at a multiple of 16 bytes in dimension 0.
      {"2d f32 corner nan, aligned", f32, 4, 2, {100, 70}, 0, {32, 16}, none, nan, {-4, 62}},
      {"2d f16 swizzle 128 edge nan, al.", f16, 2, 2, {200, 50}, 0, {64, 16}, CU_TENSOR_MAP_SWIZZLE_128B, nan, {152, 40}},
      {"2d u8 swizzle 64, aligned", u8, 1, 2, {300, 40}, 4, {64, 24}, CU_TENSOR_MAP_SWIZZLE_64B, zero, {208, 30}},
      {"3d f32, aligned", f32, 4, 3, {20, 12, 9}, 16, {8, 4, 5}, none, zero, {16, -2, 6}},
      {"4d u8, aligned", u8, 1, 4, {48, 5, 6, 7}, 0, {16, 3, 4, 2}, none, zero, {32, 3, -1, 5}},
      {"5d f16, aligned", f16, 2, 5, {16, 3, 4, 5, 6}, 0, {8, 2, 2, 3, 2}, none, nan, {8, 2, 0, 4, 5}},
      {"2d bf16 nan fill", bf16, 2, 2, {64, 32}, 0, {16, 8}, none, nan, {56, 28}},
      {"2d f64 nan fill", f64, 8, 2, {32, 16}, 0, {8, 4}, none, nan, {30, 14}},
      // Swizzled rows narrower than the span.
      {"2d f32 swizzle 128, 32B rows", f32, 4, 2, {64, 64}, 0, {8, 16}, CU_TENSOR_MAP_SWIZZLE_128B, zero, {4, 4}},
      {"2d f16 swizzle 64, 32B rows", f16, 2, 2, {64, 64}, 0, {16, 16}, CU_TENSOR_MAP_SWIZZLE_64B, zero, {8, 3}},
      {"2d f32 swizzle 32, 16B rows", f32, 4, 2, {64, 64}, 0, {4, 16}, CU_TENSOR_MAP_SWIZZLE_32B, zero, {4, 60}},
  };
  const int count = int(sizeof(configs) / sizeof(configs[0]));
  if (argc > 2) {
    const int only = std::atoi(argv[1]);
    if (only < 0 || only >= count)
      return 2;
    CUDA_OK(cudaFree(nullptr)); // the runtime initialises the driver and makes its context current
    return runConfig(configs[only], std::strcmp(argv[2], "load") == 0);
  }
  int failed = 0;
  for (int i = 0; i < count; ++i)
    for (int isLoad = 1; isLoad >= 0; --isLoad) {
      std::fflush(stdout);
      pid_t pid = fork();
      if (pid == 0) {
        CUDA_OK(cudaFree(nullptr));
        std::exit(runConfig(configs[i], isLoad));
      }
      int status = 0;
      waitpid(pid, &status, 0);
      if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        std::printf("%-34s %s: NOT as the model says\n", configs[i].name, isLoad ? "load" : "store");
        ++failed;
      }
    }
  if (failed) {
    std::printf("FAILED: %d copies differ from the model\n", failed);
    return 1;
  }
  std::printf("tensor_map_copy: all %d configurations, loads and stores, as the model says\nPASS\n", count);
  return 0;
}
