#include "cfg/BuildTree.h"

#include "cfg/Dominators.h"

#include <llvm/ADT/ArrayRef.h>
#include <llvm/ADT/STLExtras.h>
#include <llvm/Support/ErrorHandling.h>

#include <algorithm>

namespace p2m::cfg::detail {

namespace {

constexpr uint32_t kNone = UINT32_MAX;

// Exit code this small that never rejoins the program (it returns or traps) stays inside the
// loop it leaves instead of moving after it.
constexpr uint32_t kInlineExitLimit = 6;

uint32_t nodeIndex(const FlowNode *node) { return node->index; }

enum class Placement : uint8_t {
  Entry,
  Inline,       // in the branch of its only forward predecessor
  MergeFollower, // after the branch of its immediate dominator
  LoopFollower, // after the Loop of the outermost loop it leaves
};

// Dominators, loops and the placement of every node's code.
class Analysis {
public:
  explicit Analysis(FlowGraph &g)
      : g_(g), dom_(static_cast<uint32_t>(g.nodes.size()), g.entry->index,
                    [&](uint32_t v) { return llvm::map_range(g.nodes[v]->succs, nodeIndex); },
                    [&](uint32_t v) { return llvm::map_range(g.nodes[v]->preds, nodeIndex); }) {
    computeOrder();
    checkReducible();
    computeLoops();
    computePlacement();
  }

  bool dominates(const FlowNode *a, const FlowNode *b) const {
    return dom_.dominates(a->index, b->index);
  }
  bool isBackEdge(const FlowNode *from, const FlowNode *to) const { return dominates(to, from); }

  std::vector<FlowNode *> order; // reachable nodes in reverse postorder
  std::vector<uint8_t> isHeader;
  std::vector<Placement> placement;
  // The nodes whose code follows x's branch (merge followers) or x's Loop (loop followers, x a
  // header), in reverse postorder.
  llvm::ArrayRef<FlowNode *> mergeFollowers(const FlowNode *x) const { return followersOf(merge_, x); }
  llvm::ArrayRef<FlowNode *> loopFollowers(const FlowNode *x) const { return followersOf(loop_, x); }

private:
  void computeOrder() {
    size_t n = g_.nodes.size();
    std::vector<uint8_t> seen(n, 0);
    std::vector<std::pair<FlowNode *, size_t>> stack{{g_.entry, 0}};
    seen[g_.entry->index] = 1;
    while (!stack.empty()) {
      auto &[node, next] = stack.back();
      if (next < node->succs.size()) {
        FlowNode *s = node->succs[next++];
        if (!seen[s->index]) {
          seen[s->index] = 1;
          stack.push_back({s, 0});
        }
      } else {
        order.push_back(node);
        stack.pop_back();
      }
    }
    std::reverse(order.begin(), order.end());
    rpo_.assign(n, kNone);
    for (size_t i = 0; i < order.size(); ++i)
      rpo_[order[i]->index] = static_cast<uint32_t>(i);
  }

  void checkReducible() const {
    for (FlowNode *u : order)
      for (FlowNode *v : u->succs)
        if (rpo_[v->index] <= rpo_[u->index] && !dominates(v, u))
          llvm::report_fatal_error("cfg: buildTree on an irreducible graph");
  }

