// Where the subset rules report to: turns Clang source locations into diagnostics of the
// checked file, at most one per position and rule.
#pragma once

#include "mslcheck/MslCheck.h"
#include "support/SourceFile.h"

#include <clang/Basic/SourceLocation.h>
#include <clang/Basic/SourceManager.h>

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace p2m::mslcheck {

class Reporter {
public:
  Reporter(const clang::SourceManager &sourceManager, const SourceFile &file)
      : sourceManager_(sourceManager), file_(file) {}

  const clang::SourceManager &sourceManager() const { return sourceManager_; }
  const SourceFile &file() const { return file_; }

  // True when `loc` was written in the checked file: both where it appears after macro
  // expansion and where its text comes from (so code that a standard library macro such as
  // INFINITY expands to is not held against the file).
  bool writtenInFile(clang::SourceLocation loc) const;
  // True when `loc` lies in the embedded standard library headers, or comes from them.
  bool inStandardLibrary(clang::SourceLocation loc) const;
  // Byte offset of `loc` (its file location) in the checked file; `loc` must be in it.
  unsigned offsetOf(clang::SourceLocation loc) const;

  void report(Rule rule, clang::SourceLocation loc, const std::string &message);

  std::vector<Diagnostic> take() { return std::move(diagnostics_); }

private:
  const clang::SourceManager &sourceManager_;
  const SourceFile &file_;
  std::set<std::pair<unsigned, Rule>> reported_;
  std::vector<Diagnostic> diagnostics_;
};

} // namespace p2m::mslcheck
