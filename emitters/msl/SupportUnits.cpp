// The support units a module's code needs, written in dependency order.
#include "emitters/msl/SupportUnits.h"

#include <algorithm>
#include <cstddef>
#include <iterator>

namespace p2m::msl {

namespace support_units {

// One top-level definition of a support header: its text (comments stripped) is
// kText[offset, offset + length); the units it names are kDeps[firstDep, firstDep + depCount),
// all of them earlier in kUnits.
struct Unit {
  uint32_t header, offset, length, firstDep, depCount;
};
// The units that define a name: kNameUnits[first, first + count).
struct Name {
  std::string_view name;
  uint32_t first, count;
};

#include "SupportUnits.inc"

} // namespace support_units

namespace {

using namespace support_units;

// abi.h, the first header: the kernel ABI that every file's code names directly.
constexpr uint32_t kAbiHeader = 0;

} // namespace

bool SupportUse::name(std::string_view mslName) {
  if (recorded_.contains(llvm::StringRef(mslName)))
    return true;
  auto it = std::lower_bound(std::begin(kNames), std::end(kNames), mslName,
                             [](const Name &n, std::string_view s) { return n.name < s; });
  if (it == std::end(kNames) || it->name != mslName)
    return false;
  names.push_back(static_cast<uint32_t>(it - std::begin(kNames)));
  recorded_.insert(llvm::StringRef(it->name));
  return true;
}

SupportUnits::SupportUnits() : used_(std::size(kUnits), 0) {
  for (size_t u = 0; u < std::size(kUnits); ++u)
    used_[u] = kUnits[u].header == kAbiHeader;
}

void SupportUnits::add(const SupportUse &use) {
  for (uint32_t n : use.names)
    for (uint32_t k = 0; k < kNames[n].count; ++k)
      used_[kNameUnits[kNames[n].first + k]] = 1;
  genericParams_ = genericParams_ || use.genericParams;
}

void SupportUnits::write(std::string &out) const {
  // Dependencies point to earlier units: one pass from the last unit down closes the set.
  std::vector<uint8_t> needed = used_;
  for (size_t u = needed.size(); u-- > 0;)
    if (needed[u])
      for (uint32_t d = 0; d < kUnits[u].depCount; ++d)
        needed[kDeps[kUnits[u].firstDep + d]] = 1;
  for (size_t u = 0; u < needed.size(); ++u)
    if (needed[u])
      out += kText.substr(kUnits[u].offset, kUnits[u].length);
}

size_t supportUnitCount() { return std::size(kUnits); }
std::string_view supportUnitHeader(size_t unit) { return kHeaders[kUnits[unit].header]; }
std::string_view supportUnitText(size_t unit) { return kText.substr(kUnits[unit].offset, kUnits[unit].length); }

} // namespace p2m::msl
