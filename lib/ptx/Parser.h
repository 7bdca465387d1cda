// Parses PTX text into a Module. Errors go to the DiagnosticEngine with file:line:col; the
// parser recovers at statement boundaries so one run reports several errors.
#pragma once

#include "ptx/Ast.h"

#include <memory>

namespace p2m {
class DiagnosticEngine;
}

namespace p2m::ptx {

// Always returns a module (possibly partial); check diags.hasErrors().
std::unique_ptr<Module> parseModule(std::shared_ptr<const SourceFile> source,
                                    DiagnosticEngine &diags);

} // namespace p2m::ptx
