// The value a program passed where a CUDA header names an enum type, as a plain integer: any
// integer may arrive there, and reading one that is no enumerator as the enum type is undefined
// (UBSan's enum check stops at it). Compare the result with the enumerators.
#pragma once

#include <cstring>
#include <type_traits>

namespace p2m::runtime {

template <typename Enum> long long enumBits(const Enum &value) {
  std::underlying_type_t<Enum> bits;
  std::memcpy(&bits, &value, sizeof bits);
  return static_cast<long long>(bits);
}

} // namespace p2m::runtime
