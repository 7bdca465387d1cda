// cuOccupancy*: the occupancy model of runtime/core/Occupancy.h. The potential block size is searched as
// CUDA's own helper does: every multiple of the warp size up to the kernel's limit (and the
// caller's), largest first, keeping the first that gives the most resident threads.
#include "Driver.h"

#include "runtime/core/Occupancy.h"

#include "runtime/core/LaunchValidation.h"

#include <algorithm>

using p2m::cuda::Driver;

namespace {

bool validFlags(unsigned flags) { return flags == CU_OCCUPANCY_DEFAULT || flags == CU_OCCUPANCY_DISABLE_CACHING_OVERRIDE; }

CUresult maxActiveBlocks(int *numBlocks, CUfunction func, int blockSize, size_t dynamicSMemSize, unsigned flags) {
  P2M_API_ENTER();
  if (!numBlocks || !validFlags(flags) || blockSize <= 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (!driver.isFunction(func))
    return CUDA_ERROR_INVALID_HANDLE;
  if (CUresult r = driver.checkContext(func->module->context))
    return r;
  *numBlocks = p2m::runtime::residentBlocks(driver.device().properties(), func->kernel->info(),
                                             func->kernel->maxDynamicShared(), blockSize, dynamicSMemSize);
  return CUDA_SUCCESS;
}

CUresult potentialBlockSize(int *minGridSize, int *blockSize, CUfunction func,
                            CUoccupancyB2DSize blockSizeToDynamicSMemSize, size_t dynamicSMemSize, int blockSizeLimit,
                            unsigned flags) {
  P2M_API_ENTER();
  if (!minGridSize || !blockSize || !validFlags(flags) || blockSizeLimit < 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (!driver.isFunction(func))
    return CUDA_ERROR_INVALID_HANDLE;
  if (CUresult r = driver.checkContext(func->module->context))
    return r;
  const p2m::runtime::DeviceProperties &device = driver.device().properties();
  int warp = int(std::max<uint32_t>(device.simdWidth, 1));
  int limit = int(p2m::runtime::maxThreadsPerBlock(device, func->kernel->info()));
  if (blockSizeLimit > 0)
    limit = std::min(limit, blockSizeLimit);
  int bestSize = 0, bestBlocks = 0;
  uint64_t bestThreads = 0;
  // Largest first; a limit that is not a multiple of the warp is tried as is.
  for (int size = limit; size > 0; size = (size % warp ? size / warp * warp : size - warp)) {
    size_t shared = blockSizeToDynamicSMemSize ? blockSizeToDynamicSMemSize(size) : dynamicSMemSize;
    int blocks = p2m::runtime::residentBlocks(device, func->kernel->info(), func->kernel->maxDynamicShared(), size, shared);
    uint64_t threads = uint64_t(blocks) * uint64_t(size);
    if (threads > bestThreads) {
      bestThreads = threads;
      bestSize = size;
      bestBlocks = blocks;
    }
  }
  *blockSize = bestSize;
  *minGridSize = int(std::min<uint64_t>(uint64_t(bestBlocks) * device.multiprocessors, INT32_MAX));
  return CUDA_SUCCESS;
}

} // namespace

extern "C" {

CUresult CUDAAPI cuOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, CUfunction func, int blockSize,
                                                             size_t dynamicSMemSize) {
  return maxActiveBlocks(numBlocks, func, blockSize, dynamicSMemSize, CU_OCCUPANCY_DEFAULT);
}

CUresult CUDAAPI cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, CUfunction func, int blockSize,
                                                                      size_t dynamicSMemSize, unsigned int flags) {
  return maxActiveBlocks(numBlocks, func, blockSize, dynamicSMemSize, flags);
}

CUresult CUDAAPI cuOccupancyMaxPotentialBlockSize(int *minGridSize, int *blockSize, CUfunction func,
                                                  CUoccupancyB2DSize blockSizeToDynamicSMemSize,
                                                  size_t dynamicSMemSize, int blockSizeLimit) {
  return potentialBlockSize(minGridSize, blockSize, func, blockSizeToDynamicSMemSize, dynamicSMemSize,
                            blockSizeLimit, CU_OCCUPANCY_DEFAULT);
}

CUresult CUDAAPI cuOccupancyMaxPotentialBlockSizeWithFlags(int *minGridSize, int *blockSize, CUfunction func,
                                                           CUoccupancyB2DSize blockSizeToDynamicSMemSize,
                                                           size_t dynamicSMemSize, int blockSizeLimit,
                                                           unsigned int flags) {
  return potentialBlockSize(minGridSize, blockSize, func, blockSizeToDynamicSMemSize, dynamicSMemSize,
                            blockSizeLimit, flags);
}

CUresult CUDAAPI cuOccupancyAvailableDynamicSMemPerBlock(size_t *dynamicSmemSize, CUfunction func, int numBlocks,
                                                         int blockSize) {
  P2M_API_ENTER();
  if (!dynamicSmemSize || numBlocks <= 0 || blockSize <= 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (!driver.isFunction(func))
    return CUDA_ERROR_INVALID_HANDLE;
  if (CUresult r = driver.checkContext(func->module->context))
    return r;
  *dynamicSmemSize = p2m::runtime::availableDynamicShared(driver.device().properties(), func->kernel->info(),
                                                          func->kernel->maxDynamicShared(), numBlocks, blockSize);
  return CUDA_SUCCESS;
}

} // extern "C"
