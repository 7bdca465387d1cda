// The precedence of printed expressions, and the parentheses one needs inside another: exactly
// where C++ or Clang's warnings need them.
#include "emitters/msl/ExpressionPrecedence.h"

#include <catch2/catch.hpp>

using p2m::msl::needsParentheses;
using p2m::msl::Precedence;
using p2m::msl::precedenceOf;

TEST_CASE("an expression's precedence is that of its loosest operator outside parentheses", "[msl][precedence]") {
  CHECK(precedenceOf("r1") == Precedence::Primary);
  CHECK(precedenceOf("1u") == Precedence::Primary);
  CHECK(precedenceOf("ctx.b.tid.x") == Precedence::Primary);
  CHECK(precedenceOf("p2m_v0.x") == Precedence::Primary);
  CHECK(precedenceOf("p2m_shl_b32(r1 + r2, 1u)") == Precedence::Primary);
  CHECK(precedenceOf("P2M_MEM(device, float, rd3 + 8ul)") == Precedence::Primary);
  CHECK(precedenceOf("(a + b)") == Precedence::Primary);
  CHECK(precedenceOf("as_type<float>(0x7FC00000u)") == Precedence::Primary);
  CHECK(precedenceOf("as_type<int>(r1) >= 0") == Precedence::Relational);
  CHECK(precedenceOf("-0.0f") == Precedence::Unary);
  CHECK(precedenceOf("!p1") == Precedence::Unary);
  CHECK(precedenceOf("~r1") == Precedence::Unary);
  CHECK(precedenceOf("(a + b) * c") == Precedence::Multiplicative);
  CHECK(precedenceOf("a * b + c") == Precedence::Additive);
  CHECK(precedenceOf("a - -4") == Precedence::Additive);
  CHECK(precedenceOf("a << 2u") == Precedence::Shift);
  CHECK(precedenceOf("a < b") == Precedence::Relational);
  CHECK(precedenceOf("a != b") == Precedence::Equality);
  CHECK(precedenceOf("a & b") == Precedence::BitAnd);
  CHECK(precedenceOf("a ^ b") == Precedence::BitXor);
  CHECK(precedenceOf("a | b & c") == Precedence::BitOr);
  CHECK(precedenceOf("p && q") == Precedence::LogicalAnd);
  CHECK(precedenceOf("p && q || r") == Precedence::LogicalOr);
  CHECK(precedenceOf("p ? a + 1u : b") == Precedence::Conditional);
  CHECK(precedenceOf("(a + b) - c") == Precedence::Additive);
  CHECK(precedenceOf("(a) + (b)") == Precedence::Additive);
  CHECK(precedenceOf("(uint)x") == Precedence::Unary); // a cast, which the emitter never prints
}

TEST_CASE("an operand gets parentheses where C++ would group it otherwise", "[msl][precedence]") {
  // Open places: a whole argument, a whole right-hand side, a whole condition.
  CHECK_FALSE(needsParentheses(Precedence::Conditional, "f(", ")"));
  CHECK_FALSE(needsParentheses(Precedence::Additive, "f(x, ", ", y)"));
  CHECK_FALSE(needsParentheses(Precedence::Conditional, "uint r1 = ", ";"));
  CHECK_FALSE(needsParentheses(Precedence::Relational, "if (", ") {"));
  CHECK_FALSE(needsParentheses(Precedence::Additive, "", ""));
  // Binary operators: tighter operands need none, looser ones do; equal ones on the right.
  CHECK_FALSE(needsParentheses(Precedence::Multiplicative, "x + ", ";"));
  CHECK(needsParentheses(Precedence::Additive, "x * ", ";"));
  CHECK(needsParentheses(Precedence::Additive, "", " * x"));
  CHECK_FALSE(needsParentheses(Precedence::Additive, "", " + x"));
  CHECK(needsParentheses(Precedence::Additive, "x - ", ""));
  CHECK(needsParentheses(Precedence::Additive, "x + ", ""));
  CHECK_FALSE(needsParentheses(Precedence::Additive, "", " < x"));
  CHECK_FALSE(needsParentheses(Precedence::Relational, "", " && q"));
  // Unary operators and postfix places take only primary expressions.
  CHECK(needsParentheses(Precedence::Relational, "!", ""));
  CHECK(needsParentheses(Precedence::Unary, "-", ""));
  CHECK_FALSE(needsParentheses(Precedence::Primary, "!", ""));
  CHECK(needsParentheses(Precedence::Additive, "", ".x"));
  CHECK(needsParentheses(Precedence::Unary, "", "[1]"));
  // The conditional operator's parts.
  CHECK(needsParentheses(Precedence::Conditional, "", " ? a : b"));
  CHECK_FALSE(needsParentheses(Precedence::Relational, "", " ? a : b"));
  CHECK_FALSE(needsParentheses(Precedence::Additive, "p ? ", " : b"));
  CHECK(needsParentheses(Precedence::Conditional, "p ? a : ", ""));
  // A unary operand beside a binary operator needs none (the spaces keep `- -` apart).
  CHECK_FALSE(needsParentheses(Precedence::Unary, "x - ", ""));
}

