// The occupancy model (Occupancy.h).
#include "runtime/core/Occupancy.h"

#include "emitters/msl/support/kernel_abi.h"
#include "runtime/core/LaunchValidation.h"

#include <algorithm>
#include <cstdint>

namespace p2m::runtime {

namespace {

constexpr uint64_t kSharedGranule = P2M_THREADGROUP_GRANULE; // the threadgroup window's rounding (kernel_abi.h)

uint64_t sharedPerMultiprocessor(const DeviceProperties &device) {
  return device.threadgroupMemoryPerMultiprocessor ? device.threadgroupMemoryPerMultiprocessor
                                                   : device.maxThreadgroupMemory;
}

// Threads a block occupies: whole SIMD-groups, as a GPU schedules them.
uint64_t allocatedThreads(const DeviceProperties &device, int blockSize) {
  uint64_t width = std::max<uint32_t>(device.simdWidth, 1);
  return (uint64_t(blockSize) + width - 1) / width * width;
}

// The limit of blocks by threads and by the device's resident-threadgroup count; 0 when a
// block of this size cannot run.
uint64_t blocksByThreads(const DeviceProperties &device, const KernelInfo &kernel, int blockSize) {
  if (blockSize <= 0 || uint64_t(blockSize) > maxThreadsPerBlock(device, kernel))
    return 0;
  uint64_t byThreads = device.maxThreadsPerMultiprocessor / allocatedThreads(device, blockSize);
  return std::min<uint64_t>(byThreads, device.maxThreadgroupsPerMultiprocessor);
}

} // namespace

int residentBlocks(const DeviceProperties &device, const KernelInfo &kernel, uint32_t maxDynamicShared,
                   int blockSize, size_t dynamicShared) {
  uint64_t blocks = blocksByThreads(device, kernel, blockSize);
  if (blocks == 0 || dynamicShared > maxDynamicShared)
    return 0;
  uint64_t shared = (uint64_t(kernel.staticSharedBytes) + dynamicShared + kSharedGranule - 1) /
                    kSharedGranule * kSharedGranule;
  if (shared > device.maxThreadgroupMemory)
    return 0;
  if (shared > 0)
    blocks = std::min(blocks, sharedPerMultiprocessor(device) / shared);
  return int(std::min<uint64_t>(blocks, INT32_MAX));
}

size_t availableDynamicShared(const DeviceProperties &device, const KernelInfo &kernel, uint32_t maxDynamicShared,
                              int blocks, int blockSize) {
  if (blocks <= 0 || blocksByThreads(device, kernel, blockSize) < uint64_t(blocks))
    return 0;
  uint64_t perBlock = sharedPerMultiprocessor(device) / uint64_t(blocks) / kSharedGranule * kSharedGranule;
  perBlock = std::min<uint64_t>(perBlock, device.maxThreadgroupMemory);
  uint64_t staticBytes = kernel.staticSharedBytes;
  if (perBlock <= staticBytes)
    return 0;
  return size_t(std::min<uint64_t>(perBlock - staticBytes, maxDynamicShared));
}

} // namespace p2m::runtime
