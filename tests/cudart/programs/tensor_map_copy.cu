// Tensor-map copies (TMA): cuTensorMapEncodeTiled, then cp.async.bulk.tensor in tile mode from
// global to shared memory (completing an mbarrier's transaction count) and back, for ranks 1 to
// 5, 1-, 2- and 4-byte elements, padded row strides, boxes partly outside the tensor (read as
// zero, or NaN with CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA; not written on a store)
// and the 32/64/128-byte shared-memory swizzles. The expected bytes come from the model in
// forEachBoxElement() below. Built by nvcc (-arch=sm_90 -lcuda) and run one configuration at a
// time (its index as the argument) on an H100, the configurations inside the tensor, the 1D box
// past the tensor's end and the 128-byte swizzle matched the model; the others stopped with
// "illegal instruction" (docs/gpu-facts.md, "Tensor maps": not settled).
#include "check.h"

#include <cuda.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
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
                        unsigned bytes, unsigned char *out)
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
  for (unsigned i = threadIdx.x; i < bytes; i += blockDim.x)
    out[i] = tile[i];
}

// `bytes` of `in` into shared memory, then the box out to the tensor through the map.
__global__ void storeBox(const __grid_constant__ CUtensorMap map, int rank, int c0, int c1, int c2, int c3, int c4,
                         unsigned bytes, const unsigned char *in)
{
  __shared__ alignas(1024) unsigned char tile[kMaxBoxBytes];
  for (unsigned i = threadIdx.x; i < bytes; i += blockDim.x)
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

// The model: the box is stored densely in shared memory, dimension 0 fastest; element (i0..i4)
// of the box is tensor element (c0 + i0, ..., c4 + i4), zero (or the NaN fill) where any index
// is outside [0, dim). A swizzle of S bytes (32, 64, 128) then moves each 16-byte chunk: byte
// offset o goes to o ^ (((o >> 7) & (S / 16 - 1)) << 4).
static unsigned swizzled(unsigned o, CUtensorMapSwizzle s)
{
  unsigned mask = s == CU_TENSOR_MAP_SWIZZLE_32B ? 1 : s == CU_TENSOR_MAP_SWIZZLE_64B ? 3 : s == CU_TENSOR_MAP_SWIZZLE_128B ? 7 : 0;
  return o ^ (((o >> 7) & mask) << 4);
}

static void nanFill(unsigned char *p, CUtensorMapDataType type)
{
  if (type == CU_TENSOR_MAP_DATA_TYPE_FLOAT32) {
    uint32_t v = 0x7fffffffu;
    std::memcpy(p, &v, 4);
  } else if (type == CU_TENSOR_MAP_DATA_TYPE_FLOAT16) {
    uint16_t v = 0x7fffu;
    std::memcpy(p, &v, 2);
  } else {
    std::memset(p, 0, 1);
  }
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
  unsigned linear = 0;
  for (unsigned i4 = 0; i4 < n[4]; ++i4)
    for (unsigned i3 = 0; i3 < n[3]; ++i3)
      for (unsigned i2 = 0; i2 < n[2]; ++i2)
        for (unsigned i1 = 0; i1 < n[1]; ++i1)
          for (unsigned i0 = 0; i0 < n[0]; ++i0, ++linear) {
            unsigned i[5] = {i0, i1, i2, i3, i4};
            uint64_t idx[5] = {};
            bool inside = true;
            for (unsigned d = 0; d < c.rank; ++d) {
              long long v = (long long)c.coords[d] + i[d];
              inside = inside && v >= 0 && (uint64_t)v < c.dims[d];
              idx[d] = inside ? (uint64_t)v : 0;
            }
            f(swizzled(linear * c.elementBytes, c.swizzle), inside ? tensorOffset(c, idx, strides) : SIZE_MAX);
          }
}

static int runConfig(const Config &c)
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
  std::vector<unsigned char> host(total);
  for (size_t i = 0; i < total; ++i)
    host[i] = (unsigned char)(i * 131 + (i >> 8) * 7 + 1);
  unsigned char *tensor = nullptr, *out = nullptr, *in = nullptr;
  CUDA_OK(cudaMalloc(&tensor, total));
  CUDA_OK(cudaMemcpy(tensor, host.data(), total, cudaMemcpyHostToDevice));
  CUDA_OK(cudaMalloc(&out, boxBytes));
  CUDA_OK(cudaMalloc(&in, boxBytes));

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

  // Load: the box as the model lays it out in shared memory.
  std::vector<unsigned char> expect(boxBytes), got(boxBytes);
  forEachBoxElement(c, strides, [&](unsigned s, size_t g) {
    if (g != SIZE_MAX)
      std::memcpy(&expect[s], &host[g], c.elementBytes);
    else if (c.fill == CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA)
      nanFill(&expect[s], c.type);
    else
      std::memset(&expect[s], 0, c.elementBytes);
  });
  loadBox<<<1, 128>>>(map, c.rank, c.coords[0], c.coords[1], c.coords[2], c.coords[3], c.coords[4], boxBytes, out);
  CUDA_OK(cudaGetLastError());
  CUDA_OK(cudaDeviceSynchronize());
  CUDA_OK(cudaMemcpy(got.data(), out, boxBytes, cudaMemcpyDeviceToHost));
  unsigned loadBad = 0, first = ~0u;
  for (unsigned i = 0; i < boxBytes; ++i)
    if (got[i] != expect[i] && loadBad++ == 0)
      first = i;

  // Store: distinct bytes through the box; what lies outside the tensor is dropped.
  std::vector<unsigned char> src(boxBytes), after(host);
  for (unsigned i = 0; i < boxBytes; ++i)
    src[i] = (unsigned char)(255 - (i * 37 + (i >> 8)));
  forEachBoxElement(c, strides, [&](unsigned s, size_t g) {
    if (g != SIZE_MAX)
      std::memcpy(&after[g], &src[s], c.elementBytes);
  });
  CUDA_OK(cudaMemcpy(in, src.data(), boxBytes, cudaMemcpyHostToDevice));
  storeBox<<<1, 128>>>(map, c.rank, c.coords[0], c.coords[1], c.coords[2], c.coords[3], c.coords[4], boxBytes, in);
  CUDA_OK(cudaGetLastError());
  CUDA_OK(cudaDeviceSynchronize());
  std::vector<unsigned char> stored(total);
  CUDA_OK(cudaMemcpy(stored.data(), tensor, total, cudaMemcpyDeviceToHost));
  unsigned storeBad = 0;
  for (size_t i = 0; i < total; ++i)
    storeBad += stored[i] != after[i];

  std::printf("%-28s load %u of %u bytes differ", c.name, loadBad, boxBytes);
  if (loadBad)
    std::printf(" (first at %u: %02x, expected %02x)", first, got[first], expect[first]);
  std::printf(", store %u of %llu differ\n", storeBad, (unsigned long long)total);
  CUDA_OK(cudaFree(tensor));
  CUDA_OK(cudaFree(out));
  CUDA_OK(cudaFree(in));
  return loadBad || storeBad;
}

