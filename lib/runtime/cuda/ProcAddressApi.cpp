// cuGetProcAddress: a driver function by its base name (what a CUDA runtime asks for), for the
// CUDA version the caller was built for, in its legacy or per-thread default-stream form. The
// table of (base name, version, form, symbol) is generated from NVIDIA's headers at build time
// (generate_proc_table.py): the answer is the newest version not newer than the one asked
// for, resolved to this library's export of that symbol. A symbol this library does not export
// is CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND; a name whose first version is newer than the one
// asked for is CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT. A per-thread form this library does
// not export is answered with its legacy form (stream 0 then means the legacy stream).
#include "Driver.h"

#include "runtime/core/Log.h"

#include <cstring>
#include <string>

#include <dlfcn.h>

#undef cuGetProcAddress
extern "C" CUresult CUDAAPI cuGetProcAddress(const char *symbol, void **pfn, int cudaVersion, cuuint64_t flags);

namespace {

struct ProcEntry {
  const char *base;
  int version;     // the first CUDA version whose callers get `symbol`
  bool perThread;  // the _ptds / _ptsz form
  const char *symbol;
};

const ProcEntry kProcs[] = {
#include "ProcTable.inc"
};

// This library's own handle, so that dlsym finds its exports and nothing else's.
void *ownHandle() {
  static void *handle = [] {
    Dl_info info;
    if (!dladdr(reinterpret_cast<void *>(&cuGetProcAddress), &info) || !info.dli_fname)
      return static_cast<void *>(nullptr);
    return dlopen(info.dli_fname, RTLD_LAZY | RTLD_NOLOAD);
  }();
  return handle;
}

void *exported(const char *symbol) {
  void *handle = ownHandle();
  return handle ? dlsym(handle, symbol) : nullptr;
}

// The newest entry of `base` in the given form whose version is at most `version`.
const ProcEntry *newest(const char *base, int version, bool perThread) {
  const ProcEntry *best = nullptr;
  for (const ProcEntry &e : kProcs)
    if (e.perThread == perThread && e.version <= version && std::strcmp(e.base, base) == 0 &&
        (!best || e.version > best->version))
      best = &e;
  return best;
}

} // namespace

extern "C" {

CUresult CUDAAPI cuGetProcAddress_v2(const char *symbol, void **pfn, int cudaVersion, cuuint64_t flags,
                                     CUdriverProcAddressQueryResult *symbolStatus) {
  if (!symbol || !pfn)
    return CUDA_ERROR_INVALID_VALUE;
  *pfn = nullptr;
  if (flags != CU_GET_PROC_ADDRESS_DEFAULT && flags != CU_GET_PROC_ADDRESS_LEGACY_STREAM &&
      flags != CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM)
    return CUDA_ERROR_INVALID_VALUE;
  bool named = false;
  for (const ProcEntry &e : kProcs)
    if (std::strcmp(e.base, symbol) == 0) {
      named = true;
      break;
    }
  const ProcEntry *entry = nullptr;
  if (flags == CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM) {
    entry = newest(symbol, cudaVersion, /*perThread=*/true);
    if (entry && !exported(entry->symbol))
      entry = nullptr; // the legacy form behaves the same here
  }
  if (!entry)
    entry = newest(symbol, cudaVersion, /*perThread=*/false);
  void *function = entry ? exported(entry->symbol) : nullptr;
  CUdriverProcAddressQueryResult status = function ? CU_GET_PROC_ADDRESS_SUCCESS
                                          : named && !entry ? CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT
                                                            : CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
  if (symbolStatus)
    *symbolStatus = status;
  if (!function) {
    p2m::runtime::logMessage(std::string("cuGetProcAddress: ") + symbol + " (CUDA " + std::to_string(cudaVersion) +
                             (status == CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT ? "): version not sufficient"
                                                                                   : "): not implemented"));
    return CUDA_ERROR_NOT_FOUND;
  }
  *pfn = function;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuGetProcAddress(const char *symbol, void **pfn, int cudaVersion, cuuint64_t flags) {
  return cuGetProcAddress_v2(symbol, pfn, cudaVersion, flags, nullptr);
}

} // extern "C"
