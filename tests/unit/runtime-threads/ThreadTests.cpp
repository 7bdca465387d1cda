// Eight host threads on one device through the exported Driver API (libcuda.so.1 on the host
// backend), all at once: each has its own current context (two share the primary context, one
// pushes and pops a second one of its own), its own module and streams, and loops over
// allocations (device and page-locked), asynchronous copies, memsets, launches (several
// threadgroups on several workers, with barriers and shared memory; one reads a texture
// reference its thread rebinds every round), host functions, events,
// queries and synchronizations, checking every result; every thread also launches a kernel
// of one library that main loaded before they started (its module is made in each context at
// first use). CI runs it under ThreadSanitizer (scripts/run-tests.sh --tsan), where it must be
// clean. A plain program rather than Catch2, whose assertions are not thread-safe.
//   runtime_thread_tests [rounds per thread, default 12]
#include <cuda.h>

#include <atomic>
#include <barrier>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace {

// blocksum: sums[b] = sum over the threads of block b of (in[i] + add), through a shared-memory
// tree with a barrier per level. fetch: out[i] = tex1Dfetch(input, i) through the texture
// reference `input`, bound to the round's input anew each round. iota: out[i] = base + i.
const char *kPtx = R"(.version 7.0
.target sm_80
.address_size 64
.visible .entry blocksum(.param .u64 in, .param .u64 sums, .param .u32 add)
{
  .shared .align 4 .b32 partial[128];
  .reg .pred %p<3>;
  .reg .b32 %r<16>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [in];
  ld.param.u64 %rd2, [sums];
  ld.param.u32 %r1, [add];
  mov.u32 %r2, %tid.x;
  mov.u32 %r3, %ctaid.x;
  mov.u32 %r4, %ntid.x;
  mad.lo.s32 %r5, %r3, %r4, %r2;
  mul.wide.u32 %rd3, %r5, 4;
  add.s64 %rd4, %rd1, %rd3;
  ld.global.u32 %r6, [%rd4];
  add.s32 %r6, %r6, %r1;
  mov.u32 %r7, partial;
  shl.b32 %r8, %r2, 2;
  add.s32 %r9, %r7, %r8;
  st.shared.u32 [%r9], %r6;
  bar.sync 0;
  shr.u32 %r10, %r4, 1;
LOOP:
  setp.eq.u32 %p1, %r10, 0;
  @%p1 bra DONE;
  setp.ge.u32 %p2, %r2, %r10;
  @%p2 bra NEXT;
  shl.b32 %r11, %r10, 2;
  add.s32 %r12, %r9, %r11;
  ld.shared.u32 %r13, [%r12];
  ld.shared.u32 %r14, [%r9];
  add.s32 %r14, %r14, %r13;
  st.shared.u32 [%r9], %r14;
NEXT:
  bar.sync 0;
  shr.u32 %r10, %r10, 1;
  bra.uni LOOP;
DONE:
  setp.ne.u32 %p1, %r2, 0;
  @%p1 bra END;
  ld.shared.u32 %r15, [%r7];
  mul.wide.u32 %rd5, %r3, 4;
  add.s64 %rd6, %rd2, %rd5;
  st.global.u32 [%rd6], %r15;
END:
  ret;
}

.global .texref input;
.visible .entry fetch(.param .u64 out)
{
  .reg .b32 %r<10>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r2, %tid.x;
  mov.u32 %r3, %ctaid.x;
  mov.u32 %r4, %ntid.x;
  mad.lo.s32 %r5, %r3, %r4, %r2;
  tex.1d.v4.u32.s32 {%r6, %r7, %r8, %r9}, [input, {%r5}];
  mul.wide.u32 %rd2, %r5, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r6;
  ret;
}

.visible .entry iota(.param .u64 out, .param .u32 base)
{
  .reg .b32 %r<8>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  ld.param.u32 %r1, [base];
  mov.u32 %r2, %tid.x;
  mov.u32 %r3, %ctaid.x;
  mov.u32 %r4, %ntid.x;
  mad.lo.s32 %r5, %r3, %r4, %r2;
  add.s32 %r6, %r5, %r1;
  mul.wide.u32 %rd2, %r5, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r6;
  ret;
}
)";

