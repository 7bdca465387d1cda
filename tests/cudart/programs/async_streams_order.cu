// Streams are asynchronous, with CUDA's ordering, shown without timing assumptions: a host
// function that blocks on a flag holds its stream at a known point while the main thread
// looks at the rest of the device. While it blocks,
//   * its stream and an event recorded after it are not ready, and the work enqueued after it
//     on the same stream has not run (stream order);
//   * other (non-blocking) streams run their kernels to completion (streams do not wait for
//     each other);
//   * a stream that waits on an event recorded after it does not run (cudaStreamWaitEvent);
//   * work on the legacy default stream waits for a blocking stream, but not for a
//     cudaStreamNonBlocking one (and a synchronous cudaMemcpy does not wait for the latter);
//   * each host thread's per-thread default stream is its own;
//   * destroying a stream returns at once and its pending work still completes.
// Events take their time when the stream reaches them: two events around the blocked host
// function are at least as far apart as the main thread kept it blocked. A runtime that waits
// where it must not would hang: a watchdog then fails the program, naming the phase.
//
// Built twice: as is, and with `--default-stream per-thread` (programs.json), where stream 0
// and the synchronous calls are each thread's per-thread stream (the _ptsz/_ptds entry
// points). The legacy stream is therefore named cudaStreamLegacy throughout.
#include "check.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>

__global__ void fill(int *out, int n, int value) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = value;
}

__global__ void addTo(int *out, int n, int value) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] += value;
}

namespace {

constexpr int n = 4096;
constexpr int blocks = n / 256;

std::atomic<const char *> phase{"setup"};

// Fails the program when it is still running after two minutes (it takes well under a second).
void startWatchdog() {
  std::thread([] {
    std::this_thread::sleep_for(std::chrono::minutes(2));
    std::printf("hung in phase: %s\n", phase.load());
    std::fflush(stdout);
    std::_Exit(1);
  }).detach();
}

// A host function's gate: it blocks until `open`, then reads what `watch` points to (managed
// memory that work ordered after it writes: it must still see the old values).
struct Gate {
  std::thread::id caller = std::this_thread::get_id(); // the thread that enqueues it
  std::atomic<bool> ranOnCaller{false};
  std::atomic<bool> started{false};
  std::atomic<bool> open{false};
  const int *watch[2] = {};
  int seen[2] = {-1, -1};
};

void CUDART_CB blockUntilOpen(void *p) {
  auto *g = static_cast<Gate *>(p);
  if (std::this_thread::get_id() == g->caller) {
    // Run inside the call that enqueued it: the stream is not asynchronous. Waiting here
    // would never end (the caller opens the gate), so say so and return.
    g->ranOnCaller = true;
    return;
  }
  g->started = true;
  while (!g->open.load())
    std::this_thread::yield();
  for (int i = 0; i < 2; ++i)
    if (g->watch[i])
      g->seen[i] = g->watch[i][0];
}

// Enqueues the gate on `stream` and waits until a stream worker runs it.
void block(Gate &g, cudaStream_t stream) {
  CUDA_OK(cudaLaunchHostFunc(stream, blockUntilOpen, &g));
  CHECK(!g.ranOnCaller.load()); // cudaLaunchHostFunc returned before the function ran
  while (!g.started.load())
    std::this_thread::yield();
}

bool all(const int *p, int value) {
  for (int i = 0; i < n; ++i)
    if (p[i] != value)
      return false;
  return true;
}

int *managed() {
  int *p = nullptr;
  CUDA_OK(cudaMallocManaged(&p, n * sizeof(int)));
  CUDA_OK(cudaMemset(p, 0, n * sizeof(int)));
  return p;
}

} // namespace

