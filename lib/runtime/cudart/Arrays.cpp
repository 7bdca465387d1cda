// CUDA arrays: channel descriptions, cudaMallocArray / 3DArray / MipmappedArray, levels, info,
// freeing, and the copies to, from and between arrays (cudaMemcpy2DToArray, ...FromArray,
// ...ArrayToArray, cudaMemcpyToArray / FromArray, cudaMemcpy3D with an array side), all over
// the driver's arrays and cuMemcpy2D/3D. What CUDA refuses was checked on an H100
// (tests/probes/textures.cu, "api errors"): a bad channel description is
// cudaErrorInvalidChannelDescriptor, the cubemap flag on cudaMallocArray and a null
// description cudaErrorInvalidValue, freeing a null array succeeds.
#include "Arrays.h"
#include "Memory.h"
#include "Runtime.h"

#include "runtime/core/EnumBits.h"

#include <algorithm>

using namespace p2m::cudart;

namespace p2m::cudart {

cudaError_t arrayFormat(const cudaChannelFormatDesc &d, CUarray_format *format, unsigned *channels) {
  int bits[4] = {d.x, d.y, d.z, d.w};
  unsigned n = 0;
  while (n < 4 && bits[n] != 0)
    ++n;
  for (unsigned i = n; i < 4; ++i)
    if (bits[i] != 0)
      return cudaErrorInvalidChannelDescriptor; // a gap between channels
  if (n == 0 || n == 3)
    return cudaErrorInvalidChannelDescriptor;
  for (unsigned i = 1; i < n; ++i)
    if (bits[i] != bits[0])
      return cudaErrorInvalidChannelDescriptor;
  switch (runtime::enumBits(d.f)) {
  case cudaChannelFormatKindSigned:
    if (bits[0] == 8) *format = CU_AD_FORMAT_SIGNED_INT8;
    else if (bits[0] == 16) *format = CU_AD_FORMAT_SIGNED_INT16;
    else if (bits[0] == 32) *format = CU_AD_FORMAT_SIGNED_INT32;
    else return cudaErrorInvalidChannelDescriptor;
    break;
  case cudaChannelFormatKindUnsigned:
    if (bits[0] == 8) *format = CU_AD_FORMAT_UNSIGNED_INT8;
    else if (bits[0] == 16) *format = CU_AD_FORMAT_UNSIGNED_INT16;
    else if (bits[0] == 32) *format = CU_AD_FORMAT_UNSIGNED_INT32;
    else return cudaErrorInvalidChannelDescriptor;
    break;
  case cudaChannelFormatKindFloat:
    if (bits[0] == 16) *format = CU_AD_FORMAT_HALF;
    else if (bits[0] == 32) *format = CU_AD_FORMAT_FLOAT;
    else return cudaErrorInvalidChannelDescriptor;
    break;
  default:
    // cudaChannelFormatKindNone and the normalized, block-compressed and NV12 kinds.
    return cudaErrorInvalidChannelDescriptor;
  }
  *channels = n;
  return cudaSuccess;
}

cudaChannelFormatDesc channelDesc(CUarray_format format, unsigned channels) {
  int bits = 0;
  cudaChannelFormatKind kind = cudaChannelFormatKindNone;
  switch (format) {
  case CU_AD_FORMAT_UNSIGNED_INT8: bits = 8, kind = cudaChannelFormatKindUnsigned; break;
  case CU_AD_FORMAT_UNSIGNED_INT16: bits = 16, kind = cudaChannelFormatKindUnsigned; break;
  case CU_AD_FORMAT_UNSIGNED_INT32: bits = 32, kind = cudaChannelFormatKindUnsigned; break;
  case CU_AD_FORMAT_SIGNED_INT8: bits = 8, kind = cudaChannelFormatKindSigned; break;
  case CU_AD_FORMAT_SIGNED_INT16: bits = 16, kind = cudaChannelFormatKindSigned; break;
  case CU_AD_FORMAT_SIGNED_INT32: bits = 32, kind = cudaChannelFormatKindSigned; break;
  case CU_AD_FORMAT_HALF: bits = 16, kind = cudaChannelFormatKindFloat; break;
  case CU_AD_FORMAT_FLOAT: bits = 32, kind = cudaChannelFormatKindFloat; break;
  default: break;
  }
  return cudaChannelFormatDesc{bits, channels > 1 ? bits : 0, channels > 2 ? bits : 0, channels > 3 ? bits : 0, kind};
}

namespace {

// The memory type of a pointer side of a copy of `kind`.
CUmemorytype pointerType(cudaMemcpyKind kind, bool source) {
  switch (runtime::enumBits(kind)) {
  case cudaMemcpyHostToHost: return CU_MEMORYTYPE_HOST;
  case cudaMemcpyHostToDevice: return source ? CU_MEMORYTYPE_HOST : CU_MEMORYTYPE_DEVICE;
  case cudaMemcpyDeviceToHost: return source ? CU_MEMORYTYPE_DEVICE : CU_MEMORYTYPE_HOST;
  case cudaMemcpyDeviceToDevice: return CU_MEMORYTYPE_DEVICE;
  default: return CU_MEMORYTYPE_UNIFIED;
  }
}

bool validKind(cudaMemcpyKind kind) {
  return runtime::enumBits(kind) >= cudaMemcpyHostToHost && runtime::enumBits(kind) <= cudaMemcpyDefault;
}

size_t elementBytes(CUarray array) {
  CUDA_ARRAY3D_DESCRIPTOR d{};
  if (cuArray3DGetDescriptor(&d, array) != CUDA_SUCCESS)
    return 0;
  cudaChannelFormatDesc c = channelDesc(d.Format, d.NumChannels);
  return size_t(c.x + c.y + c.z + c.w) / 8;
}

// One side of a 2D copy: an array (x in bytes) or a pointer of `kind`'s memory.
void setSide2D(CUDA_MEMCPY2D &c, bool source, cudaArray_const_t array, const void *pointer, size_t pitch, size_t x,
               size_t y, cudaMemcpyKind kind) {
  CUmemorytype type = array ? CU_MEMORYTYPE_ARRAY : pointerType(kind, source);
  if (source) {
    c.srcMemoryType = type;
    c.srcArray = array ? driverArray(array) : nullptr;
    c.srcHost = pointer;
    c.srcDevice = CUdeviceptr(pointer);
    c.srcPitch = pitch;
    c.srcXInBytes = x;
    c.srcY = y;
  } else {
    c.dstMemoryType = type;
    c.dstArray = array ? driverArray(array) : nullptr;
    c.dstHost = const_cast<void *>(pointer);
    c.dstDevice = CUdeviceptr(pointer);
    c.dstPitch = pitch;
    c.dstXInBytes = x;
    c.dstY = y;
  }
}

cudaError_t finishCopy(CUresult r, CUstream stream, bool synchronous) {
  if (r != CUDA_SUCCESS || !synchronous)
    return toRuntimeError(r);
  return toRuntimeError(cuStreamSynchronize(stream));
}

cudaError_t copy2D(const CUDA_MEMCPY2D &c, cudaMemcpyKind kind, cudaStream_t stream, bool perThread, bool synchronous) {
  if (!validKind(kind))
    return record(cudaErrorInvalidMemcpyDirection);
  P2M_CUDART_ENTER();
  CUstream s = driverStream(stream, perThread);
  return record(finishCopy(cuMemcpy2DAsync(&c, s), s, synchronous));
}

cudaError_t toArray2D(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t spitch, size_t width,
                      size_t height, cudaMemcpyKind kind, cudaStream_t stream, bool perThread, bool synchronous) {
  if (!dst || (!src && width && height))
    return record(cudaErrorInvalidValue);
  if (height > 1 && width > spitch)
    return record(cudaErrorInvalidPitchValue);
  CUDA_MEMCPY2D c{};
  setSide2D(c, true, nullptr, src, spitch, 0, 0, kind);
  setSide2D(c, false, dst, nullptr, 0, wOffset, hOffset, kind);
  c.WidthInBytes = width;
  c.Height = height;
  return copy2D(c, kind, stream, perThread, synchronous);
}

cudaError_t fromArray2D(void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset, size_t hOffset, size_t width,
                        size_t height, cudaMemcpyKind kind, cudaStream_t stream, bool perThread, bool synchronous) {
  if (!src || (!dst && width && height))
    return record(cudaErrorInvalidValue);
  if (height > 1 && width > dpitch)
    return record(cudaErrorInvalidPitchValue);
  CUDA_MEMCPY2D c{};
  setSide2D(c, true, src, nullptr, 0, wOffset, hOffset, kind);
  setSide2D(c, false, nullptr, dst, dpitch, 0, 0, kind);
  c.WidthInBytes = width;
  c.Height = height;
  return copy2D(c, kind, stream, perThread, synchronous);
}

// cudaMemcpyToArray / FromArray: `count` bytes from (wOffset bytes, hOffset rows) on, row after
// row of the array; one 2D copy per stretch of a row.
cudaError_t linearArrayCopy(cudaArray_const_t array, bool toArray, size_t wOffset, size_t hOffset, void *pointer,
                            size_t count, cudaMemcpyKind kind, cudaStream_t stream, bool perThread, bool synchronous) {
  if (!array || (!pointer && count))
    return record(cudaErrorInvalidValue);
  CUDA_ARRAY3D_DESCRIPTOR d{};
  if (CUresult r = cuArray3DGetDescriptor(&d, driverArray(array)))
    return record(toRuntimeError(r));
  size_t rowBytes = d.Width * elementBytes(driverArray(array));
  size_t x = wOffset, y = hOffset;
  auto *bytes = static_cast<uint8_t *>(pointer);
  while (count) {
    if (x >= rowBytes)
      return record(cudaErrorInvalidValue);
    size_t n = std::min(count, rowBytes - x);
    cudaError_t e = toArray ? toArray2D(const_cast<cudaArray_t>(array), x, y, bytes, n, n, 1, kind, stream, perThread,
                                        synchronous)
                            : fromArray2D(bytes, n, array, x, y, n, 1, kind, stream, perThread, synchronous);
    if (e != cudaSuccess)
      return e;
    bytes += n;
    count -= n;
    x = 0;
    ++y;
  }
  return cudaSuccess;
}

} // namespace

cudaError_t copy3DArray(const cudaMemcpy3DParms &p, CUstream stream) {
  if (!validKind(p.kind))
    return cudaErrorInvalidMemcpyDirection;
  if ((p.srcArray && p.srcPtr.ptr) || (p.dstArray && p.dstPtr.ptr))
    return cudaErrorInvalidValue;
  size_t element = elementBytes(driverArray(p.srcArray ? p.srcArray : p.dstArray));
  if (element == 0)
    return cudaErrorInvalidResourceHandle;
  CUDA_MEMCPY3D c{};
  if (p.srcArray) {
    c.srcMemoryType = CU_MEMORYTYPE_ARRAY;
    c.srcArray = driverArray(p.srcArray);
    c.srcXInBytes = p.srcPos.x * element;
  } else {
    c.srcMemoryType = pointerType(p.kind, true);
    c.srcHost = p.srcPtr.ptr;
    c.srcDevice = CUdeviceptr(p.srcPtr.ptr);
    c.srcPitch = p.srcPtr.pitch;
    c.srcHeight = p.srcPtr.ysize ? p.srcPtr.ysize : p.extent.height + p.srcPos.y;
    c.srcXInBytes = p.srcPos.x;
  }
  c.srcY = p.srcPos.y;
  c.srcZ = p.srcPos.z;
  if (p.dstArray) {
    c.dstMemoryType = CU_MEMORYTYPE_ARRAY;
    c.dstArray = driverArray(p.dstArray);
    c.dstXInBytes = p.dstPos.x * element;
  } else {
    c.dstMemoryType = pointerType(p.kind, false);
    c.dstHost = p.dstPtr.ptr;
    c.dstDevice = CUdeviceptr(p.dstPtr.ptr);
    c.dstPitch = p.dstPtr.pitch;
    c.dstHeight = p.dstPtr.ysize ? p.dstPtr.ysize : p.extent.height + p.dstPos.y;
    c.dstXInBytes = p.dstPos.x;
  }
  c.dstY = p.dstPos.y;
  c.dstZ = p.dstPos.z;
  c.WidthInBytes = p.extent.width * element;
  c.Height = std::max<size_t>(1, p.extent.height);
  c.Depth = std::max<size_t>(1, p.extent.depth);
  return toRuntimeError(cuMemcpy3DAsync(&c, stream));
}

} // namespace p2m::cudart

