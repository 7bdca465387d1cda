// The host metal_stdlib headers (lib/runtime/host/include), compiled into the library.
#pragma once

#include <string_view>
#include <vector>

namespace p2m::mslcheck {

struct HeaderFile {
  std::string_view name; // "metal_stdlib", "metal_math", ...
  std::string_view text;
};

// The directory the headers appear in to Clang (a virtual path: nothing is read from disk).
inline constexpr std::string_view kHeaderDirectory = "/p2m-host-include";

const std::vector<HeaderFile> &embeddedHeaders();

} // namespace p2m::mslcheck
