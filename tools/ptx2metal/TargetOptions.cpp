#include "TargetOptions.h"

#include <CLI/CLI.hpp>

namespace p2m::cli {

TargetProfile TargetCliOptions::profile() const {
  TargetProfile profile;
  std::span<const TargetOption> options = targetOptions();
  for (size_t i = 0; i < options.size() && i < values.size(); ++i)
    options[i].set(profile, values[i]); // CLI::IsMember has checked the value
  return profile;
}

void addTargetOptions(CLI::App &command, TargetCliOptions &options, bool languageOnly) {
  std::span<const TargetOption> all = targetOptions();
  const TargetProfile defaults;
  options.values.clear();
  for (const TargetOption &option : all)
    options.values.emplace_back(option.get(defaults));
  for (size_t i = 0; i < all.size(); ++i) {
    if (languageOnly && all[i].scope != TargetScope::Language)
      continue;
    std::vector<std::string> allowed(all[i].values.begin(), all[i].values.end());
    command.add_option("--" + std::string(all[i].name), options.values[i], std::string(all[i].help))
        ->check(CLI::IsMember(allowed))
        ->capture_default_str();
  }
}

} // namespace p2m::cli
