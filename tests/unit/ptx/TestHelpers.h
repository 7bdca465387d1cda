// Shared helpers for the PTX front-end tests.
#pragma once

#include "ptx/Parser.h"
#include "ptx/Printer.h"
#include "support/Diagnostics.h"
#include "support/SourceFile.h"

#include <memory>
#include <string>

namespace p2m::test {

struct Parsed {
  std::unique_ptr<ptx::Module> module;
  DiagnosticEngine diags;
  std::string errors() const {
    std::string out;
    for (const Diagnostic &d : diags.diagnostics())
      out += formatDiagnostic(d);
    return out;
  }
};

inline std::unique_ptr<Parsed> parse(std::string text, std::string name = "test.ptx") {
  auto p = std::make_unique<Parsed>();
  p->module = ptx::parseModule(std::make_shared<SourceFile>(std::move(name), std::move(text)), p->diags);
  return p;
}

// Wraps instructions in a minimal kernel so tests can focus on one statement.
inline std::string kernel(const std::string &body) {
  return ".version 8.5\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n" + body + "\n}\n";
}

} // namespace p2m::test
