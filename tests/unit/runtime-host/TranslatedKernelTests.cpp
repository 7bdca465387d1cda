// The team's CUDA kernels (tests/inputs/cuda), compiled to PTX by nvcc, translated by
// lib/translate and run on the host backend: generated MSL with its warp helpers
// (emitters/msl/support/warp_ops.h), barriers and bar.red, checked against scalar models.
#include "emitters/msl/support/kernel_abi.h"
#include "runtime/host/HostBackend.h"

#include "translate/Translate.h"

#include <catch2/catch.hpp>

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <vector>

namespace p2m::runtime::test {
namespace {

struct TranslatedModule {
  std::string msl;
  llvm::json::Value reflection = nullptr;
  std::vector<std::string> kernels; // MSL names of the translated kernels
};

TranslatedModule translatePtx(const std::string &relativePath) {
  const std::string path = std::string(P2M_SOURCE_ROOT) + "/" + relativePath;
  auto buffer = llvm::MemoryBuffer::getFile(path);
  REQUIRE(buffer);
  auto source = std::make_shared<SourceFile>(relativePath, (*buffer)->getBuffer().str());
  DiagnosticEngine diags;
  translate::TranslateOptions options;
  translate::TranslateResult result = translate::translateModule(source, options, diags);
  REQUIRE(result.ok);
  TranslatedModule module;
  module.msl = result.msl();
  llvm::Expected<llvm::json::Value> json = llvm::json::parse(result.reflectionJson);
  REQUIRE(bool(json));
  module.reflection = std::move(*json);
  for (const llvm::json::Value &k : *module.reflection.getAsObject()->getArray("kernels")) {
    const llvm::json::Object &kernel = *k.getAsObject();
    if (kernel.getBoolean("translated").value_or(false))
      module.kernels.push_back(kernel.getString("msl_name")->str());
  }
  return module;
}

// The kernel by its MSL name or its PTX name (mangled C++ names get a prefix in MSL).
const llvm::json::Object &kernelReflection(const TranslatedModule &module, const std::string &name) {
  for (const llvm::json::Value &k : *module.reflection.getAsObject()->getArray("kernels"))
    if (k.getAsObject()->getString("msl_name") == name || k.getAsObject()->getString("name") == name)
      return *k.getAsObject();
  FAIL("no kernel " << name);
  throw;
}

// A backend, one translated module, and launches with pointer parameters.
class TranslatedFixture {
public:
  explicit TranslatedFixture(const std::string &ptx) : module_(translatePtx(ptx)) {
    HostBackendOptions options;
    options.cacheDirectory = cacheDirectory();
    options.threads = 2;
    backend_ = createHostBackend(options);
    CompileRequest request;
    request.msl = module_.msl;
    request.kernelNames = module_.kernels;
    Status status = backend_->compile(request, &program_);
    INFO((status ? status->message : std::string()));
    REQUIRE(!status);
    status_ = allocate(16);
    std::memset(backend_->hostPointer(status_), 0, 16);
    moduleWords_ = allocate(P2M_MODULE_WORDS * 8);
    auto *words = static_cast<uint64_t *>(backend_->hostPointer(moduleWords_));
    std::memset(words, 0, P2M_MODULE_WORDS * 8);
    words[P2M_MODULE_GLOBAL_BASE] = allocate(64); // no module variables in these kernels
    words[P2M_MODULE_CONST_BASE] = allocate(64);
    words[P2M_MODULE_STATUS] = status_;
    words[P2M_MODULE_PRINTF] = 0; // no printf buffer
    words[P2M_MODULE_ATOMIC_LOCKS] = allocate(4 << P2M_ATOMIC_LOCK_BITS); // the lock table, unlocked
    std::memset(backend_->hostPointer(words[4]), 0, 4 << 12);
  }
  // One per test process (sections reuse its programs), removed at exit.
  static const std::string &cacheDirectory() {
    struct Directory {
      std::string path;
      Directory() {
        llvm::SmallString<128> created;
        REQUIRE(!llvm::sys::fs::createUniqueDirectory("p2m-runtime-host-translated", created));
        path = std::string(created);
      }
      ~Directory() { llvm::sys::fs::remove_directories(path); }
    };
    static Directory directory;
    return directory.path;
  }