constexpr unsigned kThreads = 8;
constexpr unsigned kBlocks = 16, kBlockThreads = 128, kElements = kBlocks * kBlockThreads;

std::mutex reportMutex;
std::atomic<unsigned> failures{0};

void report(unsigned thread, const std::string &what) {
  std::lock_guard<std::mutex> lock(reportMutex);
  std::fprintf(stderr, "thread %u: %s\n", thread, what.c_str());
  ++failures;
}

#define CHECK_CU(call)                                                                              \
  do {                                                                                              \
    CUresult result_ = (call);                                                                      \
    if (result_ != CUDA_SUCCESS) {                                                                  \
      const char *name_ = "?";                                                                      \
      cuGetErrorName(result_, &name_);                                                              \
      report(id, std::string(#call) + " returned " + name_);                                        \
      return;                                                                                       \
    }                                                                                               \
  } while (0)

struct Work {
  CUfunction blocksum = nullptr, iota = nullptr, fetch = nullptr;
  CUtexref input = nullptr; // this module's texture reference
  CUfunction libraryIota = nullptr; // the shared library's, in this context
  CUstream streams[2] = {};
  CUevent start = nullptr, done = nullptr;
  unsigned hostCalls = 0; // host functions run so far (stream order: no lock needed)
};

CUkernel sharedKernel = nullptr; // iota of the library main loads

void CUDA_CB countHostCall(void *calls) { ++*static_cast<unsigned *>(calls); }

// One round on one stream: upload, sum per block, iota into a second buffer, copy device to
// device, download both, check.
void round(unsigned id, unsigned r, Work &w, CUstream stream) {
  CUdeviceptr in = 0, sums = 0, out = 0, copy = 0, fetched = 0;
  CHECK_CU(cuMemAlloc(&in, kElements * 4));
  CHECK_CU(cuMemAlloc(&fetched, kElements * 4));
  CHECK_CU(cuMemAlloc(&sums, kBlocks * 4));
  CHECK_CU(cuMemAlloc(&out, kElements * 4));
  CHECK_CU(cuMemAlloc(&copy, kElements * 4));
  void *pinned = nullptr;
  CHECK_CU(cuMemAllocHost(&pinned, kElements * 4));
  std::vector<uint32_t> host(kElements), hostSums(kBlocks), hostOut(kElements), hostFetched(kElements);
  CHECK_CU(cuEventRecord(w.start, stream));
  for (unsigned i = 0; i < kElements; ++i)
    host[i] = id * 100000u + r * 1000u + i;
  uint32_t add = id + r;
  CHECK_CU(cuMemsetD32Async(sums, 0xdeadbeefu, kBlocks, stream));
  CHECK_CU(cuMemcpyHtoDAsync(in, host.data(), kElements * 4, stream));
  CHECK_CU(cuTexRefSetAddress(nullptr, w.input, in, kElements * 4));
  void *fetchParams[] = {&fetched};
  CHECK_CU(cuLaunchKernel(w.fetch, kBlocks, 1, 1, kBlockThreads, 1, 1, 0, stream, fetchParams, nullptr));
  CHECK_CU(cuMemcpyDtoHAsync(hostFetched.data(), fetched, kElements * 4, stream));
  void *sumParams[] = {&in, &sums, &add};
  CHECK_CU(cuLaunchKernel(w.blocksum, kBlocks, 1, 1, kBlockThreads, 1, 1, 0, stream, sumParams, nullptr));
  uint32_t base = id * 7u + r;
  void *iotaParams[] = {&out, &base};
  CHECK_CU(cuLaunchKernel(w.iota, kBlocks, 1, 1, kBlockThreads, 1, 1, 0, stream, iotaParams, nullptr));
  CHECK_CU(cuMemcpyDtoDAsync(copy, out, kElements * 4, stream));
  CHECK_CU(cuMemcpyDtoHAsync(hostSums.data(), sums, kBlocks * 4, stream));
  CHECK_CU(cuMemcpyDtoHAsync(hostOut.data(), copy, kElements * 4, stream));
  // The library's kernel into the same buffer, through page-locked memory.
  uint32_t libraryBase = base + 1;
  void *libraryParams[] = {&out, &libraryBase};
  CHECK_CU(cuLaunchKernel(w.libraryIota, kBlocks, 1, 1, kBlockThreads, 1, 1, 0, stream, libraryParams, nullptr));
  CHECK_CU(cuMemcpyDtoHAsync(pinned, out, kElements * 4, stream));
  CHECK_CU(cuLaunchHostFunc(stream, countHostCall, &w.hostCalls));
  CHECK_CU(cuEventRecord(w.done, stream));
  CHECK_CU(cuEventSynchronize(w.done));
  CHECK_CU(cuStreamSynchronize(stream));
  CHECK_CU(cuStreamQuery(stream));
  CHECK_CU(cuEventQuery(w.done));
  float milliseconds = -1;
  CHECK_CU(cuEventElapsedTime(&milliseconds, w.start, w.done));
  if (!(milliseconds >= 0))
    report(id, "negative elapsed time");
  if (w.hostCalls != r + 1)
    report(id, "round " + std::to_string(r) + ": " + std::to_string(w.hostCalls) + " host functions ran");
  unsigned memoryType = 0;
  CHECK_CU(cuPointerGetAttribute(&memoryType, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, out));
  if (memoryType != CU_MEMORYTYPE_DEVICE)
    report(id, "an allocation is not device memory");
  int resident = 0;
  CHECK_CU(cuOccupancyMaxActiveBlocksPerMultiprocessor(&resident, w.blocksum, kBlockThreads, 0));
  if (resident < 1)
    report(id, "no block of blocksum is resident");
  for (unsigned i = 0; i < kElements; ++i)
    if (static_cast<const uint32_t *>(pinned)[i] != libraryBase + i) {
      report(id, "round " + std::to_string(r) + ": the library's iota[" + std::to_string(i) + "] is wrong");
      break;
    }
  CHECK_CU(cuMemFreeHost(pinned));
  for (unsigned b = 0; b < kBlocks; ++b) {
    uint32_t expected = 0;
    for (unsigned t = 0; t < kBlockThreads; ++t)
      expected += host[b * kBlockThreads + t] + add;
    if (hostSums[b] != expected) {
      report(id, "round " + std::to_string(r) + ": block " + std::to_string(b) + " summed to " +
                     std::to_string(hostSums[b]) + ", not " + std::to_string(expected));
      break;
    }
  }
  for (unsigned i = 0; i < kElements; ++i)
    if (hostOut[i] != base + i) {
      report(id, "round " + std::to_string(r) + ": iota[" + std::to_string(i) + "] is " + std::to_string(hostOut[i]));
      break;
    }
  for (unsigned i = 0; i < kElements; ++i)
    if (hostFetched[i] != host[i]) {
      report(id, "round " + std::to_string(r) + ": fetched[" + std::to_string(i) + "] is " +
                     std::to_string(hostFetched[i]) + ", not " + std::to_string(host[i]));
      break;
    }
  CHECK_CU(cuMemFree(in));
  CHECK_CU(cuMemFree(fetched));
  CHECK_CU(cuMemFree(sums));
  CHECK_CU(cuMemFree(out));
  CHECK_CU(cuMemFree(copy));
}

// A context's module, streams and event (in the current context).
void prepare(unsigned id, Work &w, CUmodule &module) {
  CHECK_CU(cuModuleLoadData(&module, kPtx));
  CHECK_CU(cuModuleGetFunction(&w.blocksum, module, "blocksum"));
  CHECK_CU(cuModuleGetFunction(&w.iota, module, "iota"));
  CHECK_CU(cuModuleGetFunction(&w.fetch, module, "fetch"));
  CHECK_CU(cuModuleGetTexRef(&w.input, module, "input"));
  CHECK_CU(cuTexRefSetFormat(w.input, CU_AD_FORMAT_UNSIGNED_INT32, 1));
  CHECK_CU(cuStreamCreate(&w.streams[0], CU_STREAM_NON_BLOCKING));
  CHECK_CU(cuStreamCreate(&w.streams[1], CU_STREAM_DEFAULT));
  CHECK_CU(cuEventCreate(&w.start, CU_EVENT_DEFAULT));
  CHECK_CU(cuEventCreate(&w.done, CU_EVENT_DEFAULT));
  CHECK_CU(cuKernelGetFunction(&w.libraryIota, sharedKernel));
}

void release(unsigned id, Work &w, CUmodule module) {
  CHECK_CU(cuEventDestroy(w.start));
  CHECK_CU(cuEventDestroy(w.done));
  CHECK_CU(cuStreamDestroy(w.streams[0]));
  CHECK_CU(cuStreamDestroy(w.streams[1]));
  CHECK_CU(cuModuleUnload(module));
}

void hostThread(unsigned id, unsigned rounds, std::barrier<> &start) {
  CUdevice device = 0;
  CUcontext context = nullptr;
  const bool primary = id < 2; // threads 0 and 1 share the primary context
  start.arrive_and_wait();
  CHECK_CU(cuDeviceGet(&device, 0));
  if (primary) {
    CHECK_CU(cuDevicePrimaryCtxRetain(&context, device));
    CHECK_CU(cuCtxSetCurrent(context));
  } else {
    CHECK_CU(cuCtxCreate(&context, nullptr, 0, device));
  }
  CUcontext current = nullptr;
  CHECK_CU(cuCtxGetCurrent(&current));
  if (current != context) {
    report(id, "another thread's context is current");
    return;
  }
  Work w;
  CUmodule module = nullptr;
  prepare(id, w, module);
  if (failures)
    return;
  for (unsigned r = 0; r < rounds && !failures; ++r) {
    round(id, r, w, w.streams[r % 2]);
    if (id == 7 && r % 4 == 3) {
      // A second context of this thread's own, pushed over the first and popped again.
      CUcontext second = nullptr;
      CHECK_CU(cuCtxCreate(&second, nullptr, 0, device));
      Work w2;
      CUmodule module2 = nullptr;
      prepare(id, w2, module2);
      w2.hostCalls = r; // the round's check counts this context's host functions
      round(id, r, w2, w2.streams[0]);
      release(id, w2, module2);
      CUcontext popped = nullptr;
      CHECK_CU(cuCtxPopCurrent(&popped));
      if (popped != second)
        report(id, "cuCtxPopCurrent popped another context");
      CHECK_CU(cuCtxDestroy(second));
      CHECK_CU(cuCtxGetCurrent(&current));
      if (current != context)
        report(id, "the first context is not current again after the pop");
    }
  }
  CHECK_CU(cuCtxSynchronize());
  release(id, w, module);
  if (primary)
    CHECK_CU(cuDevicePrimaryCtxRelease(device));
  else
    CHECK_CU(cuCtxDestroy(context));
}

} // namespace

int main(int argc, char **argv) {
  const unsigned rounds = argc > 1 ? unsigned(std::strtoul(argv[1], nullptr, 10)) : 12u;
  CUlibrary library = nullptr;
  if (cuInit(0) != CUDA_SUCCESS ||
      cuLibraryLoadData(&library, kPtx, nullptr, nullptr, 0, nullptr, nullptr, 0) != CUDA_SUCCESS ||
      cuLibraryGetKernel(&sharedKernel, library, "iota") != CUDA_SUCCESS) {
    std::fprintf(stderr, "cuInit or loading the shared library failed\n");
    return 1;
  }
  std::barrier<> start(kThreads);
  std::vector<std::thread> threads;
  for (unsigned id = 0; id < kThreads; ++id)
    threads.emplace_back(hostThread, id, rounds, std::ref(start));
  for (std::thread &t : threads)
    t.join();
  if (cuLibraryUnload(library) != CUDA_SUCCESS)
    report(kThreads, "cuLibraryUnload failed");
  if (failures) {
    std::fprintf(stderr, "FAIL: %u failure(s)\n", failures.load());
    return 1;
  }
  std::printf("PASS: %u host threads x %u rounds\n", kThreads, rounds);
  return 0;
}
