// cuInit, the driver version and the device queries. There is one device, ordinal 0: the
// backend's. Attributes come from DeviceProperties where the backend knows them; the rest
// are fixed facts of the kernel ABI (warp size 32) or CUDA's defaults, listed in one table.
#include "Driver.h"

#include <algorithm>
#include <cstring>

using p2m::cuda::Driver;

namespace {

// Every device call takes CUdevice 0 only.
bool isDevice(CUdevice device) { return device == 0; }

// The compute capability reported: the PTX the shim translates is sm_80-level or below in
// what it may rely on (the translator accepts newer targets where it can).
constexpr int kComputeMajor = 8, kComputeMinor = 0;

bool attributeValue(const p2m::runtime::DeviceProperties &p, CUdevice_attribute attribute, int *value) {
  int sharedPerBlock = int(std::min<uint32_t>(p.maxThreadgroupMemory, 48 * 1024));
  switch (attribute) {
  case CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK: *value = int(p.maxThreadsPerThreadgroup); return true;
  case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X: *value = int(p.maxThreadgroupSize.x); return true;
  case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y: *value = int(p.maxThreadgroupSize.y); return true;
  case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z: *value = int(p.maxThreadgroupSize.z); return true;
  case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X: *value = int(p.maxGridSize.x); return true;
  case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y: *value = int(p.maxGridSize.y); return true;
  case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z: *value = int(p.maxGridSize.z); return true;
  case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK: *value = sharedPerBlock; return true;
  case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN: *value = int(p.maxThreadgroupMemory); return true;
  case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR: *value = int(p.maxThreadgroupMemory); return true;
  case CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY: *value = 64 * 1024; return true;
  case CU_DEVICE_ATTRIBUTE_WARP_SIZE: *value = int(p.simdWidth); return true;
  case CU_DEVICE_ATTRIBUTE_MAX_PITCH: *value = 0x7fffffff; return true;
  case CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK: *value = 65536; return true;
  case CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR: *value = 65536; return true;
  case CU_DEVICE_ATTRIBUTE_CLOCK_RATE: *value = int(p.clockRateKHz); return true;
  case CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE: *value = int(p.clockRateKHz); return true;
  case CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH: *value = 128; return true;
  case CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE: *value = 4 * 1024 * 1024; return true;
  case CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT: *value = 256; return true;
  case CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT: *value = int(p.multiprocessors); return true;
  case CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR: *value = int(p.maxThreadsPerThreadgroup); return true;
  case CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR: *value = 1; return true;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR: *value = kComputeMajor; return true;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR: *value = kComputeMinor; return true;
  case CU_DEVICE_ATTRIBUTE_INTEGRATED: *value = 1; return true; // device memory is host memory
  case CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING: *value = 1; return true;
  case CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_MODE: *value = CU_COMPUTEMODE_DEFAULT; return true;
  case CU_DEVICE_ATTRIBUTE_CONCURRENT_KERNELS: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_GPU_OVERLAP: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_KERNEL_EXEC_TIMEOUT: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_ECC_ENABLED: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_TCC_DRIVER: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_PCI_BUS_ID: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_MULTI_GPU_BOARD: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_GLOBAL_L1_CACHE_SUPPORTED: *value = 1; return true;
  case CU_DEVICE_ATTRIBUTE_LOCAL_L1_CACHE_SUPPORTED: *value = 1; return true;
  case CU_DEVICE_ATTRIBUTE_STREAM_PRIORITIES_SUPPORTED: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_CLUSTER_LAUNCH: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_SINGLE_TO_DOUBLE_PRECISION_PERF_RATIO: *value = 32; return true;
  case CU_DEVICE_ATTRIBUTE_HOST_NATIVE_ATOMIC_SUPPORTED: *value = 0; return true;
  default: return false;
  }
}

} // namespace

extern "C" {

CUresult CUDAAPI cuInit(unsigned int flags) {
  std::lock_guard<std::recursive_mutex> lock(Driver::get().mutex);
  return Driver::get().initialize(flags);
}

CUresult CUDAAPI cuDriverGetVersion(int *driverVersion) {
  if (!driverVersion)
    return CUDA_ERROR_INVALID_VALUE;
  *driverVersion = CUDA_VERSION; // the API this shim implements (the cuda.h it was built with)
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDeviceGetCount(int *count) {
  P2M_API_ENTER();
  if (!count)
    return CUDA_ERROR_INVALID_VALUE;
  *count = 1;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDeviceGet(CUdevice *device, int ordinal) {
  P2M_API_ENTER();
  if (!device)
    return CUDA_ERROR_INVALID_VALUE;
  if (ordinal != 0)
    return CUDA_ERROR_INVALID_DEVICE;
  *device = 0;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDeviceGetName(char *name, int len, CUdevice dev) {
  P2M_API_ENTER();
  if (!name || len <= 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (!isDevice(dev))
    return CUDA_ERROR_INVALID_DEVICE;
  const std::string &full = driver.device().properties().name;
  size_t n = std::min(full.size(), size_t(len - 1));
  std::memcpy(name, full.data(), n);
  name[n] = '\0';
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDeviceTotalMem_v2(size_t *bytes, CUdevice dev) {
  P2M_API_ENTER();
  if (!bytes)
    return CUDA_ERROR_INVALID_VALUE;
  if (!isDevice(dev))
    return CUDA_ERROR_INVALID_DEVICE;
  *bytes = driver.device().properties().totalMemory;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDeviceGetAttribute(int *pi, CUdevice_attribute attrib, CUdevice dev) {
  P2M_API_ENTER();
  if (!pi)
    return CUDA_ERROR_INVALID_VALUE;
  if (!isDevice(dev))
    return CUDA_ERROR_INVALID_DEVICE;
  if (!attributeValue(driver.device().properties(), attrib, pi))
    return CUDA_ERROR_INVALID_VALUE;
  return CUDA_SUCCESS;
}

} // extern "C"
