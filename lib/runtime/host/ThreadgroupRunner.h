// Runs threadgroups of one kernel on the calling OS thread, each of its threads as a fiber, and
// implements the meeting points of the kernel ABI: threadgroup_barrier and the SIMD-group
// functions (launcher/p2m_host_simdgroup.h calls in through launcher/p2m_host_abi.h).
//
// Scheduling: every ready fiber runs until it finishes or blocks at a meeting point. When none
// is ready:
//   * SIMD-groups: a SIMD-group is 32 consecutive flattened thread indices (x fastest). Its
//     blocked lanes are grouped by call site (the chain of return addresses from the meeting
//     point up to the kernel entry); the group whose site comes first in code order is
//     resolved with exactly its lanes as the active set, and they resume. Releasing one group
//     at a time lets lanes that skipped a divergent call catch up with the others at the next
//     common call, where they meet together as they would on a GPU after reconvergence.
//     A SIMD-group with a lane that yielded (spinning on an atomic load, p2m_host_abi.h) is
//     not resolved: that lane is still on its way. A bar.warp.sync group waits until every
//     unfinished lane of its mask is at a bar.warp.sync; the groups at other call sites go
//     first (in code order), unless none can go, when the earliest group goes as before.
//   * Then fibers that yielded run again; a barrier is never released while one of them has
//     not reached it.
//   * Otherwise every unfinished thread waits at a threadgroup_barrier: the barrier releases
//     when they all wait at the same call site (threads that returned no longer count, as on
//     NVIDIA hardware). Waits at different barriers can never complete: that is reported as a
//     deadlock, never a hang.
//
// Faults (FaultHandler.h): a SIGSEGV or SIGBUS raised by a fiber abandons the threadgroup:
// the faulting fiber switches back to the scheduler as if it had finished the batch, and
// run() returns IllegalAddress. The other fibers stay suspended and are never resumed; their
// contexts and stacks are made afresh by the next run(), as after a deadlock.
#pragma once

#include "runtime/Backend.h"
#include "runtime/host/Fiber.h"
#include "runtime/host/launcher/p2m_host_abi.h"

#include <atomic>
#include <csignal>
#include <cstdint>
#include <memory>
#include <vector>

namespace p2m::runtime::host {

using KernelEntry = void (*)(p2m_host_thread *);

// What every threadgroup of one dispatch shares.
struct KernelLaunch {
  KernelEntry entry = nullptr;
  const unsigned char *params = nullptr;
  const unsigned char *module = nullptr;
  Dim3 grid, block;
  uint32_t dynamicSmem = 0;      // the launch word the kernel reads as %dynamic_smem_size
  uint32_t threadgroupBytes = 0; // the threadgroup window's length
  size_t stackBytes = 0;         // per fiber
  // Set by the dispatch when another threadgroup failed: a runner abandons its threadgroup at
  // the end of the next batch (when every ready thread has blocked, yielded or finished).
  const std::atomic<bool> *cancel = nullptr;
};

// The function table installed into every compiled program (p2m_host_install).
const p2m_host_runtime &hostRuntimeTable();

class ThreadgroupRunner {
public:
  ThreadgroupRunner();
  ~ThreadgroupRunner();
  ThreadgroupRunner(const ThreadgroupRunner &) = delete;
  ThreadgroupRunner &operator=(const ThreadgroupRunner &) = delete;

  // Runs threadgroup `group` of `launch` to completion. LaunchFailed on a deadlock or when
  // launch.cancel was set; IllegalAddress when a thread faulted; OutOfResources when fiber
  // stacks cannot be mapped.
  Status run(const KernelLaunch &launch, Dim3 group);

  // Called by the fault handler (FaultHandler.cpp) on the thread that faulted: true when that
  // thread's runner was running a fiber, whose fault it then takes (the interrupted context
  // is redirected so that returning from the handler abandons the threadgroup).
  static bool catchFault(int signal, siginfo_t *info, void *context);

  // Meeting points, called on the running fiber (through hostRuntimeTable()).
  const p2m_simd_exchange *meetSimd(void *frame, const void *data, unsigned size,
                                    unsigned *lane);
  void meetBarrier(void *frame);
  void meetWarpSync(void *frame, uint32_t mask);
  // Not a meeting: the calling fiber steps aside until the fibers that are ready have run.
  void yield();

  // Call-site identity: return addresses from the meeting point outwards.
  static constexpr unsigned kMaxSiteDepth = 32;
  struct SiteKey {
    unsigned depth = 0;
    uintptr_t returnAddresses[kMaxSiteDepth];
  };

private:
  struct ThreadFiber;
  enum class State : uint8_t { Ready, Yielded, BlockedSimd, BlockedBarrier, Finished };

  struct Fault {
    int signal = 0;
    uintptr_t address = 0; // the address the instruction accessed, as the kernel reports it
    uintptr_t pc = 0;
    uint32_t thread = 0;   // flattened thread index in the threadgroup
  };

  Status prepareFibers(const KernelLaunch &launch, uint32_t threads);
  static void fiberMain(void *argument);
  void finishFiber(ThreadFiber &fiber);
  bool takeFault(int signal, siginfo_t *info, void *context);
  static void faultedFiberMain(void *argument);
  ThreadFiber *takeNext();
  void runBatch();
  void suspend(ThreadFiber &fiber); // a fiber that blocks or yields
  static Status faultStatus(const Fault &fault, Dim3 block, Dim3 group);
  bool releaseSimdGroups(uint32_t threads);
  bool warpSyncComplete(const ThreadFiber &fiber, uint32_t first, uint32_t end) const;
  bool resumeYielded(uint32_t threads);
  Status releaseBarrier(uint32_t threads, Dim3 group);

  std::vector<std::unique_ptr<ThreadFiber>> fibers_;
  std::vector<p2m_simd_exchange> exchanges_; // one per SIMD-group
  std::vector<uint32_t> ready_; // runnable, for the next batch
  std::vector<uint32_t> batch_; // running now, in this order
  size_t batchNext_ = 0;
  std::vector<unsigned char> smem_;
  FiberContext schedulerContext_;
  ThreadFiber *running_ = nullptr;
  KernelEntry entry_ = nullptr;
  size_t stackBytes_ = 0;
  bool faulted_ = false; // written by the fault handler on this runner's thread only
  Fault fault_;
  // ThreadSanitizer's context of the OS thread running the scheduler (sanitized builds only).
  [[maybe_unused]] void *schedulerTsanFiber_ = nullptr;
  // AddressSanitizer's view of the scheduler's own stack (fiber switches are announced to it;
  // a runner stays on one OS thread while it runs a threadgroup, but may move between runs).
  // (Used only in sanitized builds.)
  [[maybe_unused]] const void *schedulerStackBottom_ = nullptr;
  [[maybe_unused]] size_t schedulerStackSize_ = 0;
  [[maybe_unused]] void *schedulerFakeStack_ = nullptr;
};

} // namespace p2m::runtime::host
