// The host side of device printf (lib/runtime/core/DevicePrintf.h): printf buffers built by
// hand in the layout emitters/msl/support/printf.h writes, formatted against a fake device
// memory. Every conversion is compared with the host's own snprintf of the same values;
// damaged records, bad pointers and missing arguments must end in text or a count, never
// in a read outside the buffer or the allocation.
#include "runtime/core/DevicePrintf.h"

#include <catch2/catch.hpp>

#include <bit>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

using namespace p2m::runtime;

namespace {

// vprintf's argument buffer: each value at its natural alignment.
class Args {
public:
  Args &i32(int32_t v) { return put(uint32_t(v), 4); }
  Args &i64(int64_t v) { return put(uint64_t(v), 8); }
  Args &f64(double v) { return put(std::bit_cast<uint64_t>(v), 8); }
  Args &address(uint64_t v) { return put(v, 8); }
  const std::vector<uint8_t> &bytes() const { return bytes_; }

private:
  Args &put(uint64_t v, unsigned size) {
    bytes_.resize((bytes_.size() + size - 1) / size * size);
    for (unsigned k = 0; k < size; ++k)
      bytes_.push_back(uint8_t(v >> (8 * k)));
    return *this;
  }
  std::vector<uint8_t> bytes_;
};

// A printf buffer as the device leaves it.
class Buffer {
public:
  Buffer() : bytes_(kPrintfHeaderBytes, 0) {}
  Buffer &record(uint32_t kind, uint64_t format, const std::vector<uint8_t> &args) {
    uint32_t size = (kPrintfRecordHeaderBytes + uint32_t(args.size()) + 7) & ~7u;
    return raw(size, kind, format, args);
  }
  // A record header with any size, followed by `args` (padded to a multiple of 8).
  Buffer &raw(uint32_t size, uint32_t kind, uint64_t format, const std::vector<uint8_t> &args) {
    put(size, 4);
    put(kind, 4);
    put(format, 8);
    bytes_.insert(bytes_.end(), args.begin(), args.end());
    bytes_.resize((bytes_.size() + 7) & ~size_t(7));
    return *this;
  }
  std::vector<uint8_t> finish(uint32_t dropped = 0, int64_t used = -1, int64_t capacity = -1) {
    std::vector<uint8_t> out = bytes_;
    uint32_t records = uint32_t(out.size() - kPrintfHeaderBytes);
    uint32_t header[4] = {used < 0 ? records : uint32_t(used), capacity < 0 ? records + 64 : uint32_t(capacity),
                          dropped, 0};
    std::memcpy(out.data(), header, sizeof header);
    out.resize(out.size() + 64, 0xEE); // unused room after the records
    return out;
  }

private:
  void put(uint64_t v, unsigned size) {
    for (unsigned k = 0; k < size; ++k)
      bytes_.push_back(uint8_t(v >> (8 * k)));
  }
  std::vector<uint8_t> bytes_;
};

// Device memory: allocations at made-up addresses holding the given bytes.
class Memory {
public:
  // A NUL-terminated string in an allocation of its own.
  uint64_t string(const std::string &text) { return allocation(text + '\0'); }
  uint64_t allocation(const std::string &bytes) {
    uint64_t address = next_;
    next_ += 0x10000;
    blocks_[address] = std::vector<uint8_t>(bytes.begin(), bytes.end());
    return address;
  }
  DeviceBytes reader() const {
    return [this](uint64_t address) -> std::span<const uint8_t> {
      auto it = blocks_.upper_bound(address);
      if (it == blocks_.begin())
        return {};
      --it;
      if (address - it->first >= it->second.size())
        return {};
      return std::span<const uint8_t>(it->second).subspan(size_t(address - it->first));
    };
  }

private:
  std::map<uint64_t, std::vector<uint8_t>> blocks_;
  uint64_t next_ = 0x100000;
};

template <typename... T> std::string hostPrintf(const char *format, T... values) {
  char text[4096];
  std::snprintf(text, sizeof text, format, values...);
  return text;
}

std::string formatOne(Memory &memory, const std::string &format, const Args &args) {
  std::vector<uint8_t> buffer = Buffer().record(kPrintfKindFormat, memory.string(format), args.bytes()).finish();
  PrintfOutput out = formatPrintfBuffer(buffer, memory.reader());
  CHECK(out.undecodable == 0);
  return out.text;
}

} // namespace

TEST_CASE("device printf: the conversions of the execution suite's dev_printf", "[runtime-core][printf]") {
  Memory memory;
  const char *format = "thread %u: int=%d hex=%08x ll=%lld double=%.3f str=%s char=%c\n";
  uint64_t odd = memory.string("odd");
  struct Row {
    uint32_t thread;
    int32_t v;
    double d;
  };
  for (Row r : {Row{0, 0, 0.0005}, Row{3, 25, 1e300}, Row{4, 26, -0.0}, Row{5, 2147483647, 0.539},
                Row{33, 75, 3.213}}) {
    long long ll = (long long)r.v * 1000000007LL;
    int c = 'a' + r.v % 26;
    Args args;
    args.i32(int32_t(r.thread)).i32(r.v).i32(r.v).i64(ll).f64(r.d).address(odd).i32(c);
    CHECK(args.bytes().size() == 44); // the offsets nvcc's PTX stores at: 0 4 8 16 24 32 40
    CHECK(formatOne(memory, format, args) == hostPrintf(format, r.thread, r.v, unsigned(r.v), ll, r.d, "odd", c));
  }
  CHECK(formatOne(memory, "no arguments\n", Args()) == "no arguments\n");
}

