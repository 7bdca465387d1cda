// Kernel launches: the <<<...>>> call configuration that nvcc's and clang's stubs push and
// pop, the launch entry points (nvcc 13: __cudaGetKernel + __cudaLaunchKernel; clang:
// cudaLaunchKernel; before CUDA 9.2: cudaConfigureCall/cudaSetupArgument/cudaLaunch), the
// extended and cooperative launches, and function attributes.
#include "Graph.h"
#include "Runtime.h"

#include "runtime/core/EnumBits.h"
#include "runtime/core/Log.h"

#include <cstring>

using namespace p2m::cudart;

namespace {

// A runtime launch through the driver; a configuration the device cannot run is
// cudaErrorInvalidConfiguration, as the runtime reports it (the driver says INVALID_VALUE).
cudaError_t launch(const void *func, dim3 grid, dim3 block, void **args, size_t sharedMem, cudaStream_t stream,
                   bool perThread, bool cooperative = false) {
  P2M_CUDART_ENTER();
  CUfunction function = nullptr;
  if (cudaError_t e = Runtime::get().function(func, &function))
    return record(e);
  if (grid.x == 0 || grid.y == 0 || grid.z == 0 || block.x == 0 || block.y == 0 || block.z == 0)
    return record(cudaErrorInvalidConfiguration);
  CUstream s = driverStream(stream, perThread);
  if (std::shared_ptr<Capture> capture = captureOf(s))
    return record(capture->addKernel(function, grid, block, args, sharedMem, cooperative));
  if (cudaError_t e = checkNoImplicitCapture(s))
    return record(e);
  CUresult r = cooperative ? cuLaunchCooperativeKernel(function, grid.x, grid.y, grid.z, block.x, block.y, block.z,
                                                       unsigned(sharedMem), s, args)
                           : cuLaunchKernel(function, grid.x, grid.y, grid.z, block.x, block.y, block.z,
                                            unsigned(sharedMem), s, args, nullptr);
  if (r == CUDA_ERROR_INVALID_VALUE) {
    int maxThreads = 0;
    cuFuncGetAttribute(&maxThreads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, function);
    if (uint64_t(block.x) * block.y * block.z > uint64_t(maxThreads))
      return record(cudaErrorInvalidConfiguration);
  }
  return fromDriver(r);
}

// The legacy launch protocol's state: cudaConfigureCall, then cudaSetupArgument per argument.
struct LegacyLaunch {
  CallConfiguration configuration;
  std::vector<uint8_t> arguments; // the parameter block, built by offsets
};
thread_local std::vector<LegacyLaunch> legacyLaunches;

} // namespace

extern "C" {

unsigned CUDARTAPI __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem, struct CUstream_st *stream) {
  threadState().configurations.push_back({gridDim, blockDim, sharedMem, stream});
  return 0;
}

cudaError_t CUDARTAPI __cudaPopCallConfiguration(dim3 *gridDim, dim3 *blockDim, size_t *sharedMem, void *stream) {
  std::vector<CallConfiguration> &stack = threadState().configurations;
  if (stack.empty())
    return cudaErrorMissingConfiguration;
  CallConfiguration c = stack.back();
  stack.pop_back();
  *gridDim = c.grid;
  *blockDim = c.block;
  *sharedMem = c.sharedBytes;
  *static_cast<cudaStream_t *>(stream) = c.stream;
  return cudaSuccess;
}

// nvcc 13's stubs look the kernel up once per stub (a static), then launch by that handle.
cudaError_t CUDARTAPI __cudaGetKernel(cudaKernel_t *kernel, const void *hostStub) {
  if (!kernel)
    return record(cudaErrorInvalidValue);
  RegisteredKernel *registered = nullptr;
  if (cudaError_t e = Runtime::get().kernel(hostStub, &registered))
    return record(e);
  *kernel = reinterpret_cast<cudaKernel_t>(registered);
  return cudaSuccess;
}

