// The names Metal claims: the MSL specification's keywords and the identifiers Apple's
// metal_stdlib declares (scalar, vector, matrix, packed, texture and atomic types; the math,
// integer, geometric, relational, SIMD-group, quad-group, atomic and synchronization functions;
// namespaces). MSL files say `using namespace metal;`, so a function, variable or type of the
// file named like one of them collides with the library on Apple's compiler (or shadows it),
// whether or not the host's stand-in declares it. One list for the emitter (which renames such
// identifiers, passes/MslReservedNames.h) and the MSL subset check (which rejects them).
#pragma once

#include <cstddef>
#include <string_view>

namespace p2m {

bool isMetalReservedName(std::string_view name);

// The fewest characters before the trailing digits of a reserved name that ends in a digit
// (three: `int2`, `log10`): a name whose stem before its digits is shorter is not reserved.
std::size_t shortestReservedStemBeforeDigits();

} // namespace p2m
