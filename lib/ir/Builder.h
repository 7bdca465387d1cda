// Builds the kernel IR from a parsed (and validated) PTX module: symbols with their initializers
// and parameter layouts, registers per function (nested scopes renamed apart), basic blocks
// split at labels and branches, operands resolved to registers, symbols and special registers.
//
// A function the builder cannot represent (an unknown special register, an indirect call with
// no possible target, ...) is kept with `unsupported` set to a located reason; the rest of the
// module still builds.
// Errors that make the whole module meaningless (none yet) would go to `diags`.
#pragma once

#include "ir/Ir.h"
#include "ptx/BodyReader.h"

#include <memory>
#include <vector>

namespace p2m {
class DiagnosticEngine;
}

namespace p2m::ir {

class BuilderImpl;

// Builds a module in two steps, so that a driver can take one function at a time through the
// pipeline: declare() makes every symbol, signature and initializer; buildBody() then fills in
// one function's registers and blocks. The AST must outlive the builder; it may have been parsed
// lazily (ptx::parseModuleLazily), its bodies then being parsed again one at a time, or with its
// bodies skipped (ptx::parseModuleSkippingBodies), each body then going through `check` before
// the builder looks at it: a function whose body the check rejects is left unsupported, and its
// callees read as none.
class ModuleBuilder {
public:
  explicit ModuleBuilder(const ptx::Module &ast, ptx::BodyReader::BodyCheck check = nullptr);
  ~ModuleBuilder();
  ModuleBuilder(const ModuleBuilder &) = delete;
  ModuleBuilder &operator=(const ModuleBuilder &) = delete;

  // Call once, first. The builder keeps building into the returned module.
  std::unique_ptr<Module> declare();
  // Builds the body of `function` (nothing for a declaration), at most once per function.
  void buildBody(FuncId function);
  // The functions a body's calls may reach (direct targets and indirect candidates, see
  // CallTargets.h), from the AST: known before the body is built, so callees can go through the
  // pipeline before their callers.
  std::vector<FuncId> callees(FuncId function);

private:
  std::unique_ptr<BuilderImpl> impl_;
};

// declare() and every body at once.
std::unique_ptr<Module> buildModule(const ptx::Module &ast);

} // namespace p2m::ir
