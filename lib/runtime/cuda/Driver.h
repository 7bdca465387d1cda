// The shim's state behind the exported CUDA Driver API functions: the one device (a
// runtime::Device over the backend P2M_BACKEND names; `host` is the only one on Linux), the
// contexts and every live handle, so that a stale or made-up handle is an error
// (CUDA_ERROR_INVALID_HANDLE / _CONTEXT), never a crash. CUDA's opaque handle types
// (CUctx_st, CUmod_st, ...) are defined here. One lock serializes the API: work runs
// synchronously, which CUDA allows (an async call may complete before it returns). Each host
// thread has its own stack of current contexts (cuCtxPushCurrent / cuCtxPopCurrent).
#pragma once

#include "runtime/core/Device.h"
#include "runtime/core/EnumBits.h"
#include "runtime/core/Module.h"
#include "runtime/core/RuntimeError.h"

#include <cuda.h>

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

// The values of cuCtxSetLimit's limits (CUlimit), CUDA's defaults until set.
struct ContextLimits {
  size_t stackSize = 1024;
  size_t printfFifoSize = p2m::runtime::kPrintfBufferBytes;
  size_t mallocHeapSize = 8 << 20;
  size_t devRuntimeSyncDepth = 2;
  size_t devRuntimePendingLaunchCount = 2048;
  size_t maxL2FetchGranularity = 64;
  size_t persistingL2CacheSize = 0;
};

struct CUctx_st {
  bool primary = false;
  unsigned flags = 0;
  unsigned long long id = 0; // cuCtxGetId: unique for the process's lifetime
  // A kernel trapped (CUDA_ERROR_LAUNCH_FAILED) or failed an assert (CUDA_ERROR_ASSERT): every
  // later call in this context fails with that error (sticky). CUDA_SUCCESS while usable.
  CUresult broken = CUDA_SUCCESS;
  ContextLimits limits;
  bool printfLaunched = false; // a kernel that prints ran: the printf FIFO size is fixed now
  CUfunc_cache cacheConfig = CU_FUNC_CACHE_PREFER_NONE;
};

struct CUmod_st {
  CUctx_st *context = nullptr;
  struct CUlib_st *library = nullptr; // a library's module in this context (cuLibraryGetModule)
  std::unique_ptr<p2m::runtime::Module> module;
  std::map<std::string, std::unique_ptr<struct CUfunc_st>, std::less<>> functions;
};

struct CUfunc_st {
  CUmod_st *module = nullptr;
  p2m::runtime::Kernel *kernel = nullptr;
  int carveout = -1; // CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT: a hint, kept to report
  CUfunc_cache cacheConfig = CU_FUNC_CACHE_PREFER_NONE;
};

// A library (cuLibraryLoadData): context-independent code, loaded as a module into each
// context the first time it is used there. `reference` is one context-free load that answers
// names and attributes.
struct CUlib_st {
  std::string ptx;                                     // the code as PTX text, or
  std::optional<p2m::runtime::PrebuiltModule> prebuilt; // a translation made ahead of time
  std::unique_ptr<p2m::runtime::Module> reference;
  std::map<CUctx_st *, CUmod_st *> modules;
  std::map<std::string, std::unique_ptr<struct CUkern_st>, std::less<>> kernels;
};

struct CUkern_st {
  CUlib_st *library = nullptr;
  std::string name;
  p2m::runtime::Kernel *reference = nullptr; // in library->reference
  // cuKernelSetAttribute's values, applied to the kernel's function in every context.
  std::optional<uint32_t> maxDynamicShared;
  int carveout = -1;
};

struct CUstream_st {
  CUctx_st *context = nullptr;
  unsigned flags = 0;
  int priority = 0;
  unsigned long long id = 0;
};

struct CUevent_st {
  CUctx_st *context = nullptr;
  unsigned flags = 0;
  bool recorded = false;
  std::chrono::steady_clock::time_point time;
};

namespace p2m::cuda {

class Driver {
public:
  static Driver &get();

  std::recursive_mutex mutex;

  // cuInit: creates the device once; later calls return the first outcome.
  CUresult initialize(unsigned flags);
  bool initialized() const { return device_ != nullptr; }
  runtime::Device &device() { return *device_; }

  // The calling thread's current context, checked: NOT_INITIALIZED before cuInit,
  // INVALID_CONTEXT when there is none or it was destroyed, its sticky error once it is broken.
  CUresult currentContext(CUctx_st **context);
  CUresult checkContext(CUctx_st *context); // the same checks for a given context
  // The calling thread's context stack: cuCtxSetCurrent replaces its top (NULL pops it),
  // cuCtxCreate and cuCtxPushCurrent push, cuCtxPopCurrent pops.
  void setCurrent(CUctx_st *context);
  CUctx_st *current() const;
  void pushCurrent(CUctx_st *context);
  CUctx_st *popCurrent(); // null when the stack is empty

  CUctx_st *createContext(bool primary, unsigned flags);
  void destroyContext(CUctx_st *context); // its modules, streams, events and memory too
  // Frees everything the context owns and clears its sticky error and limits; the handle
  // stays valid (cuDevicePrimaryCtxReset).
  void resetContext(CUctx_st *context);
  CUctx_st *primaryContext() const { return primary_; }
  unsigned &primaryReferences() { return primaryReferences_; }
  unsigned &primaryFlags() { return primaryFlags_; } // kept while the primary context is inactive

