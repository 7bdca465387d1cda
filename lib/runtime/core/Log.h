// The runtime's diagnostics channel: messages go to stderr only when P2M_LOG is set (a
// drop-in libcuda must not write to a program's stderr unasked), except where a caller
// decides that a failure must be shown anyway.
#pragma once

#include <string_view>

namespace p2m::runtime {

bool loggingEnabled();                     // P2M_LOG is set and not "0"
void logMessage(std::string_view message); // "ptx2metal: <message>\n" when loggingEnabled()
void printMessage(std::string_view message); // the same line, unconditionally

} // namespace p2m::runtime
