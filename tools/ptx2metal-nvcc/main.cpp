// ptx2metal-nvcc (installed also as <toolkit>/bin/nvcc): nvcc's command line on Clang 19.
// The work lives in lib/nvcc.
#include "nvcc/Driver.h"

#include <string>
#include <vector>

int main(int argc, char **argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  return p2m::nvcc::runDriver(args, argc > 0 ? argv[0] : "nvcc");
}