TEST_CASE("device printf: flags, widths, lengths and every conversion", "[runtime-core][printf]") {
  Memory memory;
  uint64_t hello = memory.string("hello");
  CHECK(formatOne(memory, "%i|%o|%X|%#x|%+d|% d|%-5d|%05d", Args().i32(-7).i32(8).i32(255).i32(255).i32(3).i32(3).i32(
                                                                     42).i32(-42)) ==
        hostPrintf("%i|%o|%X|%#x|%+d|% d|%-5d|%05d", -7, 8u, 255u, 255u, 3, 3, 42, -42));
  // h and hh narrow the int-sized value as the host's printf does; 64-bit lengths take 8 bytes.
  CHECK(formatOne(memory, "%hd|%hhu|%ld|%lu|%zu|%jd|%td|%llx|%Lx|%qd",
                  Args().i32(70000).i32(300).i64(-5).i64(-1).i64(9).i64(-9).i64(10).i64(-2).i64(11).i64(12)) ==
        hostPrintf("%hd|%hhu|%ld|%lu|%zu|%jd|%td|%llx|%llx|%lld", 70000, 300, -5L, ~0UL, size_t(9), -9L, 10L, -2LL,
                   11LL, 12LL));
  CHECK(formatOne(memory, "%e|%E|%g|%G|%a|%A|%F|%10.2f|%Lf",
                  Args().f64(1.5e-7).f64(2e300).f64(0.0001).f64(1e-10).f64(1.0).f64(-0.5).f64(3.25).f64(-3.14159).f64(
                      2.0)) ==
        hostPrintf("%e|%E|%g|%G|%a|%A|%F|%10.2f|%f", 1.5e-7, 2e300, 0.0001, 1e-10, 1.0, -0.5, 3.25, -3.14159, 2.0));
  CHECK(formatOne(memory, "[%s|%8s|%-8s|%.3s|%c|%lc|%p]",
                  Args().address(hello).address(hello).address(hello).address(hello).i32('x').i32('y').address(
                      0x1234)) ==
        hostPrintf("[%s|%8s|%-8s|%.3s|%c|%c|%p]", "hello", "hello", "hello", "hello", 'x', 'y', (void *)0x1234));
  // `*` width and precision take an int each, before the value; a negative width is '-'.
  CHECK(formatOne(memory, "[%*d|%*d|%.*f|%-*.*s]",
                  Args().i32(6).i32(1).i32(-6).i32(2).i32(3).f64(2.71828).i32(7).i32(2).address(hello)) ==
        hostPrintf("[%*d|%*d|%.*f|%-*.*s]", 6, 1, -6, 2, 3, 2.71828, 7, 2, "hello"));
  // A negative `*` precision is none.
  CHECK(formatOne(memory, "%.*f", Args().i32(-1).f64(0.5)) == hostPrintf("%f", 0.5));
  CHECK(formatOne(memory, "100%% of %d%%", Args().i32(3)) == "100% of 3%");
}

TEST_CASE("device printf: text that is not a conversion is printed as it is", "[runtime-core][printf]") {
  Memory memory;
  // Not a conversion: no argument; the text up to the character that ended it is printed.
  CHECK(formatOne(memory, "a %y b %5k c %d", Args().i32(4)) == "a %y b %5k c 4");
  CHECK(formatOne(memory, "%-%d", Args().i32(9)) == "%-9");
  CHECK(formatOne(memory, "end %", Args()) == "end %");
  CHECK(formatOne(memory, "end %-08.", Args()) == "end %-08.");
  // CUDA's limit: 32 arguments; later directives are printed as they are.
  std::string format;
  Args args;
  std::string expected;
  for (int i = 0; i < 33; ++i) {
    format += "%d,";
    args.i32(i);
    expected += i < 32 ? std::to_string(i) + "," : "%d,";
  }
  CHECK(formatOne(memory, format, args) == expected);
  // A `*` counts: 31 plain arguments leave no room for "%*d" (two).
  format = std::string(31 * 2, ' ');
  args = Args();
  for (int i = 0; i < 31; ++i) {
    format[size_t(2 * i)] = '%';
    format[size_t(2 * i + 1)] = 'c';
    args.i32('a');
  }
  CHECK(formatOne(memory, format + "%*d", args) == std::string(31, 'a') + "%*d");
  // Arguments missing from the record (a call without an argument buffer): printed as is.
  CHECK(formatOne(memory, "%d and %lld", Args().i32(5)) == "5 and %lld");
  // A width from data is clamped rather than trusted.
  CHECK(formatOne(memory, "%*d", Args().i32(2000000000).i32(1)).size() == 65536);
  CHECK(formatOne(memory, "%99999999d", Args().i32(1)).size() == 65536);
}

