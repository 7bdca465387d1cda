// The attributes of a kernel (CUfunction_attribute) from its reflection and the device, shared
// by cuFuncGetAttribute and cuKernelGetAttribute (a library's kernel has the same answers).
#pragma once

#include "Driver.h"

namespace p2m::cuda {

// CUDA_ERROR_INVALID_VALUE for an attribute CUDA does not define. `carveout` is the preferred
// shared-memory carveout last set (-1: none).
CUresult functionAttribute(const runtime::DeviceProperties &device, const runtime::Kernel &kernel, int carveout,
                           CUfunction_attribute attribute, int *value);

// Sets a settable attribute on `kernel` (max dynamic shared bytes; the carveout is only
// checked and stored in *carveout). INVALID_VALUE for others or out-of-range values.
CUresult setFunctionAttribute(runtime::Kernel &kernel, int *carveout, CUfunction_attribute attribute, int value,
                              const char *api);

} // namespace p2m::cuda
