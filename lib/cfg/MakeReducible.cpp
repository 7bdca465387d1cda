#include "cfg/MakeReducible.h"

#include <algorithm>

namespace p2m::cfg::detail {

namespace {

using NodeSet = std::vector<FlowNode *>;

// Beyond this many entries only a dispatch loop is considered: choosing the best header costs
// entries^2 reachability walks.
constexpr size_t kMaxSplitEntries = 16;
constexpr size_t kMaxHeaderCandidates = 8;

// Marks nodes with the current epoch; grows with the graph.
class Marks {
public:
  void next(size_t graphSize) {
    if (marks_.size() < graphSize)
      marks_.resize(graphSize, 0);
    if (++epoch_ == 0) { // wrapped: forget every mark
      std::fill(marks_.begin(), marks_.end(), 0);
      epoch_ = 1;
    }
  }
  void set(const FlowNode *n) {
    grow(n);
    marks_[n->index] = epoch_;
  }
  bool test(const FlowNode *n) const { return n->index < marks_.size() && marks_[n->index] == epoch_; }

private:
  void grow(const FlowNode *n) {
    if (n->index >= marks_.size())
      marks_.resize(n->index + 1, 0);
  }
  std::vector<uint32_t> marks_;
  uint32_t epoch_ = 0;
};

class Reducer {
public:
  Reducer(FlowGraph &graph, uint32_t blockBudget) : g_(graph), budget_(blockBudget) {}

  ReducibilityStats run() {
    std::vector<NodeSet> work{reachableNodes()};
    while (!work.empty()) {
      NodeSet set = std::move(work.back());
      work.pop_back();
      for (NodeSet &scc : cyclicSccs(set))
        reduce(scc, work);
    }
    return stats_;
  }

private:
  NodeSet reachableNodes() {
    marks_.next(g_.nodes.size());
    NodeSet order{g_.entry};
    marks_.set(g_.entry);
    for (size_t i = 0; i < order.size(); ++i)
      for (FlowNode *s : order[i]->succs)
        if (!marks_.test(s)) {
          marks_.set(s);
          order.push_back(s);
        }
    return order;
  }

  // The strongly connected components of `set` that contain a cycle, each sorted by index, in
  // the order of Tarjan's algorithm run from a virtual root with an edge to every member in set
  // order (as llvm::scc_iterator would give them, without its hash maps): the order decides
  // which region is reduced first and so the numbering of the nodes it creates.
  std::vector<NodeSet> cyclicSccs(const NodeSet &set) {
    if (local_.size() < g_.nodes.size())
      local_.resize(g_.nodes.size(), -1);
    const auto root = static_cast<uint32_t>(set.size());
    for (uint32_t i = 0; i < root; ++i)
      local_[set[i]->index] = static_cast<int32_t>(i);
    // The induced subgraph in local indices: member i's edges are edges[offsets[i]..offsets[i+1]),
    // the root's come last. (The walk's lists are members, reused from call to call: this runs
    // once per region and nested region.)
    std::vector<uint32_t> &edges = sccEdges_, &offsets = sccOffsets_;
    edges.clear();
    offsets.assign(1, 0);
    for (FlowNode *n : set) {
      for (FlowNode *s : n->succs)
        if (int32_t l = local_[s->index]; l >= 0)
          edges.push_back(static_cast<uint32_t>(l));
      offsets.push_back(static_cast<uint32_t>(edges.size()));
    }
    for (uint32_t i = 0; i < root; ++i)
      edges.push_back(i);
    offsets.push_back(static_cast<uint32_t>(edges.size()));
    for (FlowNode *n : set)
      local_[n->index] = -1;

    constexpr uint32_t kDone = UINT32_MAX; // in an SCC already found
    std::vector<uint32_t> &visit = sccVisit_; // visit number from 1; 0: not yet visited
    visit.assign(set.size() + 1, 0);
    std::vector<uint32_t> &open = sccOpen_; // visited, SCC not yet found
    std::vector<SccFrame> &dfs = sccDfs_;
    open.clear();
    dfs.clear();
    uint32_t clock = 0;
    auto enter = [&](uint32_t v) {
      visit[v] = ++clock;
      open.push_back(v);
      dfs.push_back({v, offsets[v], clock});
    };
    std::vector<NodeSet> result;
    enter(root);
    while (!dfs.empty()) {
      SccFrame &f = dfs.back();
      if (f.nextEdge < offsets[f.node + 1]) {
        uint32_t c = edges[f.nextEdge++];
        if (visit[c] == 0)
          enter(c); // invalidates f
        else
          f.minVisit = std::min(f.minVisit, visit[c]);
        continue;
      }
      uint32_t v = f.node, minVisit = f.minVisit;
      dfs.pop_back();
      if (!dfs.empty())
        dfs.back().minVisit = std::min(dfs.back().minVisit, minVisit);
      if (minVisit != visit[v])
        continue;
      NodeSet scc;
      uint32_t w;
      do {
        w = open.back();
        open.pop_back();
        visit[w] = kDone;
        if (w != root)
          scc.push_back(set[w]);
      } while (w != v);
      const uint32_t *vEdges = edges.data() + offsets[v], *vEnd = edges.data() + offsets[v + 1];
      bool selfLoop = std::find(vEdges, vEnd, v) != vEnd;
      if (scc.empty() || (scc.size() == 1 && !selfLoop))
        continue; // the root, or a node on no cycle
      std::sort(scc.begin(), scc.end(),
                [](const FlowNode *a, const FlowNode *b) { return a->index < b->index; });
      result.push_back(std::move(scc));
    }
    return result;
  }

