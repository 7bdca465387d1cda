#include "mslcheck/DivergentBarrierCheck.h"

#include "mslcheck/KernelSignature.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/Stmt.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace p2m::mslcheck {
namespace {

using FieldPath = std::vector<const clang::FieldDecl *>;

// A variable, or a field of one (`ctx.b.tid`: the variable ctx and the fields b, tid).
struct Path {
  const clang::ValueDecl *root = nullptr;
  FieldPath fields;
};

bool isPrefix(const FieldPath &prefix, const FieldPath &of) {
  return prefix.size() <= of.size() && std::equal(prefix.begin(), prefix.end(), of.begin());
}

// What is thread-dependent at a point of a function: paths by variable.
using State = std::map<const clang::ValueDecl *, std::set<FieldPath>>;

void join(State &into, const State &from) {
  for (const auto &[root, paths] : from)
    into[root].insert(paths.begin(), paths.end());
}

// `x`, `x.f.g` (through references and copies too); not memory (`p->f`, `a[i]`).
std::optional<Path> pathOf(const clang::Expr *expr) {
  expr = expr->IgnoreParenImpCasts();
  if (const auto *construct = clang::dyn_cast<clang::CXXConstructExpr>(expr);
      construct && construct->getNumArgs() == 1 && construct->getConstructor()->isCopyOrMoveConstructor())
    return pathOf(construct->getArg(0));
  if (const auto *ref = clang::dyn_cast<clang::DeclRefExpr>(expr)) {
    if (clang::isa<clang::VarDecl>(ref->getDecl()))
      return Path{ref->getDecl(), {}};
    return std::nullopt;
  }
  if (const auto *member = clang::dyn_cast<clang::MemberExpr>(expr)) {
    const auto *field = clang::dyn_cast<clang::FieldDecl>(member->getMemberDecl());
    if (!field || member->isArrow())
      return std::nullopt;
    std::optional<Path> base = pathOf(member->getBase());
    if (!base)
      return std::nullopt;
    base->fields.push_back(field);
    return base;
  }
  return std::nullopt;
}

// The kernel argument attributes whose value differs from thread to thread (the counts and
// the threadgroup's position are the same for every thread of a threadgroup).
bool isPerThreadAttribute(std::string_view name) {
  return name == "thread_position_in_grid" || name == "thread_position_in_threadgroup" ||
         name == "thread_index_in_threadgroup" || name == "thread_index_in_simdgroup" ||
         name == "thread_index_in_quadgroup" || name == "simdgroup_index_in_threadgroup" ||
         name == "quadgroup_index_in_threadgroup";
}

// Standard library functions whose result differs between threads whatever their arguments.
bool isThreadDependentLibraryFunction(std::string_view name) {
  return name.starts_with("simd_") || name.starts_with("quad_") || name.starts_with("atomic_");
}

bool isBarrier(const clang::FunctionDecl &callee) {
  const std::string name = callee.getQualifiedNameAsString();
  return name == "metal::threadgroup_barrier" || name == "metal::simdgroup_barrier";
}

// Loops are walked until their state stops growing; this bounds a pathological nest.
constexpr int kLoopRounds = 16;
constexpr int kFileRounds = 16;

class Analysis {
public:
  Analysis(clang::ASTContext &context, Reporter &reporter) : context_(context), reporter_(reporter) {}

