// Symbol resolution across modules (Resolve.h).
#include "link/Resolve.h"

#include "ir/Declarations.h"
#include "ptx/Lexer.h"
#include "support/Diagnostics.h"
#include "support/SourceFile.h"

#include <algorithm>
#include <optional>
#include <set>

namespace p2m::link {

namespace {

struct Holder {
  size_t module;
  const ModuleSymbol *symbol;
};

const char *kindName(SymbolKind kind) {
  switch (kind) {
  case SymbolKind::Function: return "a function";
  case SymbolKind::Entry: return "a kernel";
  case SymbolKind::Variable: return "a variable";
  case SymbolKind::Label: return "a label";
  }
  return "a symbol";
}

const ptx::VariableDecl *variableDecl(const Declaration &d) {
  return d.item && d.item->kind == ptx::ItemKind::Variable ? &static_cast<const ptx::VariableItem *>(d.item)->decl
                                                          : nullptr;
}

const ptx::Function *function(const Declaration &d) {
  return d.item && d.item->kind == ptx::ItemKind::Function ? static_cast<const ptx::Function *>(d.item) : nullptr;
}

uint64_t definedBytes(const ModuleSymbol &s) {
  const Declaration *d = s.definition();
  const ptx::VariableDecl *decl = d ? variableDecl(*d) : nullptr;
  return decl && d->declarator ? ir::declaredBytes(*decl, *d->declarator) : 0;
}

bool hasInitializer(const ModuleSymbol &s) {
  const Declaration *d = s.definition();
  return d && d->declarator && d->declarator->initializer;
}

// Every identifier of a module's text: a new name must not capture any of them.
std::set<std::string, std::less<>> identifiersOf(std::string_view text) {
  std::set<std::string, std::less<>> names;
  ptx::Lexer lexer(text);
  for (ptx::Token t = lexer.next(); t.kind != ptx::TokenKind::End; t = lexer.next())
    if (t.kind == ptx::TokenKind::Identifier)
      names.emplace(lexer.text(t));
  return names;
}

class Resolver {
public:
  Resolver(std::span<const ptx::Module *const> modules, std::span<const ModuleSymbols> symbols,
           const std::function<bool(std::string_view)> &provided, DiagnosticEngine &diags, Resolution &out)
      : modules_(modules), symbols_(symbols), provided_(provided), diags_(diags), out_(out) {}

  bool run() {
    out_.renames.assign(modules_.size(), {});
    out_.fileIndexOffsets.assign(modules_.size(), 0);
    uint32_t files = 0;
    for (size_t m = 0; m < modules_.size(); ++m) {
      out_.fileIndexOffsets[m] = files;
      files += symbols_[m].maxFileIndex;
    }
    std::map<std::string_view, std::vector<Holder>> byName; // ordered: the result is deterministic
    for (size_t m = 0; m < modules_.size(); ++m)
      for (const ModuleSymbol &s : symbols_[m].symbols)
        byName[s.name].push_back({m, &s});
    for (const auto &[name, holders] : byName)
      taken_.emplace(name);
    for (const auto &[name, holders] : byName) {
      std::vector<Holder> internal, external;
      for (const Holder &h : holders)
        (h.symbol->binding == Binding::Internal ? internal : external).push_back(h);
      if (!external.empty())
        resolveExternal(name, external);
      // The first module keeps its own name unless another module uses it with linkage.
      for (size_t i = external.empty() ? 1 : 0; i < internal.size(); ++i)
        rename(name, internal[i].module);
    }
    return ok_;
  }

private:
  void error(const Holder &h, ptx::SourceOffset offset, const std::string &message) {
    diags_.report(Severity::Error, modules_[h.module]->source(), offset, message);
    ok_ = false;
  }
  void note(const Holder &h, ptx::SourceOffset offset, const std::string &message) {
    diags_.report(Severity::Note, modules_[h.module]->source(), offset, message);
  }
  std::string fileOf(const Holder &h) const { return modules_[h.module]->source().name(); }

