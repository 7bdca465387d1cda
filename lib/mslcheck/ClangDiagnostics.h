// Collects Clang's own errors (the file is not even valid C++ against metal_stdlib) as project
// diagnostics. An error inside the standard library headers is moved to the line of the
// checked file that caused it (the first "instantiated from here"-style note there), keeping
// the header position in the message; notes follow their error.
#pragma once

#include "support/Diagnostics.h"
#include "support/SourceFile.h"

#include <clang/Basic/Diagnostic.h>

#include <string>
#include <vector>

namespace p2m::mslcheck {

class ClangDiagnostics : public clang::DiagnosticConsumer {
public:
  explicit ClangDiagnostics(const SourceFile &file) : file_(file) {}

  void HandleDiagnostic(clang::DiagnosticsEngine::Level level,
                        const clang::Diagnostic &info) override;

  // Errors each followed by their notes.
  std::vector<Diagnostic> take();

private:
  struct Entry {
    Diagnostic diagnostic;
    bool inFile = false; // located in the checked file
  };
  struct Group {
    Entry error;
    std::vector<Entry> notes;
  };

  const SourceFile &file_;
  std::vector<Group> groups_;
};

} // namespace p2m::mslcheck
