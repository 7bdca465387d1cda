// Memory faults in kernels through the exported Driver API (libcuda.so.1 on the host backend):
// a kernel that dereferences a wild pointer fails its launch with CUDA_ERROR_ILLEGAL_ADDRESS,
// the context stays broken with that error (sticky, as on NVIDIA), the process goes on, and
// a new context launches as before. A fault outside kernel code keeps the behaviour it has
// without ptx2metal: the handler installed before ours gets it, or the default action kills
// the process (checked in forked children).
//
// Under AddressSanitizer the process must let a second SIGSEGV handler in beside ASan's
// (allow_user_segv_handler=1, set below): ASan's own handler would otherwise report the fault
// and stop the process.
#include <cuda.h>

// Catch2's own SIGSEGV handler would report the forked children's faults as failures of this
// process (it is installed and removed around each test case; the runtime's handler goes in
// front of it again at the next launch, but the children below are about the default action).
#define CATCH_CONFIG_MAIN
#define CATCH_CONFIG_NO_POSIX_SIGNALS
#include <catch2/catch.hpp>

#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define P2M_TEST_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define P2M_TEST_ASAN 1
#endif

#if defined(P2M_TEST_ASAN)
extern "C" const char *__asan_default_options() { return "allow_user_segv_handler=1"; }
#endif

namespace {

// Thread `who` (global index) loads from `p` and stores what it read; every thread writes its
// index to out[i] between two barriers, so that the other threads of the faulting one's
// threadgroup are suspended at a barrier when it faults.
const char *kFaultPtx = R"(.version 7.0
.target sm_80
.address_size 64
.visible .entry wild(.param .u64 p, .param .u64 out, .param .u32 who)
{
  .reg .pred %p<2>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [p];
  ld.param.u64 %rd2, [out];
  ld.param.u32 %r1, [who];
  mov.u32 %r2, %ctaid.x;
  mov.u32 %r3, %ntid.x;
  mov.u32 %r4, %tid.x;
  mad.lo.s32 %r5, %r2, %r3, %r4;
  mul.wide.u32 %rd3, %r5, 4;
  add.s64 %rd4, %rd2, %rd3;
  bar.sync 0;
  setp.ne.u32 %p1, %r5, %r1;
  @%p1 bra SKIP;
  ld.global.u32 %r6, [%rd1];
  st.global.u32 [%rd4], %r6;
SKIP:
  bar.sync 0;
  st.global.u32 [%rd4], %r5;
  ret;
}

.visible .entry store(.param .u64 p)
{
  .reg .b32 %r<2>;
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [p];
  mov.u32 %r1, 7;
  st.global.u32 [%rd1], %r1;
  ret;
}
)";

void init() {
  static bool done = [] {
    REQUIRE(cuInit(0) == CUDA_SUCCESS);
    return true;
  }();
  (void)done;
}

struct Kernels {
  CUcontext context = nullptr;
  CUmodule module = nullptr;
  CUfunction wild = nullptr, store = nullptr;
};

Kernels newContext() {
  init();
  Kernels k;
  CUdevice device = 0;
  REQUIRE(cuDeviceGet(&device, 0) == CUDA_SUCCESS);
  REQUIRE(cuCtxCreate(&k.context, nullptr, 0, device) == CUDA_SUCCESS);
  REQUIRE(cuModuleLoadData(&k.module, kFaultPtx) == CUDA_SUCCESS);
  REQUIRE(cuModuleGetFunction(&k.wild, k.module, "wild") == CUDA_SUCCESS);
  REQUIRE(cuModuleGetFunction(&k.store, k.module, "store") == CUDA_SUCCESS);
  return k;
}

// Launches `wild` with `blocks` x `threads` threads, thread `who` loading from `address`, and
// waits for it: a fault is reported by the synchronization, as in CUDA (the launch is
// asynchronous), or by the launch itself once the context is broken.
CUresult launchWild(const Kernels &k, CUdeviceptr address, CUdeviceptr out, uint32_t who, unsigned blocks,
                    unsigned threads) {
  void *params[] = {&address, &out, &who};
  if (CUresult r = cuLaunchKernel(k.wild, blocks, 1, 1, threads, 1, 1, 0, nullptr, params, nullptr))
    return r;
  return cuCtxSynchronize();
}

// The context works: every thread of a 64 x 256 grid writes its index.
void checkLaunchesWork(const Kernels &k) {
  const unsigned blocks = 64, threads = 256, n = blocks * threads;
  CUdeviceptr out = 0, source = 0;
  REQUIRE(cuMemAlloc(&out, n * 4) == CUDA_SUCCESS);
  REQUIRE(cuMemAlloc(&source, 4) == CUDA_SUCCESS);
  REQUIRE(cuMemsetD32(out, 0xffffffffu, n) == CUDA_SUCCESS);
  REQUIRE(launchWild(k, source, out, 0xffffffffu, blocks, threads) == CUDA_SUCCESS);
  std::vector<uint32_t> host(n);
  REQUIRE(cuMemcpyDtoH(host.data(), out, n * 4) == CUDA_SUCCESS);
  unsigned wrong = 0;
  for (uint32_t i = 0; i < n; ++i)
    wrong += host[i] != i;
  CHECK(wrong == 0);
  REQUIRE(cuMemFree(out) == CUDA_SUCCESS);
  REQUIRE(cuMemFree(source) == CUDA_SUCCESS);
}

