// Graph node parameters: the getters and setters of host, memset, memcpy (symbols too), event
// and child-graph nodes, in a graph and in an executable graph; edges; enabling nodes of an
// executable graph; finding a node's copy in a clone.
#include "Graph.h"
#include "Memory.h"
#include "Runtime.h"

#include <algorithm>

using namespace p2m::cudart;

namespace {

GraphNode *nodeOfType(cudaGraphNode_t handle, cudaGraphNodeType type) {
  GraphNode *n = liveNode(handle);
  return n && n->type == type ? n : nullptr;
}

GraphNode *execNodeOfType(cudaGraphExec_t exec, cudaGraphNode_t handle, cudaGraphNodeType type) {
  GraphNode *n = execNode(exec, handle);
  return n && n->type == type ? n : nullptr;
}

// The copy between a symbol and other memory as a memcpy node's parameters.
cudaError_t symbolCopy(const void *symbol, size_t count, size_t offset, void *other, bool toSymbol,
                       cudaMemcpyKind kind, cudaMemcpy3DParms *out) {
  CUdeviceptr address = 0;
  size_t bytes = 0;
  if (cudaError_t e = Runtime::get().variable(symbol, &address, &bytes))
    return e;
  if (offset > bytes || count > bytes - offset)
    return cudaErrorInvalidValue;
  void *at = reinterpret_cast<char *>(address) + offset;
  *out = toSymbol ? linearCopy(at, other, count, kind) : linearCopy(other, at, count, kind);
  return cudaSuccess;
}

// The event of an event record or wait node (of the given type).
cudaError_t nodeEvent(cudaGraphNode_t handle, cudaGraphNodeType type, cudaEvent_t *out) {
  std::lock_guard lock(graphMutex());
  GraphNode *n = nodeOfType(handle, type);
  if (!n || !out)
    return record(cudaErrorInvalidValue);
  *out = n->event;
  return cudaSuccess;
}

// Sets it; `n` is a node of a graph or of an executable graph, null when the handle was bad.
cudaError_t setNodeEvent(GraphNode *n, cudaGraphNodeType type, cudaEvent_t event) {
  std::lock_guard lock(graphMutex());
  if (!n || n->type != type)
    return record(cudaErrorInvalidValue);
  n->event = event;
  return cudaSuccess;
}

cudaError_t addCopy(cudaGraphNode_t *pGraphNode, cudaGraph_t graph, const cudaGraphNode_t *deps, size_t count,
                    const cudaMemcpy3DParms &p) {
  return cudaGraphAddMemcpyNode(pGraphNode, graph, deps, count, &p);
}

} // namespace

