// The shim's state and handle bookkeeping (Driver.h).
#include "Driver.h"

#include "runtime/core/Log.h"
#include "runtime/host/HostBackend.h"
#if defined(P2M_HAVE_METAL_BACKEND)
#include "runtime/metal/MetalBackend.h"
#endif

#include <cstdlib>
#include <cstring>

namespace p2m::cuda {

namespace {

// The calling thread's context stack; its back is the current context.
thread_local std::vector<CUctx_st *> threadContexts;

#if defined(P2M_HAVE_METAL_BACKEND)
constexpr const char *kDefaultBackend = "metal";
constexpr const char *kBackends = "host, metal";
#else
constexpr const char *kDefaultBackend = "host";
constexpr const char *kBackends = "host";
#endif

// The backend P2M_BACKEND names (default: metal where it is built, else host).
std::unique_ptr<runtime::Backend> createBackend(std::string *why) {
  const char *variable = std::getenv("P2M_BACKEND");
  const char *name = variable && *variable ? variable : kDefaultBackend;
  if (std::strcmp(name, "host") == 0)
    return runtime::createHostBackend();
#if defined(P2M_HAVE_METAL_BACKEND)
  if (std::strcmp(name, "metal") == 0)
    return runtime::createMetalBackend(why);
#endif
  *why = std::string("P2M_BACKEND=") + name + ": unknown backend (this build has: " + kBackends + ")";
  return nullptr;
}

} // namespace

Driver &Driver::get() {
  // Never destroyed: other libraries' destructors may still call the API at exit.
  static Driver *driver = new Driver;
  return *driver;
}

CUresult Driver::initialize(unsigned flags) {
  if (flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (initTried_)
    return initResult_;
  initTried_ = true;
  std::string why;
  std::unique_ptr<runtime::Backend> backend = createBackend(&why);
  if (!backend) {
    runtime::printMessage(why);
    initResult_ = CUDA_ERROR_NO_DEVICE;
    return initResult_;
  }
  if (backend->properties().simdWidth != 32) {
    runtime::printMessage("the device's SIMD width is " + std::to_string(backend->properties().simdWidth) +
                          "; PTX warps need 32");
    initResult_ = CUDA_ERROR_NO_DEVICE;
    return initResult_;
  }
  device_ = std::make_unique<runtime::Device>(std::move(backend));
  initResult_ = CUDA_SUCCESS;
  return initResult_;
}

CUresult Driver::checkContext(CUctx_st *context) {
  if (!context || !contexts_.count(context))
    return CUDA_ERROR_INVALID_CONTEXT;
  if (context->broken != CUDA_SUCCESS)
    return context->broken;
  return CUDA_SUCCESS;
}

CUresult Driver::currentContext(CUctx_st **context) {
  *context = current();
  return checkContext(*context);
}

void Driver::setCurrent(CUctx_st *context) {
  if (!threadContexts.empty())
    threadContexts.pop_back();
  if (context)
    threadContexts.push_back(context);
}

CUctx_st *Driver::current() const { return threadContexts.empty() ? nullptr : threadContexts.back(); }

void Driver::pushCurrent(CUctx_st *context) { threadContexts.push_back(context); }

CUctx_st *Driver::popCurrent() {
  if (threadContexts.empty())
    return nullptr;
  CUctx_st *top = threadContexts.back();
  threadContexts.pop_back();
  return top;
}

CUctx_st *Driver::createContext(bool primary, unsigned flags) {
  auto *context = new CUctx_st;
  context->primary = primary;
  context->flags = flags;
  context->id = nextId_++;
  contexts_.insert(context);
  if (primary)
    primary_ = context;
  return context;
}

void Driver::resetContext(CUctx_st *context) {
  // The context's work finishes first: it may use any of what goes below.
  quiesce(context);
  for (auto &[handle, library] : libraries_)
    library->modules.erase(context);
  for (auto it = modules_.begin(); it != modules_.end();)
    it = it->first->context == context ? modules_.erase(it) : std::next(it);
  for (auto it = streams_.begin(); it != streams_.end();) {
    if (it->first->context != context) {
      ++it;
      continue;
    }
    retire(it->second->queue);
    it = streams_.erase(it);
  }
  if (context->legacy) {
    retire(context->legacy);
    context->legacy = nullptr;
  }
  for (auto it = perThread_.begin(); it != perThread_.end();) {
    if (it->first.first != context) {
      ++it;
      continue;
    }
    retire(it->second);
    it = perThread_.erase(it);
  }
  for (auto it = events_.begin(); it != events_.end();)
    it = it->first->context == context ? events_.erase(it) : std::next(it);
  for (auto it = hostRanges.begin(); it != hostRanges.end();)
    it = it->second.context == context ? hostRanges.erase(it) : std::next(it);
  device_->releaseAllOwnedBy(context);
  context->broken = CUDA_SUCCESS;
  context->limits = ContextLimits{};
  context->printfLaunched = false;
  context->cacheConfig = CU_FUNC_CACHE_PREFER_NONE;
}

void Driver::destroyContext(CUctx_st *context) {
  resetContext(context);
  contexts_.erase(context);
  if (primary_ == context) {
    primary_ = nullptr;
    primaryReferences_ = 0;
  }
  // CUDA pops a context destroyed while current to the calling thread.
  if (current() == context)
    threadContexts.pop_back();
  // Other threads may still hold it on their stacks, so the object is kept (never freed, so
  // its address is never reused by a new context): the set lookup makes it INVALID_CONTEXT.
  retired_.emplace_back(context);
}

CUctx_st *Driver::contextOfOwner(const void *owner) const {
  auto *context = static_cast<CUctx_st *>(const_cast<void *>(owner));
  if (contexts_.count(context))
    return context;
  for (const auto &[handle, module] : modules_)
    if (module->module.get() == owner)
      return module->context;
  return nullptr;
}

bool Driver::isKernel(CUkern_st *k) const {
  if (!k)
    return false;
  for (const auto &[handle, library] : libraries_)
    for (const auto &[name, kernel] : library->kernels)
      if (kernel.get() == k)
        return true;
  return false;
}

CUlib_st *Driver::addLibrary(std::unique_ptr<CUlib_st> library) {
  CUlib_st *handle = library.get();
  libraries_[handle] = std::move(library);
  return handle;
}

void Driver::destroyLibrary(CUlib_st *library) {
  for (auto &[context, module] : library->modules)
    modules_.erase(module);
  libraries_.erase(library);
}

const Driver::HostRange *Driver::findHostRange(const void *p, uintptr_t *base) const {
  auto address = reinterpret_cast<uintptr_t>(p);
  auto after = hostRanges.upper_bound(address);
  if (after == hostRanges.begin())
    return nullptr;
  auto it = std::prev(after);
  if (address - it->first >= it->second.bytes)
    return nullptr;
  *base = it->first;
  return &it->second;
}

bool Driver::isPageable(const void *p) const {
  runtime::AllocationInfo info;
  uintptr_t base = 0;
  return !device_->allocations().describe(reinterpret_cast<uintptr_t>(p), &info) && !findHostRange(p, &base);
}

bool Driver::isFunction(CUfunc_st *f) const {
  if (!f)
    return false;
  for (const auto &[module, owned] : modules_)
    for (const auto &[name, function] : module->functions)
      if (function.get() == f)
        return true;
  return false;
}

CUresult Driver::checkStream(CUstream stream, CUctx_st *context) const {
  if (stream == nullptr || stream == CU_STREAM_LEGACY || stream == CU_STREAM_PER_THREAD)
    return CUDA_SUCCESS;
  if (!isStream(stream) || stream->context != context)
    return CUDA_ERROR_INVALID_HANDLE;
  return CUDA_SUCCESS;
}

CUmod_st *Driver::addModule(CUctx_st *context, std::unique_ptr<runtime::Module> module) {
  auto owned = std::make_unique<CUmod_st>();
  owned->context = context;
  owned->module = std::move(module);
  CUmod_st *handle = owned.get();
  modules_[handle] = std::move(owned);
  return handle;
}

void Driver::destroyModule(CUmod_st *module) { modules_.erase(module); }

CUstream_st *Driver::addStream(CUctx_st *context, unsigned flags) {
  collectFinished();
  auto owned = std::make_unique<CUstream_st>();
  owned->context = context;
  owned->flags = flags;
  owned->id = nextId_++;
  owned->queue = newQueue(context, /*legacy=*/false, /*blocking=*/!(flags & CU_STREAM_NON_BLOCKING));
  CUstream_st *handle = owned.get();
  streams_[handle] = std::move(owned);
  return handle;
}

// CUDA: destroying a stream with pending work returns at once; the work still completes.
void Driver::destroyStream(CUstream_st *stream) {
  retire(stream->queue);
  streams_.erase(stream);
}

CUevent_st *Driver::addEvent(CUctx_st *context, unsigned flags) {
  auto owned = std::make_unique<CUevent_st>();
  owned->context = context;
  owned->flags = flags;
  CUevent_st *handle = owned.get();
  events_[handle] = std::move(owned);
  return handle;
}

void Driver::destroyEvent(CUevent_st *event) { events_.erase(event); }

CUresult notSupported(const char *api, const char *why) {
  runtime::logMessage(std::string(api) + ": not supported: " + why);
  return CUDA_ERROR_NOT_SUPPORTED;
}

CUresult toCuResult(const runtime::RuntimeStatus &status, const char *api) {
  if (!status)
    return CUDA_SUCCESS;
  runtime::logMessage(std::string(api) + ": " + status->message);
  switch (status->code) {
  case runtime::RuntimeErrorCode::InvalidValue: return CUDA_ERROR_INVALID_VALUE;
  case runtime::RuntimeErrorCode::InvalidHandle: return CUDA_ERROR_INVALID_HANDLE;
  case runtime::RuntimeErrorCode::OutOfMemory: return CUDA_ERROR_OUT_OF_MEMORY;
  case runtime::RuntimeErrorCode::InvalidImage: return CUDA_ERROR_INVALID_IMAGE;
  case runtime::RuntimeErrorCode::InvalidPtx: return CUDA_ERROR_INVALID_PTX;
  case runtime::RuntimeErrorCode::NoBinaryForGpu: return CUDA_ERROR_NO_BINARY_FOR_GPU;
  case runtime::RuntimeErrorCode::FileNotFound: return CUDA_ERROR_FILE_NOT_FOUND;
  case runtime::RuntimeErrorCode::NotFound: return CUDA_ERROR_NOT_FOUND;
  case runtime::RuntimeErrorCode::NotSupported: return CUDA_ERROR_NOT_SUPPORTED;
  case runtime::RuntimeErrorCode::OutOfResources: return CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES;
  case runtime::RuntimeErrorCode::LaunchFailed: return CUDA_ERROR_LAUNCH_FAILED;
  case runtime::RuntimeErrorCode::IllegalAddress: return CUDA_ERROR_ILLEGAL_ADDRESS;
  case runtime::RuntimeErrorCode::MisalignedAddress: return CUDA_ERROR_MISALIGNED_ADDRESS;
  case runtime::RuntimeErrorCode::IllegalInstruction: return CUDA_ERROR_ILLEGAL_INSTRUCTION;
  case runtime::RuntimeErrorCode::AssertFailed: return CUDA_ERROR_ASSERT;
  }
  return CUDA_ERROR_UNKNOWN;
}

} // namespace p2m::cuda
