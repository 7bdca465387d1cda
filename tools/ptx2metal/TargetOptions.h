// The translation target as the command line spells it (--msl-version, --fp64,
// --f32-subnormals): one definition of each option, its help and its parse, for every
// subcommand that translates or checks MSL.
#pragma once

#include "passes/Pass.h"

#include <string>

namespace CLI {
class App;
}

namespace p2m::cli {

struct TargetCliOptions {
  std::string mslVersion = "3.2";
  std::string fp64 = "ieee";
  std::string f32Subnormals = "flush";

  unsigned mslVersionNumber() const; // 300, 310, 320
  passes::Fp64Mode fp64Mode() const;
  passes::F32Subnormals f32SubnormalMode() const;
};

// Adds --msl-version, and with `arithmetic` also --fp64 and --f32-subnormals.
void addTargetOptions(CLI::App &command, TargetCliOptions &options, bool arithmetic = true);

} // namespace p2m::cli