  void run() {
    collect(context_.getTranslationUnitDecl());
    if (functions_.empty())
      return;
    seedKernelArguments();
    // The summaries (what each parameter may receive, which results are thread-dependent,
    // which functions reach a barrier) grow monotonically: walk until they stop.
    for (int round = 0; round < kFileRounds; ++round) {
      changed_ = false;
      for (const clang::FunctionDecl *function : functions_) {
        walkFunction(function, /*summaryOnly=*/true);
        walkFunction(function, /*summaryOnly=*/false);
      }
      if (!changed_)
        break;
    }
    reporting_ = true;
    for (const clang::FunctionDecl *function : functions_)
      walkFunction(function, false);
  }

private:
  // Functions ---------------------------------------------------------------------------------
  void collect(const clang::DeclContext *context) {
    for (const clang::Decl *decl : context->decls()) {
      if (const auto *space = clang::dyn_cast<clang::NamespaceDecl>(decl)) {
        collect(space);
        continue;
      }
      const clang::FunctionDecl *function = nullptr;
      if (const auto *templ = clang::dyn_cast<clang::FunctionTemplateDecl>(decl))
        function = templ->getTemplatedDecl();
      else
        function = clang::dyn_cast<clang::FunctionDecl>(decl);
      if (function && function->doesThisDeclarationHaveABody() &&
          reporter_.writtenInFile(function->getLocation()))
        functions_.push_back(function);
    }
    for (const clang::FunctionDecl *function : functions_)
      canonical_[function->getCanonicalDecl()] = function;
  }

  // The definition in the file a call reaches (a template's pattern for its instances).
  const clang::FunctionDecl *definitionOf(const clang::FunctionDecl *callee) const {
    if (!callee)
      return nullptr;
    if (const clang::FunctionTemplateDecl *pattern = callee->getPrimaryTemplate())
      callee = pattern->getTemplatedDecl();
    const auto found = canonical_.find(callee->getCanonicalDecl());
    return found == canonical_.end() ? nullptr : found->second;
  }

  void seedKernelArguments() {
    for (const clang::FunctionDecl *function : functions_) {
      if (!isMetalKernel(*function))
        continue;
      const std::vector<std::string> attributes = kernelArgumentAttributes(*function, reporter_);
      for (size_t i = 0; i < attributes.size() && i < function->getNumParams(); ++i)
        if (isPerThreadAttribute(attributes[i]))
          parameters_[function->getParamDecl(static_cast<unsigned>(i))].insert(FieldPath{});
    }
  }

  // A summary walk starts with only the struct parameters' taint: a result it finds
  // thread-dependent is so whatever the scalar arguments (theirs is added at each call).
  void walkFunction(const clang::FunctionDecl *function, bool summaryOnly) {
    const clang::Stmt *body = function->getBody();
    if (!body)
      return;
    current_ = function;
    summaryOnly_ = summaryOnly;
    State state;
    for (const clang::ParmVarDecl *parameter : function->parameters()) {
      const auto found = parameters_.find(parameter);
      if (found == parameters_.end())
        continue;
      if (summaryOnly && !parameter->getType().getNonReferenceType()->isRecordType())
        continue;
      state[parameter] = found->second;
    }
    walk(body, state, nullptr);
  }

  // Taint -------------------------------------------------------------------------------------
  static bool taint(State &state, const Path &path) {
    std::set<FieldPath> &paths = state[path.root];
    for (const FieldPath &held : paths)
      if (isPrefix(held, path.fields))
        return false;
    paths.insert(path.fields);
    return true;
  }

  // A new value for `path`: what it and its parts held goes, unless a whole containing it is
  // tainted (then it stays so).
  static void kill(State &state, const Path &path) {
    const auto found = state.find(path.root);
    if (found == state.end())
      return;
    std::set<FieldPath> &paths = found->second;
    for (const FieldPath &held : paths)
      if (held.size() < path.fields.size() && isPrefix(held, path.fields))
        return;
    for (auto it = paths.begin(); it != paths.end();)
      it = isPrefix(path.fields, *it) ? paths.erase(it) : std::next(it);
  }

  // The path itself or a part of it holds thread-dependent values.
  static bool touchesTaint(const State &state, const Path &path) {
    const auto found = state.find(path.root);
    if (found == state.end())
      return false;
    for (const FieldPath &held : found->second)
      if (isPrefix(held, path.fields) || isPrefix(path.fields, held))
        return true;
    return false;
  }

