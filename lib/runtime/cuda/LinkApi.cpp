// cuLink*: the Driver API's JIT linker, over lib/link (Linker.h), which links on PTX before
// anything is translated. Inputs are PTX text (CU_JIT_INPUT_PTX), the PTX a fatbin holds for its
// highest architecture (CU_JIT_INPUT_FATBINARY, as cuModuleLoadData takes it), or the PTX of every
// fatbin in a host object or static library (CU_JIT_INPUT_OBJECT, _LIBRARY; a library's
// members only where the other inputs need what they define). Cubins and LTO IR
// (CU_JIT_INPUT_CUBIN, _NVVM) are NVIDIA machine code and IR, which ptx2metal does not link:
// CUDA_ERROR_NOT_SUPPORTED with a log line. cuLinkComplete's image is the linked PTX text,
// NUL-terminated and owned by the link state, which cuModuleLoadData accepts (and translates,
// or finds in a bundle, by its hash).
//
// Errors as CUDA documents them: a stale or made-up state is CUDA_ERROR_INVALID_HANDLE; PTX
// that does not parse CUDA_ERROR_INVALID_PTX at cuLinkAddData; modules that do not link
// (unresolved or twice-defined names, conflicting headers) CUDA_ERROR_INVALID_IMAGE at
// cuLinkComplete; adding to a completed link CUDA_ERROR_ILLEGAL_STATE. The located messages go
// to the CU_JIT_ERROR_LOG_BUFFER given to cuLinkCreate (and to P2M_LOG); completing twice gives
// the same image again.
#include "Driver.h"

#include "link/Linker.h"
#include "runtime/core/Log.h"
#include "runtime/core/ModuleImage.h"
#include "support/Diagnostics.h"

#include <llvm/Support/MemoryBuffer.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <optional>
#include <set>
#include <span>
#include <sstream>

using p2m::cuda::Driver;
using namespace p2m::runtime;

// The unversioned names, exported for programs built against older headers (cuda.h maps the
// names to _v2, whose signature is the same).
#undef cuLinkCreate
#undef cuLinkAddData
#undef cuLinkAddFile
extern "C" CUresult CUDAAPI cuLinkCreate(unsigned int numOptions, CUjit_option *options, void **optionValues,
                                         CUlinkState *stateOut);
extern "C" CUresult CUDAAPI cuLinkAddData(CUlinkState state, CUjitInputType type, void *data, size_t size,
                                          const char *name, unsigned int numOptions, CUjit_option *options,
                                          void **optionValues);
extern "C" CUresult CUDAAPI cuLinkAddFile(CUlinkState state, CUjitInputType type, const char *path,
                                          unsigned int numOptions, CUjit_option *options, void **optionValues);

struct CUlinkState_st {
  p2m::link::Linker linker;
  // The output options of cuLinkCreate, written back after each call: CUDA keeps the caller's
  // optionValues for the life of the state.
  void **optionValues = nullptr;
  char *infoLog = nullptr, *errorLog = nullptr;
  size_t infoBytes = 0, errorBytes = 0;
  int infoBytesSlot = -1, errorBytesSlot = -1, wallTimeSlot = -1;
  bool verbose = false;
  std::string info, errors; // accumulated until the state is destroyed
  std::chrono::duration<double, std::milli> time{0};
  bool completed = false;
  std::string image; // the linked PTX, once completed
  unsigned inputs = 0;
};

