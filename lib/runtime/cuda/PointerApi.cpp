// cuPointerGetAttribute(s) and cuPointerSetAttribute: what the allocation table and the host
// ranges know about the allocation holding an address (UnifiedAddress.h: device, managed,
// page-locked host and registered memory). Every synchronous memory operation here waits for
// its copy (docs/runtime.md, "Streams"), so CU_POINTER_ATTRIBUTE_SYNC_MEMOPS is always 1.
#include "Driver.h"

#include "runtime/core/Log.h"

#include <cstring>

using p2m::cuda::Driver;
using p2m::runtime::AllocationInfo;
using p2m::runtime::MemoryKind;

namespace {

struct PointerInfo {
  AllocationInfo allocation; // device addresses
  CUctx_st *context = nullptr;
  uint64_t address = 0;      // the queried address as a device address
  void *host = nullptr;      // where the host reaches it; null for plain device memory
};

// The allocation holding `ptr` (a device address, or a host address of reachable host memory).
bool describe(Driver &driver, CUdeviceptr ptr, PointerInfo *out) {
  const p2m::runtime::AllocationTable &table = driver.device().allocations();
  uint64_t address = ptr;
  if (!table.describe(address, &out->allocation)) {
    uintptr_t base = 0;
    const Driver::HostRange *range = driver.findHostRange(reinterpret_cast<const void *>(ptr), &base);
    if (!range)
      return false;
    address = range->device + (ptr - base);
    if (!table.describe(address, &out->allocation))
      return false;
  }
  out->address = address;
  out->context = driver.contextOfOwner(out->allocation.owner);
  if (out->allocation.kind != MemoryKind::Device)
    out->host = driver.device().hostPointer(address);
  return true;
}

CUmemorytype memoryType(MemoryKind kind) {
  switch (kind) {
  case MemoryKind::Host:
  case MemoryKind::Registered: return CU_MEMORYTYPE_HOST;
  case MemoryKind::Device:
  case MemoryKind::Managed: return CU_MEMORYTYPE_DEVICE; // CUDA reports managed memory as device memory
  }
  return CU_MEMORYTYPE_DEVICE;
}

template <typename T> void put(void *data, T value) { std::memcpy(data, &value, sizeof value); }

// One attribute of a described pointer. INVALID_VALUE for an attribute that does not apply
// (a host pointer of device memory), NOT_SUPPORTED for P2P tokens.
CUresult attribute(const PointerInfo &p, CUpointer_attribute attribute, void *data) {
  const AllocationInfo &a = p.allocation;
  switch (attribute) {
  case CU_POINTER_ATTRIBUTE_CONTEXT: put<CUcontext>(data, p.context); return CUDA_SUCCESS;
  case CU_POINTER_ATTRIBUTE_MEMORY_TYPE: put<unsigned>(data, unsigned(memoryType(a.kind))); return CUDA_SUCCESS;
  case CU_POINTER_ATTRIBUTE_DEVICE_POINTER: put<CUdeviceptr>(data, p.address); return CUDA_SUCCESS;
  case CU_POINTER_ATTRIBUTE_HOST_POINTER:
    if (!p.host)
      return CUDA_ERROR_INVALID_VALUE; // device memory is not the host's (as in CUDA)
    put<void *>(data, p.host);
    return CUDA_SUCCESS;
  case CU_POINTER_ATTRIBUTE_P2P_TOKENS: return p2m::cuda::notSupported("cuPointerGetAttribute", "P2P tokens");
  case CU_POINTER_ATTRIBUTE_SYNC_MEMOPS: put<int>(data, 1); return CUDA_SUCCESS;
  case CU_POINTER_ATTRIBUTE_BUFFER_ID:
  case CU_POINTER_ATTRIBUTE_MEMORY_BLOCK_ID: put<unsigned long long>(data, a.id); return CUDA_SUCCESS;
  case CU_POINTER_ATTRIBUTE_IS_MANAGED: put<int>(data, a.kind == MemoryKind::Managed); return CUDA_SUCCESS;
  case CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL: put<int>(data, 0); return CUDA_SUCCESS;
  case CU_POINTER_ATTRIBUTE_IS_LEGACY_CUDA_IPC_CAPABLE: put<int>(data, 0); return CUDA_SUCCESS;
  case CU_POINTER_ATTRIBUTE_RANGE_START_ADDR:
  case CU_POINTER_ATTRIBUTE_MAPPING_BASE_ADDR: put<CUdeviceptr>(data, a.base); return CUDA_SUCCESS;
  case CU_POINTER_ATTRIBUTE_RANGE_SIZE:
  case CU_POINTER_ATTRIBUTE_MAPPING_SIZE: put<size_t>(data, size_t(a.bytes)); return CUDA_SUCCESS;
  case CU_POINTER_ATTRIBUTE_MAPPED: put<int>(data, 1); return CUDA_SUCCESS;
  case CU_POINTER_ATTRIBUTE_ALLOWED_HANDLE_TYPES: put<unsigned long long>(data, CU_MEM_HANDLE_TYPE_NONE); return CUDA_SUCCESS;
  case CU_POINTER_ATTRIBUTE_IS_GPU_DIRECT_RDMA_CAPABLE: put<int>(data, 0); return CUDA_SUCCESS;
  case CU_POINTER_ATTRIBUTE_ACCESS_FLAGS:
    put<unsigned>(data, unsigned(CU_POINTER_ATTRIBUTE_ACCESS_FLAG_READWRITE));
    return CUDA_SUCCESS;
  case CU_POINTER_ATTRIBUTE_MEMPOOL_HANDLE: put<CUmemoryPool>(data, nullptr); return CUDA_SUCCESS;
  case CU_POINTER_ATTRIBUTE_IS_HW_DECOMPRESS_CAPABLE: put<int>(data, 0); return CUDA_SUCCESS;
  }
  return CUDA_ERROR_INVALID_VALUE;
}

// cuPointerGetAttributes' answer for an address CUDA does not know: zero / null, except the
// memory type 0 and the device ordinal -2 as CUDA documents for such pointers.
void unknownAttribute(CUpointer_attribute attribute, void *data) {
  switch (attribute) {
  case CU_POINTER_ATTRIBUTE_CONTEXT: put<CUcontext>(data, nullptr); break;
  case CU_POINTER_ATTRIBUTE_MEMORY_TYPE: put<unsigned>(data, 0); break;
  case CU_POINTER_ATTRIBUTE_DEVICE_POINTER:
  case CU_POINTER_ATTRIBUTE_RANGE_START_ADDR:
  case CU_POINTER_ATTRIBUTE_MAPPING_BASE_ADDR: put<CUdeviceptr>(data, 0); break;
  case CU_POINTER_ATTRIBUTE_HOST_POINTER: put<void *>(data, nullptr); break;
  case CU_POINTER_ATTRIBUTE_BUFFER_ID:
  case CU_POINTER_ATTRIBUTE_MEMORY_BLOCK_ID:
  case CU_POINTER_ATTRIBUTE_ALLOWED_HANDLE_TYPES: put<unsigned long long>(data, 0); break;
  case CU_POINTER_ATTRIBUTE_RANGE_SIZE:
  case CU_POINTER_ATTRIBUTE_MAPPING_SIZE: put<size_t>(data, 0); break;
  case CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL: put<int>(data, -2); break;
  case CU_POINTER_ATTRIBUTE_ACCESS_FLAGS: put<unsigned>(data, 0); break;
  case CU_POINTER_ATTRIBUTE_MEMPOOL_HANDLE: put<CUmemoryPool>(data, nullptr); break;
  case CU_POINTER_ATTRIBUTE_P2P_TOKENS: break;
  default: put<int>(data, 0); break;
  }
}

} // namespace

