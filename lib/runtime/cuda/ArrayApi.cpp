// CUDA arrays: cuArrayCreate / cuArray3DCreate / cuArrayDestroy / cuArray(3D)GetDescriptor and
// mipmapped arrays (cuMipmappedArrayCreate / GetLevel / Destroy). An array is a linear device
// allocation of its context, laid out as Arrays.h says; its handle stays valid until destroyed
// or its context goes. The checks are CUDA's, as an H100 answered cudaMalloc3DArray
// (tests/probes/textures.cu, "api errors"): zero width, a height of 0 under a depth, a layered
// array without layers, a cubemap that is not square with 6 faces (a layered one: a multiple
// of 6), sizes past the device limits and 3-channel formats are CUDA_ERROR_INVALID_VALUE.
#include "Arrays.h"

#include "runtime/core/Log.h"

#include <algorithm>
#include <map>
#include <string>

using p2m::cuda::ArrayLimits;
using p2m::cuda::Driver;
using p2m::cuda::TexelFormat;
using p2m::cuda::toCuResult;
using p2m::cuda::enumBits;

#undef cuArrayCreate
#undef cuArrayGetDescriptor
#undef cuArray3DCreate
#undef cuArray3DGetDescriptor

namespace {

// The live handles (guarded by the API lock). Destroyed ones are erased; a context's arrays
// go stale with it (their memory is the context's).
std::map<CUarray_st *, std::unique_ptr<CUarray_st>> &arrays() {
  static std::map<CUarray_st *, std::unique_ptr<CUarray_st>> table;
  return table;
}
std::map<CUmipmappedArray_st *, std::unique_ptr<CUmipmappedArray_st>> &mipmaps() {
  static std::map<CUmipmappedArray_st *, std::unique_ptr<CUmipmappedArray_st>> table;
  return table;
}

constexpr unsigned kKnownFlags = CUDA_ARRAY3D_LAYERED | CUDA_ARRAY3D_SURFACE_LDST | CUDA_ARRAY3D_CUBEMAP |
                                 CUDA_ARRAY3D_TEXTURE_GATHER | CUDA_ARRAY3D_DEPTH_TEXTURE |
                                 CUDA_ARRAY3D_COLOR_ATTACHMENT | CUDA_ARRAY3D_VIDEO_ENCODE_DECODE;

// CUDA's shape rules and limits for `d`; the format through *format.
CUresult checkDescriptor(const CUDA_ARRAY3D_DESCRIPTOR &d, TexelFormat *format, const char *api) {
  bool known = false;
  if (!p2m::cuda::texelFormat(enumBits(d.Format), d.NumChannels, format, &known)) {
    if (known)
      return p2m::cuda::notSupported(api, "packed, planar and block-compressed array formats");
    return CUDA_ERROR_INVALID_VALUE;
  }
  if (d.Flags & (CUDA_ARRAY3D_SPARSE | CUDA_ARRAY3D_DEFERRED_MAPPING))
    return p2m::cuda::notSupported(api, "sparse and deferred-mapping arrays");
  if (d.Flags & ~(kKnownFlags | CUDA_ARRAY3D_SPARSE | CUDA_ARRAY3D_DEFERRED_MAPPING))
    return CUDA_ERROR_INVALID_VALUE;
  bool layered = d.Flags & CUDA_ARRAY3D_LAYERED, cube = d.Flags & CUDA_ARRAY3D_CUBEMAP;
  if (d.Width == 0 || (d.Height == 0 && d.Depth != 0 && !layered))
    return CUDA_ERROR_INVALID_VALUE;
  auto within = [](size_t v, int limit) { return v <= size_t(limit); };
  if (cube) {
    if (d.Width != d.Height || d.Depth == 0 || d.Depth % 6 || (!layered && d.Depth != 6))
      return CUDA_ERROR_INVALID_VALUE;
    if (!within(d.Width, layered ? ArrayLimits::kLayeredWidth : ArrayLimits::kCubemap) ||
        !within(d.Depth / 6, ArrayLimits::kCubemapLayers))
      return CUDA_ERROR_INVALID_VALUE;
  } else if (layered) {
    if (d.Depth == 0 || !within(d.Depth, ArrayLimits::kLayers) || !within(d.Width, ArrayLimits::kLayeredWidth) ||
        !within(d.Height, ArrayLimits::kLayeredWidth))
      return CUDA_ERROR_INVALID_VALUE;
  } else if (d.Depth != 0) {
    bool regular = within(d.Width, ArrayLimits::kTexture3D) && within(d.Height, ArrayLimits::kTexture3D) &&
                   within(d.Depth, ArrayLimits::kTexture3D);
    bool alternate = within(d.Width, ArrayLimits::kTexture3DAltWidth) &&
                     within(d.Height, ArrayLimits::kTexture3DAltWidth) &&
                     within(d.Depth, ArrayLimits::kTexture3DAltDepth);
    if (!regular && !alternate)
      return CUDA_ERROR_INVALID_VALUE;
  } else if (d.Height != 0) {
    if (!within(d.Width, ArrayLimits::kTexture2DWidth) || !within(d.Height, ArrayLimits::kTexture2DHeight))
      return CUDA_ERROR_INVALID_VALUE;
  } else if (!within(d.Width, ArrayLimits::kTexture1D)) {
    return CUDA_ERROR_INVALID_VALUE;
  }
  if ((d.Flags & CUDA_ARRAY3D_TEXTURE_GATHER) && (d.Height == 0 || d.Depth != 0 || layered || cube))
    return CUDA_ERROR_INVALID_VALUE; // gather is for 2D arrays
  return CUDA_SUCCESS;
}

CUarray_st *addArray(std::unique_ptr<CUarray_st> array) {
  CUarray_st *handle = array.get();
  arrays().emplace(handle, std::move(array));
  return handle;
}

CUresult createArray(Driver &driver, CUctx_st *context, const CUDA_ARRAY3D_DESCRIPTOR &d, CUarray *out,
                     const char *api) {
  if (!out)
    return CUDA_ERROR_INVALID_VALUE;
  TexelFormat format;
  if (CUresult r = checkDescriptor(d, &format, api))
    return r;
  auto array = std::make_unique<CUarray_st>();
  size_t bytes = 0;
  p2m::cuda::arrayLayout(d, format, &array->rowPitch, &array->slicePitch, &array->slices, &bytes);
  uint64_t address = 0;
  if (CUresult r = toCuResult(driver.device().allocate(bytes, context, &address), api))
    return r;
  array->context = context;
  array->desc = d;
  array->format = format;
  array->address = address;
  *out = addArray(std::move(array));
  return CUDA_SUCCESS;
}

CUDA_ARRAY3D_DESCRIPTOR from2D(const CUDA_ARRAY_DESCRIPTOR &d) {
  CUDA_ARRAY3D_DESCRIPTOR out{};
  out.Width = d.Width;
  out.Height = d.Height;
  out.Format = d.Format;
  out.NumChannels = d.NumChannels;
  return out;
}

// A live array of the current context's device, checked.
CUresult checkArray(Driver &driver, CUarray_st *array) {
  if (!array || !p2m::cuda::isArray(array))
    return CUDA_ERROR_INVALID_HANDLE;
  return driver.checkContext(array->context);
}

unsigned levelCount(const CUDA_ARRAY3D_DESCRIPTOR &d) {
  size_t largest = std::max({d.Width, d.Height, (d.Flags & CUDA_ARRAY3D_LAYERED) ? size_t(0) : d.Depth});
  unsigned levels = 1;
  while (largest > 1) {
    largest >>= 1;
    ++levels;
  }
  return levels;
}

} // namespace