  // What is tainted in `from` (and below it), rebased onto `to`.
  static std::vector<FieldPath> taintBelow(const State &state, const Path &from, const FieldPath &to) {
    std::vector<FieldPath> out;
    const auto found = state.find(from.root);
    if (found == state.end())
      return out;
    for (const FieldPath &held : found->second) {
      if (isPrefix(held, from.fields)) {
        out.push_back(to);
      } else if (isPrefix(from.fields, held)) {
        FieldPath rebased = to;
        rebased.insert(rebased.end(), held.begin() + static_cast<long>(from.fields.size()), held.end());
        out.push_back(std::move(rebased));
      }
    }
    return out;
  }

  // Gives `target` the value `value`, under `cause` (a thread-dependent condition, or null).
  void assign(State &state, const Path &target, const clang::Expr *value, const clang::Expr *cause) {
    kill(state, target);
    if (cause) {
      taint(state, target);
      return;
    }
    value = value->IgnoreParenImpCasts();
    if (const auto *list = clang::dyn_cast<clang::InitListExpr>(value)) {
      const clang::RecordDecl *record = list->getType()->getAsRecordDecl();
      if (record) {
        unsigned i = 0;
        for (const clang::FieldDecl *field : record->fields()) {
          if (i >= list->getNumInits())
            break;
          Path part = target;
          part.fields.push_back(field);
          assign(state, part, list->getInit(i++), nullptr);
        }
        return;
      }
    }
    if (value->getType()->isRecordType()) {
      if (std::optional<Path> source = pathOf(value)) {
        for (FieldPath &fields : taintBelow(state, *source, target.fields))
          taint(state, Path{target.root, std::move(fields)});
        return;
      }
    }
    if (tainted(state, value))
      taint(state, target);
  }

  // Whether `expr` may differ between threads. A call's result does when a scalar argument
  // does, or when the callee returns a thread-dependent value of its own (from a library
  // source, or from a field of a struct argument).
  bool tainted(const State &state, const clang::Expr *expr) const {
    if (!expr)
      return false;
    expr = expr->IgnoreParenImpCasts();
    if (std::optional<Path> path = pathOf(expr))
      return touchesTaint(state, *path);
    if (const auto *call = clang::dyn_cast<clang::CallExpr>(expr)) {
      const clang::FunctionDecl *callee = call->getDirectCallee();
      if (callee && reporter_.inStandardLibrary(callee->getLocation()) &&
          callee->getDeclName().isIdentifier() && isThreadDependentLibraryFunction(callee->getName()))
        return true;
      if (const clang::FunctionDecl *definition = definitionOf(callee);
          definition && returnsThreadValue_.count(definition))
        return true;
      for (const clang::Expr *argument : call->arguments())
        if (!argument->getType()->isRecordType() && tainted(state, argument))
          return true;
      return false;
    }
    for (const clang::Stmt *child : expr->children())
      if (const auto *sub = clang::dyn_cast_or_null<clang::Expr>(child); sub && tainted(state, sub))
        return true;
    return false;
  }

  const clang::Expr *causeOf(const State &state, const clang::Expr *condition, const clang::Expr *outer) const {
    if (outer)
      return outer;
    return condition && tainted(state, condition) ? condition : nullptr;
  }

  // Statements --------------------------------------------------------------------------------
  // Exits that some threads take and others not, with the thread-dependent condition each is
  // under; and the states at the breaks and continues of the innermost loop or switch.
  struct Flow {
    const clang::Expr *breakCause = nullptr, *continueCause = nullptr, *returnCause = nullptr;
    const clang::Expr *any() const { return breakCause ? breakCause : continueCause ? continueCause : returnCause; }
  };
  struct Exits {
    State atBreak, atContinue;
  };

  static void merge(Flow &into, const Flow &from) {
    if (!into.breakCause)
      into.breakCause = from.breakCause;
    if (!into.continueCause)
      into.continueCause = from.continueCause;
    if (!into.returnCause)
      into.returnCause = from.returnCause;
  }

