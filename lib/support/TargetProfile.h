// The target a translation is made for: MSL version, f64 arithmetic, f32 subnormals, and the
// named capabilities they imply. One type, parsed and printed in one place, carried from the
// command line (`compile`, `convert`) or the device (the runtime) through the translator's
// options, the passes and the emitter into the reflection, the runtime's cache key and its
// choice of prebuilt translations. The options themselves are rows of TargetProfile.def.
#pragma once

#include "TargetProfile.def"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace p2m {

#define P2M_TARGET_ENUMERATOR(Type, Enumerator, spelling) Enumerator,
#define P2M_TARGET_OPTION(member, Type, VALUES, name, match, fallback, scope, help)               \
  enum class Type { VALUES(P2M_TARGET_ENUMERATOR) };
P2M_TARGET_OPTIONS(P2M_TARGET_OPTION)
#undef P2M_TARGET_OPTION
#undef P2M_TARGET_ENUMERATOR

#define P2M_TARGET_CAPABILITY(Name, minimum, description) Name,
enum class Capability { P2M_TARGET_CAPABILITIES(P2M_TARGET_CAPABILITY) };
#undef P2M_TARGET_CAPABILITY

struct TargetProfile {
#define P2M_TARGET_OPTION(member, Type, VALUES, name, match, fallback, scope, help)               \
  Type member = Type::fallback;
  P2M_TARGET_OPTIONS(P2M_TARGET_OPTION)
#undef P2M_TARGET_OPTION

  bool has(Capability capability) const;
  // __METAL_VERSION__ of mslVersion: 300, 310, 320.
  unsigned mslVersionNumber() const;
  // "msl-version=3.2 fp64=ieee f32-subnormals=flush": for messages and the cache key.
  std::string print() const;

  friend bool operator==(const TargetProfile &, const TargetProfile &) = default;
};

// How a prebuilt translation's value of an option must relate to the value a device wants.
enum class TargetMatch { Exact, AtMost };
// Whether an option changes the MSL dialect (check-msl takes it) or what the code computes.
enum class TargetScope { Language, Semantics };

// One option of the profile as text: the command line, the reflection and the runtime read
// and write every option through these, so none of them names an option or a value.
struct TargetOption {
  std::string_view name;         // "msl-version"
  std::string_view help;
  TargetMatch match;
  TargetScope scope;
  std::vector<std::string_view> values; // the spellings, in order
  std::string_view (*get)(const TargetProfile &profile);
  // False (and the profile unchanged) when `value` is none of `values`.
  bool (*set)(TargetProfile &profile, std::string_view value);

  // The reflection's key: the name with '_' for '-'.
  std::string key() const;
  // The position of `value` in `values`; values.size() when it is none of them.
  size_t indexOf(std::string_view value) const;
};

std::span<const TargetOption> targetOptions();

// Spellings of single values (the reflection, messages).
#define P2M_TARGET_OPTION(member, Type, VALUES, name, match, fallback, scope, help)               \
  std::string_view spelling(Type value);
P2M_TARGET_OPTIONS(P2M_TARGET_OPTION)
#undef P2M_TARGET_OPTION

// Why a translation made for `made` does not fit a device that wants `wanted` (each option by
// its TargetMatch): "fp64 is 'demote', the device wants 'ieee'"; nullopt when it fits.
std::optional<std::string> profileMismatch(const TargetProfile &made, const TargetProfile &wanted);

} // namespace p2m
