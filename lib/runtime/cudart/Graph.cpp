// Graphs: explicit construction, stream capture, instantiation, launch, update, clone.
#include "Graph.h"
#include "Memory.h"
#include "Runtime.h"

#include "runtime/core/EnumBits.h"
#include "runtime/core/Log.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <map>
#include <mutex>
#include <set>

using namespace p2m::cudart;

namespace {

// Every live graph, node and executable graph, so that a stale handle is an error, never a
// crash; the captures in progress by stream; what events recorded in capture carry.
struct GraphRegistry {
  std::recursive_mutex mutex;
  std::set<CUgraph_st *> graphs;
  std::set<GraphNode *> nodes;
  std::set<CUgraphExec_st *> execs;
  std::map<CUstream, std::shared_ptr<Capture>> captures;
  std::map<cudaEvent_t, std::pair<std::shared_ptr<CaptureSession>, std::vector<GraphNode *>>> capturedEvents;
  std::atomic<unsigned long long> nextCaptureId{1};
};

GraphRegistry &registry() {
  static GraphRegistry *r = new GraphRegistry;
  return *r;
}

GraphNode *node(cudaGraphNode_t handle) {
  auto *n = reinterpret_cast<GraphNode *>(handle);
  return registry().nodes.count(n) ? n : nullptr;
}

cudaGraphNode_t handle(GraphNode *n) { return reinterpret_cast<cudaGraphNode_t>(n); }

bool isGraph(cudaGraph_t g) { return registry().graphs.count(g) != 0; }

CUgraph_st *newGraph() {
  auto *g = new CUgraph_st;
  registry().graphs.insert(g);
  return g;
}

void deleteGraph(CUgraph_st *g) {
  for (auto &n : g->nodes) {
    registry().nodes.erase(n.get());
    if (n->child)
      deleteGraph(n->child);
  }
  registry().graphs.erase(g);
  delete g;
}

// Adds `n` to `graph` after checking its dependencies belong to the graph.
cudaError_t addNode(cudaGraphNode_t *out, cudaGraph_t graph, const cudaGraphNode_t *deps, size_t count,
                    std::unique_ptr<GraphNode> n) {
  if (!out || !isGraph(graph) || (count && !deps))
    return cudaErrorInvalidValue;
  for (size_t i = 0; i < count; ++i) {
    GraphNode *d = node(deps[i]);
    if (!d || d->graph != graph)
      return cudaErrorInvalidValue;
    if (std::find(n->dependencies.begin(), n->dependencies.end(), d) == n->dependencies.end())
      n->dependencies.push_back(d);
  }
  n->graph = graph;
  registry().nodes.insert(n.get());
  *out = handle(n.get());
  graph->nodes.push_back(std::move(n));
  return cudaSuccess;
}

// A copy of `source`'s nodes and edges; `map` receives old node -> new node.
CUgraph_st *cloneGraph(const CUgraph_st &source, std::map<const GraphNode *, GraphNode *> *map = nullptr) {
  std::map<const GraphNode *, GraphNode *> local;
  std::map<const GraphNode *, GraphNode *> &m = map ? *map : local;
  CUgraph_st *g = newGraph();
  for (const auto &n : source.nodes) {
    auto copy = std::make_unique<GraphNode>(*n);
    copy->graph = g;
    copy->clonedFrom = n.get();
    copy->kernel.rebindPointers();
    if (n->child)
      copy->child = cloneGraph(*n->child);
    m[n.get()] = copy.get();
    registry().nodes.insert(copy.get());
    g->nodes.push_back(std::move(copy));
  }
  for (auto &n : g->nodes)
    for (GraphNode *&d : n->dependencies)
      d = m.at(d);
  return g;
}

// A dependency order of the graph's nodes (Kahn's algorithm, stable in insertion order);
// false when the edges form a cycle.
bool topologicalOrder(const CUgraph_st &g, std::vector<const GraphNode *> *order) {
  std::map<const GraphNode *, size_t> pending;
  std::map<const GraphNode *, std::vector<const GraphNode *>> dependents;
  for (const auto &n : g.nodes) {
    pending[n.get()] = n->dependencies.size();
    for (const GraphNode *d : n->dependencies)
      dependents[d].push_back(n.get());
  }
  std::vector<const GraphNode *> ready;
  for (const auto &n : g.nodes)
    if (n->dependencies.empty())
      ready.push_back(n.get());
  order->clear();
  for (size_t i = 0; i < ready.size(); ++i) {
    order->push_back(ready[i]);
    for (const GraphNode *d : dependents[ready[i]])
      if (--pending[d] == 0)
        ready.push_back(d);
  }
  return order->size() == g.nodes.size();
}

cudaError_t runGraph(const CUgraph_st &g, cudaStream_t stream) {
  std::vector<const GraphNode *> order;
  if (!topologicalOrder(g, &order))
    return cudaErrorInvalidValue;
  for (const GraphNode *n : order)
    if (cudaError_t e = runNode(*n, stream))
      return e;
  return cudaSuccess;
}

std::shared_ptr<Capture> findCapture(CUstream stream) {
  GraphRegistry &r = registry();
  std::lock_guard lock(r.mutex);
  auto it = r.captures.find(stream);
  return it == r.captures.end() ? nullptr : it->second;
}

} // namespace

