// Shared helpers for the PTX front-end tests.
#pragma once

#include "ptx/Parser.h"
#include "ptx/Printer.h"
#include "support/Diagnostics.h"
#include "support/SourceFile.h"

#include <algorithm>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

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

// Every PTX file the team committed under tests/inputs (nvcc and clang output of our CUDA
// sources, and the hand-written syntax corners), sorted. Needs P2M_SOURCE_ROOT.
inline std::vector<std::filesystem::path> teamPtxFiles() {
  namespace fs = std::filesystem;
  fs::path root = fs::path(P2M_SOURCE_ROOT) / "tests" / "inputs";
  std::vector<fs::path> files;
  for (const char *dir : {"cuda/ptx", "ptx-handwritten"})
    if (fs::exists(root / dir))
      for (const auto &entry : fs::recursive_directory_iterator(root / dir))
        if (entry.path().extension() == ".ptx" && entry.path().string().find("/invalid/") == std::string::npos)
          files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

} // namespace p2m::test
