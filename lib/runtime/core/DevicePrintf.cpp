// Formatting device printf records on the host (DevicePrintf.h). The directives are parsed as
// printf.h's p2m_printf_scan parses them, so that both find the same arguments at the same
// offsets; each conversion is then printed by snprintf from a spec rebuilt from its parts.
#include "runtime/core/DevicePrintf.h"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string_view>

namespace p2m::runtime {

namespace {

// CUDA's message for a failed assert. An assertion record's arguments are laid out for it
// (printf.h: file, line, function, %ctaid, %tid, message).
constexpr std::string_view kAssertFormat =
    "%s:%d: %s: block: [%d,%d,%d], thread: [%d,%d,%d] Assertion `%s` failed.\n";
constexpr std::string_view kFlags = "-+ #0'";
constexpr std::string_view kLengths = "hlLqjzt";
// Widths and precisions above this are clamped: a `*` value is data, and snprintf pads to it.
constexpr int64_t kMaxField = 1 << 16;
// The longest %s string printed; a device string without a NUL ends with its allocation.
constexpr size_t kMaxStringBytes = size_t(1) << 20;

uint64_t loadLittleEndian(std::span<const uint8_t> bytes, size_t offset, unsigned size) {
  uint64_t value = 0;
  for (unsigned k = 0; k < size; ++k)
    value |= uint64_t(bytes[offset + k]) << (8 * k);
  return value;
}

bool isIn(std::string_view set, char c) { return c != '\0' && set.find(c) != std::string_view::npos; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }

// printf.h's p2m_printf_conversion_bytes.
unsigned conversionBytes(char c, bool wide) {
  if (c == 'c')
    return 4;
  if (isIn("diouxX", c))
    return wide ? 8 : 4;
  if (isIn("eEfFgGaAsp", c))
    return 8;
  return 0;
}

struct Directive {
  std::string flags;
  bool widthStar = false;
  int64_t width = -1; // a literal width; -1: none
  bool hasPrecision = false;
  bool precisionStar = false;
  int64_t precision = 0; // a literal precision ("." alone is 0)
  bool wide = false;     // a 64-bit length (l, ll, L, q, j, z, t)
  std::string length;
  char conversion = 0;
  unsigned bytes = 0; // of the argument; 0: not a conversion
  size_t end = 0;     // where the text after the directive starts

  unsigned arguments() const { return unsigned(widthStar) + unsigned(precisionStar) + 1; }
};

// The directive whose '%' is at format[percent]. Not a conversion: it ends before the
// character that ended it, which the caller prints as text.
Directive parseDirective(std::string_view format, size_t percent) {
  auto at = [&](size_t k) { return k < format.size() ? format[k] : '\0'; };
  size_t i = percent + 1;
  auto number = [&] {
    int64_t n = 0;
    while (isDigit(at(i)))
      n = std::min(n * 10 + (format[i++] - '0'), kMaxField);
    return n;
  };
  Directive d;
  while (isIn(kFlags, at(i)))
    d.flags += format[i++];
  if (at(i) == '*') {
    d.widthStar = true;
    ++i;
  } else if (isDigit(at(i))) {
    d.width = number();
  }
  if (at(i) == '.') {
    ++i;
    d.hasPrecision = true;
    if (at(i) == '*') {
      d.precisionStar = true;
      ++i;
    } else {
      d.precision = number();
    }
  }
  while (isIn(kLengths, at(i))) {
    d.wide = d.wide || at(i) != 'h';
    d.length += format[i++];
  }
  d.bytes = conversionBytes(at(i), d.wide);
  if (d.bytes)
    d.conversion = format[i++];
  d.end = i;
  return d;
}

template <typename T> void appendFormatted(std::string &out, const std::string &spec, T value) {
  int n = std::snprintf(nullptr, 0, spec.c_str(), value);
  if (n <= 0)
    return;
  size_t at = out.size();
  out.resize(at + size_t(n) + 1);
  std::snprintf(out.data() + at, size_t(n) + 1, spec.c_str(), value);
  out.resize(at + size_t(n));
}

// The NUL-terminated text at a device address, at most `maxBytes` of it; none when the address
// is not in device memory.
std::optional<std::string> deviceText(const DeviceBytes &memory, uint64_t address, size_t maxBytes) {
  std::span<const uint8_t> bytes = memory(address);
  if (bytes.empty())
    return std::nullopt;
  bytes = bytes.first(std::min(bytes.size(), maxBytes));
  const void *nul = std::memchr(bytes.data(), 0, bytes.size());
  size_t length = nul ? size_t(static_cast<const uint8_t *>(nul) - bytes.data()) : bytes.size();
  return std::string(reinterpret_cast<const char *>(bytes.data()), length);
}

// One record: its format applied to its argument bytes.
class RecordFormatter {
public:
  RecordFormatter(std::span<const uint8_t> args, const DeviceBytes &memory, std::string &out)
      : args_(args), memory_(memory), out_(out) {}

