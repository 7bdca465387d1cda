// CUDA arrays, texture and surface objects through libcudart (and libcuda beneath it), called
// as a program would: the errors an H100 answered for bad descriptions
// (tests/probes/textures.cu, "api errors"), descriptions that round-trip, the array layout of
// texture_abi.h as the object's descriptor words give it, and copies to, from and between
// arrays. The runtime is process-wide state: the cases run in file order.
#include <cuda.h>
#include <cuda_runtime_api.h>

#include "emitters/msl/support/texture_abi.h"

#include <catch2/catch.hpp>

#include <array>
#include <cstring>
#include <vector>

namespace {

cudaChannelFormatDesc channel(int x, int y, int z, int w, cudaChannelFormatKind f) {
  return cudaCreateChannelDesc(x, y, z, w, f);
}
const cudaChannelFormatDesc kFloat1 = {32, 0, 0, 0, cudaChannelFormatKindFloat};

std::array<uint32_t, P2M_TEX_DESC_WORDS> descriptorOf(unsigned long long handle) {
  std::array<uint32_t, P2M_TEX_DESC_WORDS> words{};
  REQUIRE(cudaMemcpy(words.data(), reinterpret_cast<void *>(handle), sizeof words, cudaMemcpyDeviceToHost) ==
          cudaSuccess);
  return words;
}

uint64_t word64(const std::array<uint32_t, P2M_TEX_DESC_WORDS> &w, unsigned index) {
  return w[index] | uint64_t(w[index + 1]) << 32;
}

cudaResourceDesc arrayResource(cudaArray_t array) {
  cudaResourceDesc r{};
  r.resType = cudaResourceTypeArray;
  r.res.array.array = array;
  return r;
}

} // namespace

TEST_CASE("array creation checks the channel description and shape as CUDA does") {
  cudaArray_t a = nullptr;
  auto create = [&](cudaChannelFormatDesc d, size_t w, size_t h, size_t depth, unsigned flags) {
    cudaError_t e = cudaMalloc3DArray(&a, &d, cudaExtent{w, h, depth}, flags);
    if (e == cudaSuccess)
      REQUIRE(cudaFreeArray(a) == cudaSuccess);
    cudaGetLastError();
    return e;
  };
  CHECK(create(kFloat1, 1, 0, 0, 0) == cudaSuccess);
  CHECK(create(kFloat1, 0, 0, 0, 0) == cudaErrorInvalidValue);
  CHECK(create(kFloat1, 0, 4, 0, 0) == cudaErrorInvalidValue);
  CHECK(create(channel(8, 8, 8, 0, cudaChannelFormatKindUnsigned), 4, 4, 0, 0) == cudaErrorInvalidChannelDescriptor);
  CHECK(create(channel(8, 16, 0, 0, cudaChannelFormatKindUnsigned), 4, 4, 0, 0) == cudaErrorInvalidChannelDescriptor);
  CHECK(create(channel(8, 0, 0, 0, cudaChannelFormatKindFloat), 4, 4, 0, 0) == cudaErrorInvalidChannelDescriptor);
  CHECK(create(channel(64, 0, 0, 0, cudaChannelFormatKindUnsigned), 4, 4, 0, 0) == cudaErrorInvalidChannelDescriptor);
  CHECK(create(channel(32, 0, 0, 0, cudaChannelFormatKindNone), 4, 4, 0, 0) == cudaErrorInvalidChannelDescriptor);
  CHECK(create(channel(8, 0, 8, 0, cudaChannelFormatKindUnsigned), 4, 4, 0, 0) == cudaErrorInvalidChannelDescriptor);
  CHECK(create(channel(16, 16, 0, 0, cudaChannelFormatKindFloat), 4, 4, 0, 0) == cudaSuccess);
  CHECK(create(kFloat1, 4, 8, 6, cudaArrayCubemap) == cudaErrorInvalidValue);
  CHECK(create(kFloat1, 4, 4, 5, cudaArrayCubemap) == cudaErrorInvalidValue);
  CHECK(create(kFloat1, 4, 4, 7, cudaArrayCubemap | cudaArrayLayered) == cudaErrorInvalidValue);
  CHECK(create(kFloat1, 4, 4, 12, cudaArrayCubemap | cudaArrayLayered) == cudaSuccess);
  CHECK(create(kFloat1, 4, 4, 0, cudaArrayLayered) == cudaErrorInvalidValue);
  CHECK(create(kFloat1, 4, 0, 4, 0) == cudaErrorInvalidValue);
  CHECK(create(kFloat1, 131072, 0, 0, 0) == cudaSuccess);
  CHECK(create(kFloat1, 131073, 0, 0, 0) == cudaErrorInvalidValue);
  CHECK(create(kFloat1, 16385, 1, 1, 0) == cudaErrorInvalidValue);
  CHECK(cudaMallocArray(&a, &kFloat1, 16, 16, cudaArrayCubemap) == cudaErrorInvalidValue);
  CHECK(cudaMallocArray(&a, nullptr, 16, 16, 0) == cudaErrorInvalidValue);
  CHECK(cudaFreeArray(nullptr) == cudaSuccess);
  cudaGetLastError();
}

