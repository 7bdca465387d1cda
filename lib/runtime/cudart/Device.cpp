// Device management: the one device (device 0), its properties (every cudaDeviceProp field from
// the driver's answer to the matching attribute, so both APIs agree), flags, limits, peer access
// (there is no peer), versions and the profiler controls.
#include "Graph.h"
#include "Runtime.h"

#include "runtime/core/EnumBits.h"
#include "runtime/core/Log.h"

#include <cudaProfiler.h>

#include <cstring>

using namespace p2m::cudart;

namespace {

// The version this runtime implements (CUDA 13.0), as cudaRuntimeGetVersion reports it.
constexpr int kRuntimeVersion = 13000;

thread_local unsigned deviceFlags = cudaDeviceScheduleAuto;

cudaError_t checkDevice(int device) { return device == 0 ? cudaSuccess : cudaErrorInvalidDevice; }

int attribute(CUdevice_attribute a) {
  int value = 0;
  cuDeviceGetAttribute(&value, a, 0);
  return value;
}

void fillProperties(cudaDeviceProp &p) {
  p = {};
  cuDeviceGetName(p.name, sizeof p.name, 0);
  CUuuid uuid{};
  cuDeviceGetUuid(&uuid, 0);
  std::memcpy(&p.uuid, &uuid, sizeof uuid);
  size_t total = 0;
  cuDeviceTotalMem(&total, 0);
  p.totalGlobalMem = total;
  p.sharedMemPerBlock = size_t(attribute(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK));
  p.regsPerBlock = attribute(CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK);
  p.warpSize = attribute(CU_DEVICE_ATTRIBUTE_WARP_SIZE);
  p.memPitch = size_t(attribute(CU_DEVICE_ATTRIBUTE_MAX_PITCH));
  p.maxThreadsPerBlock = attribute(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
  p.maxThreadsDim[0] = attribute(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X);
  p.maxThreadsDim[1] = attribute(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y);
  p.maxThreadsDim[2] = attribute(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z);
  p.maxGridSize[0] = attribute(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X);
  p.maxGridSize[1] = attribute(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y);
  p.maxGridSize[2] = attribute(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z);
  p.totalConstMem = size_t(attribute(CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY));
  p.major = attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
  p.minor = attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
  p.textureAlignment = size_t(attribute(CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT));
  p.texturePitchAlignment = size_t(attribute(CU_DEVICE_ATTRIBUTE_TEXTURE_PITCH_ALIGNMENT));
  p.multiProcessorCount = attribute(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
  p.integrated = attribute(CU_DEVICE_ATTRIBUTE_INTEGRATED);
  p.canMapHostMemory = attribute(CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY);
  p.maxTexture1D = attribute(CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_WIDTH);
  p.maxTexture1DMipmap = attribute(CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_MIPMAPPED_WIDTH);
  p.maxTexture2D[0] = attribute(CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_WIDTH);
  p.maxTexture2D[1] = attribute(CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_HEIGHT);
  p.maxTexture2DMipmap[0] = attribute(CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_MIPMAPPED_WIDTH);
  p.maxTexture2DMipmap[1] = attribute(CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_MIPMAPPED_HEIGHT);
  p.maxTexture2DLinear[0] = attribute(CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_WIDTH);
  p.maxTexture2DLinear[1] = attribute(CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_HEIGHT);
  p.maxTexture2DLinear[2] = attribute(CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_PITCH);
  p.maxTexture2DGather[0] = attribute(CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_GATHER_WIDTH);
  p.maxTexture2DGather[1] = attribute(CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_GATHER_HEIGHT);
  p.maxTexture3D[0] = attribute(CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_WIDTH);
  p.maxTexture3D[1] = attribute(CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_HEIGHT);
  p.maxTexture3D[2] = attribute(CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_DEPTH);
  p.maxTexture3DAlt[0] = attribute(CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_WIDTH_ALTERNATE);
  p.maxTexture3DAlt[1] = attribute(CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_HEIGHT_ALTERNATE);
  p.maxTexture3DAlt[2] = attribute(CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_DEPTH_ALTERNATE);
  p.maxTextureCubemap = attribute(CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURECUBEMAP_WIDTH);
  p.maxTexture1DLayered[0] = attribute(CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LAYERED_WIDTH);
  p.maxTexture1DLayered[1] = attribute(CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LAYERED_LAYERS);
  p.maxTexture2DLayered[0] = attribute(CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_WIDTH);
  p.maxTexture2DLayered[1] = attribute(CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_HEIGHT);
  p.maxTexture2DLayered[2] = attribute(CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_LAYERS);
  p.maxTextureCubemapLayered[0] = attribute(CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURECUBEMAP_LAYERED_WIDTH);
  p.maxTextureCubemapLayered[1] = attribute(CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURECUBEMAP_LAYERED_LAYERS);
  p.maxSurface1D = attribute(CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE1D_WIDTH);
  p.maxSurface2D[0] = attribute(CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_WIDTH);
  p.maxSurface2D[1] = attribute(CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_HEIGHT);
  p.maxSurface3D[0] = attribute(CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE3D_WIDTH);
  p.maxSurface3D[1] = attribute(CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE3D_HEIGHT);
  p.maxSurface3D[2] = attribute(CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE3D_DEPTH);
  p.maxSurface1DLayered[0] = attribute(CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE1D_LAYERED_WIDTH);
  p.maxSurface1DLayered[1] = attribute(CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE1D_LAYERED_LAYERS);
  p.maxSurface2DLayered[0] = attribute(CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_LAYERED_WIDTH);
  p.maxSurface2DLayered[1] = attribute(CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_LAYERED_HEIGHT);
  p.maxSurface2DLayered[2] = attribute(CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_LAYERED_LAYERS);
  p.maxSurfaceCubemap = attribute(CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACECUBEMAP_WIDTH);
  p.maxSurfaceCubemapLayered[0] = attribute(CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACECUBEMAP_LAYERED_WIDTH);
  p.maxSurfaceCubemapLayered[1] = attribute(CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACECUBEMAP_LAYERED_LAYERS);
  p.surfaceAlignment = size_t(attribute(CU_DEVICE_ATTRIBUTE_SURFACE_ALIGNMENT));
  p.concurrentKernels = attribute(CU_DEVICE_ATTRIBUTE_CONCURRENT_KERNELS);
  p.ECCEnabled = attribute(CU_DEVICE_ATTRIBUTE_ECC_ENABLED);
  p.pciBusID = attribute(CU_DEVICE_ATTRIBUTE_PCI_BUS_ID);
  p.pciDeviceID = attribute(CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID);
  p.pciDomainID = attribute(CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID);
  p.tccDriver = attribute(CU_DEVICE_ATTRIBUTE_TCC_DRIVER);
  p.asyncEngineCount = attribute(CU_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT);
  p.unifiedAddressing = attribute(CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING);
  p.memoryBusWidth = attribute(CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH);
  p.l2CacheSize = attribute(CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE);
  p.persistingL2CacheMaxSize = attribute(CU_DEVICE_ATTRIBUTE_MAX_PERSISTING_L2_CACHE_SIZE);
  p.maxThreadsPerMultiProcessor = attribute(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR);
  p.streamPrioritiesSupported = attribute(CU_DEVICE_ATTRIBUTE_STREAM_PRIORITIES_SUPPORTED);
  p.globalL1CacheSupported = attribute(CU_DEVICE_ATTRIBUTE_GLOBAL_L1_CACHE_SUPPORTED);
  p.localL1CacheSupported = attribute(CU_DEVICE_ATTRIBUTE_LOCAL_L1_CACHE_SUPPORTED);
  p.sharedMemPerMultiprocessor = size_t(attribute(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR));
  p.regsPerMultiprocessor = attribute(CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR);
  p.managedMemory = attribute(CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY);
  p.isMultiGpuBoard = attribute(CU_DEVICE_ATTRIBUTE_MULTI_GPU_BOARD);
  p.multiGpuBoardGroupID = attribute(CU_DEVICE_ATTRIBUTE_MULTI_GPU_BOARD_GROUP_ID);
  p.hostNativeAtomicSupported = attribute(CU_DEVICE_ATTRIBUTE_HOST_NATIVE_ATOMIC_SUPPORTED);
  p.pageableMemoryAccess = attribute(CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS);
  p.concurrentManagedAccess = attribute(CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS);
  p.computePreemptionSupported = attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_PREEMPTION_SUPPORTED);
  p.canUseHostPointerForRegisteredMem = attribute(CU_DEVICE_ATTRIBUTE_CAN_USE_HOST_POINTER_FOR_REGISTERED_MEM);
  p.cooperativeLaunch = attribute(CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH);
  p.sharedMemPerBlockOptin = size_t(attribute(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN));
  p.pageableMemoryAccessUsesHostPageTables = attribute(CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS_USES_HOST_PAGE_TABLES);
  p.directManagedMemAccessFromHost = attribute(CU_DEVICE_ATTRIBUTE_DIRECT_MANAGED_MEM_ACCESS_FROM_HOST);
  p.maxBlocksPerMultiProcessor = attribute(CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR);
  p.accessPolicyMaxWindowSize = attribute(CU_DEVICE_ATTRIBUTE_MAX_ACCESS_POLICY_WINDOW_SIZE);
  p.reservedSharedMemPerBlock = size_t(attribute(CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK));
  p.hostRegisterSupported = attribute(CU_DEVICE_ATTRIBUTE_HOST_REGISTER_SUPPORTED);
  p.sparseCudaArraySupported = attribute(CU_DEVICE_ATTRIBUTE_SPARSE_CUDA_ARRAY_SUPPORTED);
  p.hostRegisterReadOnlySupported = attribute(CU_DEVICE_ATTRIBUTE_READ_ONLY_HOST_REGISTER_SUPPORTED);
  p.timelineSemaphoreInteropSupported = attribute(CU_DEVICE_ATTRIBUTE_TIMELINE_SEMAPHORE_INTEROP_SUPPORTED);
  p.memoryPoolsSupported = attribute(CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED);
  p.gpuDirectRDMASupported = attribute(CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_SUPPORTED);
  p.gpuDirectRDMAFlushWritesOptions = unsigned(attribute(CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_FLUSH_WRITES_OPTIONS));
  p.gpuDirectRDMAWritesOrdering = attribute(CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_WRITES_ORDERING);
  p.memoryPoolSupportedHandleTypes = unsigned(attribute(CU_DEVICE_ATTRIBUTE_MEMPOOL_SUPPORTED_HANDLE_TYPES));
  p.deferredMappingCudaArraySupported = attribute(CU_DEVICE_ATTRIBUTE_DEFERRED_MAPPING_CUDA_ARRAY_SUPPORTED);
  p.ipcEventSupported = attribute(CU_DEVICE_ATTRIBUTE_IPC_EVENT_SUPPORTED);
  p.clusterLaunch = attribute(CU_DEVICE_ATTRIBUTE_CLUSTER_LAUNCH);
  p.unifiedFunctionPointers = attribute(CU_DEVICE_ATTRIBUTE_UNIFIED_FUNCTION_POINTERS);
  p.deviceNumaConfig = attribute(CU_DEVICE_ATTRIBUTE_NUMA_CONFIG);
  p.deviceNumaId = attribute(CU_DEVICE_ATTRIBUTE_NUMA_ID);
  p.mpsEnabled = attribute(CU_DEVICE_ATTRIBUTE_MPS_ENABLED);
  p.hostNumaId = attribute(CU_DEVICE_ATTRIBUTE_HOST_NUMA_ID);
  p.gpuPciDeviceID = unsigned(attribute(CU_DEVICE_ATTRIBUTE_GPU_PCI_DEVICE_ID));
  p.gpuPciSubsystemID = unsigned(attribute(CU_DEVICE_ATTRIBUTE_GPU_PCI_SUBSYSTEM_ID));
  p.hostNumaMultinodeIpcSupported = attribute(CU_DEVICE_ATTRIBUTE_HOST_NUMA_MULTINODE_IPC_SUPPORTED);
}

} // namespace

extern "C" {

cudaError_t CUDARTAPI cudaGetDeviceCount(int *count) {
  if (!count)
    return record(cudaErrorInvalidValue);
  cudaError_t e = Runtime::get().ensureContext();
  *count = e == cudaSuccess ? 1 : 0;
  return record(e == cudaErrorNoDevice || e == cudaErrorInitializationError ? cudaErrorNoDevice : e);
}

cudaError_t CUDARTAPI cudaSetDevice(int device) {
  if (cudaError_t e = checkDevice(device))
    return record(e);
  P2M_CUDART_ENTER();
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaInitDevice(int device, unsigned int deviceFlags, unsigned int flags) {
  if (cudaError_t e = checkDevice(device))
    return record(e);
  (void)deviceFlags;
  if (flags != 0)
    return record(cudaErrorInvalidValue);
  P2M_CUDART_ENTER();
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaGetDevice(int *device) {
  if (!device)
    return record(cudaErrorInvalidValue);
  *device = 0;
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaSetValidDevices(int *deviceArr, int len) {
  if (len < 0 || (len > 0 && !deviceArr))
    return record(cudaErrorInvalidValue);
  for (int i = 0; i < len; ++i)
    if (deviceArr[i] != 0)
      return record(cudaErrorInvalidDevice);
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaChooseDevice(int *device, const struct cudaDeviceProp *prop) {
  if (!device || !prop)
    return record(cudaErrorInvalidValue);
  *device = 0; // the only one, whatever is asked for
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device) {
  if (!prop)
    return record(cudaErrorInvalidValue);
  if (cudaError_t e = checkDevice(device))
    return record(e);
  P2M_CUDART_ENTER();
  fillProperties(*prop);
  return cudaSuccess;
}

// cudaDeviceAttr's values are CUdevice_attribute's.
cudaError_t CUDARTAPI cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int device) {
  if (!value)
    return record(cudaErrorInvalidValue);
  if (cudaError_t e = checkDevice(device))
    return record(e);
  P2M_CUDART_ENTER();
  long long bits = p2m::runtime::enumBits(attr);
  if (bits < 1 || bits >= CU_DEVICE_ATTRIBUTE_MAX) // no enumerator: not even a value of the type
    return record(cudaErrorInvalidValue);
  return fromDriver(cuDeviceGetAttribute(value, CUdevice_attribute(bits), 0));
}

cudaError_t CUDARTAPI cudaDeviceGetPCIBusId(char *pciBusId, int len, int device) {
  if (cudaError_t e = checkDevice(device))
    return record(e);
  P2M_CUDART_ENTER();
  return fromDriver(cuDeviceGetPCIBusId(pciBusId, len, 0));
}

cudaError_t CUDARTAPI cudaDeviceGetByPCIBusId(int *device, const char *pciBusId) {
  P2M_CUDART_ENTER();
  CUdevice d = 0;
  if (cudaError_t e = fromDriver(cuDeviceGetByPCIBusId(&d, pciBusId)))
    return e;
  if (!device)
    return record(cudaErrorInvalidValue);
  *device = int(d);
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaDeviceSynchronize(void) {
  P2M_CUDART_ENTER();
  if (cudaError_t e = checkNoImplicitCapture(nullptr, cudaErrorStreamCaptureUnsupported))
    return record(e);
  return fromDriver(cuCtxSynchronize());
}

cudaError_t CUDARTAPI cudaDeviceReset(void) { return record(Runtime::get().resetDevice()); }

cudaError_t CUDARTAPI cudaSetDeviceFlags(unsigned int flags) {
  unsigned known = cudaDeviceScheduleMask | cudaDeviceMapHost | cudaDeviceLmemResizeToMax | cudaDeviceSyncMemops;
  if (flags & ~known)
    return record(cudaErrorInvalidValue);
  unsigned schedule = flags & cudaDeviceScheduleMask;
  if (schedule != cudaDeviceScheduleAuto && schedule != cudaDeviceScheduleSpin && schedule != cudaDeviceScheduleYield &&
      schedule != cudaDeviceScheduleBlockingSync)
    return record(cudaErrorInvalidValue);
  P2M_CUDART_ENTER();
  deviceFlags = flags;
  return cudaSuccess;
}

// cudaDeviceMapHost is always in effect: every device can reach host memory here.
cudaError_t CUDARTAPI cudaGetDeviceFlags(unsigned int *flags) {
  if (!flags)
    return record(cudaErrorInvalidValue);
  *flags = deviceFlags | cudaDeviceMapHost;
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaDeviceSetLimit(enum cudaLimit limit, size_t value) {
  P2M_CUDART_ENTER();
  long long bits = p2m::runtime::enumBits(limit);
  if (bits < 0 || bits >= CU_LIMIT_MAX)
    return record(cudaErrorUnsupportedLimit);
  return fromDriver(cuCtxSetLimit(CUlimit(bits), value));
}

cudaError_t CUDARTAPI cudaDeviceGetLimit(size_t *pValue, enum cudaLimit limit) {
  P2M_CUDART_ENTER();
  long long bits = p2m::runtime::enumBits(limit);
  if (bits < 0 || bits >= CU_LIMIT_MAX)
    return record(cudaErrorUnsupportedLimit);
  return fromDriver(cuCtxGetLimit(pValue, CUlimit(bits)));
}

cudaError_t CUDARTAPI cudaDeviceGetStreamPriorityRange(int *leastPriority, int *greatestPriority) {
  P2M_CUDART_ENTER();
  return fromDriver(cuCtxGetStreamPriorityRange(leastPriority, greatestPriority));
}

// Cache configurations are carve-out hints with no counterpart here (see cudaFuncSetCacheConfig).
cudaError_t CUDARTAPI cudaDeviceSetCacheConfig(enum cudaFuncCache cacheConfig) {
  return p2m::runtime::enumBits(cacheConfig) >= 0 && p2m::runtime::enumBits(cacheConfig) <= cudaFuncCachePreferEqual ? cudaSuccess : record(cudaErrorInvalidValue);
}

cudaError_t CUDARTAPI cudaDeviceGetCacheConfig(enum cudaFuncCache *pCacheConfig) {
  if (!pCacheConfig)
    return record(cudaErrorInvalidValue);
  *pCacheConfig = cudaFuncCachePreferNone;
  return cudaSuccess;
}

// One device: no peer to access.
cudaError_t CUDARTAPI cudaDeviceCanAccessPeer(int *canAccessPeer, int device, int peerDevice) {
  if (!canAccessPeer)
    return record(cudaErrorInvalidValue);
  if (checkDevice(device) || peerDevice < 0 || peerDevice > 0)
    return record(cudaErrorInvalidDevice);
  *canAccessPeer = 0;
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaDeviceEnablePeerAccess(int peerDevice, unsigned int flags) {
  if (flags != 0)
    return record(cudaErrorInvalidValue);
  (void)peerDevice; // no device is a peer of device 0, itself included
  return record(cudaErrorInvalidDevice);
}

cudaError_t CUDARTAPI cudaDeviceDisablePeerAccess(int peerDevice) {
  (void)peerDevice;
  return record(cudaErrorInvalidDevice);
}

cudaError_t CUDARTAPI cudaDriverGetVersion(int *driverVersion) {
  if (!driverVersion)
    return record(cudaErrorInvalidValue);
  return fromDriver(cuDriverGetVersion(driverVersion));
}

cudaError_t CUDARTAPI cudaRuntimeGetVersion(int *runtimeVersion) {
  if (!runtimeVersion)
    return record(cudaErrorInvalidValue);
  *runtimeVersion = kRuntimeVersion;
  return cudaSuccess;
}

// No profiler is attached: starting and stopping collection succeeds and collects nothing, as
// CUDA does when no profiling tool runs.
cudaError_t CUDARTAPI cudaProfilerStart(void) {
  P2M_CUDART_ENTER();
  return fromDriver(cuProfilerStart());
}

cudaError_t CUDARTAPI cudaProfilerStop(void) {
  P2M_CUDART_ENTER();
  return fromDriver(cuProfilerStop());
}

} // extern "C"
