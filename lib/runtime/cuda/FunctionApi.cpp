// CUfunction queries and settings: attributes (FunctionAttributes.h), cache and shared-memory
// configuration (preferences, kept and reported), the module, name and parameter layout, and
// the loading state (every function is loaded with its module: loading is eager).
#include "Driver.h"
#include "FunctionAttributes.h"

using p2m::cuda::Driver;

namespace {

CUresult checkFunction(Driver &driver, CUfunction f) {
  if (!driver.isFunction(f))
    return CUDA_ERROR_INVALID_HANDLE;
  return driver.checkContext(f->module->context);
}

} // namespace

extern "C" {

CUresult CUDAAPI cuFuncGetAttribute(int *pi, CUfunction_attribute attrib, CUfunction hfunc) {
  P2M_API_ENTER();
  if (!pi)
    return CUDA_ERROR_INVALID_VALUE;
  if (!driver.isFunction(hfunc))
    return CUDA_ERROR_INVALID_HANDLE;
  return p2m::cuda::functionAttribute(driver.device().properties(), *hfunc->kernel, hfunc->carveout, attrib, pi);
}

CUresult CUDAAPI cuFuncSetAttribute(CUfunction hfunc, CUfunction_attribute attrib, int value) {
  P2M_API_ENTER();
  if (!driver.isFunction(hfunc))
    return CUDA_ERROR_INVALID_HANDLE;
  return p2m::cuda::setFunctionAttribute(*hfunc->kernel, &hfunc->carveout, attrib, value, "cuFuncSetAttribute");
}

CUresult CUDAAPI cuFuncSetCacheConfig(CUfunction hfunc, CUfunc_cache config) {
  P2M_API_ENTER();
  if (CUresult r = checkFunction(driver, hfunc))
    return r;
  if (const long long bits = p2m::cuda::enumBits(config); bits < CU_FUNC_CACHE_PREFER_NONE || bits > CU_FUNC_CACHE_PREFER_EQUAL)
    return CUDA_ERROR_INVALID_VALUE;
  hfunc->cacheConfig = config;
  return CUDA_SUCCESS;
}

// Shared-memory bank size: Apple GPUs and the host have one layout; accepted as CUDA 12+ does.
CUresult CUDAAPI cuFuncSetSharedMemConfig(CUfunction hfunc, CUsharedconfig config) {
  P2M_API_ENTER();
  if (CUresult r = checkFunction(driver, hfunc))
    return r;
  if (config < CU_SHARED_MEM_CONFIG_DEFAULT_BANK_SIZE || config > CU_SHARED_MEM_CONFIG_EIGHT_BYTE_BANK_SIZE)
    return CUDA_ERROR_INVALID_VALUE;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuFuncGetModule(CUmodule *hmod, CUfunction hfunc) {
  P2M_API_ENTER();
  if (!hmod)
    return CUDA_ERROR_INVALID_VALUE;
  if (CUresult r = checkFunction(driver, hfunc))
    return r;
  *hmod = hfunc->module;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuFuncGetName(const char **name, CUfunction hfunc) {
  P2M_API_ENTER();
  if (!name)
    return CUDA_ERROR_INVALID_VALUE;
  if (CUresult r = checkFunction(driver, hfunc))
    return r;
  *name = hfunc->kernel->info().name.c_str();
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuFuncGetParamInfo(CUfunction func, size_t paramIndex, size_t *paramOffset, size_t *paramSize) {
  P2M_API_ENTER();
  if (CUresult r = checkFunction(driver, func))
    return r;
  const auto &params = func->kernel->info().params;
  if (paramIndex >= params.size())
    return CUDA_ERROR_INVALID_VALUE;
  if (paramOffset)
    *paramOffset = params[paramIndex].offset;
  if (paramSize)
    *paramSize = params[paramIndex].size;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuFuncIsLoaded(CUfunctionLoadingState *state, CUfunction function) {
  P2M_API_ENTER();
  if (!state)
    return CUDA_ERROR_INVALID_VALUE;
  if (CUresult r = checkFunction(driver, function))
    return r;
  *state = CU_FUNCTION_LOADING_STATE_LOADED;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuFuncLoad(CUfunction function) {
  P2M_API_ENTER();
  return checkFunction(driver, function); // loaded with its module already
}

} // extern "C"
