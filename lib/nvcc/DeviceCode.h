// The device side's last step, in process: PTX text → its translation (lib/translate) → the
// fatbin the host object embeds, holding the PTX entry and the translation entry beside it
// (fatbin/EmbeddedTranslation.h), keyed by the PTX's SHA-256 and the translation options. The
// translation is made as the runtime would make it at load time (the same options and the same
// names), so the embedded one is what the runtime would otherwise have translated. A metallib
// is added where a Metal toolchain exists.
#pragma once

#include "support/TargetProfile.h"

#include <cstdint>
#include <string>
#include <vector>

namespace p2m::nvcc {

struct DeviceCodeOptions {
  // What the runtime's devices want unless told otherwise (the default profile: f32 subnormals
  // flushed, exact f64, MSL 3.2); the runtime matches the embedded translation by it.
  TargetProfile target;
  bool buildMetallib = true;       // when a Metal toolchain is found
  // False for an -rdc unit: what runs is the device link's module, translated there.
  bool translate = true;
};

struct DeviceCode {
  std::string fatbin;
  bool translated = false;           // false: the fatbin holds only the PTX
  std::vector<std::string> warnings; // kernels that did not translate, why no translation
};

// `origin` names the PTX in messages (the .cu it came from).
DeviceCode buildDeviceCode(const std::string &origin, const std::string &ptx, uint32_t smArch,
                           const DeviceCodeOptions &options);

} // namespace p2m::nvcc
