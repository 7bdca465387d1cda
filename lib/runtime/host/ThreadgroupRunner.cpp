// The fiber scheduler of one worker thread (see ThreadgroupRunner.h).
#include "runtime/host/ThreadgroupRunner.h"

#include <dlfcn.h>
#include <pthread.h>
#if defined(__APPLE__)
#include <sys/ucontext.h> // <ucontext.h> wants _XOPEN_SOURCE there; only the types are needed
#else
#include <ucontext.h>
#endif

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <utility>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define P2M_HOST_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define P2M_HOST_ASAN 1
#endif
#if defined(P2M_HOST_ASAN)
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define P2M_HOST_TSAN 1
#endif
#endif
#if defined(__SANITIZE_THREAD__)
#define P2M_HOST_TSAN 1
#endif
#if defined(P2M_HOST_TSAN)
// ThreadSanitizer is told of every switch between fibers (each fiber is a context of its own
// with its own shadow call stack; a switch orders what came before it before what follows).
#include <sanitizer/tsan_interface.h>
#endif

// Functions that run at the bottom of a fiber and never return: instrumented, they would leave
// their sanitizer frames behind on every thread of every launch.
#if defined(__clang__)
#define P2M_NO_SANITIZER_FRAMES __attribute__((disable_sanitizer_instrumentation))
#else
#define P2M_NO_SANITIZER_FRAMES
#endif

namespace p2m::runtime::host {

struct ThreadgroupRunner::ThreadFiber {
  ThreadgroupRunner *runner = nullptr;
  FiberContext context;
  FiberStack stack;
  p2m_host_thread thread{};
  State state = State::Finished;
  bool started = false; // has run since its context was made (its stack may hold frames)
  SiteKey site;
  bool atWarpSync = false;   // blocked at bar.warp.sync (meetWarpSync), waiting for its mask
  uint32_t warpSyncMask = 0; // that bar.warp.sync's membermask
  alignas(16) unsigned char data[16] = {};
  void *fakeStack = nullptr; // AddressSanitizer's fake stack while the fiber is suspended
#if defined(P2M_HOST_TSAN)
  void *tsanFiber = __tsan_create_fiber(0);
  ~ThreadFiber() { __tsan_destroy_fiber(tsanFiber); }
#endif
};

namespace {

thread_local ThreadgroupRunner *tRunner = nullptr;

// Fiber stack top offsets (see run()); the stacks are mapped this much larger.
constexpr uint32_t kStackColours = 60;
constexpr uint32_t kStackColourBytes = 1088; // 17 cache lines
constexpr size_t kStackColourReserve = 64 * 1024;

const p2m_simd_exchange *meetSimdCallback(void *frame, const void *data, unsigned size,
                                          unsigned *lane) {
  return tRunner->meetSimd(frame, data, size, lane);
}

void meetBarrierCallback(void *frame) { tRunner->meetBarrier(frame); }

void yieldCallback() { tRunner->yield(); }

void meetWarpSyncCallback(void *frame, unsigned mask) { tRunner->meetWarpSync(frame, mask); }

const p2m_host_runtime kRuntimeTable = {P2M_HOST_ABI_VERSION, &meetSimdCallback,
                                        &meetBarrierCallback, &yieldCallback,
                                        &meetWarpSyncCallback};

// Walks frame records (saved frame pointer, return address) from `frame` up to the kernel
// entry's frame, staying inside the fiber's stack.
void readSite(ThreadgroupRunner::SiteKey &key, void *frame, void *baseFrame,
              const FiberStack &stack) {
  const auto low = reinterpret_cast<uintptr_t>(stack.low());
  const auto high = reinterpret_cast<uintptr_t>(stack.high());
  auto fp = reinterpret_cast<uintptr_t>(frame);
  key.depth = 0;
  while (fp != reinterpret_cast<uintptr_t>(baseFrame) && fp >= low && fp + 16 <= high &&
         fp % alignof(uintptr_t) == 0 && key.depth < ThreadgroupRunner::kMaxSiteDepth) {
    const auto *record = reinterpret_cast<const uintptr_t *>(fp);
    key.returnAddresses[key.depth++] = record[1];
    if (record[0] <= fp)
      break; // frames lie at increasing addresses; anything else is not a frame chain
    fp = record[0];
  }
}

bool sameSite(const ThreadgroupRunner::SiteKey &a, const ThreadgroupRunner::SiteKey &b) {
  return a.depth == b.depth &&
         std::equal(a.returnAddresses, a.returnAddresses + a.depth, b.returnAddresses);
}

// Code order, compared from the kernel body inwards: the call that comes first in the body,
// then within that callee, and so on.
bool siteBefore(const ThreadgroupRunner::SiteKey &a, const ThreadgroupRunner::SiteKey &b) {
  unsigned i = a.depth, j = b.depth;
  while (i > 0 && j > 0) {
    --i;
    --j;
    if (a.returnAddresses[i] != b.returnAddresses[j])
      return a.returnAddresses[i] < b.returnAddresses[j];
  }
  return i < j;
}

std::string groupName(Dim3 g) {
  return "(" + std::to_string(g.x) + "," + std::to_string(g.y) + "," + std::to_string(g.z) + ")";
}

std::string hex(uintptr_t value) {
  char text[32];
  std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(value));
  return text;
}

} // namespace

