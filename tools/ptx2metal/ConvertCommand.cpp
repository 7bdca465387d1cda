// `ptx2metal convert`: a whole binary, library or fatbin → a bundle of prebuilt translations.
// Orchestration only: lib/convert does the work; this prints progress and the summary.
#include "Commands.h"
#include "TargetOptions.h"

#include "convert/BundleConverter.h"
#include "emitters/metallib/MetalToolchain.h"

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

namespace p2m::cli {

namespace {

struct ConvertCliOptions {
  std::vector<std::string> inputs;
  std::string output;
  unsigned jobs = 0;
  TargetCliOptions target;
  bool metallib = false;
  std::string metalToolchain;
  bool quiet = false;
};

// A one-line bar redrawn in place; only on a terminal.
void drawProgress(size_t done, size_t total) {
  constexpr int kWidth = 40;
  int filled = total ? static_cast<int>(kWidth * done / total) : kWidth;
  fmt::print(stderr, "\r[{}{}] {}/{} modules", std::string(size_t(filled), '#'),
             std::string(size_t(kWidth - filled), '.'), done, total);
  if (done == total)
    fmt::print(stderr, "\n");
  std::fflush(stderr);
}

void printSummary(const convert::ConvertReport &report, const std::string &output, double seconds,
                  unsigned jobs) {
  double percent = report.kernels ? 100.0 * double(report.translated) / double(report.kernels) : 100.0;
  fmt::print("bundle {}: {} modules ({:.1f} MB of PTX), {} did not parse\n", output, report.modules.size(),
             double(report.ptxBytes) / 1e6, report.unparsedModules);
  fmt::print("kernels translated: {} / {} ({:.1f}%)\n", report.translated, report.kernels, percent);
  if (!report.reasons.empty()) {
    std::vector<std::pair<uint64_t, std::string>> reasons;
    for (const auto &[why, count] : report.reasons)
      reasons.push_back({count, why});
    std::sort(reasons.begin(), reasons.end(),
              [](const auto &a, const auto &b) { return a.first != b.first ? a.first > b.first : a.second < b.second; });
    fmt::print("not translated, by reason:\n");
    for (const auto &[count, why] : reasons)
      fmt::print("  {:>8}  {}\n", count, why);
  }
  fmt::print("time: {:.1f} s with {} jobs\n", seconds, jobs);
}

int runConvert(const ConvertCliOptions &cli) {
  convert::ConvertOptions options;
  options.inputs = cli.inputs;
  options.outputDir = cli.output;
  options.jobs = cli.jobs ? cli.jobs : std::max(1u, std::thread::hardware_concurrency());
  options.target = cli.target.profile();
  std::optional<metallib::MetalToolchain> toolchain;
  if (cli.metallib) {
    metallib::ToolchainLookup lookup = metallib::findMetalToolchain(cli.metalToolchain);
    if (lookup.error) {
      fmt::print(stderr, "error: cannot build metallibs: {}\n", lookup.error->message);
      return 1;
    }
    if (lookup.noneFound)
      fmt::print(stderr, "warning: no metallibs written: no Metal toolchain: {}\n", *lookup.noneFound);
    toolchain = std::move(lookup.toolchain);
    options.toolchain = toolchain ? &*toolchain : nullptr;
  }
  if (!cli.quiet && isatty(STDERR_FILENO))
    options.progress = drawProgress;
  auto start = std::chrono::steady_clock::now();
  convert::ConvertReport report = convert::convertToBundle(options);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  for (const std::string &warning : report.warnings)
    fmt::print(stderr, "warning: {}\n", warning);
  for (const std::string &error : report.errors)
    fmt::print(stderr, "error: {}\n", error);
  if (!cli.quiet && !report.nothingConverted)
    printSummary(report, cli.output, seconds, options.jobs);
  return report.ok() ? 0 : 1;
}

} // namespace

CommandRunner registerConvertCommand(CLI::App &root) {
  auto opts = std::make_shared<ConvertCliOptions>();
  CLI::App *cmd = root.add_subcommand(
      "convert", "Translate every PTX module inside binaries, libraries, fatbins or PTX files into a bundle:\n"
                 "a directory the runtime loads prebuilt translations from ($P2M_BUNDLE_PATH).");
  cmd->add_option("inputs", opts->inputs, "Binaries, shared libraries, object files, fatbins or .ptx files")
      ->required();
  cmd->add_option("-o,--output", opts->output, "The bundle directory (created; earlier entries are replaced)")
      ->required();
  cmd->add_option("-j,--jobs", opts->jobs, "Modules translated in parallel (default: every core)");
  addTargetOptions(*cmd, opts->target);
  CLI::Option *metallibFlag = cmd->add_flag(
      "--metallib", opts->metallib,
      "Also build KEY.metallib for each module with a Metal toolchain (as compile --metallib);\n"
      "where there is none, warn and write only MSL and reflection");
  cmd->add_option("--metal-toolchain", opts->metalToolchain,
                  "A directory holding the `metal` and `metallib` executables (for --metallib)")
      ->needs(metallibFlag);
  cmd->add_flag("-q,--quiet", opts->quiet, "Print neither progress nor the summary");
  cmd->footer("The bundle holds KEY.metal, KEY.json (and KEY.metallib) for each distinct PTX text, KEY being the SHA-256 of\n"
              "the text, and index.json listing every module and kernel (with the reason for each kernel\n"
              "left out). The same inputs give a byte-identical bundle, whatever the number of jobs.\n"
              "Run a program on it: P2M_BUNDLE_PATH=BUNDLE ./program (with the ptx2metal libcuda.so.1).\n"
              "Exit status: 0 on success, 1 if an input could not be read or a file not written.");
  return [opts] { return runConvert(*opts); };
}

} // namespace p2m::cli
