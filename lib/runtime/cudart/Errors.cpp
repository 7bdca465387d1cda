// Errors: the names and descriptions of cudaError_t values (a table generated from
// driver_types.h), and the per-thread last error. As in CUDA, every runtime call that fails
// sets the calling thread's last error; cudaGetLastError returns and clears it,
// cudaPeekAtLastError returns it. A sticky error (a kernel fault) stays in the context: every
// later call reports it again, whatever the last error says.
#include "Runtime.h"
#include "Unsupported.h"

#include "runtime/core/EnumBits.h"
#include "runtime/core/Log.h"

#include <string>

using namespace p2m::cudart;

namespace {

struct ErrorText {
  int value;
  const char *name;
  const char *description;
};

constexpr ErrorText kErrors[] = {
#define P2M_CUDA_ERROR(value, name, description) {value, name, description},
#include "ErrorTable.inc"
#undef P2M_CUDA_ERROR
};

const ErrorText *find(cudaError_t error) {
  for (const ErrorText &e : kErrors)
    if (e.value == p2m::runtime::enumBits(error))
      return &e;
  return nullptr;
}

} // namespace

namespace p2m::cudart {

void logUnsupported(std::string_view function) {
  p2m::runtime::logMessage(std::string(function) + " is not supported by ptx2metal's CUDA runtime (cudaErrorNotSupported)");
}

} // namespace p2m::cudart

extern "C" {

const char *CUDARTAPI cudaGetErrorName(cudaError_t error) {
  const ErrorText *e = find(error);
  return e ? e->name : "cudaErrorUnknown";
}

const char *CUDARTAPI cudaGetErrorString(cudaError_t error) {
  const ErrorText *e = find(error);
  return e ? e->description : "unrecognized error code";
}

cudaError_t CUDARTAPI cudaGetLastError(void) {
  cudaError_t error = threadState().lastError;
  threadState().lastError = cudaSuccess;
  return error;
}

cudaError_t CUDARTAPI cudaPeekAtLastError(void) { return threadState().lastError; }

} // extern "C"
