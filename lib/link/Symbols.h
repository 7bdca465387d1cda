// The module-scope names of one parsed PTX module, as the linker sees them: for each name, what
// it is (a function, a kernel, a variable, a debug-section label), its linkage and whether the
// module defines it or only declares it. A name may appear in several items of one module (a
// prototype before its definition, an .extern declaration beside it); they are gathered into
// one symbol.
#pragma once

#include "ptx/Ast.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace p2m {
class DiagnosticEngine;
}

namespace p2m::link {

enum class SymbolKind : uint8_t { Function, Entry, Variable, Label };

// How the module binds a name.
enum class Binding : uint8_t {
  Internal,      // no linkage directive (file-static): the module's own name
  Strong,        // .visible definition (or an .entry without a directive, visible by default)
  Weak,          // .weak definition: yields to a strong one
  Common,        // .common variable: merged with the others, the largest wins
  Reference,     // declared only (.extern, or a .visible/.weak prototype): defined elsewhere
  DynamicShared, // `.extern .shared ... name[]`: the kernel's dynamic shared memory, never defined
};

// One item that declares or defines the name.
struct Declaration {
  const ptx::Item *item = nullptr;
  const ptx::Declarator *declarator = nullptr; // variables: which name of the item
  ptx::SourceOffset offset = 0;                // of the name
  bool defines = false;
};

struct ModuleSymbol {
  std::string_view name;
  SymbolKind kind = SymbolKind::Function;
  Binding binding = Binding::Internal;
  ptx::Directive space = ptx::Directive::Global; // variables
  std::vector<Declaration> declarations;         // in source order; at most one defines

  // Null when the module only declares the name.
  const Declaration *definition() const {
    for (const Declaration &d : declarations)
      if (d.defines)
        return &d;
    return nullptr;
  }
  ptx::SourceOffset offset() const {
    const Declaration *d = definition();
    return d ? d->offset : declarations.front().offset;
  }
};

struct ModuleSymbols {
  std::vector<ModuleSymbol> symbols; // in order of first appearance
  std::map<std::string_view, size_t, std::less<>> byName;
  uint32_t maxFileIndex = 0; // the highest .file index (0: none)

  const ModuleSymbol *find(std::string_view name) const {
    auto it = byName.find(name);
    return it == byName.end() ? nullptr : &symbols[it->second];
  }
};

// Reports (as errors located in `module`) a name the module binds in two incompatible ways: a
// function and a variable, or an .extern declaration of a name it defines without .visible.
ModuleSymbols collectSymbols(const ptx::Module &module, DiagnosticEngine &diags);

// A function's parameters and results as the linker compares them: state space, alignment,
// type and array shape of each, names left out. Equal strings, compatible prototypes.
std::string prototypeKey(const ptx::Function &function);

} // namespace p2m::link