TEST_CASE("a 2D array round-trips its texels, description and layout") {
  // 5 x 3 float2 texels: rows of 40 bytes, padded to 48 (P2M_ARRAY_PITCH_ALIGN).
  cudaChannelFormatDesc f2 = channel(32, 32, 0, 0, cudaChannelFormatKindFloat);
  cudaArray_t a = nullptr;
  REQUIRE(cudaMallocArray(&a, &f2, 5, 3, cudaArraySurfaceLoadStore) == cudaSuccess);
  cudaChannelFormatDesc got{};
  cudaExtent extent{};
  unsigned flags = 0;
  REQUIRE(cudaArrayGetInfo(&got, &extent, &flags, a) == cudaSuccess);
  CHECK((got.x == 32 && got.y == 32 && got.z == 0 && got.w == 0 && got.f == cudaChannelFormatKindFloat));
  CHECK((extent.width == 5 && extent.height == 3 && extent.depth == 0));
  CHECK(flags == cudaArraySurfaceLoadStore);
  REQUIRE(cudaGetChannelDesc(&got, a) == cudaSuccess);
  CHECK(got.y == 32);

  std::vector<float> in(5 * 2 * 3);
  for (size_t i = 0; i < in.size(); ++i)
    in[i] = float(i) + 0.5f;
  REQUIRE(cudaMemcpy2DToArray(a, 0, 0, in.data(), 40, 40, 3, cudaMemcpyHostToDevice) == cudaSuccess);
  std::vector<float> out(in.size(), -1.0f);
  REQUIRE(cudaMemcpy2DFromArray(out.data(), 40, a, 0, 0, 40, 3, cudaMemcpyDeviceToHost) == cudaSuccess);
  CHECK(out == in);
  // A sub-rectangle: texels 1..2 of rows 1..2.
  std::vector<float> part(2 * 2 * 2, 0.0f);
  REQUIRE(cudaMemcpy2DFromArray(part.data(), 16, a, 8, 1, 16, 2, cudaMemcpyDeviceToHost) == cudaSuccess);
  CHECK(part[0] == in[10 + 2]);
  CHECK(part[7] == in[20 + 5]);
  // Past the array, or not whole texels: refused, nothing copied.
  CHECK(cudaMemcpy2DFromArray(part.data(), 16, a, 32, 0, 16, 1, cudaMemcpyDeviceToHost) == cudaErrorInvalidValue);
  CHECK(cudaMemcpy2DFromArray(part.data(), 16, a, 0, 2, 16, 2, cudaMemcpyDeviceToHost) == cudaErrorInvalidValue);
  CHECK(cudaMemcpy2DFromArray(part.data(), 16, a, 4, 0, 8, 1, cudaMemcpyDeviceToHost) == cudaErrorInvalidValue);
  cudaGetLastError();

  // The texture object's descriptor says where the texels are and how they are laid out.
  cudaResourceDesc r = arrayResource(a);
  cudaTextureDesc t{};
  t.addressMode[0] = cudaAddressModeBorder;
  t.addressMode[1] = cudaAddressModeWrap;
  t.filterMode = cudaFilterModeLinear;
  t.normalizedCoords = 1;
  t.borderColor[0] = 2.5f;
  t.maxAnisotropy = 4;
  t.mipmapLevelBias = 1.5f;
  cudaTextureObject_t tex = 0;
  REQUIRE(cudaCreateTextureObject(&tex, &r, &t, nullptr) == cudaSuccess);
  CHECK(tex != 0);
  auto w = descriptorOf(tex);
  CHECK(word64(w, P2M_TEX_ROW_PITCH_LO) == 48);
  CHECK(word64(w, P2M_TEX_SLICE_PITCH_LO) == 48 * 3);
  CHECK(w[P2M_TEX_KIND] == P2M_TEX_KIND_2D);
  CHECK((w[P2M_TEX_WIDTH] == 5 && w[P2M_TEX_HEIGHT] == 3 && w[P2M_TEX_DEPTH] == 1 && w[P2M_TEX_LAYERS] == 0));
  CHECK((w[P2M_TEX_CHANNELS] == 2 && w[P2M_TEX_CHANNEL_BITS] == 32 && w[P2M_TEX_FORMAT_KIND] == 2));
  CHECK((w[P2M_TEX_ADDRESS_MODE0] == 3 && w[P2M_TEX_ADDRESS_MODE1] == 0 && w[P2M_TEX_FILTER_MODE] == 1));
  CHECK((w[P2M_TEX_NORMALIZED] == 1 && w[P2M_TEX_READ_MODE] == 0 && w[P2M_TEX_MIP_LEVELS] == 1));
  CHECK(w[P2M_TEX_FLAGS] == (P2M_TEX_FLAG_TEXTURE | P2M_TEX_FLAG_SAMPLER));
  float border = 0;
  std::memcpy(&border, &w[P2M_TEX_BORDER0], 4);
  CHECK(border == 2.5f);
  // Texel (1, 2) at data + 2 rows + 1 texel.
  float texel[2] = {};
  REQUIRE(cudaMemcpy(texel, reinterpret_cast<void *>(word64(w, P2M_TEX_DATA_LO) + 2 * 48 + 8), 8,
                     cudaMemcpyDeviceToHost) == cudaSuccess);
  CHECK(texel[0] == in[20 + 2]);

  cudaTextureDesc back{};
  REQUIRE(cudaGetTextureObjectTextureDesc(&back, tex) == cudaSuccess);
  CHECK((back.addressMode[0] == cudaAddressModeBorder && back.filterMode == cudaFilterModeLinear));
  CHECK((back.readMode == cudaReadModeElementType && back.normalizedCoords == 1 && back.maxAnisotropy == 4));
  CHECK((back.borderColor[0] == 2.5f && back.mipmapLevelBias == 1.5f));
  cudaResourceDesc rback{};
  REQUIRE(cudaGetTextureObjectResourceDesc(&rback, tex) == cudaSuccess);
  CHECK((rback.resType == cudaResourceTypeArray && rback.res.array.array == a));
  cudaResourceViewDesc view{};
  CHECK(cudaGetTextureObjectResourceViewDesc(&view, tex) == cudaSuccess);
  REQUIRE(cudaDestroyTextureObject(tex) == cudaSuccess);
  CHECK(cudaGetTextureObjectResourceDesc(&rback, tex) == cudaErrorInvalidValue);

  cudaSurfaceObject_t surf = 0;
  REQUIRE(cudaCreateSurfaceObject(&surf, &r) == cudaSuccess);
  auto s = descriptorOf(surf);
  CHECK(s[P2M_TEX_FLAGS] == P2M_TEX_FLAG_SURFACE);
  CHECK(word64(s, P2M_TEX_ROW_PITCH_LO) == 48);
  REQUIRE(cudaGetSurfaceObjectResourceDesc(&rback, surf) == cudaSuccess);
  CHECK(rback.res.array.array == a);
  REQUIRE(cudaDestroySurfaceObject(surf) == cudaSuccess);
  REQUIRE(cudaFreeArray(a) == cudaSuccess);
  cudaGetLastError();
}

