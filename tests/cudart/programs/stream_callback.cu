// cudaStreamAddCallback runs after the work before it with that work's status, and child
// graphs: a captured graph launched inside another capture becomes one node.
#include "check.h"

__global__ void add(int *p, int v) { atomicAdd(p, v); }

struct Seen {
  int value = -1;
  cudaError_t status = cudaErrorUnknown;
  const int *host;
};

void CUDART_CB callback(cudaStream_t, cudaError_t status, void *data) {
  auto *seen = static_cast<Seen *>(data);
  seen->status = status;
  seen->value = *seen->host;
}

int main() {
  int *d, *h;
  CUDA_OK(cudaMalloc(&d, sizeof(int)));
  CUDA_OK(cudaMallocHost(&h, sizeof(int)));
  CUDA_OK(cudaMemset(d, 0, sizeof(int)));
  cudaStream_t s;
  CUDA_OK(cudaStreamCreate(&s));
  add<<<1, 8, 0, s>>>(d, 2);
  CUDA_OK(cudaMemcpyAsync(h, d, sizeof(int), cudaMemcpyDeviceToHost, s));
  Seen seen;
  seen.host = h;
  CUDA_OK(cudaStreamAddCallback(s, callback, &seen, 0));
  CUDA_OK(cudaStreamSynchronize(s));
  CHECK(seen.status == cudaSuccess && seen.value == 16);

  // Capture a graph, then launch its executable inside a second capture.
  cudaGraph_t inner, outer;
  CUDA_OK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  add<<<1, 1, 0, s>>>(d, 100);
  CUDA_OK(cudaStreamEndCapture(s, &inner));
  cudaGraphExec_t innerExec, outerExec;
  CUDA_OK(cudaGraphInstantiate(&innerExec, inner, 0));
  CUDA_OK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  CUDA_OK(cudaGraphLaunch(innerExec, s));
  CUDA_OK(cudaGraphLaunch(innerExec, s));
  add<<<1, 1, 0, s>>>(d, 1);
  CUDA_OK(cudaStreamEndCapture(s, &outer));
  size_t count = 0;
  CUDA_OK(cudaGraphGetNodes(outer, nullptr, &count));
  CHECK(count == 3);
  cudaGraphNode_t nodes[3];
  CUDA_OK(cudaGraphGetNodes(outer, nodes, &count));
  cudaGraphNodeType type;
  CUDA_OK(cudaGraphNodeGetType(nodes[0], &type));
  CHECK(type == cudaGraphNodeTypeGraph);
  CUDA_OK(cudaGraphInstantiate(&outerExec, outer, 0));
  CUDA_OK(cudaGraphLaunch(outerExec, s));
  CUDA_OK(cudaMemcpyAsync(h, d, sizeof(int), cudaMemcpyDeviceToHost, s));
  CUDA_OK(cudaStreamSynchronize(s));
  CHECK(*h == 16 + 201);
  CUDA_OK(cudaGraphExecDestroy(innerExec));
  CUDA_OK(cudaGraphExecDestroy(outerExec));
  CUDA_OK(cudaGraphDestroy(inner));
  CUDA_OK(cudaGraphDestroy(outer));
  CUDA_OK(cudaStreamDestroy(s));
  CUDA_OK(cudaFreeHost(h));
  CUDA_OK(cudaFree(d));
  return pass();
}
