// Checks that printing is a fixed point of parsing: print(parse(print(parse(x)))) == print(parse(x)).
#pragma once

#include "ptx/Ast.h"

#include <string>

namespace p2m::ptx {

struct RoundTripResult {
  bool ok = false;
  std::string message; // where the two printings first differ, when !ok
};

// `printed` is print(module); it is reparsed and printed again.
RoundTripResult checkRoundTrip(const Module &module, const std::string &printed);

} // namespace p2m::ptx
