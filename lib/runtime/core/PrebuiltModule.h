// Translations made ahead of time by `ptx2metal compile` or `ptx2metal convert`, loaded in
// place of translating at load time.
//
// A prebuilt module is three sibling files sharing a stem: STEM.json (the reflection), STEM.metal
// (the MSL) and, where a Metal toolchain made one, STEM.metallib. A bundle (`ptx2metal
// convert`) is a directory of prebuilt modules whose stem is the SHA-256 of the PTX text they
// were translated from, plus an index.json. $P2M_BUNDLE_PATH lists bundle directories
// (separated by ':'); when a program loads PTX or a fatbin, the runtime looks for the PTX's hash
// there first, so the fatbin a program registers runs the translation made offline.
#pragma once

#include "fatbin/EmbeddedTranslation.h"
#include "runtime/core/ModuleReflection.h"
#include "runtime/core/RuntimeError.h"
#include "support/TargetProfile.h"

#include <optional>
#include <string>
#include <vector>

namespace p2m::runtime {

struct PrebuiltModule {
  std::string reflectionJson;
  std::string msl;
  std::string metallib; // empty when the module has none
  std::string origin;   // the reflection's path, for messages
  // reflectionJson parsed, where it already was (findInBundles reads it to choose the entry).
  std::optional<ModuleReflection> reflection;
};

// Reads STEM.json and its siblings. FileNotFound when a file is missing or unreadable.
RuntimeStatus readPrebuiltModule(const std::string &reflectionPath, PrebuiltModule *out);

// Whether `path` names a reflection file (by its extension): cuModuleLoad's test for a
// prebuilt module.
bool isReflectionPath(const std::string &path);

// Looks for `ptx` in the bundles of $P2M_BUNDLE_PATH, by its key sha256Hex(ptx)
// (support/Sha256.h, the hash its reflection records). True when found and read; an entry that
// does not parse, names another source hash, or whose target profile does not fit `wanted`
// (profileMismatch: another fp64 mode or f32 subnormal behaviour, a later MSL version) is
// skipped, and the log says why.
bool findInBundles(const std::string &ptx, const TargetProfile &wanted, PrebuiltModule *out);

// The translation that ptx2metal-nvcc embedded in the fatbin beside `ptx` (ModuleImage.h), when
// one was made from exactly this PTX (its SHA-256) for a target profile that fits `wanted`
// (profileMismatch, as for bundles). True when one matches (`out->reflection` parsed); each
// mismatch is logged, and the caller then looks further or translates.
bool findEmbedded(const std::string &ptx, const TargetProfile &wanted,
                  const std::vector<fatbin::EmbeddedTranslation> &embedded, PrebuiltModule *out);

} // namespace p2m::runtime