  void reduce(const NodeSet &scc, std::vector<NodeSet> &work) {
    inScc_.next(g_.nodes.size());
    for (FlowNode *n : scc)
      inScc_.set(n);
    NodeSet entries;
    for (FlowNode *n : scc)
      if (n == g_.entry ||
          std::any_of(n->preds.begin(), n->preds.end(), [&](FlowNode *p) { return !inScc_.test(p); }))
        entries.push_back(n);

    FlowNode *header = entries.front();
    if (entries.size() > 1) {
      auto [best, cost] = cheapestHeader(entries);
      if (best && g_.blockNodes + cost <= budget_) {
        split(entries, best, work);
        header = best;
        ++stats_.splitRegions;
      } else {
        work.push_back(dispatch(scc, entries));
        ++stats_.dispatchRegions;
        return;
      }
    }
    NodeSet inner;
    for (FlowNode *n : scc)
      if (n != header)
        inner.push_back(n);
    if (!inner.empty())
      work.push_back(std::move(inner));
  }

  // Nodes of the current SCC reachable from `from` without passing `header`; the walk stops
  // once it has found more than `limit` Block nodes.
  NodeSet reachWithout(FlowNode *from, FlowNode *header, uint32_t limit = UINT32_MAX) {
    reach_.next(g_.nodes.size());
    NodeSet order{from};
    reach_.set(from);
    uint32_t blocks = from->kind == FlowKind::Block;
    for (size_t i = 0; i < order.size() && blocks <= limit; ++i)
      for (FlowNode *s : order[i]->succs)
        if (s != header && inScc_.test(s) && !reach_.test(s)) {
          reach_.set(s);
          order.push_back(s);
          blocks += s->kind == FlowKind::Block;
        }
    return order;
  }

  static uint32_t blocksIn(const NodeSet &nodes) {
    return static_cast<uint32_t>(std::count_if(
        nodes.begin(), nodes.end(), [](const FlowNode *n) { return n->kind == FlowKind::Block; }));
  }

