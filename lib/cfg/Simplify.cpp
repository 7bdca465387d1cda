#include "cfg/Simplify.h"

#include "cfg/ProgramWalk.h"

#include <algorithm>

namespace p2m::cfg::detail {

namespace {

bool isEmptySeq(const Program &p, NodeId n) { return p[n].statements.empty(); }

void makeEmptySeq(Node &n) {
  n = Node{};
  n.kind = NodeKind::Seq;
}

void flatten(Program &p) {
  std::vector<NodeId> order = preorder(p, p.root);
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    if (p[*it].kind != NodeKind::Seq)
      continue;
    const std::vector<NodeId> &statements = p.nodes[*it].statements;
    if (std::none_of(statements.begin(), statements.end(), [&](NodeId s) { return p[s].kind == NodeKind::Seq; }))
      continue; // already flat (most are): keep the list
    size_t size = 0;
    for (NodeId s : statements)
      size += p[s].kind == NodeKind::Seq ? p[s].statements.size() : 1;
    std::vector<NodeId> flat;
    flat.reserve(size);
    for (NodeId s : p.nodes[*it].statements) {
      if (p[s].kind == NodeKind::Seq)
        flat.insert(flat.end(), p[s].statements.begin(), p[s].statements.end());
      else
        flat.push_back(s);
    }
    p.nodes[*it].statements = std::move(flat);
  }
}

// Checks after a construct that every way out of it passes become their common action. Returns
// whether any did.
bool removeCertainChecks(Program &p, const LoweringNotes &notes) {
  bool changed = false;
  Completion c = completion(p);
  std::vector<std::vector<NodeId>> breaksOf(p.nodes.size());
  for (NodeId x = 0; x < p.nodes.size(); ++x)
    if (c.breakTarget[x] != kNoNode)
      breaksOf[c.breakTarget[x]].push_back(x);

  // The checks right after each construct, in order.
  std::vector<std::vector<const LoweringNotes::Check *>> checksAfter(p.nodes.size());
  for (const LoweringNotes::Check &check : notes.checks)
    checksAfter[check.construct].push_back(&check);
  auto actionOf = [&](NodeId check) { return p[p[check].thenBody].statements; };
  for (NodeId construct = 0; construct < p.nodes.size(); ++construct) {
    const auto &checks = checksAfter[construct];
    if (checks.empty())
      continue;
    const Node &node = p[construct];
    if (node.kind == NodeKind::Switch) {
      bool completes = node.defaultBody != kNoNode && c.canComplete[node.defaultBody];
      for (const SwitchCase &sc : node.cases)
        completes = completes || c.canComplete[sc.body];
      if (completes)
        continue;
    }
    // Every way out of the construct must be an escape whose check is here, all checks doing
    // the same thing: then that thing happens unconditionally.
    bool allChecked = std::all_of(breaksOf[construct].begin(), breaksOf[construct].end(), [&](NodeId b) {
      int32_t flag = b < notes.escapeFlag.size() ? notes.escapeFlag[b] : -1;
      return std::any_of(checks.begin(), checks.end(),
                         [&](const LoweringNotes::Check *k) { return k->flag == flag; });
    });
    NodeKind action = p[actionOf(checks[0]->check)[0]].kind;
    bool sameAction = std::all_of(checks.begin(), checks.end(), [&](const LoweringNotes::Check *k) {
      return p[actionOf(k->check)[0]].kind == action;
    });
    if (!allChecked || !sameAction)
      continue;
    std::vector<NodeId> first = actionOf(checks[0]->check);
    for (const LoweringNotes::Check *k : checks)
      makeEmptySeq(p.nodes[k->check]);
    p.nodes[checks[0]->check].statements = std::move(first);
    changed = true;
  }
  return changed;
}

// Returns whether it turned any statement into a Seq (a check into its action, an assignment
// into nothing).
bool eliminateFlags(Program &p, const LoweringNotes &notes) {
  bool changed = false;
  if (!notes.checks.empty()) // most functions have no escapes: no walk for them
    changed = removeCertainChecks(p, notes);
  if (std::none_of(p.variables.begin(), p.variables.end(), [](VariableKind v) { return v == VariableKind::Flag; }))
    return changed; // no flag assignments to drop
  std::vector<NodeId> order = preorder(p, p.root);
  std::vector<uint32_t> reads(p.variables.size(), 0);
  for (NodeId x : order)
    if (p[x].kind == NodeKind::If && p[x].onVariable)
      ++reads[static_cast<size_t>(p[x].id)];
  for (NodeId x : order)
    if (p[x].kind == NodeKind::SetVar && p.variables[static_cast<size_t>(p[x].id)] == VariableKind::Flag &&
        reads[static_cast<size_t>(p[x].id)] == 0) {
      makeEmptySeq(p.nodes[x]);
      changed = true;
    }
  return changed;
}

void normalize(Program &p) {
  std::vector<NodeId> order = preorder(p, p.root);
  Completion c = completion(p, order);
  std::vector<uint32_t> size(p.nodes.size(), 1);
  for (auto it = order.rbegin(); it != order.rend(); ++it)
    forEachChild(p[*it], [&](NodeId ch) { size[*it] += size[ch]; });

  std::vector<NodeId> result; // reused: copied into each list it replaces, keeping its buffer
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    if (p[*it].kind != NodeKind::Seq)
      continue;
    result.clear();
    bool dead = false;
    auto emit = [&](NodeId s) {
      if (dead)
        return;
      if (p[s].kind == NodeKind::Seq) { // an emptied node, or a Seq left by flag elimination
        for (NodeId inner : p[s].statements)
          if (!dead) {
            result.push_back(inner);
            dead = !c.canComplete[inner];
          }
        return;
      }
      result.push_back(s);
      dead = !c.canComplete[s];
    };
    for (NodeId s : p.nodes[*it].statements) {
      if (dead)
        break;
      if (p[s].kind != NodeKind::If) {
        emit(s);
        continue;
      }
      Node &n = p.nodes[s];
      bool thenEmpty = isEmptySeq(p, n.thenBody), elseEmpty = isEmptySeq(p, n.elseBody);
      if (thenEmpty && elseEmpty && n.onVariable)
        continue; // a flag test with nothing to do
      auto swapArms = [&] {
        std::swap(n.thenBody, n.elseBody);
        n.negated = !n.negated;
      };
      if (thenEmpty && !elseEmpty)
        swapArms();
      NodeId hoisted = kNoNode;
      if (!thenEmpty && !elseEmpty) {
        bool thenCompletes = c.canComplete[n.thenBody], elseCompletes = c.canComplete[n.elseBody];
        if (!thenCompletes && (elseCompletes || size[n.thenBody] <= size[n.elseBody])) {
          hoisted = n.elseBody;
        } else if (!elseCompletes) {
          swapArms();
          hoisted = n.elseBody;
        }
      }
      if (hoisted != kNoNode) {
        NodeId empty = p.nodes.size();
        p.nodes.emplace_back(); // invalidates n
        p.nodes[s].elseBody = empty;
        c.canComplete.push_back(1);
        c.canComplete[s] = 1;
        size.push_back(1);
      }
      emit(s);
      if (hoisted != kNoNode)
        for (NodeId h : p[hoisted].statements)
          emit(h);
    }
    p.nodes[*it].statements.assign(result.begin(), result.end());
  }
}

