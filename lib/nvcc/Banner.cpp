// The --version banner and --help text (Banner.h).
#include "nvcc/Banner.h"

#include <fmt/format.h>

#ifndef PTX2METAL_VERSION
#define PTX2METAL_VERSION "unknown"
#endif

namespace p2m::nvcc {

std::string versionBanner() {
  // The first line is what CMake's vendor test looks for in `nvcc --version`.
  return fmt::format("nvcc: NVIDIA (R) Cuda compiler driver (command-line compatible: this is ptx2metal-nvcc, "
                     "not NVIDIA's)\n"
                     "Copyright (c) the ptx2metal authors\n"
                     "Built on ptx2metal {} with Clang 19\n"
                     "Cuda compilation tools, release {}.{}, V{}.{}.{}\n"
                     "Build ptx2metal_{}\n",
                     PTX2METAL_VERSION, kCudaMajor, kCudaMinor, kCudaMajor, kCudaMinor, kCudaPatch,
                     PTX2METAL_VERSION);
}

std::string helpText() {
  return R"(Usage  : nvcc [options] <inputfile>

ptx2metal-nvcc: nvcc's command line on Clang 19. Device code is compiled to PTX by Clang and
translated to Metal by ptx2metal inside the compiler; the translation travels in the object
next to the PTX, and programs run on ptx2metal's libcudart (Metal on macOS, the host backend
elsewhere).

Phases (default: compile and link an executable, a.out):
  -c, --compile               compile each input to an object file
  -dc, --device-c             -c with relocatable device code (-rdc=true)
  -dlink, --device-link       link -rdc objects' device code into one object
  -lib                        compile and archive into a static library
  -shared                     link a shared library
  -E, --preprocess            preprocess (host side) to stdout or -o
  -M, -MM                     print make dependencies; -MD, -MMD with -MF/-MT while compiling
  -ptx                        device code as PTX (one .ptx per input)
  -fatbin                     device code as a fatbin (PTX and its translation)
  -cubin                      refused: there is no NVIDIA machine code in this toolkit

Device code:
  -arch=sm_XX, -code=..., -gencode arch=compute_XX,code=[compute_XX,sm_XX]
                              one architecture is compiled (the highest requested; Clang 19
                              knows up to sm_90); several are noted, translated once
  -rdc=true                   relocatable device code (separate compilation)
  --use_fast_math             fast device math (flush to zero, approximate division)
  -G, -lineinfo               accepted (device code is compiled at -O0 with -G)
  -Xptxas, -Xnvlink, -Xfatbin accepted and noted (no such NVIDIA tools here)

Host code and linking (as nvcc): -I -isystem -include -D -U -L -l -O -g -std= -w
  -Xcompiler a,b / --compiler-options, -Xlinker a,b, -forward-unknown-to-host-compiler,
  --options-file FILE, -ccbin (accepted; Clang is the host compiler), -cudart shared|none,
  --default-stream per-thread, --expt-relaxed-constexpr, --extended-lambda

Driver:
  -v                          print each step (lines start with "#$ "), then run it
  --dryrun                    print the steps, run nothing
  --version, --help

Environment: P2M_TOOLKIT_DIR (the toolkit directory), P2M_CLANG (the clang++ to drive).
)";
}

} // namespace p2m::nvcc
