// Memory faults in kernel code on the host backend (docs/runtime.md, "Faults").
//
// A kernel that dereferences a wild pointer raises SIGSEGV (or SIGBUS) on the worker thread
// that runs it, on the stack of one of its fibers. The handler installed here (at the first
// dispatch, on its own per-thread signal stack since the fiber's stack may be the thing that
// overflowed) asks the thread's ThreadgroupRunner whether it was
// running kernel code on a fiber; if so, the runner rewrites the interrupted context so that
// returning from the handler lands in a function that abandons the threadgroup and switches
// back to the worker's own context (sigreturn restores the signal mask; nothing is
// longjmp'ed over). Any other fault goes to the handler that was installed before ours, or,
// when that was the default action, gets the default action (the process dies as it would
// have without ptx2metal).
#pragma once

#include <csignal>

namespace p2m::runtime::host {

// Installs the SIGSEGV and SIGBUS handler, at every dispatch: once per process, and again in
// front of whatever handler has replaced ours since (a program's or a test framework's; ours
// then passes it what is not ours). False when the handler could not be installed (a
// sanitizer that keeps SIGSEGV for itself: under AddressSanitizer,
// ASAN_OPTIONS=allow_user_segv_handler=1 lets it through); faults then behave as without
// ptx2metal.
bool installFaultHandler();

// Gives the calling thread an alternate signal stack if it has none (every thread that runs
// kernel code, at every dispatch: one system call when it has one).
void prepareSignalStack();

// Whether the handler is installed.
bool faultHandlingInstalled();

} // namespace p2m::runtime::host
