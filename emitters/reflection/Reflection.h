// The reflection of a translated module: one JSON document that tells the runtime (and any
// other host) what the MSL file holds and how to call it, following the kernel ABI of
// DESIGN.md: each kernel's parameter block layout, threadgroup window and local memory sizes,
// the module's .global/.const segments with their initializers and relocations (the address of
// a variable, or of a function: "function" is then its index, the address the ABI's
// function_window plus that index), the features each kernel needs, and which functions could
// not be translated and why.
//
// Run it after the pass pipeline and the MSL emitter: both may mark functions unsupported, and
// the layout facts it reports are set by legalize-for-metal. The text is 2-space indented with
// keys in a fixed order, so the same module gives the same bytes.
#pragma once

#include "ir/Ir.h"
#include "support/TargetProfile.h"

#include <string>
#include <string_view>

namespace p2m::reflection {

struct ReflectionOptions {
  TargetProfile target; // what the MSL was generated for: the "profile" object
  std::string mslFile;  // the MSL file's name as the user sees it; empty: null
};

// The reflection JSON of `module` (format "ptx2metal-reflection", version kReflectionVersion).
// Version 2: the target profile in "profile" (it was spread over "msl"), the "abi" block
// printed from kernel_abi.h. Version 3: a kernel parameter's "name" is left out where it is
// defaultParamName's. Version 4: a module variable that holds a texture or surface
// reference's handle says so in "reference" ("texture" or "surface").
inline constexpr int kReflectionVersion = 4;
std::string emitReflection(const ir::Module &module, const ReflectionOptions &options);

// The name nvcc gives a kernel's parameter `index` (`<kernel>_param_<index>`), which the
// reflection does not repeat.
inline std::string defaultParamName(std::string_view kernel, size_t index) {
  std::string name(kernel);
  name += "_param_";
  name += std::to_string(index);
  return name;
}

} // namespace p2m::reflection