TEST_CASE("texture objects are refused as CUDA refuses them") {
  cudaArray_t floats = nullptr, ints = nullptr, bytes = nullptr;
  cudaChannelFormatDesc i1 = channel(32, 0, 0, 0, cudaChannelFormatKindSigned);
  cudaChannelFormatDesc u8 = channel(8, 8, 8, 8, cudaChannelFormatKindUnsigned);
  REQUIRE(cudaMallocArray(&floats, &kFloat1, 16, 16, 0) == cudaSuccess);
  REQUIRE(cudaMallocArray(&ints, &i1, 16, 16, 0) == cudaSuccess);
  REQUIRE(cudaMallocArray(&bytes, &u8, 16, 0, 0) == cudaSuccess);
  cudaTextureObject_t t = 0;
  auto create = [&](cudaResourceDesc r, cudaTextureDesc d) {
    cudaError_t e = cudaCreateTextureObject(&t, &r, &d, nullptr);
    if (e == cudaSuccess)
      REQUIRE(cudaDestroyTextureObject(t) == cudaSuccess);
    cudaGetLastError();
    return e;
  };
  cudaTextureDesc plain{};
  cudaTextureDesc linear = plain;
  linear.filterMode = cudaFilterModeLinear;
  cudaTextureDesc normalized = plain;
  normalized.readMode = cudaReadModeNormalizedFloat;
  CHECK(create(arrayResource(ints), linear) == cudaErrorInvalidFilterSetting);
  CHECK(create(arrayResource(ints), normalized) == cudaErrorInvalidNormSetting);
  CHECK(create(arrayResource(floats), normalized) == cudaErrorInvalidNormSetting);
  CHECK(create(arrayResource(floats), linear) == cudaSuccess);
  cudaTextureDesc bad = plain;
  bad.addressMode[0] = static_cast<cudaTextureAddressMode>(7);
  CHECK(create(arrayResource(floats), bad) == cudaErrorInvalidValue);
  bad = plain;
  bad.filterMode = static_cast<cudaTextureFilterMode>(5);
  CHECK(create(arrayResource(floats), bad) == cudaErrorInvalidValue);
  bad = plain;
  bad.seamlessCubemap = 1;
  CHECK(create(arrayResource(floats), bad) == cudaErrorInvalidValue);
  CHECK(create(arrayResource(nullptr), plain) == cudaErrorInvalidResourceHandle);
  cudaResourceDesc unknown{};
  unknown.resType = static_cast<cudaResourceType>(9);
  CHECK(create(unknown, plain) == cudaErrorInvalidValue);

  // u8 read as normalized floats: the descriptor's read mode; sRGB kept for 8-bit unsigned.
  cudaTextureDesc srgb = normalized;
  srgb.sRGB = 1;
  cudaResourceDesc byteResource = arrayResource(bytes);
  REQUIRE(cudaCreateTextureObject(&t, &byteResource, &srgb, nullptr) == cudaSuccess);
  auto w = descriptorOf(t);
  CHECK((w[P2M_TEX_KIND] == P2M_TEX_KIND_1D && w[P2M_TEX_HEIGHT] == 1 && w[P2M_TEX_READ_MODE] == 1));
  CHECK((w[P2M_TEX_SRGB] == 1 && w[P2M_TEX_CHANNEL_BITS] == 8 && w[P2M_TEX_FORMAT_KIND] == 1));
  REQUIRE(cudaDestroyTextureObject(t) == cudaSuccess);

  // Linear resources: aligned to the texture alignment, whole channel descriptions.
  void *memory = nullptr;
  REQUIRE(cudaMalloc(&memory, 4096) == cudaSuccess);
  cudaResourceDesc lin{};
  lin.resType = cudaResourceTypeLinear;
  lin.res.linear.devPtr = memory;
  lin.res.linear.desc = kFloat1;
  lin.res.linear.sizeInBytes = 1024;
  CHECK(create(lin, plain) == cudaSuccess);
  REQUIRE(cudaCreateTextureObject(&t, &lin, &plain, nullptr) == cudaSuccess);
  w = descriptorOf(t);
  CHECK((w[P2M_TEX_KIND] == P2M_TEX_KIND_LINEAR && w[P2M_TEX_WIDTH] == 256));
  CHECK(word64(w, P2M_TEX_DATA_LO) == reinterpret_cast<uintptr_t>(memory));
  REQUIRE(cudaDestroyTextureObject(t) == cudaSuccess);
  cudaResourceDesc misaligned = lin;
  misaligned.res.linear.devPtr = static_cast<char *>(memory) + 4;
  CHECK(create(misaligned, plain) == cudaErrorInvalidValue);
  cudaResourceDesc threeChannels = lin;
  threeChannels.res.linear.desc = channel(8, 8, 8, 0, cudaChannelFormatKindUnsigned);
  CHECK(create(threeChannels, plain) == cudaErrorInvalidChannelDescriptor);
  cudaResourceDesc tooLong = lin;
  tooLong.res.linear.sizeInBytes = size_t(1) << 40;
  CHECK(create(tooLong, plain) == cudaErrorInvalidValue);
  cudaResourceDesc pitch{};
  pitch.resType = cudaResourceTypePitch2D;
  pitch.res.pitch2D.devPtr = memory;
  pitch.res.pitch2D.desc = kFloat1;
  pitch.res.pitch2D.width = 16;
  pitch.res.pitch2D.height = 8;
  pitch.res.pitch2D.pitchInBytes = 128;
  REQUIRE(cudaCreateTextureObject(&t, &pitch, &plain, nullptr) == cudaSuccess);
  w = descriptorOf(t);
  CHECK((w[P2M_TEX_KIND] == P2M_TEX_KIND_2D && word64(w, P2M_TEX_ROW_PITCH_LO) == 128 && w[P2M_TEX_HEIGHT] == 8));
  REQUIRE(cudaDestroyTextureObject(t) == cudaSuccess);

  // Surfaces need an array; destroying the null object is no error.
  cudaSurfaceObject_t s = 0;
  CHECK(cudaCreateSurfaceObject(&s, &lin) == cudaErrorInvalidValue);
  CHECK(cudaCreateSurfaceObject(&s, &pitch) == cudaErrorInvalidValue);
  CHECK(cudaDestroyTextureObject(0) == cudaSuccess);
  CHECK(cudaDestroySurfaceObject(0) == cudaSuccess);
  cudaResourceDesc none{};
  CHECK(cudaGetTextureObjectResourceDesc(&none, 0) == cudaErrorInvalidValue);
  cudaGetLastError();
  REQUIRE(cudaFree(memory) == cudaSuccess);
  REQUIRE(cudaFreeArray(floats) == cudaSuccess);
  REQUIRE(cudaFreeArray(ints) == cudaSuccess);
  REQUIRE(cudaFreeArray(bytes) == cudaSuccess);
}

