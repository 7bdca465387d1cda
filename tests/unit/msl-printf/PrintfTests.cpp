// The device side of printf (emitters/msl/support/printf.h), run on the CPU as the host backend
// runs generated MSL: the argument layout it computes from a format, the records it writes
// (read back by the runtime's formatter, lib/runtime/core/DevicePrintf.h, so that the two are
// checked against each other), a full buffer, racing threads, and the MSL subset check.
#include "PrintfKernels.h"

#include "mslcheck/MslCheck.h"
#include "runtime/core/DevicePrintf.h"

#include <catch2/catch.hpp>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

using namespace p2m::mslprintf;
using p2m::runtime::DeviceBytes;
using p2m::runtime::formatPrintfBuffer;
using p2m::runtime::PrintfOutput;

namespace {

// Host memory the test hands out as device memory (on the host backend device addresses are
// host addresses), and the formatter's view of it.
class Memory {
public:
  uint64_t string(const std::string &text) {
    blocks_.push_back(std::make_unique<std::vector<uint8_t>>(text.begin(), text.end()));
    blocks_.back()->push_back(0);
    return uint64_t(blocks_.back()->data());
  }
  uint64_t buffer(size_t bytes) {
    blocks_.push_back(std::make_unique<std::vector<uint8_t>>(bytes, 0));
    return uint64_t(blocks_.back()->data());
  }
  DeviceBytes reader() const {
    return [this](uint64_t address) -> std::span<const uint8_t> {
      for (const auto &b : blocks_)
        if (address - uint64_t(b->data()) < b->size())
          return std::span<const uint8_t>(*b).subspan(size_t(address - uint64_t(b->data())));
      return {};
    };
  }

private:
  std::vector<std::unique_ptr<std::vector<uint8_t>>> blocks_;
};

// A module's printf buffer of `bytes`, as the runtime sets it up before a launch.
struct PrintfBuffer {
  explicit PrintfBuffer(size_t bytes) : bytes(bytes) { p2m::runtime::resetPrintfBuffer(this->bytes); }
  uint64_t address() { return uint64_t(bytes.data()); }
  uint32_t header(unsigned word) const {
    uint32_t v;
    std::memcpy(&v, bytes.data() + 4 * word, 4);
    return v;
  }
  PrintfOutput print(const Memory &memory) const { return formatPrintfBuffer(bytes, memory.reader()); }
  std::vector<uint8_t> bytes;
};

template <typename T> void store(unsigned char *at, T value) { std::memcpy(at, &value, sizeof value); }

const char *const kDevPrintfFormat = "thread %u: int=%d hex=%08x ll=%lld double=%.3f str=%s char=%c\n";

// dev_printf's argument buffer as nvcc's PTX fills it (st.local at +0 +4 +8 +16 +24 +32 +40).
void fillDevPrintfArgs(unsigned char *at, uint64_t str) {
  store<uint32_t>(at, 3);
  store<int32_t>(at + 4, 25);
  store<int32_t>(at + 8, 25);
  store<int64_t>(at + 16, 25LL * 1000000007LL);
  store<double>(at + 24, 1e300);
  store<uint64_t>(at + 32, str);
  store<int32_t>(at + 40, 'z');
}

std::string devPrintfExpected() {
  char text[1024];
  std::snprintf(text, sizeof text, kDevPrintfFormat, 3u, 25, 25u, 25LL * 1000000007LL, 1e300, "odd", 'z');
  return text;
}

std::string readSource(const std::string &relative) {
  std::ifstream in(std::string(P2M_SOURCE_ROOT) + "/" + relative);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// abi.h as the emitter pastes it: its #include of kernel_abi.h replaced by that header (the
// check reads nothing from disk).
std::string readAbiPrelude() {
  std::string abi = readSource("emitters/msl/support/abi.h");
  const std::string include = "#include \"kernel_abi.h\"\n";
  abi.replace(abi.find(include), include.size(), readSource("emitters/msl/support/kernel_abi.h"));
  return abi;
}

} // namespace

TEST_CASE("printf.h: the layout of vprintf's argument buffer", "[msl-printf]") {
  struct Row {
    const char *format;
    uint32_t bytes;
    int count;
  };
  const Row rows[] = {
      {kDevPrintfFormat, 44, 7}, // the PTX of every trap_printf variant stores its last argument at +40
      {"no arguments\n", 0, 0},
      {"%d%lld", 16, 2},         // the 64-bit value at offset 8
      {"%c%f", 16, 2},
      {"%hhd%hd%ld%zu%jd%td%Lf%p%s", 64, 9},
      {"%-+ #0'12.5lld", 8, 1},
      {"%*.*f", 16, 3},          // two ints, then the value at offset 8
      {"%d%*d", 12, 3},
      {"%%d %5k %y", 0, 0},      // no conversion takes an argument
      {"%-%d", 4, 1},
      {"%", 0, 0},
      {"%-08.", 0, 0},
      {"%lc%e", 16, 2},
  };
  Memory memory;
  for (const Row &r : rows) {
    INFO(r.format);
    uint32_t bytes = 0;
    int count = 0;
    scanFormat(Thread{}, memory.string(r.format), &bytes, &count);
    CHECK(bytes == r.bytes);
    CHECK(count == r.count);
  }
  // CUDA's limit of 32 arguments.
  std::string many;
  for (int i = 0; i < 40; ++i)
    many += "%d ";
  uint32_t bytes = 0;
  int count = 0;
  scanFormat(Thread{}, memory.string(many), &bytes, &count);
  CHECK(bytes == 128);
  CHECK(count == 32);
}

TEST_CASE("printf.h: vprintf's record, printed by the runtime", "[msl-printf]") {
  Memory memory;
  uint64_t format = memory.string(kDevPrintfFormat), odd = memory.string("odd");
  unsigned char local[128] = {}, shared[128] = {};
  PrintfBuffer buffer(4096);
  Thread thread;
  thread.printfBuffer = buffer.address();
  thread.local = local;
  thread.shared = shared;

  SECTION("arguments in local memory (the PTX's depot), through the generic window") {
    fillDevPrintfArgs(local + 16, odd);
    CHECK(callVprintf(thread, format, localWindowAddress(16)) == 7);
  }
  SECTION("arguments in shared memory") {
    fillDevPrintfArgs(shared + 8, odd);
    CHECK(callVprintf(thread, format, sharedWindowAddress(8)) == 7);
  }
  SECTION("arguments in device memory") {
    uint64_t args = memory.buffer(48);
    fillDevPrintfArgs(reinterpret_cast<unsigned char *>(args), odd);
    CHECK(callVprintf(thread, format, args) == 7);
  }
  CHECK(buffer.header(0) == 64); // one record: 16 bytes of header, 44 of arguments, rounded to 8
  PrintfOutput out = buffer.print(memory);
  CHECK(out.text == devPrintfExpected());
  CHECK(out.dropped == 0);
  CHECK(out.undecodable == 0);
}

TEST_CASE("printf.h: null formats, missing arguments, no buffer", "[msl-printf]") {
  Memory memory;
  PrintfBuffer buffer(4096);
  Thread thread;
  thread.printfBuffer = buffer.address();
  CHECK(callVprintf(thread, 0, 0) == -1); // CUDA's result for a null format; nothing recorded
  CHECK(buffer.header(0) == 0);
  // A call without an argument buffer: the record has no arguments; the text shows the gaps.
  CHECK(callVprintf(thread, memory.string("a %d b\n"), 0) == 1);
  CHECK(buffer.print(memory).text == "a %d b\n");
  // A format the runtime cannot read (shared memory): recorded, then reported, not printed.
  unsigned char shared[16] = {'x', '%', 'd', 0};
  thread.shared = shared;
  CHECK(callVprintf(thread, sharedWindowAddress(0), 0) == 1);
  PrintfOutput out = buffer.print(memory);
  CHECK(out.text == "a %d b\n");
  CHECK(out.undecodable == 1);
  // No printf buffer (module word 0): nothing is written, the result is the same.
  thread.printfBuffer = 0;
  CHECK(callVprintf(thread, memory.string("%d %d"), 0) == 2);
}

TEST_CASE("printf.h: a full buffer drops records and counts them", "[msl-printf]") {
  Memory memory;
  uint64_t format = memory.string("n=%d\n");
  unsigned char local[8] = {};
  // Room for the header and two 24-byte records (16 + 4 rounded to 8), and 8 bytes more.
  PrintfBuffer buffer(16 + 2 * 24 + 8);
  Thread thread;
  thread.printfBuffer = buffer.address();
  thread.local = local;
  for (int32_t i = 0; i < 5; ++i) {
    store(local, i);
    CHECK(callVprintf(thread, format, localWindowAddress(0)) == 1);
  }
  CHECK(buffer.header(0) == 48); // never beyond the capacity
  CHECK(buffer.header(2) == 3);
  PrintfOutput out = buffer.print(memory);
  CHECK(out.text == "n=0\nn=1\n");
  CHECK(out.dropped == 3);
}

TEST_CASE("printf.h: racing threads each get a record of their own", "[msl-printf]") {
  Memory memory;
  uint64_t format = memory.string("thread %d record %d\n");
  constexpr int kThreads = 8, kRecords = 200;
  PrintfBuffer buffer(16 + kThreads * kRecords * 24);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      unsigned char local[8];
      Thread thread;
      thread.printfBuffer = buffer.address();
      thread.local = local;
      for (int32_t r = 0; r < kRecords; ++r) {
        store<int32_t>(local, t);
        store<int32_t>(local + 4, r);
        callVprintf(thread, format, localWindowAddress(0));
      }
    });
  for (std::thread &t : threads)
    t.join();
  PrintfOutput out = buffer.print(memory);
  CHECK(out.dropped == 0);
  std::istringstream lines(out.text);
  std::set<std::string> distinct;
  for (std::string line; std::getline(lines, line);)
    distinct.insert(line);
  CHECK(distinct.size() == size_t(kThreads * kRecords));
}