// What a caught fault is reported as (after the fact, outside the signal handler).
Status ThreadgroupRunner::faultStatus(const Fault &fault, Dim3 block, Dim3 group) {
  const Dim3 thread = {fault.thread % block.x, fault.thread / block.x % block.y,
                       fault.thread / (block.x * block.y)};
  std::string message = "illegal address: thread " + groupName(thread) + " of threadgroup " +
                        groupName(group) + " accessed memory it cannot reach (" +
                        (fault.signal == SIGBUS ? "SIGBUS" : "SIGSEGV");
  // x86-64 reports no address for a non-canonical one (a general-protection fault).
  message += fault.address ? " at address " + hex(fault.address) : std::string(", address not reported");
  message += ", pc " + hex(fault.pc);
  Dl_info where{};
  if (dladdr(reinterpret_cast<void *>(fault.pc), &where) && where.dli_sname)
    message += " in " + std::string(where.dli_sname) + "+" +
               hex(fault.pc - reinterpret_cast<uintptr_t>(where.dli_saddr));
  message += ")";
  return fail(ErrorCode::IllegalAddress, std::move(message));
}

const p2m_host_runtime &hostRuntimeTable() { return kRuntimeTable; }

ThreadgroupRunner::ThreadgroupRunner() = default;
ThreadgroupRunner::~ThreadgroupRunner() = default;

Status ThreadgroupRunner::prepareFibers(const KernelLaunch &launch, uint32_t threads) {
  if (launch.stackBytes > stackBytes_) {
    fibers_.clear(); // larger stacks needed: map again (smaller needs reuse these)
    stackBytes_ = launch.stackBytes;
  }
  while (fibers_.size() < threads) {
    auto fiber = std::make_unique<ThreadFiber>();
    fiber->runner = this;
    if (!fiber->stack.allocate(stackBytes_ + kStackColourReserve))
      return fail(ErrorCode::OutOfResources,
                  "host backend: cannot map a fiber stack of " + std::to_string(stackBytes_) +
                      " bytes");
    fibers_.push_back(std::move(fiber));
  }
  return ok();
}

