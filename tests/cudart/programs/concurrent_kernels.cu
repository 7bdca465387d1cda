// Kernels of different streams run at the same time, and the runtime answers while they run.
// Shown without timing assumptions: a kernel that spins until another stream's kernel sets a
// flag can only finish if the two overlap. While it spins, a query of its stream says
// cudaErrorNotReady (it does not wait for the kernel) and a synchronous copy on the legacy
// stream completes (the spinning stream does not block). Eight kernels of one module on eight
// streams then meet at a counter that each raises and waits on. What the kernels printf comes
// out whole, each launch's own. A runtime that serialized the kernels would hang: a watchdog
// then fails the program.
#include "check.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <unistd.h>

__global__ void waitForFlag(int *started, int *flag, int *result, int token) {
  atomicExch(started, 1);
  while (atomicAdd(flag, 0) == 0) {
  }
  result[0] = token;
  printf("waited %d\n", token);
}

__global__ void setFlag(int *flag) {
  printf("released\n");
  atomicExch(flag, 1);
}

__global__ void meet(int *counter, int parties, int *seen, int who) {
  atomicAdd(counter, 1);
  while (atomicAdd(counter, 0) < parties) {
  }
  seen[who] = 1;
}

namespace {

std::atomic<const char *> phase{"setup"};

void startWatchdog() {
  std::thread([] {
    std::this_thread::sleep_for(std::chrono::minutes(2));
    std::fprintf(stderr, "hung in phase: %s\n", phase.load()); // stdout may be the capture file
    std::_Exit(1);
  }).detach();
}

// Stdout goes to a file while the kernels print; a failed CHECK exits meanwhile, so the file
// is put back on the real stdout at exit.
char capturePath[] = "/tmp/concurrent-kernels-XXXXXX";
int captureFile = -1, savedStdout = -1;

std::string endCapture() {
  std::fflush(stdout);
  dup2(savedStdout, 1);
  close(savedStdout);
  savedStdout = -1;
  std::string text;
  char buffer[256];
  ssize_t got = 0;
  lseek(captureFile, 0, SEEK_SET);
  while ((got = read(captureFile, buffer, sizeof buffer)) > 0)
    text.append(buffer, size_t(got));
  close(captureFile);
  std::remove(capturePath);
  return text;
}

void beginCapture() {
  std::fflush(stdout);
  captureFile = mkstemp(capturePath);
  CHECK(captureFile >= 0);
  savedStdout = dup(1);
  dup2(captureFile, 1);
  std::atexit([] {
    if (savedStdout >= 0)
      std::fputs(endCapture().c_str(), stdout);
  });
}

int load(const int *p) { return __atomic_load_n(p, __ATOMIC_SEQ_CST); }

} // namespace

int main() {
  startWatchdog();
  int *started = nullptr, *flag = nullptr, *result = nullptr, *counter = nullptr, *seen = nullptr, *device = nullptr;
  constexpr int parties = 8, n = 1024;
  CUDA_OK(cudaMallocManaged(&started, sizeof(int)));
  CUDA_OK(cudaMallocManaged(&flag, sizeof(int)));
  CUDA_OK(cudaMallocManaged(&result, sizeof(int)));
  CUDA_OK(cudaMallocManaged(&counter, sizeof(int)));
  CUDA_OK(cudaMallocManaged(&seen, parties * sizeof(int)));
  CUDA_OK(cudaMalloc(&device, n * sizeof(int)));
  *started = *flag = *result = *counter = 0;
  for (int i = 0; i < parties; ++i)
    seen[i] = 0;
  int host[n];
  for (int i = 0; i < n; ++i)
    host[i] = i * 3;
  cudaStream_t streams[parties];
  for (cudaStream_t &s : streams)
    CUDA_OK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));

  beginCapture(); // what the kernels print, read back below

  phase = "a kernel waiting for another stream's kernel";
  waitForFlag<<<1, 1, 0, streams[0]>>>(started, flag, result, 42);
  CUDA_OK(cudaGetLastError());
  while (load(started) == 0)
    std::this_thread::yield(); // the kernel runs
  CUDA_FAILS(cudaStreamQuery(streams[0]), cudaErrorNotReady);
  // The legacy stream does not wait for a non-blocking stream: a synchronous copy completes.
  int back[n];
  CUDA_OK(cudaMemcpy(device, host, sizeof host, cudaMemcpyHostToDevice));
  CUDA_OK(cudaMemcpy(back, device, sizeof back, cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i)
    CHECK(back[i] == i * 3);
  CUDA_FAILS(cudaStreamQuery(streams[0]), cudaErrorNotReady);
  CHECK(load(result) == 0);
  setFlag<<<1, 1, 0, streams[1]>>>(flag);
  CUDA_OK(cudaGetLastError());
  CUDA_OK(cudaStreamSynchronize(streams[1]));
  CUDA_OK(cudaStreamSynchronize(streams[0]));
  CHECK(*result == 42);

  phase = "eight kernels meeting at a counter";
  for (int i = 0; i < parties; ++i)
    meet<<<1, 1, 0, streams[i]>>>(counter, parties, seen, i);
  CUDA_OK(cudaGetLastError());
  CUDA_OK(cudaDeviceSynchronize());
  CHECK(*counter == parties);
  for (int i = 0; i < parties; ++i)
    CHECK(seen[i] == 1);

  phase = "teardown";
  std::string printed = endCapture();
  size_t released = printed.find("released\n"), waited = printed.find("waited 42\n");
  CHECK(released != std::string::npos);
  CHECK(waited != std::string::npos);
  CHECK(released < waited); // the setter finished (and printed) first
  // Each launch printed from its own buffer: nothing twice.
  CHECK(printed.find("released\n", released + 1) == std::string::npos);
  CHECK(printed.find("waited 42\n", waited + 1) == std::string::npos);

  for (cudaStream_t s : streams)
    CUDA_OK(cudaStreamDestroy(s));
  for (int *p : {started, flag, result, counter, seen, device})
    CUDA_OK(cudaFree(p));
  return pass();
}