  uint64_t allocate(uint64_t bytes) {
    uint64_t address = 0;
    REQUIRE(!backend_->allocate(bytes, &address));
    std::memset(backend_->hostPointer(address), 0xee, bytes);
    return address;
  }
  template <typename T> uint64_t upload(const std::vector<T> &data) {
    const uint64_t address = allocate(data.size() * sizeof(T));
    std::memcpy(backend_->hostPointer(address), data.data(), data.size() * sizeof(T));
    return address;
  }
  template <typename T> std::vector<T> download(uint64_t address, size_t count) {
    std::vector<T> data(count);
    std::memcpy(data.data(), backend_->hostPointer(address), count * sizeof(T));
    return data;
  }

  void launch(const std::string &kernel, uint32_t grid, uint32_t block,
              const std::vector<uint64_t> &pointers) {
    const llvm::json::Object &r = kernelReflection(module_, kernel);
    const uint32_t paramBytes = uint32_t(*r.getInteger("param_bytes"));
    REQUIRE(paramBytes == pointers.size() * 8);
    std::vector<uint64_t> params(pointers);
    params.resize((paramBytes + 15) / 16 * 2 + 2, 0); // + the launch words (no dynamic shared)
    Dispatch d;
    d.program = program_.get();
    d.mslName = r.getString("msl_name")->str();
    d.grid = {grid, 1, 1};
    d.block = {block, 1, 1};
    d.params = params.data();
    d.paramBytes = params.size() * 8;
    d.moduleBuffer = moduleWords_;
    d.threadgroupBytes =
        (uint32_t(*r.getObject("shared")->getInteger("static_bytes")) + 15) / 16 * 16;
    d.localBytes = uint32_t(*r.getInteger("local_bytes"));
    Status status = backend_->dispatch(d);
    INFO((status ? status->message : std::string()));
    REQUIRE(!status);
    REQUIRE(*static_cast<uint32_t *>(backend_->hostPointer(status_)) == 0);
  }

private:
  TranslatedModule module_;
  std::unique_ptr<HostBackend> backend_;
  std::unique_ptr<Program> program_;
  uint64_t status_ = 0, moduleWords_ = 0;
};

std::vector<int32_t> testValues(size_t n) {
  std::vector<int32_t> v(n);
  for (size_t i = 0; i < n; ++i)
    v[i] = int32_t((i * 37 + 11) % 29) - 5; // -5..23
  return v;
}

} // namespace

TEST_CASE("translated: warp votes, reductions and scans (nvcc sm_90)", "[runtime-host]") {
  TranslatedFixture f("tests/inputs/cuda/ptx/warp_collectives.nvcc.sm_90.O3.ptx");
  const uint32_t n = 128;
  const std::vector<int32_t> in = testValues(n);
  std::vector<uint32_t> inU(in.begin(), in.end());
  for (uint32_t i = 0; i < n; ++i)
    inU[i] = inU[i] * 2654435761u;

  SECTION("warp_votes: ballot, any, all, activemask, a ballot among the odd lanes") {
    const uint64_t out = f.allocate(n * 6 * 4);
    f.launch("warp_votes", 2, 64, {f.upload(in), out});
    const std::vector<uint32_t> got = f.download<uint32_t>(out, n * 6);
    for (uint32_t w = 0; w < n / 32; ++w) {
      uint32_t positive = 0, odd = 0, over10 = 0, two = 0;
      bool any7 = false, allNonNegative = true;
      for (uint32_t l = 0; l < 32; ++l) {
        const int32_t v = in[w * 32 + l];
        positive |= uint32_t(v > 0) << l;
        odd |= uint32_t(v & 1) << l;
        over10 |= uint32_t(v > 10) << l;
        two |= uint32_t((v & 2) != 0) << l;
        any7 = any7 || v == 7;
        allNonNegative = allNonNegative && v >= 0;
      }
      for (uint32_t l = 0; l < 32; ++l) {
        const uint32_t t = w * 32 + l;
        CAPTURE(t);
        CHECK(got[t * 6 + 0] == positive);
        CHECK(got[t * 6 + 1] == uint32_t(any7));
        CHECK(got[t * 6 + 2] == uint32_t(allNonNegative));
        CHECK(got[t * 6 + 3] == 0xffffffffu);
        CHECK(got[t * 6 + 4] == ((in[t] & 1) ? (over10 & odd) : 0u));
        CHECK(got[t * 6 + 5] == uint32_t(std::popcount(two)));
      }
    }
  }

  SECTION("warp_reduce: redux.sync add/min/max/and/or/xor") {
    const uint64_t out = f.allocate(n * 6 * 4);
    f.launch("warp_reduce", 4, 32, {f.upload(inU), f.upload(in), out});
    const std::vector<uint32_t> got = f.download<uint32_t>(out, n * 6);
    for (uint32_t w = 0; w < n / 32; ++w) {
      uint32_t add = 0, mn = ~0u, mx = 0, andAll = ~0u, orAll = 0, xorAll = 0;
      int32_t smin = INT32_MAX;
      for (uint32_t l = 0; l < 32; ++l) {
        const uint32_t v = inU[w * 32 + l];
        add += v;
        mn = std::min(mn, v);
        mx = std::max(mx, v);
        andAll &= v;
        orAll |= v;
        xorAll ^= v;
        smin = std::min(smin, in[w * 32 + l]);
      }
      const std::vector<uint32_t> expected = {add, mn, mx, uint32_t(smin), andAll ^ orAll, xorAll};
      for (uint32_t l = 0; l < 32; ++l) {
        const uint32_t t = w * 32 + l;
        CAPTURE(t);
        CHECK(std::vector<uint32_t>(got.begin() + t * 6, got.begin() + t * 6 + 6) == expected);
      }
    }
  }

  SECTION("warp_scan: shfl.up scan and shfl.down's predicate") {
    const uint64_t out = f.allocate(n * 4), valid = f.allocate(n * 4);
    f.launch("warp_scan", 1, n, {f.upload(in), out, valid});
    const std::vector<int32_t> got = f.download<int32_t>(out, n);
    const std::vector<uint32_t> gotValid = f.download<uint32_t>(valid, n);
    std::vector<int32_t> scan(n);
    for (uint32_t t = 0; t < n; ++t)
      scan[t] = in[t] + (t % 32 ? scan[t - 1] : 0);
    for (uint32_t t = 0; t < n; ++t) {
      CAPTURE(t);
      CHECK(got[t] == scan[t]);
      const bool inRange = t % 32 + 7 <= 31;
      const int32_t r = inRange ? scan[t + 7] : scan[t];
      CHECK(gotValid[t] == (inRange ? 1000u : 0u) + uint32_t(r & 0xff));
    }
  }
}

TEST_CASE("translated: barrier reductions and a tree reduction (nvcc sm_90)",
          "[runtime-host]") {
  TranslatedFixture f("tests/inputs/cuda/ptx/barriers_fences.nvcc.sm_90.O3.ptx");

  SECTION("bar_reductions: __syncthreads_count/and/or") {
    const uint32_t block = 96, grid = 3, n = block * grid;
    std::vector<int32_t> in = testValues(n);
    in[block + 5] = -1; // block 1: not all >= 0
    in[2 * block + 7] = 3;
    const uint64_t out = f.allocate(n * 3 * 4);
    f.launch("bar_reductions", grid, block, {f.upload(in), out});
    const std::vector<int32_t> got = f.download<int32_t>(out, n * 3);
    for (uint32_t g = 0; g < grid; ++g) {
      int32_t count = 0;
      bool all = true, any = false;
      for (uint32_t t = 0; t < block; ++t) {
        const int32_t v = in[g * block + t];
        count += v > 0;
        all = all && v >= 0;
        any = any || v == 3;
      }
      for (uint32_t t = 0; t < block; ++t) {
        const uint32_t i = g * block + t;
        CAPTURE(g, t);
        CHECK(got[i * 3 + 0] == count);
        CHECK((got[i * 3 + 1] != 0) == all);
        CHECK((got[i * 3 + 2] != 0) == any);
      }
    }
  }

  SECTION("bar_tree_reduce: shared-memory tree, then __syncwarp and shuffles in one warp") {
    const uint32_t block = 256, grid = 5, n = block * grid;
    std::vector<float> in(n);
    for (uint32_t i = 0; i < n; ++i)
      in[i] = float(int32_t(i % 17) - 8); // small integers: every order sums exactly
    const uint64_t out = f.allocate(grid * 4);
    f.launch("bar_tree_reduce", grid, block, {f.upload(in), out});
    const std::vector<float> got = f.download<float>(out, grid);
    for (uint32_t g = 0; g < grid; ++g) {
      float sum = 0;
      for (uint32_t t = 0; t < block; ++t)
        sum += in[g * block + t];
      CHECK(got[g] == sum);
    }
  }
}

// Threads that leave before a barrier the rest of the CTA reaches (keep-exited-threads-at-
// barriers keeps them as done threads, which Metal needs): the results must be NVIDIA's,
// where the barrier waits for the non-exited threads only and bar.red reduces over them.
TEST_CASE("translated: threads that exit before a barrier (hand-written PTX)", "[runtime-host]") {
  TranslatedFixture f("tests/inputs/ptx-handwritten/exit_before_barrier.ptx");
  // Block 2 keeps 22 of its 64 threads: its first warp partly, its second warp not at all.
  const uint32_t block = 64, grid = 3, total = block * grid, n = 150, rounds = 5;
  std::vector<int32_t> x(total);
  for (uint32_t i = 0; i < total; ++i)
    x[i] = i < n ? int32_t(i * 7 % 13) : -1; // exited threads hold the only negatives...
  x[block + 5] = -3;                         // ...but for one live thread of block 1
  const uint64_t params = f.upload(std::vector<uint32_t>{n, rounds});
  constexpr int32_t untouched = int32_t(0xeeeeeeeeu); // the fixture's fill byte

  SECTION("exit_neighbour: a value exchanged through shared memory across the barrier") {
    const uint64_t y = f.allocate(total * 4);
    f.launch("exit_neighbour", grid, block, {f.upload(x), y, params});
    const std::vector<int32_t> got = f.download<int32_t>(y, total);
    for (uint32_t i = 0; i < total; ++i) {
      CAPTURE(i);
      if (i >= n)
        CHECK(got[i] == untouched);
      else if (i % block + 1 < block && i + 1 < n)
        CHECK(got[i] == x[i + 1]);
      else
        CHECK(got[i] == -1);
    }
  }

  SECTION("exit_votes: bar.red.popc in a loop and bar.red.and over the non-exited threads") {
    const uint64_t y = f.allocate(total * 8);
    f.launch("exit_votes", grid, block, {f.upload(x), y, params});
    const std::vector<int32_t> got = f.download<int32_t>(y, total * 2);
    for (uint32_t g = 0; g < grid; ++g) {
      int32_t count = 0;
      bool all = true;
      for (uint32_t t = g * block; t < std::min((g + 1) * block, n); ++t) {
        for (uint32_t r = 0; r < rounds; ++r)
          count += x[t] > int32_t(r);
        all = all && x[t] >= 0;
      }
      CHECK(all == (g != 1)); // block 2's negatives are all in exited threads
      for (uint32_t t = g * block; t < (g + 1) * block; ++t) {
        CAPTURE(g, t);
        if (t >= n) {
          CHECK(got[2 * t] == untouched);
          continue;
        }
        CHECK(got[2 * t] == count);
        CHECK(got[2 * t + 1] == int32_t(all));
      }
    }
  }
}

// The host backend compiles with strict aliasing, as Apple's compiler does. nvcc keeps this
// table in .local memory, stores it as u32 and loads it as f32 at a run-time index: through
// typed pointers Clang -O2 dropped the stores and every output was garbage.
TEST_CASE("translated: a .local table stored as u32, read as f32 (strict aliasing)",
          "[runtime-host]") {
  TranslatedFixture f("tests/inputs/apple/local_table_pun.nvcc.sm_90.O3.ptx");
  const uint32_t block = 64, grid = 2, n = block * grid;
  std::vector<uint32_t> in(16);
  for (uint32_t i = 0; i < 16; ++i)
    in[i] = std::bit_cast<uint32_t>(float(i) * 1.25f + 0.5f);
  std::vector<int32_t> idx(block);
  for (uint32_t t = 0; t < block; ++t)
    idx[t] = int32_t((t * 7 + 3) % 16);
  const uint64_t out = f.allocate(n * 4);
  f.launch("local_table_pun", grid, block, {f.upload(in), f.upload(idx), out});
  const std::vector<uint32_t> got = f.download<uint32_t>(out, n);
  for (uint32_t g = 0; g < grid; ++g)
    for (uint32_t t = 0; t < block; ++t) {
      CAPTURE(g, t);
      CHECK(got[g * block + t] == (in[uint32_t(idx[t]) & 15] ^ (t << 3)));
    }
}

} // namespace p2m::runtime::test

