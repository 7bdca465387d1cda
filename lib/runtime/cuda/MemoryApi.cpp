// Device memory: allocation (plain, managed, pitched, stream-ordered), linear copies and
// memsets, every device range checked against the live allocations (runtime::Device) so that
// an out-of-range copy is CUDA_ERROR_INVALID_VALUE when it is called. Copies and memsets are
// stream tasks (StreamWork.h): the Async forms are enqueued on their stream, the others on the
// default stream and waited for. Freeing memory first waits for all enqueued work, which may
// still use it (CUDA's cuMemFree synchronizes too). cuMemcpy and cuMemcpyPeer take unified
// addresses (UnifiedAddress.h).
#include "Driver.h"
#include "StreamWork.h"
#include "UnifiedAddress.h"

#include "runtime/core/Log.h"

#include <cstring>

using p2m::cuda::copyOnStream;
using p2m::cuda::Driver;
using p2m::cuda::fillOnStream;
using p2m::cuda::resolveUnified;
using p2m::cuda::toCuResult;
using p2m::runtime::MemoryKind;

#undef cuMemAllocPitch
#undef cuMemGetAddressRange
extern "C" CUresult CUDAAPI cuMemAllocPitch_v2(CUdeviceptr *dptr, size_t *pPitch, size_t WidthInBytes, size_t Height,
                                               unsigned int ElementSizeBytes);
extern "C" CUresult CUDAAPI cuMemGetAddressRange_v2(CUdeviceptr *pbase, size_t *psize, CUdeviceptr dptr);

namespace {

// The allocation starting at `address`, if it is a live context's and of one of the kinds
// cuMemFree frees (device and managed memory).
CUctx_st *freeableOwner(Driver &driver, CUdeviceptr address) {
  p2m::runtime::AllocationInfo info;
  if (!driver.device().allocations().describe(address, &info) || info.base != address ||
      (info.kind != MemoryKind::Device && info.kind != MemoryKind::Managed) || driver.freeing.count(address))
    return nullptr;
  auto *owner = static_cast<CUctx_st *>(const_cast<void *>(info.owner));
  return driver.isContext(owner) ? owner : nullptr;
}

CUresult allocate(Driver &driver, CUctx_st *context, CUdeviceptr *dptr, size_t bytes, MemoryKind kind,
                  const char *api) {
  if (!dptr)
    return CUDA_ERROR_INVALID_VALUE;
  uint64_t address = 0;
  if (CUresult r = toCuResult(driver.device().allocate(bytes, context, &address, kind), api))
    return r;
  *dptr = address;
  return CUDA_SUCCESS;
}

CUresult freeMemory(Driver &driver, CUdeviceptr dptr, const char *api) {
  if (dptr == 0)
    return CUDA_SUCCESS; // freeing NULL is a no-op, as in CUDA
  CUctx_st *owner = freeableOwner(driver, dptr);
  if (!owner)
    return toCuResult(p2m::runtime::failure(p2m::runtime::RuntimeErrorCode::InvalidValue,
                                            "not the start of a live device allocation (double free?)"),
                      api);
  return toCuResult(driver.device().release(dptr, owner), api);
}

// Unified copy: either side may be device memory, reachable host memory or pageable memory.
CUresult copyUnified(Driver &driver, CUctx_st *context, CUstream stream, CUdeviceptr dst, CUdeviceptr src,
                     size_t bytes, bool synchronous, const char *api) {
  void *to = nullptr, *from = nullptr;
  if (CUresult r = resolveUnified(driver, dst, bytes, /*allowPageable=*/true, api, &to))
    return r;
  if (CUresult r = resolveUnified(driver, src, bytes, /*allowPageable=*/true, api, &from))
    return r;
  if (bytes && (!to || !from))
    return CUDA_ERROR_INVALID_VALUE;
  return copyOnStream(driver, context, stream, to, from, bytes, driver.isPageable(reinterpret_cast<void *>(dst)),
                      driver.isPageable(reinterpret_cast<void *>(src)), synchronous);
}

// The host address of `bytes` of device memory at `address`, checked (`what`: the side, for
// the log).
CUresult deviceRange(Driver &driver, CUdeviceptr address, size_t bytes, const char *what, const char *api,
                     void **host) {
  if (CUresult r = toCuResult(driver.device().checkRange(address, bytes, what), api))
    return r;
  *host = bytes ? driver.device().hostPointer(address) : nullptr;
  return CUDA_SUCCESS;
}

CUresult copyToDevice(Driver &driver, CUctx_st *context, CUstream stream, CUdeviceptr dst, const void *src,
                      size_t bytes, bool synchronous, const char *api) {
  void *to = nullptr;
  if (CUresult r = deviceRange(driver, dst, bytes, "copy to device", api, &to))
    return r;
  if (bytes && !src)
    return CUDA_ERROR_INVALID_VALUE;
  return copyOnStream(driver, context, stream, to, src, bytes, false, driver.isPageable(src), synchronous);
}

CUresult copyFromDevice(Driver &driver, CUctx_st *context, CUstream stream, void *dst, CUdeviceptr src,
                        size_t bytes, bool synchronous, const char *api) {
  void *from = nullptr;
  if (CUresult r = deviceRange(driver, src, bytes, "copy from device", api, &from))
    return r;
  if (bytes && !dst)
    return CUDA_ERROR_INVALID_VALUE;
  return copyOnStream(driver, context, stream, dst, from, bytes, driver.isPageable(dst), false, synchronous);
}

CUresult copyOnDevice(Driver &driver, CUctx_st *context, CUstream stream, CUdeviceptr dst, CUdeviceptr src,
                      size_t bytes, bool synchronous, const char *api) {
  void *to = nullptr, *from = nullptr;
  if (CUresult r = deviceRange(driver, src, bytes, "device to device copy (source)", api, &from))
    return r;
  if (CUresult r = deviceRange(driver, dst, bytes, "device to device copy (destination)", api, &to))
    return r;
  return copyOnStream(driver, context, stream, to, from, bytes, false, false, synchronous);
}

} // namespace