  void resolveExternal(std::string_view name, const std::vector<Holder> &holders) {
    const std::string quoted = "'" + std::string(name) + "'";
    const Holder &first = holders.front();
    // Clang's -fgpu-rdc PTX lists the device symbols a unit uses from other units in
    // __clang_gpu_used_external, and declares a kernel it launches from there as `.extern .func`
    // (the NVPTX backend has no extern kernel declaration): such a reference names the kernel.
    auto entry = std::find_if(holders.begin(), holders.end(),
                              [](const Holder &h) { return h.symbol->kind == SymbolKind::Entry; });
    auto namesKernel = [&](const Holder &h) {
      return entry != holders.end() && h.symbol->kind == SymbolKind::Function && h.symbol->binding == Binding::Reference;
    };
    const Holder &kindHolder = entry != holders.end() ? *entry : first;
    for (const Holder &h : holders) {
      if (h.symbol->kind != kindHolder.symbol->kind && !namesKernel(h)) {
        error(h, h.symbol->offset(),
              quoted + " is " + kindName(h.symbol->kind) + " here and " + kindName(kindHolder.symbol->kind) + " in " +
                  fileOf(kindHolder));
        note(kindHolder, kindHolder.symbol->offset(), "declared here");
        return;
      }
    }
    std::vector<Holder> strong, weak, common, references, dynamic;
    for (const Holder &h : holders) {
      switch (h.symbol->binding) {
      case Binding::Strong: strong.push_back(h); break;
      case Binding::Weak: weak.push_back(h); break;
      case Binding::Common: common.push_back(h); break;
      case Binding::Reference: references.push_back(h); break;
      case Binding::DynamicShared: dynamic.push_back(h); break;
      case Binding::Internal: break;
      }
    }
    ExternalName result;
    result.kind = kindHolder.symbol->kind;
    for (size_t i = 1; i < strong.size(); ++i) {
      error(strong[i], strong[i].symbol->offset(), "duplicate definition of " + quoted + " (also defined in " +
                                                       fileOf(strong[0]) + ")");
      note(strong[0], strong[0].symbol->offset(), "first defined here");
    }
    std::optional<Holder> winner;
    if (!strong.empty())
      winner = strong.front();
    else if (!common.empty())
      winner = mergeCommon(quoted, common);
    else if (!weak.empty())
      winner = weak.front();

    if (!winner) {
      if (dynamic.size() == holders.size()) {
        // Dynamic shared memory: one declaration, aligned for every module that asks.
        result.declarer = dynamic.front().module;
        for (const Holder &h : dynamic)
          if (const ptx::VariableDecl *decl = variableDecl(h.symbol->declarations.front()))
            result.align = std::max(result.align, decl->align);
      } else if (first.symbol->kind == SymbolKind::Function && provided_ && provided_(name)) {
        result.declarer = first.module; // the driver's own function: it stays .extern
      } else {
        // Declared and never used (clang's -O0 PTX declares threadIdx and the like): nothing needs
        // a definition, and the declaration is left out (ptxas too only warns about it).
        bool needed = false;
        for (const Holder &h : holders)
          if (uses(h, name) > h.symbol->declarations.size()) {
            error(h, h.symbol->offset(),
                  "unresolved external " + std::string(kindName(h.symbol->kind)).substr(2) + " " + quoted +
                      ": declared here and defined in no linked module");
            needed = true;
          }
        if (needed)
          return;
      }
      out_.externals.emplace(std::string(name), result);
      return;
    }
    result.definer = winner->module;
    checkAgainst(quoted, *winner, holders);
    out_.externals.emplace(std::string(name), result);
  }

  // The largest .common definition; only it may be initialized.
  std::optional<Holder> mergeCommon(const std::string &quoted, const std::vector<Holder> &common) {
    const Holder *largest = &common.front();
    for (const Holder &h : common)
      if (definedBytes(*h.symbol) > definedBytes(*largest->symbol))
        largest = &h;
    const Holder *initialized = nullptr;
    for (const Holder &h : common) {
      if (!hasInitializer(*h.symbol))
        continue;
      if (initialized) {
        error(h, h.symbol->offset(), ".common " + quoted + " is initialized in more than one module");
        note(*initialized, initialized->symbol->offset(), "also initialized here");
      } else if (definedBytes(*h.symbol) < definedBytes(*largest->symbol)) {
        error(h, h.symbol->offset(),
              ".common " + quoted + " is initialized here, but a larger declaration of it is in " + fileOf(*largest) +
                  " (only the largest may be initialized)");
        note(*largest, largest->symbol->offset(), "the larger declaration");
      }
      if (!initialized)
        initialized = &h;
    }
    return initialized ? *initialized : *largest;
  }