// With an argument, only that configuration (its index) runs: a failing copy breaks the context.
int main(int argc, char **argv)
{
  using T = CUtensorMapDataType;
  const T f32 = CU_TENSOR_MAP_DATA_TYPE_FLOAT32, f16 = CU_TENSOR_MAP_DATA_TYPE_FLOAT16, u8 = CU_TENSOR_MAP_DATA_TYPE_UINT8;
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
      {"3d f32", f32, 4, 3, {20, 12, 9}, 16, {8, 4, 5}, none, zero, {14, -2, 6}},
      {"4d u8", u8, 1, 4, {48, 5, 6, 7}, 0, {16, 3, 4, 2}, none, zero, {40, 3, -1, 5}},
      {"5d f16", f16, 2, 5, {16, 3, 4, 5, 6}, 0, {8, 2, 2, 3, 2}, none, nan, {12, 2, 0, 4, 5}},
  };
  CUDA_OK(cudaFree(nullptr)); // the runtime initialises the driver and makes its context current
  int failed = 0;
  const int only = argc > 1 ? std::atoi(argv[1]) : -1;
  for (int i = 0; i < int(sizeof(configs) / sizeof(configs[0])); ++i)
    if (only < 0 || i == only)
      failed += runConfig(configs[i]);
  if (failed) {
    std::printf("FAILED: %d configurations differ\n", failed);
    return 1;
  }
  std::printf("tensor_map_copy: all %zu configurations as the model says\nPASS\n",
              sizeof(configs) / sizeof(configs[0]));
  return 0;
}
