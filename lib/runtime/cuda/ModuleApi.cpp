// Modules: loading from PTX text, fatbins and fatbin wrappers (lib/runtime/core does the
// classifying, translating and caching) or a prebuilt translation (cuModuleLoad of a
// reflection file; bundles on $P2M_BUNDLE_PATH), functions and globals. JIT options of
// cuModuleLoadDataEx are accepted and ignored, except the log buffers, which receive the
// failure message (or an empty string).
#include "Driver.h"

#include "runtime/core/Log.h"
#include "runtime/core/ModuleImage.h"
#include "runtime/core/PrebuiltModule.h"

#include <llvm/Support/MemoryBuffer.h>

#include <algorithm>
#include <cstring>

using p2m::cuda::Driver;
using p2m::cuda::toCuResult;
using namespace p2m::runtime;

namespace {

CUresult loadPtx(Driver &driver, CUctx_st *context, const std::string &ptx, CUmodule *module, std::string *error,
                 const char *api, const std::vector<p2m::fatbin::EmbeddedTranslation> &embedded = {}) {
  std::unique_ptr<Module> loaded;
  RuntimeStatus s = Module::loadPtx(driver.device(), ptx, &loaded, embedded);
  if (s) {
    *error = s->message;
    return toCuResult(s, api);
  }
  *module = driver.addModule(context, std::move(loaded));
  return CUDA_SUCCESS;
}

CUresult loadImage(const void *image, CUmodule *module, std::string *error, const char *api) {
  P2M_API_ENTER_CONTEXT();
  if (!module)
    return CUDA_ERROR_INVALID_VALUE;
  std::string ptx;
  std::vector<p2m::fatbin::EmbeddedTranslation> embedded;
  if (RuntimeStatus s = ptxFromImage(image, &ptx, &embedded)) {
    *error = s->message;
    printMessage(std::string(api) + ": " + s->message); // loading failed entirely: always shown
    return toCuResult(s, api);
  }
  return loadPtx(driver, context, ptx, module, error, api, embedded);
}

// Copies `text` into a JIT log buffer of `size` bytes (always NUL-terminated).
void writeLog(void *buffer, size_t size, const std::string &text) {
  if (!buffer || size == 0)
    return;
  size_t n = std::min(text.size(), size - 1);
  std::memcpy(buffer, text.data(), n);
  static_cast<char *>(buffer)[n] = '\0';
}

// The names of the module's kernels that translated (the others cannot become functions).
std::vector<std::string> translatedKernels(const Module &module) {
  std::vector<std::string> names;
  for (const KernelInfo &k : module.reflection().kernels)
    if (k.translated)
      names.push_back(k.name);
  return names;
}

} // namespace

namespace p2m::cuda {

CUresult moduleFunction(CUmod_st *module, const char *name, CUfunction *out) {
  auto found = module->functions.find(std::string_view(name));
  if (found != module->functions.end()) {
    *out = found->second.get();
    return CUDA_SUCCESS;
  }
  Kernel *kernel = nullptr;
  if (CUresult r = toCuResult(module->module->getKernel(name, &kernel), "cuModuleGetFunction"))
    return r;
  auto function = std::make_unique<CUfunc_st>();
  function->module = module;
  function->kernel = kernel;
  *out = function.get();
  module->functions.emplace(name, std::move(function));
  return CUDA_SUCCESS;
}

} // namespace p2m::cuda

