// The occupancy model (Occupancy.h).
#include "Occupancy.h"

#include "runtime/core/LaunchValidation.h"

#include <algorithm>
#include <cstdint>

namespace p2m::cuda {

namespace {

constexpr uint64_t kSharedGranule = 16; // the threadgroup window is rounded to 16 bytes (kernel ABI)

uint64_t sharedPerMultiprocessor(const runtime::DeviceProperties &device) {
  return device.threadgroupMemoryPerMultiprocessor ? device.threadgroupMemoryPerMultiprocessor
                                                   : device.maxThreadgroupMemory;
}

// Threads a block occupies: whole SIMD-groups, as a GPU schedules them.
uint64_t allocatedThreads(const runtime::DeviceProperties &device, int blockSize) {
  uint64_t width = std::max<uint32_t>(device.simdWidth, 1);
  return (uint64_t(blockSize) + width - 1) / width * width;
}

// The limit of blocks by threads and by the device's resident-threadgroup count; 0 when a
// block of this size cannot run.
uint64_t blocksByThreads(const runtime::DeviceProperties &device, const runtime::Kernel &kernel, int blockSize) {
  if (blockSize <= 0 || uint64_t(blockSize) > runtime::maxThreadsPerBlock(device, kernel.info()))
    return 0;
  uint64_t byThreads = device.maxThreadsPerMultiprocessor / allocatedThreads(device, blockSize);
  return std::min<uint64_t>(byThreads, device.maxThreadgroupsPerMultiprocessor);
}

} // namespace

int residentBlocks(const runtime::DeviceProperties &device, const runtime::Kernel &kernel, int blockSize,
                   size_t dynamicShared) {
  uint64_t blocks = blocksByThreads(device, kernel, blockSize);
  if (blocks == 0 || dynamicShared > kernel.maxDynamicShared())
    return 0;
  uint64_t shared = (uint64_t(kernel.info().staticSharedBytes) + dynamicShared + kSharedGranule - 1) /
                    kSharedGranule * kSharedGranule;
  if (shared > device.maxThreadgroupMemory)
    return 0;
  if (shared > 0)
    blocks = std::min(blocks, sharedPerMultiprocessor(device) / shared);
  return int(std::min<uint64_t>(blocks, INT32_MAX));
}

size_t availableDynamicShared(const runtime::DeviceProperties &device, const runtime::Kernel &kernel, int blocks,
                              int blockSize) {
  if (blocks <= 0 || blocksByThreads(device, kernel, blockSize) < uint64_t(blocks))
    return 0;
  uint64_t perBlock = sharedPerMultiprocessor(device) / uint64_t(blocks) / kSharedGranule * kSharedGranule;
  perBlock = std::min<uint64_t>(perBlock, device.maxThreadgroupMemory);
  uint64_t staticBytes = kernel.info().staticSharedBytes;
  if (perBlock <= staticBytes)
    return 0;
  return size_t(std::min<uint64_t>(perBlock - staticBytes, kernel.maxDynamicShared()));
}

} // namespace p2m::cuda
