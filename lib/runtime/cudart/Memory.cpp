// Memory: allocation (device, pinned host, managed, pitched, stream-ordered), copies in every
// cudaMemcpyKind (cudaMemcpyDefault by unified addressing: the driver knows every allocation),
// 2D and 3D copies of linear memory, fills, symbols, pointer attributes and registered host
// memory. Every copy and fill is enqueued on its stream through the driver; the forms without
// Async run on the default stream (legacy, or per-thread for the _ptds entry points) and wait
// for it, as CUDA's cudaMemcpy does (the driver makes a copy to pageable memory wait too). The
// Async forms take part in stream capture.
#include "Arrays.h"
#include "Graph.h"
#include "Memory.h"
#include "Runtime.h"

#include "runtime/core/EnumBits.h"
#include "runtime/core/Log.h"

#include <cstring>

using namespace p2m::cudart;

namespace p2m::cudart {

bool isDeviceMemory(const void *pointer) {
  unsigned type = 0;
  CUresult r = cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, CUdeviceptr(pointer));
  return r == CUDA_SUCCESS && (type == CU_MEMORYTYPE_DEVICE || type == CU_MEMORYTYPE_UNIFIED);
}

cudaError_t copy(void *dst, const void *src, size_t bytes, cudaMemcpyKind kind, CUstream stream) {
  if (bytes == 0)
    return cudaSuccess;
  if (!dst || !src)
    return cudaErrorInvalidValue;
  bool dstDevice, srcDevice;
  switch (runtime::enumBits(kind)) {
  case cudaMemcpyHostToHost: dstDevice = srcDevice = false; break;
  case cudaMemcpyHostToDevice: dstDevice = true, srcDevice = false; break;
  case cudaMemcpyDeviceToHost: dstDevice = false, srcDevice = true; break;
  case cudaMemcpyDeviceToDevice: dstDevice = srcDevice = true; break;
  case cudaMemcpyDefault:
    dstDevice = isDeviceMemory(dst);
    srcDevice = isDeviceMemory(src);
    break;
  default: return cudaErrorInvalidMemcpyDirection;
  }
  CUdeviceptr d = CUdeviceptr(dst), s = CUdeviceptr(src);
  CUresult r = CUDA_SUCCESS;
  if (dstDevice && srcDevice)
    r = cuMemcpyDtoDAsync(d, s, bytes, stream);
  else if (dstDevice)
    r = cuMemcpyHtoDAsync(d, src, bytes, stream);
  else if (srcDevice)
    r = cuMemcpyDtoHAsync(dst, s, bytes, stream);
  else
    r = cuMemcpyAsync(d, s, bytes, stream); // host to host, in stream order
  return toRuntimeError(r);
}

cudaError_t copy3D(const cudaMemcpy3DParms &p, CUstream stream) {
  if (p.srcArray || p.dstArray)
    return copy3DArray(p, stream);
  const cudaExtent &e = p.extent;
  if (e.width == 0 || e.height == 0 || e.depth == 0)
    return cudaSuccess;
  const cudaPitchedPtr &s = p.srcPtr, &d = p.dstPtr;
  if (!s.ptr || !d.ptr || e.width + p.srcPos.x > s.pitch || e.width + p.dstPos.x > d.pitch)
    return cudaErrorInvalidPitchValue;
  // A pitched pointer's ysize is the rows of one slice; 0 means `extent.height` rows.
  size_t srcRows = s.ysize ? s.ysize : e.height + p.srcPos.y;
  size_t dstRows = d.ysize ? d.ysize : e.height + p.dstPos.y;
  for (size_t z = 0; z < e.depth; ++z) {
    for (size_t y = 0; y < e.height; ++y) {
      const char *from = static_cast<const char *>(s.ptr) + ((p.srcPos.z + z) * srcRows + p.srcPos.y + y) * s.pitch +
                         p.srcPos.x;
      char *to = static_cast<char *>(d.ptr) + ((p.dstPos.z + z) * dstRows + p.dstPos.y + y) * d.pitch + p.dstPos.x;
      if (cudaError_t err = copy(to, from, e.width, p.kind, stream))
        return err;
    }
  }
  return cudaSuccess;
}