namespace p2m::cudart {

cudaError_t KernelLaunch::setArguments(void **args) {
  argumentBytes.clear();
  argumentOffsets.clear();
  for (size_t i = 0;; ++i) {
    size_t offset = 0, size = 0;
    CUresult r = cuFuncGetParamInfo(function, i, &offset, &size);
    if (r == CUDA_ERROR_INVALID_VALUE)
      break; // past the last parameter
    if (r != CUDA_SUCCESS)
      return toRuntimeError(r);
    if (!args || !args[i])
      return cudaErrorInvalidValue;
    size_t at = argumentBytes.size();
    argumentBytes.resize(at + size);
    std::memcpy(argumentBytes.data() + at, args[i], size);
    argumentOffsets.push_back(at);
  }
  rebindPointers();
  return cudaSuccess;
}

void KernelLaunch::rebindPointers() {
  argumentPointers.clear();
  for (size_t offset : argumentOffsets)
    argumentPointers.push_back(argumentBytes.data() + offset);
}

std::recursive_mutex &graphMutex() { return registry().mutex; }
GraphNode *liveNode(cudaGraphNode_t handle) { return node(handle); }
bool isLiveGraph(cudaGraph_t graph) { return isGraph(graph); }
bool isLiveExec(cudaGraphExec_t exec) { return registry().execs.count(exec) != 0; }

GraphNode *execNode(cudaGraphExec_t exec, cudaGraphNode_t handle) {
  GraphNode *source = node(handle);
  if (!isLiveExec(exec) || !source)
    return nullptr;
  for (auto &n : exec->graph->nodes)
    if (n->clonedFrom == source)
      return n.get();
  return nullptr;
}

cudaMemcpy3DParms linearCopy(void *dst, const void *src, size_t count, cudaMemcpyKind kind) {
  cudaMemcpy3DParms p{};
  p.srcPtr = pitchedPointer(const_cast<void *>(src), count, count, 1);
  p.dstPtr = pitchedPointer(dst, count, count, 1);
  p.extent = extentOf(count, 1, 1);
  p.kind = kind;
  return p;
}

cudaError_t runNode(const GraphNode &n, cudaStream_t stream) {
  if (!n.enabled)
    return cudaSuccess; // a disabled node is an empty one until enabled again
  CUstream s = driverStream(stream);
  switch (n.type) {
  case cudaGraphNodeTypeKernel: {
    const KernelLaunch &k = n.kernel;
    void **args = const_cast<void **>(k.argumentPointers.data());
    if (k.cooperative)
      return toRuntimeError(cuLaunchCooperativeKernel(k.function, k.grid.x, k.grid.y, k.grid.z, k.block.x, k.block.y,
                                                      k.block.z, k.sharedBytes, s, args));
    return toRuntimeError(cuLaunchKernel(k.function, k.grid.x, k.grid.y, k.grid.z, k.block.x, k.block.y, k.block.z,
                                         k.sharedBytes, s, args, nullptr));
  }
  case cudaGraphNodeTypeMemcpy: return copy3D(n.copy, s);
  case cudaGraphNodeTypeMemset: {
    const cudaMemsetParams &m = n.fill;
    if (m.elementSize == 1)
      return fill2D(m.dst, m.pitch, int(m.value), m.width, m.height, s);
    CUdeviceptr d = CUdeviceptr(m.dst);
    if (m.elementSize == 2)
      return toRuntimeError(cuMemsetD2D16Async(d, m.pitch, uint16_t(m.value), m.width, m.height, s));
    if (m.elementSize == 4)
      return toRuntimeError(cuMemsetD2D32Async(d, m.pitch, m.value, m.width, m.height, s));
    return cudaErrorInvalidValue;
  }
  case cudaGraphNodeTypeHost: return toRuntimeError(cuLaunchHostFunc(s, n.host.fn, n.host.userData));
  case cudaGraphNodeTypeEmpty: return cudaSuccess;
  case cudaGraphNodeTypeEventRecord: return toRuntimeError(cuEventRecord(reinterpret_cast<CUevent>(n.event), s));
  case cudaGraphNodeTypeWaitEvent: return toRuntimeError(cuStreamWaitEvent(s, reinterpret_cast<CUevent>(n.event), 0));
  case cudaGraphNodeTypeGraph: return runGraph(*n.child, stream);
  default: return cudaErrorNotSupported;
  }
}

cudaError_t Capture::addNode(std::unique_ptr<GraphNode> n) {
  std::lock_guard lock(registry().mutex);
  if (session->invalidated)
    return cudaErrorStreamCaptureInvalidated;
  n->dependencies = frontier;
  n->graph = session->graph;
  frontier = {n.get()};
  registry().nodes.insert(n.get());
  session->graph->nodes.push_back(std::move(n));
  return cudaSuccess;
}

cudaError_t Capture::addKernel(CUfunction function, dim3 grid, dim3 block, void **args, size_t sharedBytes,
                               bool cooperative) {
  auto n = std::make_unique<GraphNode>();
  n->type = cudaGraphNodeTypeKernel;
  n->kernel.function = function;
  n->kernel.grid = grid;
  n->kernel.block = block;
  n->kernel.sharedBytes = unsigned(sharedBytes);
  n->kernel.cooperative = cooperative;
  if (cudaError_t e = n->kernel.setArguments(args))
    return e;
  return addNode(std::move(n));
}

std::shared_ptr<Capture> captureOf(CUstream stream) {
  if (stream == CU_STREAM_LEGACY)
    stream = nullptr;
  return findCapture(stream);
}

cudaError_t checkNoImplicitCapture(CUstream stream, cudaError_t error) {
  bool legacy = stream == nullptr || stream == CU_STREAM_LEGACY;
  unsigned flags = 0;
  if (!legacy && (cuStreamGetFlags(stream, &flags) != CUDA_SUCCESS || (flags & CU_STREAM_NON_BLOCKING)))
    return cudaSuccess; // a non-blocking stream does not synchronize with capturing ones
  GraphRegistry &r = registry();
  std::lock_guard lock(r.mutex);
  bool refused = false;
  for (auto &[s, capture] : r.captures) {
    if (capture->session->mode == cudaStreamCaptureModeRelaxed)
      continue;
    // The legacy stream would wait on the capturing stream's work, which does not run.
    capture->session->invalidated = true;
    refused = true;
  }
  return refused ? error : cudaSuccess;
}

cudaError_t checkNotCapturing(CUstream stream) {
  std::shared_ptr<Capture> capture = findCapture(stream == CU_STREAM_LEGACY ? nullptr : stream);
  if (!capture)
    return cudaSuccess;
  std::lock_guard lock(registry().mutex);
  capture->session->invalidated = true;
  return cudaErrorStreamCaptureUnsupported;
}

void recordEventInCapture(cudaEvent_t event, CUstream stream) {
  GraphRegistry &r = registry();
  std::lock_guard lock(r.mutex);
  std::shared_ptr<Capture> capture = r.captures.at(stream);
  r.capturedEvents[event] = {capture->session, capture->frontier};
}

// A stream waiting on an event recorded in capture joins that capture (CUDA's fork); a
// capturing stream waiting on it adds the event's nodes to its dependencies (the join).
cudaError_t waitEventInCapture(CUstream stream, cudaEvent_t event, bool *handled) {
  GraphRegistry &r = registry();
  std::lock_guard lock(r.mutex);
  *handled = false;
  auto recorded = r.capturedEvents.find(event);
  std::shared_ptr<Capture> current = findCapture(stream);
  if (recorded == r.capturedEvents.end()) {
    // An event recorded outside capture: no node of the graph waits for it.
    *handled = current != nullptr;
    return cudaSuccess;
  }
  *handled = true;
  auto &[session, nodes] = recorded->second;
  if (!current) {
    if (stream == nullptr || stream == CU_STREAM_LEGACY)
      return cudaErrorStreamCaptureImplicit;
    auto joined = std::make_shared<Capture>();
    joined->session = session;
    joined->frontier = nodes;
    r.captures[stream] = joined;
    return cudaSuccess;
  }
  if (current->session != session)
    return cudaErrorStreamCaptureIsolation;
  for (GraphNode *n : nodes)
    if (std::find(current->frontier.begin(), current->frontier.end(), n) == current->frontier.end())
      current->frontier.push_back(n);
  return cudaSuccess;
}

void forgetEvent(cudaEvent_t event) {
  std::lock_guard lock(registry().mutex);
  registry().capturedEvents.erase(event);
}

} // namespace p2m::cudart

