// Texture and surface objects: cudaCreateTextureObject / Destroy / Get*Desc and
// cudaCreateSurfaceObject / Destroy / GetResourceDesc, over the driver's objects
// (lib/runtime/cuda/TextureApi.cpp). The runtime's own checks come first, with the errors an
// H100 answered (tests/probes/textures.cu, "api errors"): a normalized-float read of 32-bit or
// float texels is cudaErrorInvalidNormSetting, linear filtering of integers read as integers
// cudaErrorInvalidFilterSetting, a bad channel description of a linear or pitch-2D resource
// cudaErrorInvalidChannelDescriptor; a read mode other than normalized float reads elements.
#include "Arrays.h"
#include "Runtime.h"

#include "runtime/core/EnumBits.h"
#include "runtime/core/Log.h"

using namespace p2m::cudart;

namespace {

using p2m::runtime::enumBits;

cudaError_t toDriverResource(const cudaResourceDesc &r, CUDA_RESOURCE_DESC *out) {
  *out = CUDA_RESOURCE_DESC{};
  switch (enumBits(r.resType)) {
  case cudaResourceTypeArray:
    out->resType = CU_RESOURCE_TYPE_ARRAY;
    out->res.array.hArray = driverArray(r.res.array.array);
    return cudaSuccess;
  case cudaResourceTypeMipmappedArray:
    out->resType = CU_RESOURCE_TYPE_MIPMAPPED_ARRAY;
    out->res.mipmap.hMipmappedArray = driverMipmap(r.res.mipmap.mipmap);
    return cudaSuccess;
  case cudaResourceTypeLinear:
    out->resType = CU_RESOURCE_TYPE_LINEAR;
    out->res.linear.devPtr = CUdeviceptr(r.res.linear.devPtr);
    out->res.linear.sizeInBytes = r.res.linear.sizeInBytes;
    return arrayFormat(r.res.linear.desc, &out->res.linear.format, &out->res.linear.numChannels);
  case cudaResourceTypePitch2D:
    out->resType = CU_RESOURCE_TYPE_PITCH2D;
    out->res.pitch2D.devPtr = CUdeviceptr(r.res.pitch2D.devPtr);
    out->res.pitch2D.width = r.res.pitch2D.width;
    out->res.pitch2D.height = r.res.pitch2D.height;
    out->res.pitch2D.pitchInBytes = r.res.pitch2D.pitchInBytes;
    return arrayFormat(r.res.pitch2D.desc, &out->res.pitch2D.format, &out->res.pitch2D.numChannels);
  default:
    return cudaErrorInvalidValue;
  }
}

cudaResourceDesc fromDriverResource(const CUDA_RESOURCE_DESC &r) {
  cudaResourceDesc out{};
  switch (r.resType) {
  case CU_RESOURCE_TYPE_ARRAY:
    out.resType = cudaResourceTypeArray;
    out.res.array.array = reinterpret_cast<cudaArray_t>(r.res.array.hArray);
    break;
  case CU_RESOURCE_TYPE_MIPMAPPED_ARRAY:
    out.resType = cudaResourceTypeMipmappedArray;
    out.res.mipmap.mipmap = reinterpret_cast<cudaMipmappedArray_t>(r.res.mipmap.hMipmappedArray);
    break;
  case CU_RESOURCE_TYPE_LINEAR:
    out.resType = cudaResourceTypeLinear;
    out.res.linear.devPtr = reinterpret_cast<void *>(r.res.linear.devPtr);
    out.res.linear.desc = channelDesc(r.res.linear.format, r.res.linear.numChannels);
    out.res.linear.sizeInBytes = r.res.linear.sizeInBytes;
    break;
  case CU_RESOURCE_TYPE_PITCH2D:
    out.resType = cudaResourceTypePitch2D;
    out.res.pitch2D.devPtr = reinterpret_cast<void *>(r.res.pitch2D.devPtr);
    out.res.pitch2D.desc = channelDesc(r.res.pitch2D.format, r.res.pitch2D.numChannels);
    out.res.pitch2D.width = r.res.pitch2D.width;
    out.res.pitch2D.height = r.res.pitch2D.height;
    out.res.pitch2D.pitchInBytes = r.res.pitch2D.pitchInBytes;
    break;
  }
  return out;
}

// The texel format a driver resource names (for the runtime's read-mode checks); false when
// the handle is not one (the driver then reports it).
bool resourceFormat(const CUDA_RESOURCE_DESC &r, CUarray_format *format) {
  CUDA_ARRAY3D_DESCRIPTOR d{};
  switch (r.resType) {
  case CU_RESOURCE_TYPE_ARRAY:
    if (cuArray3DGetDescriptor(&d, r.res.array.hArray) != CUDA_SUCCESS)
      return false;
    *format = d.Format;
    return true;
  case CU_RESOURCE_TYPE_MIPMAPPED_ARRAY: {
    CUarray level = nullptr;
    if (cuMipmappedArrayGetLevel(&level, r.res.mipmap.hMipmappedArray, 0) != CUDA_SUCCESS ||
        cuArray3DGetDescriptor(&d, level) != CUDA_SUCCESS)
      return false;
    *format = d.Format;
    return true;
  }
  case CU_RESOURCE_TYPE_LINEAR: *format = r.res.linear.format; return true;
  case CU_RESOURCE_TYPE_PITCH2D: *format = r.res.pitch2D.format; return true;
  default: return false;
  }
}

cudaError_t toDriverTexture(const cudaTextureDesc &t, const CUDA_RESOURCE_DESC &resource, CUDA_TEXTURE_DESC *out) {
  *out = CUDA_TEXTURE_DESC{};
  for (int i = 0; i < 3; ++i)
    out->addressMode[i] = static_cast<CUaddress_mode>(enumBits(t.addressMode[i]));
  out->filterMode = static_cast<CUfilter_mode>(enumBits(t.filterMode));
  out->mipmapFilterMode = static_cast<CUfilter_mode>(enumBits(t.mipmapFilterMode));
  out->maxAnisotropy = t.maxAnisotropy;
  out->mipmapLevelBias = t.mipmapLevelBias;
  out->minMipmapLevelClamp = t.minMipmapLevelClamp;
  out->maxMipmapLevelClamp = t.maxMipmapLevelClamp;
  for (int i = 0; i < 4; ++i)
    out->borderColor[i] = t.borderColor[i];
  bool normalizedRead = enumBits(t.readMode) == cudaReadModeNormalizedFloat;
  if (!normalizedRead)
    out->flags |= CU_TRSF_READ_AS_INTEGER;
  if (t.normalizedCoords)
    out->flags |= CU_TRSF_NORMALIZED_COORDINATES;
  if (t.sRGB)
    out->flags |= CU_TRSF_SRGB;
  if (t.disableTrilinearOptimization)
    out->flags |= CU_TRSF_DISABLE_TRILINEAR_OPTIMIZATION;
  if (t.seamlessCubemap)
    out->flags |= CU_TRSF_SEAMLESS_CUBEMAP;
  CUarray_format format{};
  if (!resourceFormat(resource, &format))
    return cudaSuccess; // a bad handle: the driver's error
  bool integer = format != CU_AD_FORMAT_HALF && format != CU_AD_FORMAT_FLOAT;
  bool wide = format == CU_AD_FORMAT_FLOAT || format == CU_AD_FORMAT_SIGNED_INT32 ||
              format == CU_AD_FORMAT_UNSIGNED_INT32;
  if (normalizedRead && (wide || !integer))
    return cudaErrorInvalidNormSetting;
  if (integer && !normalizedRead && enumBits(t.filterMode) == cudaFilterModeLinear &&
      resource.resType != CU_RESOURCE_TYPE_LINEAR)
    return cudaErrorInvalidFilterSetting;
  return cudaSuccess;
}

cudaTextureDesc fromDriverTexture(const CUDA_TEXTURE_DESC &t) {
  cudaTextureDesc out{};
  for (int i = 0; i < 3; ++i)
    out.addressMode[i] = static_cast<cudaTextureAddressMode>(t.addressMode[i]);
  out.filterMode = static_cast<cudaTextureFilterMode>(t.filterMode);
  out.readMode = (t.flags & CU_TRSF_READ_AS_INTEGER) ? cudaReadModeElementType : cudaReadModeNormalizedFloat;
  out.sRGB = (t.flags & CU_TRSF_SRGB) ? 1 : 0;
  for (int i = 0; i < 4; ++i)
    out.borderColor[i] = t.borderColor[i];
  out.normalizedCoords = (t.flags & CU_TRSF_NORMALIZED_COORDINATES) ? 1 : 0;
  out.maxAnisotropy = t.maxAnisotropy;
  out.mipmapFilterMode = static_cast<cudaTextureFilterMode>(t.mipmapFilterMode);
  out.mipmapLevelBias = t.mipmapLevelBias;
  out.minMipmapLevelClamp = t.minMipmapLevelClamp;
  out.maxMipmapLevelClamp = t.maxMipmapLevelClamp;
  out.disableTrilinearOptimization = (t.flags & CU_TRSF_DISABLE_TRILINEAR_OPTIMIZATION) ? 1 : 0;
  out.seamlessCubemap = (t.flags & CU_TRSF_SEAMLESS_CUBEMAP) ? 1 : 0;
  return out;
}

} // namespace

