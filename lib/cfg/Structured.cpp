#include "cfg/Structured.h"

#include "cfg/ProgramWalk.h"

#include <deque>
#include <set>

namespace p2m::cfg {

using detail::Completion;

namespace {

class Printer {
public:
  explicit Printer(const Program &program)
      : p_(program), completion_(detail::completion(program)) {}

  std::string print(NodeId root) {
    stack_.push_back({Item::Node, root, 0, nullptr});
    while (!stack_.empty()) {
      Item item = stack_.back();
      stack_.pop_back();
      switch (item.kind) {
      case Item::Text:
        line(item.indent, item.text);
        break;
      case Item::Node:
        printNode(item.node, item.indent, false);
        break;
      case Item::ElseIf:
        printNode(item.node, item.indent, true);
        break;
      }
    }
    return std::move(out_);
  }

private:
  struct Item {
    enum Kind : uint8_t { Node, Text, ElseIf } kind;
    NodeId node;
    uint32_t indent;
    const char *text;
  };

  void line(uint32_t indent, const std::string &text) {
    out_.append(2 * indent, ' ');
    out_ += text;
    out_ += '\n';
  }
  void pushNode(NodeId n, uint32_t indent) { stack_.push_back({Item::Node, n, indent, nullptr}); }
  void pushText(const char *text, uint32_t indent) {
    stack_.push_back({Item::Text, kNoNode, indent, text});
  }

  std::string variable(int32_t id) const {
    bool isFlag = id >= 0 && static_cast<size_t>(id) < p_.variables.size() &&
                  p_.variables[static_cast<size_t>(id)] == VariableKind::Flag;
    return (isFlag ? "flag" : "state") + std::to_string(id);
  }

  static bool isJump(const Node &n) {
    return n.kind == NodeKind::Break || n.kind == NodeKind::Continue ||
           n.kind == NodeKind::Return || n.kind == NodeKind::Unreachable;
  }

  void printNode(NodeId id, uint32_t indent, bool elseIf) {
    const Node &n = p_[id];
    switch (n.kind) {
    case NodeKind::Seq:
      for (auto it = n.statements.rbegin(); it != n.statements.rend(); ++it)
        pushNode(*it, indent);
      break;
    case NodeKind::Block:
      line(indent, "block " + std::to_string(n.id) + ";");
      break;
    case NodeKind::If: {
      std::string cond = std::string(n.negated ? "!" : "") +
                         (n.onVariable ? variable(n.id) : "c" + std::to_string(n.id));
      const Node &thenBody = p_[n.thenBody];
      const Node &elseBody = p_[n.elseBody];
      if (!elseIf && elseBody.statements.empty() && thenBody.statements.size() == 1 &&
          isJump(p_[thenBody.statements[0]])) {
        std::string jump = printSimple(p_[thenBody.statements[0]]);
        line(indent, "if (" + cond + ") " + jump);
        break;
      }
      line(indent, std::string(elseIf ? "} else " : "") + "if (" + cond + ") {");
      if (elseBody.statements.empty()) {
        pushText("}", indent);
      } else if (elseBody.statements.size() == 1 && p_[elseBody.statements[0]].kind == NodeKind::If) {
        stack_.push_back({Item::ElseIf, elseBody.statements[0], indent, nullptr});
      } else {
        pushText("}", indent);
        pushNode(n.elseBody, indent + 1);
        pushText("} else {", indent);
      }
      pushNode(n.thenBody, indent + 1);
      break;
    }
    case NodeKind::Loop:
      line(indent, "loop {");
      pushText("}", indent);
      pushNode(n.body, indent + 1);
      break;
    case NodeKind::Switch: {
      line(indent, "switch (" + (n.onVariable ? variable(n.id) : "s" + std::to_string(n.id)) +
                       ") {");
      pushText("}", indent);
      // Pushed in reverse: the default last.
      if (n.defaultBody != kNoNode)
        pushCase(nullptr, n.defaultBody, indent);
      for (auto it = n.cases.rbegin(); it != n.cases.rend(); ++it)
        pushCase(&it->values, it->body, indent);
      break;
    }
    default:
      line(indent, printSimple(n));
      break;
    }
  }

  void pushCase(const std::vector<int64_t> *values, NodeId body, uint32_t indent) {
    if (completion_.canComplete[body])
      pushText("break;", indent + 1);
    pushNode(body, indent + 1);
    if (!values) {
      pushText("default:", indent);
      return;
    }
    for (auto it = values->rbegin(); it != values->rend(); ++it) {
      labels_.push_back("case " + std::to_string(*it) + ":");
      pushText(labels_.back().c_str(), indent);
    }
  }

  std::string printSimple(const Node &n) const {
    switch (n.kind) {
    case NodeKind::Break: return "break;";
    case NodeKind::Continue: return "continue;";
    case NodeKind::Return: return "return;";
    case NodeKind::Unreachable: return "unreachable;";
    case NodeKind::SetVar:
      if (n.id >= 0 && static_cast<size_t>(n.id) < p_.variables.size() &&
          p_.variables[static_cast<size_t>(n.id)] == VariableKind::Flag)
        return variable(n.id) + (n.value ? " = true;" : " = false;");
      return variable(n.id) + " = " + std::to_string(n.value) + ";";
    default: return "?;";
    }
  }