extern "C" {

CUresult CUDAAPI cuPointerGetAttribute(void *data, CUpointer_attribute attribute, CUdeviceptr ptr) {
  P2M_API_ENTER();
  if (!data)
    return CUDA_ERROR_INVALID_VALUE;
  PointerInfo info;
  if (!describe(driver, ptr, &info)) {
    p2m::runtime::logMessage("cuPointerGetAttribute: the address is in no allocation");
    return CUDA_ERROR_INVALID_VALUE;
  }
  return ::attribute(info, attribute, data);
}

// Unlike cuPointerGetAttribute, an address CUDA does not know is no error here: its
// attributes read as null / zero.
CUresult CUDAAPI cuPointerGetAttributes(unsigned int numAttributes, CUpointer_attribute *attributes, void **data,
                                        CUdeviceptr ptr) {
  P2M_API_ENTER();
  if (numAttributes == 0 || !attributes || !data)
    return CUDA_ERROR_INVALID_VALUE;
  for (unsigned i = 0; i < numAttributes; ++i)
    if (!data[i])
      return CUDA_ERROR_INVALID_VALUE;
  PointerInfo info;
  bool known = describe(driver, ptr, &info);
  for (unsigned i = 0; i < numAttributes; ++i) {
    if (!known) {
      unknownAttribute(attributes[i], data[i]);
      continue;
    }
    if (attributes[i] == CU_POINTER_ATTRIBUTE_HOST_POINTER && !info.host) {
      put<void *>(data[i], nullptr); // device memory: no host pointer, and no error here
      continue;
    }
    if (CUresult r = ::attribute(info, attributes[i], data[i]))
      return r;
  }
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuPointerSetAttribute(const void *value, CUpointer_attribute attribute, CUdeviceptr ptr) {
  P2M_API_ENTER();
  if (!value || attribute != CU_POINTER_ATTRIBUTE_SYNC_MEMOPS)
    return CUDA_ERROR_INVALID_VALUE; // the only attribute CUDA lets a program set
  PointerInfo info;
  if (!describe(driver, ptr, &info))
    return CUDA_ERROR_INVALID_VALUE;
  return CUDA_SUCCESS; // synchronous memory operations always synchronize already
}

} // extern "C"
