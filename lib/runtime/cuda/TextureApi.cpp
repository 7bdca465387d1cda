// Texture and surface objects: cuTexObjectCreate / Destroy / GetResourceDesc / GetTextureDesc /
// GetResourceViewDesc and cuSurfObjectCreate / Destroy / GetResourceDesc. An object is a
// descriptor in device memory of its context (TextureObjects.h); its handle is the
// descriptor's address. The checks follow what an H100 answered (tests/probes/textures.cu,
// "api errors"): unknown address or filter modes, linear filtering of integers read as
// integers, a seamless cubemap flag on another kind, a linear or pitch-2D address not aligned
// to CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT and a linear size past the limit are
// CUDA_ERROR_INVALID_VALUE; a surface needs an array. Beyond CUDA, the texels of a linear or
// pitch-2D resource must lie in one live allocation (a kernel here must not read past it).
#include "Arrays.h"
#include "TextureObjects.h"

#include "runtime/core/Log.h"

#include <algorithm>
#include <cstring>
#include <map>

using p2m::cuda::ArrayLimits;
using p2m::cuda::Driver;
using p2m::cuda::TexelFormat;
using p2m::cuda::TextureResource;
using p2m::cuda::toCuResult;
using p2m::cuda::enumBits;

namespace {

constexpr uint64_t kTextureAlignment = 256; // CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT (DeviceApi.cpp)

struct TextureObject {
  CUctx_st *context = nullptr;
  bool texture = true; // or a surface
  CUDA_RESOURCE_DESC resource{};
  CUDA_TEXTURE_DESC sampler{};
};

// Live objects by handle (guarded by the API lock).
std::map<uint64_t, TextureObject> &objects() {
  static std::map<uint64_t, TextureObject> table;
  return table;
}

void fromArray(const CUarray_st &a, TextureResource *r) {
  const CUDA_ARRAY3D_DESCRIPTOR &d = a.desc;
  r->data = a.address;
  r->rowPitch = a.rowPitch;
  r->slicePitch = a.slicePitch;
  r->width = unsigned(d.Width);
  r->height = unsigned(std::max<size_t>(1, d.Height));
  r->depth = 1;
  r->layers = 0;
  if (d.Flags & CUDA_ARRAY3D_CUBEMAP) {
    bool layered = d.Flags & CUDA_ARRAY3D_LAYERED;
    r->kind = layered ? P2M_TEX_KIND_CUBE_LAYERED : P2M_TEX_KIND_CUBE;
    r->layers = layered ? unsigned(d.Depth / 6) : 0;
  } else if (d.Flags & CUDA_ARRAY3D_LAYERED) {
    r->kind = d.Height ? P2M_TEX_KIND_2D_LAYERED : P2M_TEX_KIND_1D_LAYERED;
    r->layers = unsigned(d.Depth);
  } else if (d.Depth) {
    r->kind = P2M_TEX_KIND_3D;
    r->depth = unsigned(d.Depth);
  } else {
    r->kind = d.Height ? P2M_TEX_KIND_2D : P2M_TEX_KIND_1D;
  }
  r->channels = a.format.channels;
  r->channelBits = a.format.channelBits;
  r->formatKind = a.format.kind;
}

// The texels a resource description names, checked.
CUresult resolveResource(Driver &driver, const CUDA_RESOURCE_DESC &d, bool surface, p2m::cuda::BaseAlignment alignment,
                         TextureResource *r, const char *api) {
  if (d.flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  long long type = enumBits(d.resType);
  if (surface && type != CU_RESOURCE_TYPE_ARRAY)
    return CUDA_ERROR_INVALID_VALUE;
  switch (type) {
  case CU_RESOURCE_TYPE_ARRAY: {
    CUarray_st *a = d.res.array.hArray;
    if (!a)
      return surface ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_INVALID_HANDLE;
    if (!p2m::cuda::isArray(a))
      return CUDA_ERROR_INVALID_HANDLE;
    if (CUresult res = driver.checkContext(a->context))
      return res;
    fromArray(*a, r);
    return CUDA_SUCCESS;
  }
  case CU_RESOURCE_TYPE_MIPMAPPED_ARRAY: {
    CUmipmappedArray_st *m = d.res.mipmap.hMipmappedArray;
    if (!m || !p2m::cuda::isMipmappedArray(m))
      return CUDA_ERROR_INVALID_HANDLE;
    if (CUresult res = driver.checkContext(m->context))
      return res;
    fromArray(*m->levels[0], r);
    r->mipLevels = unsigned(m->levels.size());
    for (size_t level = 0; level < m->levels.size(); ++level)
      r->levelOffsets[level] = m->levelOffsets[level];
    return CUDA_SUCCESS;
  }
  case CU_RESOURCE_TYPE_LINEAR:
  case CU_RESOURCE_TYPE_PITCH2D: {
    bool linear = type == CU_RESOURCE_TYPE_LINEAR;
    CUdeviceptr ptr = linear ? d.res.linear.devPtr : d.res.pitch2D.devPtr;
    long long formatValue = enumBits(linear ? d.res.linear.format : d.res.pitch2D.format);
    unsigned channels = linear ? d.res.linear.numChannels : d.res.pitch2D.numChannels;
    TexelFormat f;
    bool known = false;
    if (!p2m::cuda::texelFormat(formatValue, channels, &f, &known))
      return known ? p2m::cuda::notSupported(api, "packed, planar and block-compressed texel formats")
                   : CUDA_ERROR_INVALID_VALUE;
    if (ptr == 0 || (alignment == p2m::cuda::BaseAlignment::Texture && ptr % kTextureAlignment))
      return CUDA_ERROR_INVALID_VALUE;
    uint64_t span = 0;
    if (linear) {
      uint64_t texels = d.res.linear.sizeInBytes / f.bytes();
      if (texels > uint64_t(ArrayLimits::kLinearWidth))
        return CUDA_ERROR_INVALID_VALUE;
      r->kind = P2M_TEX_KIND_LINEAR;
      r->width = unsigned(texels);
      r->rowPitch = texels * f.bytes();
      span = r->rowPitch;
    } else {
      const auto &p = d.res.pitch2D;
      if (p.width > size_t(ArrayLimits::kLinear2DWidth) || p.height > size_t(ArrayLimits::kLinear2DHeight) ||
          p.pitchInBytes > size_t(ArrayLimits::kLinear2DPitch))
        return CUDA_ERROR_INVALID_VALUE;
      r->kind = P2M_TEX_KIND_2D;
      r->width = unsigned(p.width);
      r->height = unsigned(std::max<size_t>(1, p.height));
      r->rowPitch = p.pitchInBytes;
      span = p.width && p.height ? (p.height - 1) * p.pitchInBytes + p.width * f.bytes() : 0;
    }
    r->slicePitch = r->rowPitch * r->height;
    if (CUresult res = toCuResult(driver.device().checkRange(ptr, span, "texture texels"), api))
      return res;
    r->data = ptr;
    r->channels = f.channels;
    r->channelBits = f.channelBits;
    r->formatKind = f.kind;
    return CUDA_SUCCESS;
  }
  default:
    return CUDA_ERROR_INVALID_VALUE;
  }
}

CUresult checkSampler(const CUDA_TEXTURE_DESC &t, const TextureResource &r) {
  for (unsigned i = 0; i < 3; ++i)
    if (enumBits(t.addressMode[i]) < CU_TR_ADDRESS_MODE_WRAP || enumBits(t.addressMode[i]) > CU_TR_ADDRESS_MODE_BORDER)
      return CUDA_ERROR_INVALID_VALUE;
  for (long long mode : {enumBits(t.filterMode), enumBits(t.mipmapFilterMode)})
    if (mode != CU_TR_FILTER_MODE_POINT && mode != CU_TR_FILTER_MODE_LINEAR)
      return CUDA_ERROR_INVALID_VALUE;
  // Integers read as integers cannot be filtered.
  bool readAsInteger = r.formatKind != 2 && (r.channelBits == 32 || (t.flags & CU_TRSF_READ_AS_INTEGER));
  if (readAsInteger && enumBits(t.filterMode) == CU_TR_FILTER_MODE_LINEAR && r.kind != P2M_TEX_KIND_LINEAR)
    return CUDA_ERROR_INVALID_VALUE;
  bool cube = r.kind == P2M_TEX_KIND_CUBE || r.kind == P2M_TEX_KIND_CUBE_LAYERED;
  if ((t.flags & CU_TRSF_SEAMLESS_CUBEMAP) && !cube)
    return CUDA_ERROR_INVALID_VALUE;
  return CUDA_SUCCESS;
}

// The resource and sampler checked and resolved.
CUresult resolveObject(Driver &driver, const CUDA_RESOURCE_DESC &resource, const CUDA_TEXTURE_DESC *sampler,
                       p2m::cuda::BaseAlignment alignment, TextureResource *r, const char *api) {
  if (CUresult res = resolveResource(driver, resource, sampler == nullptr, alignment, r, api))
    return res;
  if (sampler)
    if (CUresult res = checkSampler(*sampler, *r))
      return res;
  return CUDA_SUCCESS;
}

// A new object's descriptor in device memory; its address is the handle.
CUresult createObject(Driver &driver, CUctx_st *context, const CUDA_RESOURCE_DESC &resource,
                      const CUDA_TEXTURE_DESC *sampler, p2m::cuda::BaseAlignment alignment, uint64_t *handle,
                      const char *api) {
  TextureResource r;
  if (CUresult res = resolveObject(driver, resource, sampler, alignment, &r, api))
    return res;
  auto words = p2m::cuda::fillTextureDescriptor(r, sampler);
  uint64_t address = 0;
  if (CUresult res = toCuResult(driver.device().allocate(sizeof words, context, &address), api))
    return res;
  std::memcpy(driver.device().hostPointer(address), words.data(), sizeof words);
  TextureObject object;
  object.context = context;
  object.texture = sampler != nullptr;
  object.resource = resource;
  if (sampler)
    object.sampler = *sampler;
  objects()[address] = object;
  *handle = address;
  return CUDA_SUCCESS;
}

// The live object `handle` of the expected sort, or null.
TextureObject *findObject(Driver &driver, uint64_t handle, bool texture) {
  auto it = objects().find(handle);
  if (it == objects().end() || it->second.texture != texture || !driver.isContext(it->second.context))
    return nullptr;
  return &it->second;
}

CUresult destroyObject(Driver &driver, uint64_t handle, bool texture) {
  if (handle == 0)
    return CUDA_SUCCESS; // as CUDA answers for a null object
  TextureObject *object = findObject(driver, handle, texture);
  if (!object)
    return CUDA_ERROR_INVALID_VALUE;
  // Kernels enqueued before may still read the descriptor.
  if (CUresult r = driver.synchronizeAll())
    return r;
  (void)driver.device().release(handle, object->context);
  objects().erase(handle);
  return CUDA_SUCCESS;
}

} // namespace

namespace p2m::cuda {

CUresult checkTextureObject(Driver &driver, const CUDA_RESOURCE_DESC &resource, const CUDA_TEXTURE_DESC *sampler,
                            BaseAlignment alignment, const char *api) {
  TextureResource r;
  return resolveObject(driver, resource, sampler, alignment, &r, api);
}

CUresult createTextureObject(Driver &driver, CUctx_st *context, const CUDA_RESOURCE_DESC &resource,
                             const CUDA_TEXTURE_DESC *sampler, BaseAlignment alignment, uint64_t *handle,
                             const char *api) {
  return createObject(driver, context, resource, sampler, alignment, handle, api);
}

void releaseTextureObject(Driver &driver, uint64_t handle) {
  auto it = objects().find(handle);
  if (it == objects().end())
    return;
  if (driver.isContext(it->second.context))
    (void)driver.device().release(handle, it->second.context);
  objects().erase(it);
}

} // namespace p2m::cuda

extern "C" {

CUresult CUDAAPI cuTexObjectCreate(CUtexObject *pTexObject, const CUDA_RESOURCE_DESC *pResDesc,
                                   const CUDA_TEXTURE_DESC *pTexDesc, const CUDA_RESOURCE_VIEW_DESC *pResViewDesc) {
  P2M_API_ENTER_CONTEXT();
  if (!pTexObject || !pResDesc || !pTexDesc)
    return CUDA_ERROR_INVALID_VALUE;
  if (pResViewDesc)
    return p2m::cuda::notSupported("cuTexObjectCreate", "resource views");
  uint64_t handle = 0;
  if (CUresult r = createObject(driver, context, *pResDesc, pTexDesc, p2m::cuda::BaseAlignment::Texture, &handle,
                                "cuTexObjectCreate"))
    return r;
  *pTexObject = handle;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuTexObjectDestroy(CUtexObject texObject) {
  P2M_API_ENTER();
  return destroyObject(driver, texObject, true);
}

CUresult CUDAAPI cuTexObjectGetResourceDesc(CUDA_RESOURCE_DESC *pResDesc, CUtexObject texObject) {
  P2M_API_ENTER();
  TextureObject *object = findObject(driver, texObject, true);
  if (!pResDesc || !object)
    return CUDA_ERROR_INVALID_VALUE;
  *pResDesc = object->resource;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuTexObjectGetTextureDesc(CUDA_TEXTURE_DESC *pTexDesc, CUtexObject texObject) {
  P2M_API_ENTER();
  TextureObject *object = findObject(driver, texObject, true);
  if (!pTexDesc || !object)
    return CUDA_ERROR_INVALID_VALUE;
  *pTexDesc = object->sampler;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuTexObjectGetResourceViewDesc(CUDA_RESOURCE_VIEW_DESC *pResViewDesc, CUtexObject texObject) {
  P2M_API_ENTER();
  TextureObject *object = findObject(driver, texObject, true);
  if (!pResViewDesc || !object)
    return CUDA_ERROR_INVALID_VALUE;
  *pResViewDesc = CUDA_RESOURCE_VIEW_DESC{}; // objects here have no view (the H100 answers zeros too)
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuSurfObjectCreate(CUsurfObject *pSurfObject, const CUDA_RESOURCE_DESC *pResDesc) {
  P2M_API_ENTER_CONTEXT();
  if (!pSurfObject || !pResDesc)
    return CUDA_ERROR_INVALID_VALUE;
  uint64_t handle = 0;
  if (CUresult r = createObject(driver, context, *pResDesc, nullptr, p2m::cuda::BaseAlignment::Texture, &handle,
                                "cuSurfObjectCreate"))
    return r;
  *pSurfObject = handle;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuSurfObjectDestroy(CUsurfObject surfObject) {
  P2M_API_ENTER();
  return destroyObject(driver, surfObject, false);
}

CUresult CUDAAPI cuSurfObjectGetResourceDesc(CUDA_RESOURCE_DESC *pResDesc, CUsurfObject surfObject) {
  P2M_API_ENTER();
  TextureObject *object = findObject(driver, surfObject, false);
  if (!pResDesc || !object)
    return CUDA_ERROR_INVALID_VALUE;
  *pResDesc = object->resource;
  return CUDA_SUCCESS;
}

} // extern "C"
