#include "ptx/Lexer.h"

#include <array>
#include <bit>
#include <cstring>

namespace p2m::ptx {

namespace charclass {
namespace {
constexpr uint8_t classify(unsigned c) {
  uint8_t m = 0;
  bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  bool digit = c >= '0' && c <= '9';
  if (alpha || c == '_' || c == '$' || c == '%')
    m |= IdentStart;
  if (alpha || digit || c == '_' || c == '$')
    m |= IdentCont;
  if (digit)
    m |= Digit;
  if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v')
    m |= Space;
  if (alpha || digit || c == '_' || c == ':' || c == '$')
    m |= DotWordCont;
  if (digit || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))
    m |= Hex;
  return m;
}
struct Table {
  uint8_t v[256];
  constexpr Table() : v() {
    for (unsigned i = 0; i < 256; ++i)
      v[i] = classify(i);
  }
};
constexpr Table kBuilt;
} // namespace
const uint8_t kTable[256] = {
#define ROW(i)                                                                                     \
  kBuilt.v[i + 0], kBuilt.v[i + 1], kBuilt.v[i + 2], kBuilt.v[i + 3], kBuilt.v[i + 4],             \
      kBuilt.v[i + 5], kBuilt.v[i + 6], kBuilt.v[i + 7]
    ROW(0),   ROW(8),   ROW(16),  ROW(24),  ROW(32),  ROW(40),  ROW(48),  ROW(56),
    ROW(64),  ROW(72),  ROW(80),  ROW(88),  ROW(96),  ROW(104), ROW(112), ROW(120),
    ROW(128), ROW(136), ROW(144), ROW(152), ROW(160), ROW(168), ROW(176), ROW(184),
    ROW(192), ROW(200), ROW(208), ROW(216), ROW(224), ROW(232), ROW(240), ROW(248),
#undef ROW
};
} // namespace charclass

const char *describe(TokenKind kind) {
  switch (kind) {
  case TokenKind::End: return "end of file";
  case TokenKind::Identifier: return "identifier";
  case TokenKind::DotWord: return "directive or modifier";
  case TokenKind::Integer: return "integer";
  case TokenKind::FloatBits:
  case TokenKind::FloatDecimal: return "floating-point literal";
  case TokenKind::String: return "string";
  case TokenKind::Comma: return "','";
  case TokenKind::Semicolon: return "';'";
  case TokenKind::Colon: return "':'";
  case TokenKind::LBrace: return "'{'";
  case TokenKind::RBrace: return "'}'";
  case TokenKind::LBracket: return "'['";
  case TokenKind::RBracket: return "']'";
  case TokenKind::LParen: return "'('";
  case TokenKind::RParen: return "')'";
  case TokenKind::Invalid: return "invalid character";
  case TokenKind::UnterminatedString: return "unterminated string";
  case TokenKind::UnterminatedComment: return "unterminated comment";
  case TokenKind::MalformedNumber: return "malformed number";
  default: return "operator";
  }
}

void Lexer::skipComments() {
  const size_t n = text_.size();
  size_t p = pos_;
  while (p < n) {
    char c = text_[p];
    if (charclass::is(c, charclass::Space)) {
      ++p;
    } else if (c == '/' && p + 1 < n && text_[p + 1] == '/') {
      p += 2;
      while (p < n && text_[p] != '\n')
        ++p;
    } else if (c == '/' && p + 1 < n && text_[p + 1] == '*') {
      size_t start = p;
      p += 2;
      while (p + 1 < n && !(text_[p] == '*' && text_[p + 1] == '/'))
        ++p;
      if (p + 1 >= n) {
        // Report at the comment's start; the rest of the input is inside the comment.
        pendingError_ = TokenKind::UnterminatedComment;
        pendingErrorOffset_ = static_cast<uint32_t>(start);
        pos_ = static_cast<uint32_t>(n);
        return;
      }
      p += 2;
    } else {
      break;
    }
  }
  pos_ = static_cast<uint32_t>(p);
}

size_t Lexer::stringEnd(size_t open) const {
  const size_t n = text_.size();
  size_t q = open + 1;
  while (q < n && text_[q] != '"' && text_[q] != '\n') {
    if (text_[q] == '\\' && q + 1 < n && text_[q + 1] != '\n')
      ++q;
    ++q;
  }
  return q;
}