extern "C" {

CUresult CUDAAPI cuModuleLoadData(CUmodule *module, const void *image) {
  std::string error;
  return loadImage(image, module, &error, "cuModuleLoadData");
}

CUresult CUDAAPI cuModuleLoadFatBinary(CUmodule *module, const void *fatCubin) {
  std::string error;
  return loadImage(fatCubin, module, &error, "cuModuleLoadFatBinary");
}

CUresult CUDAAPI cuModuleLoadDataEx(CUmodule *module, const void *image, unsigned int numOptions,
                                    CUjit_option *options, void **optionValues) {
  if (numOptions && (!options || !optionValues))
    return CUDA_ERROR_INVALID_VALUE;
  std::string error;
  CUresult result = loadImage(image, module, &error, "cuModuleLoadDataEx");
  void *infoLog = nullptr, *errorLog = nullptr;
  size_t infoSize = 0, errorSize = 0;
  for (unsigned i = 0; i < numOptions; ++i) {
    switch (options[i]) {
    case CU_JIT_INFO_LOG_BUFFER: infoLog = optionValues[i]; break;
    case CU_JIT_ERROR_LOG_BUFFER: errorLog = optionValues[i]; break;
    case CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES: infoSize = reinterpret_cast<uintptr_t>(optionValues[i]); break;
    case CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES: errorSize = reinterpret_cast<uintptr_t>(optionValues[i]); break;
    default: break;
    }
  }
  writeLog(infoLog, infoSize, "");
  writeLog(errorLog, errorSize, result == CUDA_SUCCESS ? "" : error);
  return result;
}

CUresult CUDAAPI cuModuleLoad(CUmodule *module, const char *fname) {
  P2M_API_ENTER_CONTEXT();
  if (!module || !fname)
    return CUDA_ERROR_INVALID_VALUE;
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file = llvm::MemoryBuffer::getFile(fname);
  if (!file) {
    logMessage(std::string("cuModuleLoad: cannot read ") + fname + ": " + file.getError().message());
    return CUDA_ERROR_FILE_NOT_FOUND;
  }
  llvm::StringRef bytes = (*file)->getBuffer();
  if (isReflectionPath(fname)) {
    // A translation made ahead of time (PrebuiltModule.h): NAME.json with NAME.metal beside it.
    PrebuiltModule prebuilt;
    std::unique_ptr<Module> loaded;
    RuntimeStatus s = readPrebuiltModule(fname, &prebuilt);
    if (!s)
      s = Module::loadPrebuilt(driver.device(), prebuilt, &loaded);
    if (s) {
      printMessage(std::string("cuModuleLoad: ") + s->message);
      return toCuResult(s, "cuModuleLoad");
    }
    *module = driver.addModule(context, std::move(loaded));
    return CUDA_SUCCESS;
  }
  std::string ptx;
  std::vector<p2m::fatbin::EmbeddedTranslation> embedded;
  if (RuntimeStatus s = ptxFromBytes({reinterpret_cast<const uint8_t *>(bytes.data()), bytes.size()}, &ptx,
                                     /*followWrapperPointer=*/false, &embedded)) {
    printMessage(std::string("cuModuleLoad: ") + fname + ": " + s->message);
    return toCuResult(s, "cuModuleLoad");
  }
  std::string error;
  return loadPtx(driver, context, ptx, module, &error, "cuModuleLoad", embedded);
}

CUresult CUDAAPI cuModuleUnload(CUmodule hmod) {
  P2M_API_ENTER();
  if (!driver.isModule(hmod) || hmod->library) // a library's module goes with cuLibraryUnload
    return CUDA_ERROR_INVALID_HANDLE;
  if (CUresult r = driver.checkContext(hmod->context))
    return r;
  // Enqueued launches may still use its code and segments.
  if (CUresult r = driver.synchronizeAll())
    return r;
  if (!driver.isModule(hmod)) // another thread unloaded it meanwhile
    return CUDA_ERROR_INVALID_HANDLE;
  driver.destroyModule(hmod);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuModuleGetFunction(CUfunction *hfunc, CUmodule hmod, const char *name) {
  P2M_API_ENTER();
  if (!hfunc || !name)
    return CUDA_ERROR_INVALID_VALUE;
  if (!driver.isModule(hmod))
    return CUDA_ERROR_INVALID_HANDLE;
  if (CUresult r = driver.checkContext(hmod->context))
    return r;
  return p2m::cuda::moduleFunction(hmod, name, hfunc);
}

CUresult CUDAAPI cuModuleGetFunctionCount(unsigned int *count, CUmodule mod) {
  P2M_API_ENTER();
  if (!count)
    return CUDA_ERROR_INVALID_VALUE;
  if (!driver.isModule(mod))
    return CUDA_ERROR_INVALID_HANDLE;
  if (CUresult r = driver.checkContext(mod->context))
    return r;
  *count = unsigned(translatedKernels(*mod->module).size());
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuModuleEnumerateFunctions(CUfunction *functions, unsigned int numFunctions, CUmodule mod) {
  P2M_API_ENTER();
  if (!functions && numFunctions)
    return CUDA_ERROR_INVALID_VALUE;
  if (!driver.isModule(mod))
    return CUDA_ERROR_INVALID_HANDLE;
  if (CUresult r = driver.checkContext(mod->context))
    return r;
  std::vector<std::string> names = translatedKernels(*mod->module);
  if (numFunctions > names.size())
    return CUDA_ERROR_INVALID_VALUE;
  for (unsigned i = 0; i < numFunctions; ++i)
    if (CUresult r = p2m::cuda::moduleFunction(mod, names[i].c_str(), &functions[i]))
      return r;
  return CUDA_SUCCESS;
}

// Modules are translated and loaded whole at cuModuleLoad*: loading is eager.
CUresult CUDAAPI cuModuleGetLoadingMode(CUmoduleLoadingMode *mode) {
  P2M_API_ENTER();
  if (!mode)
    return CUDA_ERROR_INVALID_VALUE;
  *mode = CU_MODULE_EAGER_LOADING;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuModuleGetGlobal_v2(CUdeviceptr *dptr, size_t *bytes, CUmodule hmod, const char *name) {
  P2M_API_ENTER();
  if (!name)
    return CUDA_ERROR_INVALID_VALUE;
  if (!driver.isModule(hmod))
    return CUDA_ERROR_INVALID_HANDLE;
  if (CUresult r = driver.checkContext(hmod->context))
    return r;
  uint64_t address = 0, size = 0;
  if (CUresult r = toCuResult(hmod->module->getGlobal(name, &address, &size), "cuModuleGetGlobal"))
    return r;
  if (dptr)
    *dptr = address;
  if (bytes)
    *bytes = size;
  return CUDA_SUCCESS;
}

} // extern "C"
