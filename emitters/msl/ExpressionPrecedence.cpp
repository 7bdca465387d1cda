#include "emitters/msl/ExpressionPrecedence.h"

#include <array>
#include <cassert>
#include <optional>

namespace p2m::msl {

namespace {

struct BinaryOperator {
  Precedence precedence;
};

// The binary operator that `token` spells, if any: a switch on its characters (this runs for
// every space of every printed expression).
std::optional<BinaryOperator> binaryOperator(std::string_view token) {
  if (token.size() == 1) {
    switch (token[0]) {
    case '*': case '/': case '%': return BinaryOperator{Precedence::Multiplicative};
    case '+': case '-': return BinaryOperator{Precedence::Additive};
    case '<': case '>': return BinaryOperator{Precedence::Relational};
    case '&': return BinaryOperator{Precedence::BitAnd};
    case '^': return BinaryOperator{Precedence::BitXor};
    case '|': return BinaryOperator{Precedence::BitOr};
    case '?': case ':': return BinaryOperator{Precedence::Conditional};
    case '=': return BinaryOperator{Precedence::Assignment};
    default: return std::nullopt;
    }
  }
  if (token.size() != 2)
    return std::nullopt;
  const char a = token[0], b = token[1];
  if (b == '=') {
    switch (a) {
    case '<': case '>': return BinaryOperator{Precedence::Relational};
    case '=': case '!': return BinaryOperator{Precedence::Equality};
    default: return std::nullopt;
    }
  }
  if (a != b)
    return std::nullopt;
  switch (a) {
  case '<': case '>': return BinaryOperator{Precedence::Shift};
  case '&': return BinaryOperator{Precedence::LogicalAnd};
  case '|': return BinaryOperator{Precedence::LogicalOr};
  default: return std::nullopt;
  }
}

// The operator token that starts at e[i] and ends before a space (how the emitter prints binary
// operators): its length, 0 where there is none.
size_t operatorTokenAt(std::string_view e, size_t i, Precedence &precedence) {
  for (size_t length = 1; length <= 2; ++length) {
    if (i + length >= e.size())
      return 0;
    if (e[i + length] != ' ')
      continue;
    if (auto op = binaryOperator(e.substr(i, length))) {
      precedence = op->precedence;
      return length;
    }
    return 0;
  }
  return 0;
}

// The characters that change a scan's state: brackets, template brackets, spaces.
constexpr auto kScanStops = [] {
  std::array<bool, 256> stops{};
  for (unsigned char c : std::string_view("()[]{}<> "))
    stops[c] = true;
  return stops;
}();

bool isIdentifierChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// Where an operand sits: beside a binary operator, after a unary one, in an open position (a
// whole argument, a whole right-hand side), or somewhere not recognized (postfix operators,
// anything else: only a primary expression goes there bare).
enum class Place : uint8_t { Binary, Unary, Open, Unknown };

struct Side {
  Place place = Place::Unknown;
  BinaryOperator op{};
};

// The context that the text before an operand makes.
Side leftSide(std::string_view before) {
  if (before.empty())
    return {Place::Open};
  char last = before.back();
  if (last == '(' || last == '[' || last == '{')
    return {Place::Open};
  if (last == '!' || last == '~' || last == '-' || last == '+')
    return {Place::Unary};
  if (last != ' ' || before.size() < 2)
    return {};
  if (before[before.size() - 2] == ',')
    return {Place::Open};
  size_t space = before.find_last_of(' ', before.size() - 2);
  size_t start = space == std::string_view::npos ? 0 : space + 1;
  std::string_view token = before.substr(start, before.size() - 1 - start);
  if (auto op = binaryOperator(token))
    return {Place::Binary, *op};
  return {};
}

// The context that the text after an operand makes.
Side rightSide(std::string_view after) {
  if (after.empty())
    return {Place::Open};
  char first = after.front();
  if (first == ')' || first == ']' || first == '}' || first == ',' || first == ';')
    return {Place::Open};
  if (first != ' ')
    return {};
  size_t end = after.find(' ', 1);
  if (end == std::string_view::npos)
    return {};
  if (auto op = binaryOperator(after.substr(1, end - 1)))
    return {Place::Binary, *op};
  return {};
}

bool isComparison(Precedence p) { return p == Precedence::Equality || p == Precedence::Relational; }

bool isArithmetic(Precedence p) {
  return p == Precedence::Multiplicative || p == Precedence::Additive || p == Precedence::Shift;
}

// Groupings C++ gets right but Clang warns about (-Wparentheses and its kin), and those that
// read wrong: comparisons of comparisons, arithmetic inside a bitwise operation.
bool warnedGrouping(Precedence inner, Precedence outer) {
  switch (outer) {
  case Precedence::Shift: return inner == Precedence::Additive;
  case Precedence::BitOr:
    return inner == Precedence::BitAnd || inner == Precedence::BitXor || isComparison(inner) || isArithmetic(inner);
  case Precedence::BitXor: return inner == Precedence::BitAnd || isComparison(inner) || isArithmetic(inner);
  case Precedence::BitAnd: return isComparison(inner) || isArithmetic(inner);
  case Precedence::LogicalOr: return inner == Precedence::LogicalAnd;
  case Precedence::Equality:
  case Precedence::Relational: return isComparison(inner);
  default: return false;
  }
}

// Whether `inner` needs parentheses as the right (`rightOperand`) or left operand of `op`.
bool needsAsOperand(Precedence inner, const BinaryOperator &op, bool rightOperand) {
  switch (op.precedence) {
  case Precedence::Assignment: return !rightOperand || inner <= Precedence::Comma;
  case Precedence::Conditional: return inner <= Precedence::Conditional; // any part of ?:
  default: break;
  }
  if (warnedGrouping(inner, op.precedence))
    return true;
  // Binary operators group left to right: an equal one needs parentheses on the right only.
  return rightOperand ? inner <= op.precedence : inner < op.precedence;
}

} // namespace

bool isOneGroup(std::string_view s) {
  if (s.size() < 2 || s.front() != '(' || s.back() != ')')
    return false;
  int depth = 0;
  for (size_t i = 0; i + 1 < s.size(); ++i) {
    depth += s[i] == '(' ? 1 : s[i] == ')' ? -1 : 0;
    if (depth == 0)
      return false;
  }
  return true;
}

Precedence precedenceOf(std::string_view e) {
  std::optional<Precedence> loosest;
  int depth = 0, templateDepth = 0;
  for (size_t i = 0; i < e.size(); ++i) {
    // Characters that change nothing.
    while (i < e.size() && !kScanStops[static_cast<unsigned char>(e[i])])
      ++i;
    if (i >= e.size())
      break;
    char c = e[i];
    if (c == '(' || c == '[' || c == '{') {
      ++depth;
    } else if (c == ')' || c == ']' || c == '}') {
      --depth;
    } else if (c == '<') {
      if (i > 0 && isIdentifierChar(e[i - 1]))
        ++templateDepth; // template arguments right after a name
    } else if (c == '>') {
      if (templateDepth > 0 && e[i - 1] != ' ' && e[i - 1] != '-')
        --templateDepth;
    } else if (c == ' ' && depth == 0 && templateDepth == 0) {
      Precedence p{};
      if (size_t length = operatorTokenAt(e, i + 1, p)) {
        if (!loosest || p < *loosest)
          loosest = p;
        i += length; // the space after the operator starts the next operand
      }
    }
  }
  if (loosest)
    return *loosest;
  if (e.empty())
    return Precedence::Primary;
  char first = e.front();
  if (first == '!' || first == '~' || first == '-' || first == '+' || first == '*' || first == '&')
    return Precedence::Unary;
  if (first == '(' && !isOneGroup(e))
    return Precedence::Unary; // a cast-like `(T)x` (the emitter prints none): as loose as one
  return Precedence::Primary;
}

Precedence operatorPrecedence(std::string_view token) {
  auto op = binaryOperator(token);
  assert(op && "not a binary operator");
  return op ? op->precedence : Precedence::Primary;
}

bool needsParentheses(Precedence inner, std::string_view before, std::string_view after) {
  if (inner == Precedence::Primary)
    return false;
  Side left = leftSide(before), right = rightSide(after);
  if (left.place == Place::Unknown || right.place == Place::Unknown || left.place == Place::Unary)
    return true;
  if (left.place == Place::Binary && needsAsOperand(inner, left.op, true))
    return true;
  if (right.place == Place::Binary && needsAsOperand(inner, right.op, false))
    return true;
  return inner <= Precedence::Comma;
}

} // namespace p2m::msl
