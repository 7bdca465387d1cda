#include "fatbin/Result.h"

#include <fmt/format.h>

namespace p2m::fatbin {

std::string describe(const Error &error) {
  return fmt::format("{} (at offset {:#x})", error.reason, error.offset);
}

} // namespace p2m::fatbin
