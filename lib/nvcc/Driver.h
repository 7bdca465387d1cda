// ptx2metal-nvcc: an nvcc-compatible compiler driver on Clang 19 (DESIGN.md "The toolkit").
// For each .cu source:
//   device pass   clang++ -x cuda --cuda-device-only --cuda-gpu-arch=sm_XX -S → unit.ptx
//   translation   in process: PTX → MSL + reflection (+ metallib) → unit.fatbin (DeviceCode.h)
//   host pass     clang++ -x cuda --cuda-host-only -fcuda-include-gpubinary unit.fatbin -c
// then, for an executable, a link with the toolkit's libcudart (its directory as run path).
// -rdc units are linked on the device side first (DeviceLink.h). Clang's diagnostics reach the
// user as Clang prints them; the driver's own are nvcc's ("nvcc fatal   : ..."), exit status 1.
#pragma once

#include <string>
#include <vector>

namespace p2m::nvcc {

// `args` without the program name; `argv0` as the process got it (to find the toolkit).
// Returns the exit status.
int runDriver(const std::vector<std::string> &args, const std::string &argv0);

} // namespace p2m::nvcc
