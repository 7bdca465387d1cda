// libFuzzer target for prebuilt modules (bundles, cuModuleLoad of a reflection file): their
// reflection JSON comes from disk, where anything may have happened to it. Any bytes as the
// reflection must be read or refused with an error, and a reflection that reads must load
// (segments, initializers, relocations, kernels) or fail with an error, never crash or overread.
// The test backend's "compiler" accepts any MSL.
#include "../unit/runtime-core/FakeBackend.h"

#include "runtime/core/Device.h"
#include "runtime/core/Module.h"
#include "runtime/core/ModuleReflection.h"
#include "runtime/core/PrebuiltModule.h"

#include <cstdint>
#include <string>

using namespace p2m::runtime;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  PrebuiltModule prebuilt;
  prebuilt.reflectionJson.assign(reinterpret_cast<const char *>(data), size);
  prebuilt.msl = "// any MSL: the test backend compiles nothing";
  prebuilt.origin = "fuzz.json";
  Device device{std::make_unique<testing::FakeBackend>()};
  std::unique_ptr<Module> module;
  RuntimeStatus s = Module::loadPrebuilt(device, prebuilt, &module);
  // A reflection the parser accepts must have produced a module, or a reason.
  if (!s && !module)
    __builtin_trap();
  return 0;
}