Status ThreadgroupRunner::run(const KernelLaunch &launch, Dim3 group) {
  const Dim3 block = launch.block;
  const uint32_t threads = block.x * block.y * block.z;
  if (Status status = prepareFibers(launch, threads))
    return status;
  const uint32_t warps = (threads + 31) / 32;
  exchanges_.assign(warps, p2m_simd_exchange{});
  smem_.assign(launch.threadgroupBytes + 16u, 0);

  ready_.clear();
  for (uint32_t i = 0; i < threads; ++i) {
    ThreadFiber &fiber = *fibers_[i];
#if defined(P2M_HOST_ASAN)
    // Frames that never returned left their poisoning behind: a fiber abandoned by a deadlock
    // anywhere on its stack, a finished one in fiberMain and suspend, near the top.
    if (fiber.started && fiber.state != State::Finished) {
      ASAN_UNPOISON_MEMORY_REGION(fiber.stack.low(), fiber.stack.bytes());
    } else if (fiber.started) {
      const size_t top = std::min(fiber.stack.bytes(), kStackColourReserve + 16384);
      ASAN_UNPOISON_MEMORY_REGION(static_cast<char *>(fiber.stack.high()) - top, top);
    }
#endif
    p2m_host_thread &t = fiber.thread;
    t = p2m_host_thread{};
    t.params = launch.params;
    t.module = launch.module;
    t.smem = smem_.data();
    t.tid[0] = i % block.x;
    t.tid[1] = i / block.x % block.y;
    t.tid[2] = i / (block.x * block.y);
    t.ntid[0] = block.x;
    t.ntid[1] = block.y;
    t.ntid[2] = block.z;
    t.ctaid[0] = group.x;
    t.ctaid[1] = group.y;
    t.ctaid[2] = group.z;
    t.nctaid[0] = launch.grid.x;
    t.nctaid[1] = launch.grid.y;
    t.nctaid[2] = launch.grid.z;
    t.lane = i % 32;
    t.warp = i / 32;
    t.nwarp = warps;
    t.dynamic_smem = launch.dynamicSmem;
    // Stack tops at different offsets below 64 KiB: at one offset, the hot top lines of all
    // stacks compete for the same cache sets (1024 threads with barriers, CPU time per thread
    // and barrier: 142 ns at one offset, 95 ns with these; switching straight from fiber to
    // fiber, see suspend(), then brought it to 65 ns).
#if defined(P2M_HOST_TSAN)
    // An abandoned fiber's shadow call stack still holds the frames it was suspended in.
    if (fiber.started && fiber.state != State::Finished) {
      __tsan_destroy_fiber(fiber.tsanFiber);
      fiber.tsanFiber = __tsan_create_fiber(0);
    }
#endif
    makeFiberContext(fiber.context, fiber.stack, (i % kStackColours) * kStackColourBytes,
                     &fiberMain, &fiber);
    fiber.state = State::Ready;
    fiber.started = false;
    ready_.push_back(i);
  }

  ThreadgroupRunner *outer = tRunner;
  tRunner = this;
  entry_ = launch.entry;
  faulted_ = false;
  Status status = ok();
  for (;;) {
    // Run every ready fiber until it blocks or finishes; each hands over to the next.
    batch_.swap(ready_);
    ready_.clear();
    batchNext_ = 0;
    runBatch();
    if (faulted_) {
      status = faultStatus(fault_, block, group);
      break;
    }
    if (launch.cancel && launch.cancel->load(std::memory_order_relaxed)) {
      status = fail(ErrorCode::LaunchFailed, "threadgroup " + groupName(group) +
                                                 " abandoned: another threadgroup failed");
      break;
    }
    if (releaseSimdGroups(threads) || resumeYielded(threads))
      continue;
    status = releaseBarrier(threads, group);
    if (status || ready_.empty())
      break;
  }
  tRunner = outer;
  return status;
}

P2M_NO_SANITIZER_FRAMES void ThreadgroupRunner::fiberMain(void *argument) {
  auto &fiber = *static_cast<ThreadFiber *>(argument);
  ThreadgroupRunner &runner = *fiber.runner;
#if defined(P2M_HOST_ASAN)
  __sanitizer_finish_switch_fiber(nullptr, nullptr, nullptr);
#endif
  runner.entry_(&fiber.thread);
  runner.finishFiber(fiber);
}

// The last switch of a finished fiber (suspend's, without a frame left behind).
P2M_NO_SANITIZER_FRAMES void ThreadgroupRunner::finishFiber(ThreadFiber &fiber) {
  fiber.state = State::Finished;
  ThreadFiber *next = takeNext();
#if defined(P2M_HOST_ASAN)
  __sanitizer_start_switch_fiber(nullptr, next ? next->stack.low() : schedulerStackBottom_,
                                 next ? next->stack.bytes() : schedulerStackSize_);
#endif
#if defined(P2M_HOST_TSAN)
  __tsan_switch_to_fiber(next ? next->tsanFiber : schedulerTsanFiber_, 0);
#endif
  switchFiber(fiber.context, next ? next->context : schedulerContext_);
  __builtin_unreachable(); // a finished fiber is never resumed
}

// Where a fiber that faulted continues once the signal handler returns (catchFault): on the
// top of its own stack, which it will not return to, straight back to the scheduler.
P2M_NO_SANITIZER_FRAMES void ThreadgroupRunner::faultedFiberMain(void *argument) {
  auto &runner = *static_cast<ThreadgroupRunner *>(argument);
  ThreadFiber &fiber = *runner.running_;
#if defined(P2M_HOST_ASAN)
  __sanitizer_start_switch_fiber(nullptr, runner.schedulerStackBottom_, runner.schedulerStackSize_);
#endif
#if defined(P2M_HOST_TSAN)
  __tsan_switch_to_fiber(runner.schedulerTsanFiber_, 0);
#endif
  switchFiber(fiber.context, runner.schedulerContext_);
  __builtin_unreachable(); // an abandoned fiber is never resumed
}

