#include "cfg/LowerJumps.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace p2m::cfg::detail {

namespace {

struct Point {
  enum Kind : uint8_t { Before, Start, End } kind = End;
  TId node = kNoT;    // Before: a Seq; Start: a Loop
  uint32_t index = 0; // Before: the statement it starts

  bool operator==(const Point &) const = default;
};

struct Fall {
  Point point;
  bool viaSwitch = false; // falling out of a Switch case on the way
};

enum class JumpAs : uint8_t { Nothing, Break, Continue, Flag, FlagBreak, CopyLeaf };

// Lists attached to tree nodes. Only the nodes an escape passes get any, so the lists live in a
// side table that a node indexes, not in one (mostly empty) vector per node.
template <class T> class NodeLists {
public:
  void reset(size_t nodes) {
    slot_.assign(nodes, kNoList);
    lists_.clear();
  }
  void add(TId x, const T &item) {
    if (slot_[x] == kNoList) {
      slot_[x] = static_cast<uint32_t>(lists_.size());
      lists_.emplace_back();
    }
    lists_[slot_[x]].push_back(item);
  }
  const std::vector<T> &of(TId x) const { return slot_[x] == kNoList ? empty_ : lists_[slot_[x]]; }

private:
  static constexpr uint32_t kNoList = UINT32_MAX;
  std::vector<uint32_t> slot_;
  std::vector<std::vector<T>> lists_;
  std::vector<T> empty_;
};

class Lowering {
public:
  Lowering(const LabelledTree &tree, const std::vector<VariableKind> &variables,
           uint32_t blockBudget, LoweringNotes &notes)
      : t_(tree), variables_(variables), notes_(notes), blockBudget_(blockBudget) {}

  Program run() {
    size_t n = t_.nodes.size();
    innermostBreakable_.assign(n, kNoT);
    innermostLoop_.assign(n, kNoT);
    prepends_.reset(n);
    ranges_.reset(n);
    afters_.reset(n);
    resetsBefore_.reset(n);
    jumpAs_.assign(n, JumpAs::Nothing);
    jumpFlag_.assign(n, -1);
    preorder_ = preorder();
    for (TId x : preorder_)
      blocks_ += t_.nodes[x].kind == TKind::Block;
    for (TId x : preorder_) {
      const TNode &node = t_.nodes[x];
      if (node.parent == kNoT)
        continue;
      const TNode &p = t_.nodes[node.parent];
      bool parentBreakable = p.kind == TKind::Loop || p.kind == TKind::Switch;
      innermostBreakable_[x] = parentBreakable ? node.parent : innermostBreakable_[node.parent];
      innermostLoop_[x] = p.kind == TKind::Loop ? node.parent : innermostLoop_[node.parent];
    }
    computeFallPoints();
    for (TId x : preorder_)
      if (t_.nodes[x].kind == TKind::Jump)
        resolve(x);
    return materialize();
  }

private:
  std::vector<TId> preorder() const {
    std::vector<TId> order, stack{t_.root};
    while (!stack.empty()) {
      TId x = stack.back();
      stack.pop_back();
      order.push_back(x);
      const auto &c = t_.nodes[x].children;
      for (auto it = c.rbegin(); it != c.rend(); ++it)
        stack.push_back(*it);
    }
    return order;
  }

  // Where control goes when statement x completes normally (precomputed top-down).
  const Fall &fallPoint(TId x) const { return fall_[x]; }

  void computeFallPoints() {
    fall_.assign(t_.nodes.size(), Fall{});
    for (TId x : preorder_) {
      const TNode &node = t_.nodes[x];
      if (node.parent == kNoT)
        continue; // the root falls off the end
      const TNode &p = t_.nodes[node.parent];
      Fall &f = fall_[x];
      switch (p.kind) {
      case TKind::Seq:
        if (node.slot + 1 < p.children.size())
          f.point = {Point::Before, node.parent, node.slot + 1};
        else
          f = fall_[node.parent];
        break;
      case TKind::Switch:
        f = fall_[node.parent];
        f.viaSwitch = true;
        break;
      case TKind::Loop:
        f.point = {Point::Start, node.parent, 0};
        break;
      default:
        f = fall_[node.parent];
        break;
      }
    }
  }