  // Natural loops, innermost first (headers in decreasing reverse postorder), in the manner of
  // LLVM's LoopInfo: a node already in an inner loop stands for that whole inner loop.
  void computeLoops() {
    size_t n = g_.nodes.size();
    isHeader.assign(n, 0);
    innermost_.assign(n, kNone);
    loopParent_.assign(n, kNone);
    loopDepth_.assign(n, 0);
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
      FlowNode *h = *it;
      std::vector<FlowNode *> stack;
      for (FlowNode *p : h->preds)
        if (rpo_[p->index] != kNone && isBackEdge(p, h))
          stack.push_back(p);
      if (stack.empty())
        continue;
      isHeader[h->index] = 1;
      innermost_[h->index] = h->index;
      while (!stack.empty()) {
        FlowNode *u = stack.back();
        stack.pop_back();
        if (innermost_[u->index] == kNone) {
          innermost_[u->index] = h->index;
          for (FlowNode *p : u->preds)
            if (rpo_[p->index] != kNone)
              stack.push_back(p);
          continue;
        }
        uint32_t top = innermost_[u->index];
        while (loopParent_[top] != kNone)
          top = loopParent_[top];
        if (top == h->index)
          continue;
        loopParent_[top] = h->index;
        FlowNode *inner = g_.nodes[top];
        for (FlowNode *p : inner->preds)
          if (rpo_[p->index] != kNone && !isBackEdge(p, inner))
            stack.push_back(p);
      }
    }
    for (FlowNode *h : order)
      if (isHeader[h->index])
        loopDepth_[h->index] =
            loopParent_[h->index] == kNone ? 1 : loopDepth_[loopParent_[h->index]] + 1;
  }

  bool inLoop(uint32_t header, const FlowNode *y) const {
    uint32_t l = innermost_[y->index];
    while (l != kNone && loopDepth_[l] > loopDepth_[header])
      l = loopParent_[l];
    return l == header;
  }

  // Whether y's dominator subtree is small and no edge leaves it.
  bool isSmallClosedExit(const FlowNode *y) const {
    std::vector<uint32_t> stack{y->index};
    uint32_t count = 0;
    while (!stack.empty()) {
      uint32_t d = stack.back();
      stack.pop_back();
      if (++count > kInlineExitLimit)
        return false;
      for (FlowNode *s : g_.nodes[d]->succs)
        if (!dominates(y, s))
          return false;
      for (uint32_t c : dom_.children(d))
        stack.push_back(c);
    }
    return true;
  }

  // Whether the edge x -> (out of loop h) is the loop's own test: x is h or a latch of h.
  bool isLoopTest(const FlowNode *x, uint32_t h) const {
    if (x->index == h)
      return true;
    return std::any_of(x->succs.begin(), x->succs.end(),
                       [&](const FlowNode *s) { return s->index == h; });
  }

  void computePlacement() {
    size_t n = g_.nodes.size();
    placement.assign(n, Placement::Entry);
    std::vector<uint32_t> forwardPreds(n, 0);
    for (FlowNode *u : order)
      for (FlowNode *v : u->succs)
        if (!isBackEdge(u, v))
          ++forwardPreds[v->index];

    // left[y]: the outermost loop containing y's immediate dominator but not y.
    std::vector<uint32_t> left(n, kNone);
    std::vector<uint8_t> closedExit(n, 0);
    std::vector<uint8_t> keepsFollower(n, 0); // per header: some exit stays after the loop
    for (FlowNode *y : order) {
      if (y == g_.entry)
        continue;
      FlowNode *x = idom(y);
      for (uint32_t l = innermost_[x->index]; l != kNone && !inLoop(l, y); l = loopParent_[l])
        left[y->index] = l;
      if (left[y->index] == kNone)
        continue;
      closedExit[y->index] = forwardPreds[y->index] == 1 && isSmallClosedExit(y);
      if (!closedExit[y->index])
        keepsFollower[left[y->index]] = 1;
    }
    // A loop whose exits are all small and closed still reads best as `break` plus the code
    // after the loop for one of them: the exit the loop's own test takes, else the last one.
    std::vector<FlowNode *> chosen(n, nullptr);
    std::vector<uint32_t> owner(n, kNone); // the node a follower follows
    for (FlowNode *y : order) {
      uint32_t h = left[y->index];
      if (h == kNone || !closedExit[y->index] || keepsFollower[h])
        continue;
      bool isTest = isLoopTest(idom(y), h);
      if (!chosen[h] || (isTest && !isLoopTest(idom(chosen[h]), h)) ||
          (!isLoopTest(idom(chosen[h]), h) && !isTest))
        chosen[h] = y;
    }
    for (FlowNode *y : order) {
      if (y == g_.entry)
        continue;
      uint32_t h = left[y->index];
      if (h != kNone && (!closedExit[y->index] || chosen[h] == y)) {
        placement[y->index] = Placement::LoopFollower;
        owner[y->index] = h;
      } else if (forwardPreds[y->index] > 1) {
        placement[y->index] = Placement::MergeFollower;
        owner[y->index] = idom(y)->index;
      } else {
        placement[y->index] = Placement::Inline;
      }
    }
    group(merge_, Placement::MergeFollower, owner);
    group(loop_, Placement::LoopFollower, owner);
  }

