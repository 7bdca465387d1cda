#include "Runtime.h"

#include "DeviceLink.h"
#include "runtime/core/Log.h"

#include <algorithm>
#include <cstring>

namespace p2m::cudart {

namespace {

// The fatbin wrapper nvcc and clang emit (fatbinary_section.h): magic, version, the fatbin,
// and for version 2 (-rdc) a NULL-terminated array of the translation units' fatbins.
struct FatbinWrapper {
  uint32_t magic;
  uint32_t version;
  const void *data;
  const void *filenameOrFatbins;
};
constexpr uint32_t kWrapperMagic = 0x466243b1;
constexpr size_t kMaxPrelinkedFatbins = 1u << 16; // a bound on a malformed list's walk

} // namespace

Runtime &Runtime::get() {
  static Runtime *runtime = new Runtime; // never destroyed: atexit handlers still call in
  return *runtime;
}

ThreadState &threadState() {
  thread_local ThreadState state;
  return state;
}

cudaError_t toRuntimeError(CUresult result) {
  switch (result) {
  case CUDA_SUCCESS: return cudaSuccess;
  // The runtime's and the driver's codes share their values since CUDA 10, except these.
  case CUDA_ERROR_NOT_INITIALIZED: return cudaErrorInitializationError;
  case CUDA_ERROR_INVALID_CONTEXT: return cudaErrorDeviceUninitialized;
  case CUDA_ERROR_NOT_FOUND: return cudaErrorSymbolNotFound;
  default: return static_cast<cudaError_t>(result);
  }
}

cudaError_t record(cudaError_t error) {
  // cudaErrorNotReady (a query finding work pending) is an answer, not an error: CUDA does not
  // keep it as the last error.
  if (error != cudaSuccess && error != cudaErrorNotReady)
    threadState().lastError = error;
  return error;
}

cudaError_t fromDriver(CUresult result) { return record(toRuntimeError(result)); }

CUstream driverStream(cudaStream_t stream, bool perThreadDefault) {
  if (stream == nullptr)
    return perThreadDefault ? CU_STREAM_PER_THREAD : nullptr;
  return reinterpret_cast<CUstream>(stream);
}

cudaError_t Runtime::ensureContext() {
  CUcontext current = nullptr;
  if (cuCtxGetCurrent(&current) == CUDA_SUCCESS && current != nullptr && current == primary_.load())
    return cudaSuccess;
  std::lock_guard lock(mutex);
  if (!primary_) {
    if (CUresult r = cuInit(0); r != CUDA_SUCCESS)
      return r == CUDA_ERROR_NO_DEVICE ? cudaErrorNoDevice : cudaErrorInitializationError;
    CUdevice device = 0;
    if (CUresult r = cuDeviceGet(&device, 0); r != CUDA_SUCCESS)
      return toRuntimeError(r);
    CUcontext primary = nullptr;
    if (CUresult r = cuDevicePrimaryCtxRetain(&primary, device); r != CUDA_SUCCESS)
      return toRuntimeError(r);
    primary_ = primary;
    ++generation_;
  }
  // A live context the program made current through the Driver API is the runtime's too, as in
  // CUDA; a destroyed one (another thread's cudaDeviceReset) gives way to the primary context.
  unsigned version = 0;
  if (current != nullptr && current != primary_.load() && cuCtxGetApiVersion(current, &version) == CUDA_SUCCESS)
    return cudaSuccess;
  return toRuntimeError(cuCtxSetCurrent(primary_));
}

cudaError_t Runtime::resetDevice() {
  std::lock_guard lock(mutex);
  if (!primary_)
    return cudaSuccess;
  CUdevice device = 0;
  cuDeviceGet(&device, 0);
  cuCtxSetCurrent(nullptr);
  // The primary context's modules, memory, streams and events go; the next call retains a fresh one.
  CUresult r = cuDevicePrimaryCtxRelease(device);
  primary_ = nullptr;
  for (auto &[wrapper, fatbin] : fatbins_)
    fatbin->modules.clear();
  return toRuntimeError(r);
}

FatbinRegistration *Runtime::registerFatbin(const void *wrapper) {
  std::lock_guard lock(mutex);
  auto registration = std::make_unique<FatbinRegistration>();
  FatbinWrapper header{};
  if (wrapper)
    std::memcpy(&header, wrapper, sizeof header);
  if (!wrapper || header.magic != kWrapperMagic) {
    registration->problem = "not a fatbin wrapper (bad magic)";
  } else if (header.version == 1) {
    registration->images.push_back(wrapper); // the loader takes the wrapper itself
  } else if (header.version == 2) {
    // -rdc: each translation unit's fatbin, as nvcc's device-link stub lists them; several are
    // linked into one module when they load.
    const void *const *list = static_cast<const void *const *>(header.filenameOrFatbins);
    for (size_t i = 0; list && i < kMaxPrelinkedFatbins && list[i]; ++i)
      registration->images.push_back(list[i]);
    if (registration->images.empty())
      registration->problem = "a version-2 fatbin wrapper with no fatbins";
    registration->deviceLinked = registration->images.size() > 1;
  } else {
    registration->problem = "fatbin wrapper version " + std::to_string(header.version) + " is not 1 or 2";
  }
  if (!registration->problem.empty())
    p2m::runtime::printMessage("__cudaRegisterFatBinary: " + registration->problem + "; its kernels cannot run");
  FatbinRegistration *result = registration.get();
  fatbins_[result] = std::move(registration);
  return result;
}

bool Runtime::isFatbin(const void *handle) const { return fatbins_.count(handle) != 0; }

void Runtime::unregisterFatbin(FatbinRegistration *fatbin) {
  std::lock_guard lock(mutex);
  if (!isFatbin(fatbin))
    return;
  for (auto it = kernels_.begin(); it != kernels_.end();) {
    if (it->second.fatbin == fatbin) {
      kernelHandles_.erase(&it->second);
      it = kernels_.erase(it);
    } else {
      ++it;
    }
  }
  std::erase_if(variables_, [&](const auto &entry) { return entry.second.fatbin == fatbin; });
  // The modules are not unloaded: at exit the context's teardown owns them, and unloading
  // here would race with atexit handlers of other translation units still using them.
  fatbins_.erase(fatbin);
}

void Runtime::registerKernel(FatbinRegistration *fatbin, const void *hostStub, const char *deviceName) {
  std::lock_guard lock(mutex);
  if (!isFatbin(fatbin) || !hostStub || !deviceName)
    return;
  RegisteredKernel &kernel = kernels_[hostStub];
  kernel = RegisteredKernel{fatbin, hostStub, deviceName, 0, nullptr};
  kernelHandles_.insert(&kernel);
}

void Runtime::registerVariable(FatbinRegistration *fatbin, const void *hostVar, const char *deviceName,
                               size_t bytes, void **managedSlot) {
  std::lock_guard lock(mutex);
  if (!isFatbin(fatbin) || !hostVar || !deviceName)
    return;
  variables_[hostVar] = RegisteredVariable{fatbin, deviceName, bytes, managedSlot, 0, 0};
}

cudaError_t Runtime::loadModules(FatbinRegistration &fatbin) {
  if (!fatbin.problem.empty())
    return cudaErrorInvalidKernelImage;
  if (!fatbin.modules.empty() && fatbin.contextGeneration == generation_)
    return fatbin.loadResult;
  fatbin.modules.clear();
  fatbin.contextGeneration = generation_;
  fatbin.loadResult = cudaSuccess;
  if (fatbin.deviceLinked) {
    CUmodule module = nullptr;
    std::string log;
    CUresult r = loadLinkedModule(fatbin.images, &module, &log);
    if (r == CUDA_SUCCESS) {
      fatbin.modules.push_back(module);
      return cudaSuccess;
    }
    // nvlink linked these units when the program was built: ours is stricter somewhere (a
    // device-runtime library it took functions from). Each unit alone still runs the kernels
    // that need nothing from the others.
    p2m::runtime::printMessage("the " + std::to_string(fatbin.images.size()) +
                               " -rdc translation units of a registered fatbin do not link (" +
                               cudaGetErrorName(toRuntimeError(r)) + "); loading them one by one\n" + log);
  }
  for (const void *image : fatbin.images) {
    CUmodule module = nullptr;
    CUresult r = cuModuleLoadData(&module, image);
    if (r != CUDA_SUCCESS) {
      // nvcc's start-up code cannot see this; CUDA reports it at the first launch.
      fatbin.loadResult = r == CUDA_ERROR_NO_BINARY_FOR_GPU ? cudaErrorNoKernelImageForDevice
                                                            : cudaErrorInvalidKernelImage;
      p2m::runtime::logMessage("a registered fatbin did not load (" + std::string(cudaGetErrorName(fatbin.loadResult)) +
                          ")");
      continue;
    }
    fatbin.modules.push_back(module);
  }
  if (fatbin.modules.empty() && fatbin.loadResult == cudaSuccess)
    fatbin.loadResult = cudaErrorInvalidKernelImage;
  return fatbin.modules.empty() ? fatbin.loadResult : cudaSuccess;
}

cudaError_t Runtime::kernel(const void *hostStubOrHandle, RegisteredKernel **out) {
  std::lock_guard lock(mutex);
  RegisteredKernel *found = nullptr;
  if (auto it = kernels_.find(hostStubOrHandle); it != kernels_.end())
    found = &it->second;
  else if (kernelHandles_.count(static_cast<const RegisteredKernel *>(hostStubOrHandle)))
    found = const_cast<RegisteredKernel *>(static_cast<const RegisteredKernel *>(hostStubOrHandle));
  if (!found)
    return cudaErrorInvalidDeviceFunction;
  *out = found;
  return cudaSuccess;
}

cudaError_t Runtime::function(const void *hostStubOrHandle, CUfunction *function) {
  std::lock_guard lock(mutex);
  RegisteredKernel *kernel = nullptr;
  if (cudaError_t e = this->kernel(hostStubOrHandle, &kernel)) {
    // A cudaKernel_t of a library (cudaLibraryGetKernel) is the driver's CUkernel, which the
    // driver checks: anything else is not a kernel.
    CUfunction f = nullptr;
    if (cuKernelGetFunction(&f, reinterpret_cast<CUkernel>(const_cast<void *>(hostStubOrHandle))) != CUDA_SUCCESS)
      return e;
    *function = f;
    return cudaSuccess;
  }
  if (kernel->function && kernel->contextGeneration == generation_) {
    *function = kernel->function;
    return cudaSuccess;
  }
  if (cudaError_t e = loadModules(*kernel->fatbin); e != cudaSuccess)
    return e;
  for (CUmodule module : kernel->fatbin->modules) {
    CUfunction f = nullptr;
    CUresult r = cuModuleGetFunction(&f, module, kernel->deviceName.c_str());
    if (r == CUDA_SUCCESS) {
      kernel->function = f;
      kernel->contextGeneration = generation_;
      *function = f;
      return cudaSuccess;
    }
    if (r == CUDA_ERROR_NOT_SUPPORTED) {
      // The translator refused this kernel (P2M_LOG has its located reason).
      p2m::runtime::printMessage("kernel " + kernel->deviceName +
                            " was not translated (set P2M_LOG=1 for the reason); it cannot be launched");
      return cudaErrorNotSupported;
    }
  }
  return cudaErrorInvalidDeviceFunction;
}

cudaError_t Runtime::resolveVariable(RegisteredVariable &variable) {
  if (variable.address && variable.contextGeneration == generation_)
    return cudaSuccess;
  if (cudaError_t e = loadModules(*variable.fatbin); e != cudaSuccess)
    return e;
  for (CUmodule module : variable.fatbin->modules) {
    CUdeviceptr address = 0;
    size_t bytes = 0;
    if (cuModuleGetGlobal(&address, &bytes, module, variable.deviceName.c_str()) == CUDA_SUCCESS) {
      variable.address = address;
      // The module's size wins over the registered one: a copy never leaves the variable.
      variable.bytes = std::min(variable.bytes, bytes);
      variable.contextGeneration = generation_;
      return cudaSuccess;
    }
  }
  return cudaErrorInvalidSymbol;
}

cudaError_t Runtime::variable(const void *symbol, CUdeviceptr *address, size_t *bytes) {
  std::lock_guard lock(mutex);
  auto it = variables_.find(symbol);
  if (it == variables_.end())
    return cudaErrorInvalidSymbol;
  if (cudaError_t e = resolveVariable(it->second))
    return e;
  *address = it->second.address;
  *bytes = it->second.bytes;
  return cudaSuccess;
}

cudaError_t Runtime::initializeManaged(FatbinRegistration &fatbin) {
  std::lock_guard lock(mutex);
  cudaError_t result = cudaSuccess;
  for (auto &[shadow, variable] : variables_) {
    if (variable.fatbin != &fatbin || !variable.managedSlot)
      continue;
    if (cudaError_t e = resolveVariable(variable)) {
      result = e;
      continue;
    }
    // Managed memory is host-visible (the host backend's memory is the host's; Apple GPUs share
    // memory with the CPU), so the host code reads the variable through this pointer.
    CUdeviceptr address = variable.address;
    void *host = nullptr;
    if (cuPointerGetAttribute(&host, CU_POINTER_ATTRIBUTE_HOST_POINTER, address) != CUDA_SUCCESS)
      host = reinterpret_cast<void *>(address);
    *variable.managedSlot = host;
  }
  return result;
}

} // namespace p2m::cudart