cudaError_t fill2D(void *dst, size_t pitch, int value, size_t width, size_t height, CUstream stream) {
  if (width == 0 || height == 0)
    return cudaSuccess;
  if (height > 1 && width > pitch)
    return cudaErrorInvalidValue;
  if (pitch == width || height == 1)
    return toRuntimeError(cuMemsetD8Async(CUdeviceptr(dst), uint8_t(value), width * height, stream));
  return toRuntimeError(cuMemsetD2D8Async(CUdeviceptr(dst), pitch, uint8_t(value), width, height, stream));
}

} // namespace p2m::cudart

namespace {

// The wait of a synchronous call (cudaMemcpy, cudaMemset, ...) for its stream, after a
// successful enqueue.
cudaError_t finish(cudaError_t enqueued, CUstream stream, bool synchronous) {
  if (enqueued != cudaSuccess || !synchronous)
    return enqueued;
  return toRuntimeError(cuStreamSynchronize(stream));
}

// A stream-ordered copy: a memcpy node while the stream captures, else the copy.
cudaError_t copyOn(cudaStream_t stream, bool perThread, void *dst, const void *src, size_t bytes,
                   cudaMemcpyKind kind, bool synchronous = false) {
  P2M_CUDART_ENTER();
  CUstream s = driverStream(stream, perThread);
  if (std::shared_ptr<Capture> capture = captureOf(s)) {
    auto node = std::make_unique<GraphNode>();
    node->type = cudaGraphNodeTypeMemcpy;
    node->copy.srcPtr = pitchedPointer(const_cast<void *>(src), bytes, bytes, 1);
    node->copy.dstPtr = pitchedPointer(dst, bytes, bytes, 1);
    node->copy.extent = extentOf(bytes, 1, 1);
    node->copy.kind = kind;
    return record(capture->addNode(std::move(node)));
  }
  if (cudaError_t e = checkNoImplicitCapture(s))
    return record(e);
  return record(finish(copy(dst, src, bytes, kind, s), s, synchronous));
}

cudaError_t fillOn(cudaStream_t stream, bool perThread, void *dst, size_t pitch, int value, size_t width,
                   size_t height, bool synchronous = false) {
  P2M_CUDART_ENTER();
  CUstream s = driverStream(stream, perThread);
  if (std::shared_ptr<Capture> capture = captureOf(s)) {
    auto node = std::make_unique<GraphNode>();
    node->type = cudaGraphNodeTypeMemset;
    node->fill = cudaMemsetParams{dst, pitch, unsigned(uint8_t(value)), 1, width, height};
    return record(capture->addNode(std::move(node)));
  }
  if (cudaError_t e = checkNoImplicitCapture(s))
    return record(e);
  return record(finish(fill2D(dst, pitch, value, width, height, s), s, synchronous));
}

cudaError_t copy2DOn(cudaStream_t stream, bool perThread, void *dst, size_t dpitch, const void *src, size_t spitch,
                     size_t width, size_t height, cudaMemcpyKind kind, bool synchronous = false) {
  if (height > 1 && (width > dpitch || width > spitch))
    return record(cudaErrorInvalidPitchValue);
  cudaMemcpy3DParms p{};
  p.srcPtr = pitchedPointer(const_cast<void *>(src), height > 1 ? spitch : width, width, height);
  p.dstPtr = pitchedPointer(dst, height > 1 ? dpitch : width, width, height);
  p.extent = extentOf(width, height, 1);
  p.kind = kind;
  P2M_CUDART_ENTER();
  CUstream s = driverStream(stream, perThread);
  if (std::shared_ptr<Capture> capture = captureOf(s)) {
    auto node = std::make_unique<GraphNode>();
    node->type = cudaGraphNodeTypeMemcpy;
    node->copy = p;
    return record(capture->addNode(std::move(node)));
  }
  if (cudaError_t e = checkNoImplicitCapture(s))
    return record(e);
  return record(finish(copy3D(p, s), s, synchronous));
}

cudaError_t symbolRange(const void *symbol, size_t count, size_t offset, CUdeviceptr *address) {
  size_t bytes = 0;
  if (cudaError_t e = Runtime::get().variable(symbol, address, &bytes))
    return e;
  if (offset > bytes || count > bytes - offset)
    return cudaErrorInvalidValue;
  *address += offset;
  return cudaSuccess;
}

// cudaMalloc and friends may not run while a global-mode capture is under way (CUDA calls
// them potentially unsafe).
#define P2M_CUDART_ENTER_UNSAFE()                                                                   \
  P2M_CUDART_ENTER();                                                                               \
  if (cudaError_t unsafe = checkNoImplicitCapture(nullptr, cudaErrorStreamCaptureUnsupported))      \
    return record(unsafe);

} // namespace

