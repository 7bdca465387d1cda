#include "mslcheck/RecursionCheck.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/Analysis/CallGraph.h>
#include <llvm/ADT/SCCIterator.h>

#include <deque>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace p2m::mslcheck {
namespace {

std::string nameOf(const clang::CallGraphNode *node) {
  if (const auto *function = llvm::dyn_cast_or_null<clang::NamedDecl>(node->getDecl()))
    return function->getQualifiedNameAsString();
  return "?";
}

// The shortest path from `from` to `to` inside `component`, both ends included.
std::vector<const clang::CallGraphNode *>
pathWithin(const std::set<const clang::CallGraphNode *> &component,
           const clang::CallGraphNode *from, const clang::CallGraphNode *to) {
  std::map<const clang::CallGraphNode *, const clang::CallGraphNode *> parent{{from, nullptr}};
  std::deque<const clang::CallGraphNode *> queue{from};
  while (!queue.empty() && !parent.count(to)) {
    const clang::CallGraphNode *node = queue.front();
    queue.pop_front();
    for (const clang::CallGraphNode::CallRecord &call : *node) {
      if (component.count(call.Callee) && parent.emplace(call.Callee, node).second)
        queue.push_back(call.Callee);
    }
  }
  std::vector<const clang::CallGraphNode *> path;
  for (const clang::CallGraphNode *node = to; node; node = parent.count(node) ? parent[node] : nullptr)
    path.insert(path.begin(), node);
  return path;
}

} // namespace

void checkRecursion(clang::ASTContext &context, Reporter &reporter) {
  clang::CallGraph graph;
  graph.addToCallGraph(context.getTranslationUnitDecl());
  for (auto scc = llvm::scc_begin(&graph); !scc.isAtEnd(); ++scc) {
    if (!scc.hasCycle())
      continue;
    const std::set<const clang::CallGraphNode *> component((*scc).begin(), (*scc).end());
    for (const clang::CallGraphNode *caller : *scc) {
      for (const clang::CallGraphNode::CallRecord &call : *caller) {
        if (!component.count(call.Callee) || !call.CallExpr ||
            !reporter.writtenInFile(call.CallExpr->getBeginLoc()))
          continue;
        // caller -> callee -> ... -> caller
        std::string cycle = nameOf(caller);
        for (const clang::CallGraphNode *node : pathWithin(component, call.Callee, caller))
          cycle += " -> " + nameOf(node);
        const std::string message =
            caller == call.Callee
                ? "'" + nameOf(caller) + "' calls itself: Metal has no recursion"
                : "recursive call (" + cycle + "): Metal has no recursion";
        reporter.report(Rule::Recursion, call.CallExpr->getBeginLoc(), message);
      }
    }
  }
}

} // namespace p2m::mslcheck
