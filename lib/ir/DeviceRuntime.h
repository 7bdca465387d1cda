// The CUDA device-runtime functions that PTX declares .extern and calls without a body, which
// the MSL support library implements (emitters/msl/support/printf.h): device printf and the
// failed-assert hook. legalize-for-metal accepts calls to them when the declaration has CUDA's
// signature; the emitter calls the helper in their place.
#pragma once

#include "ir/Ir.h"

#include <string_view>

namespace p2m::ir {

struct DeviceRuntimeFunction {
  std::string_view ptxName;
  std::string_view signature;            // CUDA's, for diagnostics
  std::span<const uint32_t> returnBytes; // the sizes of its .param results, in order
  std::span<const uint32_t> paramBytes;  // and of its .param arguments
  Helper mslHelper;                      // takes the .param frames as a .func's MSL does
  bool failsLaunch;                      // the launch fails after the call (a trap)
};

// The device-runtime function a declaration named `ptxName` stands for, or null.
const DeviceRuntimeFunction *findDeviceRuntimeFunction(std::string_view ptxName);

// Whether `declaration`'s results and parameters are .param variables of the sizes CUDA's
// signature gives.
bool hasSignatureOf(const Module &module, const Function &declaration, const DeviceRuntimeFunction &function);

} // namespace p2m::ir
