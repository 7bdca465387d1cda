// CUDA graphs and stream capture (cudaGraph*, cudaStreamBeginCapture/EndCapture).
//
// A graph is a set of nodes (kernel, memcpy, memset, host, empty, event record/wait, child
// graph) with dependencies. An executable graph is its nodes in a dependency order; launching
// it runs them in that order on the given stream. Capture turns the work that stream-ordered
// calls would enqueue on a capturing stream into nodes, each depending on the stream's previous
// ones; an event recorded in capture carries those nodes to the streams that wait on it (CUDA's
// fork and join).
#pragma once

#include <cuda.h>
#include <cuda_runtime_api.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

namespace p2m::cudart {

// One kernel launch with its arguments copied (a node must outlive the caller's argument array).
struct KernelLaunch {
  CUfunction function = nullptr;
  const void *hostStub = nullptr; // what cudaGraphKernelNodeGetParams reports as func
  dim3 grid, block;
  unsigned sharedBytes = 0;
  bool cooperative = false;
  std::vector<uint8_t> argumentBytes;
  std::vector<size_t> argumentOffsets;
  std::vector<void *> argumentPointers; // into argumentBytes: the kernelParams array

  // Copies `args` (one pointer per parameter, as cuLaunchKernel takes them).
  cudaError_t setArguments(void **args);
  void rebindPointers();
};

struct GraphNode {
  cudaGraphNodeType type = cudaGraphNodeTypeEmpty;
  const GraphNode *clonedFrom = nullptr; // the node this one copies (cudaGraphNodeFindInClone)
  bool enabled = true;                   // in an executable graph: cudaGraphNodeSetEnabled
  struct CUgraph_st *graph = nullptr;
  std::vector<GraphNode *> dependencies;
  KernelLaunch kernel;                 // cudaGraphNodeTypeKernel
  cudaMemcpy3DParms copy{};            // cudaGraphNodeTypeMemcpy
  cudaMemsetParams fill{};             // cudaGraphNodeTypeMemset
  cudaHostNodeParams host{};           // cudaGraphNodeTypeHost
  cudaEvent_t event = nullptr;         // cudaGraphNodeTypeEventRecord / WaitEvent
  struct CUgraph_st *child = nullptr;  // cudaGraphNodeTypeGraph (owned: a copy)
};

// Runs one node's work on `stream` (synchronously, as all work runs).
cudaError_t runNode(const GraphNode &node, cudaStream_t stream);

// The registry of live graphs and nodes (Graph.cpp), for the files that work on them.
std::recursive_mutex &graphMutex();
GraphNode *liveNode(cudaGraphNode_t handle); // null for a stale or made-up handle
bool isLiveGraph(cudaGraph_t graph);
bool isLiveExec(cudaGraphExec_t exec);
// The executable graph's copy of `node` (a node of the graph it was instantiated from).
GraphNode *execNode(cudaGraphExec_t exec, cudaGraphNode_t node);
// A 1D copy as a 3D copy's parameters.
cudaMemcpy3DParms linearCopy(void *dst, const void *src, size_t count, cudaMemcpyKind kind);

// One capture, from cudaStreamBeginCapture on its origin stream to cudaStreamEndCapture there;
// the streams that joined it (by waiting on an event recorded in it) take part too.
struct CaptureSession {
  struct CUgraph_st *graph = nullptr;
  cudaStreamCaptureMode mode = cudaStreamCaptureModeGlobal;
  unsigned long long id = 0;
  bool invalidated = false; // an unsupported call was made: EndCapture fails
  CUstream origin = nullptr;
};

// One stream's part in a capture.
struct Capture {
  std::shared_ptr<CaptureSession> session;
  std::vector<GraphNode *> frontier; // the nodes new work on this stream depends on

  cudaError_t addKernel(CUfunction function, dim3 grid, dim3 block, void **args, size_t sharedBytes,
                        bool cooperative);
  cudaError_t addNode(std::unique_ptr<GraphNode> node); // depends on the frontier, becomes it
};

// The capture `stream` takes part in; null when it is not capturing. Thread-safe.
std::shared_ptr<Capture> captureOf(CUstream stream); // shared: another thread may end it
// Whether a call on the legacy default stream (or a potentially unsafe call) is refused
// because a capture in global or thread-local mode is under way; the capture is invalidated,
// as CUDA does (cudaErrorStreamCaptureImplicit / cudaErrorStreamCaptureUnsupported).
cudaError_t checkNoImplicitCapture(CUstream stream, cudaError_t error = cudaErrorStreamCaptureImplicit);
// Synchronizing a capturing stream is illegal; the capture is invalidated.
cudaError_t checkNotCapturing(CUstream stream);

} // namespace p2m::cudart

// The runtime's graph types (opaque in CUDA's headers).
struct CUgraph_st {
  std::vector<std::unique_ptr<p2m::cudart::GraphNode>> nodes;
};

struct CUgraphExec_st {
  unsigned long long flags = 0;                       // as instantiated
  std::vector<const p2m::cudart::GraphNode *> order; // a dependency order of `graph`'s nodes
  std::unique_ptr<CUgraph_st> graph;                  // a copy: later edits of the source do not apply
};