  std::pair<FlowNode *, uint32_t> cheapestHeader(const NodeSet &entries) {
    if (entries.size() > kMaxSplitEntries)
      return {nullptr, 0};
    FlowNode *best = nullptr;
    uint32_t affordable = budget_ > g_.blockNodes ? budget_ - g_.blockNodes : 0;
    uint32_t bestCost = affordable + 1; // anything dearer is never used
    for (size_t c = 0; c < entries.size() && c < kMaxHeaderCandidates; ++c) {
      uint32_t cost = 0;
      for (FlowNode *e : entries) {
        if (e != entries[c])
          cost += blocksIn(reachWithout(e, entries[c], bestCost - cost));
        if (cost >= bestCost)
          break;
      }
      if (cost < bestCost) {
        best = entries[c];
        bestCost = cost;
      }
    }
    return {best, bestCost};
  }

  void split(const NodeSet &entries, FlowNode *header, std::vector<NodeSet> &work) {
    for (FlowNode *e : entries) {
      if (e == header)
        continue;
      NodeSet region = reachWithout(e, header);
      if (copyOf_.size() < g_.nodes.size())
        copyOf_.resize(g_.nodes.size(), nullptr);
      NodeSet copies;
      for (FlowNode *n : region)
        copies.push_back(copyOf_[n->index] = g_.cloneWithoutEdges(*n));
      for (size_t i = 0; i < region.size(); ++i) {
        NodeList targets = region[i]->targets;
        for (FlowNode *&t : targets)
          if (t->index < copyOf_.size() && copyOf_[t->index])
            t = copyOf_[t->index];
        g_.setTargets(copies[i], std::move(targets));
      }
      FlowNode *entryCopy = copyOf_[e->index];
      for (FlowNode *n : region)
        copyOf_[n->index] = nullptr;
      NodeSet outside;
      for (FlowNode *p : e->preds)
        if (!inScc_.test(p))
          outside.push_back(p);
      for (FlowNode *p : outside)
        g_.redirect(p, e, entryCopy);
      if (g_.entry == e)
        g_.entry = entryCopy;
      work.push_back(std::move(copies));
    }
  }

  NodeSet dispatch(const NodeSet &scc, const NodeSet &entries) {
    int32_t state = g_.newVariable(VariableKind::State);
    FlowNode *dispatcher = g_.create(FlowKind::Dispatch);
    dispatcher->term = FlowTerm::Switch;
    dispatcher->operand = state;
    NodeSet members = scc;
    for (size_t i = 0; i < entries.size(); ++i) {
      FlowNode *e = entries[i];
      NodeSet inside, outside;
      for (FlowNode *p : e->preds)
        (inScc_.test(p) ? inside : outside).push_back(p);
      auto setState = [&](const NodeSet &preds) {
        FlowNode *s = g_.create(FlowKind::SetState);
        s->term = FlowTerm::Goto;
        s->operand = state;
        s->value = static_cast<int64_t>(i);
        g_.setTargets(s, {dispatcher});
        for (FlowNode *p : preds)
          g_.redirect(p, e, s);
        return s;
      };
      if (!outside.empty() || g_.entry == e) {
        FlowNode *s = setState(outside);
        if (g_.entry == e)
          g_.entry = s;
      }
      if (!inside.empty())
        members.push_back(setState(inside));
      dispatcher->caseValues.push_back({static_cast<int64_t>(i)});
    }
    g_.setTargets(dispatcher, NodeList(entries.begin(), entries.end()));
    return members;
  }

  FlowGraph &g_;
  uint32_t budget_;
  ReducibilityStats stats_;
  Marks marks_, inScc_, reach_;
  std::vector<int32_t> local_;
  struct SccFrame {
    uint32_t node, nextEdge, minVisit;
  };
  std::vector<uint32_t> sccEdges_, sccOffsets_, sccVisit_, sccOpen_; // cyclicSccs' scratch
  std::vector<SccFrame> sccDfs_;
  std::vector<FlowNode *> copyOf_;
};

} // namespace

ReducibilityStats makeReducible(FlowGraph &graph, uint32_t blockBudget) {
  return Reducer(graph, blockBudget).run();
}

} // namespace p2m::cfg::detail