extern "C" {

cudaError_t CUDARTAPI cudaMalloc(void **devPtr, size_t size) {
  P2M_CUDART_ENTER_UNSAFE();
  if (!devPtr)
    return record(cudaErrorInvalidValue);
  if (size == 0) { // CUDA: a zero-byte allocation succeeds with a null pointer
    *devPtr = nullptr;
    return cudaSuccess;
  }
  CUdeviceptr address = 0;
  CUresult r = cuMemAlloc(&address, size);
  if (r != CUDA_SUCCESS)
    return record(r == CUDA_ERROR_OUT_OF_MEMORY ? cudaErrorMemoryAllocation : toRuntimeError(r));
  *devPtr = reinterpret_cast<void *>(address);
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaFree(void *devPtr) {
  P2M_CUDART_ENTER_UNSAFE();
  if (!devPtr)
    return cudaSuccess;
  return fromDriver(cuMemFree(CUdeviceptr(devPtr)));
}

cudaError_t CUDARTAPI cudaMallocHost(void **ptr, size_t size) {
  P2M_CUDART_ENTER_UNSAFE();
  if (!ptr)
    return record(cudaErrorInvalidValue);
  CUresult r = cuMemAllocHost(ptr, size);
  return record(r == CUDA_ERROR_OUT_OF_MEMORY ? cudaErrorMemoryAllocation : toRuntimeError(r));
}

cudaError_t CUDARTAPI cudaHostAlloc(void **pHost, size_t size, unsigned int flags) {
  P2M_CUDART_ENTER_UNSAFE();
  if (!pHost)
    return record(cudaErrorInvalidValue);
  CUresult r = cuMemHostAlloc(pHost, size, flags);
  return record(r == CUDA_ERROR_OUT_OF_MEMORY ? cudaErrorMemoryAllocation : toRuntimeError(r));
}

cudaError_t CUDARTAPI cudaFreeHost(void *ptr) {
  P2M_CUDART_ENTER_UNSAFE();
  if (!ptr)
    return cudaSuccess;
  return fromDriver(cuMemFreeHost(ptr));
}

cudaError_t CUDARTAPI cudaMallocManaged(void **devPtr, size_t size, unsigned int flags) {
  P2M_CUDART_ENTER_UNSAFE();
  if (!devPtr || size == 0 || (flags != cudaMemAttachGlobal && flags != cudaMemAttachHost))
    return record(cudaErrorInvalidValue);
  CUdeviceptr address = 0;
  CUresult r = cuMemAllocManaged(&address, size, flags);
  if (r != CUDA_SUCCESS)
    return record(r == CUDA_ERROR_OUT_OF_MEMORY ? cudaErrorMemoryAllocation : toRuntimeError(r));
  *devPtr = reinterpret_cast<void *>(address);
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaMallocPitch(void **devPtr, size_t *pitch, size_t width, size_t height) {
  P2M_CUDART_ENTER_UNSAFE();
  if (!devPtr || !pitch)
    return record(cudaErrorInvalidValue);
  CUdeviceptr address = 0;
  CUresult r = cuMemAllocPitch(&address, pitch, width, height, 16);
  if (r != CUDA_SUCCESS)
    return record(r == CUDA_ERROR_OUT_OF_MEMORY ? cudaErrorMemoryAllocation : toRuntimeError(r));
  *devPtr = reinterpret_cast<void *>(address);
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaMalloc3D(struct cudaPitchedPtr *pitchedDevPtr, struct cudaExtent extent) {
  if (!pitchedDevPtr)
    return record(cudaErrorInvalidValue);
  void *ptr = nullptr;
  size_t pitch = 0;
  if (cudaError_t e = cudaMallocPitch(&ptr, &pitch, extent.width, extent.height * extent.depth))
    return e;
  *pitchedDevPtr = pitchedPointer(ptr, pitch, extent.width, extent.height);
  return cudaSuccess;
}

// Stream-ordered allocation: the memory is allocated at once (usable by everything enqueued
// after the call) and freed when the stream reaches the free.
cudaError_t CUDARTAPI cudaMallocAsync(void **devPtr, size_t size, cudaStream_t hStream) {
  P2M_CUDART_ENTER();
  if (captureOf(driverStream(hStream))) {
    p2m::runtime::logMessage("cudaMallocAsync: allocation nodes in stream capture are not supported");
    return record(cudaErrorNotSupported);
  }
  return cudaMalloc(devPtr, size);
}

cudaError_t CUDARTAPI cudaMallocAsync_ptsz(void **devPtr, size_t size, cudaStream_t hStream) {
  return cudaMallocAsync(devPtr, size, hStream ? hStream : cudaStreamPerThread);
}

cudaError_t CUDARTAPI cudaFreeAsync(void *devPtr, cudaStream_t hStream) {
  P2M_CUDART_ENTER();
  CUstream s = driverStream(hStream);
  if (captureOf(s)) {
    p2m::runtime::logMessage("cudaFreeAsync: free nodes in stream capture are not supported");
    return record(cudaErrorNotSupported);
  }
  if (cudaError_t unsafe = checkNoImplicitCapture(nullptr, cudaErrorStreamCaptureUnsupported))
    return record(unsafe);
  if (!devPtr)
    return cudaSuccess;
  return fromDriver(cuMemFreeAsync(CUdeviceptr(devPtr), s));
}

cudaError_t CUDARTAPI cudaFreeAsync_ptsz(void *devPtr, cudaStream_t hStream) {
  return cudaFreeAsync(devPtr, hStream ? hStream : cudaStreamPerThread);
}

cudaError_t CUDARTAPI cudaMemGetInfo(size_t *free, size_t *total) {
  P2M_CUDART_ENTER();
  return fromDriver(cuMemGetInfo(free, total));
}

cudaError_t CUDARTAPI cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind) {
  return copyOn(nullptr, false, dst, src, count, kind, true);
}
cudaError_t CUDARTAPI cudaMemcpy_ptds(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind) {
  return copyOn(nullptr, true, dst, src, count, kind, true);
}
cudaError_t CUDARTAPI cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
                                      cudaStream_t stream) {
  return copyOn(stream, false, dst, src, count, kind);
}
cudaError_t CUDARTAPI cudaMemcpyAsync_ptsz(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
                                           cudaStream_t stream) {
  return copyOn(stream, true, dst, src, count, kind);
}

// One device, so a peer copy is a device-to-device copy.
cudaError_t CUDARTAPI cudaMemcpyPeer(void *dst, int dstDevice, const void *src, int srcDevice, size_t count) {
  if (dstDevice != 0 || srcDevice != 0)
    return record(cudaErrorInvalidDevice);
  return copyOn(nullptr, false, dst, src, count, cudaMemcpyDeviceToDevice, true);
}
cudaError_t CUDARTAPI cudaMemcpyPeerAsync(void *dst, int dstDevice, const void *src, int srcDevice, size_t count,
                                          cudaStream_t stream) {
  if (dstDevice != 0 || srcDevice != 0)
    return record(cudaErrorInvalidDevice);
  return copyOn(stream, false, dst, src, count, cudaMemcpyDeviceToDevice);
}

cudaError_t CUDARTAPI cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                                   size_t height, enum cudaMemcpyKind kind) {
  return copy2DOn(nullptr, false, dst, dpitch, src, spitch, width, height, kind, true);
}
cudaError_t CUDARTAPI cudaMemcpy2D_ptds(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                                        size_t height, enum cudaMemcpyKind kind) {
  return copy2DOn(nullptr, true, dst, dpitch, src, spitch, width, height, kind, true);
}
cudaError_t CUDARTAPI cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                                        size_t height, enum cudaMemcpyKind kind, cudaStream_t stream) {
  return copy2DOn(stream, false, dst, dpitch, src, spitch, width, height, kind);
}
cudaError_t CUDARTAPI cudaMemcpy2DAsync_ptsz(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                                             size_t height, enum cudaMemcpyKind kind, cudaStream_t stream) {
  return copy2DOn(stream, true, dst, dpitch, src, spitch, width, height, kind);
}

} // extern "C"

