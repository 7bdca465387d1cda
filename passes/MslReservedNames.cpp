// The reserved names of MslReservedNames.h: Metal's (support/MetalNames.h) and the emitter's own.
#include "passes/MslReservedNames.h"

#include "support/MetalNames.h"

#include <algorithm>
#include <iterator>

namespace p2m::passes {

namespace {

// What the emitter itself declares beside generated identifiers: the ABI's parameters and
// locals (docs/DESIGN.md, kernel ABI), `main`, and the support headers' `p2m_` prefix. Sorted.
constexpr std::string_view kEmitterNames[] = {"b", "ctx", "lmem", "main", "module", "params", "smem"};
static_assert(std::is_sorted(std::begin(kEmitterNames), std::end(kEmitterNames)));
// None ends in a digit, so register names (`rd4`) need no search among them.
static_assert(std::none_of(std::begin(kEmitterNames), std::end(kEmitterNames),
                           [](std::string_view n) { return n.back() >= '0' && n.back() <= '9'; }));

} // namespace

// The emitter's names end in no digit and `p2m_` holds more than letters: Metal's stems decide.
std::size_t shortestReservedStemBeforeDigits() { return p2m::shortestReservedStemBeforeDigits(); }

bool isMslReservedName(std::string_view s) {
  bool endsInDigit = !s.empty() && s.back() >= '0' && s.back() <= '9';
  return s.starts_with("p2m_") || isMetalReservedName(s) ||
         (!endsInDigit && std::binary_search(std::begin(kEmitterNames), std::end(kEmitterNames), s));
}

} // namespace p2m::passes
