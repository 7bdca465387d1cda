// Events: recorded on streams, queried without blocking, synchronized, timed in order.
#include "check.h"

__global__ void spin(float *x, int iterations) {
  float v = x[threadIdx.x];
  for (int i = 0; i < iterations; ++i)
    v = v * 0.999f + 0.5f;
  x[threadIdx.x] = v;
}

int main() {
  float *x;
  CUDA_OK(cudaMalloc(&x, 256 * sizeof(float)));
  CUDA_OK(cudaMemset(x, 0, 256 * sizeof(float)));
  cudaStream_t s;
  CUDA_OK(cudaStreamCreateWithPriority(&s, cudaStreamDefault, 0));
  cudaEvent_t e0, e1, e2, never;
  CUDA_OK(cudaEventCreate(&e0));
  CUDA_OK(cudaEventCreate(&e1));
  CUDA_OK(cudaEventCreateWithFlags(&e2, cudaEventBlockingSync));
  CUDA_OK(cudaEventCreate(&never));
  CUDA_OK(cudaEventQuery(never)); // never recorded: complete, as CUDA says
  CUDA_OK(cudaEventRecord(e0, s));
  spin<<<4, 256, 0, s>>>(x, 20000);
  CUDA_OK(cudaEventRecord(e1, s));
  spin<<<4, 256, 0, s>>>(x, 100);
  CUDA_OK(cudaEventRecordWithFlags(e2, s, cudaEventRecordDefault));
  CUDA_OK(cudaEventSynchronize(e2));
  cudaError_t q = cudaEventQuery(e1);
  CHECK(q == cudaSuccess);
  float first = -1, second = -1, total = -1;
  CUDA_OK(cudaEventElapsedTime(&first, e0, e1));
  CUDA_OK(cudaEventElapsedTime(&second, e1, e2));
  CUDA_OK(cudaEventElapsedTime(&total, e0, e2));
  CHECK(first > 0 && second >= 0 && total >= first);
  CUDA_FAILS(cudaEventElapsedTime(&first, e0, never), cudaErrorInvalidResourceHandle);
  cudaGetLastError();
  int priority = 99;
  CUDA_OK(cudaStreamGetPriority(s, &priority));
  CHECK(priority == 0);
  unsigned flags = 99;
  CUDA_OK(cudaStreamGetFlags(s, &flags));
  CHECK(flags == cudaStreamDefault);
  CUDA_OK(cudaStreamQuery(s));
  for (cudaEvent_t e : {e0, e1, e2, never})
    CUDA_OK(cudaEventDestroy(e));
  CUDA_OK(cudaStreamDestroy(s));
  CUDA_OK(cudaFree(x));
  return pass();
}