  const Program &p_;
  Completion completion_;
  std::vector<Item> stack_;
  std::deque<std::string> labels_; // stable storage for case labels awaiting printing
  std::string out_;
};

} // namespace

std::string printStructured(const Program &program, NodeId node) {
  return Printer(program).print(node);
}

std::string printStructured(const Program &program) { return printStructured(program, program.root); }

uint32_t countBlocks(const Program &program) {
  uint32_t count = 0;
  for (NodeId x : detail::preorder(program, program.root))
    count += program[x].kind == NodeKind::Block;
  return count;
}

std::string verifyStructure(const Program &program, const Cfg &cfg) {
  size_t n = program.nodes.size();
  auto name = [](NodeId x) { return "node " + std::to_string(x); };
  if (program.root >= n || program[program.root].kind != NodeKind::Seq)
    return "the root is not a Seq";
  struct Item {
    NodeId node;
    uint32_t loops;      // enclosing Loops
    uint32_t breakables; // enclosing Loops and Switches
  };
  std::vector<uint8_t> seen(n, 0);
  std::vector<Item> stack{{program.root, 0, 0}};
  seen[program.root] = 1;
  auto variableIs = [&](int32_t v, VariableKind kind) {
    return v >= 0 && static_cast<size_t>(v) < program.variables.size() &&
           program.variables[static_cast<size_t>(v)] == kind;
  };
  while (!stack.empty()) {
    Item item = stack.back();
    stack.pop_back();
    const Node &node = program[item.node];
    std::string problem;
    auto child = [&](NodeId c, bool mustBeSeq, uint32_t loops, uint32_t breakables) {
      if (!problem.empty())
        return;
      if (c >= n)
        problem = name(item.node) + " refers to a missing node";
      else if (seen[c])
        problem = name(c) + " has two parents";
      else if (mustBeSeq && program[c].kind != NodeKind::Seq)
        problem = name(item.node) + " has a body that is not a Seq";
      else {
        seen[c] = 1;
        stack.push_back({c, loops, breakables});
      }
    };
    switch (node.kind) {
    case NodeKind::Seq:
      for (size_t i = 0; i < node.statements.size(); ++i) {
        NodeId s = node.statements[i];
        child(s, false, item.loops, item.breakables);
        if (!problem.empty())
          return problem;
        const Node &st = program[s];
        bool testsInput = (st.kind == NodeKind::If || st.kind == NodeKind::Switch) && !st.onVariable;
        if (!testsInput)
          continue;
        const Node *prev = i ? &program[node.statements[i - 1]] : nullptr;
        if (!prev || prev->kind != NodeKind::Block || prev->id < 0 ||
            static_cast<size_t>(prev->id) >= cfg.size())
          return name(s) + " tests an input operand but does not follow a Block";
        const Terminator &t = cfg.blocks[static_cast<size_t>(prev->id)];
        const auto *c = std::get_if<CondBranch>(&t);
        const auto *w = std::get_if<Switch>(&t);
        bool matches = testsAtRunTime(t) &&
                       ((st.kind == NodeKind::If && c && c->condition == st.id) ||
                        (st.kind == NodeKind::Switch && w && w->selector == st.id));
        if (!matches)
          return name(s) + " does not test the operand of block " + std::to_string(prev->id);
      }
      break;
    case NodeKind::Block:
      if (node.id < 0 || static_cast<size_t>(node.id) >= cfg.size())
        return name(item.node) + " runs a block the graph does not have";
      break;
    case NodeKind::If:
      if (node.onVariable && !variableIs(node.id, VariableKind::Flag))
        return name(item.node) + " tests something that is not a flag";
      child(node.thenBody, true, item.loops, item.breakables);
      child(node.elseBody, true, item.loops, item.breakables);
      break;
    case NodeKind::Loop:
      child(node.body, true, item.loops + 1, item.breakables + 1);
      break;
    case NodeKind::Switch: {
      if (node.onVariable && !variableIs(node.id, VariableKind::State))
        return name(item.node) + " switches on something that is not a state";
      std::set<int64_t> values;
      for (const SwitchCase &c : node.cases) {
        for (int64_t v : c.values)
          if (!values.insert(v).second)
            return name(item.node) + " lists case " + std::to_string(v) + " twice";
        child(c.body, true, item.loops, item.breakables + 1);
      }
      if (node.defaultBody != kNoNode)
        child(node.defaultBody, true, item.loops, item.breakables + 1);
      break;
    }
    case NodeKind::Break:
      if (item.breakables == 0)
        return name(item.node) + ": break outside a loop or switch";
      break;
    case NodeKind::Continue:
      if (item.loops == 0)
        return name(item.node) + ": continue outside a loop";
      break;
    case NodeKind::SetVar:
      if (variableIs(node.id, VariableKind::Flag) ? (node.value != 0 && node.value != 1)
                                                   : !variableIs(node.id, VariableKind::State))
        return name(item.node) + " assigns an undeclared variable or a non-bool to a flag";
      break;
    case NodeKind::Return:
    case NodeKind::Unreachable:
      break;
    }
    if (!problem.empty())
      return problem;
  }
  return {};
}

} // namespace p2m::cfg
