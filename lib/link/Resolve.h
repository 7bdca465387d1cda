// Symbol resolution across the modules of a link, by the PTX ISA's linking directives:
//
// * every name a module declares .extern (or by a .visible/.weak prototype) must be defined by
//   exactly one module, with the same kind (function, kernel, variable), state space and, for
//   functions, the same parameters and results;
// * one strong (.visible) definition per name; .weak definitions yield to it, and among .weak
//   ones the first module's wins; .common variables merge into the largest (only it may have an
//   initializer), and a strong definition wins over them;
// * a name declared .extern and never used needs no definition (the declaration is dropped);
// * a function the CUDA driver provides to every module (vprintf, malloc, free, __assertfail)
//   may stay .extern; so does dynamic shared memory (`.extern .shared .b8 smem[]`), which every
//   kernel has for itself and the modules declare with the largest alignment asked for;
// * a module's own names (no linking directive) that another module also uses at module scope
//   are renamed with the module's number ("m2_$str"), so that they stay apart.
//
// Problems are located errors: a duplicate strong definition at the second one with a note at
// the first, an unresolved name at the declaration that needs it, mismatched prototypes at the
// declaration with a note at the definition.
#pragma once

#include "link/Rewrite.h"
#include "link/Symbols.h"

#include <cstddef>
#include <functional>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace p2m {
class DiagnosticEngine;
}

namespace p2m::link {

inline constexpr size_t kNoModule = ~size_t(0);

// How the linked module binds one name that has external linkage in some input.
struct ExternalName {
  SymbolKind kind = SymbolKind::Function;
  size_t definer = kNoModule;  // the module whose definition the linked module keeps
  size_t declarer = kNoModule; // without a definer: the module whose declaration it keeps
  uint32_t align = 0;          // dynamic shared memory: the largest alignment declared
};

struct Resolution {
  std::map<std::string, ExternalName, std::less<>> externals;
  std::vector<RenameMap> renames;         // per module: its own names that must change
  std::vector<uint32_t> fileIndexOffsets; // per module: added to its .file indices
};

// `symbols[i]` are those of `modules[i]`. False, with located errors, when the names do not
// resolve.
bool resolveSymbols(std::span<const ptx::Module *const> modules, std::span<const ModuleSymbols> symbols,
                    const std::function<bool(std::string_view)> &providedByDriver, DiagnosticEngine &diags,
                    Resolution *out);

} // namespace p2m::link
