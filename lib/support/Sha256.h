// The hex SHA-256 of a text. The reflection records it for the PTX a module was translated
// from, bundles name their entries by it and the runtime looks entries up by it: all three call
// this one function, so they cannot disagree on the spelling.
#pragma once

#include <string>
#include <string_view>

namespace p2m {

std::string sha256Hex(std::string_view text); // 64 lowercase hex digits

} // namespace p2m
