// The SIGSEGV/SIGBUS handler of the host backend (see FaultHandler.h).
#include "runtime/host/FaultHandler.h"

#include "runtime/host/ThreadgroupRunner.h"

#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstddef>
#include <mutex>

namespace p2m::runtime::host {
namespace {

constexpr int kSignals[] = {SIGSEGV, SIGBUS};
// What was installed before ours, by kSignals' order. Written under installMutex while ours
// is not installed for that signal (first install, or after another handler replaced ours).
struct sigaction previousActions[2];
std::mutex installMutex;
bool declined = false; // a sanitizer kept the signals for itself: never asked again
std::atomic<bool> installed{false};

// The frame of the outermost handleFault running on this thread (0: none): a handler we pass a
// fault on to that passes it back to us (it was installed over ours and we over it again)
// would otherwise bounce it between the two for ever.
thread_local uintptr_t tHandlerFrame = 0;

struct sigaction *previousFor(int signal) {
  return &previousActions[signal == SIGSEGV ? 0 : 1];
}

void defaultAction(int signal, siginfo_t *info, const struct sigaction &action) {
  const bool sent = !info || info->si_code <= 0; // kill(), raise(), sigqueue(): not a fault
  if (sent && action.sa_handler == SIG_IGN)
    return;
  // Put it back and let it happen. A real fault happens again when the faulting instruction
  // runs again on return; a sent signal is sent again (it stays blocked, pending, until this
  // handler returns).
  sigaction(signal, &action, nullptr);
  if (sent)
    raise(signal);
}

// Hands a fault that is not ours to whoever would have had it without us.
void passOn(int signal, siginfo_t *info, void *context) {
  struct sigaction &previous = *previousFor(signal);
  if (previous.sa_flags & SA_SIGINFO) {
    if (previous.sa_sigaction) {
      previous.sa_sigaction(signal, info, context);
      return;
    }
  } else if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
    previous.sa_handler(signal);
    return;
  }
  defaultAction(signal, info, previous);
}

void handleFault(int signal, siginfo_t *info, void *context) {
  // si_code > 0: raised by the kernel for the instruction that faulted.
  if (info && info->si_code > 0 && ThreadgroupRunner::catchFault(signal, info, context))
    return; // returns into the runner's recovery, on the fiber's stack
  const auto frame = reinterpret_cast<uintptr_t>(__builtin_frame_address(0));
  // Deeper on the same stack than an outer call of ours that has not returned: the fault came
  // back to us through the handler we passed it on to. (An outer call that never returned,
  // because that handler jumped out of it, lies below a later one's frame, not above it.)
  if (tHandlerFrame > frame && tHandlerFrame - frame < (uintptr_t(1) << 20)) {
    struct sigaction fallback {};
    fallback.sa_handler = SIG_DFL;
    defaultAction(signal, info, fallback);
    return;
  }
  const uintptr_t outer = tHandlerFrame;
  tHandlerFrame = frame;
  passOn(signal, info, context);
  tHandlerFrame = outer;
}

bool isOurs(const struct sigaction &action) {
  return (action.sa_flags & SA_SIGINFO) && action.sa_sigaction == &handleFault;
}

bool install() {
  std::lock_guard<std::mutex> lock(installMutex);
  if (declined)
    return false;
  struct sigaction ours {};
  ours.sa_sigaction = &handleFault;
  ours.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&ours.sa_mask);
  for (size_t i = 0; i < 2; ++i) {
    struct sigaction current {};
    if (sigaction(kSignals[i], nullptr, &current) != 0)
      return false;
    if (isOurs(current))
      continue;
    // First use, or a handler installed since replaced ours (a test framework's, say, which
    // puts back the default when it is done): ours goes in front of it again.
    previousActions[i] = current;
    struct sigaction check {};
    if (sigaction(kSignals[i], &ours, nullptr) != 0 || sigaction(kSignals[i], nullptr, &check) != 0 ||
        !isOurs(check)) {
      // A sanitizer's sigaction may decline to replace its own handler (and says nothing):
      // put back what we installed and leave faults alone from now on.
      for (size_t j = 0; j < i; ++j)
        sigaction(kSignals[j], &previousActions[j], nullptr);
      declined = true;
      installed = false;
      return false;
    }
  }
  installed = true;
  return true;
}

// The calling thread's alternate signal stack, when it has none of its own: the handler
// must not run on a fiber's stack, which may be the one that overflowed into its guard page.
// Checked at every dispatch: a program (or a test framework) may set and remove its own.
struct SignalStack {
  void *mapping = nullptr;
  size_t mappingBytes = 0;

  void ensure() {
    stack_t current {};
    if (sigaltstack(nullptr, &current) != 0 || !(current.ss_flags & SS_DISABLE))
      return; // the thread has one (ours, a sanitizer's, the program's): keep it
    const size_t page = size_t(sysconf(_SC_PAGESIZE));
    const size_t bytes = 128 * 1024;
    if (!mapping) {
      void *memory = mmap(nullptr, bytes + page, PROT_READ | PROT_WRITE,
                          MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
      if (memory == MAP_FAILED)
        return;
      mprotect(memory, page, PROT_NONE); // a guard page below it, as below every fiber stack
      mapping = memory;
      mappingBytes = bytes + page;
    }
    stack_t stack {};
    stack.ss_sp = static_cast<char *>(mapping) + page;
    stack.ss_size = bytes;
    sigaltstack(&stack, nullptr);
  }

  ~SignalStack() {
    if (!mapping)
      return;
    stack_t current {};
    const size_t page = size_t(sysconf(_SC_PAGESIZE));
    if (sigaltstack(nullptr, &current) == 0 && current.ss_sp == static_cast<char *>(mapping) + page) {
      stack_t off {};
      off.ss_flags = SS_DISABLE;
      sigaltstack(&off, nullptr);
    }
    munmap(mapping, mappingBytes);
  }
};

thread_local SignalStack tSignalStack;

} // namespace

bool installFaultHandler() { return install(); }

void prepareSignalStack() {
  if (installed.load(std::memory_order_relaxed))
    tSignalStack.ensure();
}

bool faultHandlingInstalled() { return installed.load(std::memory_order_relaxed); }

} // namespace p2m::runtime::host
