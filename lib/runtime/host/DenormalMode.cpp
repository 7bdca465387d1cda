// Denormal flushing for the duration of a dispatch (see DenormalMode.h).
#include "runtime/host/DenormalMode.h"

namespace p2m::runtime::host {
namespace {

#if defined(__x86_64__)
constexpr uint64_t kFlushBits = 0x8040; // MXCSR.FTZ (bit 15) | MXCSR.DAZ (bit 6)
uint64_t readMode() { return __builtin_ia32_stmxcsr(); }
void writeMode(uint64_t mode) { __builtin_ia32_ldmxcsr(static_cast<unsigned>(mode)); }
#elif defined(__aarch64__)
constexpr uint64_t kFlushBits = uint64_t(1) << 24; // FPCR.FZ: flush inputs and results
uint64_t readMode() {
  uint64_t fpcr;
  asm volatile("mrs %0, fpcr" : "=r"(fpcr));
  return fpcr;
}
void writeMode(uint64_t mode) { asm volatile("msr fpcr, %0" : : "r"(mode)); }
#else
#error "the host backend supports x86-64 and AArch64"
#endif

} // namespace

DenormalModeScope::DenormalModeScope(bool flush) : saved_(readMode()) {
  writeMode(flush ? (saved_ | kFlushBits) : (saved_ & ~kFlushBits));
}

DenormalModeScope::~DenormalModeScope() { writeMode(saved_); }

} // namespace p2m::runtime::host
