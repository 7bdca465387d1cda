// Texture and surface references (.texref / .surfref, the Driver API's cuModuleGetTexRef,
// cuTexRefSet*, cuSurfRefSetArray) through hand-written PTX (nvcc 13 no longer emits texture
// references from C++): a 2D float array read with point and linear filtering, clamped and with
// normalized coordinates wrapped and bordered; linear memory bound with cuTexRefSetAddress
// (tex1Dfetch, outside reads 0); an 8-bit array read as normalized floats, then as integers
// after cuTexRefSetFlags (the launch rebuilds the object); a mipmapped array read at three
// levels; pitched memory superseding an array; txq / suq through references; a
// surface reference written and read back; the API's error answers; a reference bound to
// nothing. Prints one line per check.
// Only cuda.h calls, so the same program runs with NVIDIA's driver and with ptx2metal's
// libcuda.so.1 (meson test probe-texref, against expected/texref.txt: the lines an H100 printed
// on 2026-12-06 (driver 580.159.04), but for the mipmapped read, for which NVIDIA's driver found
// no function; that line is ours):
//   nvcc -O2 -Xcompiler -Wno-deprecated-declarations -o texref tests/probes/texref_driver.cpp -lcuda && ./texref
#include "driver_check.h"

#include <cuda.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

static const char *kPtx = R"(
.version 8.3
.target sm_90
.address_size 64
.global .texref tex2d;
.global .texref texlin;
.global .texref texu8;
.global .surfref surf;
.global .texref texmip;

// out[4i..4i+3] = tex.2d(tex2d, coords[2i], coords[2i+1]), i < n
.visible .entry fetch2d(.param .u64 out, .param .u64 coords, .param .u32 n)
{
  .reg .pred %p;
  .reg .b32 %r<3>;
  .reg .f32 %f<7>;
  .reg .b64 %rd<6>;
  mov.u32 %r1, %tid.x;
  ld.param.u32 %r2, [n];
  setp.ge.u32 %p, %r1, %r2;
  @%p bra done;
  ld.param.u64 %rd1, [out];
  ld.param.u64 %rd2, [coords];
  mul.wide.u32 %rd3, %r1, 8;
  add.u64 %rd4, %rd2, %rd3;
  ld.global.f32 %f1, [%rd4];
  ld.global.f32 %f2, [%rd4+4];
  tex.2d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [tex2d, {%f1, %f2}];
  mul.wide.u32 %rd3, %r1, 16;
  add.u64 %rd5, %rd1, %rd3;
  st.global.v4.f32 [%rd5], {%f3, %f4, %f5, %f6};
done:
  ret;
}

// out[i] = tex.1d(texlin, i).x as u32 (tex1Dfetch), i < n
.visible .entry fetchlin(.param .u64 out, .param .u32 n)
{
  .reg .pred %p;
  .reg .b32 %r<7>;
  .reg .b64 %rd<4>;
  mov.u32 %r1, %tid.x;
  ld.param.u32 %r2, [n];
  setp.ge.u32 %p, %r1, %r2;
  @%p bra done;
  tex.1d.v4.u32.s32 {%r3, %r4, %r5, %r6}, [texlin, {%r1}];
  ld.param.u64 %rd1, [out];
  mul.wide.u32 %rd2, %r1, 4;
  add.u64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r3;
done:
  ret;
}

// out[i] = tex.1d(texu8, i + 0.5).x as f32 bits, i < 4
.visible .entry fetchu8f(.param .u64 out)
{
  .reg .b32 %r<2>;
  .reg .f32 %f<6>;
  .reg .b64 %rd<4>;
  mov.u32 %r1, %tid.x;
  cvt.rn.f32.u32 %f1, %r1;
  add.f32 %f1, %f1, 0f3F000000;
  tex.1d.v4.f32.f32 {%f2, %f3, %f4, %f5}, [texu8, {%f1}];
  ld.param.u64 %rd1, [out];
  mul.wide.u32 %rd2, %r1, 4;
  add.u64 %rd3, %rd1, %rd2;
  st.global.f32 [%rd3], %f2;
  ret;
}