  Point targetOf(const TNode &jump) const {
    if (jump.toLoopStart)
      return {Point::Start, t_.loopOf[jump.target], 0};
    const TNode &start = t_.nodes[t_.codeStart[jump.target]];
    return {Point::Before, start.parent, start.slot};
  }

  void resolve(TId j) {
    Point target = targetOf(t_.nodes[j]);
    const Fall &fall = fallPoint(j);
    if (fall.point == target && !(target.kind == Point::Start && fall.viaSwitch)) {
      jumpAs_[j] = JumpAs::Nothing;
      return;
    }
    if (target.kind == Point::Start && innermostLoop_[j] == target.node) {
      jumpAs_[j] = JumpAs::Continue;
      return;
    }
    TId b = innermostBreakable_[j];
    if (b != kNoT && fallPoint(b).point == target) {
      jumpAs_[j] = JumpAs::Break;
      return;
    }
    if (isLeaf(target) && blocks_ < blockBudget_) {
      // `block t; return;` again here reads better than a flag carried out to the one copy.
      jumpAs_[j] = JumpAs::CopyLeaf;
      ++blocks_;
      return;
    }
    escape(j, target);
  }

  // Whether the code at `target` is a single Block ending the function.
  bool isLeaf(const Point &target) const {
    if (target.kind != Point::Before)
      return false;
    const auto &c = t_.nodes[target.node].children;
    if (target.index + 1 >= c.size() || t_.nodes[c[target.index]].kind != TKind::Block)
      return false;
    TKind next = t_.nodes[c[target.index + 1]].kind;
    return next == TKind::Return || next == TKind::Unreachable;
  }

  int32_t flagFor(const Point &target) {
    auto key = std::make_pair(target.node, target.kind == Point::Start ? UINT32_MAX : target.index);
    auto it = flagOf_.find(key);
    if (it != flagOf_.end())
      return it->second;
    auto flag = static_cast<int32_t>(variables_.size());
    variables_.push_back(VariableKind::Flag);
    flagOf_.emplace(key, flag);
    if (target.kind == Point::Before)
      prepends_.add(target.node, flag); // Start targets: resetsBefore_, see escape()
    return flag;
  }

  // Whether construct b lies strictly inside `top`, both being ancestors of the same statement.
  bool below(TId b, TId top) const { return b != kNoT && t_.nodes[b].depth > t_.nodes[top].depth; }

  // The first statement of the Seq holding the reset of `flag` that sets or tests it.
  void noteFirstUse(int32_t flag, uint32_t slot) {
    if (firstUse_.size() <= static_cast<size_t>(flag))
      firstUse_.resize(static_cast<size_t>(flag) + 1, UINT32_MAX);
    firstUse_[static_cast<size_t>(flag)] = std::min(firstUse_[static_cast<size_t>(flag)], slot);
  }

  void addAfter(TId x, int32_t flag, bool isContinue) {
    if (addedAfter_.insert({x, flag}).second)
      afters_.add(x, {flag, isContinue});
  }

  void addRange(TId seq, uint32_t from, uint32_t to, int32_t flag) {
    if (addedRange_.insert({seq, from, to, flag}).second)
      ranges_.add(seq, {from, to, flag});
  }

