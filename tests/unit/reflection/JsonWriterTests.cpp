// The JSON writer: layout (indentation, inline arrays, empty containers) and string escaping.
#include "emitters/reflection/JsonWriter.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>
#include <string>

using p2m::reflection::JsonWriter;
using p2m::reflection::jsonString;

namespace {
// The escape of one byte: \u00xx.
std::string escapedByte(int byte) {
  static constexpr char kHex[] = "0123456789abcdef";
  return std::string("\\u00") + kHex[byte >> 4] + kHex[byte & 15];
}
} // namespace

TEST_CASE("JSON layout: 2-space indentation, keys in written order", "[json]") {
  JsonWriter w;
  w.beginObject();
  w.key("z");
  w.value(1);
  w.key("a");
  w.beginArray();
  w.value("x");
  w.value(true);
  w.null();
  w.beginObject();
  w.key("k");
  w.value(false);
  w.endObject();
  w.endArray();
  w.key("inline");
  w.beginArray(true);
  w.value(256u);
  w.value(1u);
  w.value(1u);
  w.endArray();
  w.key("empty_object");
  w.beginObject();
  w.endObject();
  w.key("empty_array");
  w.beginArray();
  w.endArray();
  w.key("empty_inline");
  w.beginArray(true);
  w.endArray();
  w.endObject();
  CHECK(w.text() == R"({
  "z": 1,
  "a": [
    "x",
    true,
    null,
    {"k": false}
  ],
  "inline": [256, 1, 1],
  "empty_object": {},
  "empty_array": [],
  "empty_inline": []
}
)");
}

TEST_CASE("JSON numbers: the full 64-bit ranges", "[json]") {
  JsonWriter w;
  w.beginArray(true);
  w.value(std::numeric_limits<uint64_t>::max());
  w.value(std::numeric_limits<int64_t>::min());
  w.value(int64_t{-1});
  w.value(uint8_t{200});
  w.value(0);
  w.endArray();
  CHECK(w.text() == "[18446744073709551615, -9223372036854775808, -1, 200, 0]\n");
}

TEST_CASE("JSON top-level scalar", "[json]") {
  JsonWriter w;
  w.value("a");
  CHECK(w.text() == "\"a\"\n");
}

TEST_CASE("JSON strings: quotes, backslash and control characters", "[json]") {
  CHECK(jsonString("") == R"("")");
  CHECK(jsonString("plain text") == R"("plain text")");
  CHECK(jsonString("say \"hi\"") == R"("say \"hi\"")");
  CHECK(jsonString("C:\\dir\\f.ptx") == R"("C:\\dir\\f.ptx")");
  CHECK(jsonString("a\nb\tc\rd") == R"("a\u000ab\u0009c\u000dd")");
  CHECK(jsonString(std::string_view("\0\x01\x1f\x7f", 4)) == R"("\u0000\u0001\u001f\u007f")");
  CHECK(jsonString("/ stays") == R"("/ stays")");
  // Every byte below 0x20 is escaped; nothing from 0x20 to 0x7e except quote and backslash.
  for (int c = 0; c < 0x80; ++c) {
    std::string s(1, static_cast<char>(c));
    std::string j = jsonString(s);
    if (c < 0x20 || c == 0x7f)
      CHECK(j.size() == 8);
    else if (c == '"' || c == '\\')
      CHECK(j.size() == 4);
    else
      CHECK(j == "\"" + s + "\"");
  }
}

TEST_CASE("JSON strings: valid UTF-8 kept, invalid bytes escaped", "[json]") {
  CHECK(jsonString("caf\xc3\xa9") == "\"caf\xc3\xa9\"");               // U+00E9
  CHECK(jsonString("\xe2\x82\xac") == "\"\xe2\x82\xac\"");             // U+20AC
  CHECK(jsonString("\xf0\x9f\x98\x80") == "\"\xf0\x9f\x98\x80\"");     // U+1F600
  CHECK(jsonString("\xf4\x8f\xbf\xbf") == "\"\xf4\x8f\xbf\xbf\"");     // U+10FFFF
  CHECK(jsonString("\xed\x9f\xbf") == "\"\xed\x9f\xbf\"");             // U+D7FF
  CHECK(jsonString("\xff") == R"("\u00ff")");
  CHECK(jsonString("a\x80z") == R"("a\u0080z")");                       // lone continuation
  CHECK(jsonString("\xc0\x80") == R"("\u00c0\u0080")");                 // overlong NUL
  CHECK(jsonString("\xe0\x80\xaf") == R"("\u00e0\u0080\u00af")");       // overlong '/'
  CHECK(jsonString("\xed\xa0\x80") == R"("\u00ed\u00a0\u0080")");       // surrogate D800
  CHECK(jsonString("\xf4\x90\x80\x80") == R"("\u00f4\u0090\u0080\u0080")"); // > U+10FFFF
  CHECK(jsonString("\xf5\x80\x80\x80") == R"("\u00f5\u0080\u0080\u0080")");
  CHECK(jsonString("\xe2\x82") == R"("\u00e2\u0082")");                 // truncated at the end
  CHECK(jsonString("\xe2\x82x") == R"("\u00e2\u0082x")");               // truncated in the middle
  CHECK(jsonString("\xc3\xa9\xff\xc3\xa9") == "\"\xc3\xa9\\u00ff\xc3\xa9\"");
}

TEST_CASE("JSON strings: every 1- and 2-byte input gives valid JSON text", "[json]") {
  // The output must consist only of printable ASCII, escapes and well-formed UTF-8: check that
  // no raw byte below 0x20 survives and that each input byte is accounted for.
  for (int a = 0; a < 256; ++a)
    for (int b = 0; b < 256; ++b) {
      char in[2] = {static_cast<char>(a), static_cast<char>(b)};
      std::string j = jsonString(std::string_view(in, 2));
      REQUIRE(j.front() == '"');
      REQUIRE(j.back() == '"');
      for (char c : j)
        REQUIRE(static_cast<unsigned char>(c) >= 0x20);
      bool valid2 = a >= 0xc2 && a <= 0xdf && b >= 0x80 && b <= 0xbf;
      if (valid2)
        REQUIRE(j == std::string("\"") + in[0] + in[1] + "\"");
      if (a >= 0x80 && !valid2)
        REQUIRE(j.substr(1, 6) == escapedByte(a));
    }
}

TEST_CASE("JSON layout: only containers of scalars are joined onto one line", "[json]") {
  JsonWriter w;
  w.beginObject();
  w.key("leaf");
  w.beginObject();
  w.key("n");
  w.value(1);
  w.key("dims");
  w.beginArray(true);
  w.value(2);
  w.value(3);
  w.endArray();
  w.key("none");
  w.beginArray();
  w.endArray();
  w.endObject();
  w.key("outer");
  w.beginObject();
  w.key("inner");
  w.beginObject();
  w.key("s");
  w.value("a\nb"); // an escaped newline in a string is not a line break
  w.endObject();
  w.endObject();
  w.endObject();
  CHECK(w.text() == R"({
  "leaf": {"n": 1, "dims": [2, 3], "none": []},
  "outer": {
    "inner": {"s": "a\u000ab"}
  }
}
)");
}
