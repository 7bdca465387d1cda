// libFuzzer target for the runtime's module loader: any bytes given to cuModuleLoadData —
// PTX-looking text, a fatbin, a fatbin wrapper, or garbage — must load or fail with an error,
// never crash or overread. It drives the core the way the shim does (image → PTX → translation
// → reflection → module segments, initializers, relocations) over a test backend whose
// "compiler" accepts any MSL, so each input costs a translation, not a Clang run.
#include "../unit/runtime-core/FakeBackend.h"

#include "fatbin/ByteReader.h"
#include "runtime/core/Device.h"
#include "runtime/core/Module.h"
#include "runtime/core/ModuleImage.h"
#include "runtime/core/ModuleReflection.h"
#include "runtime/core/PtxTranslation.h"

#include <cstdint>
#include <cstring>
#include <vector>

using namespace p2m::runtime;

namespace {

constexpr uint32_t kFatbinMagic = 0xBA55ED50;

// Whether a fatbin at `bytes` claims no more bytes than there are: ptxFromImage trusts the
// header's length, as NVIDIA's driver does, so only consistent images go through it.
bool fatbinFits(const uint8_t *bytes, size_t size) {
  p2m::fatbin::Bytes span(bytes, size);
  auto magic = p2m::fatbin::readLE<uint32_t>(span, 0);
  auto entries = p2m::fatbin::readLE<uint64_t>(span, 8);
  return magic && *magic == kFatbinMagic && entries && *entries <= size - 16;
}

void loadPtx(const std::string &ptx) {
  TranslatedModule translated;
  if (translatePtx(ptx, p2m::TargetProfile{}, &translated, /*useCache=*/false))
    return;
  ModuleReflection reflection;
  if (parseReflection(translated.reflectionJson, &reflection)) {
    __builtin_trap(); // the translator's own reflection must always read back
  }
  Device device{std::make_unique<testing::FakeBackend>()};
  std::unique_ptr<Module> module;
  (void)Module::load(device, translated.msl, std::move(reflection), &module);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // A NUL-terminated copy: cuModuleLoadData reads text up to its NUL.
  std::vector<uint8_t> image(data, data + size);
  image.push_back(0);
  std::string ptx;
  RuntimeStatus s = ptxFromBytes({data, size}, &ptx);
  uint32_t magic = size >= 4 ? p2m::fatbin::loadLE<uint32_t>({data, size}, 0) : 0;
  if (magic == kFatbinWrapperMagic) {
    if (size < 24)
      return 0; // a wrapper's 24 bytes are read unconditionally, as by NVIDIA's driver
    // Point the wrapper at the bytes after it, as a linker would have.
    uint64_t fatbin = reinterpret_cast<uint64_t>(image.data() + 24);
    std::memcpy(image.data() + 8, &fatbin, 8);
    if (fatbinFits(image.data() + 24, size - 24)) {
      std::string viaWrapper;
      s = ptxFromImage(image.data(), &viaWrapper);
      ptx = viaWrapper;
    }
  } else if (magic != kFatbinMagic || fatbinFits(data, size)) {
    // The pointer-only entry point must agree with the bounded one.
    std::string viaImage;
    RuntimeStatus t = ptxFromImage(image.data(), &viaImage);
    if (bool(s) != bool(t) || (!s && viaImage != ptx))
      __builtin_trap();
  }
  if (!s)
    loadPtx(ptx);
  return 0;
}