int main() {
  startWatchdog();
  // Everything is allocated before any stream blocks: cudaFree and friends wait for all work.
  int *ordered = managed(), *concurrent = managed(), *waiter = managed(), *legacy = managed();
  int *legacyFree = managed(), *perThread = managed(), *orphan = managed();
  int *host = nullptr;
  CUDA_OK(cudaMallocHost(&host, n * sizeof(int)));
  cudaStream_t blocking, nonBlocking, waiting, doomed;
  CUDA_OK(cudaStreamCreate(&blocking));
  CUDA_OK(cudaStreamCreateWithFlags(&nonBlocking, cudaStreamNonBlocking));
  CUDA_OK(cudaStreamCreateWithFlags(&waiting, cudaStreamNonBlocking));
  CUDA_OK(cudaStreamCreate(&doomed));
  cudaEvent_t before, after;
  CUDA_OK(cudaEventCreate(&before));
  CUDA_OK(cudaEventCreate(&after));
  CUDA_OK(cudaDeviceSynchronize());

  // 1. A blocked cudaStreamNonBlocking stream does not hold the legacy stream back: a kernel on
  //    the legacy stream, its synchronization and a synchronous copy all finish meanwhile.
  phase = "1: the legacy stream beside a blocked non-blocking stream";
  {
    Gate gate;
    block(gate, nonBlocking);
    fill<<<blocks, 256, 0, cudaStreamLegacy>>>(legacyFree, n, 9);
    CUDA_OK(cudaGetLastError());
    CUDA_OK(cudaStreamSynchronize(cudaStreamLegacy));
    CHECK(all(legacyFree, 9));
    CUDA_OK(cudaMemcpy(host, legacyFree, n * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(all(host, 9));
    CUDA_FAILS(cudaStreamQuery(nonBlocking), cudaErrorNotReady);
    gate.open = true;
    CUDA_OK(cudaStreamSynchronize(nonBlocking));
    CUDA_OK(cudaStreamQuery(nonBlocking));
  }

  // 2. A blocked (blocking) stream.
  phase = "2: a blocked blocking stream";
  {
    Gate gate;
    gate.watch[0] = legacy;
    gate.watch[1] = waiter;
    CUDA_OK(cudaEventRecord(before, blocking));
    block(gate, blocking);
    fill<<<blocks, 256, 0, blocking>>>(ordered, n, 7);
    addTo<<<blocks, 256, 0, blocking>>>(ordered, n, 1);
    CUDA_OK(cudaGetLastError());
    CUDA_OK(cudaEventRecord(after, blocking));
    auto blockedAt = std::chrono::steady_clock::now();

    // Stream order: nothing after the host function has run; the queries do not wait.
    CUDA_FAILS(cudaStreamQuery(blocking), cudaErrorNotReady);
    CUDA_FAILS(cudaEventQuery(after), cudaErrorNotReady);
    CUDA_OK(cudaEventQuery(before)); // recorded before the host function started
    float ms = -1;
    CUDA_FAILS(cudaEventElapsedTime(&ms, before, after), cudaErrorNotReady);
    CHECK(all(ordered, 0));

    // Other streams run to completion meanwhile.
    for (int round = 0; round < 4; ++round)
      addTo<<<blocks, 256, 0, nonBlocking>>>(concurrent, n, 1);
    CUDA_OK(cudaGetLastError());
    CUDA_OK(cudaStreamSynchronize(nonBlocking));
    CHECK(all(concurrent, 4));

    // A stream waiting on the event after the host function waits for it.
    CUDA_OK(cudaStreamWaitEvent(waiting, after, 0));
    fill<<<blocks, 256, 0, waiting>>>(waiter, n, 5);
    CUDA_OK(cudaGetLastError());
    CUDA_FAILS(cudaStreamQuery(waiting), cudaErrorNotReady);

    // The legacy stream waits for the blocking stream's pending work.
    addTo<<<blocks, 256, 0, cudaStreamLegacy>>>(legacy, n, 3);
    CUDA_OK(cudaGetLastError());
    CUDA_FAILS(cudaStreamQuery(cudaStreamLegacy), cudaErrorNotReady);
    CHECK(all(waiter, 0));
    CHECK(all(legacy, 0));
    CHECK(all(ordered, 0));

    // Keep the host function blocked a known time, then let it go.
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    auto heldMs = std::chrono::duration<float, std::milli>(std::chrono::steady_clock::now() - blockedAt).count();
    gate.open = true;
    CUDA_OK(cudaStreamSynchronize(waiting));
    CHECK(all(waiter, 5));
    CUDA_OK(cudaStreamSynchronize(cudaStreamLegacy));
    CHECK(all(legacy, 3));
    // When the host function returned, neither the legacy stream's kernel nor the waiting
    // stream's had run (the main thread slept 50 ms meanwhile: had they not waited, they
    // would have).
    CHECK(gate.seen[0] == 0);
    CHECK(gate.seen[1] == 0);
    CUDA_OK(cudaStreamSynchronize(blocking));
    CHECK(all(ordered, 8));
    CUDA_OK(cudaEventQuery(after));
    CUDA_OK(cudaEventElapsedTime(&ms, before, after));
    // The events took their times when the stream reached them: around the blocked function.
    CHECK(ms >= heldMs - 1.0f);
  }

  // 3. Per-thread default streams: this thread's is blocked, another thread's runs. Built with
  //    --default-stream per-thread, the other thread names its own as stream 0 (which would be
  //    the legacy stream, waiting for this thread's, otherwise).
#if defined(CUDA_API_PER_THREAD_DEFAULT_STREAM)
  const cudaStream_t own = 0;
#else
  const cudaStream_t own = cudaStreamPerThread;
#endif
  phase = "3: per-thread default streams";
  {
    Gate gate;
    block(gate, cudaStreamPerThread);
    CUDA_FAILS(cudaStreamQuery(cudaStreamPerThread), cudaErrorNotReady);
    std::atomic<bool> otherDone{false};
    std::thread other([&] {
      fill<<<blocks, 256, 0, own>>>(perThread, n, 4);
      CUDA_OK(cudaGetLastError());
      CUDA_OK(cudaStreamSynchronize(own));
      CHECK(all(perThread, 4));
      otherDone = true;
    });
    other.join();
    CHECK(otherDone.load());
    CUDA_FAILS(cudaStreamQuery(cudaStreamPerThread), cudaErrorNotReady);
    gate.open = true;
    CUDA_OK(cudaStreamSynchronize(cudaStreamPerThread));
  }

  // 4. Destroying a stream with pending work returns at once; the work still completes.
  phase = "4: destroying a blocked stream";
  {
    Gate gate;
    block(gate, doomed);
    fill<<<blocks, 256, 0, doomed>>>(orphan, n, 6);
    CUDA_OK(cudaGetLastError());
    CUDA_OK(cudaStreamDestroy(doomed));
    CHECK(all(orphan, 0));
    gate.open = true;
    CUDA_OK(cudaDeviceSynchronize());
    CHECK(all(orphan, 6));
  }

  phase = "teardown";
  CUDA_OK(cudaEventDestroy(before));
  CUDA_OK(cudaEventDestroy(after));
  CUDA_OK(cudaStreamDestroy(blocking));
  CUDA_OK(cudaStreamDestroy(nonBlocking));
  CUDA_OK(cudaStreamDestroy(waiting));
  for (int *p : {ordered, concurrent, waiter, legacy, legacyFree, perThread, orphan})
    CUDA_OK(cudaFree(p));
  CUDA_OK(cudaFreeHost(host));
  return pass();
}