namespace {

cudaError_t copy3DSynchronously(const struct cudaMemcpy3DParms *p, bool perThread) {
  if (!p)
    return record(cudaErrorInvalidValue);
  P2M_CUDART_ENTER();
  CUstream s = driverStream(nullptr, perThread);
  if (cudaError_t e = checkNoImplicitCapture(s))
    return record(e);
  return record(finish(copy3D(*p, s), s, true));
}

} // namespace

extern "C" {

cudaError_t CUDARTAPI cudaMemcpy3D(const struct cudaMemcpy3DParms *p) { return copy3DSynchronously(p, false); }
cudaError_t CUDARTAPI cudaMemcpy3D_ptds(const struct cudaMemcpy3DParms *p) { return copy3DSynchronously(p, true); }
cudaError_t CUDARTAPI cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p, cudaStream_t stream) {
  if (!p)
    return record(cudaErrorInvalidValue);
  P2M_CUDART_ENTER();
  CUstream s = driverStream(stream);
  if (std::shared_ptr<Capture> capture = captureOf(s)) {
    auto node = std::make_unique<GraphNode>();
    node->type = cudaGraphNodeTypeMemcpy;
    node->copy = *p;
    return record(capture->addNode(std::move(node)));
  }
  return record(copy3D(*p, s));
}
cudaError_t CUDARTAPI cudaMemcpy3DAsync_ptsz(const struct cudaMemcpy3DParms *p, cudaStream_t stream) {
  return cudaMemcpy3DAsync(p, stream ? stream : cudaStreamPerThread);
}

