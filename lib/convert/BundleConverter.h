// `ptx2metal convert`: every PTX module inside binaries, libraries, fatbins or PTX files →
// a bundle directory the runtime loads translations from (lib/runtime/core/PrebuiltModule.h).
//
// Bundle layout: for each distinct PTX text, keyed by the hex SHA-256 of the text,
// KEY.metal (MSL), KEY.json (reflection) and, with a Metal toolchain, KEY.metallib; and index.json listing the modules with their
// kernels and the reason each untranslated kernel was left out. Modules are translated in
// parallel; the bundle's bytes do not depend on the number of jobs or on timing.
#pragma once

#include "emitters/metallib/MetalToolchain.h"
#include "support/TargetProfile.h"

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace p2m::convert {

struct ConvertOptions {
  std::vector<std::string> inputs; // binaries, libraries, fatbins, object files or .ptx files
  std::string outputDir;
  unsigned jobs = 0;               // 0: every core
  TargetProfile target; // what every module is translated for
  // When set, each module's KEY.metallib is built with this toolchain as well.
  const metallib::MetalToolchain *toolchain = nullptr;
  // Called from worker threads, serialized, after each module: (modules done, modules in all).
  std::function<void(size_t done, size_t total)> progress;
};

struct ModuleSummary {
  std::string key;    // hex SHA-256 of the PTX text
  std::string origin; // the input it was first found in, and its architecture
  uint64_t ptxBytes = 0;
  bool parsed = false; // false: the PTX did not parse or validate (no files written)
  uint32_t kernels = 0, translated = 0;
};

struct ConvertReport {
  std::vector<std::string> errors;   // inputs that could not be read, files not written
  std::vector<std::string> warnings; // problems inside inputs (entries that failed to decode)
  std::vector<ModuleSummary> modules; // sorted by key
  uint64_t kernels = 0, translated = 0, unparsedModules = 0, ptxBytes = 0;
  std::map<std::string, uint64_t> reasons; // diagnostic group → untranslated kernels
  // No input could be read: nothing was written, not even the bundle directory.
  bool nothingConverted = false;
  bool ok() const { return errors.empty(); }
};

ConvertReport convertToBundle(const ConvertOptions &options);

} // namespace p2m::convert
