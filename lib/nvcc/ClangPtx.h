// What Clang's -fgpu-rdc PTX holds that NVIDIA's does not, removed before the device link:
// `__clang_gpu_used_external`, an array of the addresses of the kernels that the unit's host
// code launches but another unit defines (it keeps them alive through LLVM's device linking),
// and the `.extern .func` declarations it needs. A kernel is an .entry where it is defined and
// would be a .func here, which the PTX linker rightly refuses; nvlink never sees such arrays
// because NVIDIA's compiler does not make them.
#pragma once

#include <string>

namespace p2m::nvcc {

// `ptx` without the array and without the declarations that only the array used.
std::string withoutClangUsedExternals(const std::string &ptx);

} // namespace p2m::nvcc
