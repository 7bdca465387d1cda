// The PTX lexer: turns source bytes into tokens on demand. Tokens are (kind, offset, length)
// into the source; nothing is copied. Inline because the parser calls it per token.
#pragma once

#include <cstdint>
#include <string_view>

namespace p2m::ptx {

enum class TokenKind : uint8_t {
  End,
  Identifier,   // foo, %r1, $L__BB0_1, _Z3fooPf, _
  DotWord,      // .reg, .u32, .shared::cta, .2d (directives and modifiers)
  Integer,      // 42 0x2A 052 0b1 with optional U
  FloatBits,    // 0f3F800000 0d3FF0000000000000
  FloatDecimal, // 1.5 2e10
  String,       // "..."
  Comma, Semicolon, Colon, LBrace, RBrace, LBracket, RBracket, LParen, RParen,
  Plus, Minus, Star, Slash, Percent, Shl, Shr, Less, Greater, LessEq, GreaterEq,
  EqEq, NotEq, Assign, Amp, AmpAmp, Pipe, PipePipe, Caret, Tilde, Bang, Question, At,
  Invalid,           // a byte that starts no token
  UnterminatedString,
  UnterminatedComment,
  MalformedNumber,
};

struct Token {
  TokenKind kind = TokenKind::End;
  uint32_t offset = 0;
  uint32_t length = 0;
};

const char *describe(TokenKind kind);

namespace charclass {
enum : uint8_t { IdentStart = 1, IdentCont = 2, Digit = 4, Space = 8, DotWordCont = 16, Hex = 32 };
extern const uint8_t kTable[256];
inline bool is(char c, uint8_t cls) { return kTable[static_cast<uint8_t>(c)] & cls; }
} // namespace charclass

// The text must be followed by a NUL byte (std::string and string literals are): the scanning
// loops use it as a sentinel instead of checking bounds on every character.
class Lexer {
public:
  explicit Lexer(std::string_view text) : text_(text), pos_(0) {}

  Token next() {
    skipTrivia();
    Token t;
    t.offset = pos_;
    const char *p = text_.data() + pos_;
    char c = *p;
    // The common tokens first. They start with a byte other than NUL, so neither the end nor
    // a pending error (which leaves the position at the end, on the NUL after the text) is here.
    if (charclass::is(c, charclass::IdentStart) && !(c == '%' && !charclass::is(p[1], charclass::IdentCont)))
      return lexIdentifier(t);
    // The separators of every instruction, without lexPunctuation's call.
    if (c == ',')
      return finish(t, TokenKind::Comma, pos_ + 1);
    if (c == ';')
      return finish(t, TokenKind::Semicolon, pos_ + 1);
    if (c == '.' && charclass::is(p[1], charclass::DotWordCont)) {
      const char *q = p + 2;
      while (charclass::is(*q, charclass::DotWordCont))
        ++q;
      return finish(t, TokenKind::DotWord, static_cast<size_t>(q - text_.data()));
    }
    if (pendingError_ != TokenKind::End) {
      t.kind = pendingError_;
      t.offset = pendingErrorOffset_;
      t.length = 1;
      pendingError_ = TokenKind::End;
      return t;
    }
    if (pos_ >= text_.size()) {
      t.kind = TokenKind::End;
      t.length = 0;
      return t;
    }
    if (charclass::is(c, charclass::Digit))
      return lexNumber(t);
    return lexPunctuation(t, c);
  }

  // True when the byte right after `offset` continues a token with no space between, used to
  // glue `%tid` and `.x` into one operand name.
  bool adjacent(uint32_t endOffset) const {
    return endOffset < text_.size() && text_[endOffset] == '.';
  }

  // From just inside a '{': past its matching '}', without making tokens (a function body the
  // parser skips). Comments and strings are passed over as next() reads them, so braces in
  // them do not count; `sawCall` is set where the word `call` may be an identifier token.
  // False, at the end of the text, when the brace is not closed.
  bool skipBraces(bool &sawCall);

  // Continues lexing at `offset` (forward of the last token), e.g. after the parser consumed
  // an opcode word itself.
  void seek(uint32_t offset) {
    pos_ = offset;
    pendingError_ = TokenKind::End;
  }

  std::string_view text(const Token &t) const { return text_.substr(t.offset, t.length); }
  std::string_view source() const { return text_; }
  uint32_t position() const { return pos_; }

private:
  Token finish(Token t, TokenKind kind, size_t end) {
    t.kind = kind;
    t.length = static_cast<uint32_t>(end - pos_);
    pos_ = static_cast<uint32_t>(end);
    return t;
  }

  Token lexIdentifier(Token t) {
    const char *q = text_.data() + pos_ + 1;
    while (charclass::is(*q, charclass::IdentCont))
      ++q;
    return finish(t, TokenKind::Identifier, static_cast<size_t>(q - text_.data()));
  }

  void skipTrivia() {
    // Fast path for the usual run of blanks; comments go to the out-of-line loop.
    const char *p = text_.data() + pos_;
    while (charclass::is(*p, charclass::Space))
      ++p;
    pos_ = static_cast<uint32_t>(p - text_.data());
    if (*p == '/' && (p[1] == '/' || p[1] == '*'))
      skipComments();
  }
  void skipComments();
  // The closing quote of the string whose opening quote is at `open`; for an unterminated
  // string, the end of its line (not over the newline) or of the text.
  size_t stringEnd(size_t open) const;
  Token lexNumber(Token t);
  Token lexPunctuation(Token t, char c);

  std::string_view text_;
  uint32_t pos_;
  TokenKind pendingError_ = TokenKind::End;
  uint32_t pendingErrorOffset_ = 0;
};

} // namespace p2m::ptx
