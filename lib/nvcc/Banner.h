// What the driver says about itself: the --version banner in nvcc's shape (build systems parse
// "Cuda compilation tools, release X.Y, VX.Y.Z"; CMake's compiler detection reads it) and the
// --help text.
#pragma once

#include <string>

namespace p2m::nvcc {

// The CUDA version the toolkit poses as: the runtime API that our libcudart implements.
inline constexpr int kCudaMajor = 13;
inline constexpr int kCudaMinor = 0;
inline constexpr int kCudaPatch = 0;

std::string versionBanner();
std::string helpText();

} // namespace p2m::nvcc
