// Text put together from pieces, for the emitter's commonest expressions and lines: the result
// is sized once and each piece copied once, with no format to interpret (fmt copies each piece
// through a call of its own, after a pass that measures the result). A piece is anything a
// std::string_view is made from; literal pieces are copied in place.
#pragma once

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>

namespace p2m::msl {

// A piece as a view: a literal's length is a constant (no strlen at run time).
template <size_t N>
constexpr std::string_view piece(const char (&literal)[N]) {
  return {literal, N - 1};
}
inline std::string_view piece(std::string_view text) { return text; }

// `out` becomes the pieces one after another. No piece may view `out`. Always inlined, so that
// the copies of literal pieces are of constant lengths.
template <typename... Pieces>
[[gnu::always_inline]] inline void concatInto(std::string &out, const Pieces &...pieces) {
  out.resize((piece(pieces).size() + ...));
  char *q = out.data();
  ((q = std::copy_n(piece(pieces).data(), piece(pieces).size(), q)), ...);
}

template <typename... Pieces>
std::string concat(const Pieces &...pieces) {
  std::string out;
  concatInto(out, pieces...);
  return out;
}

// The decimal digits of an integer, as a piece (what fmt's `{}` prints for it).
class Decimal {
public:
  template <typename Integer>
  explicit Decimal(Integer v) : size_(static_cast<size_t>(std::to_chars(digits_, digits_ + sizeof digits_, v).ptr - digits_)) {}
  operator std::string_view() const { return {digits_, size_}; }

private:
  char digits_[24];
  size_t size_;
};

} // namespace p2m::msl
