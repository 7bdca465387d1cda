// The translation target on the command line: one `--NAME VALUE` option per row of
// support/TargetProfile.def, with its help and its check, for every subcommand that translates
// or checks MSL; the values given become a TargetProfile.
#pragma once

#include "support/TargetProfile.h"

#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace p2m::cli {

struct TargetCliOptions {
  // The value each option of targetOptions() was given, in that order (the default's spelling
  // when it was not given).
  std::vector<std::string> values;

  TargetProfile profile() const;
};

// Adds the profile's options: every one, or with `languageOnly` only those of
// TargetScope::Language (check-msl: --msl-version).
void addTargetOptions(CLI::App &command, TargetCliOptions &options, bool languageOnly = false);

} // namespace p2m::cli
