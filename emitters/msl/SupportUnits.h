// The parts of the MSL support headers (emitters/msl/support) a generated file carries: the
// helpers its code calls and what they need, cut from the headers at build time
// (split_support_headers.py), without the headers' commentary.
#pragma once

#include "ir/Helpers.h"

#include <llvm/ADT/DenseSet.h>
#include <llvm/ADT/StringRef.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace p2m::msl {

// The helpers one function's code names, gathered while it is printed; a function that fails to
// print leaves the module's set as it was.
struct SupportUse {
  std::vector<uint32_t> names; // the names used (indices into the split headers' names), once each
  bool genericParams = false;  // a generic access may find abi.h's parameter window

  // Records the definitions of `mslName` (all of them, for an overloaded name); false when no
  // support header defines it.
  bool name(std::string_view mslName);

private:
  // The names already recorded (views of the split headers' own names): a function names few
  // helpers many times, and a search of all the headers' names costs ten string comparisons.
  llvm::DenseSet<llvm::StringRef> recorded_;
};

// The support units of a whole module.
class SupportUnits {
public:
  SupportUnits();
  void add(const SupportUse &use);
  bool genericParams() const { return genericParams_; }
  // Appends the used units and every unit they need, in the headers' order (a dependency
  // order), to `out`.
  void write(std::string &out) const;

private:
  std::vector<uint8_t> used_;
  bool genericParams_ = false;
};

// The number of units and the support header of each, for tests.
size_t supportUnitCount();
std::string_view supportUnitHeader(size_t unit);
std::string_view supportUnitText(size_t unit);

} // namespace p2m::msl
