// cuGetProcAddress: the driver functions by their base name (what the CUDA runtime asks
// for), resolved to the version the caller's CUDA version expects. Only what this shim
// exports is found; anything else is CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND.
#include "Driver.h"

#include <cstring>

#undef cuGetProcAddress
extern "C" CUresult CUDAAPI cuGetProcAddress(const char *symbol, void **pfn, int cudaVersion, cuuint64_t flags);
// Defined in the other files of the shim without a declaration in cuda.h.
extern "C" CUresult CUDAAPI cuCtxCreate_v2(CUcontext *pctx, unsigned int flags, CUdevice dev);

namespace {

struct ProcEntry {
  const char *name;
  int sinceVersion; // the first CUDA version whose callers get this function
  void *function;
};

#define P2M_PROC(base, fn) {base, 0, reinterpret_cast<void *>(&fn)}

const ProcEntry kProcs[] = {
    P2M_PROC("cuInit", cuInit),
    P2M_PROC("cuDriverGetVersion", cuDriverGetVersion),
    P2M_PROC("cuDeviceGet", cuDeviceGet),
    P2M_PROC("cuDeviceGetCount", cuDeviceGetCount),
    P2M_PROC("cuDeviceGetName", cuDeviceGetName),
    P2M_PROC("cuDeviceGetAttribute", cuDeviceGetAttribute),
    P2M_PROC("cuDeviceTotalMem", cuDeviceTotalMem_v2),
    P2M_PROC("cuDevicePrimaryCtxRetain", cuDevicePrimaryCtxRetain),
    P2M_PROC("cuDevicePrimaryCtxRelease", cuDevicePrimaryCtxRelease_v2),
    P2M_PROC("cuCtxCreate", cuCtxCreate_v2),
    {"cuCtxCreate", 12050, reinterpret_cast<void *>(&cuCtxCreate_v4)},
    P2M_PROC("cuCtxDestroy", cuCtxDestroy_v2),
    P2M_PROC("cuCtxSetCurrent", cuCtxSetCurrent),
    P2M_PROC("cuCtxGetCurrent", cuCtxGetCurrent),
    P2M_PROC("cuCtxSynchronize", cuCtxSynchronize),
    P2M_PROC("cuModuleLoad", cuModuleLoad),
    P2M_PROC("cuModuleLoadData", cuModuleLoadData),
    P2M_PROC("cuModuleLoadDataEx", cuModuleLoadDataEx),
    P2M_PROC("cuModuleLoadFatBinary", cuModuleLoadFatBinary),
    P2M_PROC("cuModuleUnload", cuModuleUnload),
    P2M_PROC("cuModuleGetFunction", cuModuleGetFunction),
    P2M_PROC("cuModuleGetGlobal", cuModuleGetGlobal_v2),
    P2M_PROC("cuFuncGetAttribute", cuFuncGetAttribute),
    P2M_PROC("cuFuncSetAttribute", cuFuncSetAttribute),
    P2M_PROC("cuMemAlloc", cuMemAlloc_v2),
    P2M_PROC("cuMemFree", cuMemFree_v2),
    P2M_PROC("cuMemAllocHost", cuMemAllocHost_v2),
    P2M_PROC("cuMemFreeHost", cuMemFreeHost),
    P2M_PROC("cuMemGetInfo", cuMemGetInfo_v2),
    P2M_PROC("cuMemcpyHtoD", cuMemcpyHtoD_v2),
    P2M_PROC("cuMemcpyDtoH", cuMemcpyDtoH_v2),
    P2M_PROC("cuMemcpyDtoD", cuMemcpyDtoD_v2),
    P2M_PROC("cuMemcpyHtoDAsync", cuMemcpyHtoDAsync_v2),
    P2M_PROC("cuMemcpyDtoHAsync", cuMemcpyDtoHAsync_v2),
    P2M_PROC("cuMemcpyDtoDAsync", cuMemcpyDtoDAsync_v2),
    P2M_PROC("cuMemsetD8", cuMemsetD8_v2),
    P2M_PROC("cuMemsetD16", cuMemsetD16_v2),
    P2M_PROC("cuMemsetD32", cuMemsetD32_v2),
    P2M_PROC("cuMemsetD8Async", cuMemsetD8Async),
    P2M_PROC("cuMemsetD16Async", cuMemsetD16Async),
    P2M_PROC("cuMemsetD32Async", cuMemsetD32Async),
    P2M_PROC("cuLaunchKernel", cuLaunchKernel),
    P2M_PROC("cuLaunchKernelEx", cuLaunchKernelEx),
    P2M_PROC("cuStreamCreate", cuStreamCreate),
    P2M_PROC("cuStreamDestroy", cuStreamDestroy_v2),
    P2M_PROC("cuStreamSynchronize", cuStreamSynchronize),
    P2M_PROC("cuEventCreate", cuEventCreate),
    P2M_PROC("cuEventRecord", cuEventRecord),
    P2M_PROC("cuEventSynchronize", cuEventSynchronize),
    P2M_PROC("cuEventElapsedTime", cuEventElapsedTime_v2),
    P2M_PROC("cuEventDestroy", cuEventDestroy_v2),
    P2M_PROC("cuGetErrorName", cuGetErrorName),
    P2M_PROC("cuGetErrorString", cuGetErrorString),
    P2M_PROC("cuGetProcAddress", cuGetProcAddress_v2),
};

#undef P2M_PROC

} // namespace

extern "C" {

CUresult CUDAAPI cuGetProcAddress_v2(const char *symbol, void **pfn, int cudaVersion, cuuint64_t flags,
                                     CUdriverProcAddressQueryResult *symbolStatus) {
  if (!symbol || !pfn)
    return CUDA_ERROR_INVALID_VALUE;
  (void)flags; // per-thread and legacy default streams behave alike: work is synchronous
  const ProcEntry *best = nullptr;
  bool named = false;
  for (const ProcEntry &e : kProcs) {
    if (std::strcmp(e.name, symbol) != 0)
      continue;
    named = true;
    if (e.sinceVersion <= cudaVersion && (!best || e.sinceVersion > best->sinceVersion))
      best = &e;
  }
  *pfn = best ? best->function : nullptr;
  if (symbolStatus)
    *symbolStatus = best    ? CU_GET_PROC_ADDRESS_SUCCESS
                    : named ? CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT
                            : CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
  return best ? CUDA_SUCCESS : CUDA_ERROR_NOT_FOUND;
}

CUresult CUDAAPI cuGetProcAddress(const char *symbol, void **pfn, int cudaVersion, cuuint64_t flags) {
  return cuGetProcAddress_v2(symbol, pfn, cudaVersion, flags, nullptr);
}

} // extern "C"
