// The shim's state behind the exported CUDA Driver API functions: the one device (a
// runtime::Device over the backend P2M_BACKEND names; `host` is the only one on Linux), the
// contexts and every live handle, so that a stale or made-up handle is an error
// (CUDA_ERROR_INVALID_HANDLE / _CONTEXT), never a crash. CUDA's opaque handle types
// (CUctx_st, CUmod_st, ...) are defined here. One lock (the API lock) guards all of it. Each
// host thread has its own stack of current contexts (cuCtxPushCurrent / cuCtxPopCurrent).
//
// Streams are asynchronous (docs/runtime.md, "Streams"): every stream — a created one, each
// context's legacy default stream, each thread's per-thread default stream — is a queue of
// tasks (StreamQueue) with a worker thread that takes the API lock to run one task at a time.
// Host functions and stream callbacks run without the lock. Every wait drains: it runs the
// pending tasks itself, in order, or waits (the lock released) for the one already running.
#pragma once

#include "PerThreadDefault.h"
#include "TextureReferences.h"

#include "runtime/core/Device.h"
#include "runtime/core/EnumBits.h"
#include "runtime/core/Module.h"
#include "runtime/core/RuntimeError.h"

#include <cuda.h>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <utility>
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

namespace p2m::cuda {

// One operation of a stream, run when the stream reaches it.
struct StreamTask {
  // Work done under the API lock: a copy, fill, launch, event record or a wait on another
  // stream. Skipped once the context is broken (a fault in an earlier task is sticky), unless
  // `runsWhenBroken` (a stream-ordered free).
  std::function<void()> work;
  // Or a host function or stream callback, called WITHOUT the API lock with the context's
  // status (CUDA_SUCCESS, or its sticky error). A host function (cuLaunchHostFunc) is skipped
  // once the context is broken; a stream callback (runsWhenBroken) is called with the error.
  std::function<void(CUresult)> host;
  bool runsWhenBroken = false;
};

// A stream's queue. Tasks are numbered from 1 in enqueue order; the first `completed` of them
// are done (run or skipped), the next one is at the front of `tasks` or `running`. Guarded by
// the API lock.
struct StreamQueue {
  CUctx_st *context = nullptr;
  bool legacy = false;   // a context's legacy default stream (0, CU_STREAM_LEGACY)
  bool blocking = true;  // synchronizes with the legacy stream (not CU_STREAM_NON_BLOCKING)
  std::deque<StreamTask> tasks;
  uint64_t enqueued = 0;
  uint64_t completed = 0;
  bool running = false; // a thread has taken the front task and runs it
  bool retired = false; // its handle is gone: the worker leaves once the queue is empty
  // The worker: started at the first enqueue; `workerBusy` while it runs a task,
  // `workerWaiting` while it waits on `wake` for work.
  std::thread worker;
  bool workerBusy = false;
  bool workerWaiting = false;
  std::condition_variable_any wake;
  bool idle() const { return completed == enqueued; }
};

// When an event's recorded work ran: set by the record's task.
struct EventStamp {
  bool taken = false;
  std::chrono::steady_clock::time_point time;
};

} // namespace p2m::cuda

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
  std::shared_ptr<p2m::cuda::StreamQueue> legacy; // the legacy default stream, made at first use
};

struct CUmod_st {
  CUctx_st *context = nullptr;
  struct CUlib_st *library = nullptr; // a library's module in this context (cuLibraryGetModule)
  std::unique_ptr<p2m::runtime::Module> module;
  std::map<std::string, std::unique_ptr<struct CUfunc_st>, std::less<>> functions;
  p2m::cuda::ModuleReferences references; // .texref / .surfref (TextureReferences.h)
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
  std::string ptx;                                     // the code as PTX text (with the
  std::vector<p2m::fatbin::EmbeddedTranslation> embedded; // translations its fatbin carried), or
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
  std::shared_ptr<p2m::cuda::StreamQueue> queue; // outlives the handle until its work is done
};

// The last record of an event: complete once its queue has completed task `task`.
struct CUevent_st {
  CUctx_st *context = nullptr;
  unsigned flags = 0;
  bool recorded = false;
  std::shared_ptr<p2m::cuda::StreamQueue> queue;
  uint64_t task = 0;
  std::shared_ptr<p2m::cuda::EventStamp> stamp;
};

namespace p2m::cuda {

// The API lock, taken by every entry point (P2M_API_ENTER) and by the stream workers. It is
// recursive; the calling thread's depth is counted so that a wait can release it entirely.
class ApiLock {
public:
  ApiLock();
  ~ApiLock();
  ApiLock(const ApiLock &) = delete;
  ApiLock &operator=(const ApiLock &) = delete;
};

class Driver {
public:
  static Driver &get();

  std::recursive_mutex mutex; // the API lock: take it through ApiLock

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
  // Allocations a cuMemFreeAsync will free when its stream reaches it: freeing one again is
  // refused at once.
  std::set<uint64_t> freeing;
  // The range holding host address `p`, with its base in *base; null when none does.
  const HostRange *findHostRange(const void *p, uintptr_t *base) const;
  // Program memory that is neither device memory nor page-locked / registered host memory: an
  // asynchronous copy stages it (a source) or waits for the copy (a destination), as CUDA does.
  bool isPageable(const void *p) const;