namespace p2m::runtime::test {

// clang 19's device-function ABI (tests/inputs/clang-device/func_abi.cu): structs passed by
// value whose address the callee takes, written through and passed on as a generic pointer;
// exit inside a .func, which ends the thread: its callers write nothing after it.
TEST_CASE("translated: clang's by-value structs and exit in device functions", "[runtime-host]") {
  const char *variant = GENERATE("O0", "O3");
  CAPTURE(variant);
  TranslatedFixture f(std::string("tests/inputs/clang-device/func_abi.clang.sm_80.") + variant + ".ptx");
  const uint32_t block = 32, grid = 3, n = block * grid;
  const uint32_t untouched = 0xeeeeeeeeu; // TranslatedFixture::allocate's fill

  SECTION("byval_table: a dynamic index into a by-value array, a write to the copy, its address passed on") {
    std::vector<float> in(n);
    for (uint32_t i = 0; i < n; ++i)
      in[i] = float(int32_t(i * 7 % 13) - 6); // small integers: every sum and product is exact
    const uint64_t out = f.allocate(2 * n * 4);
    f.launch("_Z11byval_tablePKfPf", grid, block, {f.upload(in), out});
    const std::vector<float> got = f.download<float>(out, 2 * n);
    for (uint32_t i = 0; i < n; ++i) {
      float v[7];
      for (uint32_t j = 0; j < 7; ++j)
        v[j] = in[(i + j) % n];
      const uint32_t count = 3 + i % 5;
      float sum = 0;
      for (uint32_t j = 0; j < count; ++j)
        sum += v[(j + i) % 7] * float(j + 1);
      v[i % 7] *= 2.0f;
      const float *a = &v[i % 5], *b = &v[(i + 2) % 5];
      CAPTURE(i);
      CHECK(got[i] == sum);
      CHECK(got[n + i] == a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + v[i % 7]);
    }
  }

  SECTION("nested_exit: exit two calls deep ends the thread") {
    const uint64_t out = f.allocate(n * 4);
    f.launch("_Z11nested_exitPi", grid, block, {out});
    const std::vector<uint32_t> got = f.download<uint32_t>(out, n);
    for (uint32_t i = 0; i < n; ++i) {
      CAPTURE(i);
      CHECK(got[i] == (i % 3 == 0 ? untouched : i * 10 + 1));
    }
  }

  SECTION("switch_exit: the unreachable default of a switch in a .func") {
    // -O0 keeps no exit there (an out-of-range code is undefined in C++): in-range codes only.
    const bool outOfRange = std::string(variant) == "O3";
    std::vector<int32_t> codes(n);
    for (uint32_t i = 0; i < n; ++i)
      codes[i] = int32_t(i * 5 % (outOfRange ? 7 : 5));
    const uint64_t out = f.allocate(n * 4);
    f.launch("_Z11switch_exitPKiPi", grid, block, {f.upload(codes), out});
    const std::vector<uint32_t> got = f.download<uint32_t>(out, n);
    for (uint32_t i = 0; i < n; ++i) {
      const int32_t a = int32_t(i * 3 + 1), b = int32_t(i % 7);
      const int32_t results[5] = {a + b, a - b, a * b, a ^ b, a >> (b & 31)};
      CAPTURE(i, codes[i]);
      CHECK(got[i] == (codes[i] < 5 ? uint32_t(results[codes[i]]) : untouched));
    }
  }
}

} // namespace p2m::runtime::test