extern "C" {

struct cudaChannelFormatDesc CUDARTAPI cudaCreateChannelDesc(int x, int y, int z, int w, enum cudaChannelFormatKind f) {
  return cudaChannelFormatDesc{x, y, z, w, f};
}

cudaError_t CUDARTAPI cudaGetChannelDesc(struct cudaChannelFormatDesc *desc, cudaArray_const_t array) {
  if (!desc)
    return record(cudaErrorInvalidValue);
  P2M_CUDART_ENTER();
  CUDA_ARRAY3D_DESCRIPTOR d{};
  if (CUresult r = cuArray3DGetDescriptor(&d, driverArray(array)))
    return fromDriver(r);
  *desc = channelDesc(d.Format, d.NumChannels);
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaMalloc3DArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
                                        struct cudaExtent extent, unsigned int flags) {
  if (!array || !desc)
    return record(cudaErrorInvalidValue);
  P2M_CUDART_ENTER();
  CUDA_ARRAY3D_DESCRIPTOR d{};
  if (cudaError_t e = arrayFormat(*desc, &d.Format, &d.NumChannels))
    return record(e);
  d.Width = extent.width;
  d.Height = extent.height;
  d.Depth = extent.depth;
  d.Flags = flags; // cudaArray* flags are the driver's CUDA_ARRAY3D_* values
  CUarray handle = nullptr;
  if (CUresult r = cuArray3DCreate(&handle, &d))
    return fromDriver(r);
  *array = reinterpret_cast<cudaArray_t>(handle);
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaMallocArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc, size_t width,
                                      size_t height, unsigned int flags) {
  if (flags & (cudaArrayLayered | cudaArrayCubemap))
    return record(cudaErrorInvalidValue); // cudaMalloc3DArray's
  return cudaMalloc3DArray(array, desc, cudaExtent{width, height, 0}, flags);
}

cudaError_t CUDARTAPI cudaMallocMipmappedArray(cudaMipmappedArray_t *mipmappedArray,
                                               const struct cudaChannelFormatDesc *desc, struct cudaExtent extent,
                                               unsigned int numLevels, unsigned int flags) {
  if (!mipmappedArray || !desc)
    return record(cudaErrorInvalidValue);
  P2M_CUDART_ENTER();
  CUDA_ARRAY3D_DESCRIPTOR d{};
  if (cudaError_t e = arrayFormat(*desc, &d.Format, &d.NumChannels))
    return record(e);
  d.Width = extent.width;
  d.Height = extent.height;
  d.Depth = extent.depth;
  d.Flags = flags;
  CUmipmappedArray handle = nullptr;
  if (CUresult r = cuMipmappedArrayCreate(&handle, &d, numLevels))
    return fromDriver(r);
  *mipmappedArray = reinterpret_cast<cudaMipmappedArray_t>(handle);
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaGetMipmappedArrayLevel(cudaArray_t *levelArray, cudaMipmappedArray_const_t mipmappedArray,
                                                 unsigned int level) {
  if (!levelArray)
    return record(cudaErrorInvalidValue);
  P2M_CUDART_ENTER();
  CUarray handle = nullptr;
  if (CUresult r = cuMipmappedArrayGetLevel(&handle, driverMipmap(mipmappedArray), level))
    return fromDriver(r);
  *levelArray = reinterpret_cast<cudaArray_t>(handle);
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaFreeArray(cudaArray_t array) {
  if (!array)
    return cudaSuccess;
  P2M_CUDART_ENTER();
  return fromDriver(cuArrayDestroy(driverArray(array)));
}

cudaError_t CUDARTAPI cudaFreeMipmappedArray(cudaMipmappedArray_t mipmappedArray) {
  if (!mipmappedArray)
    return cudaSuccess;
  P2M_CUDART_ENTER();
  return fromDriver(cuMipmappedArrayDestroy(driverMipmap(mipmappedArray)));
}

cudaError_t CUDARTAPI cudaArrayGetInfo(struct cudaChannelFormatDesc *desc, struct cudaExtent *extent,
                                       unsigned int *flags, cudaArray_t array) {
  P2M_CUDART_ENTER();
  CUDA_ARRAY3D_DESCRIPTOR d{};
  if (CUresult r = cuArray3DGetDescriptor(&d, driverArray(array)))
    return fromDriver(r);
  if (desc)
    *desc = channelDesc(d.Format, d.NumChannels);
  if (extent)
    *extent = cudaExtent{d.Width, d.Height, d.Depth};
  if (flags)
    *flags = d.Flags;
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                                          size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind) {
  return toArray2D(dst, wOffset, hOffset, src, spitch, width, height, kind, nullptr, false, true);
}
cudaError_t CUDARTAPI cudaMemcpy2DToArray_ptds(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                                               size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind) {
  return toArray2D(dst, wOffset, hOffset, src, spitch, width, height, kind, nullptr, true, true);
}
cudaError_t CUDARTAPI cudaMemcpy2DToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                                               size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind,
                                               cudaStream_t stream) {
  return toArray2D(dst, wOffset, hOffset, src, spitch, width, height, kind, stream, false, false);
}
cudaError_t CUDARTAPI cudaMemcpy2DToArrayAsync_ptsz(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                                                    size_t spitch, size_t width, size_t height,
                                                    enum cudaMemcpyKind kind, cudaStream_t stream) {
  return toArray2D(dst, wOffset, hOffset, src, spitch, width, height, kind, stream, true, false);
}
cudaError_t CUDARTAPI cudaMemcpy2DFromArray(void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset,
                                            size_t hOffset, size_t width, size_t height, enum cudaMemcpyKind kind) {
  return fromArray2D(dst, dpitch, src, wOffset, hOffset, width, height, kind, nullptr, false, true);
}
cudaError_t CUDARTAPI cudaMemcpy2DFromArray_ptds(void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset,
                                                 size_t hOffset, size_t width, size_t height, enum cudaMemcpyKind kind) {
  return fromArray2D(dst, dpitch, src, wOffset, hOffset, width, height, kind, nullptr, true, true);
}
cudaError_t CUDARTAPI cudaMemcpy2DFromArrayAsync(void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset,
                                                 size_t hOffset, size_t width, size_t height, enum cudaMemcpyKind kind,
                                                 cudaStream_t stream) {
  return fromArray2D(dst, dpitch, src, wOffset, hOffset, width, height, kind, stream, false, false);
}
cudaError_t CUDARTAPI cudaMemcpy2DFromArrayAsync_ptsz(void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset,
                                                      size_t hOffset, size_t width, size_t height,
                                                      enum cudaMemcpyKind kind, cudaStream_t stream) {
  return fromArray2D(dst, dpitch, src, wOffset, hOffset, width, height, kind, stream, true, false);
}

cudaError_t CUDARTAPI cudaMemcpy2DArrayToArray(cudaArray_t dst, size_t wOffsetDst, size_t hOffsetDst,
                                               cudaArray_const_t src, size_t wOffsetSrc, size_t hOffsetSrc,
                                               size_t width, size_t height, enum cudaMemcpyKind kind) {
  if (!dst || !src)
    return record(cudaErrorInvalidValue);
  CUDA_MEMCPY2D c{};
  setSide2D(c, true, src, nullptr, 0, wOffsetSrc, hOffsetSrc, kind);
  setSide2D(c, false, dst, nullptr, 0, wOffsetDst, hOffsetDst, kind);
  c.WidthInBytes = width;
  c.Height = height;
  return copy2D(c, kind, nullptr, false, true);
}

cudaError_t CUDARTAPI cudaMemcpyToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t count,
                                        enum cudaMemcpyKind kind) {
  return linearArrayCopy(dst, true, wOffset, hOffset, const_cast<void *>(src), count, kind, nullptr, false, true);
}
cudaError_t CUDARTAPI cudaMemcpyToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                                             size_t count, enum cudaMemcpyKind kind, cudaStream_t stream) {
  return linearArrayCopy(dst, true, wOffset, hOffset, const_cast<void *>(src), count, kind, stream, false, false);
}
cudaError_t CUDARTAPI cudaMemcpyFromArray(void *dst, cudaArray_const_t src, size_t wOffset, size_t hOffset,
                                          size_t count, enum cudaMemcpyKind kind) {
  return linearArrayCopy(src, false, wOffset, hOffset, dst, count, kind, nullptr, false, true);
}
cudaError_t CUDARTAPI cudaMemcpyFromArrayAsync(void *dst, cudaArray_const_t src, size_t wOffset, size_t hOffset,
                                               size_t count, enum cudaMemcpyKind kind, cudaStream_t stream) {
  return linearArrayCopy(src, false, wOffset, hOffset, dst, count, kind, stream, false, false);
}

