// Kernel launches. The core validates the launch and packs the parameters when it is
// enqueued (the caller may reuse its arguments at once); the stream's task dispatches it, with
// the API lock released where the backend runs dispatches side by side (the host backend), so
// that kernels of different streams overlap and API calls go on meanwhile. A
// trap breaks the context (sticky CUDA_ERROR_LAUNCH_FAILED on every later call, as in CUDA;
// after a failed device-side assert, CUDA_ERROR_ASSERT; after a memory fault in the kernel,
// CUDA_ERROR_ILLEGAL_ADDRESS), which the next synchronizing call reports. A module's printf
// buffer takes the context's CU_LIMIT_PRINTF_FIFO_SIZE at each launch. A cooperative launch
// is an ordinary one once the occupancy model says every block of the grid is resident at once
// (the host backend then runs them all concurrently). A module's texture and surface references
// get their objects when the launch is enqueued and their handles when it runs
// (TextureReferences.h).
#include "Driver.h"

#include "runtime/core/Occupancy.h"

#include "runtime/core/Log.h"

using p2m::cuda::Driver;
using p2m::cuda::toCuResult;
using namespace p2m::runtime;

namespace {

// The stream task of a launch: runs the prepared dispatch; a fault breaks the context. The
// module and everything the dispatch reads stay alive while the lock is released: unloading,
// freeing and context teardown all wait for the task first.
void runKernel(Driver &driver, CUfunc_st *f, const LaunchShape &shape, CUctx_st *context,
               const std::vector<uint8_t> &params, const std::vector<p2m::cuda::ReferenceHandle> &references,
               bool cooperative) {
  Module &module = *f->module->module;
  Backend &backend = driver.device().backend();
  bool overlaps = backend.concurrentDispatches() && !cooperative;
  if (cooperative)
    driver.waitForKernels(); // its grid needs every worker: it runs alone
  // The texture and surface references' objects as they were bound when it was enqueued.
  p2m::cuda::writeReferences(driver, references);
  RuntimeStatus s = module.setPrintfBufferBytes(context->limits.printfFifoSize);
  Dispatch dispatch;
  size_t slot = 0;
  if (!s)
    s = module.beginLaunch(*f->kernel, shape, params, &dispatch, &slot);
  if (!s) {
    RuntimeStatus dispatched;
    if (overlaps) {
      ++driver.kernelsInFlight;
      driver.runUnlocked([&] { dispatched = fromBackend(backend.dispatch(dispatch)); });
      driver.kernelDone();
    } else {
      dispatched = fromBackend(backend.dispatch(dispatch));
    }
    s = module.finishLaunch(*f->kernel, slot, std::move(dispatched));
  }
  if (!s)
    return;
  CUresult result = toCuResult(s, "cuLaunchKernel");
  if (s->code == RuntimeErrorCode::LaunchFailed || s->code == RuntimeErrorCode::AssertFailed ||
      s->code == RuntimeErrorCode::IllegalAddress || s->code == RuntimeErrorCode::MisalignedAddress ||
      s->code == RuntimeErrorCode::IllegalInstruction) {
    context->broken = result;
    const char *name = "CUDA_ERROR_LAUNCH_FAILED";
    cuGetErrorName(result, &name);
    printMessage(s->message + "; the context is now unusable (" + name + ")");
    return;
  }
  // Checked when it was enqueued, so not expected; said rather than lost.
  printMessage("kernel " + f->kernel->info().name + " did not run: " + s->message);
}

CUresult launch(Driver &driver, CUfunction f, const LaunchShape &shape, CUstream stream, void **kernelParams,
                void **extra, bool cooperative = false) {
  // A CUkernel cast to CUfunction launches its function in the current context (CUDA 12).
  if (!driver.isFunction(f) && driver.isKernel(reinterpret_cast<CUkern_st *>(f))) {
    CUctx_st *current = nullptr;
    if (CUresult r = driver.currentContext(&current))
      return r;
    if (CUresult r = p2m::cuda::kernelFunction(driver, reinterpret_cast<CUkern_st *>(f), current, &f))
      return r;
  }
  if (!driver.isFunction(f))
    return CUDA_ERROR_INVALID_HANDLE;
  CUctx_st *context = f->module->context;
  if (CUresult r = driver.checkContext(context))
    return r;
  if (CUresult r = driver.checkStream(stream, context))
    return r;
  std::vector<uint8_t> params;
  if (CUresult r = toCuResult(f->module->module->prepareLaunch(*f->kernel, shape, kernelParams, extra, &params),
                              "cuLaunchKernel"))
    return r;
  std::vector<p2m::cuda::ReferenceHandle> references;
  if (CUresult r = p2m::cuda::prepareReferences(driver, f->module, &references))
    return r;
  if (f->kernel->info().usesPrintf)
    context->printfLaunched = true;
  p2m::cuda::StreamTask task;
  task.work = [d = &driver, f, shape, context, params = std::move(params), references = std::move(references),
               cooperative] { runKernel(*d, f, shape, context, params, references, cooperative); };
  driver.enqueue(driver.queueOf(stream, context), std::move(task));
  return CUDA_SUCCESS;
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
      break; // scheduling hints: one priority level (cuCtxGetStreamPriorityRange)
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

CUresult CUDAAPI cuLaunchCooperativeKernel(CUfunction f, unsigned int gridDimX, unsigned int gridDimY,
                                           unsigned int gridDimZ, unsigned int blockDimX, unsigned int blockDimY,
                                           unsigned int blockDimZ, unsigned int sharedMemBytes, CUstream hStream,
                                           void **kernelParams) {
  P2M_API_ENTER();
  if (!driver.isFunction(f))
    return CUDA_ERROR_INVALID_HANDLE;
  if (!driver.device().properties().coResidentGrid) {
    p2m::runtime::logMessage("cuLaunchCooperativeKernel: this device does not run a whole grid at once");
    return CUDA_ERROR_NOT_SUPPORTED;
  }
  uint64_t threads = uint64_t(blockDimX) * blockDimY * blockDimZ;
  int perMultiprocessor = 0;
  if (threads <= uint64_t(INT32_MAX))
    perMultiprocessor = p2m::runtime::residentBlocks(driver.device().properties(), f->kernel->info(), f->kernel->maxDynamicShared(),
                                                       int(threads), sharedMemBytes);
  uint64_t blocks = uint64_t(gridDimX) * gridDimY * gridDimZ;
  if (perMultiprocessor > 0 && blocks > uint64_t(perMultiprocessor) * driver.device().properties().multiprocessors)
    return CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE;
  LaunchShape shape{{gridDimX, gridDimY, gridDimZ}, {blockDimX, blockDimY, blockDimZ}, sharedMemBytes};
  return launch(driver, f, shape, hStream, kernelParams, nullptr, /*cooperative=*/true);
}

} // extern "C"
