// The target profile's parse, print and comparison (TargetProfile.h), all derived from the rows
// of TargetProfile.def.
#include "TargetProfile.h"

#include <algorithm>

namespace p2m {

namespace {

template <typename Type> struct Spelled {
  Type value;
  std::string_view spelling;
};

#define P2M_TARGET_SPELLED(Type, Enumerator, spelling) Spelled<Type>{Type::Enumerator, spelling},
#define P2M_TARGET_OPTION(member, Type, VALUES, name, match, fallback, scope, help)               \
  constexpr Spelled<Type> k##Type##Values[] = {VALUES(P2M_TARGET_SPELLED)};
P2M_TARGET_OPTIONS(P2M_TARGET_OPTION)
#undef P2M_TARGET_OPTION
#undef P2M_TARGET_SPELLED

template <typename Type, size_t N> std::string_view spellingIn(const Spelled<Type> (&values)[N], Type value) {
  for (const Spelled<Type> &v : values)
    if (v.value == value)
      return v.spelling;
  return "?";
}

template <typename Type, size_t N>
bool setIn(const Spelled<Type> (&values)[N], std::string_view text, Type *out) {
  for (const Spelled<Type> &v : values)
    if (v.spelling == text) {
      *out = v.value;
      return true;
    }
  return false;
}

template <typename Type, size_t N> std::vector<std::string_view> spellingsOf(const Spelled<Type> (&values)[N]) {
  std::vector<std::string_view> out;
  for (const Spelled<Type> &v : values)
    out.push_back(v.spelling);
  return out;
}

const std::vector<TargetOption> &optionTable() {
#define P2M_TARGET_OPTION(member, Type, VALUES, name, match, fallback, scope, help)               \
  TargetOption{name,                                                                               \
               help,                                                                               \
               TargetMatch::match,                                                                 \
               TargetScope::scope,                                                                 \
               spellingsOf(k##Type##Values),                                                       \
               [](const TargetProfile &p) { return spellingIn(k##Type##Values, p.member); },       \
               [](TargetProfile &p, std::string_view v) { return setIn(k##Type##Values, v, &p.member); }},
  static const std::vector<TargetOption> table = {P2M_TARGET_OPTIONS(P2M_TARGET_OPTION)};
#undef P2M_TARGET_OPTION
  return table;
}

} // namespace

#define P2M_TARGET_OPTION(member, Type, VALUES, name, match, fallback, scope, help)               \
  std::string_view spelling(Type value) { return spellingIn(k##Type##Values, value); }
P2M_TARGET_OPTIONS(P2M_TARGET_OPTION)
#undef P2M_TARGET_OPTION

bool TargetProfile::has(Capability capability) const {
  switch (capability) {
#define P2M_TARGET_CAPABILITY(Name, minimum, description)                                          \
  case Capability::Name:                                                                           \
    return mslVersion >= MslVersion::minimum;
    P2M_TARGET_CAPABILITIES(P2M_TARGET_CAPABILITY)
#undef P2M_TARGET_CAPABILITY
  }
  return false;
}

unsigned TargetProfile::mslVersionNumber() const {
  // "3.2" → 320, as __METAL_VERSION__ counts.
  std::string_view s = spelling(mslVersion);
  return unsigned(s[0] - '0') * 100 + unsigned(s[2] - '0') * 10;
}

std::string TargetProfile::print() const {
  std::string out;
  for (const TargetOption &option : targetOptions()) {
    if (!out.empty())
      out += ' ';
    out += option.name;
    out += '=';
    out += option.get(*this);
  }
  return out;
}

std::string TargetOption::key() const {
  std::string out(name);
  std::replace(out.begin(), out.end(), '-', '_');
  return out;
}

size_t TargetOption::indexOf(std::string_view value) const {
  return size_t(std::find(values.begin(), values.end(), value) - values.begin());
}

std::span<const TargetOption> targetOptions() { return optionTable(); }

std::optional<std::string> profileMismatch(const TargetProfile &made, const TargetProfile &wanted) {
  for (const TargetOption &option : targetOptions()) {
    std::string_view have = option.get(made), want = option.get(wanted);
    bool fits = option.match == TargetMatch::Exact ? have == want : option.indexOf(have) <= option.indexOf(want);
    if (!fits)
      return std::string(option.name) + " is '" + std::string(have) + "', the device wants '" + std::string(want) +
             "'" + (option.match == TargetMatch::AtMost ? " or earlier" : "");
  }
  return std::nullopt;
}

} // namespace p2m
