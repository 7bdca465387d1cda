// Tests of the host backend (lib/runtime/host): memory, compile and its caches, and dispatches
// whose results are checked against scalar models (barriers, SIMD-group functions with and
// without divergence, partial SIMD-groups, builtins, atomics across worker threads, traps,
// deadlocks, denormal flushing, limits).
#include "runtime/host/HostBackend.h"

#include "TestKernels.h"

#include <catch2/catch.hpp>

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"

#include <bit>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <optional>
#include <utility>
#include <vector>

#if defined(__x86_64__)
#include <xmmintrin.h>
#endif

namespace p2m::runtime::test {
namespace {

// One cache directory per test process, removed at exit, so the tests neither read nor fill
// the user's cache.
const std::string &testCacheDirectory() {
  struct Directory {
    std::string path;
    Directory() {
      llvm::SmallString<128> created;
      REQUIRE(!llvm::sys::fs::createUniqueDirectory("p2m-runtime-host-tests", created));
      path = std::string(created);
    }
    ~Directory() { llvm::sys::fs::remove_directories(path); }
  };
  static Directory directory;
  return directory.path;
}

HostBackendOptions testOptions(unsigned threads = 4) {
  HostBackendOptions options;
  options.cacheDirectory = testCacheDirectory();
  options.threads = threads;
  options.flushDenormals = true;
  return options;
}

const std::vector<std::string> kKernelNames = {
    "builtins",   "reduce_scan", "barrier_loop",       "tickets", "simd",
    "simd_split", "trap",        "divergent_barrier", "denormal", "dynamic_smem",
    "warp_sync_waits", "volatile_spin"};

// A backend plus the test kernels compiled once, and helpers for buffers and launches.
class Fixture {
public:
  explicit Fixture(HostBackendOptions options = testOptions())
      : backend_(createHostBackend(options)) {
    CompileRequest request;
    request.msl = kTestKernels;
    request.kernelNames = kKernelNames;
    Status status = backend_->compile(request, &program_);
    INFO((status ? status->message : std::string()));
    REQUIRE(!status);
    // Module buffer: .global and .const bases (unused here) and the status word.
    status_ = allocate(16);
    module_ = allocate(24);
    uint64_t *words = host<uint64_t>(module_);
    words[0] = words[1] = 0;
    words[2] = status_;
  }

  HostBackend &backend() { return *backend_; }

  uint64_t allocate(uint64_t bytes, uint8_t fill = 0) {
    uint64_t address = 0;
    REQUIRE(!backend_->allocate(bytes, &address));
    std::memset(backend_->hostPointer(address), fill, bytes);
    return address;
  }

  template <typename T> T *host(uint64_t address) {
    return static_cast<T *>(backend_->hostPointer(address));
  }

  uint32_t statusWord() { return *host<uint32_t>(status_); }

