// `ptx2metal check-msl`: the MSL subset check (lib/mslcheck) on MSL files, in the host
// compiler's view and in Apple's compiler's at one MSL version, as --verify-msl runs it on
// generated files. For MSL written by hand or edited after translation.
#include "Commands.h"
#include "TargetOptions.h"

#include "mslcheck/MslCheck.h"
#include "support/FileIO.h"

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace p2m::cli {

namespace {
struct CheckMslOptions {
  std::vector<std::string> files;
  TargetCliOptions target;
  bool hostOnly = false;
};

int runCheckMsl(const CheckMslOptions &opts) {
  const TargetProfile target = opts.target.profile();
  int status = 0;
  for (const std::string &path : opts.files) {
    std::string error;
    std::optional<std::string> text = readFile(path, error);
    if (!text) {
      fmt::print(stderr, "{}: error: cannot read file: {}\n", path, error);
      status = 1;
      continue;
    }
    const mslcheck::CheckResult result = opts.hostOnly ? mslcheck::checkMsl(*text, path)
                                                       : mslcheck::checkGeneratedMsl(*text, path, target);
    const std::string diagnostics = result.format();
    std::fwrite(diagnostics.data(), 1, diagnostics.size(), stderr);
    if (!result.ok()) {
      fmt::print(stderr, "{}: error: the MSL failed the MSL subset check ({} errors)\n", path,
                 result.errorCount());
      status = 1;
    }
  }
  return status;
}
} // namespace

CommandRunner registerCheckMslCommand(CLI::App &root) {
  auto opts = std::make_shared<CheckMslOptions>();
  CLI::App *cmd = root.add_subcommand(
      "check-msl",
      "Run the MSL subset check on Metal Shading Language files: Clang parses each against the\n"
      "project's metal_stdlib as a host compiler sees it (no __METAL_VERSION__) and as Apple's\n"
      "compiler does at --msl-version (kernel wrappers, their attributes and argument types\n"
      "included, the library as that version declares it), and the rules reject what Metal\n"
      "lacks or means differently (goto, double, recursion, type punning through pointer casts,\n"
      "barriers under thread-dependent conditions, ...). Errors are file:line:col. Exit status 1\n"
      "if any file fails.");
  cmd->add_option("files", opts->files, "MSL files")->required();
  addTargetOptions(*cmd, opts->target, /*languageOnly=*/true);
  cmd->add_flag("--host-only", opts->hostOnly, "Check only the host compiler's view");
  return [opts] { return runCheckMsl(*opts); };
}

} // namespace p2m::cli