TEST_CASE("an operand gets parentheses where Clang warns about the grouping", "[msl][precedence]") {
  CHECK(needsParentheses(Precedence::Additive, "x << ", ""));
  CHECK(needsParentheses(Precedence::Additive, "", " >> 2u"));
  CHECK(needsParentheses(Precedence::BitAnd, "x | ", ""));
  CHECK(needsParentheses(Precedence::BitXor, "", " | x"));
  CHECK(needsParentheses(Precedence::BitAnd, "x ^ ", ""));
  CHECK(needsParentheses(Precedence::LogicalAnd, "p || ", ""));
  CHECK(needsParentheses(Precedence::Equality, "x & ", ""));
  CHECK(needsParentheses(Precedence::Relational, "", " == q"));
  CHECK_FALSE(needsParentheses(Precedence::Multiplicative, "x << ", ""));
}

TEST_CASE("arithmetic inside a bitwise operation gets parentheses for the reader", "[msl][precedence]") {
  CHECK(needsParentheses(Precedence::Additive, "x ^ ", ""));
  CHECK(needsParentheses(Precedence::Shift, "", " & 7u"));
  CHECK(needsParentheses(Precedence::Multiplicative, "x | ", ""));
  CHECK_FALSE(needsParentheses(Precedence::Unary, "x & ", ""));
}

TEST_CASE("a binary operator's precedence is the one precedenceOf reads", "[msl][precedence]") {
  for (const char *op : {"*", "+", "-", "<<", "<", ">=", "==", "!=", "&", "^", "|", "&&", "||", "?"})
    CHECK(p2m::msl::operatorPrecedence(op) == precedenceOf(std::string("a ") + op + " b"));
}

TEST_CASE("an open place takes any expression bare; the others are told apart", "[msl][precedence]") {
  CHECK(p2m::msl::isOpenPlace("f(", ")"));
  CHECK(p2m::msl::isOpenPlace("f(x, ", ", y)"));
  CHECK(p2m::msl::isOpenPlace("uint r1 = f(", ");"));
  CHECK(p2m::msl::isOpenPlace("", ""));
  CHECK(p2m::msl::isOpenPlace("uint r1 = ", ";")); // a whole right-hand side
  CHECK(p2m::msl::isOpenPlace("= ", ";"));
  CHECK_FALSE(p2m::msl::isOpenPlace("uint r1 = ", " + 1u;"));
  CHECK_FALSE(p2m::msl::isOpenPlace("x == ", ";"));
  CHECK_FALSE(p2m::msl::isOpenPlace("x <= ", ";"));
  CHECK_FALSE(p2m::msl::isOpenPlace("x == ", ")"));
  CHECK_FALSE(p2m::msl::isOpenPlace("x + ", ")"));
  CHECK_FALSE(p2m::msl::isOpenPlace("(", " * 2u)"));
  CHECK_FALSE(p2m::msl::isOpenPlace("!", ""));
  CHECK_FALSE(p2m::msl::isOpenPlace("", ".x"));
  // Wherever it says open, needsParentheses agrees for every precedence but the comma's.
  for (auto [before, after] : {std::pair{"f(", ")"}, std::pair{"a, ", ";"}, std::pair{"", ""},
                                 std::pair{"uint r1 = ", ";"}, std::pair{"= ", ")"}})
    for (int p = static_cast<int>(Precedence::Assignment); p <= static_cast<int>(Precedence::Primary); ++p)
      CHECK_FALSE(needsParentheses(static_cast<Precedence>(p), before, after));
}
