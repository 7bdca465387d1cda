// The IR's typed ids (ir/Id.h): one kind cannot stand for another, and each stays a 32-bit
// index that hashes and compares like one.
#include "ir/Id.h"

#include <catch2/catch.hpp>
#include <llvm/ADT/DenseMap.h>

#include <type_traits>
#include <unordered_map>

using namespace p2m::ir;

// Mixing kinds, or passing a bare integer, does not compile.
static_assert(!std::is_convertible_v<RegId, SymId>);
static_assert(!std::is_convertible_v<SymId, RegId>);
static_assert(!std::is_convertible_v<FuncId, BlockId>);
static_assert(!std::is_convertible_v<BlockId, FuncId>);
static_assert(!std::is_constructible_v<RegId, SymId>);
static_assert(!std::is_constructible_v<FuncId, SymId>);
static_assert(!std::is_convertible_v<uint32_t, RegId>);
static_assert(!std::is_convertible_v<RegId, uint32_t>);
static_assert(!std::is_convertible_v<BlockId, size_t>);
static_assert(std::is_constructible_v<RegId, uint32_t>); // explicitly
static_assert(std::is_convertible_v<NoneId, RegId>);     // `RegId r = kNone`
// No cost over the integer.
static_assert(sizeof(RegId) == 4 && sizeof(SymId) == 4 && sizeof(FuncId) == 4 && sizeof(BlockId) == 4);
static_assert(std::is_trivially_copyable_v<RegId>);
static_assert(RegId(3).index() == 3);
static_assert(RegId() == kNone && !RegId().valid() && RegId(0).valid());
static_assert(RegId(1) < RegId(2) && RegId(2) != RegId(1));

TEST_CASE("typed ids key hash maps and DenseMaps by their index", "[ir][id]") {
  std::unordered_map<SymId, int> byHash{{SymId(1), 10}, {SymId(7), 70}};
  CHECK(byHash.at(SymId(7)) == 70);
  CHECK(byHash.count(SymId(2)) == 0);
  llvm::DenseMap<RegId, int> dense;
  for (uint32_t i = 0; i < 100; ++i)
    dense[RegId(i)] = static_cast<int>(i) * 2;
  CHECK(dense.size() == 100);
  CHECK(dense.lookup(RegId(42)) == 84);
  CHECK(!dense.contains(RegId(100)));
}

TEST_CASE("a typed id formats as its index", "[ir][id]") {
  CHECK(fmt::format("%r{} bb{}", RegId(5), BlockId(12)) == "%r5 bb12");
}
