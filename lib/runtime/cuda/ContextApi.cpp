// Contexts: the primary context (retain/release, reference counted, flags kept while it is
// inactive, reset) and created ones. A context owns the modules, streams, events and
// allocations made while it was current and frees them when destroyed. The current context is
// the top of a per-thread stack, as in CUDA (cuCtxPushCurrent / cuCtxPopCurrent; cuCtxSetCurrent
// replaces the top). Limits (cuCtxSetLimit) are stored per context; the printf FIFO size sizes
// the printf buffer of the context's modules at their launches, and, as in CUDA, can no longer
// change once a kernel that prints has run in the context.
#include "Driver.h"

#include "runtime/core/Log.h"

using p2m::cuda::Driver;

// The unversioned names of functions whose signature did not change: exported too, for
// programs built against older headers. cuda.h maps the names to _v2; undo that here.
#undef cuDevicePrimaryCtxRelease
#undef cuDevicePrimaryCtxReset
#undef cuDevicePrimaryCtxSetFlags
#undef cuCtxDestroy
#undef cuCtxPushCurrent
#undef cuCtxPopCurrent
extern "C" CUresult CUDAAPI cuDevicePrimaryCtxRelease(CUdevice dev);
extern "C" CUresult CUDAAPI cuDevicePrimaryCtxReset(CUdevice dev);
extern "C" CUresult CUDAAPI cuDevicePrimaryCtxSetFlags(CUdevice dev, unsigned int flags);
extern "C" CUresult CUDAAPI cuCtxDestroy(CUcontext ctx);
extern "C" CUresult CUDAAPI cuCtxPushCurrent(CUcontext ctx);
extern "C" CUresult CUDAAPI cuCtxPopCurrent(CUcontext *pctx);

namespace {

// CU_CTX_*: one scheduling mode (0, spin, yield or blocking sync) and the flag bits CUDA defines.
bool validContextFlags(unsigned flags) {
  unsigned schedule = flags & CU_CTX_SCHED_MASK;
  return (flags & ~unsigned(CU_CTX_FLAGS_MASK)) == 0 &&
         (schedule == CU_CTX_SCHED_AUTO || schedule == CU_CTX_SCHED_SPIN || schedule == CU_CTX_SCHED_YIELD ||
          schedule == CU_CTX_SCHED_BLOCKING_SYNC);
}

// The value slot of a limit; null for a limit CUDA does not define (any integer may arrive).
size_t *limitSlot(ContextLimits &limits, const CUlimit &given) {
  switch (p2m::cuda::enumBits(given)) {
  case CU_LIMIT_STACK_SIZE: return &limits.stackSize;
  case CU_LIMIT_PRINTF_FIFO_SIZE: return &limits.printfFifoSize;
  case CU_LIMIT_MALLOC_HEAP_SIZE: return &limits.mallocHeapSize;
  case CU_LIMIT_DEV_RUNTIME_SYNC_DEPTH: return &limits.devRuntimeSyncDepth;
  case CU_LIMIT_DEV_RUNTIME_PENDING_LAUNCH_COUNT: return &limits.devRuntimePendingLaunchCount;
  case CU_LIMIT_MAX_L2_FETCH_GRANULARITY: return &limits.maxL2FetchGranularity;
  case CU_LIMIT_PERSISTING_L2_CACHE_SIZE: return &limits.persistingL2CacheSize;
  default: return nullptr;
  }
}

} // namespace

