// PTX text → MSL + reflection for the module loader: lib/translate does the work; results
// are cached on disk by the content hash of the PTX and the translator's identity, so a
// program that loads the same module on every run translates it once. The cache directory
// is the one the backends use: $P2M_CACHE_DIR, else $XDG_CACHE_HOME/ptx2metal, else
// ~/.cache/ptx2metal; translations live in its `translations/` folder. A cache that cannot
// be read or written only costs time.
#pragma once

#include "runtime/core/RuntimeError.h"

#include <string>

namespace p2m::runtime {

struct TranslatedModule {
  std::string msl;
  std::string reflectionJson;
  std::string diagnostics; // the translator's messages (printed when P2M_LOG is set)
};

// InvalidPtx (with the diagnostics in the message) when the PTX does not parse or validate.
// `useCache` false: neither read nor write the disk cache (fuzzing). `keepsF32Subnormals`: the
// device's f32 subnormal behaviour (DeviceProperties), which the translation depends on.
RuntimeStatus translatePtx(const std::string &ptx, TranslatedModule *out, bool useCache = true,
                           bool keepsF32Subnormals = false);

// The cache root described above; empty when no directory can be named.
std::string runtimeCacheDirectory();

} // namespace p2m::runtime