cudaError_t CUDARTAPI __cudaLaunchKernel(cudaKernel_t kernel, dim3 gridDim, dim3 blockDim, void **args,
                                         size_t sharedMem, cudaStream_t stream) {
  return launch(kernel, gridDim, blockDim, args, sharedMem, stream, false);
}

cudaError_t CUDARTAPI __cudaLaunchKernel_ptsz(cudaKernel_t kernel, dim3 gridDim, dim3 blockDim, void **args,
                                              size_t sharedMem, cudaStream_t stream) {
  return launch(kernel, gridDim, blockDim, args, sharedMem, stream, true);
}

cudaError_t CUDARTAPI cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem,
                                       cudaStream_t stream) {
  return launch(func, gridDim, blockDim, args, sharedMem, stream, false);
}

cudaError_t CUDARTAPI cudaLaunchKernel_ptsz(const void *func, dim3 gridDim, dim3 blockDim, void **args,
                                            size_t sharedMem, cudaStream_t stream) {
  return launch(func, gridDim, blockDim, args, sharedMem, stream, true);
}

// A cooperative launch may synchronize its whole grid, so every block must be resident at
// once: the driver refuses a grid larger than the occupancy model allows
// (cudaErrorCooperativeLaunchTooLarge, as in CUDA).
cudaError_t CUDARTAPI cudaLaunchCooperativeKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args,
                                                  size_t sharedMem, cudaStream_t stream) {
  return launch(func, gridDim, blockDim, args, sharedMem, stream, false, true);
}

cudaError_t CUDARTAPI cudaLaunchCooperativeKernel_ptsz(const void *func, dim3 gridDim, dim3 blockDim, void **args,
                                                       size_t sharedMem, cudaStream_t stream) {
  return launch(func, gridDim, blockDim, args, sharedMem, stream, true, true);
}

cudaError_t CUDARTAPI cudaLaunchKernelExC(const cudaLaunchConfig_t *config, const void *func, void **args) {
  if (!config || (config->numAttrs && !config->attrs))
    return record(cudaErrorInvalidValue);
  bool cooperative = false;
  for (unsigned i = 0; i < config->numAttrs; ++i) {
    const cudaLaunchAttribute &a = config->attrs[i];
    switch (long long id = p2m::runtime::enumBits(a.id)) {
    case cudaLaunchAttributeCooperative: cooperative = a.val.cooperative != 0; break;
    case cudaLaunchAttributePriority: break; // a scheduling hint
    case cudaLaunchAttributeClusterDimension:
      if (a.val.clusterDim.x * a.val.clusterDim.y * a.val.clusterDim.z == 1)
        break; // a cluster of one block is no cluster
      p2m::runtime::logMessage("cudaLaunchKernelExC: thread-block clusters are not supported");
      return record(cudaErrorNotSupported);
    default:
      p2m::runtime::logMessage("cudaLaunchKernelExC: launch attribute " + std::to_string(id) +
                               " is not supported");
      return record(cudaErrorNotSupported);
    }
  }
  return launch(func, config->gridDim, config->blockDim, args, config->dynamicSmemBytes, config->stream, false,
                cooperative);
}

cudaError_t CUDARTAPI cudaLaunchKernelExC_ptsz(const cudaLaunchConfig_t *config, const void *func, void **args) {
  if (!config)
    return record(cudaErrorInvalidValue);
  cudaLaunchConfig_t copy = *config;
  if (!copy.stream)
    copy.stream = cudaStreamPerThread;
  return cudaLaunchKernelExC(&copy, func, args);
}