// out[i] = tex.1d(texu8, i + 0.5).x as u32, i < 4
.visible .entry fetchu8i(.param .u64 out)
{
  .reg .b32 %r<6>;
  .reg .f32 %f<2>;
  .reg .b64 %rd<4>;
  mov.u32 %r1, %tid.x;
  cvt.rn.f32.u32 %f1, %r1;
  add.f32 %f1, %f1, 0f3F000000;
  tex.1d.v4.u32.f32 {%r2, %r3, %r4, %r5}, [texu8, {%f1}];
  ld.param.u64 %rd1, [out];
  mul.wide.u32 %rd2, %r1, 4;
  add.u64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r2;
  ret;
}

// out = {txq.width tex2d, txq.height tex2d, txq.width texu8, suq.width surf, suq.height surf}
.visible .entry query(.param .u64 out)
{
  .reg .b32 %r<6>;
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [out];
  txq.width.b32 %r1, [tex2d];
  txq.height.b32 %r2, [tex2d];
  txq.width.b32 %r3, [texu8];
  suq.width.b32 %r4, [surf];
  suq.height.b32 %r5, [surf];
  st.global.u32 [%rd1], %r1;
  st.global.u32 [%rd1+4], %r2;
  st.global.u32 [%rd1+8], %r3;
  st.global.u32 [%rd1+12], %r4;
  st.global.u32 [%rd1+16], %r5;
  ret;
}

// out = {txq.num_mipmap_levels texmip, tex.level(texmip, (0.125, 0.125), lod 0, 1, 2).x as f32}
.visible .entry mip(.param .u64 out)
{
  .reg .b32 %r<2>;
  .reg .f32 %f<8>;
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [out];
  txq.num_mipmap_levels.b32 %r1, [texmip];
  st.global.u32 [%rd1], %r1;
  mov.f32 %f1, 0f3E000000;
  tex.level.2d.v4.f32.f32 {%f2, %f3, %f4, %f5}, [texmip, {%f1, %f1}], 0f00000000;
  st.global.f32 [%rd1+4], %f2;
  tex.level.2d.v4.f32.f32 {%f2, %f3, %f4, %f5}, [texmip, {%f1, %f1}], 0f3F800000;
  st.global.f32 [%rd1+8], %f2;
  tex.level.2d.v4.f32.f32 {%f2, %f3, %f4, %f5}, [texmip, {%f1, %f1}], 0f40000000;
  st.global.f32 [%rd1+12], %f2;
  ret;
}

// surf(x, y) = base + 4y + x over a 4x2 block of threads
.visible .entry surfwrite(.param .u32 base)
{
  .reg .b32 %r<6>;
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %tid.y;
  ld.param.u32 %r3, [base];
  mad.lo.u32 %r4, %r2, 4, %r1;
  add.u32 %r4, %r4, %r3;
  shl.b32 %r5, %r1, 2;
  sust.b.2d.b32.trap [surf, {%r5, %r2}], {%r4};
  ret;
}

// out[4y + x] = surf(x, y) over a 4x2 block of threads
.visible .entry surfread(.param .u64 out)
{
  .reg .b32 %r<6>;
  .reg .b64 %rd<4>;
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %tid.y;
  shl.b32 %r5, %r1, 2;
  suld.b.2d.b32.trap {%r3}, [surf, {%r5, %r2}];
  mad.lo.u32 %r4, %r2, 4, %r1;
  ld.param.u64 %rd1, [out];
  mul.wide.u32 %rd2, %r4, 4;
  add.u64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r3;
  ret;
}
)";

// A second module whose references are never bound.
static const char *kUnboundPtx = R"(
.version 8.3
.target sm_90
.address_size 64
.global .texref idle;
.global .surfref idlesurf;
// out = {tex.1d(idle, 0), tld4.r.2d(idle, (0.5, 0.5)) as u32, txq.width idle}
.visible .entry readidle(.param .u64 out)
{
  .reg .b32 %r<7>;
  .reg .f32 %f<2>;
  .reg .b64 %rd<2>;
  mov.u32 %r1, 0;
  tex.1d.v4.u32.s32 {%r2, %r3, %r4, %r5}, [idle, {%r1}];
  ld.param.u64 %rd1, [out];
  st.global.v4.u32 [%rd1], {%r2, %r3, %r4, %r5};
  mov.f32 %f1, 0f3F000000;
  tld4.r.2d.v4.u32.f32 {%r2, %r3, %r4, %r5}, [idle, {%f1, %f1}];
  st.global.v4.u32 [%rd1+16], {%r2, %r3, %r4, %r5};
  txq.width.b32 %r6, [idle];
  st.global.u32 [%rd1+32], %r6;
  ret;
}
)";

