// A function's body, whether its module was parsed whole (parseModule), lazily
// (parseModuleLazily) or with its bodies skipped (parseModuleSkippingBodies): a body not kept in
// the tree is parsed again, into the reader's own arena.
#pragma once

#include "ptx/Parser.h"
#include "support/Diagnostics.h"

#include <functional>

namespace p2m::ptx {

class BodyReader {
public:
  // For a module parsed with its bodies skipped: whether a body, just parsed with the parse's
  // diagnostics collected in `parseDiagnostics`, may be used. A body it rejects reads as null.
  using BodyCheck = std::function<bool(const Function &function, const BlockStmt &body,
                                       const DiagnosticEngine &parseDiagnostics)>;

  explicit BodyReader(const Module &module, BodyCheck check = nullptr) : module_(module), check_(std::move(check)) {}
  BodyReader(const BodyReader &) = delete;
  BodyReader &operator=(const BodyReader &) = delete;

  // Null for a declaration, and for a body the check rejects. Valid until the next read: the
  // arena holds one body at a time.
  const BlockStmt *read(const Function &function) {
    arena_.Reset();
    if (!check_)
      return parseBody(module_, function, arena_, nullptr, &spellings_);
    DiagnosticEngine parseDiagnostics;
    const BlockStmt *body = parseBody(module_, function, arena_, &parseDiagnostics, &spellings_);
    return body && check_(function, *body, parseDiagnostics) ? body : nullptr;
  }
  // Frees the body read last (its first slab stays for the next one).
  void release() { arena_.Reset(); }

private:
  const Module &module_;
  BodyCheck check_;
  Arena arena_;
  SpellingTable spellings_; // outlives each body: decoded once per module
};

} // namespace p2m::ptx
