// Contexts: the primary context (retain/release, reference counted) and created ones. A
// context owns the modules, streams, events and allocations made while it was current and
// frees them when destroyed. The current context is per thread, as in CUDA (without the
// push/pop stack: set and get only).
#include "Driver.h"

using p2m::cuda::Driver;

// The unversioned names of functions whose signature did not change: exported too, for
// programs built against older headers. cuda.h maps the names to _v2; undo that here.
#undef cuDevicePrimaryCtxRelease
#undef cuCtxDestroy
extern "C" CUresult CUDAAPI cuDevicePrimaryCtxRelease(CUdevice dev);
extern "C" CUresult CUDAAPI cuCtxDestroy(CUcontext ctx);

extern "C" {

CUresult CUDAAPI cuDevicePrimaryCtxRetain(CUcontext *pctx, CUdevice dev) {
  P2M_API_ENTER();
  if (!pctx)
    return CUDA_ERROR_INVALID_VALUE;
  if (dev != 0)
    return CUDA_ERROR_INVALID_DEVICE;
  if (!driver.primaryContext())
    driver.createContext(/*primary=*/true, 0);
  ++driver.primaryReferences();
  *pctx = driver.primaryContext();
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDevicePrimaryCtxRelease_v2(CUdevice dev) {
  P2M_API_ENTER();
  if (dev != 0)
    return CUDA_ERROR_INVALID_DEVICE;
  if (!driver.primaryContext() || driver.primaryReferences() == 0)
    return CUDA_ERROR_INVALID_CONTEXT;
  if (--driver.primaryReferences() == 0)
    driver.destroyContext(driver.primaryContext());
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDevicePrimaryCtxRelease(CUdevice dev) { return cuDevicePrimaryCtxRelease_v2(dev); }

CUresult CUDAAPI cuCtxCreate_v2(CUcontext *pctx, unsigned int flags, CUdevice dev) {
  P2M_API_ENTER();
  if (!pctx)
    return CUDA_ERROR_INVALID_VALUE;
  if (dev != 0)
    return CUDA_ERROR_INVALID_DEVICE;
  *pctx = driver.createContext(/*primary=*/false, flags);
  driver.setCurrent(*pctx);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuCtxCreate_v4(CUcontext *pctx, CUctxCreateParams *params, unsigned int flags, CUdevice dev) {
  // Execution affinity and CIG (shared graphics contexts) have no meaning here.
  if (params && (params->numExecAffinityParams > 0 || params->cigParams))
    return CUDA_ERROR_NOT_SUPPORTED;
  return cuCtxCreate_v2(pctx, flags, dev);
}

CUresult CUDAAPI cuCtxDestroy_v2(CUcontext ctx) {
  P2M_API_ENTER();
  if (!ctx || !driver.isContext(ctx) || ctx->primary)
    return CUDA_ERROR_INVALID_CONTEXT;
  driver.destroyContext(ctx);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuCtxDestroy(CUcontext ctx) { return cuCtxDestroy_v2(ctx); }

CUresult CUDAAPI cuCtxSetCurrent(CUcontext ctx) {
  P2M_API_ENTER();
  if (ctx && !driver.isContext(ctx))
    return CUDA_ERROR_INVALID_CONTEXT;
  driver.setCurrent(ctx);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuCtxGetCurrent(CUcontext *pctx) {
  P2M_API_ENTER();
  if (!pctx)
    return CUDA_ERROR_INVALID_VALUE;
  CUctx_st *current = driver.current();
  *pctx = current && driver.isContext(current) ? current : nullptr;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuCtxSynchronize(void) {
  P2M_API_ENTER_CONTEXT();
  (void)context; // work is synchronous: nothing is pending
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuCtxSynchronize_v2(CUcontext ctx) {
  P2M_API_ENTER();
  return driver.checkContext(ctx);
}

} // extern "C"