  Flow walk(const clang::Stmt *stmt, State &state, const clang::Expr *cause) {
    Flow flow;
    if (!stmt)
      return flow;
    if (const auto *compound = clang::dyn_cast<clang::CompoundStmt>(stmt)) {
      const clang::Expr *current = cause;
      for (const clang::Stmt *child : compound->body()) {
        const Flow inner = walk(child, state, current);
        merge(flow, inner);
        if (!current)
          current = inner.any();
      }
      return flow;
    }
    if (const auto *declarations = clang::dyn_cast<clang::DeclStmt>(stmt)) {
      for (const clang::Decl *decl : declarations->decls())
        if (const auto *variable = clang::dyn_cast<clang::VarDecl>(decl)) {
          if (const clang::Expr *init = variable->getInit()) {
            evaluate(init, state, cause);
            assign(state, Path{variable, {}}, init, cause);
          } else {
            kill(state, Path{variable, {}});
          }
        }
      return flow;
    }
    if (const auto *branch = clang::dyn_cast<clang::IfStmt>(stmt)) {
      walk(branch->getInit(), state, cause);
      evaluate(branch->getCond(), state, cause);
      const clang::Expr *inner = causeOf(state, branch->getCond(), cause);
      State other = state;
      merge(flow, walk(branch->getThen(), state, inner));
      merge(flow, walk(branch->getElse(), other, inner));
      join(state, other);
      return flow;
    }
    if (const auto *loop = clang::dyn_cast<clang::WhileStmt>(stmt))
      return walkLoop(loop->getBody(), loop->getCond(), nullptr, false, state, cause);
    if (const auto *loop = clang::dyn_cast<clang::DoStmt>(stmt))
      return walkLoop(loop->getBody(), loop->getCond(), nullptr, true, state, cause);
    if (const auto *loop = clang::dyn_cast<clang::ForStmt>(stmt)) {
      walk(loop->getInit(), state, cause);
      return walkLoop(loop->getBody(), loop->getCond(), loop->getInc(), false, state, cause);
    }
    if (const auto *choice = clang::dyn_cast<clang::SwitchStmt>(stmt)) {
      evaluate(choice->getCond(), state, cause);
      const clang::Expr *inner = causeOf(state, choice->getCond(), cause);
      Exits exits;
      Exits *outer = exits_;
      exits_ = &exits;
      // Any case may be entered: each label starts from the state before the switch too.
      State entry = state;
      const Flow body = walk(choice->getBody(), state, inner);
      exits_ = outer;
      join(state, entry);
      join(state, exits.atBreak);
      if (outer)
        join(outer->atContinue, exits.atContinue);
      flow.returnCause = body.returnCause;
      flow.continueCause = body.continueCause;
      return flow;
    }
    if (clang::isa<clang::BreakStmt>(stmt)) {
      if (exits_)
        join(exits_->atBreak, state);
      flow.breakCause = cause;
      return flow;
    }
    if (clang::isa<clang::ContinueStmt>(stmt)) {
      if (exits_)
        join(exits_->atContinue, state);
      flow.continueCause = cause;
      return flow;
    }
    if (const auto *ret = clang::dyn_cast<clang::ReturnStmt>(stmt)) {
      if (const clang::Expr *value = ret->getRetValue()) {
        evaluate(value, state, cause);
        if (summaryOnly_ && !returnsThreadValue_.count(current_) && tainted(state, value)) {
          returnsThreadValue_.insert(current_);
          changed_ = true;
        }
      }
      flow.returnCause = cause;
      return flow;
    }
    if (const auto *expr = clang::dyn_cast<clang::Expr>(stmt)) {
      evaluate(expr, state, cause);
      return flow;
    }
    for (const clang::Stmt *child : stmt->children())
      merge(flow, walk(child, state, cause));
    return flow;
  }