bool ThreadgroupRunner::catchFault(int signal, siginfo_t *info, void *context) {
  ThreadgroupRunner *runner = tRunner;
  return runner && runner->takeFault(signal, info, context);
}

bool ThreadgroupRunner::takeFault(int signal, siginfo_t *info, void *context) {
  ThreadFiber *fiber = running_;
  if (!fiber || faulted_)
    return false; // not on a fiber (the scheduler's own code), or faulting while recovering
  // The interrupted context's stack pointer and program counter, and where it resumes instead:
  // faultedFiberMain(this), called as if from nowhere (no return address, no frame chain),
  // near the top of the fiber's own stack.
  const uintptr_t top = (reinterpret_cast<uintptr_t>(fiber->stack.high()) - 256) & ~uintptr_t(15);
  const auto resume = reinterpret_cast<uintptr_t>(&faultedFiberMain);
  const auto argument = reinterpret_cast<uintptr_t>(this);
  uintptr_t sp = 0, pc = 0;
#if defined(__linux__) && defined(__x86_64__)
  auto &registers = static_cast<ucontext_t *>(context)->uc_mcontext.gregs;
  sp = uintptr_t(registers[REG_RSP]);
  pc = uintptr_t(registers[REG_RIP]);
#define P2M_REDIRECT()                                                                             \
  do {                                                                                             \
    *reinterpret_cast<uintptr_t *>(top - 8) = 0;                                                   \
    registers[REG_RSP] = greg_t(top - 8);                                                          \
    registers[REG_RBP] = 0;                                                                        \
    registers[REG_RDI] = greg_t(argument);                                                         \
    registers[REG_RIP] = greg_t(resume);                                                           \
  } while (0)
#elif defined(__linux__) && defined(__aarch64__)
  auto &registers = static_cast<ucontext_t *>(context)->uc_mcontext;
  sp = uintptr_t(registers.sp);
  pc = uintptr_t(registers.pc);
#define P2M_REDIRECT()                                                                             \
  do {                                                                                             \
    registers.sp = top;                                                                            \
    registers.regs[29] = 0;                                                                        \
    registers.regs[30] = 0;                                                                        \
    registers.regs[0] = argument;                                                                  \
    registers.pc = resume;                                                                         \
  } while (0)
#elif defined(__APPLE__) && defined(__x86_64__)
  auto &registers = static_cast<ucontext_t *>(context)->uc_mcontext->__ss;
  sp = uintptr_t(registers.__rsp);
  pc = uintptr_t(registers.__rip);
#define P2M_REDIRECT()                                                                             \
  do {                                                                                             \
    *reinterpret_cast<uintptr_t *>(top - 8) = 0;                                                   \
    registers.__rsp = top - 8;                                                                     \
    registers.__rbp = 0;                                                                           \
    registers.__rdi = argument;                                                                    \
    registers.__rip = resume;                                                                      \
  } while (0)
#elif defined(__APPLE__) && defined(__aarch64__)
  auto &registers = static_cast<ucontext_t *>(context)->uc_mcontext->__ss;
  sp = uintptr_t(__darwin_arm_thread_state64_get_sp(registers));
  pc = uintptr_t(__darwin_arm_thread_state64_get_pc(registers));
#define P2M_REDIRECT()                                                                             \
  do {                                                                                             \
    __darwin_arm_thread_state64_set_sp(registers, top);                                            \
    __darwin_arm_thread_state64_set_fp(registers, 0);                                              \
    __darwin_arm_thread_state64_set_lr_fptr(registers, nullptr);                                   \
    registers.__x[0] = argument;                                                                   \
    __darwin_arm_thread_state64_set_pc_fptr(registers, reinterpret_cast<void *>(resume));         \
  } while (0)
#else
#error "the host backend catches kernel faults on x86-64 and AArch64 (Linux, macOS)"
#endif
  // Kernel code runs on the fiber's stack; a stack overflow faults in the guard page below it.
  if (sp < reinterpret_cast<uintptr_t>(fiber->stack.guardLow()) ||
      sp > reinterpret_cast<uintptr_t>(fiber->stack.high()))
    return false;
  fault_.signal = signal;
  fault_.address = reinterpret_cast<uintptr_t>(info->si_addr);
  fault_.pc = pc;
  fault_.thread = fiber->thread.tid[0] +
                  fiber->thread.ntid[0] * (fiber->thread.tid[1] + fiber->thread.ntid[1] * fiber->thread.tid[2]);
  faulted_ = true;
  P2M_REDIRECT();
#undef P2M_REDIRECT
  return true;
}