  // Followers grouped by the node they follow: x's are items[begin[x]..begin[x + 1]).
  struct Followers {
    std::vector<uint32_t> begin;
    std::vector<FlowNode *> items;
  };

  static llvm::ArrayRef<FlowNode *> followersOf(const Followers &f, const FlowNode *x) {
    return llvm::ArrayRef<FlowNode *>(f.items).slice(f.begin[x->index],
                                                     f.begin[x->index + 1] - f.begin[x->index]);
  }

  // The nodes placed as `kind`, by owner (a counting sort: reverse postorder within an owner).
  void group(Followers &f, Placement kind, const std::vector<uint32_t> &owner) {
    size_t n = g_.nodes.size();
    f.begin.assign(n + 1, 0);
    for (FlowNode *y : order)
      if (placement[y->index] == kind)
        ++f.begin[owner[y->index] + 1];
    for (size_t x = 0; x < n; ++x)
      f.begin[x + 1] += f.begin[x];
    f.items.resize(f.begin[n]);
    std::vector<uint32_t> fill(f.begin.begin(), f.begin.end() - 1);
    for (FlowNode *y : order)
      if (placement[y->index] == kind)
        f.items[fill[owner[y->index]]++] = y;
  }

  FlowNode *idom(const FlowNode *y) const {
    return g_.nodes[dom_.idom(y->index)];
  }

  FlowGraph &g_;
  Dominators dom_;
  Followers merge_, loop_;
  std::vector<uint32_t> rpo_;
  std::vector<uint32_t> innermost_;  // per node: index of the innermost loop header, or kNone
  std::vector<uint32_t> loopParent_; // per header: the next outer header, or kNone
  std::vector<uint32_t> loopDepth_;  // per header: 1 for outermost loops
};

class Builder {
public:
  Builder(FlowGraph &g, const Analysis &a) : g_(g), a_(a) {}

  LabelledTree build() {
    size_t n = g_.nodes.size();
    tree_.codeStart.assign(n, kNoT);
    tree_.loopOf.assign(n, kNoT);
    tree_.nodes.reserve(4 * n + 16);
    tree_.root = add(TKind::Seq);
    tasks_.push_back({g_.entry, tree_.root});
    while (!tasks_.empty()) {
      Task task = tasks_.back();
      tasks_.pop_back();
      emitCode(task.node, task.seq);
    }
    linkParents();
    return std::move(tree_);
  }

private:
  struct Task {
    FlowNode *node;
    TId seq; // the code is appended to this Seq
  };

  TId add(TKind kind) {
    tree_.nodes.emplace_back();
    tree_.nodes.back().kind = kind;
    return static_cast<TId>(tree_.nodes.size() - 1);
  }
  void append(TId seq, TId statement) { tree_.nodes[seq].children.push_back(statement); }
  TId addJump(const FlowNode *to, bool toLoopStart) {
    TId j = add(TKind::Jump);
    tree_.nodes[j].target = to->index;
    tree_.nodes[j].toLoopStart = toLoopStart;
    return j;
  }

