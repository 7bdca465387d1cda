// Content hashes (BLAKE3, from LLVM) that deduplicate extracted PTX and cubins and name the
// files they are written to, so the same text always gets the same name on every machine.
#pragma once

#include "fatbin/ByteReader.h"

#include <array>
#include <compare>
#include <cstdint>
#include <string>

namespace p2m::fatbin {

struct ContentHash {
  std::array<uint8_t, 32> bytes{};

  std::string hex() const; // all 64 hex digits
  std::string hexPrefix(size_t digits) const;
  auto operator<=>(const ContentHash &) const = default;
};

ContentHash hashContent(Bytes data);

} // namespace p2m::fatbin