cudaError_t CUDARTAPI cudaMemset(void *devPtr, int value, size_t count) {
  return fillOn(nullptr, false, devPtr, count, value, count, 1, true);
}
cudaError_t CUDARTAPI cudaMemset_ptds(void *devPtr, int value, size_t count) {
  return fillOn(nullptr, true, devPtr, count, value, count, 1, true);
}
cudaError_t CUDARTAPI cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t stream) {
  return fillOn(stream, false, devPtr, count, value, count, 1);
}
cudaError_t CUDARTAPI cudaMemsetAsync_ptsz(void *devPtr, int value, size_t count, cudaStream_t stream) {
  return fillOn(stream, true, devPtr, count, value, count, 1);
}
cudaError_t CUDARTAPI cudaMemset2D(void *devPtr, size_t pitch, int value, size_t width, size_t height) {
  return fillOn(nullptr, false, devPtr, pitch, value, width, height, true);
}
cudaError_t CUDARTAPI cudaMemset2D_ptds(void *devPtr, size_t pitch, int value, size_t width, size_t height) {
  return fillOn(nullptr, true, devPtr, pitch, value, width, height, true);
}
cudaError_t CUDARTAPI cudaMemset2DAsync(void *devPtr, size_t pitch, int value, size_t width, size_t height,
                                        cudaStream_t stream) {
  return fillOn(stream, false, devPtr, pitch, value, width, height);
}
cudaError_t CUDARTAPI cudaMemset2DAsync_ptsz(void *devPtr, size_t pitch, int value, size_t width, size_t height,
                                             cudaStream_t stream) {
  return fillOn(stream, true, devPtr, pitch, value, width, height);
}
} // extern "C"

namespace {

cudaError_t fill3DSynchronously(struct cudaPitchedPtr p, int value, struct cudaExtent extent, bool perThread) {
  for (size_t z = 0; z < extent.depth; ++z) {
    char *slice = static_cast<char *>(p.ptr) + z * p.pitch * p.ysize;
    // The slices are enqueued in order; the last one waits for the stream.
    if (cudaError_t e = fillOn(nullptr, perThread, slice, p.pitch, value, extent.width, extent.height,
                               z + 1 == extent.depth))
      return e;
  }
  return cudaSuccess;
}

} // namespace

