#include "mslcheck/Reporter.h"

#include "mslcheck/EmbeddedHeaders.h"

namespace p2m::mslcheck {

bool Reporter::writtenInFile(clang::SourceLocation loc) const {
  if (loc.isInvalid())
    return false;
  const clang::FileID main = sourceManager_.getMainFileID();
  return sourceManager_.getFileID(sourceManager_.getFileLoc(loc)) == main &&
         sourceManager_.getFileID(sourceManager_.getSpellingLoc(loc)) == main;
}

bool Reporter::inStandardLibrary(clang::SourceLocation loc) const {
  if (loc.isInvalid())
    return false;
  const llvm::StringRef directory(kHeaderDirectory.data(), kHeaderDirectory.size());
  const auto inHeaders = [&](clang::SourceLocation at) {
    const clang::OptionalFileEntryRef entry =
        sourceManager_.getFileEntryRefForID(sourceManager_.getFileID(at));
    if (!entry)
      return false;
    const llvm::StringRef name = entry->getName();
    return name.starts_with(directory) && name.size() > directory.size() &&
           name[directory.size()] == '/';
  };
  // The spelling finds what a library macro expands to in the file (INFINITY); the expansion
  // finds what library macros declare (names pasted together live in no file).
  return inHeaders(sourceManager_.getSpellingLoc(loc)) ||
         inHeaders(sourceManager_.getExpansionLoc(loc));
}

unsigned Reporter::offsetOf(clang::SourceLocation loc) const {
  return sourceManager_.getFileOffset(sourceManager_.getFileLoc(loc));
}

void Reporter::report(Rule rule, clang::SourceLocation loc, const std::string &message) {
  const clang::SourceLocation fileLoc = sourceManager_.getFileLoc(loc);
  if (fileLoc.isInvalid() || sourceManager_.getFileID(fileLoc) != sourceManager_.getMainFileID())
    return;
  const unsigned offset = sourceManager_.getFileOffset(fileLoc);
  if (!reported_.insert({offset, rule}).second)
    return;
  const LineColumn position = file_.lineColumn(offset);
  Diagnostic diagnostic;
  diagnostic.severity = Severity::Error;
  diagnostic.file = file_.name();
  diagnostic.line = position.line;
  diagnostic.column = position.column;
  diagnostic.message = message + " [" + std::string(ruleTag(rule)) + "]";
  diagnostic.sourceLine = std::string(file_.lineText(offset));
  diagnostics_.push_back(std::move(diagnostic));
}

} // namespace p2m::mslcheck
