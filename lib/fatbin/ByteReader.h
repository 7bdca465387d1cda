// Bounds-checked little-endian reads from untrusted byte spans. Every read of file data in
// lib/fatbin goes through these, so an offset or size taken from the input can never make
// us read outside the buffer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <type_traits>

namespace p2m::fatbin {

using Bytes = std::span<const uint8_t>;

// True when [offset, offset + size) lies inside a buffer of `total` bytes. Written so that
// no intermediate sum can overflow, whatever the (attacker-controlled) operands are.
constexpr bool inBounds(uint64_t total, uint64_t offset, uint64_t size) {
  return offset <= total && size <= total - offset;
}

// Reads an unsigned little-endian integer at `offset`, or nullopt when it does not fit.
template <typename T> std::optional<T> readLE(Bytes bytes, uint64_t offset) {
  static_assert(std::is_unsigned_v<T>, "readLE reads unsigned integers");
  if (!inBounds(bytes.size(), offset, sizeof(T)))
    return std::nullopt;
  T value = 0;
  // Byte by byte: independent of host endianness and of the alignment of the data.
  for (size_t i = 0; i < sizeof(T); ++i)
    value |= static_cast<T>(static_cast<T>(bytes[offset + i]) << (8 * i));
  return value;
}

// The same for callers that have already checked the bounds of a whole structure.
template <typename T> T loadLE(Bytes bytes, uint64_t offset) {
  T value = 0;
  for (size_t i = 0; i < sizeof(T); ++i)
    value |= static_cast<T>(static_cast<T>(bytes[offset + i]) << (8 * i));
  return value;
}

// The sub-span [offset, offset + size), or an empty optional when it does not fit.
inline std::optional<Bytes> slice(Bytes bytes, uint64_t offset, uint64_t size) {
  if (!inBounds(bytes.size(), offset, size))
    return std::nullopt;
  return bytes.subspan(static_cast<size_t>(offset), static_cast<size_t>(size));
}

} // namespace p2m::fatbin
