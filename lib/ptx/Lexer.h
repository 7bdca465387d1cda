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

class Lexer {
public:
  explicit Lexer(std::string_view text) : text_(text), pos_(0) {}

  Token next() {
    skipTrivia();
    Token t;
    t.offset = pos_;
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
    char c = text_[pos_];
    if (charclass::is(c, charclass::IdentStart) && !(c == '%' && !identFollows(pos_ + 1)))
      return lexIdentifier(t);
    if (c == '.' && pos_ + 1 < text_.size() && charclass::is(text_[pos_ + 1], charclass::DotWordCont)) {
      size_t p = pos_ + 1;
      while (p < text_.size() && charclass::is(text_[p], charclass::DotWordCont))
        ++p;
      return finish(t, TokenKind::DotWord, p);
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

  std::string_view text(const Token &t) const { return text_.substr(t.offset, t.length); }
  std::string_view source() const { return text_; }
  uint32_t position() const { return pos_; }

private:
  bool identFollows(size_t p) const {
    return p < text_.size() && charclass::is(text_[p], charclass::IdentCont);
  }

  Token finish(Token t, TokenKind kind, size_t end) {
    t.kind = kind;
    t.length = static_cast<uint32_t>(end - pos_);
    pos_ = static_cast<uint32_t>(end);
    return t;
  }

  Token lexIdentifier(Token t) {
    size_t p = pos_ + 1;
    while (p < text_.size() && charclass::is(text_[p], charclass::IdentCont))
      ++p;
    return finish(t, TokenKind::Identifier, p);
  }

  void skipTrivia();
  Token lexNumber(Token t);
  Token lexPunctuation(Token t, char c);

  std::string_view text_;
  uint32_t pos_;
  TokenKind pendingError_ = TokenKind::End;
  uint32_t pendingErrorOffset_ = 0;
};

} // namespace p2m::ptx
