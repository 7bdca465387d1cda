// A graph built node by node: memset -> kernel -> (kernel, host) -> memcpy, an empty join node,
// instantiated and launched twice, inspected, updated with new kernel parameters, cloned.
#include "check.h"
#include <vector>

__global__ void addValue(int *data, int n, int value) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] += value;
}

void CUDART_CB bump(void *p) { ++*static_cast<int *>(p); }

int main() {
  const int n = 256;
  int *d;
  CUDA_OK(cudaMalloc(&d, n * sizeof(int)));
  std::vector<int> h(n);
  int hostRuns = 0;
  cudaGraph_t graph;
  CUDA_OK(cudaGraphCreate(&graph, 0));
  cudaGraphNode_t memset, k1, k2, host, join, copy;
  cudaMemsetParams ms{d, 0, 0, 4, size_t(n), 1};
  CUDA_OK(cudaGraphAddMemsetNode(&memset, graph, nullptr, 0, &ms));
  int nn = n, one = 1, two = 2;
  void *args1[] = {&d, &nn, &one};
  cudaKernelNodeParams kp{reinterpret_cast<void *>(addValue), dim3(n / 64), dim3(64), 0, args1, nullptr};
  CUDA_OK(cudaGraphAddKernelNode(&k1, graph, &memset, 1, &kp));
  void *args2[] = {&d, &nn, &two};
  kp.kernelParams = args2;
  CUDA_OK(cudaGraphAddKernelNode(&k2, graph, &k1, 1, &kp));
  cudaHostNodeParams hp{bump, &hostRuns};
  CUDA_OK(cudaGraphAddHostNode(&host, graph, &k1, 1, &hp));
  cudaGraphNode_t both[] = {k2, host};
  CUDA_OK(cudaGraphAddEmptyNode(&join, graph, both, 2));
  cudaMemcpy3DParms cp{};
  cp.srcPtr = make_cudaPitchedPtr(d, n * sizeof(int), n * sizeof(int), 1);
  cp.dstPtr = make_cudaPitchedPtr(h.data(), n * sizeof(int), n * sizeof(int), 1);
  cp.extent = make_cudaExtent(n * sizeof(int), 1, 1);
  cp.kind = cudaMemcpyDeviceToHost;
  CUDA_OK(cudaGraphAddMemcpyNode(&copy, graph, &join, 1, &cp));
  size_t count = 0;
  CUDA_OK(cudaGraphGetNodes(graph, nullptr, &count));
  CHECK(count == 6);
  cudaGraphNodeType type;
  CUDA_OK(cudaGraphNodeGetType(host, &type));
  CHECK(type == cudaGraphNodeTypeHost);
  size_t roots = 0;
  CUDA_OK(cudaGraphGetRootNodes(graph, nullptr, &roots));
  CHECK(roots == 1);

  cudaGraphExec_t exec;
  CUDA_OK(cudaGraphInstantiate(&exec, graph, 0));
  cudaStream_t s;
  CUDA_OK(cudaStreamCreate(&s));
  for (int run = 0; run < 2; ++run) {
    CUDA_OK(cudaGraphLaunch(exec, s));
    CUDA_OK(cudaStreamSynchronize(s));
    for (int i = 0; i < n; ++i)
      CHECK(h[i] == 3); // the memset restarts each launch
  }
  CHECK(hostRuns == 2);

  // New parameters for the second kernel, then an update of the executable graph from it.
  int ten = 10;
  void *args3[] = {&d, &nn, &ten};
  kp.kernelParams = args3;
  CUDA_OK(cudaGraphKernelNodeSetParams(k2, &kp));
  cudaGraphExecUpdateResultInfo info;
  CUDA_OK(cudaGraphExecUpdate(exec, graph, &info));
  CHECK(info.result == cudaGraphExecUpdateSuccess);
  CUDA_OK(cudaGraphLaunch(exec, s));
  CUDA_OK(cudaStreamSynchronize(s));
  CHECK(h[0] == 11 && h[n - 1] == 11);

  // A disabled kernel node does nothing until enabled again.
  CUDA_OK(cudaGraphNodeSetEnabled(exec, k2, 0));
  unsigned enabled = 1;
  CUDA_OK(cudaGraphNodeGetEnabled(exec, k2, &enabled));
  CHECK(enabled == 0);
  CUDA_OK(cudaGraphLaunch(exec, s));
  CUDA_OK(cudaStreamSynchronize(s));
  CHECK(h[0] == 1);
  CUDA_OK(cudaGraphNodeSetEnabled(exec, k2, 1));

  size_t edges = 0;
  CUDA_OK(cudaGraphGetEdges(graph, nullptr, nullptr, nullptr, &edges));
  CHECK(edges == 6); // memset->k1, k1->k2, k1->host, k2->join, host->join, join->copy
  size_t dependents = 0;
  CUDA_OK(cudaGraphNodeGetDependentNodes(k1, nullptr, nullptr, &dependents));
  CHECK(dependents == 2);

  cudaGraph_t clone;
  CUDA_OK(cudaGraphClone(&clone, graph));
  CUDA_OK(cudaGraphGetNodes(clone, nullptr, &count));
  CHECK(count == 6);
  cudaGraphNode_t hostInClone;
  CUDA_OK(cudaGraphNodeFindInClone(&hostInClone, host, clone));
  CUDA_OK(cudaGraphNodeGetType(hostInClone, &type));
  CHECK(type == cudaGraphNodeTypeHost && hostInClone != host);
  CUDA_OK(cudaGraphRemoveDependencies(clone, &k1, &hostInClone, nullptr, 0) == cudaSuccess ? cudaSuccess
                                                                                           : cudaErrorUnknown);
  cudaGraphNode_t k1InClone;
  CUDA_OK(cudaGraphNodeFindInClone(&k1InClone, k1, clone));
  CUDA_OK(cudaGraphRemoveDependencies(clone, &k1InClone, &hostInClone, nullptr, 1));
  CUDA_OK(cudaGraphGetEdges(clone, nullptr, nullptr, nullptr, &edges));
  CHECK(edges == 5);
  // An update from a graph of another shape fails and says why.
  cudaGraphNode_t extra;
  CUDA_OK(cudaGraphAddEmptyNode(&extra, clone, nullptr, 0));
  CUDA_FAILS(cudaGraphExecUpdate(exec, clone, &info), cudaErrorGraphExecUpdateFailure);
  CHECK(info.result == cudaGraphExecUpdateErrorTopologyChanged);
  CUDA_OK(cudaGetLastError() == cudaErrorGraphExecUpdateFailure ? cudaSuccess : cudaErrorUnknown);

  CUDA_OK(cudaGraphExecDestroy(exec));
  CUDA_OK(cudaGraphDestroy(clone));
  CUDA_OK(cudaGraphDestroy(graph));
  CUDA_OK(cudaStreamDestroy(s));
  CUDA_OK(cudaFree(d));
  return pass();
}
