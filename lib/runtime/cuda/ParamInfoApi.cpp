// cuFuncGetParamInfo (CUDA 12.4): where each kernel parameter lies in the parameter block, from
// the reflection. The runtime uses it to copy a launch's arguments into a graph node.
#include "Driver.h"

using p2m::cuda::Driver;

extern "C" CUresult CUDAAPI cuFuncGetParamInfo(CUfunction func, size_t paramIndex, size_t *paramOffset,
                                               size_t *paramSize) {
  P2M_API_ENTER();
  if (!driver.isFunction(func))
    return CUDA_ERROR_INVALID_HANDLE;
  const auto &params = func->kernel->info().params;
  if (paramIndex >= params.size())
    return CUDA_ERROR_INVALID_VALUE;
  if (paramOffset)
    *paramOffset = params[paramIndex].offset;
  if (paramSize)
    *paramSize = params[paramIndex].size;
  return CUDA_SUCCESS;
}
