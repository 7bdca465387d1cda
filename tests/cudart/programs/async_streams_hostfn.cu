// Copies and kernels on several streams, ordered by events across streams, with host functions
// that must run after the work before them on their stream and before the work after them.
#include "check.h"
#include <atomic>
#include <vector>

__global__ void scale(int *data, int n, int factor) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] *= factor;
}

struct HostCheck {
  const int *data; // pinned memory the stream copied back before this host function
  int expected;
  std::atomic<int> *ok;
};

void CUDART_CB verify(void *p) {
  auto *h = static_cast<HostCheck *>(p);
  if (h->data[0] == h->expected && h->data[1023] == h->expected * 1024)
    h->ok->fetch_add(1);
}

int main() {
  const int n = 1024, streams = 3;
  int *host;
  CUDA_OK(cudaMallocHost(&host, streams * n * sizeof(int)));
  int *dev;
  CUDA_OK(cudaMalloc(&dev, streams * n * sizeof(int)));
  cudaStream_t s[streams];
  cudaEvent_t done[streams];
  for (int i = 0; i < streams; ++i) {
    CUDA_OK(cudaStreamCreateWithFlags(&s[i], cudaStreamNonBlocking));
    CUDA_OK(cudaEventCreateWithFlags(&done[i], cudaEventDisableTiming));
  }
  std::atomic<int> ok{0};
  HostCheck checks[streams];
  for (int i = 0; i < streams; ++i) {
    int *h = host + i * n, *d = dev + i * n;
    for (int k = 0; k < n; ++k)
      h[k] = k + 1;
    CUDA_OK(cudaMemcpyAsync(d, h, n * sizeof(int), cudaMemcpyHostToDevice, s[i]));
    scale<<<n / 256, 256, 0, s[i]>>>(d, n, i + 2);
    CUDA_OK(cudaGetLastError());
    CUDA_OK(cudaEventRecord(done[i], s[i]));
  }
  // Stream 0 waits for the others, then scales their results again and copies everything back.
  for (int i = 1; i < streams; ++i) {
    CUDA_OK(cudaStreamWaitEvent(s[0], done[i], 0));
    scale<<<n / 256, 256, 0, s[0]>>>(dev + i * n, n, 10);
  }
  CUDA_OK(cudaMemcpyAsync(host, dev, streams * n * sizeof(int), cudaMemcpyDeviceToHost, s[0]));
  for (int i = 0; i < streams; ++i) {
    checks[i] = {host + i * n, (i + 2) * (i ? 10 : 1), &ok};
    CUDA_OK(cudaLaunchHostFunc(s[0], verify, &checks[i]));
  }
  CUDA_OK(cudaStreamSynchronize(s[0]));
  CHECK(ok.load() == streams);
  for (int i = 0; i < streams; ++i) {
    CUDA_OK(cudaEventQuery(done[i]));
    CUDA_OK(cudaStreamQuery(s[i]));
    CUDA_OK(cudaStreamDestroy(s[i]));
    CUDA_OK(cudaEventDestroy(done[i]));
  }
  CUDA_OK(cudaFreeHost(host));
  CUDA_OK(cudaFree(dev));
  return pass();
}
