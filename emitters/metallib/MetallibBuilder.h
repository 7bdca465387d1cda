// Building a metallib from an MSL file with a Metal toolchain (METAL.md):
//   metal -std=metal3.X <metalMathFlags> -c X.metal -o X.air
//   metallib X.air -o X.metallib
// The .air lives in a temporary directory; the metallib is written beside its final name and
// renamed into place, so a reader never sees half a file. On failure no metallib is left at
// the output path (a stale one from an earlier run is removed, as compilers do with -o).
#pragma once

#include "emitters/metallib/MetalToolchain.h"
#include "support/TargetProfile.h"

#include <optional>
#include <string>
#include <vector>

namespace p2m::metallib {

struct MetallibRequest {
  std::string mslPath;       // the MSL file to compile
  std::string outputPath;    // the metallib to write
  TargetProfile target;      // what the MSL was translated for (TranslateOptions::target)
};

// `-std=metal3.0`, `-std=metal3.1` or `-std=metal3.2`.
std::string metalStandardFlag(const TargetProfile &target);

// The floating-point mode the generated file also states itself (its pragmas): safe math,
// precise fp32 library functions, no contraction. `-fno-fast-math -ffp-contract=off` for every
// version; where the target has Capability::SafeMathMode (MSL 3.2, Xcode 16, whose compiler has
// the 3.2 spec's options) also `-fmetal-math-mode=safe -fmetal-math-fp32-functions=precise`,
// which older compilers lack.
std::vector<std::string> metalMathFlags(const TargetProfile &target);

// Empty on success.
std::optional<ToolchainError> buildMetallib(const MetalToolchain &toolchain,
                                            const MetallibRequest &request);

} // namespace p2m::metallib
