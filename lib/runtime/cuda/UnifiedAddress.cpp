// Resolving unified addresses (UnifiedAddress.h).
#include "UnifiedAddress.h"

#include "runtime/core/Log.h"

#include <llvm/ADT/StringExtras.h>

namespace p2m::cuda {

CUresult resolveUnified(Driver &driver, uint64_t address, uint64_t bytes, bool allowPageable, const char *api,
                        void **host) {
  runtime::Device &device = driver.device();
  runtime::AllocationInfo info;
  if (device.allocations().describe(address, &info)) {
    if (CUresult r = toCuResult(device.checkRange(address, bytes, api), api))
      return r;
    *host = device.hostPointer(address);
    return CUDA_SUCCESS;
  }
  uintptr_t base = 0;
  if (const Driver::HostRange *range = driver.findHostRange(reinterpret_cast<const void *>(address), &base)) {
    if (address - base > range->bytes || range->bytes - (address - base) < bytes) {
      runtime::logMessage(std::string(api) + ": " + std::to_string(bytes) +
                          " bytes run past the end of a page-locked host range");
      return CUDA_ERROR_INVALID_VALUE;
    }
    *host = reinterpret_cast<void *>(address);
    return CUDA_SUCCESS;
  }
  if (!allowPageable || (address == 0 && bytes != 0)) {
    runtime::logMessage(std::string(api) + ": 0x" + llvm::utohexstr(address) + " is not device memory");
    return CUDA_ERROR_INVALID_VALUE;
  }
  *host = reinterpret_cast<void *>(address);
  return CUDA_SUCCESS;
}

} // namespace p2m::cuda
