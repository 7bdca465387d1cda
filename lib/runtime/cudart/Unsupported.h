// What an exported runtime function that ptx2metal does not implement does: logs its name
// (P2M_LOG) and returns cudaErrorNotSupported, or a zero value where the function returns no
// cudaError_t. The definitions are generated (gen_unsupported.py) and weak, so that an
// implementation elsewhere in the library replaces them.
#pragma once

#include <cuda_runtime_api.h>

#include <string_view>

#if defined(__APPLE__) || defined(__linux__)
#define P2M_CUDART_STUB __attribute__((weak))
#else
#define P2M_CUDART_STUB
#endif

namespace p2m::cudart {

void logUnsupported(std::string_view function);

template <typename T> T unsupported(std::string_view function, T value) {
  logUnsupported(function);
  return value;
}

} // namespace p2m::cudart