namespace {

// Live link states, so that a stale or made-up one is an error, never a crash.
std::set<CUlinkState_st *> &linkStates() {
  static auto *states = new std::set<CUlinkState_st *>;
  return *states;
}

bool isLinkState(CUlinkState state) { return linkStates().count(state) != 0; }

// Copies `text` into a log buffer of `size` bytes, NUL-terminated; the bytes used, NUL included.
size_t writeLog(char *buffer, size_t size, const std::string &text) {
  if (!buffer || size == 0)
    return 0;
  size_t n = std::min(text.size(), size - 1);
  std::memcpy(buffer, text.data(), n);
  buffer[n] = '\0';
  return n + 1;
}

// The logs and the wall time as the caller's options asked for them.
void publish(CUlinkState_st &s) {
  size_t info = writeLog(s.infoLog, s.infoBytes, s.info);
  size_t errors = writeLog(s.errorLog, s.errorBytes, s.errors);
  if (!s.optionValues)
    return;
  if (s.infoBytesSlot >= 0)
    s.optionValues[s.infoBytesSlot] = reinterpret_cast<void *>(uintptr_t(info));
  if (s.errorBytesSlot >= 0)
    s.optionValues[s.errorBytesSlot] = reinterpret_cast<void *>(uintptr_t(errors));
  if (s.wallTimeSlot >= 0) {
    float ms = float(s.time.count()); // CU_JIT_WALL_TIME: a float in the option's slot
    std::memcpy(&s.optionValues[s.wallTimeSlot], &ms, sizeof ms);
  }
}

void logError(CUlinkState_st &s, const std::string &api, const std::string &message) {
  s.errors += message;
  if (!message.empty() && message.back() != '\n')
    s.errors += '\n';
  logMessage(api + ": " + message);
}

std::string formatted(const p2m::DiagnosticEngine &diags) {
  std::ostringstream out;
  diags.print(out);
  return out.str();
}

// cuLinkAddData's and cuLinkAddFile's options: compiler options only, none of which changes a
// translation here; the linker's own options are refused, as CUDA refuses them.
CUresult checkInputOptions(unsigned numOptions, CUjit_option *options, void **optionValues) {
  if (numOptions && (!options || !optionValues))
    return CUDA_ERROR_INVALID_VALUE;
  for (unsigned i = 0; i < numOptions; ++i) {
    long long option = p2m::cuda::enumBits(options[i]);
    if (option < 0 || option >= CU_JIT_NUM_OPTIONS || option == CU_JIT_WALL_TIME || option == CU_JIT_INFO_LOG_BUFFER ||
        option == CU_JIT_ERROR_LOG_BUFFER || option == CU_JIT_TARGET_FROM_CUCONTEXT || option == CU_JIT_TARGET)
      return CUDA_ERROR_INVALID_VALUE;
  }
  return CUDA_SUCCESS;
}

CUresult addPtx(CUlinkState_st &s, const std::string &name, std::string ptx, const char *api, bool member = false) {
  p2m::DiagnosticEngine diags;
  auto start = std::chrono::steady_clock::now();
  bool added = member ? s.linker.addLibraryMember(name, std::move(ptx), diags)
                      : s.linker.addModule(name, std::move(ptx), diags);
  s.time += std::chrono::steady_clock::now() - start;
  if (!added) {
    logError(s, api, formatted(diags));
    return CUDA_ERROR_INVALID_PTX;
  }
  if (s.verbose)
    s.info += "info    : added " + name + "\n";
  return CUDA_SUCCESS;
}

// One input's bytes, by its type (CUjitInputType's bits: a program may pass any integer).
CUresult addInput(CUlinkState_st &s, long long type, std::span<const uint8_t> bytes, const std::string &name,
                  const char *api) {
  auto fail = [&](CUresult result, const std::string &why) {
    logError(s, api, name + ": " + why);
    return result;
  };
  switch (type) {
  case CU_JIT_INPUT_PTX: {
    std::string_view text(reinterpret_cast<const char *>(bytes.data()), bytes.size());
    return addPtx(s, name, std::string(text.substr(0, text.find('\0'))), api);
  }
  case CU_JIT_INPUT_FATBINARY: {
    std::string ptx;
    if (RuntimeStatus st = ptxFromBytes(bytes, &ptx, /*followWrapperPointer=*/true))
      return fail(p2m::cuda::toCuResult(st, api), st->message);
    return addPtx(s, name, std::move(ptx), api);
  }
  case CU_JIT_INPUT_OBJECT:
  case CU_JIT_INPUT_LIBRARY: {
    std::vector<ObjectPtx> found;
    if (RuntimeStatus st = ptxFromObject(bytes, &found))
      return fail(st->code == RuntimeErrorCode::NoBinaryForGpu ? CUDA_ERROR_NOT_SUPPORTED
                                                               : p2m::cuda::toCuResult(st, api),
                  st->message);
    // A library's members are linked only where the other inputs need them, as nvlink does.
    bool library = type == CU_JIT_INPUT_LIBRARY;
    for (ObjectPtx &unit : found)
      if (CUresult r = addPtx(s, name + " (" + unit.location + ")", std::move(unit.ptx), api, library))
        return r;
    return CUDA_SUCCESS;
  }
  case CU_JIT_INPUT_CUBIN:
    return fail(CUDA_ERROR_NOT_SUPPORTED, "a cubin is NVIDIA machine code; ptx2metal links PTX only");
  case CU_JIT_INPUT_NVVM:
    return fail(CUDA_ERROR_NOT_SUPPORTED, "LTO IR (NVVM) cannot be linked; ptx2metal links PTX only");
  default:
    return CUDA_ERROR_INVALID_VALUE;
  }
}

CUresult checkState(CUlinkState state, const char *api) {
  if (!isLinkState(state))
    return CUDA_ERROR_INVALID_HANDLE;
  if (state->completed) {
    logError(*state, api, "the link is complete: no input can be added to it");
    publish(*state);
    return CUDA_ERROR_ILLEGAL_STATE;
  }
  return CUDA_SUCCESS;
}

} // namespace