  // Every other declaration must agree with the definition kept.
  void checkAgainst(const std::string &quoted, const Holder &winner, const std::vector<Holder> &holders) {
    const Declaration &definition = *winner.symbol->definition();
    if (winner.symbol->kind == SymbolKind::Variable) {
      for (const Holder &h : holders)
        if (h.symbol->space != winner.symbol->space) {
          error(h, h.symbol->offset(),
                quoted + " is declared in ." + std::string(ptx::spelling(h.symbol->space)) + " here but defined in ." +
                    std::string(ptx::spelling(winner.symbol->space)) + " in " + fileOf(winner));
          note(winner, definition.offset, "defined here");
        }
      return;
    }
    const ptx::Function *defined = function(definition);
    if (!defined)
      return; // an .alias: its prototype is checked by the translator
    std::string key = prototypeKey(*defined);
    for (const Holder &h : holders)
      for (const Declaration &d : h.symbol->declarations) {
        const ptx::Function *declared = function(d);
        if (!declared || declared == defined || prototypeKey(*declared) == key)
          continue;
        // A kernel named by a .func declaration (clang's __clang_gpu_used_external): only its
        // address is taken, with parameter types of the backend's choosing (.b64 for .u64).
        if (defined->isEntry && !declared->isEntry)
          continue;
        error(h, d.offset, quoted + " is declared here with parameters or results that differ from its definition in " +
                               fileOf(winner));
        note(winner, definition.offset, "defined here");
      }
  }

  // How often `name` is written in the module: in its declarations, and where it is used.
  size_t uses(const Holder &h, std::string_view name) {
    if (identifierCounts_.size() <= h.module)
      identifierCounts_.resize(modules_.size());
    auto &counts = identifierCounts_[h.module];
    if (!counts) {
      counts.emplace();
      ptx::Lexer lexer(modules_[h.module]->source().text());
      for (ptx::Token t = lexer.next(); t.kind != ptx::TokenKind::End; t = lexer.next())
        if (t.kind == ptx::TokenKind::Identifier)
          ++(*counts)[std::string(lexer.text(t))];
    }
    auto it = counts->find(name);
    return it == counts->end() ? 0 : it->second;
  }

  void rename(std::string_view name, size_t module) {
    if (moduleIdentifiers_.size() <= module)
      moduleIdentifiers_.resize(modules_.size());
    if (!moduleIdentifiers_[module])
      moduleIdentifiers_[module] = identifiersOf(modules_[module]->source().text());
    // %names may not take a prefix before the %: "m2_$str", "%m2_x".
    std::string prefix = "m" + std::to_string(module + 1) + "_";
    std::string fresh = name.front() == '%' ? "%" + prefix + std::string(name.substr(1)) : prefix + std::string(name);
    while (taken_.count(fresh) || moduleIdentifiers_[module]->count(fresh))
      fresh += '_';
    taken_.insert(fresh);
    out_.renames[module].emplace(std::string(name), fresh);
  }

  std::span<const ptx::Module *const> modules_;
  std::span<const ModuleSymbols> symbols_;
  const std::function<bool(std::string_view)> &provided_;
  DiagnosticEngine &diags_;
  Resolution &out_;
  bool ok_ = true;
  std::set<std::string, std::less<>> taken_; // every module-scope name, and each new one
  std::vector<std::optional<std::set<std::string, std::less<>>>> moduleIdentifiers_;
  std::vector<std::optional<std::map<std::string, size_t, std::less<>>>> identifierCounts_;
};

} // namespace

bool resolveSymbols(std::span<const ptx::Module *const> modules, std::span<const ModuleSymbols> symbols,
                    const std::function<bool(std::string_view)> &providedByDriver, DiagnosticEngine &diags,
                    Resolution *out) {
  *out = Resolution();
  return Resolver(modules, symbols, providedByDriver, diags, *out).run();
}

} // namespace p2m::link