  void escape(TId j, const Point &target) {
    int32_t flag = flagFor(target);
    jumpFlag_[j] = flag;
    TId top = target.node;
    TId cur = j;
    if (below(innermostBreakable_[j], top)) {
      jumpAs_[j] = JumpAs::FlagBreak;
      cur = innermostBreakable_[j];
    } else {
      jumpAs_[j] = JumpAs::Flag;
    }
    for (;;) {
      // The way on from cur depends only on cur and the target: stop where another jump to the
      // same target already went.
      if (!escaped_.insert({cur, flag}).second)
        return;
      if (target.kind == Point::Start && innermostLoop_[cur] == top) {
        if (fallPoint(cur).point != target)
          addAfter(cur, flag, true);
        // Every test of the flag is inside cur or right after it.
        resetsBefore_.add(cur, flag);
        return;
      }
      TId b = innermostBreakable_[cur];
      if (below(b, top)) {
        if (fallPoint(cur).point != fallPoint(b).point)
          addAfter(cur, flag, false);
        cur = b;
        continue;
      }
      // A Before target with only Seqs and Ifs between cur and the target's Seq: skip the rest
      // of each enclosing Seq, then the statements up to the target.
      TId x = cur;
      while (t_.nodes[x].parent != top) {
        const TNode &node = t_.nodes[x];
        const TNode &p = t_.nodes[node.parent];
        if (p.kind == TKind::Seq && node.slot + 1 < p.children.size())
          addRange(node.parent, node.slot + 1, static_cast<uint32_t>(p.children.size() - 1), flag);
        x = node.parent;
        if (t_.nodes[x].parent != top && !escaped_.insert({x, flag}).second)
          return;
      }
      noteFirstUse(flag, t_.nodes[x].slot);
      uint32_t from = t_.nodes[x].slot + 1;
      if (from < target.index)
        addRange(top, from, target.index - 1, flag);
      return;
    }
  }

  bool testsInput(TId x) const {
    const TNode &n = t_.nodes[x];
    return n.kind == TKind::If || (n.kind == TKind::Switch && !n.onVariable);
  }

  // Output construction.

  NodeId newNode(NodeKind kind) {
    program_.nodes.emplace_back();
    program_.nodes.back().kind = kind;
    return static_cast<NodeId>(program_.nodes.size() - 1);
  }
  void append(NodeId seq, NodeId statement) { program_.nodes[seq].statements.push_back(statement); }
  NodeId newSetVar(int32_t var, int64_t value) {
    NodeId s = newNode(NodeKind::SetVar);
    program_.nodes[s].id = var;
    program_.nodes[s].value = value;
    return s;
  }
  NodeId newEscapeBreak(int32_t flag) {
    NodeId b = newNode(NodeKind::Break);
    if (notes_.escapeFlag.size() <= b)
      notes_.escapeFlag.resize(b + 1, -1);
    notes_.escapeFlag[b] = flag;
    return b;
  }
  NodeId newFlagIf(int32_t flag, bool negated) {
    NodeId thenBody = newNode(NodeKind::Seq);
    NodeId elseBody = newNode(NodeKind::Seq);
    NodeId s = newNode(NodeKind::If);
    Node &n = program_.nodes[s];
    n.onVariable = true;
    n.negated = negated;
    n.id = flag;
    n.thenBody = thenBody;
    n.elseBody = elseBody;
    return s;
  }

  Program materialize() {
    std::vector<NodeId> out(t_.nodes.size(), kNoNode);
    program_.nodes.reserve(t_.nodes.size() + t_.nodes.size() / 2 + 16);
    static constexpr NodeKind kKinds[] = {
        NodeKind::Seq,    NodeKind::Block, NodeKind::SetVar, NodeKind::If,         NodeKind::Switch,
        NodeKind::Loop,   NodeKind::Seq,   NodeKind::Return, NodeKind::Unreachable};
    for (TId x : preorder_)
      out[x] = newNode(kKinds[static_cast<size_t>(t_.nodes[x].kind)]);
    for (TId x : preorder_) {
      const TNode &src = t_.nodes[x];
      NodeId o = out[x];
      switch (src.kind) {
      case TKind::Seq:
        fillSeq(x, out);
        break;
      case TKind::Block:
      case TKind::SetVar:
        program_.nodes[o].id = src.id;
        program_.nodes[o].value = src.value;
        break;
      case TKind::If:
        program_.nodes[o].id = src.id;
        program_.nodes[o].thenBody = out[src.children[0]];
        program_.nodes[o].elseBody = out[src.children[1]];
        break;
      case TKind::Loop:
        program_.nodes[o].body = out[src.children[0]];
        break;
      case TKind::Switch: {
        Node &n = program_.nodes[o];
        n.id = src.id;
        n.onVariable = src.onVariable;
        for (size_t i = 0; i < src.caseValues.size(); ++i)
          n.cases.push_back({src.caseValues[i], out[src.children[i]]});
        if (src.hasDefault)
          n.defaultBody = out[src.children.back()];
        break;
      }
      case TKind::Jump: // its statements went straight into its Seq: see fillSeq
      case TKind::Return:
      case TKind::Unreachable:
        break;
      }
    }
    program_.root = out[t_.root];
    program_.variables = variables_;
    if (notes_.escapeFlag.size() < program_.nodes.size())
      notes_.escapeFlag.resize(program_.nodes.size(), -1);
    return std::move(program_);
  }