  Flow walkLoop(const clang::Stmt *body, const clang::Expr *condition, const clang::Expr *increment,
                bool bodyFirst, State &state, const clang::Expr *cause) {
    State entry = state;
    const clang::Expr *inner = cause;
    Flow flow;
    State exit;
    for (int round = 0; round < kLoopRounds; ++round) {
      State current = entry;
      if (!bodyFirst) {
        evaluate(condition, current, inner);
        inner = causeOf(current, condition, inner);
      }
      exit = current; // leaving through the condition
      Exits exits;
      Exits *outer = exits_;
      exits_ = &exits;
      flow = walk(body, current, inner);
      exits_ = outer;
      join(current, exits.atContinue);
      evaluate(increment, current, inner);
      if (bodyFirst) {
        evaluate(condition, current, inner);
        inner = causeOf(current, condition, inner);
        exit = current;
      }
      join(exit, exits.atBreak);
      // Some threads leave or skip ahead while others go round again: every later iteration
      // is then divergent, the whole body with it.
      const clang::Expr *exitCause = flow.breakCause ? flow.breakCause : flow.continueCause;
      bool grew = false;
      if (!inner && exitCause) {
        inner = exitCause;
        grew = true;
      }
      State next = entry;
      join(next, current);
      if (next != entry)
        grew = true;
      entry = std::move(next);
      if (!grew)
        break;
    }
    state = std::move(exit);
    join(state, entry);
    Flow out;
    out.returnCause = flow.returnCause;
    return out;
  }

  // Expressions: assignments, calls and barriers, in evaluation order as far as it matters.
  void evaluate(const clang::Expr *expr, State &state, const clang::Expr *cause) {
    if (!expr)
      return;
    expr = expr->IgnoreParens();
    if (const auto *choice = clang::dyn_cast<clang::ConditionalOperator>(expr)) {
      evaluate(choice->getCond(), state, cause);
      const clang::Expr *inner = causeOf(state, choice->getCond(), cause);
      State other = state;
      evaluate(choice->getTrueExpr(), state, inner);
      evaluate(choice->getFalseExpr(), other, inner);
      join(state, other);
      return;
    }
    if (const auto *binary = clang::dyn_cast<clang::BinaryOperator>(expr)) {
      if (binary->isLogicalOp()) {
        evaluate(binary->getLHS(), state, cause);
        State other = state;
        evaluate(binary->getRHS(), other, causeOf(state, binary->getLHS(), cause));
        join(state, other);
        return;
      }
      if (binary->isAssignmentOp()) {
        evaluate(binary->getRHS(), state, cause);
        evaluate(binary->getLHS(), state, cause);
        if (std::optional<Path> target = pathOf(binary->getLHS())) {
          if (binary->isCompoundAssignmentOp()) {
            if (cause || tainted(state, binary->getRHS()))
              taint(state, *target);
          } else {
            assign(state, *target, binary->getRHS(), cause);
          }
        }
        return;
      }
    }
    if (const auto *unary = clang::dyn_cast<clang::UnaryOperator>(expr); unary && unary->isIncrementDecrementOp()) {
      evaluate(unary->getSubExpr(), state, cause);
      if (cause)
        if (std::optional<Path> target = pathOf(unary->getSubExpr()))
          taint(state, *target);
      return;
    }
    if (const auto *call = clang::dyn_cast<clang::CallExpr>(expr)) {
      for (const clang::Expr *argument : call->arguments())
        evaluate(argument, state, cause);
      if (const auto *op = clang::dyn_cast<clang::CXXOperatorCallExpr>(call);
          op && op->isAssignmentOp() && op->getNumArgs() == 2) {
        if (std::optional<Path> target = pathOf(op->getArg(0)))
          assign(state, *target, op->getArg(1), cause);
        return;
      }
      passArguments(call, state);
      if (cause && reporting_)
        if (const std::string *barrier = barrierReached(call))
          reportBarrier(call, *barrier, cause);
      if (!reachers_.count(current_))
        if (const std::string *barrier = barrierReached(call)) {
          reachers_[current_] = *barrier;
          changed_ = true;
        }
      return;
    }
    for (const clang::Stmt *child : expr->children())
      if (const auto *sub = clang::dyn_cast_or_null<clang::Expr>(child))
        evaluate(sub, state, cause);
  }

