// Builds the kernel IR from a parsed (and validated) PTX module: symbols with their initializers
// and parameter layouts, registers per function (nested scopes renamed apart), basic blocks
// split at labels and branches, operands resolved to registers, symbols and special registers.
//
// A function the builder cannot represent (an unknown special register, an indirect call, ...)
// is kept with `unsupported` set to a located reason; the rest of the module still builds.
// Errors that make the whole module meaningless (none yet) would go to `diags`.
#pragma once

#include "ir/Ir.h"

#include <memory>

namespace p2m {
class DiagnosticEngine;
}
namespace p2m::ptx {
class Module;
}

namespace p2m::ir {

std::unique_ptr<Module> buildModule(const ptx::Module &ast);

} // namespace p2m::ir