  // The context an allocation's owner stands for: a context itself, or the context of the
  // module whose segment it is; null for anything else (a library's context-free module).
  CUctx_st *contextOfOwner(const void *owner) const;

  bool isContext(CUctx_st *c) const { return contexts_.count(c) != 0; }
  bool isModule(CUmod_st *m) const { return modules_.count(m) != 0; }
  bool isFunction(CUfunc_st *f) const;
  bool isStream(CUstream_st *s) const { return streams_.count(s) != 0; }
  bool isEvent(CUevent_st *e) const { return events_.count(e) != 0; }
  bool isLibrary(CUlib_st *l) const { return libraries_.count(l) != 0; }
  bool isKernel(CUkern_st *k) const;

  // The stream handle of an API call: 0, CU_STREAM_LEGACY, CU_STREAM_PER_THREAD or a live
  // stream of `context`.
  CUresult checkStream(CUstream stream, CUctx_st *context) const;

  CUmod_st *addModule(CUctx_st *context, std::unique_ptr<runtime::Module> module);
  void destroyModule(CUmod_st *module);
  CUstream_st *addStream(CUctx_st *context, unsigned flags);
  void destroyStream(CUstream_st *stream);
  CUevent_st *addEvent(CUctx_st *context, unsigned flags);
  void destroyEvent(CUevent_st *event);
  CUlib_st *addLibrary(std::unique_ptr<CUlib_st> library);
  void destroyLibrary(CUlib_st *library); // its module in every context too

  // Host memory the device can reach: page-locked allocations (cuMemAllocHost,
  // cuMemHostAlloc) and registered ranges (cuMemHostRegister), by host address. Their device
  // address is the host address on the host backend, but need not be on others.
  struct HostRange {
    uint64_t device = 0; // the device address of the first byte
    uint64_t bytes = 0;
    unsigned flags = 0;  // CU_MEMHOSTALLOC_* or CU_MEMHOSTREGISTER_*
    bool registered = false;
    CUctx_st *context = nullptr;
  };
  std::map<uintptr_t, HostRange> hostRanges;
  // The range holding host address `p`, with its base in *base; null when none does.
  const HostRange *findHostRange(const void *p, uintptr_t *base) const;

private:
  Driver() = default;
  std::unique_ptr<runtime::Device> device_;
  CUresult initResult_ = CUDA_ERROR_NOT_INITIALIZED;
  bool initTried_ = false;
  std::set<CUctx_st *> contexts_;
  // Destroyed contexts, kept so that their addresses are never reused (a stale handle on some
  // thread's stack must stay invalid, not name a new context).
  std::vector<std::unique_ptr<CUctx_st>> retired_;
  CUctx_st *primary_ = nullptr;
  unsigned primaryReferences_ = 0;
  unsigned primaryFlags_ = 0;
  unsigned long long nextId_ = 1;
  std::map<CUmod_st *, std::unique_ptr<CUmod_st>> modules_;
  std::map<CUlib_st *, std::unique_ptr<CUlib_st>> libraries_;
  std::map<CUstream_st *, std::unique_ptr<CUstream_st>> streams_;
  std::map<CUevent_st *, std::unique_ptr<CUevent_st>> events_;
};

// A runtime failure as the CUresult CUDA documents for it; logged when P2M_LOG is set.
CUresult toCuResult(const runtime::RuntimeStatus &status, const char *api);

// The function `name` of a module (made once, then the same handle): NOT_FOUND for an
// unknown name, NOT_SUPPORTED for a kernel that did not translate.
CUresult moduleFunction(CUmod_st *module, const char *name, CUfunction *out);

// A library kernel's function in `context` (its module loaded there on first use), with the
// kernel's attributes applied. A CUkernel may stand where a CUfunction is expected (CUDA 12).
CUresult kernelFunction(Driver &driver, CUkern_st *kernel, CUctx_st *context, CUfunction *out);

// A value a program passed where cuda.h names an enum type, as a plain integer (EnumBits.h).
using runtime::enumBits;

// CUDA_ERROR_NOT_SUPPORTED with a log line naming what is missing.
CUresult notSupported(const char *api, const char *why);

// Takes the API lock and checks cuInit was called.
#define P2M_API_ENTER()                                                                             \
  std::lock_guard<std::recursive_mutex> apiLock(::p2m::cuda::Driver::get().mutex);                 \
  ::p2m::cuda::Driver &driver = ::p2m::cuda::Driver::get();                                         \
  if (!driver.initialized())                                                                        \
    return CUDA_ERROR_NOT_INITIALIZED;

// The same plus the current context in `context`.
#define P2M_API_ENTER_CONTEXT()                                                                     \
  P2M_API_ENTER()                                                                                   \
  CUctx_st *context = nullptr;                                                                      \
  if (CUresult contextResult = driver.currentContext(&context); contextResult != CUDA_SUCCESS)      \
    return contextResult;

} // namespace p2m::cuda