extern "C" {

cudaError_t CUDARTAPI cudaMemset3D(struct cudaPitchedPtr p, int value, struct cudaExtent extent) {
  return fill3DSynchronously(p, value, extent, false);
}
cudaError_t CUDARTAPI cudaMemset3D_ptds(struct cudaPitchedPtr p, int value, struct cudaExtent extent) {
  return fill3DSynchronously(p, value, extent, true);
}
cudaError_t CUDARTAPI cudaMemset3DAsync(struct cudaPitchedPtr p, int value, struct cudaExtent extent,
                                        cudaStream_t stream) {
  for (size_t z = 0; z < extent.depth; ++z) {
    char *slice = static_cast<char *>(p.ptr) + z * p.pitch * p.ysize;
    if (cudaError_t e = fillOn(stream, false, slice, p.pitch, value, extent.width, extent.height))
      return e;
  }
  return cudaSuccess;
}
cudaError_t CUDARTAPI cudaMemset3DAsync_ptsz(struct cudaPitchedPtr p, int value, struct cudaExtent extent,
                                             cudaStream_t stream) {
  return cudaMemset3DAsync(p, value, extent, stream ? stream : cudaStreamPerThread);
}

// Symbols: `symbol` is the address of a __device__/__constant__ variable's host shadow.
cudaError_t CUDARTAPI cudaGetSymbolAddress(void **devPtr, const void *symbol) {
  P2M_CUDART_ENTER();
  if (!devPtr)
    return record(cudaErrorInvalidValue);
  CUdeviceptr address = 0;
  size_t bytes = 0;
  if (cudaError_t e = Runtime::get().variable(symbol, &address, &bytes))
    return record(e);
  *devPtr = reinterpret_cast<void *>(address);
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaGetSymbolSize(size_t *size, const void *symbol) {
  P2M_CUDART_ENTER();
  if (!size)
    return record(cudaErrorInvalidValue);
  CUdeviceptr address = 0;
  if (cudaError_t e = Runtime::get().variable(symbol, &address, size))
    return record(e);
  return cudaSuccess;
}

} // extern "C"

namespace {

cudaError_t copyToSymbol(const void *symbol, const void *src, size_t count, size_t offset, cudaMemcpyKind kind,
                         cudaStream_t stream, bool synchronous) {
  P2M_CUDART_ENTER();
  if (long long k = p2m::runtime::enumBits(kind); k != cudaMemcpyHostToDevice && k != cudaMemcpyDeviceToDevice && k != cudaMemcpyDefault)
    return record(cudaErrorInvalidMemcpyDirection);
  CUdeviceptr address = 0;
  if (cudaError_t e = symbolRange(symbol, count, offset, &address))
    return record(e);
  return copyOn(stream, false, reinterpret_cast<void *>(address), src, count, kind, synchronous);
}

cudaError_t copyFromSymbol(void *dst, const void *symbol, size_t count, size_t offset, cudaMemcpyKind kind,
                           cudaStream_t stream, bool synchronous) {
  P2M_CUDART_ENTER();
  if (long long k = p2m::runtime::enumBits(kind); k != cudaMemcpyDeviceToHost && k != cudaMemcpyDeviceToDevice && k != cudaMemcpyDefault)
    return record(cudaErrorInvalidMemcpyDirection);
  CUdeviceptr address = 0;
  if (cudaError_t e = symbolRange(symbol, count, offset, &address))
    return record(e);
  return copyOn(stream, false, dst, reinterpret_cast<const void *>(address), count, kind, synchronous);
}

} // namespace

extern "C" {

cudaError_t CUDARTAPI cudaMemcpyToSymbolAsync(const void *symbol, const void *src, size_t count, size_t offset,
                                              enum cudaMemcpyKind kind, cudaStream_t stream) {
  return copyToSymbol(symbol, src, count, offset, kind, stream, false);
}
cudaError_t CUDARTAPI cudaMemcpyToSymbolAsync_ptsz(const void *symbol, const void *src, size_t count, size_t offset,
                                                   enum cudaMemcpyKind kind, cudaStream_t stream) {
  return copyToSymbol(symbol, src, count, offset, kind, stream ? stream : cudaStreamPerThread, false);
}
cudaError_t CUDARTAPI cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count, size_t offset,
                                         enum cudaMemcpyKind kind) {
  return copyToSymbol(symbol, src, count, offset, kind, nullptr, true);
}
cudaError_t CUDARTAPI cudaMemcpyToSymbol_ptds(const void *symbol, const void *src, size_t count, size_t offset,
                                              enum cudaMemcpyKind kind) {
  return copyToSymbol(symbol, src, count, offset, kind, cudaStreamPerThread, true);
}

cudaError_t CUDARTAPI cudaMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t count, size_t offset,
                                                enum cudaMemcpyKind kind, cudaStream_t stream) {
  return copyFromSymbol(dst, symbol, count, offset, kind, stream, false);
}
cudaError_t CUDARTAPI cudaMemcpyFromSymbolAsync_ptsz(void *dst, const void *symbol, size_t count, size_t offset,
                                                     enum cudaMemcpyKind kind, cudaStream_t stream) {
  return copyFromSymbol(dst, symbol, count, offset, kind, stream ? stream : cudaStreamPerThread, false);
}
cudaError_t CUDARTAPI cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count, size_t offset,
                                           enum cudaMemcpyKind kind) {
  return copyFromSymbol(dst, symbol, count, offset, kind, nullptr, true);
}
cudaError_t CUDARTAPI cudaMemcpyFromSymbol_ptds(void *dst, const void *symbol, size_t count, size_t offset,
                                                enum cudaMemcpyKind kind) {
  return copyFromSymbol(dst, symbol, count, offset, kind, cudaStreamPerThread, true);
}

