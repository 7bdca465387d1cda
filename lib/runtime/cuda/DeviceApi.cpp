// cuInit, the driver version and the device queries. There is one device, ordinal 0: the
// backend's. Attributes come from DeviceProperties where the backend knows them; the rest
// are fixed facts of the kernel ABI (warp size 32) or CUDA's defaults, listed in one table.
// The device is on no PCI bus: it reports bus id 0000:00:00.0, and a UUID derived from its name.
#include "Arrays.h"
#include "Driver.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

using p2m::cuda::Driver;

#undef cuDeviceGetUuid
extern "C" CUresult CUDAAPI cuDeviceGetUuid(CUuuid *uuid, CUdevice dev);

namespace {

// Every device call takes CUdevice 0 only.
bool isDevice(CUdevice device) { return device == 0; }

// The compute capability reported: the PTX the shim translates is sm_80-level or below in
// what it may rely on (the translator accepts newer targets where it can).
constexpr int kComputeMajor = 8, kComputeMinor = 0;

bool attributeValue(const p2m::runtime::DeviceProperties &p, CUdevice_attribute attribute, int *value) {
  using L = p2m::cuda::ArrayLimits;
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
  case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR:
    *value = int(p.threadgroupMemoryPerMultiprocessor ? p.threadgroupMemoryPerMultiprocessor : p.maxThreadgroupMemory);
    return true;
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
  case CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR: *value = int(p.maxThreadsPerMultiprocessor); return true;
  case CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR: *value = int(p.maxThreadgroupsPerMultiprocessor); return true;
  case CU_DEVICE_ATTRIBUTE_TEXTURE_PITCH_ALIGNMENT: *value = 256; return true; // cuMemAllocPitch's alignment
  case CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_DIRECT_MANAGED_MEM_ACCESS_FROM_HOST: *value = 1; return true;
  case CU_DEVICE_ATTRIBUTE_CAN_USE_HOST_POINTER_FOR_REGISTERED_MEM: *value = 1; return true;
  case CU_DEVICE_ATTRIBUTE_HOST_REGISTER_SUPPORTED: *value = 1; return true;
  case CU_DEVICE_ATTRIBUTE_READ_ONLY_HOST_REGISTER_SUPPORTED: *value = 1; return true;
  case CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS_USES_HOST_PAGE_TABLES: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_PREEMPTION_SUPPORTED: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_MULTI_GPU_BOARD_GROUP_ID: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_GENERIC_COMPRESSION_SUPPORTED: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_MAX_PERSISTING_L2_CACHE_SIZE: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_MAX_ACCESS_POLICY_WINDOW_SIZE: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_SPARSE_CUDA_ARRAY_SUPPORTED: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_DEFERRED_MAPPING_CUDA_ARRAY_SUPPORTED: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_SUPPORTED: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_TIMELINE_SEMAPHORE_INTEROP_SUPPORTED: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_CAN_FLUSH_REMOTE_WRITES: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_CAN_USE_STREAM_WAIT_VALUE_NOR: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_COOPERATIVE_MULTI_DEVICE_LAUNCH: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_CAN_TEX2D_GATHER: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_SURFACE_ALIGNMENT: *value = 256; return true;
  case CU_DEVICE_ATTRIBUTE_MPS_ENABLED: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_NUMA_CONFIG: *value = CU_DEVICE_NUMA_CONFIG_NONE; return true;
  case CU_DEVICE_ATTRIBUTE_NUMA_ID: *value = -1; return true;
  case CU_DEVICE_ATTRIBUTE_HOST_NUMA_ID: *value = -1; return true;
  case CU_DEVICE_ATTRIBUTE_DMA_BUF_SUPPORTED: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_IPC_EVENT_SUPPORTED: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_MEM_SYNC_DOMAIN_COUNT: *value = 1; return true;
  case CU_DEVICE_ATTRIBUTE_D3D12_CIG_SUPPORTED: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR: *value = kComputeMajor; return true;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR: *value = kComputeMinor; return true;
  case CU_DEVICE_ATTRIBUTE_INTEGRATED: *value = 1; return true; // device memory is host memory
  case CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING: *value = 1; return true;
  case CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY: *value = 1; return true; // kernels reach host memory
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
  case CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY: *value = 1; return true; // device memory is shared memory
  case CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH: *value = p.coResidentGrid ? 1 : 0; return true;
  case CU_DEVICE_ATTRIBUTE_MULTI_GPU_BOARD: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_GLOBAL_L1_CACHE_SUPPORTED: *value = 1; return true;
  case CU_DEVICE_ATTRIBUTE_LOCAL_L1_CACHE_SUPPORTED: *value = 1; return true;
  case CU_DEVICE_ATTRIBUTE_STREAM_PRIORITIES_SUPPORTED: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_CLUSTER_LAUNCH: *value = 0; return true;
  case CU_DEVICE_ATTRIBUTE_SINGLE_TO_DOUBLE_PRECISION_PERF_RATIO: *value = 32; return true;
  case CU_DEVICE_ATTRIBUTE_HOST_NATIVE_ATOMIC_SUPPORTED: *value = 0; return true;
  // CUDA arrays, textures and surfaces (Arrays.h): an H100's limits.
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_WIDTH: *value = L::kTexture1D; return true;
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_WIDTH: *value = L::kTexture2DWidth; return true;
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_HEIGHT: *value = L::kTexture2DHeight; return true;
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_WIDTH:
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_HEIGHT:
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_DEPTH: *value = L::kTexture3D; return true;
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_WIDTH_ALTERNATE:
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_HEIGHT_ALTERNATE: *value = L::kTexture3DAltWidth; return true;
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_DEPTH_ALTERNATE: *value = L::kTexture3DAltDepth; return true;
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_WIDTH:
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_HEIGHT:
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LAYERED_WIDTH: *value = L::kLayeredWidth; return true;
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_LAYERS:
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LAYERED_LAYERS: *value = L::kLayers; return true;
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_GATHER_WIDTH:
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_GATHER_HEIGHT: *value = L::kGather; return true;
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURECUBEMAP_WIDTH:
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURECUBEMAP_LAYERED_WIDTH: *value = L::kCubemap; return true;
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURECUBEMAP_LAYERED_LAYERS: *value = L::kCubemapLayers; return true;
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE1D_WIDTH:
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE1D_LAYERED_WIDTH:
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_LAYERED_WIDTH:
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_LAYERED_HEIGHT:
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACECUBEMAP_WIDTH:
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACECUBEMAP_LAYERED_WIDTH: *value = L::kSurface1D; return true;
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_WIDTH: *value = L::kTexture2DWidth; return true;
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_HEIGHT: *value = L::kTexture2DHeight; return true;
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE3D_WIDTH:
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE3D_HEIGHT:
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE3D_DEPTH: *value = L::kTexture3D; return true;
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE1D_LAYERED_LAYERS:
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_LAYERED_LAYERS: *value = L::kLayers; return true;
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACECUBEMAP_LAYERED_LAYERS: *value = L::kCubemapLayers * 6; return true;
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LINEAR_WIDTH: *value = L::kLinearWidth; return true;
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_WIDTH: *value = L::kLinear2DWidth; return true;
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_HEIGHT: *value = L::kLinear2DHeight; return true;
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_PITCH: *value = L::kLinear2DPitch; return true;
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_MIPMAPPED_WIDTH:
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_MIPMAPPED_HEIGHT:
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_MIPMAPPED_WIDTH: *value = L::kMipmapped; return true;
  // Features with no counterpart here: stream memory operations, shareable handles (IPC,
  // fabric, Win32), RDMA, memory-pool handle types, tensor maps, unified function pointers,
  // multicast, decompression, Vulkan interop, host NUMA and host memory pools, dma_buf.
  case CU_DEVICE_ATTRIBUTE_CAN_USE_STREAM_MEM_OPS_V1:
  case CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS_V1:
  case CU_DEVICE_ATTRIBUTE_CAN_USE_STREAM_WAIT_VALUE_NOR_V1:
  case CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR_SUPPORTED:
  case CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_WIN32_HANDLE_SUPPORTED:
  case CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_WIN32_KMT_HANDLE_SUPPORTED:
  case CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_WITH_CUDA_VMM_SUPPORTED:
  case CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_FLUSH_WRITES_OPTIONS:
  case CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_WRITES_ORDERING:
  case CU_DEVICE_ATTRIBUTE_MEMPOOL_SUPPORTED_HANDLE_TYPES:
  case CU_DEVICE_ATTRIBUTE_TENSOR_MAP_ACCESS_SUPPORTED:
  case CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_FABRIC_SUPPORTED:
  case CU_DEVICE_ATTRIBUTE_UNIFIED_FUNCTION_POINTERS:
  case CU_DEVICE_ATTRIBUTE_MULTICAST_SUPPORTED:
  case CU_DEVICE_ATTRIBUTE_MEM_DECOMPRESS_ALGORITHM_MASK:
  case CU_DEVICE_ATTRIBUTE_MEM_DECOMPRESS_MAXIMUM_LENGTH:
  case CU_DEVICE_ATTRIBUTE_VULKAN_CIG_SUPPORTED:
  case CU_DEVICE_ATTRIBUTE_HOST_NUMA_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED:
  case CU_DEVICE_ATTRIBUTE_HOST_NUMA_MEMORY_POOLS_SUPPORTED:
  case CU_DEVICE_ATTRIBUTE_HOST_NUMA_MULTINODE_IPC_SUPPORTED:
  case CU_DEVICE_ATTRIBUTE_HOST_MEMORY_POOLS_SUPPORTED:
  case CU_DEVICE_ATTRIBUTE_HOST_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED:
  case CU_DEVICE_ATTRIBUTE_HOST_ALLOC_DMA_BUF_SUPPORTED:
  case CU_DEVICE_ATTRIBUTE_ONLY_PARTIAL_HOST_NATIVE_ATOMIC_SUPPORTED: *value = 0; return true;
  // No PCI device: the identifiers are 0, as CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID is.
  case CU_DEVICE_ATTRIBUTE_GPU_PCI_DEVICE_ID:
  case CU_DEVICE_ATTRIBUTE_GPU_PCI_SUBSYSTEM_ID: *value = 0; return true;
  default: return false;
  }
}