extern "C" {

cudaError_t CUDARTAPI cudaGraphHostNodeSetParams(cudaGraphNode_t node, const struct cudaHostNodeParams *p) {
  std::lock_guard lock(graphMutex());
  GraphNode *n = nodeOfType(node, cudaGraphNodeTypeHost);
  if (!n || !p || !p->fn)
    return record(cudaErrorInvalidValue);
  n->host = *p;
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaGraphMemsetNodeSetParams(cudaGraphNode_t node, const struct cudaMemsetParams *p) {
  std::lock_guard lock(graphMutex());
  GraphNode *n = nodeOfType(node, cudaGraphNodeTypeMemset);
  if (!n || !p || (p->elementSize != 1 && p->elementSize != 2 && p->elementSize != 4))
    return record(cudaErrorInvalidValue);
  n->fill = *p;
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaGraphMemcpyNodeSetParams1D(cudaGraphNode_t node, void *dst, const void *src, size_t count,
                                                     enum cudaMemcpyKind kind) {
  std::lock_guard lock(graphMutex());
  GraphNode *n = nodeOfType(node, cudaGraphNodeTypeMemcpy);
  if (!n)
    return record(cudaErrorInvalidValue);
  n->copy = linearCopy(dst, src, count, kind);
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaGraphAddMemcpyNodeToSymbol(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                                     const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                                     const void *symbol, const void *src, size_t count, size_t offset,
                                                     enum cudaMemcpyKind kind) {
  P2M_CUDART_ENTER();
  cudaMemcpy3DParms p;
  if (cudaError_t e = symbolCopy(symbol, count, offset, const_cast<void *>(src), true, kind, &p))
    return record(e);
  return addCopy(pGraphNode, graph, pDependencies, numDependencies, p);
}

cudaError_t CUDARTAPI cudaGraphAddMemcpyNodeFromSymbol(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                                       const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                                       void *dst, const void *symbol, size_t count, size_t offset,
                                                       enum cudaMemcpyKind kind) {
  P2M_CUDART_ENTER();
  cudaMemcpy3DParms p;
  if (cudaError_t e = symbolCopy(symbol, count, offset, dst, false, kind, &p))
    return record(e);
  return addCopy(pGraphNode, graph, pDependencies, numDependencies, p);
}

cudaError_t CUDARTAPI cudaGraphMemcpyNodeSetParamsToSymbol(cudaGraphNode_t node, const void *symbol, const void *src,
                                                           size_t count, size_t offset, enum cudaMemcpyKind kind) {
  P2M_CUDART_ENTER();
  std::lock_guard lock(graphMutex());
  GraphNode *n = nodeOfType(node, cudaGraphNodeTypeMemcpy);
  if (!n)
    return record(cudaErrorInvalidValue);
  return record(symbolCopy(symbol, count, offset, const_cast<void *>(src), true, kind, &n->copy));
}

cudaError_t CUDARTAPI cudaGraphMemcpyNodeSetParamsFromSymbol(cudaGraphNode_t node, void *dst, const void *symbol,
                                                             size_t count, size_t offset, enum cudaMemcpyKind kind) {
  P2M_CUDART_ENTER();
  std::lock_guard lock(graphMutex());
  GraphNode *n = nodeOfType(node, cudaGraphNodeTypeMemcpy);
  if (!n)
    return record(cudaErrorInvalidValue);
  return record(symbolCopy(symbol, count, offset, dst, false, kind, &n->copy));
}

cudaError_t CUDARTAPI cudaGraphEventRecordNodeGetEvent(cudaGraphNode_t node, cudaEvent_t *event_out) {
  return nodeEvent(node, cudaGraphNodeTypeEventRecord, event_out);
}

cudaError_t CUDARTAPI cudaGraphEventRecordNodeSetEvent(cudaGraphNode_t node, cudaEvent_t event) {
  std::lock_guard lock(graphMutex());
  return setNodeEvent(liveNode(node), cudaGraphNodeTypeEventRecord, event);
}

cudaError_t CUDARTAPI cudaGraphEventWaitNodeGetEvent(cudaGraphNode_t node, cudaEvent_t *event_out) {
  return nodeEvent(node, cudaGraphNodeTypeWaitEvent, event_out);
}

cudaError_t CUDARTAPI cudaGraphEventWaitNodeSetEvent(cudaGraphNode_t node, cudaEvent_t event) {
  std::lock_guard lock(graphMutex());
  return setNodeEvent(liveNode(node), cudaGraphNodeTypeWaitEvent, event);
}

cudaError_t CUDARTAPI cudaGraphChildGraphNodeGetGraph(cudaGraphNode_t node, cudaGraph_t *pGraph) {
  std::lock_guard lock(graphMutex());
  GraphNode *n = nodeOfType(node, cudaGraphNodeTypeGraph);
  if (!n || !pGraph)
    return record(cudaErrorInvalidValue);
  *pGraph = n->child; // the node's own copy, as CUDA returns it
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaGraphNodeGetDependentNodes(cudaGraphNode_t node, cudaGraphNode_t *pDependentNodes,
                                                     cudaGraphEdgeData *edgeData, size_t *pNumDependentNodes) {
  std::lock_guard lock(graphMutex());
  GraphNode *n = liveNode(node);
  if (!n || !pNumDependentNodes)
    return record(cudaErrorInvalidValue);
  size_t count = 0;
  for (auto &other : n->graph->nodes) {
    if (std::find(other->dependencies.begin(), other->dependencies.end(), n) == other->dependencies.end())
      continue;
    if (pDependentNodes && count < *pNumDependentNodes) {
      pDependentNodes[count] = reinterpret_cast<cudaGraphNode_t>(other.get());
      if (edgeData)
        edgeData[count] = {};
    }
    ++count;
  }
  *pNumDependentNodes = count;
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaGraphGetEdges(cudaGraph_t graph, cudaGraphNode_t *from, cudaGraphNode_t *to,
                                        cudaGraphEdgeData *edgeData, size_t *numEdges) {
  std::lock_guard lock(graphMutex());
  if (!isLiveGraph(graph) || !numEdges || (from == nullptr) != (to == nullptr))
    return record(cudaErrorInvalidValue);
  size_t count = 0;
  for (auto &n : graph->nodes)
    for (GraphNode *d : n->dependencies) {
      if (from && count < *numEdges) {
        from[count] = reinterpret_cast<cudaGraphNode_t>(d);
        to[count] = reinterpret_cast<cudaGraphNode_t>(n.get());
        if (edgeData)
          edgeData[count] = {};
      }
      ++count;
    }
  *numEdges = count;
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaGraphRemoveDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
                                                  const cudaGraphNode_t *to, const cudaGraphEdgeData *edgeData,
                                                  size_t numDependencies) {
  (void)edgeData;
  std::lock_guard lock(graphMutex());
  if (!isLiveGraph(graph) || (numDependencies && (!from || !to)))
    return record(cudaErrorInvalidValue);
  for (size_t i = 0; i < numDependencies; ++i) {
    GraphNode *a = liveNode(from[i]), *b = liveNode(to[i]);
    if (!a || !b || a->graph != graph || b->graph != graph)
      return record(cudaErrorInvalidValue);
    auto edge = std::find(b->dependencies.begin(), b->dependencies.end(), a);
    if (edge == b->dependencies.end())
      return record(cudaErrorInvalidValue); // CUDA: removing an edge that does not exist
    b->dependencies.erase(edge);
  }
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaGraphNodeFindInClone(cudaGraphNode_t *pNode, cudaGraphNode_t originalNode,
                                               cudaGraph_t clonedGraph) {
  std::lock_guard lock(graphMutex());
  GraphNode *original = liveNode(originalNode);
  if (!pNode || !original || !isLiveGraph(clonedGraph))
    return record(cudaErrorInvalidValue);
  for (auto &n : clonedGraph->nodes)
    if (n->clonedFrom == original) {
      *pNode = reinterpret_cast<cudaGraphNode_t>(n.get());
      return cudaSuccess;
    }
  return record(cudaErrorInvalidValue);
}

cudaError_t CUDARTAPI cudaGraphExecGetFlags(cudaGraphExec_t graphExec, unsigned long long *flags) {
  std::lock_guard lock(graphMutex());
  if (!isLiveExec(graphExec) || !flags)
    return record(cudaErrorInvalidValue);
  *flags = graphExec->flags;
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaGraphInstantiateWithParams(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                                     cudaGraphInstantiateParams *instantiateParams) {
  if (!instantiateParams)
    return record(cudaErrorInvalidValue);
  cudaError_t e = cudaGraphInstantiate(pGraphExec, graph, instantiateParams->flags);
  instantiateParams->errNode_out = nullptr;
  instantiateParams->result_out = e == cudaSuccess ? cudaGraphInstantiateSuccess : cudaGraphInstantiateError;
  return e;
}

cudaError_t CUDARTAPI cudaGraphNodeSetEnabled(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
                                              unsigned int isEnabled) {
  std::lock_guard lock(graphMutex());
  GraphNode *n = execNode(hGraphExec, hNode);
  if (!n || (n->type != cudaGraphNodeTypeKernel && n->type != cudaGraphNodeTypeMemcpy &&
             n->type != cudaGraphNodeTypeMemset))
    return record(cudaErrorInvalidValue); // CUDA: kernel, memcpy and memset nodes only
  n->enabled = isEnabled != 0;
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaGraphNodeGetEnabled(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
                                              unsigned int *isEnabled) {
  std::lock_guard lock(graphMutex());
  GraphNode *n = execNode(hGraphExec, hNode);
  if (!n || !isEnabled)
    return record(cudaErrorInvalidValue);
  *isEnabled = n->enabled ? 1 : 0;
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaGraphExecHostNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                     const struct cudaHostNodeParams *p) {
  std::lock_guard lock(graphMutex());
  GraphNode *n = execNodeOfType(hGraphExec, node, cudaGraphNodeTypeHost);
  if (!n || !p || !p->fn)
    return record(cudaErrorInvalidValue);
  n->host = *p;
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaGraphExecMemsetNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                       const struct cudaMemsetParams *p) {
  std::lock_guard lock(graphMutex());
  GraphNode *n = execNodeOfType(hGraphExec, node, cudaGraphNodeTypeMemset);
  if (!n || !p || (p->elementSize != 1 && p->elementSize != 2 && p->elementSize != 4))
    return record(cudaErrorInvalidValue);
  n->fill = *p;
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaGraphExecMemcpyNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                       const struct cudaMemcpy3DParms *p) {
  std::lock_guard lock(graphMutex());
  GraphNode *n = execNodeOfType(hGraphExec, node, cudaGraphNodeTypeMemcpy);
  if (!n || !p)
    return record(cudaErrorInvalidValue);
  n->copy = *p;
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaGraphExecMemcpyNodeSetParams1D(cudaGraphExec_t hGraphExec, cudaGraphNode_t node, void *dst,
                                                         const void *src, size_t count, enum cudaMemcpyKind kind) {
  std::lock_guard lock(graphMutex());
  GraphNode *n = execNodeOfType(hGraphExec, node, cudaGraphNodeTypeMemcpy);
  if (!n)
    return record(cudaErrorInvalidValue);
  n->copy = linearCopy(dst, src, count, kind);
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaGraphExecEventRecordNodeSetEvent(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
                                                           cudaEvent_t event) {
  std::lock_guard lock(graphMutex());
  return setNodeEvent(execNode(hGraphExec, hNode), cudaGraphNodeTypeEventRecord, event);
}

cudaError_t CUDARTAPI cudaGraphExecEventWaitNodeSetEvent(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
                                                         cudaEvent_t event) {
  std::lock_guard lock(graphMutex());
  return setNodeEvent(execNode(hGraphExec, hNode), cudaGraphNodeTypeWaitEvent, event);
}

} // extern "C"
