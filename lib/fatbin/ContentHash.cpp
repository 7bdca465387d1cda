#include "fatbin/ContentHash.h"

#include <llvm/ADT/ArrayRef.h>
#include <llvm/Support/BLAKE3.h>

namespace p2m::fatbin {

std::string ContentHash::hex() const { return hexPrefix(bytes.size() * 2); }

std::string ContentHash::hexPrefix(size_t digits) const {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  for (size_t i = 0; i < digits && i / 2 < bytes.size(); ++i)
    out += kDigits[(i % 2 == 0 ? bytes[i / 2] >> 4 : bytes[i / 2]) & 0xF];
  return out;
}

ContentHash hashContent(Bytes data) {
  ContentHash hash;
  llvm::BLAKE3Result<32> result =
      llvm::BLAKE3::hash<32>(llvm::ArrayRef<uint8_t>(data.data(), data.size()));
  std::copy(result.begin(), result.end(), hash.bytes.begin());
  return hash;
}

} // namespace p2m::fatbin
