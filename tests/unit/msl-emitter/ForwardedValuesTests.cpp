// Forwarded values in printed text: a reader's markers become the values' expressions when the
// reader evaluates each once, in its first statement; otherwise nothing changes and the values
// read come back to be printed as statements.
#include "emitters/msl/ForwardedValues.h"

#include <catch2/catch.hpp>

#include <string>

using p2m::ir::Forwarding;
using p2m::ir::RegId;
using p2m::msl::ForwardedValues;

namespace {

// Registers 0..3 may be forwarded; a value for r0 ("a + b") is pending.
ForwardedValues withPendingSum() {
  ForwardedValues v;
  v.start(std::vector<Forwarding>(4, Forwarding::Value));
  size_t checkpoint = v.checkpoint();
  REQUIRE(v.capture(RegId(0), "a + b"));
  std::string none;
  REQUIRE(v.commit(none, 0, checkpoint, false));
  return v;
}

} // namespace

TEST_CASE("a reader's marker becomes the value, parenthesized as its place needs", "[msl][forwarding]") {
  ForwardedValues v = withPendingSum();
  size_t checkpoint = v.checkpoint();
  std::string out = "  uint r9 = 1u;\n";
  size_t start = out.size();
  out += "  uint r1 = " + std::string(v.read(RegId(0))) + " * 2u;\n";
  REQUIRE(v.commit(out, start, checkpoint, false));
  CHECK(out == "  uint r9 = 1u;\n  uint r1 = (a + b) * 2u;\n");
  CHECK(v.read(RegId(0)).empty()); // consumed
}

TEST_CASE("a value captured with its precedence is parenthesized by it", "[msl][forwarding]") {
  ForwardedValues v;
  v.start(std::vector<Forwarding>(4, Forwarding::Value));
  size_t checkpoint = v.checkpoint();
  REQUIRE(v.capture(RegId(0), "a + b", p2m::msl::Precedence::Additive));
  REQUIRE(v.capture(RegId(1), "f(a, b)", p2m::msl::Precedence::Primary));
  std::string none;
  REQUIRE(v.commit(none, 0, checkpoint, false));
  checkpoint = v.checkpoint();
  std::string out = "  uint r1 = " + std::string(v.read(RegId(0))) + " * " + std::string(v.read(RegId(1))) + ";\n";
  REQUIRE(v.commit(out, 0, checkpoint, false));
  CHECK(out == "  uint r1 = (a + b) * f(a, b);\n");
}

TEST_CASE("a value read twice or after the reader's first statement is handed back", "[msl][forwarding]") {
  ForwardedValues v = withPendingSum();
  size_t checkpoint = v.checkpoint();
  std::string marker = std::string(v.read(RegId(0)));
  SECTION("twice") {
    std::string out = "  bool p1 = " + marker + " < c || " + marker + " > c;\n";
    CHECK_FALSE(v.commit(out, 0, checkpoint, false));
  }
  SECTION("after a first statement") {
    std::string out = "  fence();\n  store(" + marker + ");\n";
    std::string before = out;
    CHECK_FALSE(v.commit(out, 0, checkpoint, false));
    CHECK(out == before);
  }
  auto values = v.rollback(checkpoint);
  REQUIRE(values.size() == 1);
  CHECK(values[0].first == RegId(0));
  CHECK(values[0].second == "a + b");
  CHECK(v.read(RegId(0)).empty());
}

TEST_CASE("a guarded reader may read in its guard and in the statement after it", "[msl][forwarding]") {
  ForwardedValues v;
  v.start(std::vector<Forwarding>(4, Forwarding::Value));
  size_t checkpoint = v.checkpoint();
  REQUIRE(v.capture(RegId(0), "x < y"));
  REQUIRE(v.capture(RegId(1), "P2M_MEM(device, uint, rd1)"));
  std::string none;
  REQUIRE(v.commit(none, 0, checkpoint, false));
  checkpoint = v.checkpoint();
  std::string out = "  if (!" + std::string(v.read(RegId(0))) + ") {\n    r2 = " + std::string(v.read(RegId(1))) + " + 1u;\n  }\n";
  REQUIRE(v.commit(out, 0, checkpoint, true));
  CHECK(out == "  if (!(x < y)) {\n    r2 = P2M_MEM(device, uint, rd1) + 1u;\n  }\n");
}

TEST_CASE("a value captured from forwarded operands carries them on", "[msl][forwarding]") {
  ForwardedValues v = withPendingSum();
  size_t checkpoint = v.checkpoint();
  REQUIRE(v.capture(RegId(1), std::string(v.read(RegId(0))) + " - c"));
  std::string none;
  REQUIRE(v.commit(none, 0, checkpoint, false));
  checkpoint = v.checkpoint();
  std::string out = "  r3 = d - " + std::string(v.read(RegId(1))) + ";\n";
  REQUIRE(v.commit(out, 0, checkpoint, false));
  CHECK(out == "  r3 = d - (a + b - c);\n");
}

