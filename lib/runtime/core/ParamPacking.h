// The params buffer of a launch (buffer 0 of the kernel ABI, emitters/msl/support/abi.h): the
// CUDA parameter block, packed from cuLaunchKernel's `kernelParams` (one pointer per
// parameter, its size copied to its offset) or `extra` (one ready-made block), then at the
// next 16-byte boundary the u32 dynamic shared-memory size.
#pragma once

#include "emitters/msl/support/kernel_abi.h"
#include "runtime/core/ModuleReflection.h"
#include "runtime/core/RuntimeError.h"

#include <cstdint>
#include <vector>

namespace p2m::runtime {

// The `extra` keys of cuda.h (CU_LAUNCH_PARAM_*), restated so the core needs no CUDA header.
inline constexpr uintptr_t kLaunchParamEnd = 0x00;
inline constexpr uintptr_t kLaunchParamBufferPointer = 0x01;
inline constexpr uintptr_t kLaunchParamBufferSize = 0x02;

// Where the launch words start: paramBytes rounded up to P2M_LAUNCH_WORDS_ALIGN (kernel_abi.h).
inline uint32_t launchWordsOffset(uint32_t paramBytes) {
  return (paramBytes + (P2M_LAUNCH_WORDS_ALIGN - 1u)) & ~(P2M_LAUNCH_WORDS_ALIGN - 1u);
}

// Exactly one of kernelParams / extra must be given (a kernel without parameters may give
// neither). An `extra` block must hold at least paramBytes and at most the block rounded up
// to its largest parameter alignment (a C struct's trailing padding); anything else is
// InvalidValue, as are unknown `extra` keys.
RuntimeStatus packParams(const KernelInfo &kernel, void **kernelParams, void **extra,
                         uint32_t dynamicSharedBytes, std::vector<uint8_t> *buffer);

} // namespace p2m::runtime