static const char *name(CUresult r) {
  const char *s = "?";
  cuGetErrorName(r, &s);
  return s;
}

static CUarray makeArray(size_t width, size_t height, CUarray_format format, unsigned flags) {
  CUDA_ARRAY3D_DESCRIPTOR d{};
  d.Width = width;
  d.Height = height;
  d.Format = format;
  d.NumChannels = 1;
  d.Flags = flags;
  CUarray a = nullptr;
  if (cuArray3DCreate(&a, &d) != CUDA_SUCCESS)
    return nullptr;
  return a;
}

static CUresult copyToArray(CUarray a, const void *host, size_t rowBytes, size_t rows) {
  CUDA_MEMCPY2D c{};
  c.srcMemoryType = CU_MEMORYTYPE_HOST;
  c.srcHost = host;
  c.srcPitch = rowBytes;
  c.dstMemoryType = CU_MEMORYTYPE_ARRAY;
  c.dstArray = a;
  c.WidthInBytes = rowBytes;
  c.Height = rows;
  return cuMemcpy2D(&c);
}

// Fetches tex2d at the coordinates and prints "label: x y z w | ...".
static int fetch2d(CUfunction f, const char *label, const std::vector<float> &coords, bool allChannels) {
  unsigned n = unsigned(coords.size() / 2);
  CUdeviceptr dcoords = 0, dout = 0;
  CHECK(cuMemAlloc(&dcoords, coords.size() * sizeof(float)));
  CHECK(cuMemAlloc(&dout, n * 16));
  CHECK(cuMemcpyHtoD(dcoords, coords.data(), coords.size() * sizeof(float)));
  void *args[] = {&dout, &dcoords, &n};
  CHECK(cuLaunchKernel(f, 1, 1, 1, n, 1, 1, 0, nullptr, args, nullptr));
  std::vector<float> out(4 * n);
  CHECK(cuMemcpyDtoH(out.data(), dout, n * 16));
  std::printf("%s:", label);
  for (unsigned i = 0; i < n; ++i) {
    std::printf(i ? " |" : "");
    for (unsigned c = 0; c < (allChannels ? 4u : 1u); ++c)
      std::printf(" %.9g", out[4 * i + c]);
  }
  std::printf("\n");
  CHECK(cuMemFree(dcoords));
  CHECK(cuMemFree(dout));
  return 0;
}