TEST_CASE("device printf: strings from device memory", "[runtime-core][printf]") {
  Memory memory;
  CHECK(formatOne(memory, "<%s>", Args().address(0)) == "<(null)>");
  CHECK(formatOne(memory, "<%s>", Args().address(0xdead0000)) == "<(bad address 0xdead0000)>");
  // A shared or local window address is not device memory the host can read.
  CHECK(formatOne(memory, "<%s>", Args().address(0xFFFF000000000010ull)) == "<(bad address 0xffff000000000010)>");
  // Without a NUL, the string ends with its allocation.
  uint64_t unterminated = memory.allocation("abc");
  CHECK(formatOne(memory, "<%s>", Args().address(unterminated)) == "<abc>");
  CHECK(formatOne(memory, "<%s>", Args().address(unterminated + 1)) == "<bc>");
}

TEST_CASE("device printf: the message of a failed assert", "[runtime-core][printf]") {
  Memory memory;
  uint64_t message = memory.string("x != 0"), file = memory.string("k.cu"), function = memory.string("void k(int)");
  Args args;
  args.address(file).i32(31).address(function).i32(1).i32(2).i32(3).i32(6).i32(7).i32(8).address(message);
  CHECK(args.bytes().size() == 56);
  std::vector<uint8_t> buffer = Buffer().record(kPrintfKindAssert, 0, args.bytes()).finish();
  PrintfOutput out = formatPrintfBuffer(buffer, memory.reader());
  CHECK(out.text == "k.cu:31: void k(int): block: [1,2,3], thread: [6,7,8] Assertion `x != 0` failed.\n");
}

TEST_CASE("device printf: records in order, dropped and damaged ones", "[runtime-core][printf]") {
  Memory memory;
  uint64_t one = memory.string("one %d\n"), two = memory.string("two\n");
  std::vector<uint8_t> args = Args().i32(1).bytes();

  PrintfOutput out = formatPrintfBuffer(
      Buffer().record(kPrintfKindFormat, one, args).record(kPrintfKindFormat, two, {}).finish(5), memory.reader());
  CHECK(out.text == "one 1\ntwo\n");
  CHECK(out.dropped == 5);
  CHECK(out.undecodable == 0);

  SECTION("a format outside device memory, an unknown kind: skipped, counted") {
    out = formatPrintfBuffer(Buffer()
                                 .record(kPrintfKindFormat, 0xdead0000, {})
                                 .record(7, one, args)
                                 .record(kPrintfKindFormat, two, {})
                                 .finish(),
                             memory.reader());
    CHECK(out.text == "two\n");
    CHECK(out.undecodable == 2);
  }
  SECTION("a record size that cannot be right ends the decoding") {
    for (uint32_t size : {0u, 8u, 20u, 4096u}) {
      INFO("size " << size);
      out = formatPrintfBuffer(Buffer().record(kPrintfKindFormat, two, {}).raw(size, 0, two, {}).finish(),
                               memory.reader());
      CHECK(out.text == "two\n");
      CHECK(out.undecodable == 1);
    }
  }
  SECTION("used beyond the capacity or the buffer: only whole records inside both are read") {
    std::vector<uint8_t> buffer =
        Buffer().record(kPrintfKindFormat, two, {}).record(kPrintfKindFormat, two, {}).finish(0, 1 << 30, 16);
    out = formatPrintfBuffer(buffer, memory.reader());
    CHECK(out.text == "two\n");
    buffer = Buffer().record(kPrintfKindFormat, two, {}).finish(0, 1 << 30, 1 << 30);
    out = formatPrintfBuffer(buffer, memory.reader());
    CHECK(out.text == "two\n");
    CHECK(out.undecodable == 1); // the 0xEE bytes after it are no record
  }
  SECTION("a record cut short by `used`") {
    out = formatPrintfBuffer(Buffer().record(kPrintfKindFormat, one, args).finish(0, 20), memory.reader());
    CHECK(out.text.empty());
    CHECK(out.undecodable == 1);
  }
  SECTION("a buffer shorter than its header") {
    std::vector<uint8_t> tiny(8, 0xff);
    out = formatPrintfBuffer(tiny, memory.reader());
    CHECK(out.text.empty());
    CHECK(out.dropped == 0);
  }
}

TEST_CASE("device printf: an empty buffer", "[runtime-core][printf]") {
  std::vector<uint8_t> buffer(1024, 0xAB);
  resetPrintfBuffer(buffer);
  uint32_t header[4];
  std::memcpy(header, buffer.data(), sizeof header);
  CHECK(header[0] == 0);
  CHECK(header[1] == 1024 - kPrintfHeaderBytes);
  CHECK(header[2] == 0);
  PrintfOutput out = formatPrintfBuffer(buffer, Memory().reader());
  CHECK(out.text.empty());
  CHECK(out.dropped == 0);
  CHECK(out.undecodable == 0);
}