extern "C" {

CUresult CUDAAPI cuMemAlloc_v2(CUdeviceptr *dptr, size_t bytesize) {
  P2M_API_ENTER_CONTEXT();
  return allocate(driver, context, dptr, bytesize, MemoryKind::Device, "cuMemAlloc");
}

CUresult CUDAAPI cuMemFree_v2(CUdeviceptr dptr) {
  P2M_API_ENTER_CONTEXT();
  if (dptr == 0)
    return CUDA_SUCCESS;
  if (CUresult r = driver.synchronizeAll())
    return r;
  if (CUresult r = driver.checkContext(context))
    return r;
  return freeMemory(driver, dptr, "cuMemFree");
}

// Apple GPUs and the host backend share memory with the CPU: managed memory is an ordinary
// allocation that both sides reach at the same address.
CUresult CUDAAPI cuMemAllocManaged(CUdeviceptr *dptr, size_t bytesize, unsigned int flags) {
  P2M_API_ENTER_CONTEXT();
  if (flags != CU_MEM_ATTACH_GLOBAL && flags != CU_MEM_ATTACH_HOST)
    return CUDA_ERROR_INVALID_VALUE;
  return allocate(driver, context, dptr, bytesize, MemoryKind::Managed, "cuMemAllocManaged");
}

// Rows padded to a multiple of CU_DEVICE_ATTRIBUTE_TEXTURE_PITCH_ALIGNMENT (256 bytes).
CUresult CUDAAPI cuMemAllocPitch_v2(CUdeviceptr *dptr, size_t *pPitch, size_t WidthInBytes, size_t Height,
                                    unsigned int ElementSizeBytes) {
  P2M_API_ENTER_CONTEXT();
  if (!dptr || !pPitch || WidthInBytes == 0 || Height == 0 ||
      (ElementSizeBytes != 4 && ElementSizeBytes != 8 && ElementSizeBytes != 16))
    return CUDA_ERROR_INVALID_VALUE;
  constexpr size_t kAlignment = 256;
  if (WidthInBytes > SIZE_MAX - kAlignment)
    return CUDA_ERROR_INVALID_VALUE;
  size_t pitch = (WidthInBytes + kAlignment - 1) / kAlignment * kAlignment;
  if (Height > SIZE_MAX / pitch)
    return CUDA_ERROR_OUT_OF_MEMORY;
  if (CUresult r = allocate(driver, context, dptr, pitch * Height, MemoryKind::Device, "cuMemAllocPitch"))
    return r;
  *pPitch = pitch;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemGetAddressRange_v2(CUdeviceptr *pbase, size_t *psize, CUdeviceptr dptr) {
  P2M_API_ENTER_CONTEXT();
  (void)context;
  p2m::runtime::AllocationInfo info;
  if (!driver.device().allocations().describe(dptr, &info)) {
    p2m::runtime::logMessage("cuMemGetAddressRange: the address is in no allocation");
    return CUDA_ERROR_NOT_FOUND;
  }
  if (pbase)
    *pbase = info.base;
  if (psize)
    *psize = info.bytes;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemGetInfo_v2(size_t *free, size_t *total) {
  P2M_API_ENTER_CONTEXT();
  (void)context;
  if (!free || !total)
    return CUDA_ERROR_INVALID_VALUE;
  uint64_t all = driver.device().properties().totalMemory;
  uint64_t used = driver.device().allocations().bytesInUse();
  *total = all;
  *free = used < all ? all - used : 0;
  return CUDA_SUCCESS;
}

// Stream-ordered allocation: the memory is allocated at once, which is the order CUDA
// guarantees (it is usable by work enqueued after the call); it is freed when the stream
// reaches the free.
CUresult CUDAAPI cuMemAllocAsync(CUdeviceptr *dptr, size_t bytesize, CUstream hStream) {
  P2M_API_ENTER_CONTEXT();
  if (CUresult r = driver.checkStream(hStream, context))
    return r;
  return allocate(driver, context, dptr, bytesize, MemoryKind::Device, "cuMemAllocAsync");
}

CUresult CUDAAPI cuMemFreeAsync(CUdeviceptr dptr, CUstream hStream) {
  P2M_API_ENTER_CONTEXT();
  if (CUresult r = driver.checkStream(hStream, context))
    return r;
  if (dptr == 0)
    return CUDA_ERROR_INVALID_VALUE; // unlike cuMemFree, CUDA refuses NULL here
  CUctx_st *owner = freeableOwner(driver, dptr);
  if (!owner)
    return freeMemory(driver, dptr, "cuMemFreeAsync"); // the error, logged
  driver.freeing.insert(dptr);
  p2m::cuda::StreamTask task;
  task.work = [d = &driver, dptr, owner] {
    d->freeing.erase(dptr);
    (void)d->device().release(dptr, owner);
  };
  task.runsWhenBroken = true; // the memory goes even if the context broke meanwhile
  driver.enqueue(driver.queueOf(hStream, context), std::move(task));
  return CUDA_SUCCESS;
}

// Hints about where managed memory should live: memory is shared, so there is nothing to move.
CUresult CUDAAPI cuMemAdvise_v2(CUdeviceptr devPtr, size_t count, CUmem_advise advice, CUmemLocation location) {
  P2M_API_ENTER_CONTEXT();
  (void)context, (void)location;
  if (advice < CU_MEM_ADVISE_SET_READ_MOSTLY || advice > CU_MEM_ADVISE_UNSET_ACCESSED_BY)
    return CUDA_ERROR_INVALID_VALUE;
  p2m::runtime::AllocationInfo info;
  if (!driver.device().allocations().describe(devPtr, &info) || info.kind != MemoryKind::Managed)
    return CUDA_ERROR_INVALID_VALUE;
  return toCuResult(driver.device().checkRange(devPtr, count, "cuMemAdvise"), "cuMemAdvise");
}

CUresult CUDAAPI cuMemPrefetchAsync_v2(CUdeviceptr devPtr, size_t count, CUmemLocation location, unsigned int flags,
                                       CUstream hStream) {
  P2M_API_ENTER_CONTEXT();
  (void)location;
  if (flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (CUresult r = driver.checkStream(hStream, context))
    return r;
  p2m::runtime::AllocationInfo info;
  if (!driver.device().allocations().describe(devPtr, &info) || info.kind != MemoryKind::Managed)
    return CUDA_ERROR_INVALID_VALUE;
  return toCuResult(driver.device().checkRange(devPtr, count, "cuMemPrefetchAsync"), "cuMemPrefetchAsync");
}

CUresult CUDAAPI cuMemcpy(CUdeviceptr dst, CUdeviceptr src, size_t ByteCount) {
  P2M_API_ENTER_CONTEXT();
  return copyUnified(driver, context, nullptr, dst, src, ByteCount, true, "cuMemcpy");
}

CUresult CUDAAPI cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t ByteCount, CUstream hStream) {
  P2M_API_ENTER_CONTEXT();
  if (CUresult r = driver.checkStream(hStream, context))
    return r;
  return copyUnified(driver, context, hStream, dst, src, ByteCount, false, "cuMemcpyAsync");
}

// One device: the two contexts share it, so a peer copy is an ordinary copy once both
// contexts are checked (on the destination context's default stream).
CUresult CUDAAPI cuMemcpyPeer(CUdeviceptr dstDevice, CUcontext dstContext, CUdeviceptr srcDevice, CUcontext srcContext,
                              size_t ByteCount) {
  P2M_API_ENTER();
  if (CUresult r = driver.checkContext(dstContext))
    return r;
  if (CUresult r = driver.checkContext(srcContext))
    return r;
  return copyOnDevice(driver, dstContext, nullptr, dstDevice, srcDevice, ByteCount, true, "cuMemcpyPeer");
}

CUresult CUDAAPI cuMemcpyPeerAsync(CUdeviceptr dstDevice, CUcontext dstContext, CUdeviceptr srcDevice,
                                   CUcontext srcContext, size_t ByteCount, CUstream hStream) {
  P2M_API_ENTER();
  if (CUresult r = driver.checkContext(dstContext))
    return r;
  if (CUresult r = driver.checkContext(srcContext))
    return r;
  CUctx_st *streamContext = driver.isStream(hStream) ? hStream->context : driver.current();
  if (CUresult r = driver.checkContext(streamContext))
    return r;
  if (CUresult r = driver.checkStream(hStream, streamContext))
    return r;
  return copyOnDevice(driver, streamContext, hStream, dstDevice, srcDevice, ByteCount, false, "cuMemcpyPeerAsync");
}

CUresult CUDAAPI cuMemcpyHtoD_v2(CUdeviceptr dstDevice, const void *srcHost, size_t ByteCount) {
  P2M_API_ENTER_CONTEXT();
  return copyToDevice(driver, context, nullptr, dstDevice, srcHost, ByteCount, true, "cuMemcpyHtoD");
}

CUresult CUDAAPI cuMemcpyDtoH_v2(void *dstHost, CUdeviceptr srcDevice, size_t ByteCount) {
  P2M_API_ENTER_CONTEXT();
  return copyFromDevice(driver, context, nullptr, dstHost, srcDevice, ByteCount, true, "cuMemcpyDtoH");
}

CUresult CUDAAPI cuMemcpyDtoD_v2(CUdeviceptr dstDevice, CUdeviceptr srcDevice, size_t ByteCount) {
  P2M_API_ENTER_CONTEXT();
  return copyOnDevice(driver, context, nullptr, dstDevice, srcDevice, ByteCount, true, "cuMemcpyDtoD");
}

CUresult CUDAAPI cuMemcpyHtoDAsync_v2(CUdeviceptr dstDevice, const void *srcHost, size_t ByteCount, CUstream hStream) {
  P2M_API_ENTER_CONTEXT();
  if (CUresult r = driver.checkStream(hStream, context))
    return r;
  return copyToDevice(driver, context, hStream, dstDevice, srcHost, ByteCount, false, "cuMemcpyHtoDAsync");
}

CUresult CUDAAPI cuMemcpyDtoHAsync_v2(void *dstHost, CUdeviceptr srcDevice, size_t ByteCount, CUstream hStream) {
  P2M_API_ENTER_CONTEXT();
  if (CUresult r = driver.checkStream(hStream, context))
    return r;
  return copyFromDevice(driver, context, hStream, dstHost, srcDevice, ByteCount, false, "cuMemcpyDtoHAsync");
}

CUresult CUDAAPI cuMemcpyDtoDAsync_v2(CUdeviceptr dstDevice, CUdeviceptr srcDevice, size_t ByteCount, CUstream hStream) {
  P2M_API_ENTER_CONTEXT();
  if (CUresult r = driver.checkStream(hStream, context))
    return r;
  return copyOnDevice(driver, context, hStream, dstDevice, srcDevice, ByteCount, false, "cuMemcpyDtoDAsync");
}

CUresult CUDAAPI cuMemsetD8_v2(CUdeviceptr dstDevice, unsigned char uc, size_t N) {
  P2M_API_ENTER_CONTEXT();
  return fillOnStream(driver, context, nullptr, dstDevice, uc, 1, N, true, "cuMemsetD8");
}

CUresult CUDAAPI cuMemsetD16_v2(CUdeviceptr dstDevice, unsigned short us, size_t N) {
  P2M_API_ENTER_CONTEXT();
  return fillOnStream(driver, context, nullptr, dstDevice, us, 2, N, true, "cuMemsetD16");
}

CUresult CUDAAPI cuMemsetD32_v2(CUdeviceptr dstDevice, unsigned int ui, size_t N) {
  P2M_API_ENTER_CONTEXT();
  return fillOnStream(driver, context, nullptr, dstDevice, ui, 4, N, true, "cuMemsetD32");
}

CUresult CUDAAPI cuMemsetD8Async(CUdeviceptr dstDevice, unsigned char uc, size_t N, CUstream hStream) {
  P2M_API_ENTER_CONTEXT();
  if (CUresult r = driver.checkStream(hStream, context))
    return r;
  return fillOnStream(driver, context, hStream, dstDevice, uc, 1, N, false, "cuMemsetD8Async");
}

CUresult CUDAAPI cuMemsetD16Async(CUdeviceptr dstDevice, unsigned short us, size_t N, CUstream hStream) {
  P2M_API_ENTER_CONTEXT();
  if (CUresult r = driver.checkStream(hStream, context))
    return r;
  return fillOnStream(driver, context, hStream, dstDevice, us, 2, N, false, "cuMemsetD16Async");
}

CUresult CUDAAPI cuMemsetD32Async(CUdeviceptr dstDevice, unsigned int ui, size_t N, CUstream hStream) {
  P2M_API_ENTER_CONTEXT();
  if (CUresult r = driver.checkStream(hStream, context))
    return r;
  return fillOnStream(driver, context, hStream, dstDevice, ui, 4, N, false, "cuMemsetD32Async");
}

} // extern "C"
