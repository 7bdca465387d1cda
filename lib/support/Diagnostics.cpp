#include "Diagnostics.h"

#include "SourceFile.h"

#include <ostream>

namespace p2m {

static const char *severityName(Severity severity) {
  switch (severity) {
  case Severity::Error: return "error";
  case Severity::Warning: return "warning";
  case Severity::Note: return "note";
  }
  return "error";
}

void DiagnosticEngine::add(Diagnostic diagnostic) {
  if (diagnostic.severity == Severity::Error)
    ++errorCount_;
  if (diagnostics_.size() >= maxRecorded_) {
    ++dropped_;
    return;
  }
  diagnostics_.push_back(std::move(diagnostic));
}

void DiagnosticEngine::report(Severity severity, const SourceFile &file, uint32_t offset,
                              std::string message) {
  LineColumn lc = file.lineColumn(offset);
  Diagnostic d;
  d.severity = severity;
  d.file = file.name();
  d.line = lc.line;
  d.column = lc.column;
  d.message = std::move(message);
  d.sourceLine = std::string(file.lineText(offset));
  add(std::move(d));
}

void DiagnosticEngine::report(Severity severity, std::string file, std::string message) {
  Diagnostic d;
  d.severity = severity;
  d.file = std::move(file);
  d.message = std::move(message);
  add(std::move(d));
}

std::string formatDiagnostic(const Diagnostic &d) {
  std::string out;
  if (!d.file.empty()) {
    out += d.file;
    if (d.line != 0)
      out += ":" + std::to_string(d.line) + ":" + std::to_string(d.column);
    out += ": ";
  }
  out += severityName(d.severity);
  out += ": ";
  out += d.message;
  out += '\n';
  if (d.line != 0) {
    // Quote at most 200 columns so a minified multi-megabyte line stays readable.
    constexpr size_t kMaxQuoted = 200;
    size_t start = 0;
    size_t caret = d.column - 1;
    if (caret > kMaxQuoted / 2)
      start = caret - kMaxQuoted / 2;
    std::string_view line(d.sourceLine);
    line = line.substr(std::min(start, line.size()), kMaxQuoted);
    for (char c : line)
      out += (c == '\t' || (c >= 0x20 && c < 0x7f)) ? c : '?';
    out += '\n';
    for (size_t i = start; i < caret && i - start < line.size(); ++i)
      out += line[i - start] == '\t' ? '\t' : ' ';
    out += "^\n";
  }
  return out;
}

void DiagnosticEngine::print(std::ostream &out) const {
  for (const Diagnostic &d : diagnostics_)
    out << formatDiagnostic(d);
  if (dropped_ != 0)
    out << "note: " << dropped_ << " more diagnostics not shown\n";
}

void DiagnosticEngine::append(const DiagnosticEngine &later) {
  unsigned recordedErrors = 0;
  for (const Diagnostic &d : later.diagnostics_) {
    recordedErrors += d.severity == Severity::Error;
    add(d);
  }
  // What `later` counted without recording it.
  errorCount_ += later.errorCount_ - recordedErrors;
  dropped_ += later.dropped_;
}

void DiagnosticEngine::clear() {
  diagnostics_.clear();
  errorCount_ = 0;
  dropped_ = 0;
}

} // namespace p2m