  // Appends the code of `y` to `seq`. Tasks appending to the same Seq are pushed in reverse, so
  // each one completes (including everything it pushes) before the next starts.
  void emitCode(FlowNode *y, TId seq) {
    TId into = seq;
    if (a_.isHeader[y->index]) {
      TId loop = add(TKind::Loop);
      TId body = add(TKind::Seq);
      tree_.nodes[loop].children.push_back(body);
      append(seq, loop);
      tree_.loopOf[y->index] = loop;
      tree_.codeStart[y->index] = loop;
      into = body;
      llvm::ArrayRef<FlowNode *> followers = a_.loopFollowers(y);
      for (auto it = followers.rbegin(); it != followers.rend(); ++it)
        tasks_.push_back({*it, seq});
    }
    TId first = kNoT;
    if (y->kind == FlowKind::Block) {
      first = add(TKind::Block);
      tree_.nodes[first].id = static_cast<int32_t>(y->block);
    } else if (y->kind == FlowKind::SetState) {
      first = add(TKind::SetVar);
      tree_.nodes[first].id = y->operand;
      tree_.nodes[first].value = y->value;
    }
    if (first != kNoT)
      append(into, first);
    llvm::ArrayRef<FlowNode *> merges = a_.mergeFollowers(y);
    for (auto it = merges.rbegin(); it != merges.rend(); ++it)
      tasks_.push_back({*it, into});
    TId branch = emitBranch(y, into);
    if (tree_.codeStart[y->index] == kNoT)
      tree_.codeStart[y->index] = first != kNoT ? first : branch;
  }

  // Appends the statements for taking the edge y -> to to `seq`.
  void emitEdge(FlowNode *y, FlowNode *to, TId seq) {
    if (a_.isBackEdge(y, to))
      append(seq, addJump(to, true));
    else if (a_.placement[to->index] == Placement::Inline)
      tasks_.push_back({to, seq});
    else
      append(seq, addJump(to, false));
  }

  TId newBody() { return add(TKind::Seq); }

  // Returns the first statement appended for the branch, if any.
  TId emitBranch(FlowNode *y, TId into) {
    size_t before = tree_.nodes[into].children.size();
    switch (y->term) {
    case FlowTerm::Goto:
      emitEdge(y, y->targets[0], into);
      break;
    case FlowTerm::Branch: {
      TId s = add(TKind::If);
      tree_.nodes[s].id = y->operand;
      tree_.nodes[s].children.reserve(y->targets.size());
      append(into, s);
      for (FlowNode *t : y->targets) {
        TId body = newBody();
        tree_.nodes[s].children.push_back(body);
        emitEdge(y, t, body);
      }
      break;
    }
    case FlowTerm::Switch: {
      TId s = add(TKind::Switch);
      tree_.nodes[s].id = y->operand;
      tree_.nodes[s].onVariable = y->kind == FlowKind::Dispatch;
      tree_.nodes[s].hasDefault = y->hasDefault;
      tree_.nodes[s].caseValues = y->caseValues;
      tree_.nodes[s].children.reserve(y->targets.size());
      append(into, s);
      for (FlowNode *t : y->targets) {
        TId body = newBody();
        tree_.nodes[s].children.push_back(body);
        emitEdge(y, t, body);
      }
      break;
    }
    case FlowTerm::Return:
      append(into, add(TKind::Return));
      break;
    case FlowTerm::Unreachable:
      append(into, add(TKind::Unreachable));
      break;
    }
    const auto &children = tree_.nodes[into].children;
    return children.size() > before ? children[before] : kNoT;
  }

  void linkParents() {
    std::vector<TId> stack{tree_.root};
    while (!stack.empty()) {
      TId x = stack.back();
      stack.pop_back();
      const auto &children = tree_.nodes[x].children;
      for (uint32_t i = 0; i < children.size(); ++i) {
        TNode &c = tree_.nodes[children[i]];
        c.parent = x;
        c.slot = i;
        c.depth = tree_.nodes[x].depth + 1;
        stack.push_back(children[i]);
      }
    }
  }

  FlowGraph &g_;
  const Analysis &a_;
  LabelledTree tree_;
  std::vector<Task> tasks_;
};

} // namespace

LabelledTree buildTree(FlowGraph &graph) {
  Analysis analysis(graph);
  return Builder(graph, analysis).build();
}

} // namespace p2m::cfg::detail