extern "C" {

cudaError_t CUDARTAPI cudaGraphCreate(cudaGraph_t *pGraph, unsigned int flags) {
  if (!pGraph || flags != 0)
    return record(cudaErrorInvalidValue);
  std::lock_guard lock(registry().mutex);
  *pGraph = newGraph();
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaGraphDestroy(cudaGraph_t graph) {
  std::lock_guard lock(registry().mutex);
  if (!isGraph(graph))
    return record(cudaErrorInvalidValue);
  deleteGraph(graph);
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaGraphClone(cudaGraph_t *pGraphClone, cudaGraph_t originalGraph) {
  std::lock_guard lock(registry().mutex);
  if (!pGraphClone || !isGraph(originalGraph))
    return record(cudaErrorInvalidValue);
  *pGraphClone = cloneGraph(*originalGraph);
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaGraphAddKernelNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                             const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                             const struct cudaKernelNodeParams *p) {
  P2M_CUDART_ENTER();
  if (!p)
    return record(cudaErrorInvalidValue);
  auto n = std::make_unique<GraphNode>();
  n->type = cudaGraphNodeTypeKernel;
  if (cudaError_t e = Runtime::get().function(p->func, &n->kernel.function))
    return record(e);
  if (p->extra) {
    p2m::runtime::logMessage("cudaGraphAddKernelNode: `extra` parameter buffers are not supported; use kernelParams");
    return record(cudaErrorNotSupported);
  }
  n->kernel.hostStub = p->func;
  n->kernel.grid = p->gridDim;
  n->kernel.block = p->blockDim;
  n->kernel.sharedBytes = p->sharedMemBytes;
  if (cudaError_t e = n->kernel.setArguments(p->kernelParams))
    return record(e);
  std::lock_guard lock(registry().mutex);
  return record(addNode(pGraphNode, graph, pDependencies, numDependencies, std::move(n)));
}

cudaError_t CUDARTAPI cudaGraphKernelNodeGetParams(cudaGraphNode_t h, struct cudaKernelNodeParams *p) {
  std::lock_guard lock(registry().mutex);
  GraphNode *n = node(h);
  if (!n || !p || n->type != cudaGraphNodeTypeKernel)
    return record(cudaErrorInvalidValue);
  p->func = const_cast<void *>(n->kernel.hostStub);
  p->gridDim = n->kernel.grid;
  p->blockDim = n->kernel.block;
  p->sharedMemBytes = n->kernel.sharedBytes;
  p->kernelParams = n->kernel.argumentPointers.data();
  p->extra = nullptr;
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaGraphKernelNodeSetParams(cudaGraphNode_t h, const struct cudaKernelNodeParams *p) {
  P2M_CUDART_ENTER();
  std::lock_guard lock(registry().mutex);
  GraphNode *n = node(h);
  if (!n || !p || n->type != cudaGraphNodeTypeKernel || p->extra)
    return record(cudaErrorInvalidValue);
  KernelLaunch k;
  if (cudaError_t e = Runtime::get().function(p->func, &k.function))
    return record(e);
  k.hostStub = p->func;
  k.grid = p->gridDim;
  k.block = p->blockDim;
  k.sharedBytes = p->sharedMemBytes;
  if (cudaError_t e = k.setArguments(p->kernelParams))
    return record(e);
  n->kernel = std::move(k);
  n->kernel.rebindPointers();
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaGraphAddMemcpyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                             const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                             const struct cudaMemcpy3DParms *pCopyParams) {
  if (!pCopyParams)
    return record(cudaErrorInvalidValue);
  auto n = std::make_unique<GraphNode>();
  n->type = cudaGraphNodeTypeMemcpy;
  n->copy = *pCopyParams;
  std::lock_guard lock(registry().mutex);
  return record(addNode(pGraphNode, graph, pDependencies, numDependencies, std::move(n)));
}

cudaError_t CUDARTAPI cudaGraphAddMemcpyNode1D(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                               const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                               void *dst, const void *src, size_t count, enum cudaMemcpyKind kind) {
  cudaMemcpy3DParms p = linearCopy(dst, src, count, kind);
  return cudaGraphAddMemcpyNode(pGraphNode, graph, pDependencies, numDependencies, &p);
}

cudaError_t CUDARTAPI cudaGraphMemcpyNodeGetParams(cudaGraphNode_t h, struct cudaMemcpy3DParms *p) {
  std::lock_guard lock(registry().mutex);
  GraphNode *n = node(h);
  if (!n || !p || n->type != cudaGraphNodeTypeMemcpy)
    return record(cudaErrorInvalidValue);
  *p = n->copy;
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaGraphMemcpyNodeSetParams(cudaGraphNode_t h, const struct cudaMemcpy3DParms *p) {
  std::lock_guard lock(registry().mutex);
  GraphNode *n = node(h);
  if (!n || !p || n->type != cudaGraphNodeTypeMemcpy)
    return record(cudaErrorInvalidValue);
  n->copy = *p;
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaGraphAddMemsetNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                             const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                             const struct cudaMemsetParams *p) {
  if (!p || (p->elementSize != 1 && p->elementSize != 2 && p->elementSize != 4))
    return record(cudaErrorInvalidValue);
  auto n = std::make_unique<GraphNode>();
  n->type = cudaGraphNodeTypeMemset;
  n->fill = *p;
  std::lock_guard lock(registry().mutex);
  return record(addNode(pGraphNode, graph, pDependencies, numDependencies, std::move(n)));
}

cudaError_t CUDARTAPI cudaGraphMemsetNodeGetParams(cudaGraphNode_t h, struct cudaMemsetParams *p) {
  std::lock_guard lock(registry().mutex);
  GraphNode *n = node(h);
  if (!n || !p || n->type != cudaGraphNodeTypeMemset)
    return record(cudaErrorInvalidValue);
  *p = n->fill;
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaGraphAddHostNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                           const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                           const struct cudaHostNodeParams *p) {
  if (!p || !p->fn)
    return record(cudaErrorInvalidValue);
  auto n = std::make_unique<GraphNode>();
  n->type = cudaGraphNodeTypeHost;
  n->host = *p;
  std::lock_guard lock(registry().mutex);
  return record(addNode(pGraphNode, graph, pDependencies, numDependencies, std::move(n)));
}

cudaError_t CUDARTAPI cudaGraphHostNodeGetParams(cudaGraphNode_t h, struct cudaHostNodeParams *p) {
  std::lock_guard lock(registry().mutex);
  GraphNode *n = node(h);
  if (!n || !p || n->type != cudaGraphNodeTypeHost)
    return record(cudaErrorInvalidValue);
  *p = n->host;
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaGraphAddEmptyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                            const cudaGraphNode_t *pDependencies, size_t numDependencies) {
  std::lock_guard lock(registry().mutex);
  return record(addNode(pGraphNode, graph, pDependencies, numDependencies, std::make_unique<GraphNode>()));
}

cudaError_t CUDARTAPI cudaGraphAddEventRecordNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                                  const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                                  cudaEvent_t event) {
  auto n = std::make_unique<GraphNode>();
  n->type = cudaGraphNodeTypeEventRecord;
  n->event = event;
  std::lock_guard lock(registry().mutex);
  return record(addNode(pGraphNode, graph, pDependencies, numDependencies, std::move(n)));
}

cudaError_t CUDARTAPI cudaGraphAddEventWaitNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                                const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                                cudaEvent_t event) {
  auto n = std::make_unique<GraphNode>();
  n->type = cudaGraphNodeTypeWaitEvent;
  n->event = event;
  std::lock_guard lock(registry().mutex);
  return record(addNode(pGraphNode, graph, pDependencies, numDependencies, std::move(n)));
}

cudaError_t CUDARTAPI cudaGraphAddChildGraphNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                                 const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                                 cudaGraph_t childGraph) {
  std::lock_guard lock(registry().mutex);
  if (!isGraph(childGraph) || childGraph == graph)
    return record(cudaErrorInvalidValue);
  auto n = std::make_unique<GraphNode>();
  n->type = cudaGraphNodeTypeGraph;
  n->child = cloneGraph(*childGraph);
  return record(addNode(pGraphNode, graph, pDependencies, numDependencies, std::move(n)));
}

cudaError_t CUDARTAPI cudaGraphNodeGetType(cudaGraphNode_t h, enum cudaGraphNodeType *pType) {
  std::lock_guard lock(registry().mutex);
  GraphNode *n = node(h);
  if (!n || !pType)
    return record(cudaErrorInvalidValue);
  *pType = n->type;
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaGraphGetNodes(cudaGraph_t graph, cudaGraphNode_t *nodes, size_t *numNodes) {
  std::lock_guard lock(registry().mutex);
  if (!isGraph(graph) || !numNodes)
    return record(cudaErrorInvalidValue);
  if (nodes)
    for (size_t i = 0; i < std::min(*numNodes, graph->nodes.size()); ++i)
      nodes[i] = handle(graph->nodes[i].get());
  *numNodes = graph->nodes.size();
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaGraphGetRootNodes(cudaGraph_t graph, cudaGraphNode_t *pRootNodes, size_t *pNumRootNodes) {
  std::lock_guard lock(registry().mutex);
  if (!isGraph(graph) || !pNumRootNodes)
    return record(cudaErrorInvalidValue);
  size_t count = 0;
  for (auto &n : graph->nodes) {
    if (!n->dependencies.empty())
      continue;
    if (pRootNodes && count < *pNumRootNodes)
      pRootNodes[count] = handle(n.get());
    ++count;
  }
  *pNumRootNodes = count;
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaGraphNodeGetDependencies(cudaGraphNode_t h, cudaGraphNode_t *pDependencies,
                                                   cudaGraphEdgeData *edgeData, size_t *pNumDependencies) {
  std::lock_guard lock(registry().mutex);
  GraphNode *n = node(h);
  if (!n || !pNumDependencies)
    return record(cudaErrorInvalidValue);
  for (size_t i = 0; pDependencies && i < std::min(*pNumDependencies, n->dependencies.size()); ++i) {
    pDependencies[i] = handle(n->dependencies[i]);
    if (edgeData)
      edgeData[i] = {};
  }
  *pNumDependencies = n->dependencies.size();
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
                                               const cudaGraphNode_t *to, const cudaGraphEdgeData *edgeData,
                                               size_t numDependencies) {
  (void)edgeData;
  std::lock_guard lock(registry().mutex);
  if (!isGraph(graph) || (numDependencies && (!from || !to)))
    return record(cudaErrorInvalidValue);
  for (size_t i = 0; i < numDependencies; ++i) {
    GraphNode *a = node(from[i]), *b = node(to[i]);
    if (!a || !b || a->graph != graph || b->graph != graph || a == b)
      return record(cudaErrorInvalidValue);
    if (std::find(b->dependencies.begin(), b->dependencies.end(), a) == b->dependencies.end())
      b->dependencies.push_back(a);
  }
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaGraphDestroyNode(cudaGraphNode_t h) {
  std::lock_guard lock(registry().mutex);
  GraphNode *n = node(h);
  if (!n)
    return record(cudaErrorInvalidValue);
  CUgraph_st *g = n->graph;
  for (auto &other : g->nodes)
    std::erase(other->dependencies, n);
  registry().nodes.erase(n);
  if (n->child)
    deleteGraph(n->child);
  std::erase_if(g->nodes, [&](const auto &owned) { return owned.get() == n; });
  return cudaSuccess;
}

// Flags (auto-free on launch, upload, device launch, priority) change nothing here (a launch
// enqueues the nodes on its stream in a topological order); they are kept for
// cudaGraphExecGetFlags.
cudaError_t CUDARTAPI cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph, unsigned long long flags) {
  std::lock_guard lock(registry().mutex);
  if (!pGraphExec || !isGraph(graph))
    return record(cudaErrorInvalidValue);
  auto exec = std::make_unique<CUgraphExec_st>();
  exec->flags = flags;
  exec->graph.reset(cloneGraph(*graph));
  registry().graphs.erase(exec->graph.get()); // owned by the exec, not a user-visible graph
  if (!topologicalOrder(*exec->graph, &exec->order)) {
    for (auto &n : exec->graph->nodes)
      registry().nodes.erase(n.get());
    return record(cudaErrorInvalidValue); // a cycle
  }
  registry().execs.insert(exec.get());
  *pGraphExec = exec.release();
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaGraphInstantiateWithFlags(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                                    unsigned long long flags) {
  return cudaGraphInstantiate(pGraphExec, graph, flags);
}

cudaError_t CUDARTAPI cudaGraphLaunch(cudaGraphExec_t graphExec, cudaStream_t stream) {
  P2M_CUDART_ENTER();
  std::unique_lock lock(registry().mutex);
  if (!registry().execs.count(graphExec))
    return record(cudaErrorInvalidValue);
  CUstream s = driverStream(stream);
  if (std::shared_ptr<Capture> capture = captureOf(s)) {
    // Launching an executable graph in capture adds its graph as a child node.
    auto n = std::make_unique<GraphNode>();
    n->type = cudaGraphNodeTypeGraph;
    n->child = cloneGraph(*graphExec->graph);
    return record(capture->addNode(std::move(n)));
  }
  std::vector<const GraphNode *> order = graphExec->order;
  lock.unlock(); // the nodes are enqueued through the runtime's own calls
  for (const GraphNode *n : order)
    if (cudaError_t e = runNode(*n, stream))
      return record(e);
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaGraphLaunch_ptsz(cudaGraphExec_t graphExec, cudaStream_t stream) {
  return cudaGraphLaunch(graphExec, stream ? stream : cudaStreamPerThread);
}

cudaError_t CUDARTAPI cudaGraphUpload(cudaGraphExec_t graphExec, cudaStream_t stream) {
  (void)stream;
  std::lock_guard lock(registry().mutex);
  return registry().execs.count(graphExec) ? cudaSuccess : record(cudaErrorInvalidValue);
}

cudaError_t CUDARTAPI cudaGraphExecDestroy(cudaGraphExec_t graphExec) {
  std::lock_guard lock(registry().mutex);
  if (!registry().execs.erase(graphExec))
    return record(cudaErrorInvalidValue);
  deleteGraph(graphExec->graph.release()); // its nodes and child graphs too
  delete graphExec;
  return cudaSuccess;
}

// CUDA's rule: the update succeeds when `hGraph` has the executable graph's topology (the same
// nodes of the same types with the same edges, in creation order); the parameters are then
// taken from `hGraph`.
cudaError_t CUDARTAPI cudaGraphExecUpdate(cudaGraphExec_t hGraphExec, cudaGraph_t hGraph,
                                          cudaGraphExecUpdateResultInfo *resultInfo) {
  std::lock_guard lock(registry().mutex);
  if (!registry().execs.count(hGraphExec) || !isGraph(hGraph))
    return record(cudaErrorInvalidValue);
  auto fail = [&](cudaGraphExecUpdateResult why, GraphNode *at) {
    if (resultInfo)
      *resultInfo = {why, handle(at), nullptr};
    return record(cudaErrorGraphExecUpdateFailure);
  };
  CUgraph_st &current = *hGraphExec->graph;
  if (current.nodes.size() != hGraph->nodes.size())
    return fail(cudaGraphExecUpdateErrorTopologyChanged, nullptr);
  std::map<const GraphNode *, size_t> index;
  for (size_t i = 0; i < hGraph->nodes.size(); ++i)
    index[hGraph->nodes[i].get()] = i;
  std::map<const GraphNode *, size_t> currentIndex;
  for (size_t i = 0; i < current.nodes.size(); ++i)
    currentIndex[current.nodes[i].get()] = i;
  for (size_t i = 0; i < current.nodes.size(); ++i) {
    GraphNode &a = *current.nodes[i], &b = *hGraph->nodes[i];
    if (a.type != b.type)
      return fail(cudaGraphExecUpdateErrorNodeTypeChanged, &b);
    if (a.dependencies.size() != b.dependencies.size())
      return fail(cudaGraphExecUpdateErrorTopologyChanged, &b);
    for (size_t d = 0; d < a.dependencies.size(); ++d)
      if (currentIndex[a.dependencies[d]] != index[b.dependencies[d]])
        return fail(cudaGraphExecUpdateErrorTopologyChanged, &b);
    if (a.type == cudaGraphNodeTypeKernel && a.kernel.function != b.kernel.function)
      return fail(cudaGraphExecUpdateErrorFunctionChanged, &b);
  }
  for (size_t i = 0; i < current.nodes.size(); ++i) {
    GraphNode &a = *current.nodes[i], &b = *hGraph->nodes[i];
    a.kernel = b.kernel;
    a.kernel.rebindPointers();
    a.copy = b.copy;
    a.fill = b.fill;
    a.host = b.host;
    a.event = b.event;
  }
  if (resultInfo)
    *resultInfo = {cudaGraphExecUpdateSuccess, nullptr, nullptr};
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaGraphExecKernelNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                       const struct cudaKernelNodeParams *pNodeParams) {
  P2M_CUDART_ENTER();
  std::lock_guard lock(registry().mutex);
  GraphNode *target = execNode(hGraphExec, node);
  if (!target || !pNodeParams || target->type != cudaGraphNodeTypeKernel)
    return record(cudaErrorInvalidValue);
  KernelLaunch k;
  if (cudaError_t e = Runtime::get().function(pNodeParams->func, &k.function))
    return record(e);
  k.hostStub = pNodeParams->func;
  k.grid = pNodeParams->gridDim;
  k.block = pNodeParams->blockDim;
  k.sharedBytes = pNodeParams->sharedMemBytes;
  if (cudaError_t e = k.setArguments(pNodeParams->kernelParams))
    return record(e);
  target->kernel = std::move(k);
  target->kernel.rebindPointers();
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaStreamBeginCapture(cudaStream_t stream, enum cudaStreamCaptureMode mode) {
  P2M_CUDART_ENTER();
  CUstream s = driverStream(stream);
  if (s == nullptr || s == CU_STREAM_LEGACY)
    return record(cudaErrorStreamCaptureUnsupported); // the legacy stream cannot capture
  long long modeBits = p2m::runtime::enumBits(mode);
  if (modeBits != cudaStreamCaptureModeGlobal && modeBits != cudaStreamCaptureModeThreadLocal &&
      modeBits != cudaStreamCaptureModeRelaxed)
    return record(cudaErrorInvalidValue);
  unsigned flags = 0;
  if (cuStreamGetFlags(s, &flags) != CUDA_SUCCESS && s != CU_STREAM_PER_THREAD)
    return record(cudaErrorInvalidResourceHandle);
  GraphRegistry &r = registry();
  std::lock_guard lock(r.mutex);
  if (r.captures.count(s))
    return record(cudaErrorIllegalState);
  auto capture = std::make_shared<Capture>();
  capture->session = std::make_shared<CaptureSession>();
  capture->session->graph = newGraph();
  capture->session->mode = mode;
  capture->session->id = r.nextCaptureId++;
  capture->session->origin = s;
  r.captures[s] = capture;
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaStreamBeginCapture_ptsz(cudaStream_t stream, enum cudaStreamCaptureMode mode) {
  return cudaStreamBeginCapture(stream ? stream : cudaStreamPerThread, mode);
}

cudaError_t CUDARTAPI cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t *pGraph) {
  if (!pGraph)
    return record(cudaErrorInvalidValue);
  CUstream s = driverStream(stream);
  GraphRegistry &r = registry();
  std::lock_guard lock(r.mutex);
  auto it = r.captures.find(s);
  if (it == r.captures.end())
    return record(cudaErrorIllegalState);
  std::shared_ptr<CaptureSession> session = it->second->session;
  if (session->origin != s)
    return record(cudaErrorStreamCaptureUnmatched);
  // Every stream that joined this capture leaves it with the origin.
  std::erase_if(r.captures, [&](const auto &entry) { return entry.second->session == session; });
  std::erase_if(r.capturedEvents, [&](const auto &entry) { return entry.second.first == session; });
  if (session->invalidated) {
    deleteGraph(session->graph);
    *pGraph = nullptr;
    return record(cudaErrorStreamCaptureInvalidated);
  }
  *pGraph = session->graph;
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaStreamEndCapture_ptsz(cudaStream_t stream, cudaGraph_t *pGraph) {
  return cudaStreamEndCapture(stream ? stream : cudaStreamPerThread, pGraph);
}

cudaError_t CUDARTAPI cudaStreamIsCapturing(cudaStream_t stream, enum cudaStreamCaptureStatus *pCaptureStatus) {
  if (!pCaptureStatus)
    return record(cudaErrorInvalidValue);
  CUstream s = driverStream(stream);
  std::shared_ptr<Capture> capture = findCapture(s == CU_STREAM_LEGACY ? nullptr : s);
  *pCaptureStatus = !capture                 ? cudaStreamCaptureStatusNone
                    : capture->session->invalidated ? cudaStreamCaptureStatusInvalidated
                                             : cudaStreamCaptureStatusActive;
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaStreamIsCapturing_ptsz(cudaStream_t stream, enum cudaStreamCaptureStatus *pCaptureStatus) {
  return cudaStreamIsCapturing(stream ? stream : cudaStreamPerThread, pCaptureStatus);
}

cudaError_t CUDARTAPI cudaStreamGetCaptureInfo(cudaStream_t stream, enum cudaStreamCaptureStatus *captureStatus_out,
                                               unsigned long long *id_out, cudaGraph_t *graph_out,
                                               const cudaGraphNode_t **dependencies_out,
                                               const cudaGraphEdgeData **edgeData_out, size_t *numDependencies_out) {
  if (!captureStatus_out)
    return record(cudaErrorInvalidValue);
  if (cudaError_t e = cudaStreamIsCapturing(stream, captureStatus_out))
    return e;
  CUstream s = driverStream(stream);
  std::shared_ptr<Capture> capture = findCapture(s == CU_STREAM_LEGACY ? nullptr : s);
  if (id_out)
    *id_out = capture ? capture->session->id : 0;
  if (graph_out)
    *graph_out = capture ? capture->session->graph : nullptr;
  if (dependencies_out)
    *dependencies_out = capture ? reinterpret_cast<const cudaGraphNode_t *>(capture->frontier.data()) : nullptr;
  if (edgeData_out)
    *edgeData_out = nullptr;
  if (numDependencies_out)
    *numDependencies_out = capture ? capture->frontier.size() : 0;
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaStreamGetCaptureInfo_ptsz(cudaStream_t stream,
                                                    enum cudaStreamCaptureStatus *captureStatus_out,
                                                    unsigned long long *id_out, cudaGraph_t *graph_out,
                                                    const cudaGraphNode_t **dependencies_out,
                                                    const cudaGraphEdgeData **edgeData_out,
                                                    size_t *numDependencies_out) {
  return cudaStreamGetCaptureInfo(stream ? stream : cudaStreamPerThread, captureStatus_out, id_out, graph_out,
                                  dependencies_out, edgeData_out, numDependencies_out);
}

} // extern "C"
