// A small streaming JSON writer: 2-space indentation, members in the order they are written, so
// the same calls give the same bytes. A container whose members are all scalars (or empty
// containers) is written on one line, `{"name": "x", "size": 8}`: one variable or parameter per
// line reads as well and is a fifth of the bytes of a member per line. Strings are escaped for any input bytes: quote,
// backslash and control characters escaped, valid UTF-8 kept as is, every byte of an invalid
// UTF-8 sequence written as \u00XX.
#pragma once

#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace p2m::reflection {

class JsonWriter {
public:
  // Containers. An inline array keeps its elements on one line: `[256, 1, 1]`.
  void beginObject();
  void endObject();
  void beginArray(bool inlineElements = false);
  void endArray();

  // The name of the next member of the enclosing object.
  void key(std::string_view name);

  void value(std::string_view text);
  void value(const char *text) { value(std::string_view(text)); }
  void value(const std::string &text) { value(std::string_view(text)); }
  void value(bool flag);
  template <std::integral T>
    requires(!std::same_as<T, bool>)
  void value(T number) {
    if constexpr (std::is_signed_v<T>)
      signedValue(static_cast<int64_t>(number));
    else
      unsignedValue(static_cast<uint64_t>(number));
  }
  void null();

  // The text written so far, with a final newline once the top-level value is complete.
  const std::string &text() const { return out_; }

private:
  struct Level {
    bool object = false;
    bool inlineElements = false;
    unsigned count = 0;
    size_t start = 0;        // where the container's opening bracket is in out_
    bool onlyScalars = true; // no member is a non-empty container
  };

  void beforeValue();
  void scalar(std::string_view token); // a number, literal or escaped string
  void signedValue(int64_t number);
  void unsignedValue(uint64_t number);
  void newline();
  void beginContainer(char bracket, bool object, bool inlineElements);
  void endContainer(char bracket);

  std::string out_;
  std::vector<Level> stack_;
  bool afterKey_ = false;
};

// `text` as a JSON string literal, quotes included.
std::string jsonString(std::string_view text);

} // namespace p2m::reflection
