// Separate compilation's device link (-dlink, and the implicit one when an executable is
// linked from -rdc objects). Clang's -fgpu-rdc host code does not register its unit's fatbin
// itself: its start-up code calls __cudaRegisterLinkedBinary<module id>(register_globals,
// wrapper, prefix, callback), which nvcc's device-link object defines. The module id is in the
// object's `__nv_module_id` section, the unit's fatbin in `__nv_relfatbin`.
//
// Here the units' PTX is linked into one module (lib/link) and translated (DeviceCode.h), and
// the device-link object is a small generated C++ file, compiled by Clang: it holds the linked
// fatbin (PTX and translation) and defines __cudaRegisterLinkedBinary<id> for every unit, each
// registering the linked fatbin once (__cudaRegisterFatBinary) and running the unit's
// registration of its kernels and variables against it.
#pragma once

#include "nvcc/DeviceCode.h"

#include <string>
#include <vector>

namespace p2m::nvcc {

struct RdcUnit {
  std::string origin;   // "a.o", "libk.a(k.o)"
  std::string moduleId; // "__nv_bfd36ddb23147a49"
  std::string ptx;
  uint32_t smArch = 0;
  bool libraryMember = false;
};

// The -rdc units of an object file or a static library (members in order); files and members
// with no `__nv_module_id` section are not units and are skipped. False with `error` set when
// the file cannot be read or a unit's fatbin holds no PTX.
bool collectRdcUnits(const std::string &path, std::vector<RdcUnit> &units, std::string &error);

struct DeviceLinkResult {
  bool ok = false;
  std::string error;                  // why the units do not link (the linker's messages)
  std::string fatbin;                 // the linked module's fatbin
  std::vector<std::string> warnings;  // from the translation
};

// Links `units` into one module and builds its fatbin.
DeviceLinkResult linkDeviceCode(const std::vector<RdcUnit> &units, const DeviceCodeOptions &options);

// The C++ source of the device-link object: the fatbin at `fatbinPath` (read by the assembler's
// .incbin when the source is compiled) and the registration functions of `units`' module ids.
std::string deviceLinkSource(const std::vector<RdcUnit> &units, const std::string &fatbinPath,
                             const std::string &fatbinHash);

} // namespace p2m::nvcc
