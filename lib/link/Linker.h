// Device linking on PTX: several modules whose .extern functions and variables are defined in
// one another become one module, before translation. This is what nvlink does for `-rdc` code
// and cuLinkComplete for the Driver API, done on the PTX text (DESIGN.md: data flows one way;
// the translator sees one ordinary module):
//
//   link::Linker linker;
//   linker.addModule("a.ptx", textA, diags);   // parses and validates, reports file:line:col
//   linker.addModule("b.ptx", textB, diags);
//   std::optional<std::string> linked = linker.link(diags);
//
// Resolve.h says how names resolve, Merge.h how the result is laid out, Header.h how the
// headers combine. The result does not depend on the order the modules were added in: they
// are linked in the order of their texts' SHA-256, so every linker of the same modules (the
// CUDA Runtime at load time, `ptx2metal convert` ahead of time, cuLinkComplete) makes the same
// text, and a translation cached or bundled by that text's hash is found again. Among .weak
// definitions of a name (C++ inline functions and templates, alike in every module that has
// them) the one of the first module in that order is kept.
#pragma once

#include "link/Symbols.h"
#include "ptx/Ast.h"

#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace p2m {
class DiagnosticEngine;
class SourceFile;
}

namespace p2m::link {

struct LinkOptions {
  // Functions a module may leave .extern because the driver provides them to every module.
  // Unset: CUDA's device runtime built into the driver (isDriverFunction).
  std::function<bool(std::string_view)> providedByDriver;
};

// vprintf, malloc, free and __assertfail: what NVIDIA's driver resolves without any library.
bool isDriverFunction(std::string_view name);

class Linker {
public:
  explicit Linker(LinkOptions options = {});
  ~Linker();
  Linker(const Linker &) = delete;
  Linker &operator=(const Linker &) = delete;

  // Parses and validates one module; `name` names it in diagnostics. False, with the located
  // errors in `diags`, when it does not parse (it is then not part of the link).
  bool addModule(std::string name, std::string ptx, DiagnosticEngine &diags);
  // The same for a member of a static library: as with nvlink and ld, it is linked only when
  // it defines a name that a linked module declares and no other defines (and so on, for the
  // names it needs in turn).
  bool addLibraryMember(std::string name, std::string ptx, DiagnosticEngine &diags);
  size_t moduleCount() const { return inputs_.size(); }

  // The linked module as canonical PTX text; nullopt, with located errors, when the modules do
  // not link (or none was added).
  std::optional<std::string> link(DiagnosticEngine &diags) const;

private:
  struct Input {
    std::string hash; // SHA-256 of the text: the link order
    std::shared_ptr<const SourceFile> source;
    std::unique_ptr<ptx::Module> module;
    ModuleSymbols symbols;
    bool member = false; // of a static library: linked only where needed
  };
  bool add(std::string name, std::string ptx, bool member, DiagnosticEngine &diags);
  // The inputs that take part, in link order: every module, and the members they need.
  std::vector<size_t> linkedInputs() const;
  LinkOptions options_;
  std::vector<Input> inputs_;
};

struct LinkInput {
  std::string name;
  std::string ptx;
};

// Adds every input and links them: one call for a set of PTX texts.
std::optional<std::string> linkPtx(std::span<const LinkInput> inputs, DiagnosticEngine &diags,
                                   const LinkOptions &options = {});

} // namespace p2m::link