// The launch protocol of CUDA before 9.2 (clang still emits it for such CUDA versions).
cudaError_t CUDARTAPI cudaConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem, cudaStream_t stream) {
  legacyLaunches.push_back({{gridDim, blockDim, sharedMem, stream}, {}});
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaSetupArgument(const void *arg, size_t size, size_t offset) {
  if (legacyLaunches.empty())
    return record(cudaErrorMissingConfiguration);
  if (!arg || size > 4096 || offset > 4096)
    return record(cudaErrorInvalidValue);
  std::vector<uint8_t> &block = legacyLaunches.back().arguments;
  if (block.size() < offset + size)
    block.resize(offset + size);
  std::memcpy(block.data() + offset, arg, size);
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaLaunch(const void *func) {
  if (legacyLaunches.empty())
    return record(cudaErrorMissingConfiguration);
  LegacyLaunch pending = std::move(legacyLaunches.back());
  legacyLaunches.pop_back();
  P2M_CUDART_ENTER();
  CUfunction function = nullptr;
  if (cudaError_t e = Runtime::get().function(func, &function))
    return record(e);
  size_t bytes = pending.arguments.size();
  void *extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, pending.arguments.data(), CU_LAUNCH_PARAM_BUFFER_SIZE, &bytes,
                   CU_LAUNCH_PARAM_END};
  const CallConfiguration &c = pending.configuration;
  return fromDriver(cuLaunchKernel(function, c.grid.x, c.grid.y, c.grid.z, c.block.x, c.block.y, c.block.z,
                                   unsigned(c.sharedBytes), driverStream(c.stream), nullptr, extra));
}

cudaError_t CUDARTAPI cudaGetKernel(cudaKernel_t *kernelPtr, const void *entryFuncAddr) {
  return __cudaGetKernel(kernelPtr, entryFuncAddr);
}

cudaError_t CUDARTAPI cudaGetFuncBySymbol(cudaFunction_t *functionPtr, const void *symbolPtr) {
  P2M_CUDART_ENTER();
  if (!functionPtr)
    return record(cudaErrorInvalidValue);
  CUfunction f = nullptr;
  if (cudaError_t e = Runtime::get().function(symbolPtr, &f))
    return record(e);
  *functionPtr = reinterpret_cast<cudaFunction_t>(f);
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func) {
  P2M_CUDART_ENTER();
  if (!attr)
    return record(cudaErrorInvalidValue);
  CUfunction f = nullptr;
  if (cudaError_t e = Runtime::get().function(func, &f))
    return record(e);
  auto get = [&](CUfunction_attribute a) {
    int value = 0;
    cuFuncGetAttribute(&value, a, f);
    return value;
  };
  *attr = {};
  attr->sharedSizeBytes = size_t(get(CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES));
  attr->constSizeBytes = size_t(get(CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES));
  attr->localSizeBytes = size_t(get(CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES));
  attr->maxThreadsPerBlock = get(CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
  attr->numRegs = get(CU_FUNC_ATTRIBUTE_NUM_REGS);
  attr->ptxVersion = get(CU_FUNC_ATTRIBUTE_PTX_VERSION);
  attr->binaryVersion = get(CU_FUNC_ATTRIBUTE_BINARY_VERSION);
  attr->cacheModeCA = get(CU_FUNC_ATTRIBUTE_CACHE_MODE_CA);
  attr->maxDynamicSharedSizeBytes = get(CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES);
  attr->preferredShmemCarveout = get(CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT);
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr, int value) {
  P2M_CUDART_ENTER();
  CUfunction f = nullptr;
  if (cudaError_t e = Runtime::get().function(func, &f))
    return record(e);
  switch (p2m::runtime::enumBits(attr)) {
  case cudaFuncAttributeMaxDynamicSharedMemorySize:
    return fromDriver(cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, value));
  case cudaFuncAttributePreferredSharedMemoryCarveout:
    return fromDriver(cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT, value));
  case cudaFuncAttributeClusterDimMustBeSet:
  case cudaFuncAttributeRequiredClusterWidth:
  case cudaFuncAttributeRequiredClusterHeight:
  case cudaFuncAttributeRequiredClusterDepth:
  case cudaFuncAttributeNonPortableClusterSizeAllowed:
  case cudaFuncAttributeClusterSchedulingPolicyPreference:
    // Cluster attributes describe clusters, which are not supported; accepting a request for
    // none (value 0 or 1) keeps ordinary programs running.
    if (value <= 1)
      return cudaSuccess;
    p2m::runtime::logMessage("cudaFuncSetAttribute: thread-block clusters are not supported");
    return record(cudaErrorNotSupported);
  default:
    return record(cudaErrorInvalidValue);
  }
}