  // Streams (StreamQueues.cpp). All with the API lock held; the waits release it meanwhile.
  //
  // The queue a stream handle names, the handle checked beforehand (checkStream): a created
  // stream's own; for 0 and CU_STREAM_LEGACY the context's legacy stream (0 is the per-thread
  // stream inside a _ptds / _ptsz entry point); for CU_STREAM_PER_THREAD the calling
  // thread's per-thread stream in the context.
  std::shared_ptr<StreamQueue> queueOf(CUstream stream, CUctx_st *context);
  // Appends a task, after the legacy stream's implicit synchronization: work on the legacy
  // stream first waits for the pending work of every blocking stream of its context, work on
  // a blocking stream for the pending work of the legacy stream. Returns the task's number.
  uint64_t enqueue(const std::shared_ptr<StreamQueue> &queue, StreamTask task);
  // Until `queue` has completed its first `upTo` tasks: runs them here, in order, or waits for
  // the one another thread runs. CUDA_ERROR_NOT_PERMITTED when called from a host function or
  // stream callback (which may not call CUDA), CUDA_SUCCESS otherwise; the caller then reports
  // the context's sticky error, if a task broke it.
  CUresult drain(const std::shared_ptr<StreamQueue> &queue, uint64_t upTo);
  // Enqueues `task` on the stream and waits for it (a synchronous call, or a copy to pageable
  // memory); then the context's sticky error, if it broke.
  CUresult runSynchronously(CUstream stream, CUctx_st *context, StreamTask task);
  // Either: `wait` runs it synchronously, else it is enqueued and CUDA_SUCCESS returned.
  CUresult submit(CUstream stream, CUctx_st *context, StreamTask task, bool wait);
  // cuStreamSynchronize / cuStreamQuery: the stream's work enqueued so far; for the legacy
  // stream, that of every blocking stream of its context too (which work on it would wait for).
  CUresult synchronizeStream(CUstream stream, CUctx_st *context);
  bool streamIdle(CUstream stream, CUctx_st *context);
  // Every stream of `context` (cuCtxSynchronize), or of every context (cuMemFree, module
  // unloading): the work enqueued before the call.
  CUresult synchronizeContext(CUctx_st *context);
  CUresult synchronizeAll();
  // Library unload: no new workers; idle workers leave and are joined, one inside a task (a
  // blocked host function) is left to finish on its own. Work enqueued later runs at once.
  void shutdown();

  // Kernels of several streams run at once where the backend allows it: a launch's task
  // dispatches with the API lock released (runUnlocked), counted in kernelsInFlight. A
  // cooperative launch, whose grid needs every worker, first waits until none is in flight
  // (waitForKernels) and keeps the lock while it runs, so that none starts beside it.
  unsigned kernelsInFlight = 0;
  void runUnlocked(const std::function<void()> &f); // with the API lock released at every depth
  void waitForKernels();
  void kernelDone(); // --kernelsInFlight, and wakes waitForKernels

private:
  friend class ApiLock;
  void runFront(const std::shared_ptr<StreamQueue> &queue);
  void workerLoop(std::shared_ptr<StreamQueue> queue);
  void startWorker(const std::shared_ptr<StreamQueue> &queue);
  std::shared_ptr<StreamQueue> newQueue(CUctx_st *context, bool legacy, bool blocking);
  std::shared_ptr<StreamQueue> legacyQueue(CUctx_st *context);
  // Drops finished queues of destroyed streams, joins workers that have left.
  void retire(const std::shared_ptr<StreamQueue> &queue);
  void collectFinished();
  // Every queue of `context` drained, until none has work (context destruction and reset).
  void quiesce(CUctx_st *context);
  // Waits on `cv` with the API lock released at every depth this thread holds it.
  void wait(std::condition_variable_any &cv);
  void waitForProgress(); // wait(progress_), counted so that completions notify only waiters
  void notifyProgress();
  std::vector<std::pair<std::shared_ptr<StreamQueue>, uint64_t>> pendingOf(CUctx_st *context, bool blockingOnly);
public:
  void retireThreadQueues(std::thread::id thread); // the thread leaves (its per-thread streams)

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
  // Every queue with work or a handle: created streams' (also destroyed ones still running
  // their work), legacy and per-thread streams.
  std::vector<std::shared_ptr<StreamQueue>> queues_;
  std::map<std::pair<CUctx_st *, std::thread::id>, std::shared_ptr<StreamQueue>> perThread_;
  std::vector<std::thread> finished_; // workers that left their loop, to join
  std::condition_variable_any progress_; // a task completed, or a kernel dispatch ended
  unsigned progressWaiters_ = 0;
  bool shuttingDown_ = false;
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
  ::p2m::cuda::ApiLock apiLock;                                                                     \
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
