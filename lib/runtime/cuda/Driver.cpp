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

thread_local CUctx_st *threadContext = nullptr;

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
  *context = threadContext;
  return checkContext(*context);
}

void Driver::setCurrent(CUctx_st *context) { threadContext = context; }
CUctx_st *Driver::current() const { return threadContext; }

CUctx_st *Driver::createContext(bool primary, unsigned flags) {
  auto *context = new CUctx_st;
  context->primary = primary;
  context->flags = flags;
  contexts_.insert(context);
  if (primary)
    primary_ = context;
  return context;
}

void Driver::destroyContext(CUctx_st *context) {
  for (auto it = modules_.begin(); it != modules_.end();)
    it = it->first->context == context ? modules_.erase(it) : std::next(it);
  for (auto it = streams_.begin(); it != streams_.end();)
    it = it->first->context == context ? streams_.erase(it) : std::next(it);
  for (auto it = events_.begin(); it != events_.end();)
    it = it->first->context == context ? events_.erase(it) : std::next(it);
  device_->releaseAllOwnedBy(context);
  contexts_.erase(context);
  if (primary_ == context) {
    primary_ = nullptr;
    primaryReferences_ = 0;
  }
  // Other threads may still name it as current: the set lookup makes that INVALID_CONTEXT.
  if (threadContext == context)
    threadContext = nullptr;
  delete context;
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
  auto owned = std::make_unique<CUstream_st>();
  owned->context = context;
  owned->flags = flags;
  CUstream_st *handle = owned.get();
  streams_[handle] = std::move(owned);
  return handle;
}

void Driver::destroyStream(CUstream_st *stream) { streams_.erase(stream); }

CUevent_st *Driver::addEvent(CUctx_st *context, unsigned flags) {
  auto owned = std::make_unique<CUevent_st>();
  owned->context = context;
  owned->flags = flags;
  CUevent_st *handle = owned.get();
  events_[handle] = std::move(owned);
  return handle;
}

void Driver::destroyEvent(CUevent_st *event) { events_.erase(event); }

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
  case runtime::RuntimeErrorCode::AssertFailed: return CUDA_ERROR_ASSERT;
  }
  return CUDA_ERROR_UNKNOWN;
}

} // namespace p2m::cuda