TEST_CASE("3D, layered and mipmapped arrays: layout, 3D copies, levels") {
  // 3 x 2 x 4 u16 texels from a pitched host buffer with an offset, and back.
  cudaChannelFormatDesc u16 = channel(16, 0, 0, 0, cudaChannelFormatKindUnsigned);
  cudaArray_t a = nullptr;
  REQUIRE(cudaMalloc3DArray(&a, &u16, cudaExtent{3, 2, 4}, 0) == cudaSuccess);
  std::vector<uint16_t> host(8 * 2 * 4);
  for (size_t i = 0; i < host.size(); ++i)
    host[i] = uint16_t(1000 + i);
  cudaMemcpy3DParms p{};
  p.srcPtr = cudaPitchedPtr{host.data(), 16, 8, 2};
  p.srcPos = cudaPos{2, 0, 0}; // bytes: skip one u16 of each row
  p.dstArray = a;
  p.extent = cudaExtent{3, 2, 4};
  p.kind = cudaMemcpyHostToDevice;
  REQUIRE(cudaMemcpy3D(&p) == cudaSuccess);
  std::vector<uint16_t> back(3 * 2 * 4, 0);
  cudaMemcpy3DParms q{};
  q.srcArray = a;
  q.dstPtr = cudaPitchedPtr{back.data(), 6, 3, 2};
  q.extent = cudaExtent{3, 2, 4};
  q.kind = cudaMemcpyDeviceToHost;
  REQUIRE(cudaMemcpy3D(&q) == cudaSuccess);
  for (size_t z = 0; z < 4; ++z)
    for (size_t y = 0; y < 2; ++y)
      for (size_t x = 0; x < 3; ++x)
        CHECK(back[(z * 2 + y) * 3 + x] == host[(z * 2 + y) * 8 + x + 1]);
  cudaResourceDesc r = arrayResource(a);
  cudaTextureDesc point{};
  point.readMode = cudaReadModeElementType;
  cudaTextureObject_t t = 0;
  REQUIRE(cudaCreateTextureObject(&t, &r, &point, nullptr) == cudaSuccess);
  auto w = descriptorOf(t);
  CHECK((w[P2M_TEX_KIND] == P2M_TEX_KIND_3D && w[P2M_TEX_DEPTH] == 4));
  CHECK((word64(w, P2M_TEX_ROW_PITCH_LO) == 16 && word64(w, P2M_TEX_SLICE_PITCH_LO) == 32));
  REQUIRE(cudaDestroyTextureObject(t) == cudaSuccess);
  REQUIRE(cudaFreeArray(a) == cudaSuccess);

  // cudaMemcpyToArray runs on into the next rows.
  cudaArray_t rows = nullptr;
  REQUIRE(cudaMallocArray(&rows, &kFloat1, 4, 3, 0) == cudaSuccess);
  std::vector<float> line = {1, 2, 3, 4, 5, 6};
  // Deprecated in CUDA 13, still exported: programs call it.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
  REQUIRE(cudaMemcpyToArray(rows, 8, 0, line.data(), 24, cudaMemcpyHostToDevice) == cudaSuccess);
#pragma clang diagnostic pop
  std::vector<float> grid(12, 0.0f);
  REQUIRE(cudaMemcpy2DFromArray(grid.data(), 16, rows, 0, 0, 16, 3, cudaMemcpyDeviceToHost) == cudaSuccess);
  CHECK(std::vector<float>(grid.begin() + 2, grid.begin() + 8) == line);
  REQUIRE(cudaFreeArray(rows) == cudaSuccess);

  // Layered cubemap: 2 layers of 6 faces.
  cudaArray_t cube = nullptr;
  REQUIRE(cudaMalloc3DArray(&cube, &kFloat1, cudaExtent{4, 4, 12}, cudaArrayCubemap | cudaArrayLayered) == cudaSuccess);
  r = arrayResource(cube);
  REQUIRE(cudaCreateTextureObject(&t, &r, &point, nullptr) == cudaSuccess);
  w = descriptorOf(t);
  CHECK((w[P2M_TEX_KIND] == P2M_TEX_KIND_CUBE_LAYERED && w[P2M_TEX_LAYERS] == 2 && w[P2M_TEX_DEPTH] == 1));
  CHECK(word64(w, P2M_TEX_SLICE_PITCH_LO) == 16 * 4);
  REQUIRE(cudaDestroyTextureObject(t) == cudaSuccess);
  REQUIRE(cudaFreeArray(cube) == cudaSuccess);

  // Mipmapped 2D: 3 levels of 8x4 floats; each level an array of its own size.
  cudaMipmappedArray_t m = nullptr;
  REQUIRE(cudaMallocMipmappedArray(&m, &kFloat1, cudaExtent{8, 4, 0}, 3, 0) == cudaSuccess);
  cudaArray_t level2 = nullptr;
  REQUIRE(cudaGetMipmappedArrayLevel(&level2, m, 2) == cudaSuccess);
  cudaExtent e{};
  REQUIRE(cudaArrayGetInfo(nullptr, &e, nullptr, level2) == cudaSuccess);
  CHECK((e.width == 2 && e.height == 1));
  CHECK(cudaGetMipmappedArrayLevel(&level2, m, 3) == cudaErrorInvalidValue);
  CHECK(cudaMallocMipmappedArray(&m, &kFloat1, cudaExtent{8, 4, 0}, 5, 0) == cudaErrorInvalidValue);
  cudaGetLastError();
  float value = 42.0f;
  REQUIRE(cudaMemcpy2DToArray(level2, 4, 0, &value, 4, 4, 1, cudaMemcpyHostToDevice) == cudaSuccess);
  cudaResourceDesc mr{};
  mr.resType = cudaResourceTypeMipmappedArray;
  mr.res.mipmap.mipmap = m;
  cudaTextureDesc trilinear{};
  trilinear.normalizedCoords = 1;
  trilinear.mipmapFilterMode = cudaFilterModeLinear;
  trilinear.maxMipmapLevelClamp = 2;
  REQUIRE(cudaCreateTextureObject(&t, &mr, &trilinear, nullptr) == cudaSuccess);
  w = descriptorOf(t);
  CHECK((w[P2M_TEX_MIP_LEVELS] == 3 && w[P2M_TEX_MIP_FILTER_MODE] == 1 && w[P2M_TEX_WIDTH] == 8));
  uint64_t offset2 = word64(w, P2M_TEX_LEVEL_OFFSETS + 4);
  CHECK((word64(w, P2M_TEX_LEVEL_OFFSETS) == 0 && offset2 > 0));
  float read = 0;
  REQUIRE(cudaMemcpy(&read, reinterpret_cast<void *>(word64(w, P2M_TEX_DATA_LO) + offset2 + 4), 4,
                     cudaMemcpyDeviceToHost) == cudaSuccess);
  CHECK(read == 42.0f);
  REQUIRE(cudaDestroyTextureObject(t) == cudaSuccess);
  REQUIRE(cudaFreeMipmappedArray(m) == cudaSuccess);
}

