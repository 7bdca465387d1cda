// PTX text → MSL + reflection for the module loader: lib/translate does the work; results
// are cached on disk by the content hash of the PTX and the translator's identity, so a
// program that loads the same module on every run translates it once. The cache directory
// is the one the backends use: $P2M_CACHE_DIR, else $XDG_CACHE_HOME/ptx2metal, else
// ~/.cache/ptx2metal; translations live in its `translations/` folder. A cache that cannot
// be read or written only costs time.
#pragma once

#include "runtime/core/RuntimeError.h"
#include "support/TargetProfile.h"

#include <string>

namespace p2m::runtime {

struct TranslatedModule {
  std::string msl;
  std::string reflectionJson;
  std::string diagnostics; // the translator's messages (printed when P2M_LOG is set)
};

// Translates `ptx` for `target` (the device's: DeviceProperties::target); the cache key holds
// the whole profile. InvalidPtx (with the diagnostics in the message) when the PTX does not
// parse or validate. `useCache` false: neither read nor write the disk cache (fuzzing).
RuntimeStatus translatePtx(const std::string &ptx, const TargetProfile &target, TranslatedModule *out,
                           bool useCache = true);

// The cache root described above; empty when no directory can be named.
std::string runtimeCacheDirectory();

} // namespace p2m::runtime
