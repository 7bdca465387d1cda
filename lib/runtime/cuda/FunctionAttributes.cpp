// Kernel attributes (FunctionAttributes.h).
#include "FunctionAttributes.h"

#include "runtime/core/LaunchValidation.h"

namespace p2m::cuda {

CUresult functionAttribute(const runtime::DeviceProperties &device, const runtime::Kernel &kernel, int carveout,
                           CUfunction_attribute attribute, int *value) {
  const runtime::KernelInfo &info = kernel.info();
  switch (attribute) {
  case CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK: *value = int(runtime::maxThreadsPerBlock(device, info)); break;
  case CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES: *value = int(info.staticSharedBytes); break;
  case CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES: *value = int(kernel.module().reflection().constBytes); break;
  case CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES: *value = int(info.localBytes); break;
  // Registers are allocated by Metal's compiler (or the host's): unknown here; 32 is a count a
  // kernel fits in, and the occupancy model does not use it.
  case CU_FUNC_ATTRIBUTE_NUM_REGS: *value = 32; break;
  case CU_FUNC_ATTRIBUTE_PTX_VERSION:
  case CU_FUNC_ATTRIBUTE_BINARY_VERSION: *value = 80; break; // the reported compute capability
  case CU_FUNC_ATTRIBUTE_CACHE_MODE_CA: *value = 0; break;
  case CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES: *value = int(kernel.maxDynamicShared()); break;
  case CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT: *value = carveout; break;
  // Thread-block clusters do not exist here: no kernel requires or allows one.
  case CU_FUNC_ATTRIBUTE_CLUSTER_SIZE_MUST_BE_SET:
  case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH:
  case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_HEIGHT:
  case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_DEPTH:
  case CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED:
  case CU_FUNC_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE: *value = 0; break;
  default: return CUDA_ERROR_INVALID_VALUE;
  }
  return CUDA_SUCCESS;
}

CUresult setFunctionAttribute(runtime::Kernel &kernel, int *carveout, CUfunction_attribute attribute, int value,
                              const char *api) {
  switch (attribute) {
  case CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES:
    if (value < 0)
      return CUDA_ERROR_INVALID_VALUE;
    return toCuResult(kernel.setMaxDynamicShared(uint32_t(value)), api);
  case CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT:
    if (value < -1 || value > 100)
      return CUDA_ERROR_INVALID_VALUE;
    *carveout = value; // a hint: threadgroup memory is not carved out of a cache here
    return CUDA_SUCCESS;
  default:
    return CUDA_ERROR_INVALID_VALUE;
  }
}

} // namespace p2m::cuda
