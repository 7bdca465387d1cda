// Fibers for the host backend: the threads of one threadgroup run as fibers on one worker OS
// thread, so that barriers and SIMD-group functions are exact meeting points (a fiber runs
// until it blocks, then the scheduler picks the next).
//
// A hand-written context switch (x86-64 and AArch64; a few instructions each) saves only the
// callee-saved registers. swapcontext also makes a sigprocmask system call on every switch:
// measured on the development machine (1024 fibers, round-robin through a scheduler, two
// switches per fiber and round), 0.2 us with this switch and 18 us with swapcontext. The floating-point control state (MXCSR / FPCR) is not part of a
// fiber: every fiber of a worker runs with the worker's denormal mode.
#pragma once

#include <cstddef>
#include <cstdint>

namespace p2m::runtime::host {

// A fiber stack: `bytes` usable bytes above an inaccessible guard page, mmap'ed once and
// reused for many fibers.
class FiberStack {
public:
  FiberStack() = default;
  ~FiberStack();
  FiberStack(const FiberStack &) = delete;
  FiberStack &operator=(const FiberStack &) = delete;

  bool allocate(size_t bytes); // false when the mapping fails
  void *low() const { return low_; }
  void *guardLow() const { return mapping_; } // the guard page's first byte, below low()
  void *high() const { return static_cast<char *>(low_) + bytes_; }
  size_t bytes() const { return bytes_; }

private:
  void *mapping_ = nullptr;
  size_t mappingBytes_ = 0;
  void *low_ = nullptr;
  size_t bytes_ = 0;
};

// A saved execution context: the stack pointer of a suspended fiber (its registers are pushed
// on its own stack).
struct FiberContext {
  void *sp = nullptr;
};

// Prepares `context` so that switching to it calls entry(argument) on `stack`, starting
// `offset` bytes below its top. `entry` must never return: a finished fiber switches away for
// the last time instead.
void makeFiberContext(FiberContext &context, const FiberStack &stack, size_t offset,
                      void (*entry)(void *), void *argument);

// Saves the running context into `from` and resumes `to`.
void switchFiber(FiberContext &from, const FiberContext &to);

} // namespace p2m::runtime::host
