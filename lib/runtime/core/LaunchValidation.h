// Checks a launch against the device's limits and the kernel's reflection before anything
// runs, with CUDA's error for each: grid or block dimensions outside the device's ranges,
// a block that differs from .reqntid, dynamic shared memory above the kernel's
// max-dynamic-shared attribute or static + dynamic above the device → InvalidValue; more
// threads than .maxntid allows → OutOfResources (CUDA's "too many resources requested").
#pragma once

#include "runtime/Backend.h"
#include "runtime/core/ModuleReflection.h"
#include "runtime/core/RuntimeError.h"

#include <cstdint>

namespace p2m::runtime {

// CUDA's default ceiling for dynamic shared memory until a kernel opts in with
// CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES.
inline constexpr uint32_t kDefaultMaxDynamicShared = 48 * 1024;

struct LaunchShape {
  Dim3 grid;
  Dim3 block;
  uint32_t dynamicSharedBytes = 0;
};

// The most threads per block the kernel can run with on this device (.maxntid / .reqntid
// and the device's limit): CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK.
uint32_t maxThreadsPerBlock(const DeviceProperties &device, const KernelInfo &kernel);

// The largest value CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES may take.
uint32_t dynamicSharedCeiling(const DeviceProperties &device, const KernelInfo &kernel);

RuntimeStatus validateLaunch(const DeviceProperties &device, const KernelInfo &kernel,
                             uint32_t maxDynamicShared, const LaunchShape &shape);

} // namespace p2m::runtime
