// The functions a `call` may reach, read from the AST: the target of a direct call, and the
// candidates of an indirect one (through a register). MSL has no function pointers (DESIGN.md),
// so an indirect call becomes a switch over its candidates, each case a direct call, and a
// function's address is an id that no device address can equal (abi.h: P2M_FUNCTION_WINDOW plus
// the function's FuncId). The candidates of an indirect call:
//  * with a .callprototype: every function of the module whose address is taken (named by an
//    instruction other than a call, or in a variable's initializer) and whose result and
//    parameter lists match the prototype slot by slot (state space and size);
//  * with a target list (a .calltargets label, or a call table: a variable initialized with
//    function names): the functions listed.
// The builder puts the candidates into the IR (legalize-for-metal then treats them as callees:
// recursion, frames, untranslatable callees), and the driver orders functions callee-first
// with calleesOf(), so both see the same call graph.
#pragma once

#include "ir/Ir.h"
#include "ptx/Ast.h"

#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/StringRef.h>

#include <string>
#include <vector>

namespace p2m::ir {

// The operands of a `call` as written: call (rets), callee, (args), list — all but the callee
// optional.
struct CallOperands {
  const ptx::Expr *rets = nullptr;
  const ptx::Expr *callee = nullptr;
  const ptx::Expr *args = nullptr;
  const ptx::Expr *list = nullptr; // a .callprototype or .calltargets label, or a call table
};

// False when the operands have another shape.
bool splitCall(const ptx::Instruction &call, CallOperands &out);

// Whether two functions of `m` have the same results and parameters, slot by slot (state space
// and size): what matching a prototype, or an .alias, asks.
bool sameSignature(const Module &m, const Function &a, const Function &b);

// The .callprototype and .calltargets statements of one body, by label (function-scoped).
struct CallLists {
  llvm::DenseMap<llvm::StringRef, const ptx::CallPrototypeStmt *> prototypes;
  llvm::DenseMap<llvm::StringRef, const ptx::TargetListStmt *> targets;
  void add(const ptx::Statement &s); // records `s` if it is one of them
};

class CallTargets {
public:
  using Names = llvm::DenseMap<llvm::StringRef, SymId>;
  // `names`: the module-scope names. The module's functions, parameters and initializers must
  // be declared before the first query.
  CallTargets(const ptx::Module &ast, const Module &module, const Names &names);

  struct Resolved {
    std::vector<SymId> functions; // function symbols, in FuncId order
    std::string error;            // why the call has no candidates (then `functions` is empty)
  };
  // The candidates of an indirect call (its callee is not a function name) in a body whose
  // prototypes and target lists are `lists`.
  Resolved indirectTargets(const CallOperands &call, const CallLists &lists);

  // Every function the calls of a function's `body` may reach, each once, direct targets and
  // indirect candidates.
  std::vector<FuncId> calleesOf(const ptx::BlockStmt &body);

private:
  const std::vector<SymId> &addressTaken();
  SymId functionSymbol(llvm::StringRef name) const; // kNone when `name` is no function

  const ptx::Module &ast_;
  const Module &module_;
  const Names &names_;
  bool scanned_ = false;
  std::vector<SymId> addressTaken_; // computed on first use: most modules never need it
};

} // namespace p2m::ir
