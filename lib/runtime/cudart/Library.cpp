// Libraries (cudaLibrary*, CUDA 12's context-independent modules) over the driver's cuLibrary*,
// and driver entry points (cudaGetDriverEntryPoint*) over cuGetProcAddress. A cudaKernel_t from
// a library is the driver's CUkernel; Runtime::function launches it through cuKernelGetFunction.
#include "Runtime.h"

using namespace p2m::cudart;

namespace {

// JIT and library options are accepted and ignored (nothing is compiled for an NVIDIA GPU), as
// the driver does with its JIT options.
cudaError_t checkOptions(unsigned count, const void *keys, void **values) {
  return count && (!keys || !values) ? cudaErrorInvalidValue : cudaSuccess;
}

CUresult entryPoint(const char *symbol, void **funcPtr, int version, unsigned long long flags,
                    cudaDriverEntryPointQueryResult *status) {
  cuuint64_t driverFlags = CU_GET_PROC_ADDRESS_DEFAULT;
  if (flags == cudaEnableLegacyStream)
    driverFlags = CU_GET_PROC_ADDRESS_LEGACY_STREAM;
  else if (flags == cudaEnablePerThreadDefaultStream)
    driverFlags = CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM;
  else if (flags != cudaEnableDefault)
    return CUDA_ERROR_INVALID_VALUE;
  CUdriverProcAddressQueryResult result = CU_GET_PROC_ADDRESS_SUCCESS;
  CUresult r = cuGetProcAddress(symbol, funcPtr, version, driverFlags, &result);
  if (status)
    *status = result == CU_GET_PROC_ADDRESS_SUCCESS               ? cudaDriverEntryPointSuccess
              : result == CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT ? cudaDriverEntryPointVersionNotSufficent
                                                                     : cudaDriverEntryPointSymbolNotFound;
  return r;
}

} // namespace

extern "C" {

cudaError_t CUDARTAPI cudaLibraryLoadData(cudaLibrary_t *library, const void *code, enum cudaJitOption *jitOptions,
                                          void **jitOptionsValues, unsigned int numJitOptions,
                                          enum cudaLibraryOption *libraryOptions, void **libraryOptionValues,
                                          unsigned int numLibraryOptions) {
  P2M_CUDART_ENTER();
  if (!library || !code || checkOptions(numJitOptions, jitOptions, jitOptionsValues) ||
      checkOptions(numLibraryOptions, libraryOptions, libraryOptionValues))
    return record(cudaErrorInvalidValue);
  return fromDriver(cuLibraryLoadData(reinterpret_cast<CUlibrary *>(library), code, nullptr, nullptr, 0, nullptr,
                                      nullptr, 0));
}

cudaError_t CUDARTAPI cudaLibraryLoadFromFile(cudaLibrary_t *library, const char *fileName,
                                              enum cudaJitOption *jitOptions, void **jitOptionsValues,
                                              unsigned int numJitOptions, enum cudaLibraryOption *libraryOptions,
                                              void **libraryOptionValues, unsigned int numLibraryOptions) {
  P2M_CUDART_ENTER();
  if (!library || !fileName || checkOptions(numJitOptions, jitOptions, jitOptionsValues) ||
      checkOptions(numLibraryOptions, libraryOptions, libraryOptionValues))
    return record(cudaErrorInvalidValue);
  return fromDriver(cuLibraryLoadFromFile(reinterpret_cast<CUlibrary *>(library), fileName, nullptr, nullptr, 0,
                                          nullptr, nullptr, 0));
}

cudaError_t CUDARTAPI cudaLibraryUnload(cudaLibrary_t library) {
  P2M_CUDART_ENTER();
  return fromDriver(cuLibraryUnload(reinterpret_cast<CUlibrary>(library)));
}

cudaError_t CUDARTAPI cudaLibraryGetKernel(cudaKernel_t *pKernel, cudaLibrary_t library, const char *name) {
  P2M_CUDART_ENTER();
  return fromDriver(cuLibraryGetKernel(reinterpret_cast<CUkernel *>(pKernel), reinterpret_cast<CUlibrary>(library),
                                       name));
}

cudaError_t CUDARTAPI cudaLibraryGetKernelCount(unsigned int *count, cudaLibrary_t lib) {
  P2M_CUDART_ENTER();
  return fromDriver(cuLibraryGetKernelCount(count, reinterpret_cast<CUlibrary>(lib)));
}

cudaError_t CUDARTAPI cudaLibraryEnumerateKernels(cudaKernel_t *kernels, unsigned int numKernels, cudaLibrary_t lib) {
  P2M_CUDART_ENTER();
  return fromDriver(cuLibraryEnumerateKernels(reinterpret_cast<CUkernel *>(kernels), numKernels,
                                              reinterpret_cast<CUlibrary>(lib)));
}

cudaError_t CUDARTAPI cudaLibraryGetGlobal(void **dptr, size_t *bytes, cudaLibrary_t library, const char *name) {
  P2M_CUDART_ENTER();
  return fromDriver(cuLibraryGetGlobal(reinterpret_cast<CUdeviceptr *>(dptr), bytes,
                                       reinterpret_cast<CUlibrary>(library), name));
}

cudaError_t CUDARTAPI cudaLibraryGetManaged(void **dptr, size_t *bytes, cudaLibrary_t library, const char *name) {
  P2M_CUDART_ENTER();
  return fromDriver(cuLibraryGetManaged(reinterpret_cast<CUdeviceptr *>(dptr), bytes,
                                        reinterpret_cast<CUlibrary>(library), name));
}

cudaError_t CUDARTAPI cudaLibraryGetUnifiedFunction(void **fptr, cudaLibrary_t library, const char *symbol) {
  P2M_CUDART_ENTER();
  return fromDriver(cuLibraryGetUnifiedFunction(fptr, reinterpret_cast<CUlibrary>(library), symbol));
}

cudaError_t CUDARTAPI cudaGetDriverEntryPoint(const char *symbol, void **funcPtr, unsigned long long flags,
                                              enum cudaDriverEntryPointQueryResult *driverStatus) {
  P2M_CUDART_ENTER();
  // The entry point of the Driver API that this runtime's version (13.0) names.
  return fromDriver(entryPoint(symbol, funcPtr, 13000, flags, driverStatus));
}

cudaError_t CUDARTAPI cudaGetDriverEntryPointByVersion(const char *symbol, void **funcPtr, unsigned int cudaVersion,
                                                       unsigned long long flags,
                                                       enum cudaDriverEntryPointQueryResult *driverStatus) {
  P2M_CUDART_ENTER();
  return fromDriver(entryPoint(symbol, funcPtr, int(cudaVersion), flags, driverStatus));
}

} // extern "C"
