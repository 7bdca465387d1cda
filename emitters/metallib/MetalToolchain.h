// Finding a Metal toolchain (the `metal` compiler and the `metallib` linker, METAL.md):
// an explicit directory holding both executables, else Xcode's through `xcrun -sdk macosx`,
// else none. No toolchain is not an error: the caller still writes MSL and says why no
// metallib was made. A directory given explicitly that lacks a tool is an error.
#pragma once

#include "emitters/metallib/ToolProcess.h"

#include <optional>
#include <string>
#include <string_view>

namespace p2m::metallib {

struct ToolchainError {
  std::string message;
};

struct MetalToolchain {
  MetalTool metal;    // MSL → AIR
  MetalTool metallib; // AIR → metallib
};

// Exactly one of the three is set.
struct ToolchainLookup {
  std::optional<MetalToolchain> toolchain;
  std::optional<std::string> noneFound; // why there is no toolchain (a warning, not an error)
  std::optional<ToolchainError> error;
};

// `explicitDirectory` empty: look for xcrun on PATH.
ToolchainLookup findMetalToolchain(std::string_view explicitDirectory);

} // namespace p2m::metallib
