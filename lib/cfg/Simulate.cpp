#include "cfg/Simulate.h"

#include <unordered_map>

namespace p2m::cfg {

namespace {

class VisitCounter {
public:
  uint32_t next(int32_t id) { return counts_[id]++; }

private:
  std::unordered_map<int32_t, uint32_t> counts_;
};

BlockId switchTarget(const Switch &s, int64_t index) {
  if (index >= 0 && static_cast<uint64_t>(index) < s.targets.size())
    return s.targets[static_cast<size_t>(index)];
  return s.defaultTarget;
}

} // namespace

const char *traceEndName(TraceEnd end) {
  switch (end) {
  case TraceEnd::Return: return "return";
  case TraceEnd::Unreachable: return "unreachable";
  case TraceEnd::StepLimit: return "step limit";
  case TraceEnd::FellOff: return "fell off the end";
  case TraceEnd::Stuck: return "stuck";
  }
  return "?";
}

Trace simulate(const Cfg &cfg, const Decisions &decisions, size_t blockLimit) {
  Trace trace;
  VisitCounter conditions, selectors;
  BlockId b = 0;
  for (;;) {
    if (trace.blocks.size() == blockLimit) {
      trace.end = TraceEnd::StepLimit;
      return trace;
    }
    trace.blocks.push_back(b);
    const Terminator &t = cfg.blocks[b];
    if (const auto *g = std::get_if<Goto>(&t)) {
      b = g->target;
    } else if (const auto *c = std::get_if<CondBranch>(&t)) {
      if (!testsAtRunTime(t))
        b = c->trueTarget;
      else
        b = decisions.branch(c->condition, conditions.next(c->condition)) ? c->trueTarget
                                                                           : c->falseTarget;
    } else if (const auto *s = std::get_if<Switch>(&t)) {
      if (!testsAtRunTime(t))
        b = s->defaultTarget;
      else
        b = switchTarget(*s, decisions.select(s->selector, selectors.next(s->selector)));
    } else if (std::holds_alternative<Return>(t)) {
      trace.end = TraceEnd::Return;
      return trace;
    } else {
      trace.end = TraceEnd::Unreachable;
      return trace;
    }
  }
}

Trace simulate(const Program &program, const Decisions &decisions, size_t blockLimit) {
  enum class Signal : uint8_t { None, Break, Continue, Return, Unreachable };
  struct Frame {
    NodeId node;
    uint32_t pc;
  };

  Trace trace;
  VisitCounter conditions, selectors;
  std::vector<int64_t> variables(program.variables.size(), 0);
  std::vector<Frame> stack{{program.root, 0}};
  Signal signal = Signal::None;
  const size_t stuckLimit = 4 * program.nodes.size() + 1000;
  size_t sinceLastBlock = 0;

  while (!stack.empty()) {
    if (++sinceLastBlock > stuckLimit) {
      trace.end = TraceEnd::Stuck;
      return trace;
    }
    Frame &f = stack.back();
    const Node &n = program[f.node];
    switch (n.kind) {
    case NodeKind::Seq:
      if (signal != Signal::None || f.pc == n.statements.size())
        stack.pop_back();
      else
        stack.push_back({n.statements[f.pc++], 0});
      break;
    case NodeKind::Block:
      if (trace.blocks.size() == blockLimit) {
        trace.end = TraceEnd::StepLimit;
        return trace;
      }
      trace.blocks.push_back(static_cast<BlockId>(n.id));
      sinceLastBlock = 0;
      stack.pop_back();
      break;
    case NodeKind::If: {
      if (f.pc == 1) {
        stack.pop_back();
        break;
      }
      f.pc = 1;
      bool value = n.onVariable ? variables[static_cast<size_t>(n.id)] != 0
                                : decisions.branch(n.id, conditions.next(n.id));
      stack.push_back({value != n.negated ? n.thenBody : n.elseBody, 0});
      break;
    }
    case NodeKind::Loop:
      if (f.pc == 1) {
        if (signal == Signal::Break) {
          signal = Signal::None;
          stack.pop_back();
          break;
        }
        if (signal == Signal::Return || signal == Signal::Unreachable) {
          stack.pop_back();
          break;
        }
        signal = Signal::None;
      }
      f.pc = 1;
      stack.push_back({n.body, 0});
      break;
    case NodeKind::Switch: {
      if (f.pc == 1) {
        if (signal == Signal::Break)
          signal = Signal::None;
        stack.pop_back();
        break;
      }
      f.pc = 1;
      int64_t value = n.onVariable ? variables[static_cast<size_t>(n.id)]
                                   : decisions.select(n.id, selectors.next(n.id));
      NodeId body = n.defaultBody;
      for (const SwitchCase &c : n.cases)
        for (int64_t v : c.values)
          if (v == value)
            body = c.body;
      if (body == kNoNode) { // a value the structurizer promised cannot occur
        trace.end = TraceEnd::Stuck;
        return trace;
      }
      stack.push_back({body, 0});
      break;
    }
    case NodeKind::Break:
      signal = Signal::Break;
      stack.pop_back();
      break;
    case NodeKind::Continue:
      signal = Signal::Continue;
      stack.pop_back();
      break;
    case NodeKind::Return:
      trace.end = TraceEnd::Return;
      return trace;
    case NodeKind::Unreachable:
      trace.end = TraceEnd::Unreachable;
      return trace;
    case NodeKind::SetVar:
      variables[static_cast<size_t>(n.id)] = n.value;
      stack.pop_back();
      break;
    }
  }
  trace.end = TraceEnd::FellOff;
  return trace;
}

} // namespace p2m::cfg