cudaError_t CUDARTAPI cudaPointerGetAttributes(struct cudaPointerAttributes *attributes, const void *ptr) {
  P2M_CUDART_ENTER();
  if (!attributes)
    return record(cudaErrorInvalidValue);
  *attributes = {};
  attributes->type = cudaMemoryTypeUnregistered;
  attributes->device = 0;
  unsigned type = 0;
  CUdeviceptr address = CUdeviceptr(ptr);
  if (cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, address) != CUDA_SUCCESS)
    return cudaSuccess; // CUDA 11+: unregistered host memory is not an error
  int managed = 0;
  cuPointerGetAttribute(&managed, CU_POINTER_ATTRIBUTE_IS_MANAGED, address);
  void *host = nullptr;
  CUdeviceptr device = 0;
  cuPointerGetAttribute(&host, CU_POINTER_ATTRIBUTE_HOST_POINTER, address);
  cuPointerGetAttribute(&device, CU_POINTER_ATTRIBUTE_DEVICE_POINTER, address);
  attributes->type = managed                          ? cudaMemoryTypeManaged
                     : type == CU_MEMORYTYPE_HOST     ? cudaMemoryTypeHost
                                                      : cudaMemoryTypeDevice;
  attributes->hostPointer = host;
  attributes->devicePointer = reinterpret_cast<void *>(device);
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaHostRegister(void *ptr, size_t size, unsigned int flags) {
  P2M_CUDART_ENTER_UNSAFE();
  return fromDriver(cuMemHostRegister(ptr, size, flags));
}

cudaError_t CUDARTAPI cudaHostUnregister(void *ptr) {
  P2M_CUDART_ENTER_UNSAFE();
  return fromDriver(cuMemHostUnregister(ptr));
}

cudaError_t CUDARTAPI cudaHostGetDevicePointer(void **pDevice, void *pHost, unsigned int flags) {
  P2M_CUDART_ENTER();
  if (!pDevice)
    return record(cudaErrorInvalidValue);
  CUdeviceptr device = 0;
  if (cudaError_t e = fromDriver(cuMemHostGetDevicePointer(&device, pHost, flags)))
    return e;
  *pDevice = reinterpret_cast<void *>(device);
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaHostGetFlags(unsigned int *pFlags, void *pHost) {
  P2M_CUDART_ENTER();
  return fromDriver(cuMemHostGetFlags(pFlags, pHost));
}

// Apple GPUs share memory with the CPU and the host backend is the CPU: managed memory never
// migrates, so advice and prefetches are accepted once their arguments are checked.
cudaError_t CUDARTAPI cudaMemAdvise(const void *devPtr, size_t count, enum cudaMemoryAdvise advice,
                                    struct cudaMemLocation location) {
  P2M_CUDART_ENTER();
  (void)location;
  if (!devPtr || count == 0 || p2m::runtime::enumBits(advice) < cudaMemAdviseSetReadMostly || p2m::runtime::enumBits(advice) > cudaMemAdviseUnsetAccessedBy)
    return record(cudaErrorInvalidValue);
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaMemPrefetchAsync(const void *devPtr, size_t count, struct cudaMemLocation location,
                                           unsigned int flags, cudaStream_t stream) {
  P2M_CUDART_ENTER();
  (void)location;
  if (!devPtr || count == 0 || flags != 0)
    return record(cudaErrorInvalidValue);
  (void)stream;
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaMemPrefetchAsync_ptsz(const void *devPtr, size_t count, struct cudaMemLocation location,
                                                unsigned int flags, cudaStream_t stream) {
  return cudaMemPrefetchAsync(devPtr, count, location, flags, stream);
}

} // extern "C"
