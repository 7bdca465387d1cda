// A file compiled into a library at build time (lib/support/embed_files.py writes the table of
// them into a generated .inc that the owning library includes once).
#pragma once

#include <string_view>

namespace p2m {

struct EmbeddedFile {
  std::string_view name; // the file name without its directory: "metal_stdlib", "abi.h", ...
  std::string_view text;
};

} // namespace p2m
