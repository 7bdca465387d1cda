// Unified addressing, as the shim resolves it: an address an API call receives may be device
// memory (a live allocation, checked against it), host memory the device can reach
// (page-locked or registered), or, in calls that take either (cuMemcpy, cuMemcpy2D with
// CU_MEMORYTYPE_UNIFIED, ...), the program's ordinary pageable memory, which is used as is.
#pragma once

#include "Driver.h"

#include <cstdint>

namespace p2m::cuda {

// Where the host reads and writes `bytes` bytes at unified address `address`: CUDA_SUCCESS with
// *host set, or CUDA_ERROR_INVALID_VALUE when the range starts inside an allocation or a host
// range and runs past its end. `allowPageable` false: only device memory and host memory the
// device can reach are accepted (a device pointer is required).
CUresult resolveUnified(Driver &driver, uint64_t address, uint64_t bytes, bool allowPageable, const char *api,
                        void **host);

} // namespace p2m::cuda
