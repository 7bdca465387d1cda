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
  // The target profile it was made for, as TargetProfile::print() spells it: for listings. The
  // runtime matches by the profile its reflection records (one reader, one comparison).
  std::string options;
  std::string reflectionJson;
  std::string msl;
  std::string metallib; // empty when none was made
};

std::string encodeTranslation(const EmbeddedTranslation &translation);

// Errors name the offset in `payload`. Unknown record tags are skipped (a later writer may add
// records); a missing key, reflection or MSL is an error.
Result<EmbeddedTranslation> decodeTranslation(Bytes payload);

} // namespace p2m::fatbin