extern "C" {

cudaError_t CUDARTAPI cudaCreateTextureObject(cudaTextureObject_t *pTexObject, const struct cudaResourceDesc *pResDesc,
                                              const struct cudaTextureDesc *pTexDesc,
                                              const struct cudaResourceViewDesc *pResViewDesc) {
  if (!pTexObject || !pResDesc || !pTexDesc)
    return record(cudaErrorInvalidValue);
  P2M_CUDART_ENTER();
  CUDA_RESOURCE_DESC resource;
  if (cudaError_t e = toDriverResource(*pResDesc, &resource))
    return record(e);
  CUDA_TEXTURE_DESC texture;
  if (cudaError_t e = toDriverTexture(*pTexDesc, resource, &texture))
    return record(e);
  if (pResViewDesc) {
    p2m::runtime::logMessage("cudaCreateTextureObject: resource views are not supported");
    return record(cudaErrorNotSupported);
  }
  CUtexObject handle = 0;
  if (CUresult r = cuTexObjectCreate(&handle, &resource, &texture, nullptr))
    return fromDriver(r);
  *pTexObject = handle;
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaDestroyTextureObject(cudaTextureObject_t texObject) {
  P2M_CUDART_ENTER();
  return fromDriver(cuTexObjectDestroy(texObject));
}

cudaError_t CUDARTAPI cudaGetTextureObjectResourceDesc(struct cudaResourceDesc *pResDesc,
                                                       cudaTextureObject_t texObject) {
  P2M_CUDART_ENTER();
  CUDA_RESOURCE_DESC r{};
  if (CUresult e = cuTexObjectGetResourceDesc(&r, texObject))
    return fromDriver(e);
  if (!pResDesc)
    return record(cudaErrorInvalidValue);
  *pResDesc = fromDriverResource(r);
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaGetTextureObjectTextureDesc(struct cudaTextureDesc *pTexDesc, cudaTextureObject_t texObject) {
  P2M_CUDART_ENTER();
  CUDA_TEXTURE_DESC t{};
  if (CUresult e = cuTexObjectGetTextureDesc(&t, texObject))
    return fromDriver(e);
  if (!pTexDesc)
    return record(cudaErrorInvalidValue);
  *pTexDesc = fromDriverTexture(t);
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaGetTextureObjectResourceViewDesc(struct cudaResourceViewDesc *pResViewDesc,
                                                           cudaTextureObject_t texObject) {
  P2M_CUDART_ENTER();
  CUDA_RESOURCE_VIEW_DESC v{};
  if (CUresult e = cuTexObjectGetResourceViewDesc(&v, texObject))
    return fromDriver(e);
  if (!pResViewDesc)
    return record(cudaErrorInvalidValue);
  *pResViewDesc = cudaResourceViewDesc{}; // no object here has a view
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaCreateSurfaceObject(cudaSurfaceObject_t *pSurfObject, const struct cudaResourceDesc *pResDesc) {
  if (!pSurfObject || !pResDesc)
    return record(cudaErrorInvalidValue);
  P2M_CUDART_ENTER();
  if (enumBits(pResDesc->resType) != cudaResourceTypeArray)
    return record(cudaErrorInvalidValue);
  CUDA_RESOURCE_DESC resource;
  if (cudaError_t e = toDriverResource(*pResDesc, &resource))
    return record(e);
  CUsurfObject handle = 0;
  if (CUresult r = cuSurfObjectCreate(&handle, &resource))
    return fromDriver(r);
  *pSurfObject = handle;
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaDestroySurfaceObject(cudaSurfaceObject_t surfObject) {
  P2M_CUDART_ENTER();
  return fromDriver(cuSurfObjectDestroy(surfObject));
}

cudaError_t CUDARTAPI cudaGetSurfaceObjectResourceDesc(struct cudaResourceDesc *pResDesc,
                                                       cudaSurfaceObject_t surfObject) {
  P2M_CUDART_ENTER();
  CUDA_RESOURCE_DESC r{};
  if (CUresult e = cuSurfObjectGetResourceDesc(&r, surfObject))
    return fromDriver(e);
  if (!pResDesc)
    return record(cudaErrorInvalidValue);
  *pResDesc = fromDriverResource(r);
  return cudaSuccess;
}

} // extern "C"
