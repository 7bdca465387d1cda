// What stream capture refuses: a launch on the legacy stream beside a global-mode capture,
// synchronizing a capturing stream, cudaMalloc in global mode, ending a capture on another
// stream; relaxed mode allows cudaMalloc. Each refusal invalidates the capture as CUDA does.
#include "check.h"

__global__ void noop(int *p) { p[0] = 1; }

int main() {
  int *d;
  CUDA_OK(cudaMalloc(&d, 4));
  cudaStream_t s, other;
  CUDA_OK(cudaStreamCreate(&s));
  CUDA_OK(cudaStreamCreate(&other));
  cudaGraph_t g;

  CUDA_OK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  noop<<<1, 1>>>(d); // legacy stream
  CHECK(cudaGetLastError() == cudaErrorStreamCaptureImplicit);
  CUDA_FAILS(cudaStreamEndCapture(s, &g), cudaErrorStreamCaptureInvalidated);
  cudaGetLastError();

  CUDA_OK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  CUDA_FAILS(cudaStreamSynchronize(s), cudaErrorStreamCaptureUnsupported);
  CUDA_FAILS(cudaStreamEndCapture(s, &g), cudaErrorStreamCaptureInvalidated);
  cudaGetLastError();

  CUDA_OK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  void *p = nullptr;
  CUDA_FAILS(cudaMalloc(&p, 16), cudaErrorStreamCaptureUnsupported);
  CUDA_FAILS(cudaStreamEndCapture(s, &g), cudaErrorStreamCaptureInvalidated);
  cudaGetLastError();

  CUDA_OK(cudaStreamBeginCapture(s, cudaStreamCaptureModeRelaxed));
  CUDA_OK(cudaMalloc(&p, 16));
  noop<<<1, 1, 0, s>>>(d);
  CUDA_FAILS(cudaStreamEndCapture(other, &g), cudaErrorIllegalState); // not capturing
  cudaGetLastError();
  CUDA_OK(cudaStreamEndCapture(s, &g));
  size_t nodes = 0;
  CUDA_OK(cudaGraphGetNodes(g, nullptr, &nodes));
  CHECK(nodes == 1);
  CUDA_FAILS(cudaStreamBeginCapture(0, cudaStreamCaptureModeGlobal), cudaErrorStreamCaptureUnsupported);
  cudaGetLastError();
  CUDA_OK(cudaGraphDestroy(g));
  CUDA_OK(cudaFree(p));
  CUDA_OK(cudaStreamDestroy(s));
  CUDA_OK(cudaStreamDestroy(other));
  CUDA_OK(cudaFree(d));
  return pass();
}