// The next fiber of the batch, marked running; null at the end of the batch.
ThreadgroupRunner::ThreadFiber *ThreadgroupRunner::takeNext() {
  if (batchNext_ == batch_.size())
    return nullptr;
  ThreadFiber *next = fibers_[batch_[batchNext_++]].get();
  next->started = true;
  running_ = next;
  return next;
}

void ThreadgroupRunner::runBatch() {
  ThreadFiber *first = takeNext();
  if (!first)
    return;
#if defined(P2M_HOST_ASAN)
  // This OS thread's stack, for announcing switches back to it (found once per thread: it
  // reads /proc/self/maps on the main thread).
  static thread_local const std::pair<void *, size_t> threadStack = [] {
    std::pair<void *, size_t> bounds = {nullptr, 0};
#if defined(__APPLE__)
    bounds.second = pthread_get_stacksize_np(pthread_self());
    bounds.first = static_cast<char *>(pthread_get_stackaddr_np(pthread_self())) - bounds.second;
#else
    pthread_attr_t attributes;
    if (pthread_getattr_np(pthread_self(), &attributes) == 0) {
      pthread_attr_getstack(&attributes, &bounds.first, &bounds.second);
      pthread_attr_destroy(&attributes);
    }
#endif
    return bounds;
  }();
  schedulerStackBottom_ = threadStack.first;
  schedulerStackSize_ = threadStack.second;
  __sanitizer_start_switch_fiber(&schedulerFakeStack_, first->stack.low(), first->stack.bytes());
#endif
#if defined(P2M_HOST_TSAN)
  schedulerTsanFiber_ = __tsan_get_current_fiber();
  __tsan_switch_to_fiber(first->tsanFiber, 0);
#endif
  switchFiber(schedulerContext_, first->context);
#if defined(P2M_HOST_ASAN)
  __sanitizer_finish_switch_fiber(schedulerFakeStack_, nullptr, nullptr);
#endif
  running_ = nullptr;
}

void ThreadgroupRunner::suspend(ThreadFiber &fiber) {
  // Straight to the next fiber of the batch (one switch instead of two through the
  // scheduler), or back to the scheduler at its end.
  ThreadFiber *next = takeNext();
#if defined(P2M_HOST_ASAN)
  __sanitizer_start_switch_fiber(&fiber.fakeStack, next ? next->stack.low() : schedulerStackBottom_,
                                 next ? next->stack.bytes() : schedulerStackSize_);
#endif
#if defined(P2M_HOST_TSAN)
  __tsan_switch_to_fiber(next ? next->tsanFiber : schedulerTsanFiber_, 0);
#endif
  switchFiber(fiber.context, next ? next->context : schedulerContext_);
#if defined(P2M_HOST_ASAN)
  __sanitizer_finish_switch_fiber(fiber.fakeStack, nullptr, nullptr);
#endif
}

const p2m_simd_exchange *ThreadgroupRunner::meetSimd(void *frame, const void *data,
                                                     unsigned size, unsigned *lane) {
  ThreadFiber &fiber = *running_;
  readSite(fiber.site, frame, fiber.thread.base_frame, fiber.stack);
  std::memset(fiber.data, 0, sizeof fiber.data);
  if (size) // data is null for meetings without a value
    std::memcpy(fiber.data, data, std::min<size_t>(size, sizeof fiber.data));
  fiber.atWarpSync = false;
  fiber.state = State::BlockedSimd;
  suspend(fiber);
  *lane = fiber.thread.lane;
  return &exchanges_[fiber.thread.warp];
}

void ThreadgroupRunner::meetWarpSync(void *frame, uint32_t mask) {
  ThreadFiber &fiber = *running_;
  readSite(fiber.site, frame, fiber.thread.base_frame, fiber.stack);
  std::memset(fiber.data, 0, sizeof fiber.data);
  fiber.atWarpSync = true;
  fiber.warpSyncMask = mask;
  fiber.state = State::BlockedSimd;
  suspend(fiber);
}

void ThreadgroupRunner::meetBarrier(void *frame) {
  ThreadFiber &fiber = *running_;
  readSite(fiber.site, frame, fiber.thread.base_frame, fiber.stack);
  fiber.state = State::BlockedBarrier;
  suspend(fiber);
}

void ThreadgroupRunner::yield() {
  ThreadFiber &fiber = *running_;
  fiber.state = State::Yielded;
  suspend(fiber);
}

