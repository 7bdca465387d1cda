// The occupancy model (docs/runtime.md, "Occupancy"): how many blocks of a kernel one
// multiprocessor holds at once, computed from the kernel's reflection (threads it allows,
// static shared bytes, its dynamic shared ceiling) and the device's per-multiprocessor limits
// (DeviceProperties: resident threadgroups, threads, threadgroup memory). Registers are not
// modelled: the translator does not know them (Metal's compiler allocates them).
#pragma once

#include "runtime/Backend.h"
#include "runtime/core/ModuleReflection.h"

#include <cstddef>
#include <cstdint>

namespace p2m::runtime {

// Blocks of `blockSize` threads with `dynamicShared` bytes each resident per multiprocessor;
// 0 when such a block cannot run at all (too many threads, dynamic shared memory above
// `maxDynamicShared` — the kernel's CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES — or static
// + dynamic above the device's per-block limit).
int residentBlocks(const DeviceProperties &device, const KernelInfo &kernel, uint32_t maxDynamicShared,
                   int blockSize, size_t dynamicShared);

// The most dynamic shared memory per block that still lets `blocks` blocks of `blockSize`
// threads reside on one multiprocessor; 0 when they cannot whatever the shared memory.
size_t availableDynamicShared(const DeviceProperties &device, const KernelInfo &kernel, uint32_t maxDynamicShared,
                              int blocks, int blockSize);

} // namespace p2m::runtime
