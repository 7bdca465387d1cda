#include "emitters/reflection/JsonWriter.h"

#include <cassert>
#include <charconv>

namespace p2m::reflection {

namespace {

// The length of the well-formed UTF-8 sequence at text[i] (Unicode table 3-7: no overlong
// forms, no surrogates, nothing above U+10FFFF), or 0 if there is none.
size_t utf8Length(std::string_view text, size_t i) {
  auto byte = [&](size_t k) { return static_cast<uint8_t>(text[k]); };
  uint8_t lead = byte(i);
  size_t length;
  uint8_t lo = 0x80, hi = 0xBF; // the range of the second byte
  if (lead < 0x80)
    return 1;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0)
      lo = 0xA0;
    else if (lead == 0xED)
      hi = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0)
      lo = 0x90;
    else if (lead == 0xF4)
      hi = 0x8F;
  } else {
    return 0;
  }
  if (i + length > text.size())
    return 0;
  if (byte(i + 1) < lo || byte(i + 1) > hi)
    return 0;
  for (size_t k = 2; k < length; ++k)
    if (byte(i + k) < 0x80 || byte(i + k) > 0xBF)
      return 0;
  return length;
}

void appendEscapedByte(std::string &out, uint8_t b) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += "\\u00";
  out += kHex[b >> 4];
  out += kHex[b & 15];
}

// Appends `text` as a JSON string literal to `out`.
void appendJsonString(std::string &out, std::string_view text) {
  // Printable ASCII but the quote and the backslash stays as it is: names are runs of it,
  // copied whole rather than byte by byte.
  auto plain = [](uint8_t b) { return b >= 0x20 && b < 0x7F && b != '"' && b != '\\'; };
  out += '"';
  for (size_t i = 0; i < text.size();) {
    size_t run = i;
    while (run < text.size() && plain(static_cast<uint8_t>(text[run])))
      ++run;
    out.append(text.data() + i, run - i);
    i = run;
    if (i == text.size())
      break;
    uint8_t b = static_cast<uint8_t>(text[i]);
    if (b == '"' || b == '\\') {
      out += '\\';
      out += static_cast<char>(b);
      ++i;
    } else if (b < 0x20 || b == 0x7F) {
      appendEscapedByte(out, b);
      ++i;
    } else if (size_t n = utf8Length(text, i)) {
      out.append(text.substr(i, n));
      i += n;
    } else {
      appendEscapedByte(out, b); // not UTF-8: keep the byte, readably
      ++i;
    }
  }
  out += '"';
}

} // namespace

std::string jsonString(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 2);
  appendJsonString(out, text);
  return out;
}

void JsonWriter::newline() {
  out_ += '\n';
  out_.append(2 * stack_.size(), ' ');
}

void JsonWriter::beforeValue() {
  if (afterKey_) {
    afterKey_ = false;
    return;
  }
  if (stack_.empty())
    return;
  Level &level = stack_.back();
  assert(!level.object && "a member needs a key");
  if (level.count > 0)
    out_ += level.inlineElements ? ", " : ",";
  if (!level.inlineElements)
    newline();
  ++level.count;
}

void JsonWriter::key(std::string_view name) {
  assert(!stack_.empty() && stack_.back().object && !afterKey_);
  Level &level = stack_.back();
  if (level.count > 0)
    out_ += ',';
  newline();
  ++level.count;
  appendJsonString(out_, name);
  out_ += ": ";
  afterKey_ = true;
}

void JsonWriter::beginContainer(char bracket, bool object, bool inlineElements) {
  beforeValue();
  size_t start = out_.size();
  out_ += bracket;
  stack_.push_back({object, inlineElements, 0, start, true});
}

void JsonWriter::beginObject() { beginContainer('{', true, false); }
void JsonWriter::beginArray(bool inlineElements) { beginContainer('[', false, inlineElements); }

// Closes the innermost container; one whose members were all scalars is joined onto one line
// (strings never hold a raw newline: jsonString escapes control characters).
void JsonWriter::endContainer(char bracket) {
  Level level = stack_.back();
  stack_.pop_back();
  if (level.count > 0 && !level.inlineElements) {
    if (level.onlyScalars) {
      std::string joined;
      joined.reserve(out_.size() - level.start);
      for (size_t i = level.start; i < out_.size(); ++i) {
        if (out_[i] != '\n') {
          joined += out_[i];
          continue;
        }
        while (i + 1 < out_.size() && out_[i + 1] == ' ')
          ++i;
        if (joined.back() == ',')
          joined += ' ';
      }
      out_.resize(level.start);
      out_ += joined;
    } else {
      newline();
    }
  }
  out_ += bracket;
  if (level.count > 0 && !level.inlineElements && !stack_.empty())
    stack_.back().onlyScalars = false; // an inline array (`[256, 1, 1]`) counts as a scalar
  if (stack_.empty())
    out_ += '\n';
}

void JsonWriter::endObject() {
  assert(!stack_.empty() && stack_.back().object && !afterKey_);
  endContainer('}');
}

void JsonWriter::endArray() {
  assert(!stack_.empty() && !stack_.back().object);
  endContainer(']');
}

void JsonWriter::scalar(std::string_view token) {
  beforeValue();
  out_ += token;
  if (stack_.empty())
    out_ += '\n';
}

void JsonWriter::value(std::string_view text) {
  beforeValue();
  appendJsonString(out_, text);
  if (stack_.empty())
    out_ += '\n';
}
void JsonWriter::value(bool flag) { scalar(flag ? "true" : "false"); }
void JsonWriter::null() { scalar("null"); }

void JsonWriter::signedValue(int64_t number) {
  char buffer[24];
  auto result = std::to_chars(buffer, buffer + sizeof buffer, number);
  scalar(std::string_view(buffer, static_cast<size_t>(result.ptr - buffer)));
}

void JsonWriter::unsignedValue(uint64_t number) {
  char buffer[24];
  auto result = std::to_chars(buffer, buffer + sizeof buffer, number);
  scalar(std::string_view(buffer, static_cast<size_t>(result.ptr - buffer)));
}

} // namespace p2m::reflection
