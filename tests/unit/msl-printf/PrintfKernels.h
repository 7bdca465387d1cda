// The device printf helpers of emitters/msl/support/printf.h behind plain C++ functions
// (PrintfKernels.cpp compiles them as the host backend compiles generated MSL).
#pragma once

#include <cstdint>

namespace p2m::mslprintf {

// What the helpers see of the calling thread.
struct Thread {
  uint64_t printfBuffer = 0;       // module word P2M_MODULE_PRINTF
  unsigned char *shared = nullptr; // its threadgroup window
  unsigned char *local = nullptr;  // its local window
  unsigned ctaid[3] = {0, 0, 0};
  unsigned tid[3] = {0, 0, 0};
};

// The generic-address windows of abi.h.
uint64_t sharedWindowAddress(uint32_t offset);
uint64_t localWindowAddress(uint32_t offset);

// The argument bytes and the argument count the format reads (p2m_printf_scan).
void scanFormat(const Thread &caller, uint64_t format, uint32_t *bytes, int *count);

// vprintf and __assertfail as generated code calls them: through .param frames.
int callVprintf(const Thread &caller, uint64_t format, uint64_t args);
// Returns the launch status word afterwards (abi.h's P2M_STATUS_* bits).
uint32_t callAssertfail(const Thread &caller, uint64_t message, uint64_t file, uint32_t line, uint64_t function);

} // namespace p2m::mslprintf