TEST_CASE("each value an instruction captures gets its own operands, the reader's text its own", "[msl][forwarding]") {
  // One instruction reads three pending values: two go into the values it captures (each
  // replaced in place from its marker on), one into its own statement after other text.
  ForwardedValues v;
  v.start(std::vector<Forwarding>(8, Forwarding::Value));
  size_t checkpoint = v.checkpoint();
  REQUIRE(v.capture(RegId(0), "a + b"));
  REQUIRE(v.capture(RegId(1), "c"));
  REQUIRE(v.capture(RegId(2), "d * e"));
  std::string none;
  REQUIRE(v.commit(none, 0, checkpoint, false));
  checkpoint = v.checkpoint();
  REQUIRE(v.capture(RegId(3), "f & " + std::string(v.read(RegId(0)))));
  REQUIRE(v.capture(RegId(4), "min(" + std::string(v.read(RegId(1))) + ", g)"));
  std::string out = "  uint r9 = 1u;\n";
  const size_t start = out.size();
  out += "  store(h, " + std::string(v.read(RegId(2))) + " - 1u);\n";
  REQUIRE(v.commit(out, start, checkpoint, false));
  CHECK(out == "  uint r9 = 1u;\n  store(h, d * e - 1u);\n");
  checkpoint = v.checkpoint();
  std::string reader = "  r5 = " + std::string(v.read(RegId(3))) + " + " + std::string(v.read(RegId(4))) + ";\n";
  REQUIRE(v.commit(reader, 0, checkpoint, false));
  CHECK(reader == "  r5 = (f & (a + b)) + min(c, g);\n");
}

TEST_CASE("a branch condition is resolved where it is printed", "[msl][forwarding]") {
  ForwardedValues v = withPendingSum();
  std::string text = "if (" + std::string(v.read(RegId(0))) + ") {";
  CHECK(v.resolve(text) == "if (a + b) {");
  SECTION("and values left unread are dropped with the block") {
    ForwardedValues w = withPendingSum();
    w.clearBlock();
    CHECK(w.read(RegId(0)).empty());
  }
}

TEST_CASE("a value captured in a later block starts afresh in a reused entry", "[msl][forwarding]") {
  // The first block's entry learnt that its value is a sum; the second block's value, captured
  // into the same storage, is a bare name and needs no parentheses in the same place.
  ForwardedValues v = withPendingSum();
  size_t checkpoint = v.checkpoint();
  std::string out = "  uint r1 = " + std::string(v.read(RegId(0))) + " * 2u;\n";
  REQUIRE(v.commit(out, 0, checkpoint, false));
  CHECK(out == "  uint r1 = (a + b) * 2u;\n");
  v.clearBlock();
  checkpoint = v.checkpoint();
  CHECK(checkpoint == 0);
  REQUIRE(v.capture(RegId(2), "c"));
  std::string none;
  REQUIRE(v.commit(none, 0, checkpoint, false));
  checkpoint = v.checkpoint();
  out = "  uint r3 = " + std::string(v.read(RegId(2))) + " * 2u;\n";
  REQUIRE(v.commit(out, 0, checkpoint, false));
  CHECK(out == "  uint r3 = c * 2u;\n");
}

TEST_CASE("values an instruction captures read each pending value once, and only earlier ones", "[msl][forwarding]") {
  SECTION("two captured values reading one value: it is handed back, they are dropped") {
    ForwardedValues v = withPendingSum();
    size_t checkpoint = v.checkpoint();
    REQUIRE(v.capture(RegId(1), std::string(v.read(RegId(0))) + " - c"));
    REQUIRE(v.capture(RegId(2), std::string(v.read(RegId(0))) + " * d"));
    std::string none;
    CHECK_FALSE(v.commit(none, 0, checkpoint, false));
    auto back = v.rollback(checkpoint);
    REQUIRE(back.size() == 1);
    CHECK(back[0].first == RegId(0));
    CHECK(back[0].second == "a + b");
    CHECK(v.read(RegId(1)).empty());
    CHECK(v.read(RegId(2)).empty());
  }
  SECTION("a captured value reading one the same instruction captured") {
    ForwardedValues v;
    v.start(std::vector<Forwarding>(4, Forwarding::Value));
    size_t checkpoint = v.checkpoint();
    REQUIRE(v.capture(RegId(0), "a + b"));
    REQUIRE(v.capture(RegId(1), std::string(v.read(RegId(0))) + " - c"));
    std::string none;
    CHECK_FALSE(v.commit(none, 0, checkpoint, false));
  }
}