  // A call of a function of the file: what its parameters may receive.
  void passArguments(const clang::CallExpr *call, const State &state) {
    if (summaryOnly_)
      return;
    const clang::FunctionDecl *callee = definitionOf(call->getDirectCallee());
    if (!callee)
      return;
    const unsigned first = clang::isa<clang::CXXOperatorCallExpr>(call) &&
                                   clang::isa<clang::CXXMethodDecl>(call->getDirectCallee()) ? 1u : 0u;
    for (unsigned i = 0; i + first < call->getNumArgs() && i < callee->getNumParams(); ++i) {
      const clang::ParmVarDecl *parameter = callee->getParamDecl(i);
      const clang::Expr *argument = call->getArg(i + first)->IgnoreParenImpCasts();
      std::vector<FieldPath> received;
      std::optional<Path> source = argument->getType()->isRecordType() ? pathOf(argument) : std::nullopt;
      if (source)
        received = taintBelow(state, *source, {});
      else if (tainted(state, argument))
        received.push_back({});
      for (FieldPath &fields : received) {
        State held;
        held[parameter] = parameters_[parameter];
        if (taint(held, Path{parameter, std::move(fields)})) {
          parameters_[parameter] = std::move(held[parameter]);
          changed_ = true;
        }
      }
    }
  }

  // Barriers ----------------------------------------------------------------------------------
  // The barrier a call is or reaches ("threadgroup_barrier"), else null.
  const std::string *barrierReached(const clang::CallExpr *call) const {
    static const std::string threadgroup = "threadgroup_barrier", simdgroup = "simdgroup_barrier";
    const clang::FunctionDecl *callee = call->getDirectCallee();
    if (!callee)
      return nullptr;
    if (isBarrier(*callee))
      return callee->getName() == "threadgroup_barrier" ? &threadgroup : &simdgroup;
    const clang::FunctionDecl *definition = definitionOf(callee);
    if (!definition)
      return nullptr;
    const auto found = reachers_.find(definition);
    return found == reachers_.end() ? nullptr : &found->second;
  }

  void reportBarrier(const clang::CallExpr *call, const std::string &barrier, const clang::Expr *cause) {
    if (!reporter_.writtenInFile(call->getBeginLoc()))
      return;
    const clang::SourceManager &sm = reporter_.sourceManager();
    const unsigned line = sm.getExpansionLineNumber(cause->getBeginLoc());
    const clang::FunctionDecl *callee = call->getDirectCallee();
    const std::string what = isBarrier(*callee)
                                 ? "'" + barrier + "'"
                                 : "call to '" + callee->getNameAsString() + "', which reaches '" + barrier + "',";
    const std::string group = barrier == "simdgroup_barrier" ? "SIMD-group" : "threadgroup";
    reporter_.report(Rule::DivergentBarrier, call->getBeginLoc(),
                     what + " is under a condition that depends on the thread (line " +
                         std::to_string(line) + "): Metal requires every thread of the " + group +
                         " to reach the same barrier");
  }

  clang::ASTContext &context_;
  Reporter &reporter_;
  std::vector<const clang::FunctionDecl *> functions_;
  std::map<const clang::FunctionDecl *, const clang::FunctionDecl *> canonical_;
  // What each parameter of a function of the file may receive.
  std::map<const clang::ParmVarDecl *, std::set<FieldPath>> parameters_;
  std::set<const clang::FunctionDecl *> returnsThreadValue_;
  std::map<const clang::FunctionDecl *, std::string> reachers_;
  const clang::FunctionDecl *current_ = nullptr;
  Exits *exits_ = nullptr;
  bool summaryOnly_ = false;
  bool reporting_ = false;
  bool changed_ = false;
};

} // namespace

void checkDivergentBarriers(clang::ASTContext &context, Reporter &reporter) {
  Analysis(context, reporter).run();
}

} // namespace p2m::mslcheck
