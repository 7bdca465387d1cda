// Host memory the device can reach: page-locked allocations (cuMemAllocHost, cuMemHostAlloc)
// and the program's own memory registered with cuMemHostRegister. Both are entered in the
// device's allocation table (kinds Host and Registered), so kernels and copies may use their
// device addresses, and in the shim's host ranges (by host address), for
// cuMemHostGetDevicePointer, cuMemHostGetFlags and the frees. On the host backend the device
// address of host memory is its host address; the Metal backend cannot register yet
// (MetalBackend.mm says how it would) and cuMemHostRegister answers CUDA_ERROR_NOT_SUPPORTED there.
#include "Driver.h"

#include "runtime/core/Log.h"

using p2m::cuda::Driver;
using p2m::cuda::toCuResult;

#undef cuMemAllocHost
#undef cuMemHostRegister
#undef cuMemHostGetDevicePointer
extern "C" CUresult CUDAAPI cuMemHostRegister(void *p, size_t bytesize, unsigned int Flags);
extern "C" CUresult CUDAAPI cuMemHostRegister_v2(void *p, size_t bytesize, unsigned int Flags);
extern "C" CUresult CUDAAPI cuMemHostGetDevicePointer_v2(CUdeviceptr *pdptr, void *p, unsigned int Flags);
extern "C" CUresult CUDAAPI cuMemAllocHost_v2(void **pp, size_t bytesize);

namespace {

// True when [p, p + bytes) overlaps a host range already known.
bool overlapsHostRange(const Driver &driver, const void *p, size_t bytes) {
  auto start = reinterpret_cast<uintptr_t>(p);
  auto after = driver.hostRanges.lower_bound(start + bytes);
  if (after == driver.hostRanges.begin())
    return false;
  auto it = std::prev(after);
  return it->first + it->second.bytes > start;
}

CUresult allocateHost(Driver &driver, CUctx_st *context, void **pp, size_t bytes, unsigned flags, const char *api) {
  if (!pp || bytes == 0)
    return CUDA_ERROR_INVALID_VALUE;
  uint64_t address = 0;
  if (CUresult r = toCuResult(driver.device().allocate(bytes, context, &address, p2m::runtime::MemoryKind::Host), api))
    return r;
  void *host = driver.device().hostPointer(address);
  driver.hostRanges[reinterpret_cast<uintptr_t>(host)] = Driver::HostRange{address, bytes, flags, false, context};
  *pp = host;
  return CUDA_SUCCESS;
}

} // namespace

extern "C" {

CUresult CUDAAPI cuMemAllocHost_v2(void **pp, size_t bytesize) {
  P2M_API_ENTER_CONTEXT();
  return allocateHost(driver, context, pp, bytesize, 0, "cuMemAllocHost");
}

CUresult CUDAAPI cuMemHostAlloc(void **pp, size_t bytesize, unsigned int Flags) {
  P2M_API_ENTER_CONTEXT();
  constexpr unsigned kKnown = CU_MEMHOSTALLOC_PORTABLE | CU_MEMHOSTALLOC_DEVICEMAP | CU_MEMHOSTALLOC_WRITECOMBINED;
  if (Flags & ~kKnown)
    return CUDA_ERROR_INVALID_VALUE;
  // Write-combining is a caching hint for PCIe transfers; memory here is cached either way.
  return allocateHost(driver, context, pp, bytesize, Flags, "cuMemHostAlloc");
}

CUresult CUDAAPI cuMemFreeHost(void *p) {
  P2M_API_ENTER_CONTEXT();
  (void)context;
  if (CUresult r = driver.synchronizeAll()) // enqueued copies may still use it
    return r;
  auto it = driver.hostRanges.find(reinterpret_cast<uintptr_t>(p));
  if (!p || it == driver.hostRanges.end() || it->second.registered)
    return CUDA_ERROR_INVALID_VALUE;
  Driver::HostRange range = it->second;
  driver.hostRanges.erase(it);
  return toCuResult(driver.device().release(range.device, range.context), "cuMemFreeHost");
}

CUresult CUDAAPI cuMemHostRegister_v2(void *p, size_t bytesize, unsigned int Flags) {
  P2M_API_ENTER_CONTEXT();
  constexpr unsigned kKnown = CU_MEMHOSTREGISTER_PORTABLE | CU_MEMHOSTREGISTER_DEVICEMAP |
                              CU_MEMHOSTREGISTER_IOMEMORY | CU_MEMHOSTREGISTER_READ_ONLY;
  if (!p || bytesize == 0 || (Flags & ~kKnown) || reinterpret_cast<uintptr_t>(p) > UINTPTR_MAX - bytesize)
    return CUDA_ERROR_INVALID_VALUE;
  if (Flags & CU_MEMHOSTREGISTER_IOMEMORY)
    return p2m::cuda::notSupported("cuMemHostRegister", "I/O memory (CU_MEMHOSTREGISTER_IOMEMORY)");
  if (overlapsHostRange(driver, p, bytesize))
    return CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED;
  uint64_t address = 0;
  p2m::runtime::RuntimeStatus s = driver.device().registerHost(p, bytesize, context, &address);
  if (s && s->code == p2m::runtime::RuntimeErrorCode::NotSupported)
    return p2m::cuda::notSupported("cuMemHostRegister", s->message.c_str());
  if (s && s->code == p2m::runtime::RuntimeErrorCode::InvalidValue) {
    // Device memory on the host backend is host memory too: it is registered already.
    p2m::runtime::logMessage("cuMemHostRegister: " + s->message);
    return CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED;
  }
  if (CUresult r = toCuResult(s, "cuMemHostRegister"))
    return r;
  driver.hostRanges[reinterpret_cast<uintptr_t>(p)] = Driver::HostRange{address, bytesize, Flags, true, context};
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemHostRegister(void *p, size_t bytesize, unsigned int Flags) {
  return cuMemHostRegister_v2(p, bytesize, Flags);
}

CUresult CUDAAPI cuMemHostUnregister(void *p) {
  P2M_API_ENTER_CONTEXT();
  (void)context;
  if (CUresult r = driver.synchronizeAll()) // enqueued copies and kernels may still use it
    return r;
  auto it = driver.hostRanges.find(reinterpret_cast<uintptr_t>(p));
  if (!p || it == driver.hostRanges.end() || !it->second.registered)
    return CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED;
  Driver::HostRange range = it->second;
  driver.hostRanges.erase(it);
  return toCuResult(driver.device().release(range.device, range.context), "cuMemHostUnregister");
}

CUresult CUDAAPI cuMemHostGetDevicePointer_v2(CUdeviceptr *pdptr, void *p, unsigned int Flags) {
  P2M_API_ENTER_CONTEXT();
  (void)context;
  if (!pdptr || !p || Flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  uintptr_t base = 0;
  const Driver::HostRange *range = driver.findHostRange(p, &base);
  if (!range)
    return CUDA_ERROR_INVALID_VALUE;
  *pdptr = range->device + (reinterpret_cast<uintptr_t>(p) - base);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemHostGetFlags(unsigned int *pFlags, void *p) {
  P2M_API_ENTER_CONTEXT();
  (void)context;
  if (!pFlags || !p)
    return CUDA_ERROR_INVALID_VALUE;
  uintptr_t base = 0;
  const Driver::HostRange *range = driver.findHostRange(p, &base);
  if (!range)
    return CUDA_ERROR_INVALID_VALUE;
  *pFlags = range->flags;
  return CUDA_SUCCESS;
}

} // extern "C"