// The device's UUID: stable for a device name (FNV-1a over it), with RFC 4122's version 5
// and variant bits, so that tools that parse it see a well-formed one.
CUuuid deviceUuid(const std::string &name) {
  CUuuid uuid;
  uint64_t h1 = 0xcbf29ce484222325ull, h2 = 0x84222325cbf29ce4ull;
  for (char c : name) {
    h1 = (h1 ^ uint8_t(c)) * 0x100000001b3ull;
    h2 = (h2 ^ uint8_t(c)) * 0x100000001b3ull + 1;
  }
  std::memcpy(uuid.bytes, &h1, 8);
  std::memcpy(uuid.bytes + 8, &h2, 8);
  uuid.bytes[6] = char((uuid.bytes[6] & 0x0f) | 0x50);
  uuid.bytes[8] = char((uuid.bytes[8] & 0x3f) | 0x80);
  return uuid;
}

constexpr const char *kPciBusId = "0000:00:00.0";

} // namespace

extern "C" {

CUresult CUDAAPI cuInit(unsigned int flags) {
  p2m::cuda::ApiLock lock;
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

CUresult CUDAAPI cuDeviceGetUuid_v2(CUuuid *uuid, CUdevice dev) {
  P2M_API_ENTER();
  if (!uuid)
    return CUDA_ERROR_INVALID_VALUE;
  if (!isDevice(dev))
    return CUDA_ERROR_INVALID_DEVICE;
  *uuid = deviceUuid(driver.device().properties().name);
  return CUDA_SUCCESS;
}

// The same UUID: MIG instances, where the two differ, do not exist here.
CUresult CUDAAPI cuDeviceGetUuid(CUuuid *uuid, CUdevice dev) { return cuDeviceGetUuid_v2(uuid, dev); }

CUresult CUDAAPI cuDeviceGetPCIBusId(char *pciBusId, int len, CUdevice dev) {
  P2M_API_ENTER();
  if (!pciBusId || len <= 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (!isDevice(dev))
    return CUDA_ERROR_INVALID_DEVICE;
  std::snprintf(pciBusId, size_t(len), "%s", kPciBusId);
  return CUDA_SUCCESS;
}

// Accepts CUDA's forms: [domain]:[bus]:[device].[function] and [bus]:[device].[function], hex.
CUresult CUDAAPI cuDeviceGetByPCIBusId(CUdevice *dev, const char *pciBusId) {
  P2M_API_ENTER();
  if (!dev || !pciBusId)
    return CUDA_ERROR_INVALID_VALUE;
  unsigned domain = 0, bus = 0, device = 0, function = 0;
  char tail = 0;
  int fields = std::sscanf(pciBusId, "%x:%x:%x.%x%c", &domain, &bus, &device, &function, &tail);
  if (fields != 4) {
    domain = 0;
    fields = std::sscanf(pciBusId, "%x:%x.%x%c", &bus, &device, &function, &tail);
    if (fields != 3)
      return CUDA_ERROR_INVALID_VALUE;
  }
  if (domain != 0 || bus != 0 || device != 0 || function != 0)
    return CUDA_ERROR_INVALID_DEVICE;
  *dev = 0;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDeviceGetProperties(CUdevprop *prop, CUdevice dev) {
  P2M_API_ENTER();
  if (!prop)
    return CUDA_ERROR_INVALID_VALUE;
  if (!isDevice(dev))
    return CUDA_ERROR_INVALID_DEVICE;
  const p2m::runtime::DeviceProperties &p = driver.device().properties();
  int value = 0;
  auto attribute = [&](CUdevice_attribute a) { return attributeValue(p, a, &value) ? value : 0; };
  *prop = CUdevprop{};
  prop->maxThreadsPerBlock = attribute(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
  prop->maxThreadsDim[0] = int(p.maxThreadgroupSize.x);
  prop->maxThreadsDim[1] = int(p.maxThreadgroupSize.y);
  prop->maxThreadsDim[2] = int(p.maxThreadgroupSize.z);
  prop->maxGridSize[0] = int(p.maxGridSize.x);
  prop->maxGridSize[1] = int(p.maxGridSize.y);
  prop->maxGridSize[2] = int(p.maxGridSize.z);
  prop->sharedMemPerBlock = attribute(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK);
  prop->totalConstantMemory = attribute(CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY);
  prop->SIMDWidth = int(p.simdWidth);
  prop->memPitch = attribute(CU_DEVICE_ATTRIBUTE_MAX_PITCH);
  prop->regsPerBlock = attribute(CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK);
  prop->clockRate = int(p.clockRateKHz);
  prop->textureAlign = attribute(CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDeviceComputeCapability(int *major, int *minor, CUdevice dev) {
  P2M_API_ENTER();
  if (!major || !minor)
    return CUDA_ERROR_INVALID_VALUE;
  if (!isDevice(dev))
    return CUDA_ERROR_INVALID_DEVICE;
  *major = kComputeMajor;
  *minor = kComputeMinor;
  return CUDA_SUCCESS;
}

// One device: it is no peer of itself (CUDA answers 0 for dev == peerDev too).
CUresult CUDAAPI cuDeviceCanAccessPeer(int *canAccessPeer, CUdevice dev, CUdevice peerDev) {
  P2M_API_ENTER();
  if (!canAccessPeer)
    return CUDA_ERROR_INVALID_VALUE;
  if (!isDevice(dev) || !isDevice(peerDev))
    return CUDA_ERROR_INVALID_DEVICE;
  *canAccessPeer = 0;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDeviceGetP2PAttribute(int *value, CUdevice_P2PAttribute attrib, CUdevice srcDevice,
                                         CUdevice dstDevice) {
  P2M_API_ENTER();
  if (!value)
    return CUDA_ERROR_INVALID_VALUE;
  (void)attrib;
  if (!isDevice(srcDevice) || !isDevice(dstDevice) || srcDevice == dstDevice)
    return CUDA_ERROR_INVALID_DEVICE; // CUDA: the two must be different devices
  return CUDA_ERROR_INVALID_DEVICE;
}

CUresult CUDAAPI cuDeviceGetLuid(char *luid, unsigned int *deviceNodeMask, CUdevice dev) {
  (void)luid, (void)deviceNodeMask, (void)dev;
  return p2m::cuda::notSupported("cuDeviceGetLuid", "LUIDs exist on Windows only");
}

CUresult CUDAAPI cuDeviceGetExecAffinitySupport(int *pi, CUexecAffinityType type, CUdevice dev) {
  P2M_API_ENTER();
  if (!pi || type >= CU_EXEC_AFFINITY_TYPE_MAX)
    return CUDA_ERROR_INVALID_VALUE;
  if (!isDevice(dev))
    return CUDA_ERROR_INVALID_DEVICE;
  *pi = 0;
  return CUDA_SUCCESS;
}

} // extern "C"