extern "C" {

CUresult CUDAAPI cuLinkCreate_v2(unsigned int numOptions, CUjit_option *options, void **optionValues,
                                 CUlinkState *stateOut) {
  P2M_API_ENTER_CONTEXT();
  (void)context;
  if (!stateOut || (numOptions && (!options || !optionValues)))
    return CUDA_ERROR_INVALID_VALUE;
  auto state = std::make_unique<CUlinkState_st>();
  state->optionValues = numOptions ? optionValues : nullptr;
  for (unsigned i = 0; i < numOptions; ++i) {
    switch (p2m::cuda::enumBits(options[i])) {
    case CU_JIT_INFO_LOG_BUFFER: state->infoLog = static_cast<char *>(optionValues[i]); break;
    case CU_JIT_ERROR_LOG_BUFFER: state->errorLog = static_cast<char *>(optionValues[i]); break;
    case CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES:
      state->infoBytes = reinterpret_cast<uintptr_t>(optionValues[i]);
      state->infoBytesSlot = int(i);
      break;
    case CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES:
      state->errorBytes = reinterpret_cast<uintptr_t>(optionValues[i]);
      state->errorBytesSlot = int(i);
      break;
    case CU_JIT_WALL_TIME: state->wallTimeSlot = int(i); break;
    case CU_JIT_LOG_VERBOSE: state->verbose = reinterpret_cast<uintptr_t>(optionValues[i]) != 0; break;
    default:
      // The other options steer NVIDIA's code generation (registers, optimisation level, cache
      // modes, targets) or name its features; the translation has nothing they change.
      if (p2m::cuda::enumBits(options[i]) < 0 || p2m::cuda::enumBits(options[i]) >= CU_JIT_NUM_OPTIONS)
        return CUDA_ERROR_INVALID_VALUE;
      break;
    }
  }
  publish(*state);
  CUlinkState_st *handle = state.release();
  linkStates().insert(handle);
  *stateOut = handle;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuLinkCreate(unsigned int numOptions, CUjit_option *options, void **optionValues,
                              CUlinkState *stateOut) {
  return cuLinkCreate_v2(numOptions, options, optionValues, stateOut);
}

// cuLinkAddData(_v2) and cuLinkAddFile(_v2): the input type as its bits, read once at the entry
// point (an enum parameter holding a non-enumerator must not be loaded as the enum again).
static CUresult linkAddData(CUlinkState state, long long type, void *data, size_t size, const char *name,
                            unsigned int numOptions, CUjit_option *options, void **optionValues) {
  if (CUresult r = checkState(state, "cuLinkAddData"))
    return r;
  if (!data || size == 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (CUresult r = checkInputOptions(numOptions, options, optionValues))
    return r;
  std::string label = name && *name ? std::string(name) : "input " + std::to_string(state->inputs + 1);
  ++state->inputs;
  CUresult result = addInput(*state, type, {static_cast<const uint8_t *>(data), size}, label, "cuLinkAddData");
  publish(*state);
  return result;
}

static CUresult linkAddFile(CUlinkState state, long long type, const char *path, unsigned int numOptions,
                            CUjit_option *options, void **optionValues) {
  if (CUresult r = checkState(state, "cuLinkAddFile"))
    return r;
  if (!path)
    return CUDA_ERROR_INVALID_VALUE;
  if (CUresult r = checkInputOptions(numOptions, options, optionValues))
    return r;
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file = llvm::MemoryBuffer::getFile(path);
  if (!file) {
    logError(*state, "cuLinkAddFile", std::string(path) + ": cannot read: " + file.getError().message());
    publish(*state);
    return CUDA_ERROR_FILE_NOT_FOUND;
  }
  llvm::StringRef bytes = (*file)->getBuffer();
  ++state->inputs;
  CUresult result = addInput(*state, type, {reinterpret_cast<const uint8_t *>(bytes.data()), bytes.size()}, path,
                             "cuLinkAddFile");
  publish(*state);
  return result;
}

CUresult CUDAAPI cuLinkAddData_v2(CUlinkState state, CUjitInputType type, void *data, size_t size, const char *name,
                                  unsigned int numOptions, CUjit_option *options, void **optionValues) {
  P2M_API_ENTER();
  return linkAddData(state, p2m::cuda::enumBits(type), data, size, name, numOptions, options, optionValues);
}

CUresult CUDAAPI cuLinkAddData(CUlinkState state, CUjitInputType type, void *data, size_t size, const char *name,
                               unsigned int numOptions, CUjit_option *options, void **optionValues) {
  P2M_API_ENTER();
  return linkAddData(state, p2m::cuda::enumBits(type), data, size, name, numOptions, options, optionValues);
}

CUresult CUDAAPI cuLinkAddFile_v2(CUlinkState state, CUjitInputType type, const char *path, unsigned int numOptions,
                                  CUjit_option *options, void **optionValues) {
  P2M_API_ENTER();
  return linkAddFile(state, p2m::cuda::enumBits(type), path, numOptions, options, optionValues);
}

CUresult CUDAAPI cuLinkAddFile(CUlinkState state, CUjitInputType type, const char *path, unsigned int numOptions,
                               CUjit_option *options, void **optionValues) {
  P2M_API_ENTER();
  return linkAddFile(state, p2m::cuda::enumBits(type), path, numOptions, options, optionValues);
}

CUresult CUDAAPI cuLinkComplete(CUlinkState state, void **cubinOut, size_t *sizeOut) {
  P2M_API_ENTER();
  if (!isLinkState(state))
    return CUDA_ERROR_INVALID_HANDLE;
  if (!cubinOut)
    return CUDA_ERROR_INVALID_VALUE;
  if (!state->completed) {
    if (state->linker.moduleCount() == 0) {
      logError(*state, "cuLinkComplete", "no input was added to the link");
      publish(*state);
      return CUDA_ERROR_INVALID_VALUE;
    }
    p2m::DiagnosticEngine diags;
    auto start = std::chrono::steady_clock::now();
    std::optional<std::string> linked = state->linker.link(diags);
    state->time += std::chrono::steady_clock::now() - start;
    if (!linked) {
      logError(*state, "cuLinkComplete", formatted(diags));
      publish(*state);
      return CUDA_ERROR_INVALID_IMAGE;
    }
    state->image = std::move(*linked);
    state->completed = true;
    state->info += "info    : linked " + std::to_string(state->linker.moduleCount()) + " PTX input(s) into " +
                   std::to_string(state->image.size()) + " bytes of PTX\n";
    publish(*state);
  }
  *cubinOut = state->image.data(); // std::string keeps the NUL that ends PTX text
  if (sizeOut)
    *sizeOut = state->image.size() + 1;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuLinkDestroy(CUlinkState state) {
  P2M_API_ENTER();
  if (!isLinkState(state))
    return CUDA_ERROR_INVALID_HANDLE;
  linkStates().erase(state);
  delete state;
  return CUDA_SUCCESS;
}

} // extern "C"
