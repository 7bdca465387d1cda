// The state of libcudart.so.13 (DESIGN.md, "Runtime API"): the fatbins, kernels and variables
// that nvcc's (or clang's) start-up code registers, their modules (loaded lazily, at the first
// launch or symbol access), and each host thread's last error and pending launch
// configurations.
//
// The runtime is built on the Driver API: it links our libcuda.so.1 and calls its functions
// directly (no dlsym), so a program that mixes both APIs sees one device, one primary context,
// one set of allocations, streams, events and sticky errors. As in CUDA, the runtime uses the
// device's primary context, retained at the first call that needs it and made current on each
// host thread that calls in.
#pragma once

#include <cuda.h>
#include <cuda_runtime_api.h>

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace p2m::cudart {

// One __cudaRegisterFatBinary call: the fatbins it names (one for a version-1 wrapper; the
// NULL-terminated list of an -rdc program's version-2 wrapper) and, once loaded, its modules in
// the primary context: one, or for the units of an -rdc program their linked module
// (DeviceLink.h); when those do not link, one per unit.
struct FatbinRegistration {
  std::vector<const void *> images; // what cuModuleLoadData is given, wrapper or fatbin
  bool deviceLinked = false;        // several -rdc units: linked into one module
  std::string problem;              // why the wrapper is unusable; empty when it is fine
  unsigned contextGeneration = 0;   // the primary context the modules belong to
  std::vector<CUmodule> modules;    // empty until loaded
  cudaError_t loadResult = cudaSuccess;
};

// One __cudaRegisterFunction: the kernel a host stub launches.
struct RegisteredKernel {
  FatbinRegistration *fatbin = nullptr;
  const void *hostStub = nullptr;
  std::string deviceName; // the PTX .entry name (mangled)
  unsigned contextGeneration = 0;
  CUfunction function = nullptr; // resolved lazily
};

// One __cudaRegisterVar / __cudaRegisterManagedVar: a __device__, __constant__ or __managed__
// variable reached from the host through the address of its shadow (or, for a managed one, the
// pointer slot that the host code reads through).
struct RegisteredVariable {
  FatbinRegistration *fatbin = nullptr;
  std::string deviceName;
  size_t bytes = 0;
  void **managedSlot = nullptr; // __managed__: set to the variable's address at __cudaInitModule
  unsigned contextGeneration = 0;
  CUdeviceptr address = 0;
};

// A pending <<<grid, block, shared, stream>>> configuration.
struct CallConfiguration {
  dim3 grid, block;
  size_t sharedBytes = 0;
  cudaStream_t stream = nullptr;
};

class Runtime {
public:
  static Runtime &get();

  std::recursive_mutex mutex; // guards everything below; cu* calls take the driver's own lock

  // Initializes the driver, retains the primary context and makes it current on this thread
  // (the runtime's implicit initialization). cudaErrorNoDevice etc. as CUDA reports them.
  cudaError_t ensureContext();
  // cudaDeviceReset: destroys the primary context's state; registrations stay and load again.
  cudaError_t resetDevice();

  FatbinRegistration *registerFatbin(const void *wrapper);
  bool isFatbin(const void *handle) const;
  void unregisterFatbin(FatbinRegistration *fatbin);
  void registerKernel(FatbinRegistration *fatbin, const void *hostStub, const char *deviceName);
  void registerVariable(FatbinRegistration *fatbin, const void *hostVar, const char *deviceName, size_t bytes,
                        void **managedSlot);

  // Loads the fatbin's modules in the current primary context when not loaded yet.
  cudaError_t loadModules(FatbinRegistration &fatbin);
  // The kernel a host stub (or a cudaKernel_t from __cudaGetKernel) names:
  // cudaErrorInvalidDeviceFunction when nothing was registered under it.
  cudaError_t kernel(const void *hostStubOrHandle, RegisteredKernel **kernel);
  cudaError_t function(const void *hostStubOrHandle, CUfunction *function);
  // A registered variable's device address and size: cudaErrorInvalidSymbol when `symbol` is
  // not a registered variable's host shadow.
  cudaError_t variable(const void *symbol, CUdeviceptr *address, size_t *bytes);
  // __cudaInitModule: loads the fatbin and fills its managed variables' pointer slots.
  cudaError_t initializeManaged(FatbinRegistration &fatbin);

private:
  Runtime() = default;
  cudaError_t resolveVariable(RegisteredVariable &variable);

  std::atomic<CUcontext> primary_{nullptr}; // read without the lock by the fast path
  unsigned generation_ = 0; // bumped by every reset; state of older generations is stale
  std::map<const void *, std::unique_ptr<FatbinRegistration>> fatbins_;
  std::map<const void *, RegisteredKernel> kernels_;     // by host stub
  std::set<const RegisteredKernel *> kernelHandles_;     // the cudaKernel_t values handed out
  std::map<const void *, RegisteredVariable> variables_; // by host shadow address
};

// This thread's last error (cudaGetLastError) and pending launch configurations.
struct ThreadState {
  cudaError_t lastError = cudaSuccess;
  std::vector<CallConfiguration> configurations;
};
ThreadState &threadState();

// Records a failure as this thread's last error (CUDA: every runtime call does; a query's
// cudaErrorNotReady is not one) and returns it.
cudaError_t record(cudaError_t error);
// A Driver API result as the runtime's error, recorded.
cudaError_t fromDriver(CUresult result);
// The runtime error CUDA returns for a driver result (not recorded).
cudaError_t toRuntimeError(CUresult result);

// The stream of a runtime call: 0 and cudaStreamLegacy are the legacy default stream,
// cudaStreamPerThread the calling thread's; the _ptsz/_ptds entry points pass
// `perThreadDefault` so that 0 means the per-thread stream there.
CUstream driverStream(cudaStream_t stream, bool perThreadDefault = false);

} // namespace p2m::cudart

// The shared prologue of a runtime entry point: the implicit initialization, whose failure is
// returned (and recorded).
#define P2M_CUDART_ENTER()                                                                          \
  if (cudaError_t enterError = ::p2m::cudart::Runtime::get().ensureContext(); enterError != cudaSuccess) \
    return ::p2m::cudart::record(enterError);
