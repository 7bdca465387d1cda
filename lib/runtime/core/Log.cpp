// P2M_LOG-gated messages on stderr.
#include "runtime/core/Log.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace p2m::runtime {

bool loggingEnabled() {
  const char *value = std::getenv("P2M_LOG");
  return value && *value && std::strcmp(value, "0") != 0;
}

void printMessage(std::string_view message) {
  std::fprintf(stderr, "ptx2metal: %.*s\n", int(message.size()), message.data());
}

void logMessage(std::string_view message) {
  if (loggingEnabled())
    printMessage(message);
}

} // namespace p2m::runtime
