// Parses PTX text into a Module. Errors go to the DiagnosticEngine with file:line:col; the
// parser recovers at statement boundaries so one run reports several errors.
#pragma once

#include "ptx/Ast.h"

#include <llvm/ADT/STLFunctionalExtras.h>

#include <memory>

namespace p2m {
class DiagnosticEngine;
}

namespace p2m::ptx {

// Always returns a module (possibly partial); check diags.hasErrors().
std::unique_ptr<Module> parseModule(std::shared_ptr<const SourceFile> source,
                                    DiagnosticEngine &diags);

// Sees one function body of a lazily parsed module, while it exists.
using BodyVisitor = llvm::function_ref<void(const Function &function, const BlockStmt &body)>;

// Like parseModule (same diagnostics), but each function body is handed to `onBody` and then
// dropped, so that the tree of a large module never exists whole: Function::body stays null,
// Function::bodyOffset says where parseBody finds it again. Without `onBody`, parseModule.
std::unique_ptr<Module> parseModuleLazily(std::shared_ptr<const SourceFile> source,
                                          DiagnosticEngine &diags, BodyVisitor onBody);

// The body of `function` (null for a declaration): Function::body, or for a lazily parsed
// module the body parsed again from the source, into `arena`.
const BlockStmt *parseBody(const Module &module, const Function &function, Arena &arena);

} // namespace p2m::ptx
