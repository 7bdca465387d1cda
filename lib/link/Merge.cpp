// The linked module's items and text (Merge.h).
#include "link/Merge.h"

#include "ptx/Printer.h"
#include "support/SourceFile.h"

#include <algorithm>
#include <functional>
#include <map>

namespace p2m::link {

namespace {

void collectNames(const ptx::Expr &e, std::vector<std::string_view> &out) {
  switch (e.kind) {
  case ptx::ExprKind::Name: out.push_back(e.text()); return;
  case ptx::ExprKind::Unary:
  case ptx::ExprKind::Paren: collectNames(e.child(0), out); return;
  case ptx::ExprKind::Binary:
    collectNames(e.child(0), out);
    collectNames(e.child(1), out);
    return;
  case ptx::ExprKind::Conditional:
    for (size_t i = 0; i < 3; ++i)
      collectNames(e.child(i), out);
    return;
  case ptx::ExprKind::Address:
  case ptx::ExprKind::Braced:
  case ptx::ExprKind::List:
    for (const ptx::Expr &c : e.operands())
      collectNames(c, out);
    return;
  case ptx::ExprKind::Generic:
  case ptx::ExprKind::Call:
    for (const ptx::Expr &c : e.callArgs())
      collectNames(c, out);
    return;
  default: return;
  }
}

class Merger {
public:
  Merger(std::span<const ptx::Module *const> modules, std::span<const ModuleSymbols> symbols,
         const Resolution &resolution)
      : modules_(modules), symbols_(symbols), resolution_(resolution),
        merged_(std::make_shared<SourceFile>("<linked>", std::string())) {}

  std::string run(const LinkedHeader &header) {
    merged_.version = header.version;
    merged_.targets = merged_.copyArray(std::span<const std::string_view>(header.targets));
    merged_.addressSize = header.addressSize;
    for (size_t m = 0; m < modules_.size(); ++m)
      for (const ptx::Item *item : modules_[m]->items)
        place(m, *item);
    std::vector<const ptx::Item *> items = files_;
    items.insert(items.end(), prototypes_.begin(), prototypes_.end());
    for (const ptx::Item *v : orderVariables())
      items.push_back(v);
    items.insert(items.end(), bodies_.begin(), bodies_.end());
    items.insert(items.end(), sections_.begin(), sections_.end());
    merged_.items = merged_.copyArray(std::span<const ptx::Item *const>(items));
    return ptx::printModule(merged_);
  }

private:
  const ExternalName *external(std::string_view name) const {
    auto it = resolution_.externals.find(name);
    return it == resolution_.externals.end() ? nullptr : &it->second;
  }

  // Whether `item` is the declaration of `name` that module m contributes.
  bool keeps(size_t m, std::string_view name, const ptx::Item *item, const ptx::Declarator *declarator) const {
    const ModuleSymbol *s = symbols_[m].find(name);
    if (!s)
      return false;
    if (const ExternalName *e = external(name)) {
      if (e->definer == m) {
        const Declaration *d = s->definition();
        return d && d->item == item && d->declarator == declarator;
      }
      // Left .extern (the driver's function, dynamic shared memory): the first declaration.
      return e->definer == kNoModule && e->declarer == m && s->declarations.front().item == item &&
             s->declarations.front().declarator == declarator;
    }
    return true;
  }

  void place(size_t m, const ptx::Item &item) {
    switch (item.kind) {
    case ptx::ItemKind::File: files_.push_back(&item); return;
    case ptx::ItemKind::Section:
      // Several units' DWARF cannot be laid end to end (ptxas rejects the result): the linked
      // module keeps the strings that .loc lines name and leaves out the rest.
      if (modules_.size() == 1 || static_cast<const ptx::SectionItem &>(item).name == ".debug_str")
        sections_.push_back(&item);
      return;
    case ptx::ItemKind::Pragma:
    case ptx::ItemKind::Alias: bodies_.push_back(&item); return;
    case ptx::ItemKind::Function: placeFunction(m, static_cast<const ptx::Function &>(item)); return;
    case ptx::ItemKind::Variable: placeVariable(m, static_cast<const ptx::VariableItem &>(item)); return;
    }
  }