namespace p2m::cuda {

bool texelFormat(long long format, unsigned channels, TexelFormat *out, bool *known) {
  *known = true;
  TexelFormat f;
  switch (format) {
  case CU_AD_FORMAT_UNSIGNED_INT8: f = {0, 8, 1}; break;
  case CU_AD_FORMAT_UNSIGNED_INT16: f = {0, 16, 1}; break;
  case CU_AD_FORMAT_UNSIGNED_INT32: f = {0, 32, 1}; break;
  case CU_AD_FORMAT_SIGNED_INT8: f = {0, 8, 0}; break;
  case CU_AD_FORMAT_SIGNED_INT16: f = {0, 16, 0}; break;
  case CU_AD_FORMAT_SIGNED_INT32: f = {0, 32, 0}; break;
  case CU_AD_FORMAT_HALF: f = {0, 16, 2}; break;
  case CU_AD_FORMAT_FLOAT: f = {0, 32, 2}; break;
  default:
    // The newer formats (NV12, UNORM_INT8X1.., BC1..BC7, packed 10-bit, ...): CUDA's, not
    // held here.
    *known = format >= CU_AD_FORMAT_NV12 && format <= CU_AD_FORMAT_MAX;
    return false;
  }
  if (channels != 1 && channels != 2 && channels != 4) {
    *known = false;
    return false;
  }
  f.channels = channels;
  *out = f;
  return true;
}

bool isArray(CUarray_st *array) {
  return arrays().count(array) != 0 && Driver::get().isContext(array->context);
}

bool isMipmappedArray(CUmipmappedArray_st *mipmap) {
  return mipmaps().count(mipmap) != 0 && Driver::get().isContext(mipmap->context);
}

void arrayLayout(const CUDA_ARRAY3D_DESCRIPTOR &desc, const TexelFormat &format, size_t *rowPitch,
                 size_t *slicePitch, size_t *slices, size_t *bytes) {
  size_t row = desc.Width * format.bytes();
  *rowPitch = (row + P2M_ARRAY_PITCH_ALIGN - 1) / P2M_ARRAY_PITCH_ALIGN * P2M_ARRAY_PITCH_ALIGN;
  *slicePitch = *rowPitch * std::max<size_t>(1, desc.Height);
  *slices = std::max<size_t>(1, desc.Depth);
  *bytes = *slicePitch * *slices;
}

} // namespace p2m::cuda

