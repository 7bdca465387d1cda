// Small facts of MSL as the check's rules see it: which characters make an identifier, and the
// MSL name of the address space a type lives in (metal_types maps device, constant and
// threadgroup to Clang address spaces 1, 2 and 3; Clang's default space is MSL's thread space).
#pragma once

#include <clang/AST/Type.h>
#include <clang/Basic/AddressSpaces.h>

#include <string_view>

namespace p2m::mslcheck {

inline bool isIdentifierChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

inline bool isSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

// "device", "constant", "threadgroup", "thread", or "non-Metal".
inline std::string_view addressSpaceName(clang::QualType type) {
  const clang::LangAS space = type.getCanonicalType().getAddressSpace();
  if (space == clang::LangAS::Default)
    return "thread";
  if (clang::isTargetAddressSpace(space)) {
    switch (clang::toTargetAddressSpace(space)) {
    case 1: return "device";
    case 2: return "constant";
    case 3: return "threadgroup";
    default: break;
    }
  }
  return "non-Metal";
}

} // namespace p2m::mslcheck
