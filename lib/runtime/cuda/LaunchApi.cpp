// Kernel launches and function attributes. The core validates, packs and dispatches; a trap
// breaks the context (sticky CUDA_ERROR_LAUNCH_FAILED on every later call, as in CUDA; after a
// failed device-side assert, CUDA_ERROR_ASSERT).
#include "Driver.h"

#include "runtime/core/Log.h"

using p2m::cuda::Driver;
using p2m::cuda::toCuResult;
using namespace p2m::runtime;

namespace {

CUresult launch(Driver &driver, CUfunction f, const LaunchShape &shape, CUstream stream, void **kernelParams,
                void **extra) {
  if (!driver.isFunction(f))
    return CUDA_ERROR_INVALID_HANDLE;
  CUctx_st *context = f->module->context;
  if (CUresult r = driver.checkContext(context))
    return r;
  if (CUresult r = driver.checkStream(stream, context))
    return r;
  RuntimeStatus s = f->module->module->launch(*f->kernel, shape, kernelParams, extra);
  CUresult result = toCuResult(s, "cuLaunchKernel");
  if (s && (s->code == RuntimeErrorCode::LaunchFailed || s->code == RuntimeErrorCode::AssertFailed)) {
    context->broken = result;
    printMessage(s->message + "; the context is now unusable (" +
                 (result == CUDA_ERROR_ASSERT ? "CUDA_ERROR_ASSERT" : "CUDA_ERROR_LAUNCH_FAILED") + ")");
  }
  return result;
}

} // namespace

extern "C" {

CUresult CUDAAPI cuLaunchKernel(CUfunction f, unsigned int gridDimX, unsigned int gridDimY, unsigned int gridDimZ,
                                unsigned int blockDimX, unsigned int blockDimY, unsigned int blockDimZ,
                                unsigned int sharedMemBytes, CUstream hStream, void **kernelParams, void **extra) {
  P2M_API_ENTER();
  LaunchShape shape{{gridDimX, gridDimY, gridDimZ}, {blockDimX, blockDimY, blockDimZ}, sharedMemBytes};
  return launch(driver, f, shape, hStream, kernelParams, extra);
}

CUresult CUDAAPI cuLaunchKernelEx(const CUlaunchConfig *config, CUfunction f, void **kernelParams, void **extra) {
  P2M_API_ENTER();
  if (!config || (config->numAttrs && !config->attrs))
    return CUDA_ERROR_INVALID_VALUE;
  for (unsigned i = 0; i < config->numAttrs; ++i) {
    const CUlaunchAttribute &a = config->attrs[i];
    switch (a.id) {
    case CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION:
      // Thread-block clusters have no Metal counterpart; a cluster of one block is no cluster.
      if (a.value.clusterDim.x != 1 || a.value.clusterDim.y != 1 || a.value.clusterDim.z != 1) {
        logMessage("cuLaunchKernelEx: clusters larger than 1x1x1 are not supported");
        return CUDA_ERROR_NOT_SUPPORTED;
      }
      break;
    case CU_LAUNCH_ATTRIBUTE_PRIORITY:
    case CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE:
      break; // scheduling hints: nothing to honour when work runs in order
    default:
      logMessage("cuLaunchKernelEx: launch attribute " + std::to_string(int(a.id)) + " is not supported");
      return CUDA_ERROR_NOT_SUPPORTED;
    }
  }
  LaunchShape shape{{config->gridDimX, config->gridDimY, config->gridDimZ},
                    {config->blockDimX, config->blockDimY, config->blockDimZ},
                    config->sharedMemBytes};
  return launch(driver, f, shape, config->hStream, kernelParams, extra);
}

CUresult CUDAAPI cuFuncGetAttribute(int *pi, CUfunction_attribute attrib, CUfunction hfunc) {
  P2M_API_ENTER();
  if (!pi)
    return CUDA_ERROR_INVALID_VALUE;
  if (!driver.isFunction(hfunc))
    return CUDA_ERROR_INVALID_HANDLE;
  const KernelInfo &info = hfunc->kernel->info();
  const DeviceProperties &device = driver.device().properties();
  switch (attrib) {
  case CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK: *pi = int(maxThreadsPerBlock(device, info)); break;
  case CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES: *pi = int(info.staticSharedBytes); break;
  case CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES: *pi = int(hfunc->module->module->reflection().constBytes); break;
  case CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES: *pi = int(info.localBytes); break;
  case CU_FUNC_ATTRIBUTE_NUM_REGS: *pi = 32; break; // unknown until Metal allocates; a plausible count
  case CU_FUNC_ATTRIBUTE_PTX_VERSION:
  case CU_FUNC_ATTRIBUTE_BINARY_VERSION: *pi = 80; break; // the reported compute capability
  case CU_FUNC_ATTRIBUTE_CACHE_MODE_CA: *pi = 0; break;
  case CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES: *pi = int(hfunc->kernel->maxDynamicShared()); break;
  case CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT: *pi = -1; break;
  case CU_FUNC_ATTRIBUTE_CLUSTER_SIZE_MUST_BE_SET:
  case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH:
  case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_HEIGHT:
  case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_DEPTH:
  case CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED:
  case CU_FUNC_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE: *pi = 0; break;
  default: return CUDA_ERROR_INVALID_VALUE;
  }
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuFuncSetAttribute(CUfunction hfunc, CUfunction_attribute attrib, int value) {
  P2M_API_ENTER();
  if (!driver.isFunction(hfunc))
    return CUDA_ERROR_INVALID_HANDLE;
  switch (attrib) {
  case CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES:
    if (value < 0)
      return CUDA_ERROR_INVALID_VALUE;
    return toCuResult(hfunc->kernel->setMaxDynamicShared(uint32_t(value)), "cuFuncSetAttribute");
  case CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT:
    return value >= -1 && value <= 100 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE; // a hint
  default:
    return CUDA_ERROR_INVALID_VALUE;
  }
}

} // extern "C"