namespace {

// The bytes skipBraces stops at; everything else is passed over.
constexpr unsigned char kBraceStops[] = {'{', '}', '/', '"', 'c'};

// The index of the first byte of `v` (as it lay in memory) that is not zero; `v` is not 0.
unsigned firstNonZeroByte(uint64_t v) {
  if constexpr (std::endian::native == std::endian::little)
    return static_cast<unsigned>(std::countr_zero(v)) / 8;
  else
    return static_cast<unsigned>(std::countl_zero(v)) / 8;
}

using Bytes = unsigned char __attribute__((vector_size(16)));

// 0xff at each of the 16 bytes at `p` that is one of kBraceStops, else 0: the bytes compared
// all at once, as a vector (the compiler's vector extension, SSE2 or NEON).
Bytes braceStops(const char *p) {
  Bytes v, found{};
  std::memcpy(&v, p, 16);
  for (unsigned char c : kBraceStops)
    found |= reinterpret_cast<Bytes>(v == c); // 0xff where equal
  return found;
}

// The index of the first byte of `found` (braceStops) that is not 0, or 16.
unsigned firstFound(Bytes found) {
  uint64_t half[2];
  std::memcpy(half, &found, 16);
  if (half[0])
    return firstNonZeroByte(half[0]);
  return half[1] ? 8 + firstNonZeroByte(half[1]) : 16;
}

// The first of kBraceStops from `p` on, or `end`: the bytes are passed over 32 at a time (two
// vectors tested with one branch, as stops are rare), then 16, then one by one.
const char *nextBraceStop(const char *p, const char *end, const std::array<bool, 256> &stops) {
  for (; end - p >= 32; p += 32) {
    Bytes low = braceStops(p), high = braceStops(p + 16);
    uint64_t any[2];
    Bytes both = low | high;
    std::memcpy(any, &both, 16);
    if (any[0] | any[1]) {
      unsigned i = firstFound(low);
      return p + (i < 16 ? i : 16 + firstFound(high));
    }
  }
  if (end - p >= 16) {
    unsigned i = firstFound(braceStops(p));
    if (i < 16)
      return p + i;
    p += 16;
  }
  while (p < end && !stops[static_cast<unsigned char>(*p)])
    ++p;
  return p;
}

} // namespace

bool Lexer::skipBraces(bool &sawCall) {
  // kBraceStops as a table, for the last few bytes (nextBraceStop).
  static constexpr auto kStops = [] {
    std::array<bool, 256> stops{};
    for (unsigned char c : kBraceStops)
      stops[c] = true;
    return stops;
  }();
  const char *begin = text_.data(), *p = begin + pos_, *end = begin + text_.size();
  unsigned depth = 1;
  while (p < end) {
    p = nextBraceStop(p, end, kStops);
    if (p == end)
      break;
    switch (*p) {
    case '{':
      ++depth;
      ++p;
      break;
    case '}':
      ++p;
      if (--depth == 0) {
        pos_ = static_cast<uint32_t>(p - begin);
        return true;
      }
      break;
    case '/':
      if (p + 1 < end && (p[1] == '/' || p[1] == '*')) {
        // Comments (and the blanks after them) as next() skips them; an unterminated one
        // runs to the end, which leaves the brace unclosed.
        pos_ = static_cast<uint32_t>(p - begin);
        skipComments();
        pendingError_ = TokenKind::End;
        p = begin + pos_;
      } else {
        ++p;
      }
      break;
    case '"': {
      // As lexPunctuation reads a string, terminated or not.
      size_t q = stringEnd(static_cast<size_t>(p - begin));
      p = begin + (q < text_.size() && text_[q] == '"' ? q + 1 : q);
      break;
    }
    case 'c':
      // Not inside a longer word: no identifier, register (%), directive or modifier (.) around.
      if (end - p >= 4 && std::memcmp(p, "call", 4) == 0 &&
          (p == begin || !(charclass::is(p[-1], charclass::IdentCont) || p[-1] == '%' || p[-1] == '.')) &&
          (end - p == 4 || !charclass::is(p[4], charclass::IdentCont)))
        sawCall = true;
      ++p;
      break;
    default:
      ++p;
      break;
    }
  }
  pos_ = static_cast<uint32_t>(text_.size());
  return false;
}