cudaError_t CUDARTAPI cudaMemcpyToArray_ptds(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                                             size_t count, enum cudaMemcpyKind kind) {
  return linearArrayCopy(dst, true, wOffset, hOffset, const_cast<void *>(src), count, kind, nullptr, true, true);
}
cudaError_t CUDARTAPI cudaMemcpyToArrayAsync_ptsz(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                                                  size_t count, enum cudaMemcpyKind kind, cudaStream_t stream) {
  return linearArrayCopy(dst, true, wOffset, hOffset, const_cast<void *>(src), count, kind, stream, true, false);
}
cudaError_t CUDARTAPI cudaMemcpyFromArray_ptds(void *dst, cudaArray_const_t src, size_t wOffset, size_t hOffset,
                                               size_t count, enum cudaMemcpyKind kind) {
  return linearArrayCopy(src, false, wOffset, hOffset, dst, count, kind, nullptr, true, true);
}
cudaError_t CUDARTAPI cudaMemcpyFromArrayAsync_ptsz(void *dst, cudaArray_const_t src, size_t wOffset, size_t hOffset,
                                                    size_t count, enum cudaMemcpyKind kind, cudaStream_t stream) {
  return linearArrayCopy(src, false, wOffset, hOffset, dst, count, kind, stream, true, false);
}

} // extern "C"
