#include "ir/CallTargets.h"

#include "ir/Declarations.h"
#include "ptx/BodyReader.h"

#include <llvm/ADT/STLFunctionalExtras.h>

#include <algorithm>

namespace p2m::ir {

namespace {

using ptx::Expr;
using ptx::ExprKind;

// Calls `visit` on every statement of `body`, nested blocks included. Iterative: bodies can nest
// deeply.
void forEachStatement(const ptx::BlockStmt &body, llvm::function_ref<void(const ptx::Statement &)> visit) {
  std::vector<const ptx::BlockStmt *> work{&body};
  while (!work.empty()) {
    const ptx::BlockStmt *blk = work.back();
    work.pop_back();
    for (const ptx::Statement *s : blk->statements) {
      if (s->kind == ptx::StatementKind::Block)
        work.push_back(static_cast<const ptx::BlockStmt *>(s));
      else
        visit(*s);
    }
  }
}

// Calls `visit` on every name inside the operands of `in`, however deeply nested.
void forEachName(const ptx::Instruction &in, llvm::function_ref<void(const Expr &)> visit) {
  std::vector<const Expr *> work;
  for (const Expr &e : in.operands())
    work.push_back(&e);
  while (!work.empty()) {
    const Expr *e = work.back();
    work.pop_back();
    if (e->kind == ExprKind::Name)
      visit(*e);
    else if (e->kind != ExprKind::Integer && e->kind != ExprKind::FloatBits &&
             e->kind != ExprKind::FloatDecimal && e->kind != ExprKind::String)
      for (const Expr &c : e->operands())
        work.push_back(&c);
  }
}

// One result or parameter of a signature: what the call passes there.
struct Slot {
  Space space = Space::Param;
  uint64_t bytes = 0;
  bool operator==(const Slot &) const = default;
};

struct Signature {
  std::vector<Slot> returns, params;
  bool operator==(const Signature &) const = default;
};

Signature signatureOf(const ptx::CallPrototypeStmt &p) {
  Signature s;
  auto slots = [](std::span<const ptx::VariableDecl> decls, std::vector<Slot> &out) {
    for (const ptx::VariableDecl &decl : decls)
      for (const ptx::Declarator &d : decl.declarators)
        out.push_back({decl.space == ptx::Directive::Reg ? Space::Reg : Space::Param,
                       declaredBytes(decl, d)});
  };
  slots(p.returns, s.returns);
  slots(p.params, s.params);
  return s;
}

Signature signatureOf(const Module &m, const Function &f) {
  Signature s;
  for (SymId id : f.returns)
    s.returns.push_back({m.symbol(id).space, m.symbol(id).size});
  for (SymId id : f.params)
    s.params.push_back({m.symbol(id).space, m.symbol(id).size});
  return s;
}

} // namespace

bool sameSignature(const Module &m, const Function &a, const Function &b) {
  return signatureOf(m, a) == signatureOf(m, b);
}

bool splitCall(const ptx::Instruction &call, CallOperands &out) {
  auto ops = call.operands();
  size_t i = 0;
  out = {};
  if (i < ops.size() && ops[i].kind == ExprKind::List)
    out.rets = &ops[i++];
  if (i >= ops.size() || ops[i].kind != ExprKind::Name)
    return false;
  out.callee = &ops[i++];
  if (i < ops.size() && ops[i].kind == ExprKind::List)
    out.args = &ops[i++];
  if (i < ops.size() && ops[i].kind == ExprKind::Name)
    out.list = &ops[i++];
  return i == ops.size();
}

void CallLists::add(const ptx::Statement &s) {
  if (s.kind == ptx::StatementKind::CallPrototype) {
    auto *p = static_cast<const ptx::CallPrototypeStmt *>(&s);
    prototypes[p->name] = p;
  } else if (s.kind == ptx::StatementKind::CallTargets) {
    auto *t = static_cast<const ptx::TargetListStmt *>(&s);
    targets[t->name] = t;
  }
}

CallTargets::CallTargets(const ptx::Module &ast, const Module &module, const Names &names)
    : ast_(ast), module_(module), names_(names) {}

SymId CallTargets::functionSymbol(llvm::StringRef name) const {
  auto it = names_.find(name);
  if (it == names_.end() || module_.symbol(it->second).kind != SymbolKind::Function)
    return kNone;
  return it->second;
}

const std::vector<SymId> &CallTargets::addressTaken() {
  if (scanned_)
    return addressTaken_;
  scanned_ = true;
  std::vector<SymId> taken(module_.functions.size(), kNone); // by FuncId: its symbol, if taken
  auto note = [&](SymId s) {
    const Symbol &sym = module_.symbol(s);
    if (sym.kind == SymbolKind::Function && !module_.function(sym.function).isEntry)
      taken[sym.function.index()] = s;
  };
  for (const Symbol &s : module_.symbols)
    if (s.kind == SymbolKind::Variable && s.owner == kNone)
      for (const Relocation &r : s.relocations)
        if (r.target.index() < module_.symbols.size())
          note(r.target);
  // Its own reader: this runs while a body is being built.
  ptx::BodyReader reader(ast_);
  for (const ptx::Item *item : ast_.items) {
    if (item->kind != ptx::ItemKind::Function)
      continue;
    if (const ptx::BlockStmt *body = reader.read(*static_cast<const ptx::Function *>(item)))
      forEachStatement(*body, [&](const ptx::Statement &st) {
        if (st.kind != ptx::StatementKind::Instruction)
          return;
        const auto &in = static_cast<const ptx::Instruction &>(st);
        if (in.opcode == ptx::Opcode::Call)
          return; // a call names its target without taking its address
        forEachName(in, [&](const Expr &e) {
          if (SymId s = functionSymbol(e.text()); s != kNone)
            note(s);
        });
      });
  }
  for (SymId s : taken)
    if (s != kNone)
      addressTaken_.push_back(s);
  return addressTaken_;
}

CallTargets::Resolved CallTargets::indirectTargets(const CallOperands &call, const CallLists &lists) {
  Resolved r;
  auto fail = [&](std::string why) {
    r.functions.clear();
    r.error = std::move(why);
    return r;
  };
  if (!call.list)
    return fail("an indirect call needs a .callprototype or a list of call targets");
  llvm::StringRef name = call.list->text();
  if (auto p = lists.prototypes.find(name); p != lists.prototypes.end()) {
    Signature wanted = signatureOf(*p->second);
    for (SymId s : addressTaken())
      if (signatureOf(module_, module_.function(module_.symbol(s).function)) == wanted)
        r.functions.push_back(s);
    if (r.functions.empty())
      return fail("indirect call with no possible target in this module: no function whose address it "
                  "takes matches the prototype (targets in another module need that module linked first)");
    return r;
  }
  if (auto t = lists.targets.find(name); t != lists.targets.end()) {
    for (std::string_view target : t->second->targets) {
      SymId s = functionSymbol(target);
      if (s == kNone)
        return fail("'" + std::string(target) + "' in .calltargets is not a function of this module");
      r.functions.push_back(s);
    }
  } else if (auto v = names_.find(name);
             v != names_.end() && module_.symbol(v->second).kind == SymbolKind::Variable) {
    // A call table: the functions its initializer names.
    for (const Relocation &rel : module_.symbol(v->second).relocations) {
      if (rel.target.index() >= module_.symbols.size() || module_.symbol(rel.target).kind != SymbolKind::Function)
        return fail("the call table '" + name.str() + "' holds an address that is not a function's");
      r.functions.push_back(rel.target);
    }
  } else {
    return fail("unknown call prototype or target list '" + name.str() + "'");
  }
  auto byFunction = [&](SymId a, SymId b) {
    return module_.symbol(a).function < module_.symbol(b).function;
  };
  std::sort(r.functions.begin(), r.functions.end(), byFunction);
  r.functions.erase(std::unique(r.functions.begin(), r.functions.end()), r.functions.end());
  if (r.functions.empty())
    return fail("the call target list '" + name.str() + "' is empty");
  return r;
}

std::vector<FuncId> CallTargets::calleesOf(const ptx::BlockStmt &body) {
  std::vector<FuncId> out;
  CallLists lists;
  std::vector<CallOperands> indirect;
  auto add = [&](SymId s) {
    FuncId f = module_.symbol(s).function;
    if (std::find(out.begin(), out.end(), f) == out.end())
      out.push_back(f);
  };
  forEachStatement(body, [&](const ptx::Statement &st) {
    lists.add(st);
    CallOperands call;
    if (st.kind != ptx::StatementKind::Instruction ||
        static_cast<const ptx::Instruction &>(st).opcode != ptx::Opcode::Call ||
        !splitCall(static_cast<const ptx::Instruction &>(st), call))
      return;
    if (SymId s = functionSymbol(call.callee->text()); s != kNone)
      add(s);
    else
      indirect.push_back(call); // resolved once every list of the body is known
  });
  for (const CallOperands &call : indirect)
    for (SymId s : indirectTargets(call, lists).functions)
      add(s);
  return out;
}

} // namespace p2m::ir