Token Lexer::lexNumber(Token t) {
  const size_t n = text_.size();
  size_t p = pos_;
  auto isIdentCont = [&](size_t q) { return q < n && charclass::is(text_[q], charclass::IdentCont); };
  // A malformed literal swallows the rest of its word so the error is reported once.
  auto malformed = [&](size_t q) {
    while (isIdentCont(q))
      ++q;
    return finish(t, TokenKind::MalformedNumber, q);
  };
  if (text_[p] == '0' && p + 1 < n) {
    char k = text_[p + 1];
    if (k == 'f' || k == 'F' || k == 'd' || k == 'D') {
      size_t digits = (k == 'f' || k == 'F') ? 8 : 16;
      size_t q = p + 2;
      while (q < n && charclass::is(text_[q], charclass::Hex))
        ++q;
      if (q - (p + 2) != digits || isIdentCont(q))
        return malformed(q);
      return finish(t, TokenKind::FloatBits, q);
    }
    if (k == 'x' || k == 'X' || k == 'b' || k == 'B') {
      bool hex = k == 'x' || k == 'X';
      size_t q = p + 2;
      while (q < n && (hex ? charclass::is(text_[q], charclass::Hex) : (text_[q] == '0' || text_[q] == '1')))
        ++q;
      if (q == p + 2)
        return malformed(q);
      if (q < n && text_[q] == 'U')
        ++q;
      if (isIdentCont(q))
        return malformed(q);
      return finish(t, TokenKind::Integer, q);
    }
  }
  size_t q = p;
  while (q < n && charclass::is(text_[q], charclass::Digit))
    ++q;
  bool isFloat = false;
  if (q < n && text_[q] == '.' && !(q + 1 < n && charclass::is(text_[q + 1], charclass::IdentStart))) {
    isFloat = true;
    ++q;
    while (q < n && charclass::is(text_[q], charclass::Digit))
      ++q;
  }
  if (q < n && (text_[q] == 'e' || text_[q] == 'E')) {
    size_t e = q + 1;
    if (e < n && (text_[e] == '+' || text_[e] == '-'))
      ++e;
    if (e < n && charclass::is(text_[e], charclass::Digit)) {
      isFloat = true;
      q = e;
      while (q < n && charclass::is(text_[q], charclass::Digit))
        ++q;
    }
  }
  if (!isFloat && q < n && text_[q] == 'U')
    ++q;
  if (isIdentCont(q))
    return malformed(q);
  return finish(t, isFloat ? TokenKind::FloatDecimal : TokenKind::Integer, q);
}

Token Lexer::lexPunctuation(Token t, char c) {
  const size_t n = text_.size();
  size_t p = pos_;
  auto two = [&](char second) { return p + 1 < n && text_[p + 1] == second; };
  switch (c) {
  case ',': return finish(t, TokenKind::Comma, p + 1);
  case ';': return finish(t, TokenKind::Semicolon, p + 1);
  case ':': return finish(t, TokenKind::Colon, p + 1);
  case '{': return finish(t, TokenKind::LBrace, p + 1);
  case '}': return finish(t, TokenKind::RBrace, p + 1);
  case '[': return finish(t, TokenKind::LBracket, p + 1);
  case ']': return finish(t, TokenKind::RBracket, p + 1);
  case '(': return finish(t, TokenKind::LParen, p + 1);
  case ')': return finish(t, TokenKind::RParen, p + 1);
  case '+': return finish(t, TokenKind::Plus, p + 1);
  case '-': return finish(t, TokenKind::Minus, p + 1);
  case '*': return finish(t, TokenKind::Star, p + 1);
  case '/': return finish(t, TokenKind::Slash, p + 1);
  case '%': return finish(t, TokenKind::Percent, p + 1);
  case '^': return finish(t, TokenKind::Caret, p + 1);
  case '~': return finish(t, TokenKind::Tilde, p + 1);
  case '?': return finish(t, TokenKind::Question, p + 1);
  case '@': return finish(t, TokenKind::At, p + 1);
  case '<':
    if (two('<')) return finish(t, TokenKind::Shl, p + 2);
    if (two('=')) return finish(t, TokenKind::LessEq, p + 2);
    return finish(t, TokenKind::Less, p + 1);
  case '>':
    if (two('>')) return finish(t, TokenKind::Shr, p + 2);
    if (two('=')) return finish(t, TokenKind::GreaterEq, p + 2);
    return finish(t, TokenKind::Greater, p + 1);
  case '=':
    if (two('=')) return finish(t, TokenKind::EqEq, p + 2);
    return finish(t, TokenKind::Assign, p + 1);
  case '!':
    if (two('=')) return finish(t, TokenKind::NotEq, p + 2);
    return finish(t, TokenKind::Bang, p + 1);
  case '&':
    if (two('&')) return finish(t, TokenKind::AmpAmp, p + 2);
    return finish(t, TokenKind::Amp, p + 1);
  case '|':
    if (two('|')) return finish(t, TokenKind::PipePipe, p + 2);
    return finish(t, TokenKind::Pipe, p + 1);
  case '"': {
    size_t q = stringEnd(p);
    if (q >= n || text_[q] != '"')
      return finish(t, TokenKind::UnterminatedString, q);
    return finish(t, TokenKind::String, q + 1);
  }
  default: return finish(t, TokenKind::Invalid, p + 1);
  }
}

} // namespace p2m::ptx
