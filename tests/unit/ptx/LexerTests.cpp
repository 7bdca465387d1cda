#include "ptx/Lexer.h"

#include <catch2/catch.hpp>

#include <vector>

using namespace p2m::ptx;

static std::vector<TokenKind> kinds(std::string_view text) {
  Lexer lex(text);
  std::vector<TokenKind> out;
  for (Token t = lex.next(); t.kind != TokenKind::End; t = lex.next())
    out.push_back(t.kind);
  return out;
}

TEST_CASE("lexer splits an instruction into opcode, modifiers and operands", "[lexer]") {
  Lexer lex("ld.global.nc.v4.f32 {%f1, %f2}, [%rd1+-16];");
  std::vector<std::string_view> texts;
  for (Token t = lex.next(); t.kind != TokenKind::End; t = lex.next())
    texts.push_back(lex.text(t));
  std::vector<std::string_view> expected = {"ld", ".global", ".nc", ".v4", ".f32", "{", "%f1", ",", "%f2",
                                            "}", ",", "[", "%rd1", "+", "-", "16", "]", ";"};
  CHECK(texts == expected);
}

TEST_CASE("lexer recognizes every literal form", "[lexer]") {
  CHECK(kinds("0f3F800000") == std::vector{TokenKind::FloatBits});
  CHECK(kinds("0D3FF0000000000000") == std::vector{TokenKind::FloatBits});
  CHECK(kinds("1.5e-3") == std::vector{TokenKind::FloatDecimal});
  CHECK(kinds("9.0") == std::vector{TokenKind::FloatDecimal});
  CHECK(kinds("0x1fU 052 0b101 42") ==
        std::vector{TokenKind::Integer, TokenKind::Integer, TokenKind::Integer, TokenKind::Integer});
  CHECK(kinds("\"a\\\"b\"") == std::vector{TokenKind::String});
}

TEST_CASE("lexer keeps scoped modifiers and digit-led modifiers whole", "[lexer]") {
  Lexer lex(".shared::cluster .L2::cache_hint .2d");
  CHECK(lex.text(lex.next()) == ".shared::cluster");
  CHECK(lex.text(lex.next()) == ".L2::cache_hint");
  CHECK(lex.text(lex.next()) == ".2d");
}

TEST_CASE("lexer skips comments and reports unterminated ones", "[lexer]") {
  CHECK(kinds("a // b\n/* c */ d") == std::vector{TokenKind::Identifier, TokenKind::Identifier});
  CHECK(kinds("a /* never closed") == std::vector{TokenKind::Identifier, TokenKind::UnterminatedComment});
  CHECK(kinds("\"open") == std::vector{TokenKind::UnterminatedString});
}

TEST_CASE("lexer flags malformed numbers and stray bytes", "[lexer]") {
  CHECK(kinds("0f3F80") == std::vector{TokenKind::MalformedNumber});
  CHECK(kinds("12abc") == std::vector{TokenKind::MalformedNumber});
  CHECK(kinds("#") == std::vector{TokenKind::Invalid});
}

TEST_CASE("percent starts a register name only when a name follows", "[lexer]") {
  CHECK(kinds("%r1") == std::vector{TokenKind::Identifier});
  CHECK(kinds("7 % 3") == std::vector{TokenKind::Integer, TokenKind::Percent, TokenKind::Integer});
}

TEST_CASE("skipBraces stops at a brace, comment, string or call wherever it lies", "[lexer]") {
  // From just inside a '{', with each stop at every offset of a 32-byte group (two vectors of
  // 16) and across two.
  for (size_t at = 0; at < 72; ++at) {
    INFO("at " << at);
    std::string pad(at, 'x'), rest(72 - at, 'y');
    std::string nested = pad + "{ }" + rest + "} tail";
    Lexer lex(nested);
    bool sawCall = false;
    CHECK(lex.skipBraces(sawCall));
    CHECK(lex.position() == nested.find("} tail") + 1);
    CHECK(!sawCall);

    std::string hidden = pad + " /* } */ \" } \"" + rest + "} tail";
    Lexer hiddenLex(hidden);
    CHECK(hiddenLex.skipBraces(sawCall));
    CHECK(hiddenLex.position() == hidden.find("} tail") + 1);
    CHECK(!sawCall);

    std::string word = pad + " xcall call_f %call .call" + rest + "}";
    Lexer wordLex(word);
    CHECK(wordLex.skipBraces(sawCall));
    CHECK(!sawCall);

    std::string call = pad + " call f;" + rest + "}";
    Lexer callLex(call);
    CHECK(callLex.skipBraces(sawCall));
    CHECK(sawCall);

    std::string open = pad + "{" + rest + "}";
    Lexer openLex(open);
    CHECK(!openLex.skipBraces(sawCall));
    CHECK(openLex.position() == open.size());
  }
}