// Everything in a broken context answers its sticky error.
void checkSticky(const Kernels &k, CUdeviceptr out) {
  CHECK(cuCtxSynchronize() == CUDA_ERROR_ILLEGAL_ADDRESS);
  uint32_t value = 0;
  CHECK(cuMemcpyDtoH(&value, out, 4) == CUDA_ERROR_ILLEGAL_ADDRESS);
  CUdeviceptr more = 0;
  CHECK(cuMemAlloc(&more, 4) == CUDA_ERROR_ILLEGAL_ADDRESS);
  CUstream stream = nullptr;
  CHECK(cuStreamCreate(&stream, 0) == CUDA_ERROR_ILLEGAL_ADDRESS);
  CHECK(launchWild(k, out, out, 0xffffffffu, 1, 1) == CUDA_ERROR_ILLEGAL_ADDRESS);
}

// Runs `body` in a forked child; its wait status.
template <typename Body> int inChild(Body body) {
  const pid_t child = fork();
  if (child == 0) {
    body();
    _exit(0);
  }
  int status = 0;
  waitpid(child, &status, 0);
  return status;
}

void programHandler(int, siginfo_t *, void *) { _exit(42); }

// A handler that reports each call on a pipe and passes the fault on to the one it replaced.
int reportFd = -1;
struct sigaction replaced;
void chainingHandler(int signal, siginfo_t *info, void *context) {
  const char byte = 'x';
  (void)!write(reportFd, &byte, 1);
  if (replaced.sa_flags & SA_SIGINFO) {
    replaced.sa_sigaction(signal, info, context);
  } else {
    struct sigaction fallback {};
    fallback.sa_handler = SIG_DFL;
    sigaction(signal, &fallback, nullptr);
  }
}

// In a child: cuInit and a context with the test module; exits with `code` when that fails.
CUfunction childKernel(int code) {
  CUcontext context = nullptr;
  CUmodule module = nullptr;
  CUfunction wild = nullptr;
  if (cuInit(0) != CUDA_SUCCESS || cuCtxCreate(&context, nullptr, 0, 0) != CUDA_SUCCESS ||
      cuModuleLoadData(&module, kFaultPtx) != CUDA_SUCCESS || cuModuleGetFunction(&wild, module, "wild") != CUDA_SUCCESS)
    _exit(code);
  return wild;
}

// One threadgroup of 32 threads; thread `who` loads from `address`.
CUresult childLaunch(CUfunction wild, CUdeviceptr address, uint32_t who) {
  CUdeviceptr out = 0;
  if (cuMemAlloc(&out, 32 * 4) != CUDA_SUCCESS)
    return CUDA_ERROR_UNKNOWN;
  void *params[] = {&address, &out, &who};
  if (CUresult r = cuLaunchKernel(wild, 1, 1, 1, 32, 1, 1, 0, nullptr, params, nullptr))
    return r;
  return cuCtxSynchronize(); // the kernel has run (on a stream's worker): its fault is reported here
}

// The program's own wild store (not through a null pointer, which UBSan would stop first).
volatile uintptr_t wildAddress = 0x10;
void programFault() { *reinterpret_cast<volatile int *>(wildAddress) = 1; }

} // namespace

// First, while the process has no thread but this one (fork), and before any kernel ran in it.
TEST_CASE("faults: a handler the program installed still gets the program's own faults", "[runtime-faults]") {
  const int status = inChild([] {
    struct sigaction action {};
    action.sa_sigaction = &programHandler;
    action.sa_flags = SA_SIGINFO;
    sigaction(SIGSEGV, &action, nullptr);
    CUfunction wild = childKernel(2);
    // The kernel's fault is the runtime's; the program's handler does not see it.
    if (childLaunch(wild, 0x10, 5) != CUDA_ERROR_ILLEGAL_ADDRESS)
      _exit(4);
    programFault(); // the program's own fault: its handler exits with 42
    _exit(5);
  });
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 42);
}

TEST_CASE("faults: a handler installed after the runtime's", "[runtime-faults]") {
  // It replaces the runtime's, which goes in front of it again at the next launch. It gets
  // the program's own fault once; passing that back to the runtime's handler (the one it
  // replaced) ends in the default action, not in a loop between the two.
  int fds[2];
  REQUIRE(pipe(fds) == 0);
  const int status = inChild([&] {
    close(fds[0]);
    reportFd = fds[1];
    CUfunction wild = childKernel(2);
    if (childLaunch(wild, 0x10, 0xffffffffu) != CUDA_SUCCESS) // installs the runtime's handler
      _exit(3);
    struct sigaction action {};
    action.sa_sigaction = &chainingHandler;
    action.sa_flags = SA_SIGINFO;
    sigaction(SIGSEGV, &action, &replaced);
    CUfunction again = childKernel(4); // a new context: the first one is broken below
    if (childLaunch(again, 0x10, 7) != CUDA_ERROR_ILLEGAL_ADDRESS)
      _exit(5);
    programFault();
    _exit(6);
  });
  close(fds[1]);
  char bytes[16];
  const ssize_t calls = read(fds[0], bytes, sizeof bytes);
  close(fds[0]);
  CHECK(calls == 1); // the program's handler saw its own fault once, the kernel's not at all
#if defined(P2M_TEST_ASAN)
  CHECK(status != 0);
#else
  REQUIRE(WIFSIGNALED(status));
  CHECK(WTERMSIG(status) == SIGSEGV);
#endif
}

