// The IR's ids: registers, symbols, functions and blocks are indices into their owner's vectors,
// each of its own type so that one kind cannot be passed where another is expected (a RegId is
// not a SymId). They stay 32-bit values: no allocation, no virtuals; `index()` is the position.
#pragma once

#include <fmt/format.h>
#include <llvm/ADT/DenseMapInfo.h>

#include <compare>
#include <cstdint>
#include <functional>

namespace p2m::ir {

// The absent id of every kind (`RegId guard = kNone`), and the "none" of the plain uint32_t
// indices that use UINT32_MAX the same way (helper name indices).
struct NoneId {
  constexpr operator uint32_t() const { return UINT32_MAX; } // NOLINT: plain indices use it too
};
inline constexpr NoneId kNone{};

template <class Tag> class Id {
public:
  constexpr Id() = default; // kNone
  constexpr explicit Id(uint32_t index) : index_(index) {}
  constexpr Id(NoneId) {} // NOLINT(google-explicit-constructor): `RegId r = kNone`

  constexpr uint32_t index() const { return index_; }
  constexpr bool valid() const { return index_ != UINT32_MAX; }

  friend constexpr bool operator==(Id, Id) = default;
  friend constexpr auto operator<=>(Id, Id) = default;
  friend constexpr bool operator==(Id a, NoneId) { return !a.valid(); }

private:
  uint32_t index_ = UINT32_MAX;
};

using RegId = Id<struct RegTag>;     // Function::regs
using SymId = Id<struct SymTag>;     // Module::symbols
using FuncId = Id<struct FuncTag>;   // Module::functions
using BlockId = Id<struct BlockTag>; // Function::blocks

} // namespace p2m::ir

template <class Tag> struct std::hash<p2m::ir::Id<Tag>> {
  size_t operator()(p2m::ir::Id<Tag> id) const noexcept { return std::hash<uint32_t>{}(id.index()); }
};

template <class Tag> struct llvm::DenseMapInfo<p2m::ir::Id<Tag>> {
  using Id = p2m::ir::Id<Tag>;
  static Id getEmptyKey() { return Id(UINT32_MAX); }
  static Id getTombstoneKey() { return Id(UINT32_MAX - 1); }
  static unsigned getHashValue(Id id) { return DenseMapInfo<uint32_t>::getHashValue(id.index()); }
  static bool isEqual(Id a, Id b) { return a == b; }
};

// An id formats as its index.
template <class Tag> struct fmt::formatter<p2m::ir::Id<Tag>> : fmt::formatter<uint32_t> {
  auto format(p2m::ir::Id<Tag> id, fmt::format_context &ctx) const {
    return fmt::formatter<uint32_t>::format(id.index(), ctx);
  }
};