TEST_CASE("printf.h: a failed assert's record is CUDA's message", "[msl-printf]") {
  Memory memory;
  PrintfBuffer buffer(4096);
  Thread thread;
  thread.printfBuffer = buffer.address();
  thread.ctaid[0] = 1;
  thread.tid[0] = 6;
  thread.tid[2] = 2;
  uint32_t status = callAssertfail(thread, memory.string("in[i] != 0x7e57"), memory.string("trap_printf.cu"), 31,
                                   memory.string("void dev_assert(const int *, int *, int)"));
  CHECK(status == 2u); // P2M_STATUS_ASSERT: the launch fails with CUDA_ERROR_ASSERT
  CHECK(buffer.print(memory).text == "trap_printf.cu:31: void dev_assert(const int *, int *, int): block: [1,0,0], "
                                     "thread: [6,0,2] Assertion `in[i] != 0x7e57` failed.\n");
}

TEST_CASE("printf.h passes the MSL subset check", "[msl-printf][mslcheck]") {
  std::string header = readSource("emitters/msl/support/printf.h");
  REQUIRE(header.find("P2M_PRINTF_H") != std::string::npos);
  // Anywhere, comments included, so that a plain grep of generated MSL agrees.
  for (const char *forbidden : {"double", "long long", "goto"}) {
    INFO("forbidden word: " << forbidden);
    CHECK(header.find(forbidden) == std::string::npos);
  }
  // Both entry points called, as generated code calls them.
  const char *body = R"(
void p2m_test_body(thread p2m_ctx &ctx, thread uchar *frames)
{
  p2m_vprintf_call(ctx, frames, frames + 8, frames + 16);
  p2m_assertfail_call(ctx, frames, frames + 8, frames + 16, frames + 24, frames + 32);
}
)";
  // Every view the file meets: the host's, and Apple's at each MSL version (the headers'
  // #if __METAL_VERSION__ branches).
  for (unsigned version : {0u, 300u, 310u, 320u}) {
    p2m::mslcheck::CheckResult result = p2m::mslcheck::checkMsl(
      "#include <metal_stdlib>\nusing namespace metal;\n" + readAbiPrelude() + header + body,
      "printf.metal", {version});
    INFO("view: " << (version ? "MSL " + std::to_string(version) : std::string("host")));
    INFO(result.format());
    CHECK(result.compiled);
    CHECK(result.ok());
  }
}