  void fillJump(TId j, NodeId seq) {
    int32_t flag = jumpFlag_[j];
    switch (jumpAs_[j]) {
    case JumpAs::Nothing:
      break;
    case JumpAs::Break:
      append(seq, newNode(NodeKind::Break));
      break;
    case JumpAs::Continue:
      append(seq, newNode(NodeKind::Continue));
      break;
    case JumpAs::Flag:
      append(seq, newSetVar(flag, 1));
      break;
    case JumpAs::FlagBreak: {
      NodeId set = newSetVar(flag, 1);
      append(seq, set);
      NodeId brk = newEscapeBreak(flag);
      append(seq, brk);
      break;
    }
    case JumpAs::CopyLeaf: {
      const TNode &target = t_.nodes[t_.codeStart[t_.nodes[j].target]];
      const auto &c = t_.nodes[target.parent].children;
      NodeId block = newNode(NodeKind::Block);
      program_.nodes[block].id = t_.nodes[c[target.slot]].id;
      append(seq, block);
      NodeId end = newNode(t_.nodes[c[target.slot + 1]].kind == TKind::Return
                               ? NodeKind::Return
                               : NodeKind::Unreachable);
      append(seq, end);
      break;
    }
    }
  }

  // The statements of Seq x with the flag resets at its start, the checks after statements and
  // the guards around skipped ranges. Overlapping ranges are split so the guards nest.
  void fillSeq(TId x, const std::vector<NodeId> &out) {
    NodeId seq = out[x];
    const auto &children = t_.nodes[x].children;
    program_.nodes[seq].statements.reserve(children.size()); // one allocation, not one per doubling
    // A reset goes right before the first statement using its flag, unless a guard might skip
    // it there; then at the start of the Seq.
    // (Both per-statement tables stay empty in a Seq with nothing to place: most of them.)
    const std::vector<Range> &seqRanges = ranges_.of(x);
    std::vector<std::vector<int32_t>> resetBefore;
    if (!prepends_.of(x).empty())
      resetBefore.resize(children.size());
    for (int32_t flag : prepends_.of(x)) {
      uint32_t first = static_cast<size_t>(flag) < firstUse_.size()
                           ? firstUse_[static_cast<size_t>(flag)]
                           : UINT32_MAX;
      // Not between a Block and the If/Switch testing its condition.
      if (first > 0 && first < children.size() && testsInput(children[first]))
        --first;
      bool guarded = std::any_of(seqRanges.begin(), seqRanges.end(),
                                 [&](const Range &r) { return r.from <= first && first <= r.to; });
      if (first < children.size() && !guarded) {
        resetBefore[first].push_back(flag);
      } else {
        NodeId reset = newSetVar(flag, 0);
        append(seq, reset);
      }
    }
    // Ranges of one flag in one Seq all end at the same statement (the one before the target, or
    // the last). Once the flag is set, every later guard of it skips too, so they are cut into
    // consecutive pieces, each starting where the next jump's statement ends, instead of nesting.
    std::vector<std::vector<std::pair<uint32_t, int32_t>>> startsAt;
    if (!seqRanges.empty())
      startsAt.resize(children.size() + 1);
    std::vector<Range> ranges = seqRanges;
    std::sort(ranges.begin(), ranges.end(), [](const Range &a, const Range &b) {
      return a.flag != b.flag ? a.flag < b.flag : a.from < b.from;
    });
    for (size_t r = 0; r < ranges.size(); ++r) {
      uint32_t to = ranges[r].to;
      if (r + 1 < ranges.size() && ranges[r + 1].flag == ranges[r].flag)
        to = std::min(to, ranges[r + 1].from - 1);
      startsAt[ranges[r].from].push_back({to, ranges[r].flag});
    }
    struct Open {
      uint32_t end;
      int32_t flag;
      NodeId seq;
    };
    std::vector<Open> open;
    NodeId current = seq;
    for (uint32_t c = 0; c < children.size(); ++c) {
      if (!resetBefore.empty())
        for (int32_t flag : resetBefore[c]) {
          NodeId reset = newSetVar(flag, 0);
          append(current, reset);
        }
      std::vector<std::pair<uint32_t, int32_t>> starts;
      if (!startsAt.empty())
        starts = std::move(startsAt[c]);
      std::sort(starts.begin(), starts.end(), [](const auto &a, const auto &b) {
        return a.first != b.first ? a.first > b.first : a.second < b.second;
      });
      for (auto [end, flag] : starts) {
        if (!open.empty() && end > open.back().end) {
          startsAt[open.back().end + 1].push_back({end, flag});
          end = open.back().end;
        }
        NodeId guard = newFlagIf(flag, true);
        append(current, guard);
        current = program_.nodes[guard].thenBody;
        open.push_back({end, flag, current});
      }
      // Resets attached to a statement go right before it, or before the Block whose
      // condition it tests.
      auto emitResets = [&](TId statement) {
        for (int32_t flag : resetsBefore_.of(statement))
          append(current, newSetVar(flag, 0));
      };
      if (c + 1 < children.size() && testsInput(children[c + 1]))
        emitResets(children[c + 1]);
      if (c == 0 || !testsInput(children[c]))
        emitResets(children[c]);
      // A jump's statements go straight into the Seq, so no Seq is ever nested in a Seq. Its own
      // (empty, unlinked) node still names it as the construct of the checks after it.
      NodeId child = out[children[c]];
      if (t_.nodes[children[c]].kind == TKind::Jump)
        fillJump(children[c], current);
      else
        append(current, child);
      for (const After &a : afters_.of(children[c])) {
        NodeId check = newFlagIf(a.flag, false);
        NodeId action = a.isContinue ? newNode(NodeKind::Continue) : newEscapeBreak(a.flag);
        append(program_.nodes[check].thenBody, action);
        append(current, check);
        notes_.checks.push_back({check, child, a.flag});
      }
      while (!open.empty() && open.back().end == c) {
        open.pop_back();
        current = open.empty() ? seq : open.back().seq;
      }
    }
  }