TEST_CASE("faults: a load from address 0x10 fails with CUDA_ERROR_ILLEGAL_ADDRESS, sticky", "[runtime-faults]") {
  Kernels k = newContext();
  CUdeviceptr out = 0;
  REQUIRE(cuMemAlloc(&out, 4) == CUDA_SUCCESS);
  CHECK(launchWild(k, 0x10, out, 0, 1, 1) == CUDA_ERROR_ILLEGAL_ADDRESS);
  checkSticky(k, out);
  const char *name = nullptr;
  REQUIRE(cuGetErrorName(CUDA_ERROR_ILLEGAL_ADDRESS, &name) == CUDA_SUCCESS);
  CHECK(std::string(name) == "CUDA_ERROR_ILLEGAL_ADDRESS");
  REQUIRE(cuCtxDestroy(k.context) == CUDA_SUCCESS);
}

TEST_CASE("faults: wild addresses anywhere in a grid, then new contexts work", "[runtime-faults]") {
  // A non-canonical address (a general-protection fault on x86-64, reported without an address),
  // an unmapped canonical one, and the top of the address space.
  const CUdeviceptr addresses[] = {0xdead000000000000ull, 0x00007ff000001000ull, 0xfffffffffffff000ull};
  unsigned round = 0;
  for (CUdeviceptr address : addresses) {
    Kernels k = newContext();
    const unsigned blocks = 64, threads = 256;
    CUdeviceptr out = 0;
    REQUIRE(cuMemAlloc(&out, blocks * threads * 4) == CUDA_SUCCESS);
    // One thread somewhere in the middle of the grid, the others at barriers or in other
    // threadgroups on other workers.
    const uint32_t who = 37 * threads + 100 + round++;
    CHECK(launchWild(k, address, out, who, blocks, threads) == CUDA_ERROR_ILLEGAL_ADDRESS);
    checkSticky(k, out);
    REQUIRE(cuCtxDestroy(k.context) == CUDA_SUCCESS);
    // Fiber stacks, workers and the API are usable: a new context computes.
    Kernels fresh = newContext();
    checkLaunchesWork(fresh);
    REQUIRE(cuCtxDestroy(fresh.context) == CUDA_SUCCESS);
  }
}

TEST_CASE("faults: a store to a wild address, and every thread of a threadgroup faulting", "[runtime-faults]") {
  Kernels k = newContext();
  CUdeviceptr address = 0x10;
  void *params[] = {&address};
  CHECK(cuLaunchKernel(k.store, 8, 1, 1, 1024, 1, 1, 0, nullptr, params, nullptr) == CUDA_SUCCESS);
  CHECK(cuCtxSynchronize() == CUDA_ERROR_ILLEGAL_ADDRESS);
  REQUIRE(cuCtxDestroy(k.context) == CUDA_SUCCESS);
  // The primary context is another context: unaffected.
  CUcontext primary = nullptr;
  REQUIRE(cuDevicePrimaryCtxRetain(&primary, 0) == CUDA_SUCCESS);
  REQUIRE(cuCtxSetCurrent(primary) == CUDA_SUCCESS);
  CUdeviceptr p = 0;
  CHECK(cuMemAlloc(&p, 16) == CUDA_SUCCESS);
  CHECK(cuMemFree(p) == CUDA_SUCCESS);
  REQUIRE(cuDevicePrimaryCtxRelease(0) == CUDA_SUCCESS);
}

TEST_CASE("faults: a fault outside kernel code keeps its default action", "[runtime-faults]") {
  // Kernels have run in this process, so the runtime's handler is installed; a fault in the
  // program's own code must still kill it with SIGSEGV (under ASan: ASan's report and exit).
  Kernels k = newContext();
  checkLaunchesWork(k);
  REQUIRE(cuCtxDestroy(k.context) == CUDA_SUCCESS);
  const int status = inChild([] { programFault(); });
#if defined(P2M_TEST_ASAN)
  CHECK(((WIFEXITED(status) && WEXITSTATUS(status) != 0) || WIFSIGNALED(status)));
#else
  REQUIRE(WIFSIGNALED(status));
  CHECK(WTERMSIG(status) == SIGSEGV);
#endif
  // Sent by kill(), not raised by a fault: the default action too.
  const int sent = inChild([] { raise(SIGBUS); });
#if !defined(P2M_TEST_ASAN)
  REQUIRE(WIFSIGNALED(sent));
  CHECK(WTERMSIG(sent) == SIGBUS);
#else
  CHECK(sent != 0);
#endif
}