int main() {
  CHECK(cuInit(0));
  CUdevice dev;
  CHECK(cuDeviceGet(&dev, 0));
  CUcontext ctx;
  CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CHECK(cuCtxSetCurrent(ctx));
  CUmodule mod;
  CHECK(cuModuleLoadData(&mod, kPtx));
  CUfunction kFetch2d, kFetchLin, kFetchU8f, kFetchU8i, kQuery, kSurfWrite, kSurfRead;
  CHECK(cuModuleGetFunction(&kFetch2d, mod, "fetch2d"));
  CHECK(cuModuleGetFunction(&kFetchLin, mod, "fetchlin"));
  CHECK(cuModuleGetFunction(&kFetchU8f, mod, "fetchu8f"));
  CHECK(cuModuleGetFunction(&kFetchU8i, mod, "fetchu8i"));
  CHECK(cuModuleGetFunction(&kQuery, mod, "query"));
  CHECK(cuModuleGetFunction(&kSurfWrite, mod, "surfwrite"));
  CHECK(cuModuleGetFunction(&kSurfRead, mod, "surfread"));
  // NVIDIA's driver (580.159.04) lists `mip` among the module's functions but answers
  // cuModuleGetFunction with CUDA_ERROR_NOT_FOUND for it: its line then says so.
  CUfunction kMip = nullptr;
  const CUresult mipFound = cuModuleGetFunction(&kMip, mod, "mip");
  CUtexref tex2d, texlin, texu8;
  CUsurfref surf;
  CHECK(cuModuleGetTexRef(&tex2d, mod, "tex2d"));
  CHECK(cuModuleGetTexRef(&texlin, mod, "texlin"));
  CHECK(cuModuleGetTexRef(&texu8, mod, "texu8"));
  CHECK(cuModuleGetSurfRef(&surf, mod, "surf"));

  // A 4x2 f32 array: texel (x, y) = 10 y + x + 1.
  float texels[8] = {1, 2, 3, 4, 11, 12, 13, 14};
  CUarray a2d = makeArray(4, 2, CU_AD_FORMAT_FLOAT, 0);
  if (!a2d)
    return std::printf("cuArray3DCreate failed\n"), 1;
  CHECK(copyToArray(a2d, texels, 16, 2));
  CHECK(cuTexRefSetArray(tex2d, a2d, CU_TRSA_OVERRIDE_FORMAT));
  CHECK(cuTexRefSetAddressMode(tex2d, 0, CU_TR_ADDRESS_MODE_CLAMP));
  CHECK(cuTexRefSetAddressMode(tex2d, 1, CU_TR_ADDRESS_MODE_CLAMP));
  CHECK(cuTexRefSetFilterMode(tex2d, CU_TR_FILTER_MODE_POINT));
  CHECK(cuTexRefSetFlags(tex2d, 0));
  if (fetch2d(kFetch2d, "2d point clamp", {0.5f, 0.5f, 3.5f, 1.5f, -1.0f, 0.5f, 5.0f, 5.0f, 1.9f, 0.2f}, true))
    return 1;
  CHECK(cuTexRefSetFilterMode(tex2d, CU_TR_FILTER_MODE_LINEAR));
  if (fetch2d(kFetch2d, "2d linear clamp", {1.0f, 0.5f, 2.0f, 1.0f, 1.25f, 0.5f, 0.0f, 0.0f}, false))
    return 1;
  CHECK(cuTexRefSetFilterMode(tex2d, CU_TR_FILTER_MODE_POINT));
  CHECK(cuTexRefSetFlags(tex2d, CU_TRSF_NORMALIZED_COORDINATES));
  CHECK(cuTexRefSetAddressMode(tex2d, 0, CU_TR_ADDRESS_MODE_WRAP));
  CHECK(cuTexRefSetAddressMode(tex2d, 1, CU_TR_ADDRESS_MODE_WRAP));
  if (fetch2d(kFetch2d, "2d point wrap normalized", {1.125f, 0.25f, -0.125f, 0.75f, 0.375f, 0.75f}, false))
    return 1;
  float border[4] = {7, 8, 9, 10};
  CHECK(cuTexRefSetBorderColor(tex2d, border));
  CHECK(cuTexRefSetAddressMode(tex2d, 0, CU_TR_ADDRESS_MODE_BORDER));
  CHECK(cuTexRefSetAddressMode(tex2d, 1, CU_TR_ADDRESS_MODE_BORDER));
  if (fetch2d(kFetch2d, "2d point border normalized", {1.5f, 0.25f, 0.125f, 0.25f}, false))
    return 1;

  // Pitched memory bound with cuTexRefSetAddress2D supersedes the array.
  float pitched[8] = {21, 22, 23, 24, 31, 32, 33, 34};
  CUdeviceptr dpitched = 0;
  size_t pitch = 0;
  CHECK(cuMemAllocPitch(&dpitched, &pitch, 16, 2, 4));
  CUDA_MEMCPY2D up{};
  up.srcMemoryType = CU_MEMORYTYPE_HOST;
  up.srcHost = pitched;
  up.srcPitch = 16;
  up.dstMemoryType = CU_MEMORYTYPE_DEVICE;
  up.dstDevice = dpitched;
  up.dstPitch = pitch;
  up.WidthInBytes = 16;
  up.Height = 2;
  CHECK(cuMemcpy2D(&up));
  CUDA_ARRAY_DESCRIPTOR pitchedDesc{};
  pitchedDesc.Width = 4;
  pitchedDesc.Height = 2;
  pitchedDesc.Format = CU_AD_FORMAT_FLOAT;
  pitchedDesc.NumChannels = 1;
  CHECK(cuTexRefSetAddress2D(tex2d, &pitchedDesc, dpitched, pitch));
  CHECK(cuTexRefSetFlags(tex2d, 0));
  CHECK(cuTexRefSetAddressMode(tex2d, 0, CU_TR_ADDRESS_MODE_CLAMP));
  CHECK(cuTexRefSetAddressMode(tex2d, 1, CU_TR_ADDRESS_MODE_CLAMP));
  if (fetch2d(kFetch2d, "2d pitched point clamp", {0.5f, 0.5f, 3.5f, 1.5f, 9.0f, 0.5f}, false))
    return 1;
  CUarray none = nullptr;
  std::printf("cuTexRefGetArray after cuTexRefSetAddress2D: %s\n", name(cuTexRefGetArray(&none, tex2d)));
  CUdeviceptr pitchedBound = 0;
  CHECK(cuTexRefGetAddress(&pitchedBound, tex2d));
  std::printf("cuTexRefGetAddress is the pitched address: %d\n", pitchedBound == dpitched);
  CHECK(cuTexRefSetArray(tex2d, a2d, CU_TRSA_OVERRIDE_FORMAT));
  CHECK(cuTexRefSetAddressMode(tex2d, 0, CU_TR_ADDRESS_MODE_BORDER));
  CHECK(cuTexRefSetAddressMode(tex2d, 1, CU_TR_ADDRESS_MODE_BORDER));

  // Linear memory: 8 u32 words read by index; indices 8 and 9 are outside and read 0.
  uint32_t words[8] = {100, 101, 102, 103, 104, 105, 106, 107};
  CUdeviceptr dwords = 0, dout = 0;
  CHECK(cuMemAlloc(&dwords, sizeof words));
  CHECK(cuMemcpyHtoD(dwords, words, sizeof words));
  CHECK(cuMemAlloc(&dout, 64));
  CHECK(cuTexRefSetFormat(texlin, CU_AD_FORMAT_UNSIGNED_INT32, 1));
  size_t offset = 12345;
  CHECK(cuTexRefSetAddress(&offset, texlin, dwords, sizeof words));
  std::printf("cuTexRefSetAddress byte offset: %zu\n", offset);
  CUdeviceptr bound = 0;
  CHECK(cuTexRefGetAddress(&bound, texlin));
  std::printf("cuTexRefGetAddress is the bound address: %d\n", bound == dwords);
  unsigned n = 10;
  void *linArgs[] = {&dout, &n};
  CHECK(cuLaunchKernel(kFetchLin, 1, 1, 1, n, 1, 1, 0, nullptr, linArgs, nullptr));
  uint32_t lin[10];
  CHECK(cuMemcpyDtoH(lin, dout, sizeof lin));
  std::printf("linear fetch:");
  for (uint32_t v : lin)
    std::printf(" %u", v);
  std::printf("\n");

  // An 8-bit unsigned array read as normalized floats, then as integers.
  uint8_t bytes[4] = {0, 51, 128, 255};
  CUarray a8 = makeArray(4, 0, CU_AD_FORMAT_UNSIGNED_INT8, 0);
  if (!a8)
    return std::printf("cuArray3DCreate failed\n"), 1;
  CHECK(copyToArray(a8, bytes, 4, 1));
  CHECK(cuTexRefSetArray(texu8, a8, CU_TRSA_OVERRIDE_FORMAT));
  CHECK(cuTexRefSetAddressMode(texu8, 0, CU_TR_ADDRESS_MODE_CLAMP));
  void *outArgs[] = {&dout};
  CHECK(cuLaunchKernel(kFetchU8f, 1, 1, 1, 4, 1, 1, 0, nullptr, outArgs, nullptr));
  float u8f[4];
  CHECK(cuMemcpyDtoH(u8f, dout, sizeof u8f));
  std::printf("u8 normalized float: %.9g %.9g %.9g %.9g\n", u8f[0], u8f[1], u8f[2], u8f[3]);
  CHECK(cuTexRefSetFlags(texu8, CU_TRSF_READ_AS_INTEGER));
  CHECK(cuLaunchKernel(kFetchU8i, 1, 1, 1, 4, 1, 1, 0, nullptr, outArgs, nullptr));
  uint32_t u8i[4];
  CHECK(cuMemcpyDtoH(u8i, dout, sizeof u8i));
  std::printf("u8 read as integer: %u %u %u %u\n", u8i[0], u8i[1], u8i[2], u8i[3]);

  // A surface reference over a 4x2 u32 array: written, then read back.
  CUarray asurf = makeArray(4, 2, CU_AD_FORMAT_UNSIGNED_INT32, CUDA_ARRAY3D_SURFACE_LDST);
  if (!asurf)
    return std::printf("cuArray3DCreate failed\n"), 1;
  CHECK(cuSurfRefSetArray(surf, asurf, 0));
  CUarray got = nullptr;
  CHECK(cuSurfRefGetArray(&got, surf));
  std::printf("cuSurfRefGetArray is the bound array: %d\n", got == asurf);
  unsigned base = 1000;
  void *writeArgs[] = {&base};
  CHECK(cuLaunchKernel(kSurfWrite, 1, 1, 1, 4, 2, 1, 0, nullptr, writeArgs, nullptr));
  CHECK(cuLaunchKernel(kSurfRead, 1, 1, 1, 4, 2, 1, 0, nullptr, outArgs, nullptr));
  uint32_t surfOut[8];
  CHECK(cuMemcpyDtoH(surfOut, dout, sizeof surfOut));
  std::printf("surface written and read:");
  for (uint32_t v : surfOut)
    std::printf(" %u", v);
  std::printf("\n");
  CHECK(cuLaunchKernel(kQuery, 1, 1, 1, 1, 1, 1, 0, nullptr, outArgs, nullptr));
  uint32_t q[5];
  CHECK(cuMemcpyDtoH(q, dout, sizeof q));
  std::printf("txq width height, txq width, suq width height: %u %u, %u, %u %u\n", q[0], q[1], q[2], q[3], q[4]);

  // A mipmapped array of 4x4, 2x2 and 1x1 texels holding 1, 2 and 3, read at levels 0, 1, 2
  // with normalized coordinates.
  CUtexref texmip;
  CHECK(cuModuleGetTexRef(&texmip, mod, "texmip"));
  CUDA_ARRAY3D_DESCRIPTOR mipDesc{};
  mipDesc.Width = 4;
  mipDesc.Height = 4;
  mipDesc.Format = CU_AD_FORMAT_FLOAT;
  mipDesc.NumChannels = 1;
  CUmipmappedArray mipmap = nullptr;
  CHECK(cuMipmappedArrayCreate(&mipmap, &mipDesc, 3));
  for (unsigned level = 0; level < 3; ++level) {
    CUarray levelArray = nullptr;
    CHECK(cuMipmappedArrayGetLevel(&levelArray, mipmap, level));
    size_t side = 4u >> level;
    std::vector<float> values(side * side, float(level + 1));
    CHECK(copyToArray(levelArray, values.data(), side * sizeof(float), side));
  }
  CHECK(cuTexRefSetMipmappedArray(texmip, mipmap, CU_TRSA_OVERRIDE_FORMAT));
  CHECK(cuTexRefSetFlags(texmip, CU_TRSF_NORMALIZED_COORDINATES));
  CHECK(cuTexRefSetMipmapFilterMode(texmip, CU_TR_FILTER_MODE_POINT));
  CHECK(cuTexRefSetMipmapLevelClamp(texmip, 0.0f, 2.0f));
  if (mipFound == CUDA_SUCCESS) {
    CHECK(cuLaunchKernel(kMip, 1, 1, 1, 1, 1, 1, 0, nullptr, outArgs, nullptr));
    uint32_t mipOut[4];
    CHECK(cuMemcpyDtoH(mipOut, dout, sizeof mipOut));
    float mipValues[3];
    std::memcpy(mipValues, mipOut + 1, sizeof mipValues);
    std::printf("mipmapped: %u levels, levels 0 1 2 read %g %g %g\n", mipOut[0], mipValues[0], mipValues[1],
                mipValues[2]);
  } else {
    std::printf("mipmapped: cuModuleGetFunction(\"mip\") gives %s\n", name(mipFound));
  }
  CUmipmappedArray boundMipmap = nullptr;
  CHECK(cuTexRefGetMipmappedArray(&boundMipmap, texmip));
  float minClamp = -1, maxClamp = -1, bias = -1;
  CHECK(cuTexRefGetMipmapLevelClamp(&minClamp, &maxClamp, texmip));
  CHECK(cuTexRefGetMipmapLevelBias(&bias, texmip));
  std::printf("cuTexRefGetMipmappedArray is the bound one: %d, clamps %g %g, bias %g\n", boundMipmap == mipmap,
              minClamp, maxClamp, bias);

  // The references' state as the getters report it.
  CUarray_format format;
  int channels = 0;
  CHECK(cuTexRefGetFormat(&format, &channels, tex2d));
  std::printf("tex2d format 0x%x channels %d\n", unsigned(format), channels);
  CHECK(cuTexRefGetFormat(&format, &channels, texlin));
  std::printf("texlin format 0x%x channels %d\n", unsigned(format), channels);
  unsigned flags = 0;
  CHECK(cuTexRefGetFlags(&flags, texu8));
  std::printf("texu8 flags 0x%x\n", flags);
  CUaddress_mode am;
  CHECK(cuTexRefGetAddressMode(&am, tex2d, 1));
  CUfilter_mode fm;
  CHECK(cuTexRefGetFilterMode(&fm, tex2d));
  float color[4] = {};
  CHECK(cuTexRefGetBorderColor(color, tex2d));
  std::printf("tex2d address mode 1: %d, filter mode %d, border %g %g %g %g\n", int(am), int(fm), color[0], color[1],
              color[2], color[3]);
  CUarray boundArray = nullptr;
  CHECK(cuTexRefGetArray(&boundArray, tex2d));
  std::printf("cuTexRefGetArray is the bound array: %d\n", boundArray == a2d);

  // Errors.
  CUtexref t = nullptr;
  CUsurfref s = nullptr;
  std::printf("cuModuleGetTexRef unknown name: %s\n", name(cuModuleGetTexRef(&t, mod, "nosuch")));
  std::printf("cuModuleGetTexRef of a surface reference: %s\n", name(cuModuleGetTexRef(&t, mod, "surf")));
  std::printf("cuModuleGetSurfRef unknown name: %s\n", name(cuModuleGetSurfRef(&s, mod, "nosuch")));
  std::printf("cuModuleGetSurfRef of a texture reference: %s\n", name(cuModuleGetSurfRef(&s, mod, "tex2d")));
  std::printf("cuTexRefGetArray of linear memory: %s\n", name(cuTexRefGetArray(&boundArray, texlin)));
  std::printf("cuTexRefGetAddress of an array: %s\n", name(cuTexRefGetAddress(&bound, tex2d)));
  CUarray plain = makeArray(4, 2, CU_AD_FORMAT_UNSIGNED_INT32, 0);
  std::printf("cuSurfRefSetArray without SURFACE_LDST: %s\n", name(cuSurfRefSetArray(surf, plain, 0)));
  std::printf("cuTexRefSetFormat with 3 channels: %s\n", name(cuTexRefSetFormat(texlin, CU_AD_FORMAT_FLOAT, 3)));
  std::printf("cuTexRefSetArray with flags 0: %s\n", name(cuTexRefSetArray(texu8, a8, 0)));
  std::printf("cuTexRefSetAddressMode of dimension 3: %s\n",
              name(cuTexRefSetAddressMode(texu8, 3, CU_TR_ADDRESS_MODE_CLAMP)));

  // A module whose references are bound to nothing.
  CUmodule idle;
  CHECK(cuModuleLoadData(&idle, kUnboundPtx));
  CUsurfref idlesurf;
  CHECK(cuModuleGetSurfRef(&idlesurf, idle, "idlesurf"));
  std::printf("cuSurfRefGetArray unbound: %s\n", name(cuSurfRefGetArray(&got, idlesurf)));
  CUtexref idleTex;
  CHECK(cuModuleGetTexRef(&idleTex, idle, "idle"));
  std::printf("cuTexRefGetArray unbound: %s\n", name(cuTexRefGetArray(&boundArray, idleTex)));
  std::printf("cuTexRefGetAddress unbound: %s\n", name(cuTexRefGetAddress(&bound, idleTex)));
  CUfunction kIdle;
  CHECK(cuModuleGetFunction(&kIdle, idle, "readidle"));
  uint32_t sentinel[9];
  for (uint32_t &word : sentinel)
    word = 0xdeadbeef;
  CHECK(cuMemcpyHtoD(dout, sentinel, sizeof sentinel));
  CUresult launched = cuLaunchKernel(kIdle, 1, 1, 1, 1, 1, 1, 0, nullptr, outArgs, nullptr);
  CUresult synced = cuCtxSynchronize();
  std::printf("unbound texture launch: %s, synchronize: %s\n", name(launched), name(synced));
  if (launched == CUDA_SUCCESS && synced == CUDA_SUCCESS) {
    uint32_t idleOut[9];
    CHECK(cuMemcpyDtoH(idleOut, dout, sizeof idleOut));
    std::printf("unbound texture reads: %u %u %u %u\n", idleOut[0], idleOut[1], idleOut[2], idleOut[3]);
    std::printf("unbound texture gathers: %u %u %u %u\n", idleOut[4], idleOut[5], idleOut[6], idleOut[7]);
    std::printf("unbound texture txq.width: %u\n", idleOut[8]);
  }
  std::printf("modules unloaded: %s %s\n", name(cuModuleUnload(idle)), name(cuModuleUnload(mod)));
  return 0;
}
