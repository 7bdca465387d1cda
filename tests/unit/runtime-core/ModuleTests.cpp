// Modules end to end through the core with the test backend (FakeBackend.h): PTX is
// translated and cached, segments get their initializers and relocations (addresses of
// variables, ids of functions), kernels are found or refused, and a launch hands the backend
// the params buffer and module words the kernel ABI describes; a trap (the status word) fails
// the launch; what a kernel printed is written to stdout after the launch, a trap's included.
#include "FakeBackend.h"

#include "emitters/msl/support/kernel_abi.h"

#include "runtime/core/Device.h"
#include "runtime/core/DevicePrintf.h"
#include "runtime/core/Module.h"
#include "runtime/core/PtxTranslation.h"

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

using namespace p2m::runtime;
using p2m::runtime::testing::FakeBackend;

namespace {

std::string readSource(const std::string &relative) {
  std::ifstream in(std::string(P2M_SOURCE_ROOT) + "/" + relative);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Each test gets an empty translation cache of its own.
std::string freshCache(const std::string &name) {
  std::filesystem::path dir = std::filesystem::temp_directory_path() / ("p2m-core-tests-" + name);
  std::filesystem::remove_all(dir);
  setenv("P2M_CACHE_DIR", dir.c_str(), 1);
  return dir.string();
}

template <typename T> T load(uint64_t address) {
  T v;
  std::memcpy(&v, reinterpret_cast<const void *>(address), sizeof v);
  return v;
}

template <typename T> void store(uint64_t address, T value) {
  std::memcpy(reinterpret_cast<void *>(address), &value, sizeof value);
}

// What `run` writes to the process's stdout (file descriptor 1).
std::string capturedStdout(const std::function<void()> &run) {
  std::filesystem::path file = std::filesystem::temp_directory_path() / "p2m-core-tests-stdout.txt";
  std::fflush(stdout);
  int fd = open(file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  REQUIRE(fd >= 0);
  int saved = dup(1);
  dup2(fd, 1);
  close(fd);
  run();
  std::fflush(stdout);
  dup2(saved, 1);
  close(saved);
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

} // namespace

TEST_CASE("module: segments, initializers, relocations, kernels", "[runtime-core][module]") {
  std::string cache = freshCache("segments");
  auto *backend = new FakeBackend;
  Device device{std::unique_ptr<Backend>(backend)};
  std::unique_ptr<Module> module;
  RuntimeStatus s = Module::loadPtx(device, readSource("tests/unit/runtime-core/module_with_globals.ptx"), &module);
  REQUIRE_FALSE(s);
  CHECK(backend->compiles == 1);
  CHECK(backend->lastMsl.find("copy_table_body") != std::string::npos);

  uint64_t table = 0, ptr = 0, scale = 0, bytes = 0;
  REQUIRE_FALSE(module->getGlobal("table", &table, &bytes));
  CHECK(bytes == 16);
  CHECK(load<uint32_t>(table) == 1);
  CHECK(load<uint32_t>(table + 12) == 4);
  REQUIRE_FALSE(module->getGlobal("ptr", &ptr, &bytes));
  CHECK(bytes == 8);
  CHECK(load<uint64_t>(ptr) == table + 4); // generic(table)+4, a real device address
  REQUIRE_FALSE(module->getGlobal("scale", &scale, &bytes));
  CHECK(load<float>(scale) == 2.0f);
  CHECK(module->getGlobal("nothing", &ptr, &bytes)->code == RuntimeErrorCode::NotFound);
  // Host writes reach the segment: the addresses are inside live allocations.
  CHECK_FALSE(device.checkRange(table, 24, "test"));
  CHECK(device.checkRange(scale, 16 + 1, "test"));

  Kernel *kernel = nullptr;
  REQUIRE_FALSE(module->getKernel("copy_table", &kernel));
  CHECK(kernel->maxDynamicShared() == 48 * 1024);
  CHECK(module->getKernel("nope", &kernel)->code == RuntimeErrorCode::NotFound);
  RuntimeStatus refused = module->getKernel("recursive", &kernel);
  REQUIRE(refused);
  CHECK(refused->code == RuntimeErrorCode::NotSupported);
  CHECK(refused->message.find("recursion") != std::string::npos);

  // The translation was cached; a second load does not translate again (same result).
  CHECK(std::filesystem::exists(cache + "/translations"));
  size_t files = 0;
  for (const auto &entry : std::filesystem::directory_iterator(cache + "/translations"))
    files += entry.path().extension() == ".json" || entry.path().extension() == ".metal";
  CHECK(files == 2);
  std::unique_ptr<Module> again;
  REQUIRE_FALSE(Module::loadPtx(device, readSource("tests/unit/runtime-core/module_with_globals.ptx"), &again));
  CHECK(again->reflection().kernels.size() == module->reflection().kernels.size());
  uint64_t tableAgain = 0;
  REQUIRE_FALSE(again->getGlobal("table", &tableAgain, &bytes));
  CHECK(tableAgain != table); // each module has its own segments

  // Both modules' words name the device's one lock table of 64-bit atomics (abi.h word 4).
  auto word = [&](const Module &m, unsigned i) { return load<uint64_t>(m.moduleWordsAddress() + 8 * i); };
  CHECK(word(*module, 4) != 0);
  CHECK(word(*again, 4) == word(*module, 4));
  CHECK(load<uint32_t>(word(*module, 4) + 4 * 4095) == 0); // 4096 unlocked words

  // Unloading gives every segment back; the lock table stays with the device.
  size_t before = backend->live.size();
  again.reset();
  CHECK(backend->live.size() == before - 3);
  module.reset();
  CHECK(backend->live.size() == 1);
  device.releaseAllOwnedBy(&device);
  CHECK(backend->live.empty());
}

TEST_CASE("module: a function's address in an initializer is its id", "[runtime-core][module]") {
  freshCache("function-ids");
  Device device{std::unique_ptr<Backend>(new FakeBackend)};
  std::unique_ptr<Module> module;
  const std::string ptx = ".version 7.0\n.target sm_80\n.address_size 64\n"
                          ".func first() { ret; }\n"
                          ".func second() { ret; }\n"
                          ".global .align 4 .u32 data;\n"
                          ".const .align 8 .u64 ops[3] = {second, generic(data), first};\n"
                          ".visible .entry k() { ret; }\n";
  REQUIRE_FALSE(Module::loadPtx(device, ptx, &module));
  uint64_t ops = 0, data = 0, bytes = 0;
  REQUIRE_FALSE(module->getGlobal("ops", &ops, &bytes));
  REQUIRE_FALSE(module->getGlobal("data", &data, &bytes));
  // The ABI's function window plus the function's index in the module.
  CHECK(load<uint64_t>(ops) == P2M_FUNCTION_WINDOW + 1);
  CHECK(load<uint64_t>(ops + 8) == data);
  CHECK(load<uint64_t>(ops + 16) == P2M_FUNCTION_WINDOW);
}

TEST_CASE("module: a launch hands the backend the ABI's buffers", "[runtime-core][module]") {
  freshCache("launch");
  auto *backend = new FakeBackend;
  Device device{std::unique_ptr<Backend>(backend)};
  std::unique_ptr<Module> module;
  REQUIRE_FALSE(Module::loadPtx(device, readSource("examples/saxpy/saxpy.ptx"), &module));
  Kernel *saxpy = nullptr;
  REQUIRE_FALSE(module->getKernel("saxpy", &saxpy));

  constexpr int n = 300;
  uint64_t x = 0, y = 0;
  REQUIRE_FALSE(device.allocate(n * 4, &device, &x));
  REQUIRE_FALSE(device.allocate(n * 4, &device, &y));
  std::vector<float> hx(n), hy(n);
  for (int i = 0; i < n; ++i) {
    hx[i] = float(i);
    hy[i] = 1.0f;
  }
  REQUIRE_FALSE(device.copyToDevice(x, hx.data(), n * 4));
  REQUIRE_FALSE(device.copyToDevice(y, hy.data(), n * 4));

  // The "kernel": saxpy written in C++ against the params buffer the core packed.
  Dispatch seen;
  backend->onDispatch = [&](const Dispatch &d) {
    seen = d;
    auto *p = static_cast<const uint8_t *>(d.params);
    int32_t count = load<int32_t>(uint64_t(p));
    float a = load<float>(uint64_t(p + 4));
    auto *px = reinterpret_cast<const float *>(load<uint64_t>(uint64_t(p + 8)));
    auto *py = reinterpret_cast<float *>(load<uint64_t>(uint64_t(p + 16)));
    for (int i = 0; i < count; ++i)
      py[i] = a * px[i] + py[i];
    CHECK(load<uint32_t>(uint64_t(p + 32)) == 0); // dynamic shared bytes at align16(24)
  };
  int32_t count = n;
  float a = 2.0f;
  void *args[] = {&count, &a, &x, &y};
  LaunchShape shape{{3, 1, 1}, {128, 1, 1}, 0};
  REQUIRE_FALSE(module->launch(*saxpy, shape, args, nullptr));
  CHECK(seen.mslName == "saxpy");
  CHECK(seen.grid.x == 3);
  CHECK(seen.block.x == 128);
  CHECK(seen.paramBytes == 48);
  CHECK(seen.threadgroupBytes == 0);
  CHECK(seen.moduleBuffer == module->moduleWordsAddress());
  CHECK(load<uint64_t>(seen.moduleBuffer + 24) == 0); // no printf buffer: saxpy does not print
  REQUIRE_FALSE(device.copyFromDevice(hy.data(), y, n * 4));
  for (int i = 0; i < n; ++i)
    REQUIRE(hy[i] == 2.0f * float(i) + 1.0f);

  // Through `extra`, with the dynamic shared size in the launch word.
  struct {
    int32_t n;
    float a;
    uint64_t x, y;
  } block{n, 0.0f, x, y};
  size_t size = sizeof block;
  void *extra[] = {reinterpret_cast<void *>(uintptr_t(1)), &block, reinterpret_cast<void *>(uintptr_t(2)), &size,
                   nullptr};
  backend->onDispatch = [&](const Dispatch &d) {
    seen = d;
    CHECK(load<uint32_t>(uint64_t(d.params) + 32) == 100);
  };
  REQUIRE_FALSE(module->launch(*saxpy, LaunchShape{{1, 1, 1}, {32, 1, 1}, 100}, nullptr, extra));
  CHECK(seen.threadgroupBytes == 112);

  // A trap: the kernel sets the status word the module words point to.
  backend->onDispatch = [&](const Dispatch &d) {
    uint64_t status = load<uint64_t>(d.moduleBuffer + 16);
    uint32_t one = 1;
    std::memcpy(reinterpret_cast<void *>(status), &one, 4);
  };
  RuntimeStatus trapped = module->launch(*saxpy, shape, args, nullptr);
  REQUIRE(trapped);
  CHECK(trapped->code == RuntimeErrorCode::LaunchFailed);
  // The next launch starts with a clear status word (the shim keeps the context broken).
  backend->onDispatch = nullptr;
  CHECK_FALSE(module->launch(*saxpy, shape, args, nullptr));

  // Invalid launches never reach the backend.
  int before = backend->dispatches;
  CHECK(module->launch(*saxpy, LaunchShape{{1, 1, 1}, {2048, 1, 1}, 0}, args, nullptr)->code ==
        RuntimeErrorCode::InvalidValue);
  CHECK(module->launch(*saxpy, LaunchShape{{1, 1, 1}, {32, 1, 1}, 49 * 1024}, args, nullptr)->code ==
        RuntimeErrorCode::InvalidValue);
  CHECK(backend->dispatches == before);
  // The dynamic-shared limit is settable up to what the device leaves.
  CHECK_FALSE(saxpy->setMaxDynamicShared(64 * 1024));
  CHECK_FALSE(module->launch(*saxpy, LaunchShape{{1, 1, 1}, {32, 1, 1}, 49 * 1024}, args, nullptr));
  CHECK(saxpy->setMaxDynamicShared(64 * 1024 + 1)->code == RuntimeErrorCode::InvalidValue);

  REQUIRE_FALSE(device.release(x, &device));
  CHECK(device.release(x, &device)->code == RuntimeErrorCode::InvalidValue); // double free
  uint64_t table = module->moduleWordsAddress();
  CHECK(device.release(table, &device)->code == RuntimeErrorCode::InvalidValue); // not the caller's
  CHECK(device.copyToDevice(y, hy.data(), n * 4 + 1)->code == RuntimeErrorCode::InvalidValue);
  CHECK(device.copyFromDevice(hy.data(), y + 4, n * 4)->code == RuntimeErrorCode::InvalidValue);
  CHECK(device.fill(y, 0, 4, n + 1)->code == RuntimeErrorCode::InvalidValue);
  CHECK(device.fill(y + 1, 0, 2, 1)->code == RuntimeErrorCode::InvalidValue);
  REQUIRE_FALSE(device.fill(y, 0x3f800000, 4, n));
  REQUIRE_FALSE(device.copyFromDevice(hy.data(), y, n * 4));
  CHECK(hy[n - 1] == 1.0f);
  module.reset();
  device.releaseAllOwnedBy(&device);
  CHECK(backend->live.empty());
}

TEST_CASE("module: what a kernel printed is written after the launch", "[runtime-core][module][printf]") {
  freshCache("printf");
  auto *backend = new FakeBackend;
  Device device{std::unique_ptr<Backend>(backend)};
  std::unique_ptr<Module> module;
  REQUIRE_FALSE(Module::loadPtx(device, readSource("tests/inputs/cuda/ptx/trap_printf.nvcc.sm_90.O3.ptx"), &module));
  CHECK(backend->lastMsl.find("p2m_vprintf_call(ctx") != std::string::npos);
  Kernel *printer = nullptr, *asserter = nullptr;
  REQUIRE_FALSE(module->getKernel("dev_printf", &printer));
  REQUIRE_FALSE(module->getKernel("dev_assert", &asserter));
  CHECK(printer->info().usesPrintf);
  CHECK(asserter->info().usesPrintf);
  // The module words name the module's printf buffer, a device allocation of its own.
  uint64_t buffer = load<uint64_t>(module->moduleWordsAddress() + 24);
  REQUIRE(buffer != 0);
  CHECK_FALSE(device.checkRange(buffer, kPrintfBufferBytes, "test"));

  // The "kernels" write records as printf.h does: the module's "no arguments\n" string, and
  // an assertion with the module's message, file and function strings.
  uint64_t noArguments = 0, message = 0, file = 0, function = 0, bytes = 0;
  REQUIRE_FALSE(module->getGlobal("$str$3", &noArguments, &bytes));
  REQUIRE_FALSE(module->getGlobal("$str$4", &message, &bytes));
  REQUIRE_FALSE(module->getGlobal("$str$5", &file, &bytes));
  REQUIRE_FALSE(module->getGlobal("__unnamed_1", &function, &bytes));
  auto reserve = [](uint64_t buffer, uint32_t kind, uint64_t format, uint32_t argBytes) {
    uint32_t used = load<uint32_t>(buffer), size = (kPrintfRecordHeaderBytes + argBytes + 7) & ~7u;
    CHECK(load<uint32_t>(buffer + 4) == kPrintfBufferBytes - kPrintfHeaderBytes); // reset before the launch
    store<uint32_t>(buffer, used + size);
    uint64_t record = buffer + kPrintfHeaderBytes + used;
    store<uint32_t>(record, size);
    store<uint32_t>(record + 4, kind);
    store<uint64_t>(record + 8, format);
    return record + kPrintfRecordHeaderBytes;
  };
  int32_t n = 1;
  uint64_t in = 0;
  REQUIRE_FALSE(device.allocate(64, &device, &in));
  void *args[] = {&in, &in, &n};
  LaunchShape shape{{1, 1, 1}, {32, 1, 1}, 0};

  backend->onDispatch = [&](const Dispatch &d) {
    reserve(load<uint64_t>(d.moduleBuffer + 24), kPrintfKindFormat, noArguments, 0);
  };
  std::string text = capturedStdout([&] { CHECK_FALSE(module->launch(*printer, shape, args, nullptr)); });
  CHECK(text == "no arguments\n");

  // A failed assert: its message is printed, then the launch fails.
  backend->onDispatch = [&](const Dispatch &d) {
    uint64_t a = reserve(load<uint64_t>(d.moduleBuffer + 24), kPrintfKindAssert, 0, 56);
    store<uint64_t>(a, file);
    store<int32_t>(a + 8, 31);
    store<uint64_t>(a + 16, function);
    for (uint32_t k = 0; k < 6; ++k)
      store<uint32_t>(a + 24 + 4 * k, k == 0 || k == 3 ? 5 : 0);
    store<uint64_t>(a + 48, message);
    store<uint32_t>(load<uint64_t>(d.moduleBuffer + 16), 1); // p2m_trap
  };
  RuntimeStatus failed;
  text = capturedStdout([&] { failed = module->launch(*asserter, shape, args, nullptr); });
  REQUIRE(failed);
  CHECK(failed->code == RuntimeErrorCode::LaunchFailed);
  CHECK(text == "trap_printf.cu:31: void dev_assert(const int *, int *, int): block: [5,0,0], thread: [5,0,0] "
                "Assertion `in[i] != 0x7e57` failed.\n");

  // Each launch starts with an empty buffer.
  backend->onDispatch = nullptr;
  text = capturedStdout([&] { CHECK_FALSE(module->launch(*printer, shape, args, nullptr)); });
  CHECK(text.empty());
  module.reset();
  device.releaseAllOwnedBy(&device);
  CHECK(backend->live.empty());
}

TEST_CASE("module: PTX that does not parse is InvalidPtx", "[runtime-core][module]") {
  freshCache("invalid");
  Device device{std::make_unique<FakeBackend>()};
  std::unique_ptr<Module> module;
  RuntimeStatus s = Module::loadPtx(device, ".version 8.0\n.target sm_80\n.address_size 64\n.entry k( {", &module);
  REQUIRE(s);
  CHECK(s->code == RuntimeErrorCode::InvalidPtx);
  CHECK_FALSE(module);
}

// A kernel named like a metal_stdlib name (`min`, `float4`, `vec`) has another MSL name; the
// runtime finds it by its PTX name and dispatches the MSL one (tests/lit/emitter/reserved-names.ptx).
TEST_CASE("module: kernels named like metal_stdlib are found by their PTX names", "[runtime-core][module]") {
  freshCache("reserved-names");
  auto *backend = new FakeBackend;
  Device device{std::unique_ptr<Backend>(backend)};
  std::unique_ptr<Module> module;
  REQUIRE_FALSE(Module::loadPtx(device, readSource("tests/lit/emitter/reserved-names.ptx"), &module));
  std::string seen;
  backend->onDispatch = [&](const Dispatch &d) { seen = d.mslName; };
  uint64_t out = 0;
  REQUIRE_FALSE(device.allocate(4, &device, &out));
  void *args[] = {&out};
  for (const auto &[ptxName, mslName] : {std::pair<std::string, std::string>{"min", "min_"},
                                         {"float4", "float4_"},
                                         {"vec", "vec_"}}) {
    INFO(ptxName);
    Kernel *kernel = nullptr;
    REQUIRE_FALSE(module->getKernel(ptxName, &kernel));
    REQUIRE_FALSE(module->launch(*kernel, LaunchShape{{1, 1, 1}, {1, 1, 1}, 0}, args, nullptr));
    CHECK(seen == mslName);
  }
  Kernel *none = nullptr;
  CHECK(module->getKernel("min_", &none)); // the MSL name is not a PTX name
}

// Device capabilities a kernel needs (reflection features) reach the backend at load, once
// each, for it to refuse a device that lacks them (the Metal backend's supportsFamily check).
TEST_CASE("module: the capabilities the kernels need reach the backend", "[runtime-core][module]") {
  freshCache("capabilities");
  auto *backend = new FakeBackend;
  Device device{std::unique_ptr<Backend>(backend)};
  std::unique_ptr<Module> module;
  // No kernel the translator writes needs one today (64-bit min/max take the lock table, which
  // a native atomic_ulong operation could race with), so the reflection says so by hand.
  TranslatedModule translated;
  REQUIRE_FALSE(translatePtx(readSource("examples/saxpy/saxpy.ptx"), p2m::TargetProfile{}, &translated, /*useCache=*/false));
  ModuleReflection reflection;
  REQUIRE_FALSE(parseReflection(translated.reflectionJson, &reflection));
  REQUIRE_FALSE(reflection.kernels.empty());
  reflection.kernels[0].capabilities.push_back("atomic_u64_min_max");
  REQUIRE_FALSE(Module::load(device, translated.msl, reflection, &module));
  CHECK(backend->lastCapabilities == std::vector<std::string>{"atomic_u64_min_max"});
  REQUIRE_FALSE(Module::loadPtx(device, readSource("tests/inputs/apple/atomic_u64_max.ptx"), &module));
  CHECK(backend->lastCapabilities.empty()); // red.max.u64 goes through the lock table
}