// Renumbers nodes in preorder from the root and variables by first use, dropping the rest.
void compact(Program &p) {
  std::vector<NodeId> order = preorder(p, p.root);
  std::vector<NodeId> newId(p.nodes.size(), kNoNode);
  for (size_t i = 0; i < order.size(); ++i)
    newId[order[i]] = static_cast<NodeId>(i);
  std::vector<int32_t> newVar(p.variables.size(), -1);
  std::vector<VariableKind> variables;
  auto mapVar = [&](int32_t v) {
    auto &m = newVar[static_cast<size_t>(v)];
    if (m < 0) {
      m = static_cast<int32_t>(variables.size());
      variables.push_back(p.variables[static_cast<size_t>(v)]);
    }
    return m;
  };
  std::vector<Node> nodes;
  nodes.reserve(order.size());
  for (NodeId x : order) {
    Node n = std::move(p.nodes[x]);
    for (NodeId &s : n.statements)
      s = newId[s];
    auto remap = [&](NodeId &id) {
      if (id != kNoNode)
        id = newId[id];
    };
    remap(n.thenBody);
    remap(n.elseBody);
    remap(n.body);
    remap(n.defaultBody);
    for (SwitchCase &sc : n.cases)
      remap(sc.body);
    if (n.kind == NodeKind::SetVar || (n.onVariable && (n.kind == NodeKind::If || n.kind == NodeKind::Switch)))
      n.id = mapVar(n.id);
    nodes.push_back(std::move(n));
  }
  p.nodes = std::move(nodes);
  p.root = 0;
  p.variables = std::move(variables);
}

} // namespace

void simplify(Program &program, const LoweringNotes &notes) {
  // LowerJumps nests no Seq directly in a Seq; only flag elimination makes such Seqs.
  if (eliminateFlags(program, notes))
    flatten(program);
  normalize(program);
  compact(program);
}

} // namespace p2m::cfg::detail
