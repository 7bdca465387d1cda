// Formatting into a new string with a format compiled at build time.
#pragma once

#include <fmt/compile.h>

#include <string>

namespace p2m {

// fmt::format(FMT_COMPILE(...)) into a std::string grows the string field by field, zero-filling
// each piece before writing it; the emitter formats millions of short expressions, so this
// measures the result first and writes it into a string of that size in one go.
template <typename CompiledFormat, typename... Args>
std::string formatCompiled(const CompiledFormat &format, const Args &...args) {
  std::string out(fmt::formatted_size(format, args...), '\0');
  fmt::format_to(out.data(), format, args...);
  return out;
}

} // namespace p2m
