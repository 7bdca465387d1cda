// A test-only Backend: real host memory (address == pointer, as the host backend), a
// "compiler" that accepts any MSL and knows the requested kernel names, and a dispatch that
// calls a C++ function the test installs. It lets the core's tests see exactly what the core
// hands a backend (the params buffer, the module words, the threadgroup size) without
// compiling MSL.
#pragma once

#include "runtime/Backend.h"

#include <cstdlib>
#include <functional>
#include <set>
#include <string>
#include <vector>

namespace p2m::runtime::testing {

class FakeProgram : public Program {
public:
  explicit FakeProgram(std::set<std::string> names) : names_(std::move(names)) {}
  bool hasKernel(std::string_view mslName) const override { return names_.count(std::string(mslName)) != 0; }

private:
  std::set<std::string> names_;
};

class FakeBackend : public Backend {
public:
  FakeBackend() {
    properties_.name = "fake";
    properties_.totalMemory = uint64_t(1) << 30;
    properties_.maxThreadgroupMemory = 64 * 1024;
  }

  const DeviceProperties &properties() const override { return properties_; }

  Status allocate(uint64_t bytes, uint64_t *address) override {
    void *p = std::aligned_alloc(256, (bytes + 255) / 256 * 256);
    if (!p)
      return fail(ErrorCode::OutOfMemory, "aligned_alloc failed");
    *address = reinterpret_cast<uint64_t>(p);
    live.insert(*address);
    return ok();
  }
  Status release(uint64_t address) override {
    if (!live.erase(address))
      return fail(ErrorCode::InvalidValue, "not allocated");
    std::free(reinterpret_cast<void *>(address));
    return ok();
  }
  void *hostPointer(uint64_t address) override { return reinterpret_cast<void *>(address); }

  Status compile(const CompileRequest &request, std::unique_ptr<Program> *program) override {
    ++compiles;
    lastMsl = std::string(request.msl);
    lastCapabilities = request.capabilities;
    *program = std::make_unique<FakeProgram>(
        std::set<std::string>(request.kernelNames.begin(), request.kernelNames.end()));
    return ok();
  }

  Status dispatch(const Dispatch &d) override {
    ++dispatches;
    if (!d.program || !d.program->hasKernel(d.mslName))
      return fail(ErrorCode::NotFound, "no kernel " + d.mslName);
    if (onDispatch)
      onDispatch(d);
    return ok();
  }

  DeviceProperties properties_;
  std::set<uint64_t> live;
  std::function<void(const Dispatch &)> onDispatch;
  int compiles = 0;
  int dispatches = 0;
  std::string lastMsl;
  std::vector<std::string> lastCapabilities;
};

} // namespace p2m::runtime::testing
