// Device memory: allocation, copies and memsets, every device range checked against the
// live allocations (runtime::Device) so that an out-of-range copy is
// CUDA_ERROR_INVALID_VALUE. Async forms run synchronously (CUDA allows an async call to
// complete before it returns) after checking their stream.
#include "Driver.h"

#include <cstdlib>

using p2m::cuda::Driver;
using p2m::cuda::toCuResult;

namespace {

// The owner of an allocation starting at `address`, if it is a live context's.
CUctx_st *allocationContext(Driver &driver, CUdeviceptr address) {
  auto *owner = static_cast<CUctx_st *>(const_cast<void *>(driver.device().allocations().ownerOf(address)));
  return owner && driver.isContext(owner) ? owner : nullptr;
}

} // namespace

extern "C" {

CUresult CUDAAPI cuMemAlloc_v2(CUdeviceptr *dptr, size_t bytesize) {
  P2M_API_ENTER_CONTEXT();
  if (!dptr)
    return CUDA_ERROR_INVALID_VALUE;
  uint64_t address = 0;
  if (CUresult r = toCuResult(driver.device().allocate(bytesize, context, &address), "cuMemAlloc"))
    return r;
  *dptr = address;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemFree_v2(CUdeviceptr dptr) {
  P2M_API_ENTER_CONTEXT();
  if (dptr == 0)
    return CUDA_SUCCESS; // freeing NULL is a no-op, as in CUDA
  CUctx_st *owner = allocationContext(driver, dptr);
  if (!owner)
    return toCuResult(p2m::runtime::failure(p2m::runtime::RuntimeErrorCode::InvalidValue,
                                            "not the start of a live allocation (double free?)"),
                      "cuMemFree");
  return toCuResult(driver.device().release(dptr, owner), "cuMemFree");
}

CUresult CUDAAPI cuMemGetInfo_v2(size_t *free, size_t *total) {
  P2M_API_ENTER_CONTEXT();
  if (!free || !total)
    return CUDA_ERROR_INVALID_VALUE;
  uint64_t all = driver.device().properties().totalMemory;
  uint64_t used = driver.device().allocations().bytesInUse();
  *total = all;
  *free = used < all ? all - used : 0;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemAllocHost_v2(void **pp, size_t bytesize) {
  P2M_API_ENTER_CONTEXT();
  if (!pp || bytesize == 0)
    return CUDA_ERROR_INVALID_VALUE;
  void *p = std::aligned_alloc(256, (bytesize + 255) / 256 * 256);
  if (!p)
    return CUDA_ERROR_OUT_OF_MEMORY;
  driver.hostAllocations.insert(p);
  *pp = p;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemFreeHost(void *p) {
  P2M_API_ENTER_CONTEXT();
  if (!driver.hostAllocations.erase(p))
    return CUDA_ERROR_INVALID_VALUE;
  std::free(p);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemcpyHtoD_v2(CUdeviceptr dstDevice, const void *srcHost, size_t ByteCount) {
  P2M_API_ENTER_CONTEXT();
  return toCuResult(driver.device().copyToDevice(dstDevice, srcHost, ByteCount), "cuMemcpyHtoD");
}

CUresult CUDAAPI cuMemcpyDtoH_v2(void *dstHost, CUdeviceptr srcDevice, size_t ByteCount) {
  P2M_API_ENTER_CONTEXT();
  return toCuResult(driver.device().copyFromDevice(dstHost, srcDevice, ByteCount), "cuMemcpyDtoH");
}

CUresult CUDAAPI cuMemcpyDtoD_v2(CUdeviceptr dstDevice, CUdeviceptr srcDevice, size_t ByteCount) {
  P2M_API_ENTER_CONTEXT();
  return toCuResult(driver.device().copyOnDevice(dstDevice, srcDevice, ByteCount), "cuMemcpyDtoD");
}

CUresult CUDAAPI cuMemcpyHtoDAsync_v2(CUdeviceptr dstDevice, const void *srcHost, size_t ByteCount, CUstream hStream) {
  P2M_API_ENTER_CONTEXT();
  if (CUresult r = driver.checkStream(hStream, context))
    return r;
  return toCuResult(driver.device().copyToDevice(dstDevice, srcHost, ByteCount), "cuMemcpyHtoDAsync");
}

CUresult CUDAAPI cuMemcpyDtoHAsync_v2(void *dstHost, CUdeviceptr srcDevice, size_t ByteCount, CUstream hStream) {
  P2M_API_ENTER_CONTEXT();
  if (CUresult r = driver.checkStream(hStream, context))
    return r;
  return toCuResult(driver.device().copyFromDevice(dstHost, srcDevice, ByteCount), "cuMemcpyDtoHAsync");
}

CUresult CUDAAPI cuMemcpyDtoDAsync_v2(CUdeviceptr dstDevice, CUdeviceptr srcDevice, size_t ByteCount, CUstream hStream) {
  P2M_API_ENTER_CONTEXT();
  if (CUresult r = driver.checkStream(hStream, context))
    return r;
  return toCuResult(driver.device().copyOnDevice(dstDevice, srcDevice, ByteCount), "cuMemcpyDtoDAsync");
}

CUresult CUDAAPI cuMemsetD8_v2(CUdeviceptr dstDevice, unsigned char uc, size_t N) {
  P2M_API_ENTER_CONTEXT();
  return toCuResult(driver.device().fill(dstDevice, uc, 1, N), "cuMemsetD8");
}

CUresult CUDAAPI cuMemsetD16_v2(CUdeviceptr dstDevice, unsigned short us, size_t N) {
  P2M_API_ENTER_CONTEXT();
  return toCuResult(driver.device().fill(dstDevice, us, 2, N), "cuMemsetD16");
}

CUresult CUDAAPI cuMemsetD32_v2(CUdeviceptr dstDevice, unsigned int ui, size_t N) {
  P2M_API_ENTER_CONTEXT();
  return toCuResult(driver.device().fill(dstDevice, ui, 4, N), "cuMemsetD32");
}

CUresult CUDAAPI cuMemsetD8Async(CUdeviceptr dstDevice, unsigned char uc, size_t N, CUstream hStream) {
  P2M_API_ENTER_CONTEXT();
  if (CUresult r = driver.checkStream(hStream, context))
    return r;
  return toCuResult(driver.device().fill(dstDevice, uc, 1, N), "cuMemsetD8Async");
}

CUresult CUDAAPI cuMemsetD16Async(CUdeviceptr dstDevice, unsigned short us, size_t N, CUstream hStream) {
  P2M_API_ENTER_CONTEXT();
  if (CUresult r = driver.checkStream(hStream, context))
    return r;
  return toCuResult(driver.device().fill(dstDevice, us, 2, N), "cuMemsetD16Async");
}

CUresult CUDAAPI cuMemsetD32Async(CUdeviceptr dstDevice, unsigned int ui, size_t N, CUstream hStream) {
  P2M_API_ENTER_CONTEXT();
  if (CUresult r = driver.checkStream(hStream, context))
    return r;
  return toCuResult(driver.device().fill(dstDevice, ui, 4, N), "cuMemsetD32Async");
}

} // extern "C"
