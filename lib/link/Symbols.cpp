// Module-scope names of a module (Symbols.h).
#include "link/Symbols.h"

#include "support/Diagnostics.h"
#include "support/SourceFile.h"

#include <algorithm>

namespace p2m::link {

namespace {

struct Pending {
  ModuleSymbol symbol;
  std::vector<ptx::Linkage> linkages; // one per declaration
};

bool isUnsized(const ptx::Declarator &d) {
  return std::find(d.dims.begin(), d.dims.end(), int64_t(-1)) != d.dims.end();
}

const char *kindName(SymbolKind kind) {
  switch (kind) {
  case SymbolKind::Function: return "a function";
  case SymbolKind::Entry: return "a kernel";
  case SymbolKind::Variable: return "a variable";
  case SymbolKind::Label: return "a debug-section label";
  }
  return "a symbol";
}

bool isFunctionLike(SymbolKind kind) { return kind == SymbolKind::Function || kind == SymbolKind::Entry; }

class Collector {
public:
  Collector(const ptx::Module &module, DiagnosticEngine &diags) : module_(module), diags_(diags) {}

  ModuleSymbols run() {
    for (const ptx::Item *item : module_.items)
      visit(*item);
    ModuleSymbols out;
    out.maxFileIndex = maxFileIndex_;
    for (Pending &p : pending_) {
      bind(p);
      out.byName.emplace(p.symbol.name, out.symbols.size());
      out.symbols.push_back(std::move(p.symbol));
    }
    return out;
  }

private:
  void visit(const ptx::Item &item) {
    switch (item.kind) {
    case ptx::ItemKind::Function: {
      const auto &fn = static_cast<const ptx::Function &>(item);
      add(fn.name, fn.isEntry ? SymbolKind::Entry : SymbolKind::Function, ptx::Directive::Global, fn.linkage,
          {&item, nullptr, fn.nameOffset, fn.hasBody});
      if (fn.body)
        scanBody(*fn.body);
      return;
    }
    case ptx::ItemKind::Variable: {
      const auto &decl = static_cast<const ptx::VariableItem &>(item).decl;
      for (const ptx::Declarator &d : decl.declarators)
        add(d.name, SymbolKind::Variable, decl.space, decl.linkage,
            {&item, &d, d.offset, decl.linkage != ptx::Linkage::Extern});
      return;
    }
    case ptx::ItemKind::Alias: {
      // `.alias a, b`: the module gives a's prototype b's body, so it defines a.
      const auto &alias = static_cast<const ptx::AliasItem &>(item);
      auto it = index_.find(alias.alias);
      ptx::Linkage linkage = it == index_.end() || pending_[it->second].linkages.empty()
                                 ? ptx::Linkage::None
                                 : pending_[it->second].linkages.front();
      add(alias.alias, SymbolKind::Function, ptx::Directive::Global, linkage, {&item, nullptr, item.offset, true});
      return;
    }
    case ptx::ItemKind::Section:
      for (const ptx::SectionEntry &e : static_cast<const ptx::SectionItem &>(item).entries)
        if (!e.label.empty())
          add(e.label, SymbolKind::Label, ptx::Directive::Global, ptx::Linkage::None, {&item, nullptr, e.offset, true});
      return;
    case ptx::ItemKind::File:
      maxFileIndex_ = std::max(maxFileIndex_, static_cast<const ptx::FileItem &>(item).file.index);
      return;
    case ptx::ItemKind::Pragma:
      return;
    }
  }

  // A body may declare debug files of its own (.file inside a function: legal, rare).
  void scanBody(const ptx::BlockStmt &block) {
    for (const ptx::Statement *s : block.statements) {
      if (s->kind == ptx::StatementKind::Block)
        scanBody(static_cast<const ptx::BlockStmt &>(*s));
      else if (s->kind == ptx::StatementKind::DebugFile)
        maxFileIndex_ = std::max(maxFileIndex_, static_cast<const ptx::DebugFileStmt &>(*s).file.index);
    }
  }

