// The shim's state behind the exported CUDA Driver API functions: the one device (a
// runtime::Device over the backend P2M_BACKEND names; `host` is the only one on Linux), the
// contexts and every live handle, so that a stale or made-up handle is an error
// (CUDA_ERROR_INVALID_HANDLE / _CONTEXT), never a crash. CUDA's opaque handle types
// (CUctx_st, CUmod_st, ...) are defined here. One lock serializes the API: work runs
// synchronously, which CUDA allows (an async call may complete before it returns).
#pragma once

#include "runtime/core/Device.h"
#include "runtime/core/Module.h"
#include "runtime/core/RuntimeError.h"

#include <cuda.h>

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>

struct CUctx_st {
  bool primary = false;
  unsigned flags = 0;
  // A kernel trapped (CUDA_ERROR_LAUNCH_FAILED) or failed an assert (CUDA_ERROR_ASSERT): every
  // later call in this context fails with that error (sticky). CUDA_SUCCESS while usable.
  CUresult broken = CUDA_SUCCESS;
};

struct CUmod_st {
  CUctx_st *context = nullptr;
  std::unique_ptr<p2m::runtime::Module> module;
  std::map<std::string, std::unique_ptr<struct CUfunc_st>, std::less<>> functions;
};

struct CUfunc_st {
  CUmod_st *module = nullptr;
  p2m::runtime::Kernel *kernel = nullptr;
};

struct CUstream_st {
  CUctx_st *context = nullptr;
  unsigned flags = 0;
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
  void setCurrent(CUctx_st *context);
  CUctx_st *current() const;

  CUctx_st *createContext(bool primary, unsigned flags);
  void destroyContext(CUctx_st *context); // its modules, streams, events and memory too
  CUctx_st *primaryContext() const { return primary_; }
  unsigned &primaryReferences() { return primaryReferences_; }

  bool isContext(CUctx_st *c) const { return contexts_.count(c) != 0; }
  bool isModule(CUmod_st *m) const { return modules_.count(m) != 0; }
  bool isFunction(CUfunc_st *f) const;
  bool isStream(CUstream_st *s) const { return streams_.count(s) != 0; }
  bool isEvent(CUevent_st *e) const { return events_.count(e) != 0; }

  // The stream handle of an API call: 0, CU_STREAM_LEGACY, CU_STREAM_PER_THREAD or a live
  // stream of `context`.
  CUresult checkStream(CUstream stream, CUctx_st *context) const;

  CUmod_st *addModule(CUctx_st *context, std::unique_ptr<runtime::Module> module);
  void destroyModule(CUmod_st *module);
  CUstream_st *addStream(CUctx_st *context, unsigned flags);
  void destroyStream(CUstream_st *stream);
  CUevent_st *addEvent(CUctx_st *context, unsigned flags);
  void destroyEvent(CUevent_st *event);

  // Host allocations of cuMemAllocHost, so cuMemFreeHost can refuse other pointers.
  std::set<void *> hostAllocations;

private:
  Driver() = default;
  std::unique_ptr<runtime::Device> device_;
  CUresult initResult_ = CUDA_ERROR_NOT_INITIALIZED;
  bool initTried_ = false;
  std::set<CUctx_st *> contexts_;
  CUctx_st *primary_ = nullptr;
  unsigned primaryReferences_ = 0;
  std::map<CUmod_st *, std::unique_ptr<CUmod_st>> modules_;
  std::map<CUstream_st *, std::unique_ptr<CUstream_st>> streams_;
  std::map<CUevent_st *, std::unique_ptr<CUevent_st>> events_;
};

// A runtime failure as the CUresult CUDA documents for it; logged when P2M_LOG is set.
CUresult toCuResult(const runtime::RuntimeStatus &status, const char *api);

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
