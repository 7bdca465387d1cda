// The registration entry points that nvcc's and clang's host code call at start-up and exit
// (crt/host_runtime.h, DESIGN.md "Runtime API"). They run before main(), so they never fail
// loudly: a malformed wrapper is remembered, said once, and reported at the first launch.
#include "Runtime.h"

#include "runtime/core/Log.h"

using p2m::cudart::FatbinRegistration;
using p2m::cudart::Runtime;

namespace {

FatbinRegistration *registration(void **handle) {
  Runtime &runtime = Runtime::get();
  std::lock_guard lock(runtime.mutex);
  return runtime.isFatbin(handle) ? reinterpret_cast<FatbinRegistration *>(handle) : nullptr;
}

} // namespace

extern "C" {

void **CUDARTAPI __cudaRegisterFatBinary(void *fatCubin) {
  return reinterpret_cast<void **>(Runtime::get().registerFatbin(fatCubin));
}

void CUDARTAPI __cudaRegisterFatBinaryEnd(void **fatCubinHandle) {
  (void)fatCubinHandle; // modules load lazily, at the first launch or symbol access
}

void CUDARTAPI __cudaUnregisterFatBinary(void **fatCubinHandle) {
  if (FatbinRegistration *fatbin = registration(fatCubinHandle))
    Runtime::get().unregisterFatbin(fatbin);
}

void CUDARTAPI __cudaRegisterFunction(void **fatCubinHandle, const char *hostFun, char *deviceFun,
                                      const char *deviceName, int thread_limit, uint3 *tid, uint3 *bid,
                                      dim3 *bDim, dim3 *gDim, int *wSize) {
  (void)deviceFun, (void)thread_limit, (void)tid, (void)bid, (void)bDim, (void)gDim, (void)wSize;
  if (FatbinRegistration *fatbin = registration(fatCubinHandle))
    Runtime::get().registerKernel(fatbin, hostFun, deviceName);
}

void CUDARTAPI __cudaRegisterVar(void **fatCubinHandle, char *hostVar, char *deviceAddress, const char *deviceName,
                                 int ext, size_t size, int constant, int global) {
  (void)deviceAddress, (void)ext, (void)constant, (void)global; // the module knows its variables' spaces
  if (FatbinRegistration *fatbin = registration(fatCubinHandle))
    Runtime::get().registerVariable(fatbin, hostVar, deviceName, size, nullptr);
}

void CUDARTAPI __cudaRegisterManagedVar(void **fatCubinHandle, void **hostVarPtrAddress, char *deviceAddress,
                                        const char *deviceName, int ext, size_t size, int constant, int global) {
  (void)deviceAddress, (void)ext, (void)constant, (void)global;
  if (FatbinRegistration *fatbin = registration(fatCubinHandle))
    Runtime::get().registerVariable(fatbin, hostVarPtrAddress, deviceName, size, hostVarPtrAddress);
}

// Called at the first host access of a __managed__ variable: 1 when its slot now points at it.
char CUDARTAPI __cudaInitModule(void **fatCubinHandle) {
  FatbinRegistration *fatbin = registration(fatCubinHandle);
  if (!fatbin || Runtime::get().ensureContext() != cudaSuccess)
    return 0;
  return Runtime::get().initializeManaged(*fatbin) == cudaSuccess ? 1 : 0;
}

// Host variables, unified function tables and __cudaGetProcAddress are CUDA-internal, with
// undocumented signatures, for features nvcc does not emit for ordinary programs: accepted or
// refused without reading an argument, and said.
void CUDARTAPI __cudaRegisterHostVar(void **fatCubinHandle) {
  (void)fatCubinHandle;
  p2m::runtime::logMessage("__cudaRegisterHostVar is not supported; the variable is not registered");
}

void CUDARTAPI __cudaRegisterUnifiedTable(void **fatCubinHandle) {
  (void)fatCubinHandle;
  p2m::runtime::logMessage("__cudaRegisterUnifiedTable is not supported; the table is not registered");
}

cudaError_t CUDARTAPI __cudaGetProcAddress() {
  p2m::runtime::logMessage("__cudaGetProcAddress is not supported");
  return cudaErrorNotSupported;
}

} // extern "C"
