// Parses PTX text into a Module. Errors go to the DiagnosticEngine with file:line:col; the
// parser recovers at statement boundaries so one run reports several errors.
#pragma once

#include "ptx/Ast.h"

#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/STLFunctionalExtras.h>
#include <llvm/ADT/StringRef.h>
#include <llvm/Support/Allocator.h>

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

// The module's top level only: each function body is passed over by matching its braces, so
// nothing in it is parsed or checked (Function::hasCalls is set where a `call` may be). For a
// translation that parses and validates each body once, when it builds it (parseBody with
// diagnostics, BodyValidator). What the skipping finds (an unmatched brace, a lexical error) is
// reported, but not in the words a full parse would use: a caller that sees any diagnostic
// parses again with parseModuleLazily for the real ones.
std::unique_ptr<Module> parseModuleSkippingBodies(std::shared_ptr<const SourceFile> source,
                                                  DiagnosticEngine &diags);

// An instruction's opcode and modifiers as decoded from its spelling (`ld.global.u32`).
struct DecodedSpelling {
  Opcode opcode{};
  uint16_t numModifiers = 0;
  const Modifier *modifiers = nullptr;
};

// The spellings decoded so far, for bodies parsed one at a time (parseBody): each distinct
// spelling is decoded once per module rather than once per body, and instructions spelled alike
// share one modifier array, by which BodyValidator caches its verdicts.
struct SpellingTable {
  llvm::BumpPtrAllocator storage; // the modifier arrays: small slabs (a few KiB in all)
  llvm::DenseMap<llvm::StringRef, DecodedSpelling> decoded;
};

// The body of `function` (null for a declaration): Function::body, or for a lazily parsed
// module the body parsed again from the source, into `arena`. Its diagnostics go to `diags`
// when given (a module parsed with parseModuleSkippingBodies has not reported them), else
// nowhere (a lazily parsed module reported them while it was parsed).
// Spellings are decoded into `spellings` when given (else into `arena`).
const BlockStmt *parseBody(const Module &module, const Function &function, Arena &arena,
                           DiagnosticEngine *diags = nullptr, SpellingTable *spellings = nullptr);

} // namespace p2m::ptx
