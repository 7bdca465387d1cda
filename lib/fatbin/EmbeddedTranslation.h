// The translation that ptx2metal-nvcc embeds next to a PTX entry in the fatbin it writes
// (entry kind format::kKindTranslation; payload layout in FatbinFormat.h and docs/FATBIN.md).
// The runtime uses it in place of translating when its key matches: the SHA-256 of the PTX
// text it was made from and the translation options that the device needs.
#pragma once

#include "fatbin/ByteReader.h"
#include "fatbin/Result.h"

#include <string>

namespace p2m::fatbin {

struct EmbeddedTranslation {
  std::string ptxSha256; // support/Sha256.h's spelling
  std::string options;   // translationOptionsKey(...)
  std::string reflectionJson;
  std::string msl;
  std::string metallib; // empty when none was made
};

// The options key: what a translation depends on besides the PTX, in one spelling that the
// driver writes and the runtime compares ("f32_subnormals=flush;fp64=ieee;msl=320").
std::string translationOptionsKey(bool keepsF32Subnormals, bool fp64Ieee, unsigned mslVersion);

std::string encodeTranslation(const EmbeddedTranslation &translation);

// Errors name the offset in `payload`. Unknown record tags are skipped (a later writer may add
// records); a missing key, reflection or MSL is an error.
Result<EmbeddedTranslation> decodeTranslation(Bytes payload);

} // namespace p2m::fatbin
