// The C++ precedence of the expressions the MSL emitter prints, and whether one printed inside
// another needs parentheses. Expressions are read as the emitter writes them: a binary
// operator between single spaces (`a + b`, `c ? x : y`), a unary one right before its operand
// (`!p`, `~x`, `-1`), template arguments right after a name (`as_type<uint>(x)`), no C casts.
#pragma once

#include <cstdint>
#include <string_view>

namespace p2m::msl {

// Loosest first, as in the C++ standard's grammar.
enum class Precedence : uint8_t {
  Comma,
  Assignment,
  Conditional,
  LogicalOr,
  LogicalAnd,
  BitOr,
  BitXor,
  BitAnd,
  Equality,
  Relational,
  Shift,
  Additive,
  Multiplicative,
  Unary,
  Primary, // names, literals, calls, member access, a parenthesized group
};

// Whether `s` is one parenthesized group: `(a + b)`, not `(a) + (b)`.
bool isOneGroup(std::string_view s);

// The precedence of the outermost operator of `expression`.
Precedence precedenceOf(std::string_view expression);

// The precedence of binary operator `token` (`+`, `<<`, `&&`, ...), as precedenceOf reads it.
Precedence operatorPrecedence(std::string_view token);

// Whether an expression of precedence `inner` needs parentheses where the text `before` and
// `after` surround it: where C++ would group it otherwise, where Clang warns about the grouping
// (`a & b | c`, `a << b + c`, `a && b || c`, a comparison inside a bitwise operation or
// another comparison), where it would read wrong (arithmetic inside a bitwise operation:
// `(a + b) ^ c`), and where the context is not recognized (then anything but a primary
// expression is parenthesized).
bool needsParentheses(Precedence inner, std::string_view before, std::string_view after);

// Whether `before` and `after` make an open place (a whole argument, a whole right-hand side
// of `=`), where needsParentheses is false for every expression the emitter prints (it prints
// no comma operator).
// Inline: asked for every forwarded value put in place.
inline bool isOpenPlace(std::string_view before, std::string_view after) {
  // rightSide's open places, and leftSide's, without reading operator tokens but `=` (a whole
  // right-hand side: needsAsOperand takes anything but a comma expression as the right operand
  // of an assignment; stores and plain copies read their value there).
  if (!after.empty()) {
    char first = after.front();
    if (first != ')' && first != ']' && first != '}' && first != ',' && first != ';')
      return false;
  }
  if (before.empty())
    return true;
  char last = before.back();
  if (last == '(' || last == '[' || last == '{')
    return true;
  if (last != ' ' || before.size() < 2)
    return false;
  char previous = before[before.size() - 2];
  return previous == ',' || (previous == '=' && (before.size() == 2 || before[before.size() - 3] == ' '));
}

} // namespace p2m::msl
