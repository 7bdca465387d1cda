// The host metal_stdlib headers (lib/runtime/host/include), compiled into the library.
#pragma once

#include "support/EmbeddedFile.h"

#include <span>
#include <string_view>

namespace p2m::mslcheck {

// The directory the headers appear in to Clang (a virtual path: nothing is read from disk).
inline constexpr std::string_view kHeaderDirectory = "/p2m-host-include";

std::span<const EmbeddedFile> embeddedHeaders(); // "metal_stdlib", "metal_math", ...

} // namespace p2m::mslcheck