// Cache and shared-memory configurations are hints to NVIDIA's L1/shared carve-out: nothing to
// configure on the host backend or on Apple GPUs. Accepted for any valid value, as CUDA does on
// devices where the setting has no effect.
cudaError_t CUDARTAPI cudaFuncSetCacheConfig(const void *func, enum cudaFuncCache cacheConfig) {
  P2M_CUDART_ENTER();
  CUfunction f = nullptr;
  if (cudaError_t e = Runtime::get().function(func, &f))
    return record(e);
  return p2m::runtime::enumBits(cacheConfig) >= 0 && p2m::runtime::enumBits(cacheConfig) <= cudaFuncCachePreferEqual ? cudaSuccess : record(cudaErrorInvalidValue);
}

cudaError_t CUDARTAPI cudaFuncSetSharedMemConfig(const void *func, enum cudaSharedMemConfig config) {
  P2M_CUDART_ENTER();
  CUfunction f = nullptr;
  if (cudaError_t e = Runtime::get().function(func, &f))
    return record(e);
  return p2m::runtime::enumBits(config) >= 0 && p2m::runtime::enumBits(config) <= cudaSharedMemBankSizeEightByte ? cudaSuccess : record(cudaErrorInvalidValue);
}

cudaError_t CUDARTAPI cudaFuncGetName(const char **name, const void *func) {
  if (!name)
    return record(cudaErrorInvalidValue);
  RegisteredKernel *kernel = nullptr;
  if (cudaError_t e = Runtime::get().kernel(func, &kernel))
    return record(e);
  *name = kernel->deviceName.c_str();
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaFuncGetParamInfo(const void *func, size_t paramIndex, size_t *paramOffset,
                                           size_t *paramSize) {
  P2M_CUDART_ENTER();
  CUfunction f = nullptr;
  if (cudaError_t e = Runtime::get().function(func, &f))
    return record(e);
  return fromDriver(cuFuncGetParamInfo(f, paramIndex, paramOffset, paramSize));
}

// Occupancy: the driver's model (docs/runtime.md) answers for the registered kernel.
cudaError_t CUDARTAPI cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, const void *func,
                                                                            int blockSize, size_t dynamicSMemSize,
                                                                            unsigned int flags) {
  P2M_CUDART_ENTER();
  if (!numBlocks)
    return record(cudaErrorInvalidValue);
  CUfunction f = nullptr;
  if (cudaError_t e = Runtime::get().function(func, &f))
    return record(e);
  return fromDriver(cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(numBlocks, f, blockSize, dynamicSMemSize,
                                                                         flags));
}

cudaError_t CUDARTAPI cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *func, int blockSize,
                                                                    size_t dynamicSMemSize) {
  return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(numBlocks, func, blockSize, dynamicSMemSize,
                                                                cudaOccupancyDefault);
}

cudaError_t CUDARTAPI cudaOccupancyAvailableDynamicSMemPerBlock(size_t *dynamicSmemSize, const void *func,
                                                                int numBlocks, int blockSize) {
  P2M_CUDART_ENTER();
  if (!dynamicSmemSize)
    return record(cudaErrorInvalidValue);
  CUfunction f = nullptr;
  if (cudaError_t e = Runtime::get().function(func, &f))
    return record(e);
  return fromDriver(cuOccupancyAvailableDynamicSMemPerBlock(dynamicSmemSize, f, numBlocks, blockSize));
}

} // extern "C"