TEST_CASE("the Driver API's arrays: descriptors, copies between arrays, stale handles") {
  CUDA_ARRAY_DESCRIPTOR d{};
  d.Width = 6;
  d.Height = 2;
  d.Format = CU_AD_FORMAT_SIGNED_INT8;
  d.NumChannels = 4;
  CUarray a = nullptr, b = nullptr;
  REQUIRE(cuArrayCreate(&a, &d) == CUDA_SUCCESS);
  REQUIRE(cuArrayCreate(&b, &d) == CUDA_SUCCESS);
  CUDA_ARRAY_DESCRIPTOR got{};
  REQUIRE(cuArrayGetDescriptor(&got, a) == CUDA_SUCCESS);
  CHECK((got.Width == 6 && got.Height == 2 && got.Format == CU_AD_FORMAT_SIGNED_INT8 && got.NumChannels == 4));
  CUDA_ARRAY3D_DESCRIPTOR d3{};
  REQUIRE(cuArray3DGetDescriptor(&d3, a) == CUDA_SUCCESS);
  CHECK((d3.Depth == 0 && d3.Flags == 0));
  d.NumChannels = 3;
  CUarray bad = nullptr;
  CHECK(cuArrayCreate(&bad, &d) == CUDA_ERROR_INVALID_VALUE);

  std::vector<uint8_t> texels(6 * 4 * 2);
  for (size_t i = 0; i < texels.size(); ++i)
    texels[i] = uint8_t(i * 3);
  CUDA_MEMCPY2D up{};
  up.srcMemoryType = CU_MEMORYTYPE_HOST;
  up.srcHost = texels.data();
  up.srcPitch = 24;
  up.dstMemoryType = CU_MEMORYTYPE_ARRAY;
  up.dstArray = a;
  up.WidthInBytes = 24;
  up.Height = 2;
  REQUIRE(cuMemcpy2D(&up) == CUDA_SUCCESS);
  CUDA_MEMCPY2D across{};
  across.srcMemoryType = CU_MEMORYTYPE_ARRAY;
  across.srcArray = a;
  across.dstMemoryType = CU_MEMORYTYPE_ARRAY;
  across.dstArray = b;
  across.WidthInBytes = 24;
  across.Height = 2;
  REQUIRE(cuMemcpy2D(&across) == CUDA_SUCCESS);
  std::vector<uint8_t> down(texels.size(), 0);
  CUDA_MEMCPY2D fetch{};
  fetch.srcMemoryType = CU_MEMORYTYPE_ARRAY;
  fetch.srcArray = b;
  fetch.dstMemoryType = CU_MEMORYTYPE_HOST;
  fetch.dstHost = down.data();
  fetch.dstPitch = 24;
  fetch.WidthInBytes = 24;
  fetch.Height = 2;
  REQUIRE(cuMemcpy2D(&fetch) == CUDA_SUCCESS);
  CHECK(down == texels);

  REQUIRE(cuArrayDestroy(a) == CUDA_SUCCESS);
  CHECK(cuArrayDestroy(a) == CUDA_ERROR_INVALID_HANDLE);
  CHECK(cuArrayGetDescriptor(&got, a) == CUDA_ERROR_INVALID_HANDLE);
  fetch.srcArray = a;
  CHECK(cuMemcpy2D(&fetch) == CUDA_ERROR_INVALID_HANDLE);
  REQUIRE(cuArrayDestroy(b) == CUDA_SUCCESS);
}
