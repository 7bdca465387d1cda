// Stream capture with a fork and a join: stream a records an event, stream b waits on it and
// works beside a, a waits on b's event; the captured graph runs three times.
#include "check.h"

__global__ void addValue(int *data, int n, int value) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] += value;
}

int main() {
  const int n = 512;
  int *x, *y, host[2 * n];
  CUDA_OK(cudaMalloc(&x, n * sizeof(int)));
  CUDA_OK(cudaMalloc(&y, n * sizeof(int)));
  cudaStream_t a, b;
  CUDA_OK(cudaStreamCreate(&a));
  CUDA_OK(cudaStreamCreate(&b));
  cudaEvent_t fork, join;
  CUDA_OK(cudaEventCreate(&fork));
  CUDA_OK(cudaEventCreate(&join));

  cudaStreamCaptureStatus status;
  CUDA_OK(cudaStreamIsCapturing(a, &status));
  CHECK(status == cudaStreamCaptureStatusNone);
  CUDA_OK(cudaStreamBeginCapture(a, cudaStreamCaptureModeGlobal));
  CUDA_OK(cudaStreamIsCapturing(a, &status));
  CHECK(status == cudaStreamCaptureStatusActive);
  CUDA_OK(cudaMemsetAsync(x, 0, n * sizeof(int), a));
  CUDA_OK(cudaMemsetAsync(y, 0, n * sizeof(int), a));
  CUDA_OK(cudaEventRecord(fork, a));
  CUDA_OK(cudaStreamWaitEvent(b, fork, 0));
  CUDA_OK(cudaStreamIsCapturing(b, &status));
  CHECK(status == cudaStreamCaptureStatusActive); // b joined a's capture
  addValue<<<n / 128, 128, 0, a>>>(x, n, 3);
  addValue<<<n / 128, 128, 0, b>>>(y, n, 4);
  CUDA_OK(cudaEventRecord(join, b));
  CUDA_OK(cudaStreamWaitEvent(a, join, 0));
  CUDA_OK(cudaMemcpyAsync(host, x, n * sizeof(int), cudaMemcpyDeviceToHost, a));
  CUDA_OK(cudaMemcpyAsync(host + n, y, n * sizeof(int), cudaMemcpyDeviceToHost, a));
  // Nothing ran yet: capture records the work.
  // A synchronous copy on the legacy stream would wait on captured work: refused.
  int probe = 0;
  CUDA_FAILS(cudaMemcpy(&probe, x, sizeof probe, cudaMemcpyDeviceToHost), cudaErrorStreamCaptureImplicit);
  cudaGraph_t graph;
  CUDA_FAILS(cudaStreamEndCapture(a, &graph), cudaErrorStreamCaptureInvalidated);

  // Again, without the misuse.
  CUDA_OK(cudaStreamBeginCapture(a, cudaStreamCaptureModeGlobal));
  CUDA_OK(cudaMemsetAsync(x, 0, n * sizeof(int), a));
  CUDA_OK(cudaMemsetAsync(y, 0, n * sizeof(int), a));
  CUDA_OK(cudaEventRecord(fork, a));
  CUDA_OK(cudaStreamWaitEvent(b, fork, 0));
  addValue<<<n / 128, 128, 0, a>>>(x, n, 3);
  addValue<<<n / 128, 128, 0, b>>>(y, n, 4);
  CUDA_OK(cudaEventRecord(join, b));
  CUDA_OK(cudaStreamWaitEvent(a, join, 0));
  CUDA_OK(cudaMemcpyAsync(host, x, n * sizeof(int), cudaMemcpyDeviceToHost, a));
  CUDA_OK(cudaMemcpyAsync(host + n, y, n * sizeof(int), cudaMemcpyDeviceToHost, a));
  CUDA_OK(cudaStreamEndCapture(a, &graph));
  CUDA_OK(cudaStreamIsCapturing(b, &status));
  CHECK(status == cudaStreamCaptureStatusNone);
  size_t count = 0;
  CUDA_OK(cudaGraphGetNodes(graph, nullptr, &count));
  CHECK(count == 6);
  cudaGraphExec_t exec;
  CUDA_OK(cudaGraphInstantiate(&exec, graph, 0));
  for (int run = 0; run < 3; ++run) {
    for (int &v : host)
      v = -1;
    CUDA_OK(cudaGraphLaunch(exec, a));
    CUDA_OK(cudaStreamSynchronize(a));
    for (int i = 0; i < n; ++i)
      CHECK(host[i] == 3 && host[n + i] == 4);
  }
  CUDA_OK(cudaGraphExecDestroy(exec));
  CUDA_OK(cudaGraphDestroy(graph));
  CUDA_OK(cudaStreamDestroy(a));
  CUDA_OK(cudaStreamDestroy(b));
  CUDA_OK(cudaEventDestroy(fork));
  CUDA_OK(cudaEventDestroy(join));
  CUDA_OK(cudaFree(x));
  CUDA_OK(cudaFree(y));
  return pass();
}
