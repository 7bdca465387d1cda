// Where the driver finds what it drives: the toolkit directory (bin/nvcc, include/, lib/ with
// libcudart and p2m-libdevice.bc, version.json; DESIGN.md "The toolkit") and Clang 19.
//
// The toolkit is the first of: $P2M_TOOLKIT_DIR; the directory above the bin/ the driver was
// invoked from (argv[0] as typed, so <toolkit>/bin/nvcc, a link, finds its toolkit); beside
// the real executable, installed (<prefix>/bin → <prefix>/lib/ptx2metal/cuda) or in the build
// tree (build-dev/tools/ptx2metal-nvcc → build-dev/toolkit/cuda). A candidate counts when it
// holds version.json. Clang is $P2M_CLANG, else the LLVM 19 the toolkit was built with, else
// clang++-19 on PATH.
#pragma once

#include <optional>
#include <string>

namespace p2m::nvcc {

struct Toolkit {
  std::string root;      // <toolkit>
  std::string include;   // <toolkit>/include
  std::string lib;       // <toolkit>/lib
  std::string libdevice; // <toolkit>/lib/p2m-libdevice.bc, empty when absent
  std::string clang;     // the clang++ executable
  // The host link: <toolkit>/bin/ptx2metal-host-link (Clang with <toolkit>/lib on the run path;
  // CMake links CUDA executables with the program nvcc -v shows as the linker), or Clang itself
  // where the toolkit has no such file.
  std::string hostLink;
};

// `argv0` as the process received it. Nullopt with `error` set when no toolkit or no Clang is
// found.
std::optional<Toolkit> locateToolkit(const std::string &argv0, std::string &error);

} // namespace p2m::nvcc
