// Token-level renaming (Rewrite.h).
#include "link/Rewrite.h"

#include "ptx/Lexer.h"
#include "ptx/Vocabulary.h"

#include <charconv>

namespace p2m::link {

std::string rewriteModuleText(std::string_view text, const RenameMap &renames, uint32_t fileIndexOffset) {
  ptx::Lexer lexer(text);
  std::string out;
  out.reserve(text.size() + text.size() / 16);
  size_t copied = 0;
  auto replace = [&](const ptx::Token &t, std::string_view with) {
    out.append(text.substr(copied, t.offset - copied));
    out += with;
    copied = t.offset + t.length;
  };
  // Where an instruction's opcode may stand: after ';', '{', '}', a label's ':' and a guard.
  bool statementStart = true;
  int guard = 0; // 1: after '@' (or '@!'), 2: after the guard's register
  bool fileIndexNext = false;
  for (ptx::Token t = lexer.next(); t.kind != ptx::TokenKind::End; t = lexer.next()) {
    std::string_view word = lexer.text(t);
    bool opcodePosition = statementStart || guard == 2;
    if (t.kind == ptx::TokenKind::Identifier) {
      bool opcode = opcodePosition && ptx::lookupOpcode(word).has_value();
      if (auto it = renames.find(word); it != renames.end() && !opcode)
        replace(t, it->second);
      if (word == "inlined_at")
        fileIndexNext = true;
    } else if (t.kind == ptx::TokenKind::DotWord && (word == ".file" || word == ".loc")) {
      fileIndexNext = true;
      statementStart = false;
      continue;
    } else if (t.kind == ptx::TokenKind::Integer && fileIndexNext && fileIndexOffset) {
      uint64_t index = 0;
      auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), index);
      if (ec == std::errc() && end == word.data() + word.size())
        replace(t, std::to_string(index + fileIndexOffset));
    }
    if (t.kind != ptx::TokenKind::Identifier || word != "inlined_at")
      fileIndexNext = false;
    switch (t.kind) {
    case ptx::TokenKind::Semicolon:
    case ptx::TokenKind::LBrace:
    case ptx::TokenKind::RBrace:
    case ptx::TokenKind::Colon:
      statementStart = true;
      guard = 0;
      break;
    case ptx::TokenKind::At:
      guard = 1;
      statementStart = false;
      break;
    case ptx::TokenKind::Bang:
      statementStart = false; // '@!p': still the guard
      break;
    case ptx::TokenKind::Identifier:
      guard = guard == 1 ? 2 : 0;
      statementStart = false;
      break;
    default:
      guard = 0;
      statementStart = false;
      break;
    }
  }
  out.append(text.substr(copied));
  return out;
}

} // namespace p2m::link
