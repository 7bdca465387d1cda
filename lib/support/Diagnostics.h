// Compiler-style diagnostics: "file:line:col: error: message", the source line and a caret.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace p2m {

class SourceFile;

enum class Severity { Error, Warning, Note };

struct Diagnostic {
  Severity severity = Severity::Error;
  std::string file;     // empty when the message concerns no file
  uint32_t line = 0;    // 0 when there is no source position
  uint32_t column = 0;
  std::string message;
  std::string sourceLine; // the line quoted under the message, if any
};

// Collects diagnostics; callers decide when and where to print them.
class DiagnosticEngine {
public:
  // Stops recording (but keeps counting) past this many errors, so hostile input
  // cannot make the diagnostics themselves use unbounded memory.
  explicit DiagnosticEngine(unsigned maxRecorded = 100) : maxRecorded_(maxRecorded) {}

  void report(Severity severity, const SourceFile &file, uint32_t offset, std::string message);
  void report(Severity severity, std::string file, std::string message);

  unsigned errorCount() const { return errorCount_; }
  bool hasErrors() const { return errorCount_ != 0; }
  const std::vector<Diagnostic> &diagnostics() const { return diagnostics_; }

  // Takes what `later` collected as if it had been reported here: for a `later` with a limit
  // no lower than this engine's, the same diagnostics, counts and drops.
  void append(const DiagnosticEngine &later);
  unsigned maxRecorded() const { return maxRecorded_; }

  void print(std::ostream &out) const;
  void clear();

private:
  void add(Diagnostic diagnostic);

  unsigned maxRecorded_;
  unsigned errorCount_ = 0;
  unsigned dropped_ = 0;
  std::vector<Diagnostic> diagnostics_;
};

std::string formatDiagnostic(const Diagnostic &diagnostic);

} // namespace p2m
