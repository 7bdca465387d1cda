// Libraries (cuLibrary*) and their kernels (cuKernel*), CUDA 12's context-independent loading.
// A library keeps its code and one context-free load of it (the `reference` module) that
// answers names, counts and attributes; the first use in a context (cuKernelGetFunction,
// cuLibraryGetModule, cuLibraryGetGlobal, a launch of a CUkernel) loads it there as a module,
// which the translation cache makes cheap. Attributes set on a kernel apply to its function in
// every context. JIT and library options are accepted and ignored.
#include "Driver.h"
#include "FunctionAttributes.h"

#include "runtime/core/Log.h"
#include "runtime/core/ModuleImage.h"
#include "runtime/core/PrebuiltModule.h"

#include <llvm/Support/MemoryBuffer.h>

using p2m::cuda::Driver;
using p2m::cuda::toCuResult;
using namespace p2m::runtime;

namespace {

RuntimeStatus loadCode(Driver &driver, const CUlib_st &library, std::unique_ptr<Module> *out) {
  if (library.prebuilt)
    return Module::loadPrebuilt(driver.device(), *library.prebuilt, out);
  return Module::loadPtx(driver.device(), library.ptx, out, library.embedded);
}

CUresult finishLoad(Driver &driver, std::unique_ptr<CUlib_st> library, CUlibrary *out, const char *api) {
  if (CUresult r = toCuResult(loadCode(driver, *library, &library->reference), api))
    return r;
  *out = driver.addLibrary(std::move(library));
  return CUDA_SUCCESS;
}

CUresult checkOptions(unsigned numJitOptions, CUjit_option *jitOptions, void **jitOptionsValues,
                      unsigned numLibraryOptions, CUlibraryOption *libraryOptions, void **libraryOptionValues) {
  if ((numJitOptions && (!jitOptions || !jitOptionsValues)) ||
      (numLibraryOptions && (!libraryOptions || !libraryOptionValues)))
    return CUDA_ERROR_INVALID_VALUE;
  for (unsigned i = 0; i < numLibraryOptions; ++i)
    if (libraryOptions[i] != CU_LIBRARY_HOST_UNIVERSAL_FUNCTION_AND_DATA_TABLE &&
        libraryOptions[i] != CU_LIBRARY_BINARY_IS_PRESERVED)
      return CUDA_ERROR_INVALID_VALUE;
  return CUDA_SUCCESS;
}

// The library's module in `context`, loaded there on first use.
CUresult libraryModule(Driver &driver, CUlib_st *library, CUctx_st *context, CUmod_st **out) {
  if (auto found = library->modules.find(context); found != library->modules.end()) {
    *out = found->second;
    return CUDA_SUCCESS;
  }
  std::unique_ptr<Module> loaded;
  if (CUresult r = toCuResult(loadCode(driver, *library, &loaded), "cuLibrary (loading into a context)"))
    return r;
  CUmod_st *module = driver.addModule(context, std::move(loaded));
  module->library = library;
  library->modules[context] = module;
  *out = module;
  return CUDA_SUCCESS;
}

CUresult checkKernel(Driver &driver, CUkernel kernel) {
  return driver.isKernel(kernel) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}

std::vector<const KernelInfo *> translatedKernels(const CUlib_st &library) {
  std::vector<const KernelInfo *> kernels;
  for (const KernelInfo &k : library.reference->reflection().kernels)
    if (k.translated)
      kernels.push_back(&k);
  return kernels;
}

CUresult libraryKernel(CUlib_st *library, const std::string &name, CUkernel *out) {
  if (auto found = library->kernels.find(name); found != library->kernels.end()) {
    *out = found->second.get();
    return CUDA_SUCCESS;
  }
  Kernel *reference = nullptr;
  if (CUresult r = toCuResult(library->reference->getKernel(name, &reference), "cuLibraryGetKernel"))
    return r;
  auto kernel = std::make_unique<CUkern_st>();
  kernel->library = library;
  kernel->name = name;
  kernel->reference = reference;
  *out = kernel.get();
  library->kernels.emplace(name, std::move(kernel));
  return CUDA_SUCCESS;
}

CUresult libraryGlobal(CUdeviceptr *dptr, size_t *bytes, CUlibrary library, const char *name, const char *api) {
  P2M_API_ENTER_CONTEXT();
  if (!name)
    return CUDA_ERROR_INVALID_VALUE;
  if (!driver.isLibrary(library))
    return CUDA_ERROR_INVALID_HANDLE;
  CUmod_st *module = nullptr;
  if (CUresult r = libraryModule(driver, library, context, &module))
    return r;
  uint64_t address = 0, size = 0;
  if (CUresult r = toCuResult(module->module->getGlobal(name, &address, &size), api))
    return r;
  if (dptr)
    *dptr = address;
  if (bytes)
    *bytes = size;
  return CUDA_SUCCESS;
}

} // namespace

