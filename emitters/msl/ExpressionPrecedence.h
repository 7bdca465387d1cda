// The C++ precedence of the expressions the MSL emitter prints, and whether one printed inside
// another needs parentheses. Expressions are read as the emitter writes them: a binary
// operator between single spaces (`a + b`, `c ? x : y`), a unary one right before its operand
// (`!p`, `~x`, `-1`), template arguments right after a name (`as_type<uint>(x)`), no C casts.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
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

// What a scan of an expression's text found: its precedence, and what a scan of a longer text
// that holds it needs to pass over it without reading it again.
struct ExpressionShape {
  Precedence precedence = Precedence::Primary;
  bool hasBinary = false;                    // an operator outside parentheses: ...
  Precedence loosestBinary = Precedence::Primary; // ... the loosest of them
  // Whether a scan may pass over the text in one step where it sits inside another: its
  // parentheses and template brackets close, and it neither starts nor ends in a way that
  // could join a neighbour's characters into an operator.
  bool nestable = false;
};

// Where a text scanned before sits inside a longer one: text[begin, end) is `inner`'s text,
// as is or in parentheses (`parenthesized`: the span includes them).
struct NestedExpression {
  size_t begin = 0, end = 0;
  const ExpressionShape *inner = nullptr;
  bool parenthesized = false;
};

// The shape of `expression`, whose `nested` spans (in order, not overlapping) hold expressions
// scanned before: precedenceOf's answer, reading only the text around them where their shapes
// allow it.
ExpressionShape shapeOf(std::string_view expression, std::span<const NestedExpression> nested = {});

// Whether an expression of precedence `inner` needs parentheses where the text `before` and
// `after` surround it: where C++ would group it otherwise, where Clang warns about the grouping
// (`a & b | c`, `a << b + c`, `a && b || c`, a comparison inside a bitwise operation or
// another comparison), where it would read wrong (arithmetic inside a bitwise operation:
// `(a + b) ^ c`), and where the context is not recognized (then anything but a primary
// expression is parenthesized).
bool needsParentheses(Precedence inner, std::string_view before, std::string_view after);

} // namespace p2m::msl