  void add(std::string_view name, SymbolKind kind, ptx::Directive space, ptx::Linkage linkage, Declaration d) {
    auto [it, inserted] = index_.try_emplace(name, pending_.size());
    if (inserted) {
      Pending p;
      p.symbol.name = name;
      p.symbol.kind = kind;
      p.symbol.space = space;
      pending_.push_back(std::move(p));
    }
    Pending &p = pending_[it->second];
    bool compatible = p.symbol.kind == kind || (isFunctionLike(p.symbol.kind) && isFunctionLike(kind));
    if (!compatible) {
      diags_.report(Severity::Error, module_.source(), d.offset,
                    "'" + std::string(name) + "' is " + kindName(kind) + " here and " +
                        kindName(p.symbol.kind) + " earlier in this module");
      diags_.report(Severity::Note, module_.source(), p.symbol.declarations.front().offset, "declared here");
      return;
    }
    if (d.defines && std::any_of(p.symbol.declarations.begin(), p.symbol.declarations.end(),
                                 [](const Declaration &x) { return x.defines; })) {
      const Declaration &first = *std::find_if(p.symbol.declarations.begin(), p.symbol.declarations.end(),
                                               [](const Declaration &x) { return x.defines; });
      diags_.report(Severity::Error, module_.source(), d.offset, "'" + std::string(name) + "' is defined twice in this module");
      diags_.report(Severity::Note, module_.source(), first.offset, "first defined here");
      return;
    }
    if (kind == SymbolKind::Entry)
      p.symbol.kind = SymbolKind::Entry;
    if (d.defines)
      p.symbol.space = space;
    p.symbol.declarations.push_back(d);
    p.linkages.push_back(linkage);
  }

  void bind(Pending &p) {
    ModuleSymbol &s = p.symbol;
    bool entry = s.kind == SymbolKind::Entry;
    const Declaration *definition = nullptr;
    ptx::Linkage defined = ptx::Linkage::None;
    bool declaredExtern = false, declaredExternal = false;
    for (size_t i = 0; i < s.declarations.size(); ++i) {
      if (s.declarations[i].defines && !definition) {
        definition = &s.declarations[i];
        defined = p.linkages[i];
      }
      declaredExtern = declaredExtern || p.linkages[i] == ptx::Linkage::Extern;
      declaredExternal = declaredExternal || p.linkages[i] != ptx::Linkage::None;
    }
    if (definition) {
      switch (defined) {
      case ptx::Linkage::Visible: s.binding = Binding::Strong; break;
      case ptx::Linkage::Weak: s.binding = Binding::Weak; break;
      case ptx::Linkage::Common: s.binding = Binding::Common; break;
      default: s.binding = entry ? Binding::Strong : Binding::Internal; break; // kernels are visible by default
      }
      if (s.binding == Binding::Internal && declaredExtern) {
        // ptxas refuses this too: an .extern name cannot be resolved by a file-static definition.
        diags_.report(Severity::Error, module_.source(), definition->offset,
                      "'" + std::string(s.name) + "' is declared .extern but defined here without .visible");
        s.binding = Binding::Strong;
      }
      return;
    }
    if (!declaredExternal && !entry) {
      s.binding = Binding::Internal; // a prototype of the module's own (its body is missing)
      return;
    }
    const Declaration &first = s.declarations.front();
    bool dynamicShared = s.kind == SymbolKind::Variable && s.space == ptx::Directive::Shared && first.declarator &&
                         isUnsized(*first.declarator);
    s.binding = dynamicShared ? Binding::DynamicShared : Binding::Reference;
  }

  const ptx::Module &module_;
  DiagnosticEngine &diags_;
  std::vector<Pending> pending_;
  std::map<std::string_view, size_t, std::less<>> index_;
  uint32_t maxFileIndex_ = 0;
};

void appendDecl(const ptx::VariableDecl &decl, std::string &out) {
  out += '.';
  out += ptx::spelling(decl.space);
  if (decl.align)
    out += " .align " + std::to_string(decl.align);
  for (ptx::Modifier m : decl.typeModifiers) {
    out += " .";
    out += ptx::spelling(m);
  }
  if (decl.isPointer) {
    out += " .ptr";
    if (decl.hasPointerSpace) {
      out += " .";
      out += ptx::spelling(decl.pointerSpace);
    }
    if (decl.pointerAlign)
      out += " .align " + std::to_string(decl.pointerAlign);
  }
  for (const ptx::Declarator &d : decl.declarators) {
    out += " _";
    for (int64_t dim : d.dims)
      out += dim < 0 ? std::string("[]") : "[" + std::to_string(dim) + "]";
  }
}

void appendList(std::span<const ptx::VariableDecl> decls, std::string &out) {
  out += '(';
  for (size_t i = 0; i < decls.size(); ++i) {
    if (i)
      out += ", ";
    appendDecl(decls[i], out);
  }
  out += ')';
}

} // namespace

ModuleSymbols collectSymbols(const ptx::Module &module, DiagnosticEngine &diags) {
  return Collector(module, diags).run();
}

std::string prototypeKey(const ptx::Function &function) {
  std::string key;
  if (function.hasReturnList)
    appendList(function.returns, key);
  key += " _ ";
  appendList(function.params, key);
  return key;
}

} // namespace p2m::link
