// The MSL helper registry (Helpers.def): what passes and the emitter know about each support
// helper, by id. Passes create helper calls by id (Module::internHelper); the emitter writes the
// helper's definition, cut from its support header at build time, into the files that call it.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>

namespace p2m::ir {

enum class Helper : uint16_t {
#define P2M_HELPER(Id, header, name, nan, space, msl) Id,
#include "ir/Helpers.def"
#undef P2M_HELPER
};

// What a helper does with the bits of a NaN operand (Helpers.def, column `nan`).
enum class HelperNan : uint8_t { Looks, Ignores, IgnoresAsF32, PassesOn, PassesOnValue };

// Whether the name has the state space of the address argument in it (`{{}}`).
enum class HelperSpace : uint8_t { Fixed, ByAddress };

struct HelperInfo {
  std::string_view id;      // the C++ name, for diagnostics and tests
  std::string_view header;  // the support header that defines it
  std::string_view name;    // the MSL name or name pattern
  HelperNan nan;
  HelperSpace space;
  uint32_t minMslVersion;   // 100 * major + 10 * minor; 0: any
};

const HelperInfo &helperInfo(Helper h);

// The MSL name of helper `h` with its `{}` parts filled in, in order (`{{}}` stays, as `{}`, for
// the emitter's state space). The number of parts must match the pattern's.
std::string helperName(Helper h, std::initializer_list<std::string_view> parts = {});

// Whether `h` compiles under MSL `mslVersion` (100 * major + 10 * minor).
inline bool helperAvailable(Helper h, uint32_t mslVersion) { return mslVersion >= helperInfo(h).minMslVersion; }

} // namespace p2m::ir