extern "C" {

CUresult CUDAAPI cuArrayCreate_v2(CUarray *pHandle, const CUDA_ARRAY_DESCRIPTOR *pAllocateArray) {
  P2M_API_ENTER_CONTEXT();
  if (!pAllocateArray)
    return CUDA_ERROR_INVALID_VALUE;
  return createArray(driver, context, from2D(*pAllocateArray), pHandle, "cuArrayCreate");
}

CUresult CUDAAPI cuArray3DCreate_v2(CUarray *pHandle, const CUDA_ARRAY3D_DESCRIPTOR *pAllocateArray) {
  P2M_API_ENTER_CONTEXT();
  if (!pAllocateArray)
    return CUDA_ERROR_INVALID_VALUE;
  return createArray(driver, context, *pAllocateArray, pHandle, "cuArray3DCreate");
}

CUresult CUDAAPI cuArrayDestroy(CUarray hArray) {
  P2M_API_ENTER();
  if (CUresult r = checkArray(driver, hArray))
    return r;
  if (hArray->mipmap)
    return CUDA_ERROR_INVALID_HANDLE; // a level goes with its mipmapped array
  // Work enqueued before may still read it, as cuMemFree waits.
  if (CUresult r = driver.synchronizeAll())
    return r;
  (void)driver.device().release(hArray->address, hArray->context);
  arrays().erase(hArray);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuArrayGetDescriptor_v2(CUDA_ARRAY_DESCRIPTOR *pArrayDescriptor, CUarray hArray) {
  P2M_API_ENTER();
  if (!pArrayDescriptor)
    return CUDA_ERROR_INVALID_VALUE;
  if (CUresult r = checkArray(driver, hArray))
    return r;
  if (hArray->desc.Depth != 0)
    return CUDA_ERROR_INVALID_VALUE; // a 3D or layered array: cuArray3DGetDescriptor
  pArrayDescriptor->Width = hArray->desc.Width;
  pArrayDescriptor->Height = hArray->desc.Height;
  pArrayDescriptor->Format = hArray->desc.Format;
  pArrayDescriptor->NumChannels = hArray->desc.NumChannels;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuArray3DGetDescriptor_v2(CUDA_ARRAY3D_DESCRIPTOR *pArrayDescriptor, CUarray hArray) {
  P2M_API_ENTER();
  if (!pArrayDescriptor)
    return CUDA_ERROR_INVALID_VALUE;
  if (CUresult r = checkArray(driver, hArray))
    return r;
  *pArrayDescriptor = hArray->desc;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMipmappedArrayCreate(CUmipmappedArray *pHandle, const CUDA_ARRAY3D_DESCRIPTOR *pMipmappedArrayDesc,
                                        unsigned int numMipmapLevels) {
  P2M_API_ENTER_CONTEXT();
  if (!pHandle || !pMipmappedArrayDesc || numMipmapLevels == 0)
    return CUDA_ERROR_INVALID_VALUE;
  const CUDA_ARRAY3D_DESCRIPTOR &d = *pMipmappedArrayDesc;
  TexelFormat format;
  if (CUresult r = checkDescriptor(d, &format, "cuMipmappedArrayCreate"))
    return r;
  if (numMipmapLevels > levelCount(d) || numMipmapLevels > P2M_TEX_MAX_MIP_LEVELS)
    return CUDA_ERROR_INVALID_VALUE;
  auto mipmap = std::make_unique<CUmipmappedArray_st>();
  mipmap->context = context;
  mipmap->desc = d;
  // Level L is max(1, n >> L) in each dimension (layers and cube faces stay), laid out as an
  // array; levels follow one another at 256-byte boundaries.
  bool layered = d.Flags & (CUDA_ARRAY3D_LAYERED | CUDA_ARRAY3D_CUBEMAP);
  size_t offset = 0;
  std::vector<CUDA_ARRAY3D_DESCRIPTOR> levelDescs;
  for (unsigned level = 0; level < numMipmapLevels; ++level) {
    CUDA_ARRAY3D_DESCRIPTOR ld = d;
    ld.Width = std::max<size_t>(1, d.Width >> level);
    ld.Height = d.Height ? std::max<size_t>(1, d.Height >> level) : 0;
    ld.Depth = (d.Depth && !layered) ? std::max<size_t>(1, d.Depth >> level) : d.Depth;
    size_t rowPitch = 0, slicePitch = 0, slices = 0, bytes = 0;
    p2m::cuda::arrayLayout(ld, format, &rowPitch, &slicePitch, &slices, &bytes);
    mipmap->levelOffsets.push_back(offset);
    levelDescs.push_back(ld);
    offset = (offset + bytes + 255) / 256 * 256;
  }
  uint64_t address = 0;
  if (CUresult r = toCuResult(driver.device().allocate(offset, context, &address), "cuMipmappedArrayCreate"))
    return r;
  mipmap->address = address;
  for (unsigned level = 0; level < numMipmapLevels; ++level) {
    auto array = std::make_unique<CUarray_st>();
    size_t bytes = 0;
    p2m::cuda::arrayLayout(levelDescs[level], format, &array->rowPitch, &array->slicePitch, &array->slices, &bytes);
    array->context = context;
    array->desc = levelDescs[level];
    array->format = format;
    array->address = address + mipmap->levelOffsets[level];
    array->mipmap = mipmap.get();
    array->level = level;
    mipmap->levels.push_back(std::move(array));
  }
  for (auto &level : mipmap->levels)
    arrays().emplace(level.get(), nullptr); // known handles; owned by the mipmapped array
  CUmipmappedArray_st *handle = mipmap.get();
  mipmaps().emplace(handle, std::move(mipmap));
  *pHandle = handle;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMipmappedArrayGetLevel(CUarray *pLevelArray, CUmipmappedArray hMipmappedArray, unsigned int level) {
  P2M_API_ENTER();
  if (!pLevelArray)
    return CUDA_ERROR_INVALID_VALUE;
  if (!hMipmappedArray || !p2m::cuda::isMipmappedArray(hMipmappedArray))
    return CUDA_ERROR_INVALID_HANDLE;
  if (CUresult r = driver.checkContext(hMipmappedArray->context))
    return r;
  if (level >= hMipmappedArray->levels.size())
    return CUDA_ERROR_INVALID_VALUE;
  *pLevelArray = hMipmappedArray->levels[level].get();
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMipmappedArrayDestroy(CUmipmappedArray hMipmappedArray) {
  P2M_API_ENTER();
  if (!hMipmappedArray || !p2m::cuda::isMipmappedArray(hMipmappedArray))
    return CUDA_ERROR_INVALID_HANDLE;
  if (CUresult r = driver.checkContext(hMipmappedArray->context))
    return r;
  if (CUresult r = driver.synchronizeAll())
    return r;
  (void)driver.device().release(hMipmappedArray->address, hMipmappedArray->context);
  for (auto &level : hMipmappedArray->levels)
    arrays().erase(level.get());
  mipmaps().erase(hMipmappedArray);
  return CUDA_SUCCESS;
}

} // extern "C"
