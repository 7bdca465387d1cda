#include "mslcheck/ClangDiagnostics.h"

#include <clang/Basic/SourceManager.h>
#include <llvm/ADT/SmallString.h>

namespace p2m::mslcheck {

void ClangDiagnostics::HandleDiagnostic(clang::DiagnosticsEngine::Level level,
                                        const clang::Diagnostic &info) {
  clang::DiagnosticConsumer::HandleDiagnostic(level, info);
  const bool isNote = level == clang::DiagnosticsEngine::Note;
  if (!isNote && level != clang::DiagnosticsEngine::Error &&
      level != clang::DiagnosticsEngine::Fatal)
    return; // warnings and remarks are not the check's business
  if (isNote && groups_.empty())
    return;

  Entry entry;
  entry.diagnostic.severity = isNote ? Severity::Note : Severity::Error;
  llvm::SmallString<256> message;
  info.FormatDiagnostic(message);
  entry.diagnostic.message = std::string(message);

  const clang::SourceLocation loc = info.getLocation();
  if (loc.isValid() && info.hasSourceManager()) {
    const clang::SourceManager &sourceManager = info.getSourceManager();
    const clang::SourceLocation fileLoc = sourceManager.getFileLoc(loc);
    const auto [fileId, offset] = sourceManager.getDecomposedLoc(fileLoc);
    if (fileId == sourceManager.getMainFileID()) {
      const LineColumn position = file_.lineColumn(offset);
      entry.inFile = true;
      entry.diagnostic.file = file_.name();
      entry.diagnostic.line = position.line;
      entry.diagnostic.column = position.column;
      entry.diagnostic.sourceLine = std::string(file_.lineText(offset));
    } else if (fileId.isValid()) {
      // A standard library header: named by its include name, quoted from its text.
      const llvm::StringRef path = sourceManager.getFilename(fileLoc);
      entry.diagnostic.file = path.substr(path.rfind('/') + 1).str();
      entry.diagnostic.line = sourceManager.getLineNumber(fileId, offset);
      entry.diagnostic.column = sourceManager.getColumnNumber(fileId, offset);
      const llvm::StringRef buffer = sourceManager.getBufferData(fileId);
      const size_t lineStart = buffer.rfind('\n', offset == 0 ? 0 : offset - 1);
      const size_t start = lineStart == llvm::StringRef::npos || offset == 0 ? 0 : lineStart + 1;
      entry.diagnostic.sourceLine = buffer.slice(start, buffer.find('\n', offset)).str();
    }
  }
  if (isNote)
    groups_.back().notes.push_back(std::move(entry));
  else
    groups_.push_back(Group{std::move(entry), {}});
}

std::vector<Diagnostic> ClangDiagnostics::take() {
  std::vector<Diagnostic> out;
  for (Group &group : groups_) {
    Diagnostic error = group.error.diagnostic;
    if (!group.error.inFile) {
      for (const Entry &note : group.notes) {
        if (!note.inFile)
          continue;
        if (!error.file.empty())
          error.message += " (in " + error.file + ":" + std::to_string(error.line) + ")";
        error.file = note.diagnostic.file;
        error.line = note.diagnostic.line;
        error.column = note.diagnostic.column;
        error.sourceLine = note.diagnostic.sourceLine;
        break;
      }
    }
    out.push_back(std::move(error));
    for (Entry &note : group.notes)
      out.push_back(std::move(note.diagnostic));
  }
  groups_.clear();
  return out;
}

} // namespace p2m::mslcheck