  // Launches `kernel` with the parameter block `params` (padded with the launch words).
  Status launch(const std::string &kernel, Dim3 grid, Dim3 block, std::vector<uint64_t> params,
                uint32_t threadgroupBytes = 0, uint32_t dynamicSmem = 0, uint32_t localBytes = 0) {
    params.resize((params.size() + 1) / 2 * 2); // align16(param_bytes)
    params.push_back(dynamicSmem);              // the launch words
    params.push_back(0);
    Dispatch d;
    d.program = program_.get();
    d.mslName = kernel;
    d.grid = grid;
    d.block = block;
    d.params = params.data();
    d.paramBytes = params.size() * 8;
    d.moduleBuffer = module_;
    d.threadgroupBytes = threadgroupBytes;
    d.localBytes = localBytes;
    return backend_->dispatch(d);
  }

private:
  std::unique_ptr<HostBackend> backend_;
  std::unique_ptr<Program> program_;
  uint64_t status_ = 0, module_ = 0;
};

uint64_t twoU32(uint32_t low, uint32_t high) { return low | uint64_t(high) << 32; }
uint64_t twoF32(float low, float high) {
  return twoU32(std::bit_cast<uint32_t>(low), std::bit_cast<uint32_t>(high));
}

} // namespace

TEST_CASE("host backend: properties and memory", "[runtime-host]") {
  Fixture f;
  const DeviceProperties &p = f.backend().properties();
  CHECK(p.name.rfind("ptx2metal host (", 0) == 0);
  CHECK(p.totalMemory > 0);
  CHECK(p.maxThreadgroupMemory == 64u * 1024u);
  CHECK(p.multiprocessors == 4);
  CHECK(p.simdWidth == 32);

  uint64_t a = 0;
  REQUIRE(!f.backend().allocate(1000, &a));
  CHECK(a % 256 == 0);
  CHECK(f.backend().hostPointer(a) == reinterpret_cast<void *>(a));
  CHECK(f.backend().hostPointer(a + 999) == reinterpret_cast<void *>(a + 999));
  CHECK(f.backend().hostPointer(a + 1000) == nullptr);
  CHECK(f.backend().hostPointer(a - 1) == nullptr);
  REQUIRE(!f.backend().release(a));
  CHECK(f.backend().hostPointer(a) == nullptr);
  Status twice = f.backend().release(a);
  REQUIRE(twice);
  CHECK(twice->code == ErrorCode::InvalidValue);
}

TEST_CASE("host backend: options default from the environment", "[runtime-host]") {
  // Restores the variables this test changes.
  struct Saved {
    std::vector<std::pair<std::string, std::optional<std::string>>> values;
    void set(const char *name, const char *value) {
      const char *old = std::getenv(name);
      values.emplace_back(name, old ? std::optional<std::string>(old) : std::nullopt);
      if (value)
        setenv(name, value, 1);
      else
        unsetenv(name);
    }
    ~Saved() {
      for (auto it = values.rbegin(); it != values.rend(); ++it)
        if (it->second)
          setenv(it->first.c_str(), it->second->c_str(), 1);
        else
          unsetenv(it->first.c_str());
    }
  } saved;
  saved.set("P2M_CACHE_DIR", "/nonexistent/p2m-cache");
  saved.set("P2M_HOST_THREADS", "3");
  saved.set("P2M_HOST_DENORMALS", "ieee");
  auto fromEnvironment = createHostBackend();
  CHECK(fromEnvironment->cacheDirectory() == "/nonexistent/p2m-cache");
  CHECK(fromEnvironment->workerThreads() == 3);
  CHECK(fromEnvironment->properties().multiprocessors == 3);
  CHECK(!fromEnvironment->flushesDenormals());

  HostBackendOptions explicitOptions;
  explicitOptions.cacheDirectory = "/elsewhere";
  explicitOptions.threads = 2;
  explicitOptions.flushDenormals = true;
  explicitOptions.maxThreadgroupMemory = 32 * 1024;
  auto explicitBackend = createHostBackend(explicitOptions);
  CHECK(explicitBackend->cacheDirectory() == "/elsewhere");
  CHECK(explicitBackend->workerThreads() == 2);
  CHECK(explicitBackend->flushesDenormals());
  CHECK(explicitBackend->properties().maxThreadgroupMemory == 32u * 1024u);

  saved.set("P2M_CACHE_DIR", nullptr);
  saved.set("P2M_HOST_DENORMALS", nullptr);
  saved.set("XDG_CACHE_HOME", "/xdg");
  auto xdg = createHostBackend();
  CHECK(xdg->cacheDirectory() == "/xdg/ptx2metal");
  CHECK(xdg->flushesDenormals());
  saved.set("XDG_CACHE_HOME", nullptr);
  saved.set("HOME", "/home/someone");
  CHECK(createHostBackend()->cacheDirectory() == "/home/someone/.cache/ptx2metal");
}

TEST_CASE("host backend: 2D and 3D builtins and the dynamic shared size word", "[runtime-host]") {
  Fixture f;
  const Dim3 grid = {3, 2, 2}, block = {5, 3, 4}; // 60 threads: two SIMD-groups, one partial
  const uint32_t threads = 60, groups = 12;
  const uint64_t out = f.allocate(uint64_t(threads) * groups * 16 * 4, 0xff);
  REQUIRE(!f.launch("builtins", grid, block, {out}, 64, 48));
  const uint32_t *o = f.host<uint32_t>(out);
  for (uint32_t gz = 0; gz < 2; ++gz)
    for (uint32_t gy = 0; gy < 2; ++gy)
      for (uint32_t gx = 0; gx < 3; ++gx)
        for (uint32_t tz = 0; tz < 4; ++tz)
          for (uint32_t ty = 0; ty < 3; ++ty)
            for (uint32_t tx = 0; tx < 5; ++tx) {
              const uint32_t local = tx + 5 * (ty + 3 * tz);
              const uint32_t group = gx + 3 * (gy + 2 * gz);
              const uint32_t *w = o + (group * threads + local) * 16;
              const std::vector<uint32_t> got(w, w + 16);
              const std::vector<uint32_t> expected = {
                  tx, ty, tz, 5, 3, 4, gx, gy, gz, 3, 2, 2, local % 32, local / 32, 2, 48};
              REQUIRE(got == expected);
            }
}

TEST_CASE("host backend: 1024-thread block reduction and scan with barriers in loops",
          "[runtime-host]") {
  Fixture f;
  const uint32_t n = 1024, groups = 6;
  const uint64_t in = f.allocate(n * groups * 4), sums = f.allocate(groups * 4, 0xff),
                 scan = f.allocate(n * groups * 4, 0xff);
  uint32_t *input = f.host<uint32_t>(in);
  for (uint32_t i = 0; i < n * groups; ++i)
    input[i] = (i * 2654435761u) >> 20;
  REQUIRE(!f.launch("reduce_scan", {groups, 1, 1}, {n, 1, 1}, {in, sums, scan}, 3 * n * 4));
  for (uint32_t g = 0; g < groups; ++g) {
    uint32_t total = 0;
    for (uint32_t t = 0; t < n; ++t) {
      total += input[g * n + t];
      REQUIRE(f.host<uint32_t>(scan)[g * n + t] == total);
    }
    CHECK(f.host<uint32_t>(sums)[g] == total);
  }
}

TEST_CASE("host backend: atomics race across worker threads", "[runtime-host]") {
  Fixture f(testOptions(4));
  const uint32_t groups = 64, threads = 256, tickets = groups * threads * 16;
  const uint64_t counter = f.allocate(4), marks = f.allocate(tickets * 4);
  REQUIRE(!f.launch("tickets", {groups, 1, 1}, {threads, 1, 1}, {counter, marks}));
  CHECK(*f.host<uint32_t>(counter) == tickets);
  // Every ticket was handed out exactly once: the increments were atomic.
  const uint32_t *m = f.host<uint32_t>(marks);
  uint32_t wrong = 0;
  for (uint32_t i = 0; i < tickets; ++i)
    wrong += m[i] != 1;
  CHECK(wrong == 0);
}

namespace {

// The scalar model of simd_body for one thread: the active lanes of its SIMD-group are those
// that exist and have lane < cut. Reading an inactive lane yields 0 (the backend's choice for
// what Metal leaves undefined).
std::vector<uint32_t> simdModel(uint32_t tid, uint32_t blockThreads, uint32_t cut) {
  const uint32_t lane = tid % 32, first = tid - lane;
  std::vector<uint32_t> o(32, 0xffffffffu);
  auto exists = [&](uint32_t l) { return l < 32 && first + l < blockThreads; };
  auto active = [&](uint32_t l) { return exists(l) && l < cut; };
  auto v = [&](uint32_t l) { return int32_t(((first + l) * 7u + 3u) % 23u) - 11; };
  auto fv = [&](uint32_t l) { return float(v(l)) * 0.5f + 0.25f; };
  auto read = [&](uint32_t l) { return active(l) ? uint32_t(v(l)) : 0u; };
  uint32_t existing = 0;
  for (uint32_t l = 0; l < 32; ++l)
    existing += exists(l);
  o[30] = existing;
  if (!active(lane))
    return o;
  uint32_t sum = 0, product = 1, andAll = ~0u, orAll = 0, xorAll = 0, inclusiveProduct = 1;
  int32_t minimum = INT32_MAX, maximum = INT32_MIN;
  uint32_t inclusive = 0, exclusive = 0, exclusiveProduct = 1;
  uint64_t ballot = 0, mask = 0;
  bool all = true, any = false;
  float fsum = 0, fmax = -1e30f, fprefix = 0;
  bool firstSeen = false;
  int8_t csum = 0;
  uint32_t firstActive = 32;
  for (uint32_t l = 0; l < 32; ++l) {
    if (!active(l))
      continue;
    firstActive = std::min(firstActive, l);
    const int32_t x = v(l);
    sum += uint32_t(x);
    product *= uint32_t(x & 1) + 1;
    minimum = std::min(minimum, x);
    maximum = std::max(maximum, x);
    andAll &= uint32_t(x) | 0xF0u;
    orAll |= uint32_t(x) & 0x0F0Fu;
    xorAll ^= uint32_t(x);
    if (l <= lane) {
      inclusive += uint32_t(x);
      inclusiveProduct *= uint32_t(x & 1) + 1;
      fprefix = firstSeen ? fprefix + fv(l) : fv(l);
    }
    if (l < lane) {
      exclusive += uint32_t(x);
      exclusiveProduct *= uint32_t(x & 1) + 1;
    }
    ballot |= uint64_t(x > 0) << l;
    mask |= uint64_t(1) << l;
    all = all && x > -11;
    any = any || x > 10;
    fsum = firstSeen ? fsum + fv(l) : fv(l);
    fmax = std::max(fmax, fv(l));
    csum = int8_t(csum + int8_t(x));
    firstSeen = true;
  }
  o[0] = sum;
  o[1] = product;
  o[2] = uint32_t(minimum);
  o[3] = uint32_t(maximum);
  o[4] = andAll;
  o[5] = orAll;
  o[6] = xorAll;
  o[7] = inclusive;
  o[8] = exclusive;
  o[9] = inclusiveProduct;
  o[10] = exclusiveProduct;
  o[11] = read((lane * 5 + 1) % 32);
  o[12] = lane >= 3 ? read(lane - 3) : uint32_t(v(lane));
  o[13] = lane + 5 <= 31 ? read(lane + 5) : uint32_t(v(lane));
  o[14] = read(lane ^ 6);
  o[15] = read(2);
  o[16] = uint32_t(v(firstActive));
  o[17] = uint32_t(ballot);
  o[18] = uint32_t(ballot >> 32);
  o[19] = uint32_t(mask);
  o[20] = all;
  o[21] = any;
  o[22] = lane == firstActive;
  o[23] = std::bit_cast<uint32_t>(fsum);
  o[24] = std::bit_cast<uint32_t>(fprefix);
  o[25] = std::bit_cast<uint32_t>(fmax);
  o[26] = std::bit_cast<uint32_t>(fsum); // exact in half: multiples of 0.25 below 2^8
  o[27] = std::bit_cast<uint32_t>(2.0f * fsum);
  o[28] = uint32_t(int32_t(csum));
  o[29] = 1;
  return o;
}

} // namespace

TEST_CASE("host backend: SIMD-group functions against a scalar model", "[runtime-host]") {
  Fixture f;
  const uint32_t block = GENERATE(64u, 33u, 100u, 1024u);
  const uint32_t cut = GENERATE(32u, 13u, 1u);
  const uint32_t groups = 2;
  CAPTURE(block, cut);
  const uint64_t out = f.allocate(uint64_t(block) * groups * 32 * 4, 0xff);
  Status status = f.launch("simd", {groups, 1, 1}, {block, 1, 1}, {out, cut});
  INFO((status ? status->message : std::string()));
  REQUIRE(!status);
  for (uint32_t g = 0; g < groups; ++g)
    for (uint32_t t = 0; t < block; ++t) {
      CAPTURE(g, t);
      const uint32_t *w = f.host<uint32_t>(out) + (g * block + t) * 32;
      const std::vector<uint32_t> got(w, w + 32), expected = simdModel(t, block, cut);
      for (uint32_t i = 0; i < 32; ++i) {
        CAPTURE(i);
        REQUIRE(got[i] == expected[i]);
      }
    }
}

TEST_CASE("host backend: divergent lanes meet only at their own call", "[runtime-host]") {
  Fixture f;
  const uint64_t out = f.allocate(64 * 4, 0xff);
  REQUIRE(!f.launch("simd_split", {1, 1, 1}, {64, 1, 1}, {out}));
  for (uint32_t t = 0; t < 64; ++t)
    REQUIRE(f.host<uint32_t>(out)[t] == (t % 32 < 13 ? 13u : 1900u));
}

// Launches `kernel` on 2 threadgroups of 64 threads with `smemBytes` of threadgroup memory and
// requires every thread's output word to be `expected`.
static void requireEveryThreadWrites(const char *kernel, uint32_t smemBytes, uint32_t expected) {
  Fixture f;
  const uint64_t out = f.allocate(128 * 4, 0xff);
  REQUIRE(!f.launch(kernel, {2, 1, 1}, {64, 1, 1}, {out}, smemBytes));
  for (uint32_t t = 0; t < 128; ++t) {
    CAPTURE(t);
    REQUIRE(f.host<uint32_t>(out)[t] == expected);
  }
}

TEST_CASE("host backend: bar.warp.sync waits for the lanes of its mask", "[runtime-host]") {
  requireEveryThreadWrites("warp_sync_waits", 8, 1041u);
}

TEST_CASE("host backend: a warp spinning on a volatile flag lets the setter run",
          "[runtime-host]") {
  requireEveryThreadWrites("volatile_spin", 4, 5u);
}

TEST_CASE("host backend: a barrier in divergent code is a deadlock, not a hang",
          "[runtime-host]") {
  Fixture f;
  const uint64_t out = f.allocate(64 * 4);
  Status status = f.launch("divergent_barrier", {2, 1, 1}, {64, 1, 1}, {out});
  REQUIRE(status);
  CHECK(status->code == ErrorCode::LaunchFailed);
  CHECK(status->message.find("deadlock") != std::string::npos);
  // The backend stays usable: fiber stacks of the abandoned threads are reused.
  const uint64_t counter = f.allocate(4), marks = f.allocate(64 * 16 * 4);
  REQUIRE(!f.launch("tickets", {1, 1, 1}, {64, 1, 1}, {counter, marks}));
  CHECK(*f.host<uint32_t>(counter) == 64 * 16);
}

TEST_CASE("host backend: a trap sets the status word", "[runtime-host]") {
  Fixture f;
  CHECK(f.statusWord() == 0);
  REQUIRE(!f.launch("trap", {1, 1, 1}, {32, 1, 1}, {}));
  CHECK(f.statusWord() == 1);
}

TEST_CASE("host backend: dynamic shared memory and a large .local array", "[runtime-host]") {
  Fixture f;
  const uint32_t dynamicBytes = 40000;
  const uint64_t out = f.allocate(256 * 4, 0xff);
  REQUIRE(!f.launch("dynamic_smem", {1, 1, 1}, {256, 1, 1}, {out}, dynamicBytes, dynamicBytes,
                    4096 * 4));
  uint32_t expected = 0;
  for (uint32_t i = 0; i < dynamicBytes / 4; ++i)
    expected += i * 3;
  for (uint32_t t = 0; t < 256; ++t)
    REQUIRE(f.host<uint32_t>(out)[t] == expected);
}

TEST_CASE("host backend: f32 denormals flushed by default, kept in IEEE mode",
          "[runtime-host]") {
  const float denormal = 1e-40f, tiny = 1e-20f; // tiny * tiny is denormal
  REQUIRE(std::fpclassify(denormal) == FP_SUBNORMAL);
  for (bool flush : {true, false}) {
    CAPTURE(flush);
    HostBackendOptions options = testOptions(1);
    options.flushDenormals = flush;
    Fixture f(options);
    CHECK(f.backend().flushesDenormals() == flush);
    const uint64_t out = f.allocate(8, 0xff);
#if defined(__x86_64__)
    const unsigned before = _mm_getcsr();
#endif
    REQUIRE(!f.launch("denormal", {1, 1, 1}, {1, 1, 1},
                      {out, twoF32(denormal, 0.0f), twoF32(tiny, 0.0f)}));
#if defined(__x86_64__)
    CHECK(_mm_getcsr() == before); // the calling thread's mode is restored
#endif
    const float sum = std::bit_cast<float>(f.host<uint32_t>(out)[0]);
    const float product = std::bit_cast<float>(f.host<uint32_t>(out)[1]);
    if (flush) {
      CHECK(sum == 0.0f);
      CHECK(product == 0.0f);
    } else {
      CHECK(sum == denormal);
      CHECK(product == tiny * tiny);
      CHECK(product != 0.0f);
    }
  }
}

TEST_CASE("host backend: limits are OutOfResources", "[runtime-host]") {
  Fixture f;
  const uint64_t out = f.allocate(4096);
  Status tooMany = f.launch("builtins", {1, 1, 1}, {1025, 1, 1}, {out});
  REQUIRE(tooMany);
  CHECK(tooMany->code == ErrorCode::OutOfResources);
  Status tooMuchMemory = f.launch("builtins", {1, 1, 1}, {32, 1, 1}, {out}, 64 * 1024 + 16);
  REQUIRE(tooMuchMemory);
  CHECK(tooMuchMemory->code == ErrorCode::OutOfResources);
  Status zero = f.launch("builtins", {0, 1, 1}, {32, 1, 1}, {out});
  REQUIRE(zero);
  CHECK(zero->code == ErrorCode::InvalidValue);
  Status unknown = f.launch("no_such_kernel", {1, 1, 1}, {32, 1, 1}, {out});
  REQUIRE(unknown);
  CHECK(unknown->code == ErrorCode::NotFound);
}

TEST_CASE("host backend: compile errors carry clang's message", "[runtime-host]") {
  auto backend = createHostBackend(testOptions());
  CompileRequest request;
  request.msl = "#include <metal_stdlib>\nusing namespace metal;\n"
                "static inline void broken_body() { int x = undeclared_name; }\n";
  request.kernelNames = {"broken"};
  std::unique_ptr<Program> program;
  Status status = backend->compile(request, &program);
  REQUIRE(status);
  CHECK(status->code == ErrorCode::CompileFailed);
  CHECK(status->message.find("undeclared_name") != std::string::npos);
  CHECK(status->message.find("error") != std::string::npos);
}

TEST_CASE("host backend: compiled programs are cached in memory and on disk",
          "[runtime-host]") {
  // A program of its own, so that this test sees the first compile.
  const std::string msl = std::string(kTestKernels) + "\n// cache test\n";
  CompileRequest request;
  request.msl = msl;
  request.kernelNames = {"builtins"};
  auto first = createHostBackend(testOptions());
  std::unique_ptr<Program> a, b, c;
  REQUIRE(!first->compile(request, &a));
  const HostBackendStats afterFirst = first->stats();
  CHECK(afterFirst.compilerRuns >= 1);
  REQUIRE(!first->compile(request, &b));
  CHECK(first->stats().compilerRuns == afterFirst.compilerRuns); // no clang
  CHECK(first->stats().memoryCacheHits == afterFirst.memoryCacheHits + 1);
  CHECK(b->hasKernel("builtins"));
  CHECK(!b->hasKernel("simd"));

  auto second = createHostBackend(testOptions()); // same cache directory, new process state
  REQUIRE(!second->compile(request, &c));
  CHECK(second->stats().compilerRuns == 0);
  CHECK(second->stats().diskCacheHits == 1);
  CHECK(c->hasKernel("builtins"));

  // Another kernel list is another program.
  request.kernelNames = {"builtins", "trap"};
  std::unique_ptr<Program> d;
  REQUIRE(!second->compile(request, &d));
  CHECK(second->stats().compilerRuns == 1);
  CHECK(d->hasKernel("trap"));
}

TEST_CASE("host backend: barrier round speed", "[runtime-host][.perf]") {
  Fixture f(testOptions(0));
  const uint32_t groups = 64, threads = 1024, rounds = 100;
  const uint64_t out = f.allocate(groups * threads * 4);
  // Once to map the fiber stacks, then timed.
  REQUIRE(!f.launch("barrier_loop", {1, 1, 1}, {threads, 1, 1}, {out, 1u}, threads * 4));
  timespec cpuStart{}, cpuEnd{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpuStart);
  const auto start = std::chrono::steady_clock::now();
  REQUIRE(!f.launch("barrier_loop", {groups, 1, 1}, {threads, 1, 1}, {out, rounds},
                    threads * 4));
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpuEnd);
  if (f.backend().workerThreads() == 1) // the dispatch ran on this thread: its CPU time
    WARN("CPU time of the dispatch: "
         << (double(cpuEnd.tv_sec - cpuStart.tv_sec) * 1e9 + double(cpuEnd.tv_nsec - cpuStart.tv_nsec)) /
                (double(groups) * rounds * 2 * threads)
         << " ns per thread per barrier");
  for (uint32_t t = 0; t < threads; ++t)
    REQUIRE(f.host<uint32_t>(out)[t] == (t + rounds) % threads + rounds);
  WARN("64 threadgroups x 1024 threads x " << rounds << " rounds (2 barriers each) on "
                                            << f.backend().workerThreads() << " workers: "
                                            << seconds * 1e3 << " ms, "
                                            << seconds * 1e9 / (groups * rounds * 2.0)
                                            << " ns per threadgroup barrier");
}

} // namespace p2m::runtime::test