extern "C" {

CUresult CUDAAPI cuDevicePrimaryCtxRetain(CUcontext *pctx, CUdevice dev) {
  P2M_API_ENTER();
  if (!pctx)
    return CUDA_ERROR_INVALID_VALUE;
  if (dev != 0)
    return CUDA_ERROR_INVALID_DEVICE;
  if (!driver.primaryContext())
    driver.createContext(/*primary=*/true, driver.primaryFlags());
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

CUresult CUDAAPI cuDevicePrimaryCtxGetState(CUdevice dev, unsigned int *flags, int *active) {
  P2M_API_ENTER();
  if (!flags || !active)
    return CUDA_ERROR_INVALID_VALUE;
  if (dev != 0)
    return CUDA_ERROR_INVALID_DEVICE;
  *flags = driver.primaryFlags();
  *active = driver.primaryContext() != nullptr;
  return CUDA_SUCCESS;
}

// Since CUDA 11 (_v2) the flags may change while the primary context is active.
CUresult CUDAAPI cuDevicePrimaryCtxSetFlags_v2(CUdevice dev, unsigned int flags) {
  P2M_API_ENTER();
  if (dev != 0)
    return CUDA_ERROR_INVALID_DEVICE;
  if (!validContextFlags(flags))
    return CUDA_ERROR_INVALID_VALUE;
  driver.primaryFlags() = flags;
  if (CUctx_st *primary = driver.primaryContext())
    primary->flags = flags;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDevicePrimaryCtxSetFlags(CUdevice dev, unsigned int flags) {
  return cuDevicePrimaryCtxSetFlags_v2(dev, flags);
}

// Frees everything in the primary context and clears its sticky error; the context stays
// retained (CUDA: resetting does not release it) and its handle stays valid.
CUresult CUDAAPI cuDevicePrimaryCtxReset_v2(CUdevice dev) {
  P2M_API_ENTER();
  if (dev != 0)
    return CUDA_ERROR_INVALID_DEVICE;
  if (CUctx_st *primary = driver.primaryContext())
    driver.resetContext(primary);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDevicePrimaryCtxReset(CUdevice dev) { return cuDevicePrimaryCtxReset_v2(dev); }

CUresult CUDAAPI cuCtxCreate_v2(CUcontext *pctx, unsigned int flags, CUdevice dev) {
  P2M_API_ENTER();
  if (!pctx || !validContextFlags(flags))
    return CUDA_ERROR_INVALID_VALUE;
  if (dev != 0)
    return CUDA_ERROR_INVALID_DEVICE;
  *pctx = driver.createContext(/*primary=*/false, flags);
  driver.pushCurrent(*pctx);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuCtxCreate_v3(CUcontext *pctx, CUexecAffinityParam *paramsArray, int numParams, unsigned int flags,
                                CUdevice dev) {
  // Execution affinity (a share of the SMs) has no meaning here.
  if (numParams < 0 || (numParams > 0 && !paramsArray))
    return CUDA_ERROR_INVALID_VALUE;
  if (numParams > 0)
    return p2m::cuda::notSupported("cuCtxCreate_v3", "execution affinity");
  return cuCtxCreate_v2(pctx, flags, dev);
}

CUresult CUDAAPI cuCtxCreate_v4(CUcontext *pctx, CUctxCreateParams *params, unsigned int flags, CUdevice dev) {
  // Execution affinity and CIG (shared graphics contexts) have no meaning here.
  if (params && (params->numExecAffinityParams > 0 || params->cigParams))
    return p2m::cuda::notSupported("cuCtxCreate_v4", "execution affinity and CIG contexts");
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

CUresult CUDAAPI cuCtxPushCurrent_v2(CUcontext ctx) {
  P2M_API_ENTER();
  if (!ctx || !driver.isContext(ctx))
    return CUDA_ERROR_INVALID_CONTEXT;
  driver.pushCurrent(ctx);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuCtxPushCurrent(CUcontext ctx) { return cuCtxPushCurrent_v2(ctx); }

CUresult CUDAAPI cuCtxPopCurrent_v2(CUcontext *pctx) {
  P2M_API_ENTER();
  if (!driver.current())
    return CUDA_ERROR_INVALID_CONTEXT;
  CUctx_st *popped = driver.popCurrent();
  if (pctx)
    *pctx = driver.isContext(popped) ? popped : nullptr;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuCtxPopCurrent(CUcontext *pctx) { return cuCtxPopCurrent_v2(pctx); }

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

CUresult CUDAAPI cuCtxGetDevice(CUdevice *device) {
  P2M_API_ENTER_CONTEXT();
  (void)context;
  if (!device)
    return CUDA_ERROR_INVALID_VALUE;
  *device = 0;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuCtxGetDevice_v2(CUdevice *device, CUcontext ctx) {
  P2M_API_ENTER();
  if (!device)
    return CUDA_ERROR_INVALID_VALUE;
  if (CUresult r = driver.checkContext(ctx ? ctx : driver.current()))
    return r;
  *device = 0;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuCtxGetFlags(unsigned int *flags) {
  P2M_API_ENTER_CONTEXT();
  if (!flags)
    return CUDA_ERROR_INVALID_VALUE;
  *flags = context->flags;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuCtxSetFlags(unsigned int flags) {
  P2M_API_ENTER_CONTEXT();
  if (!validContextFlags(flags))
    return CUDA_ERROR_INVALID_VALUE;
  context->flags = flags;
  if (context->primary)
    driver.primaryFlags() = flags;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuCtxGetId(CUcontext ctx, unsigned long long *ctxId) {
  P2M_API_ENTER();
  if (!ctxId)
    return CUDA_ERROR_INVALID_VALUE;
  CUctx_st *target = ctx ? ctx : driver.current();
  if (CUresult r = driver.checkContext(target))
    return r;
  *ctxId = target->id;
  return CUDA_SUCCESS;
}

// The API version of a context: the version of the cuda.h it was created under, as CUDA
// reports it (3020 for every context since CUDA 3.2's 64-bit API).
CUresult CUDAAPI cuCtxGetApiVersion(CUcontext ctx, unsigned int *version) {
  P2M_API_ENTER();
  if (!version)
    return CUDA_ERROR_INVALID_VALUE;
  if (CUresult r = driver.checkContext(ctx ? ctx : driver.current()))
    return r;
  *version = 3020;
  return CUDA_SUCCESS;
}

// Drains every stream of the context (the work enqueued before the call, on every thread's
// streams); a fault in that work is the sticky error returned.
CUresult CUDAAPI cuCtxSynchronize(void) {
  P2M_API_ENTER_CONTEXT();
  if (CUresult r = driver.synchronizeContext(context))
    return r;
  return driver.checkContext(context);
}

CUresult CUDAAPI cuCtxSynchronize_v2(CUcontext ctx) {
  P2M_API_ENTER();
  CUctx_st *context = ctx ? ctx : driver.current();
  if (CUresult r = driver.checkContext(context))
    return r;
  if (CUresult r = driver.synchronizeContext(context))
    return r;
  return driver.checkContext(context);
}

CUresult CUDAAPI cuCtxSetLimit(CUlimit limit, size_t value) {
  P2M_API_ENTER_CONTEXT();
  size_t *slot = limitSlot(context->limits, limit);
  if (!slot)
    return CUDA_ERROR_UNSUPPORTED_LIMIT;
  // CUDA: the printf FIFO is sized before the first kernel that prints runs in the context.
  if (limit == CU_LIMIT_PRINTF_FIFO_SIZE && context->printfLaunched) {
    p2m::runtime::logMessage("cuCtxSetLimit: CU_LIMIT_PRINTF_FIFO_SIZE after a kernel that prints has run");
    return CUDA_ERROR_INVALID_VALUE;
  }
  if (limit == CU_LIMIT_PRINTF_FIFO_SIZE && value < 4096)
    value = 4096; // room for the buffer's header and a record or more, as a GPU rounds it up
  if (limit == CU_LIMIT_MAX_L2_FETCH_GRANULARITY && (value > 128 || (value & (value - 1))))
    return CUDA_ERROR_INVALID_VALUE; // a power of two from 0 to 128 bytes
  // The kernels run on the host with their own stacks (sized from the reflection's .local
  // bytes), and no device-side malloc or launch exists: those limits are kept and reported.
  *slot = value;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuCtxGetLimit(size_t *pvalue, CUlimit limit) {
  P2M_API_ENTER_CONTEXT();
  if (!pvalue)
    return CUDA_ERROR_INVALID_VALUE;
  size_t *slot = limitSlot(context->limits, limit);
  if (!slot)
    return CUDA_ERROR_UNSUPPORTED_LIMIT;
  *pvalue = *slot;
  return CUDA_SUCCESS;
}

// Stream priorities have no effect here (one level; streams are scheduled alike): the range is
// [0, 0], as CUDA reports for a device without priorities.
CUresult CUDAAPI cuCtxGetStreamPriorityRange(int *leastPriority, int *greatestPriority) {
  P2M_API_ENTER_CONTEXT();
  (void)context;
  if (leastPriority)
    *leastPriority = 0;
  if (greatestPriority)
    *greatestPriority = 0;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuCtxGetCacheConfig(CUfunc_cache *pconfig) {
  P2M_API_ENTER_CONTEXT();
  if (!pconfig)
    return CUDA_ERROR_INVALID_VALUE;
  *pconfig = context->cacheConfig;
  return CUDA_SUCCESS;
}

// A preference between L1 and shared memory: kept and reported, it changes nothing here.
CUresult CUDAAPI cuCtxSetCacheConfig(CUfunc_cache config) {
  P2M_API_ENTER_CONTEXT();
  if (const long long bits = p2m::cuda::enumBits(config); bits < CU_FUNC_CACHE_PREFER_NONE || bits > CU_FUNC_CACHE_PREFER_EQUAL)
    return CUDA_ERROR_INVALID_VALUE;
  context->cacheConfig = config;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuCtxResetPersistingL2Cache(void) {
  P2M_API_ENTER_CONTEXT();
  (void)context; // no persisting L2 lines exist to reset
  return CUDA_SUCCESS;
}

// One device: there is no peer to enable access to.
CUresult CUDAAPI cuCtxEnablePeerAccess(CUcontext peerContext, unsigned int Flags) {
  P2M_API_ENTER_CONTEXT();
  if (Flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (!driver.isContext(peerContext))
    return CUDA_ERROR_INVALID_CONTEXT;
  (void)context;
  return CUDA_ERROR_PEER_ACCESS_UNSUPPORTED;
}

CUresult CUDAAPI cuCtxDisablePeerAccess(CUcontext peerContext) {
  P2M_API_ENTER_CONTEXT();
  (void)context;
  if (!driver.isContext(peerContext))
    return CUDA_ERROR_INVALID_CONTEXT;
  return CUDA_ERROR_PEER_ACCESS_NOT_ENABLED;
}

} // extern "C"