  void print(std::string_view format) {
    size_t i = 0;
    while (i < format.size()) {
      size_t percent = format.find('%', i);
      out_.append(format.substr(i, percent == std::string_view::npos ? percent : percent - i));
      if (percent == std::string_view::npos)
        return;
      if (percent + 1 < format.size() && format[percent + 1] == '%') {
        out_ += '%';
        i = percent + 2;
        continue;
      }
      Directive d = parseDirective(format, percent);
      // Not a conversion, past CUDA's 32 arguments, or arguments missing from the record:
      // the directive is printed as it is.
      bool takesArguments = d.bytes && count_ + d.arguments() <= kPrintfMaxArgs;
      if (!takesArguments || !convert(d))
        out_.append(format.substr(percent, d.end - percent));
      i = d.end;
    }
  }

private:
  // The next argument of `bytes`, at its natural alignment; false when the record ends first.
  bool take(unsigned bytes, uint64_t *value) {
    size_t offset = (next_ + bytes - 1) / bytes * bytes;
    next_ = offset + bytes;
    if (next_ > args_.size())
      return false;
    *value = loadLittleEndian(args_, offset, bytes);
    return true;
  }

  bool convert(const Directive &d) {
    count_ += d.arguments();
    uint64_t width = 0, precision = 0, value = 0;
    if ((d.widthStar && !take(4, &width)) || (d.precisionStar && !take(4, &precision)) || !take(d.bytes, &value))
      return false;
    std::string spec = "%" + d.flags;
    if (d.widthStar) {
      int64_t w = int32_t(uint32_t(width));
      if (w < 0) { // C: a negative `*` width is the '-' flag
        spec += '-';
        w = -w;
      }
      spec += std::to_string(std::min(w, kMaxField));
    } else if (d.width >= 0) {
      spec += std::to_string(d.width);
    }
    if (d.hasPrecision) {
      int64_t p = d.precisionStar ? int64_t(int32_t(uint32_t(precision))) : d.precision;
      if (p >= 0) // C: a negative `*` precision is none
        spec += "." + std::to_string(std::min(p, kMaxField));
    }
    // The length the host argument needs: a 32-bit conversion keeps h/hh (the value is
    // narrowed as on the device), a 64-bit one becomes ll; the others take none.
    switch (d.conversion) {
    case 'd':
    case 'i':
      if (d.wide)
        appendFormatted(out_, spec + "ll" + d.conversion, static_cast<long long>(value));
      else
        appendFormatted(out_, spec + d.length + d.conversion, int(int32_t(uint32_t(value))));
      break;
    case 'o':
    case 'u':
    case 'x':
    case 'X':
      if (d.wide)
        appendFormatted(out_, spec + "ll" + d.conversion, static_cast<unsigned long long>(value));
      else
        appendFormatted(out_, spec + d.length + d.conversion, unsigned(value));
      break;
    case 'c': appendFormatted(out_, spec + 'c', int(int32_t(uint32_t(value)))); break;
    case 'p': appendFormatted(out_, spec + 'p', reinterpret_cast<const void *>(uintptr_t(value))); break;
    case 's': appendFormatted(out_, spec + 's', deviceString(value).c_str()); break;
    default: appendFormatted(out_, spec + d.conversion, std::bit_cast<double>(value)); break;
    }
    return true;
  }

  std::string deviceString(uint64_t address) {
    if (address == 0)
      return "(null)";
    if (std::optional<std::string> text = deviceText(memory_, address, kMaxStringBytes))
      return *text;
    char fallback[48];
    std::snprintf(fallback, sizeof fallback, "(bad address 0x%llx)", static_cast<unsigned long long>(address));
    return fallback;
  }

  std::span<const uint8_t> args_;
  const DeviceBytes &memory_;
  std::string &out_;
  size_t next_ = 0;    // the end of the arguments taken so far
  unsigned count_ = 0; // arguments taken so far
};

} // namespace

void resetPrintfBuffer(std::span<uint8_t> buffer) {
  if (buffer.size() < kPrintfHeaderBytes)
    return;
  uint32_t header[4] = {0, uint32_t(std::min<uint64_t>(buffer.size() - kPrintfHeaderBytes, UINT32_MAX)), 0, 0};
  std::memcpy(buffer.data(), header, sizeof header);
}

PrintfOutput formatPrintfBuffer(std::span<const uint8_t> buffer, const DeviceBytes &memory) {
  PrintfOutput out;
  if (buffer.size() < kPrintfHeaderBytes)
    return out;
  uint64_t used = loadLittleEndian(buffer, 0, 4), capacity = loadLittleEndian(buffer, 4, 4);
  out.dropped = uint32_t(loadLittleEndian(buffer, 8, 4));
  std::span<const uint8_t> records = buffer.subspan(kPrintfHeaderBytes);
  records = records.first(std::min<uint64_t>({used, capacity, records.size()}));
  for (size_t at = 0; at < records.size();) {
    uint64_t size = records.size() - at < kPrintfRecordHeaderBytes ? 0 : loadLittleEndian(records, at, 4);
    if (size < kPrintfRecordHeaderBytes || size % 8 != 0 || size > records.size() - at) {
      ++out.undecodable; // where the next record starts is unknown
      break;
    }
    uint64_t kind = loadLittleEndian(records, at + 4, 4), format = loadLittleEndian(records, at + 8, 8);
    std::span<const uint8_t> args = records.subspan(at + kPrintfRecordHeaderBytes, size - kPrintfRecordHeaderBytes);
    at += size;
    std::optional<std::string> text;
    if (kind == kPrintfKindAssert)
      text = std::string(kAssertFormat);
    else if (kind == kPrintfKindFormat)
      text = deviceText(memory, format, kPrintfMaxFormatBytes);
    if (!text) {
      ++out.undecodable;
      continue;
    }
    RecordFormatter(args, memory, out.text).print(*text);
  }
  return out;
}

} // namespace p2m::runtime