// The fibers that yielded, ready again (in thread order) once nothing else can run.
bool ThreadgroupRunner::resumeYielded(uint32_t threads) {
  bool resumed = false;
  for (uint32_t i = 0; i < threads; ++i) {
    ThreadFiber &fiber = *fibers_[i];
    if (fiber.state == State::Yielded) {
      fiber.state = State::Ready;
      ready_.push_back(i);
      resumed = true;
    }
  }
  return resumed;
}

// Whether every unfinished lane of `fiber`'s bar.warp.sync mask (lanes first..end-1 of its
// SIMD-group) waits at a bar.warp.sync too. Lanes that exited count as arrived.
bool ThreadgroupRunner::warpSyncComplete(const ThreadFiber &fiber, uint32_t first,
                                         uint32_t end) const {
  for (uint32_t i = first; i < end; ++i) {
    const ThreadFiber &lane = *fibers_[i];
    if (((fiber.warpSyncMask >> (i - first)) & 1u) == 0u || lane.state == State::Finished)
      continue;
    if (lane.state != State::BlockedSimd || !lane.atWarpSync)
      return false;
  }
  return true;
}

bool ThreadgroupRunner::releaseSimdGroups(uint32_t threads) {
  bool released = false;
  for (uint32_t first = 0; first < threads; first += 32) {
    const uint32_t end = std::min(first + 32, threads);
    const ThreadFiber *earliest = nullptr; // any blocked group
    const ThreadFiber *ready = nullptr;    // a group that can meet now
    bool yielded = false;
    for (uint32_t i = first; i < end; ++i) {
      const ThreadFiber &fiber = *fibers_[i];
      yielded |= fiber.state == State::Yielded;
      if (fiber.state != State::BlockedSimd)
        continue;
      if (!earliest || siteBefore(fiber.site, earliest->site))
        earliest = &fiber;
      if ((!fiber.atWarpSync || warpSyncComplete(fiber, first, end)) &&
          (!ready || siteBefore(fiber.site, ready->site)))
        ready = &fiber;
    }
    // A lane that yielded is still on its way (spinning): the group meets once it arrives.
    if (!earliest || yielded)
      continue;
    // Lanes waiting for lanes that will never reach a bar.warp.sync (at a threadgroup barrier,
    // say): undefined in PTX and in Metal; the earliest group goes, as for any other meeting.
    const ThreadFiber &chosen = ready ? *ready : *earliest;
    const SiteKey site = chosen.site;
    // A complete bar.warp.sync releases every lane of its mask, at whichever bar.warp.sync.
    const uint32_t syncMask = ready && chosen.atWarpSync ? chosen.warpSyncMask : 0u;
    p2m_simd_exchange &exchange = exchanges_[first / 32];
    exchange = p2m_simd_exchange{};
    for (uint32_t i = first; i < end; ++i) {
      ThreadFiber &fiber = *fibers_[i];
      if (fiber.state != State::BlockedSimd)
        continue;
      const bool inSync = fiber.atWarpSync && ((syncMask >> (i - first)) & 1u) != 0u;
      if (!inSync && !sameSite(fiber.site, site))
        continue;
      exchange.active |= 1ull << (i - first);
      std::memcpy(exchange.slots[i - first], fiber.data, sizeof fiber.data);
      fiber.state = State::Ready;
      ready_.push_back(i);
    }
    released = true;
  }
  return released;
}

Status ThreadgroupRunner::releaseBarrier(uint32_t threads, Dim3 group) {
  const ThreadFiber *waiting = nullptr;
  uint32_t first = 0; // flattened index of `waiting`
  for (uint32_t i = 0; i < threads; ++i) {
    const ThreadFiber &fiber = *fibers_[i];
    if (fiber.state != State::BlockedBarrier)
      continue;
    if (!waiting) {
      waiting = &fiber;
      first = i;
    } else if (!sameSite(fiber.site, waiting->site)) {
      return fail(ErrorCode::LaunchFailed,
                  "deadlock: threads of threadgroup " + groupName(group) +
                      " wait at different threadgroup_barrier calls (thread " +
                      std::to_string(first) + " at one, thread " + std::to_string(i) +
                      " at another): a barrier in divergent code never completes");
    }
  }
  if (!waiting)
    return ok(); // every thread finished
  for (uint32_t i = 0; i < threads; ++i) {
    ThreadFiber &fiber = *fibers_[i];
    if (fiber.state == State::BlockedBarrier) {
      fiber.state = State::Ready;
      ready_.push_back(i);
    }
  }
  return ok();
}

} // namespace p2m::runtime::host