  void placeFunction(size_t m, const ptx::Function &fn) {
    const ModuleSymbol *s = symbols_[m].find(fn.name);
    if (!s)
      return;
    const ExternalName *e = external(fn.name);
    if (fn.hasBody) {
      if (e && e->definer != m)
        return; // another module's definition won
      if (!fn.isEntry)
        prototypes_.push_back(prototypeOf(fn));
      bodies_.push_back(&fn);
      return;
    }
    // A declaration: kept only where nothing else stands for it (a function the driver
    // provides, or one the module defines by .alias or not at all), and only once.
    const Declaration *definition = s->definition();
    bool aliased = definition && definition->item->kind == ptx::ItemKind::Alias;
    bool kept = e ? (e->definer == m && aliased) || (e->definer == kNoModule && e->declarer == m)
                  : !definition || aliased;
    if (kept && firstPrototype(*s) == &fn)
      prototypes_.push_back(&fn);
  }

  static const ptx::Item *firstPrototype(const ModuleSymbol &s) {
    for (const Declaration &d : s.declarations)
      if (d.item->kind == ptx::ItemKind::Function)
        return d.item;
    return nullptr;
  }

  // The definition's prototype: what callers anywhere in the linked module see first.
  const ptx::Function *prototypeOf(const ptx::Function &fn) {
    auto *p = merged_.create<ptx::Function>(fn);
    p->hasBody = false;
    p->hasCalls = false;
    p->body = nullptr;
    std::vector<ptx::FunctionDirective> kept;
    for (const ptx::FunctionDirective &d : fn.directives)
      if (d.directive == ptx::Directive::Noreturn)
        kept.push_back(d);
    p->directives = merged_.copyArray(std::span<const ptx::FunctionDirective>(kept));
    return p;
  }

  void placeVariable(size_t m, const ptx::VariableItem &item) {
    std::vector<ptx::Declarator> kept;
    uint32_t align = item.decl.align;
    for (const ptx::Declarator &d : item.decl.declarators) {
      if (!keeps(m, d.name, &item, &d))
        continue;
      kept.push_back(d);
      if (const ExternalName *e = external(d.name); e && e->definer == kNoModule)
        align = std::max(align, e->align);
    }
    if (kept.empty())
      return;
    const ptx::VariableItem *out = &item;
    if (kept.size() != item.decl.declarators.size() || align != item.decl.align) {
      auto *copy = merged_.create<ptx::VariableItem>(item);
      copy->decl.declarators = merged_.copyArray(std::span<const ptx::Declarator>(kept));
      copy->decl.align = align;
      out = copy;
    }
    variables_.push_back(out);
  }

  // Module order, except that a variable whose initializer names another one comes after it
  // (a table of addresses defined in one module, of variables defined in a later one).
  std::vector<const ptx::Item *> orderVariables() {
    std::map<std::string_view, size_t> index;
    for (size_t i = 0; i < variables_.size(); ++i)
      for (const ptx::Declarator &d : variables_[i]->decl.declarators)
        index.emplace(d.name, i);
    std::vector<const ptx::Item *> ordered;
    std::vector<int> state(variables_.size(), 0); // 1: being placed, 2: placed
    std::function<void(size_t)> visit = [&](size_t i) {
      if (state[i])
        return; // placed, or a cycle (which only the translator's own ordering can take)
      state[i] = 1;
      std::vector<std::string_view> names;
      for (const ptx::Declarator &d : variables_[i]->decl.declarators)
        if (d.initializer)
          collectNames(*d.initializer, names);
      for (std::string_view n : names)
        if (auto it = index.find(n); it != index.end() && it->second != i)
          visit(it->second);
      state[i] = 2;
      ordered.push_back(variables_[i]);
    };
    for (size_t i = 0; i < variables_.size(); ++i)
      visit(i);
    return ordered;
  }

  std::span<const ptx::Module *const> modules_;
  std::span<const ModuleSymbols> symbols_;
  const Resolution &resolution_;
  ptx::Module merged_;
  std::vector<const ptx::Item *> files_, prototypes_, bodies_, sections_;
  std::vector<const ptx::VariableItem *> variables_;
};

} // namespace

std::string printLinkedModule(std::span<const ptx::Module *const> modules, std::span<const ModuleSymbols> symbols,
                              const LinkedHeader &header, const Resolution &resolution) {
  return Merger(modules, symbols, resolution).run(header);
}

} // namespace p2m::link