namespace p2m::cuda {

CUresult kernelFunction(Driver &driver, CUkern_st *kernel, CUctx_st *context, CUfunction *out) {
  CUmod_st *module = nullptr;
  if (CUresult r = libraryModule(driver, kernel->library, context, &module))
    return r;
  if (CUresult r = moduleFunction(module, kernel->name.c_str(), out))
    return r;
  if (kernel->maxDynamicShared)
    if (CUresult r = toCuResult((*out)->kernel->setMaxDynamicShared(*kernel->maxDynamicShared), "cuKernelGetFunction"))
      return r;
  (*out)->carveout = kernel->carveout;
  return CUDA_SUCCESS;
}

} // namespace p2m::cuda

extern "C" {

CUresult CUDAAPI cuLibraryLoadData(CUlibrary *library, const void *code, CUjit_option *jitOptions,
                                   void **jitOptionsValues, unsigned int numJitOptions,
                                   CUlibraryOption *libraryOptions, void **libraryOptionValues,
                                   unsigned int numLibraryOptions) {
  P2M_API_ENTER();
  if (!library || !code)
    return CUDA_ERROR_INVALID_VALUE;
  if (CUresult r = checkOptions(numJitOptions, jitOptions, jitOptionsValues, numLibraryOptions, libraryOptions,
                                libraryOptionValues))
    return r;
  auto loaded = std::make_unique<CUlib_st>();
  if (RuntimeStatus s = ptxFromImage(code, &loaded->ptx, &loaded->embedded)) {
    printMessage(std::string("cuLibraryLoadData: ") + s->message); // loading failed entirely: always shown
    return toCuResult(s, "cuLibraryLoadData");
  }
  return finishLoad(driver, std::move(loaded), library, "cuLibraryLoadData");
}

CUresult CUDAAPI cuLibraryLoadFromFile(CUlibrary *library, const char *fileName, CUjit_option *jitOptions,
                                       void **jitOptionsValues, unsigned int numJitOptions,
                                       CUlibraryOption *libraryOptions, void **libraryOptionValues,
                                       unsigned int numLibraryOptions) {
  P2M_API_ENTER();
  if (!library || !fileName)
    return CUDA_ERROR_INVALID_VALUE;
  if (CUresult r = checkOptions(numJitOptions, jitOptions, jitOptionsValues, numLibraryOptions, libraryOptions,
                                libraryOptionValues))
    return r;
  auto loaded = std::make_unique<CUlib_st>();
  if (isReflectionPath(fileName)) {
    // A translation made ahead of time (PrebuiltModule.h), as cuModuleLoad takes it.
    PrebuiltModule prebuilt;
    if (RuntimeStatus s = readPrebuiltModule(fileName, &prebuilt)) {
      printMessage(std::string("cuLibraryLoadFromFile: ") + s->message);
      return toCuResult(s, "cuLibraryLoadFromFile");
    }
    loaded->prebuilt = std::move(prebuilt);
    return finishLoad(driver, std::move(loaded), library, "cuLibraryLoadFromFile");
  }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file = llvm::MemoryBuffer::getFile(fileName);
  if (!file) {
    logMessage(std::string("cuLibraryLoadFromFile: cannot read ") + fileName + ": " + file.getError().message());
    return CUDA_ERROR_FILE_NOT_FOUND;
  }
  llvm::StringRef bytes = (*file)->getBuffer();
  if (RuntimeStatus s = ptxFromBytes({reinterpret_cast<const uint8_t *>(bytes.data()), bytes.size()}, &loaded->ptx,
                                     /*followWrapperPointer=*/false, &loaded->embedded)) {
    printMessage(std::string("cuLibraryLoadFromFile: ") + fileName + ": " + s->message);
    return toCuResult(s, "cuLibraryLoadFromFile");
  }
  return finishLoad(driver, std::move(loaded), library, "cuLibraryLoadFromFile");
}

CUresult CUDAAPI cuLibraryUnload(CUlibrary library) {
  P2M_API_ENTER();
  if (!driver.isLibrary(library))
    return CUDA_ERROR_INVALID_HANDLE;
  // Enqueued launches may still use its modules.
  if (CUresult r = driver.synchronizeAll())
    return r;
  if (!driver.isLibrary(library)) // another thread unloaded it meanwhile
    return CUDA_ERROR_INVALID_HANDLE;
  driver.destroyLibrary(library);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuLibraryGetKernel(CUkernel *pKernel, CUlibrary library, const char *name) {
  P2M_API_ENTER();
  if (!pKernel || !name)
    return CUDA_ERROR_INVALID_VALUE;
  if (!driver.isLibrary(library))
    return CUDA_ERROR_INVALID_HANDLE;
  return libraryKernel(library, name, pKernel);
}

CUresult CUDAAPI cuLibraryGetKernelCount(unsigned int *count, CUlibrary lib) {
  P2M_API_ENTER();
  if (!count)
    return CUDA_ERROR_INVALID_VALUE;
  if (!driver.isLibrary(lib))
    return CUDA_ERROR_INVALID_HANDLE;
  *count = unsigned(translatedKernels(*lib).size());
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuLibraryEnumerateKernels(CUkernel *kernels, unsigned int numKernels, CUlibrary lib) {
  P2M_API_ENTER();
  if (!kernels && numKernels)
    return CUDA_ERROR_INVALID_VALUE;
  if (!driver.isLibrary(lib))
    return CUDA_ERROR_INVALID_HANDLE;
  std::vector<const KernelInfo *> infos = translatedKernels(*lib);
  if (numKernels > infos.size())
    return CUDA_ERROR_INVALID_VALUE;
  for (unsigned i = 0; i < numKernels; ++i)
    if (CUresult r = libraryKernel(lib, infos[i]->name, &kernels[i]))
      return r;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuLibraryGetModule(CUmodule *pMod, CUlibrary library) {
  P2M_API_ENTER_CONTEXT();
  if (!pMod)
    return CUDA_ERROR_INVALID_VALUE;
  if (!driver.isLibrary(library))
    return CUDA_ERROR_INVALID_HANDLE;
  return libraryModule(driver, library, context, pMod);
}

CUresult CUDAAPI cuLibraryGetGlobal(CUdeviceptr *dptr, size_t *bytes, CUlibrary library, const char *name) {
  return libraryGlobal(dptr, bytes, library, name, "cuLibraryGetGlobal");
}

// Device memory is shared memory, so a __managed__ variable is a .global one the host can also
// reach. The reflection does not mark .attribute(.managed) yet, so any .global variable of the
// name is answered (CUDA would answer NOT_FOUND for one that is not managed).
CUresult CUDAAPI cuLibraryGetManaged(CUdeviceptr *dptr, size_t *bytes, CUlibrary library, const char *name) {
  return libraryGlobal(dptr, bytes, library, name, "cuLibraryGetManaged");
}

// Unified functions (host-callable device functions) do not exist in translated modules.
CUresult CUDAAPI cuLibraryGetUnifiedFunction(void **fptr, CUlibrary library, const char *symbol) {
  P2M_API_ENTER();
  if (!fptr || !symbol)
    return CUDA_ERROR_INVALID_VALUE;
  if (!driver.isLibrary(library))
    return CUDA_ERROR_INVALID_HANDLE;
  logMessage(std::string("cuLibraryGetUnifiedFunction: no unified function ") + symbol);
  return CUDA_ERROR_NOT_FOUND;
}

CUresult CUDAAPI cuKernelGetFunction(CUfunction *pFunc, CUkernel kernel) {
  P2M_API_ENTER_CONTEXT();
  if (!pFunc)
    return CUDA_ERROR_INVALID_VALUE;
  if (CUresult r = checkKernel(driver, kernel))
    return r;
  return p2m::cuda::kernelFunction(driver, kernel, context, pFunc);
}

CUresult CUDAAPI cuKernelGetLibrary(CUlibrary *pLib, CUkernel kernel) {
  P2M_API_ENTER();
  if (!pLib)
    return CUDA_ERROR_INVALID_VALUE;
  if (CUresult r = checkKernel(driver, kernel))
    return r;
  *pLib = kernel->library;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuKernelGetName(const char **name, CUkernel hfunc) {
  P2M_API_ENTER();
  if (!name)
    return CUDA_ERROR_INVALID_VALUE;
  if (CUresult r = checkKernel(driver, hfunc))
    return r;
  *name = hfunc->name.c_str();
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuKernelGetParamInfo(CUkernel kernel, size_t paramIndex, size_t *paramOffset, size_t *paramSize) {
  P2M_API_ENTER();
  if (CUresult r = checkKernel(driver, kernel))
    return r;
  const auto &params = kernel->reference->info().params;
  if (paramIndex >= params.size())
    return CUDA_ERROR_INVALID_VALUE;
  if (paramOffset)
    *paramOffset = params[paramIndex].offset;
  if (paramSize)
    *paramSize = params[paramIndex].size;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuKernelGetAttribute(int *pi, CUfunction_attribute attrib, CUkernel kernel, CUdevice dev) {
  P2M_API_ENTER();
  if (!pi)
    return CUDA_ERROR_INVALID_VALUE;
  if (CUresult r = checkKernel(driver, kernel))
    return r;
  if (dev != 0)
    return CUDA_ERROR_INVALID_DEVICE;
  return p2m::cuda::functionAttribute(driver.device().properties(), *kernel->reference, kernel->carveout, attrib, pi);
}

CUresult CUDAAPI cuKernelSetAttribute(CUfunction_attribute attrib, int val, CUkernel kernel, CUdevice dev) {
  P2M_API_ENTER();
  if (CUresult r = checkKernel(driver, kernel))
    return r;
  if (dev != 0)
    return CUDA_ERROR_INVALID_DEVICE;
  // Checked on the reference load first, then applied in every context it is loaded in.
  if (CUresult r = p2m::cuda::setFunctionAttribute(*kernel->reference, &kernel->carveout, attrib, val,
                                                   "cuKernelSetAttribute"))
    return r;
  if (attrib == CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES)
    kernel->maxDynamicShared = uint32_t(val);
  for (auto &[context, module] : kernel->library->modules)
    if (auto found = module->functions.find(kernel->name); found != module->functions.end())
      if (CUresult r = p2m::cuda::setFunctionAttribute(*found->second->kernel, &found->second->carveout, attrib, val,
                                                       "cuKernelSetAttribute"))
        return r;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuKernelSetCacheConfig(CUkernel kernel, CUfunc_cache config, CUdevice dev) {
  P2M_API_ENTER();
  if (CUresult r = checkKernel(driver, kernel))
    return r;
  if (dev != 0)
    return CUDA_ERROR_INVALID_DEVICE;
  if (config < CU_FUNC_CACHE_PREFER_NONE || config > CU_FUNC_CACHE_PREFER_EQUAL)
    return CUDA_ERROR_INVALID_VALUE;
  return CUDA_SUCCESS; // a preference with nothing to prefer between here
}

} // extern "C"