  struct Range {
    uint32_t from, to;
    int32_t flag;
  };
  struct After {
    int32_t flag;
    bool isContinue;
  };

  const LabelledTree &t_;
  std::vector<VariableKind> variables_;
  LoweringNotes &notes_;
  Program program_;
  std::vector<TId> preorder_;
  std::vector<TId> innermostBreakable_; // nearest Loop/Switch strictly above
  std::vector<TId> innermostLoop_;      // nearest Loop strictly above
  NodeLists<int32_t> prepends_;
  NodeLists<Range> ranges_;
  NodeLists<After> afters_;
  NodeLists<int32_t> resetsBefore_;
  std::set<std::pair<TId, int32_t>> addedAfter_;
  std::set<std::pair<TId, int32_t>> escaped_;
  std::vector<Fall> fall_;
  std::vector<uint32_t> firstUse_; // per flag
  std::set<std::tuple<TId, uint32_t, uint32_t, int32_t>> addedRange_;
  std::vector<JumpAs> jumpAs_;
  std::vector<int32_t> jumpFlag_;
  uint32_t blockBudget_;
  uint32_t blocks_ = 0; // Block nodes in the result so far
  std::map<std::pair<TId, uint32_t>, int32_t> flagOf_;
};

} // namespace

Program lowerJumps(const LabelledTree &tree, const std::vector<VariableKind> &variables,
                   uint32_t blockBudget, LoweringNotes &notes) {
  return Lowering(tree, variables, blockBudget, notes).run();
}

} // namespace p2m::cfg::detail
