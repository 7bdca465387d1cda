// `ptx2metal parse`: run the PTX front end, optionally print canonical PTX and statistics.
#include "Commands.h"

#include "ptx/Parser.h"
#include "ptx/Printer.h"
#include "ptx/RoundTrip.h"
#include "ptx/Validate.h"
#include "support/Diagnostics.h"
#include "support/FileIO.h"
#include "support/SourceFile.h"

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <iterator>
#include <memory>

namespace p2m::cli {

namespace {
struct ParseOptions {
  std::vector<std::string> files;
  bool print = false;
  bool stats = false;
  bool roundTrip = false;
  bool noValidate = false;
};

std::optional<std::string> readInput(const std::string &path, std::string &error) {
  if (path == "-")
    return std::string(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
  return readFile(path, error);
}

int runParse(const ParseOptions &opts) {
  uint64_t totalBytes = 0, failed = 0, astBytes = 0;
  ptx::ModuleStats total;
  double parseSeconds = 0;
  for (const std::string &path : opts.files) {
    std::string error;
    auto text = readInput(path, error);
    if (!text) {
      fmt::print(stderr, "{}: error: cannot read file: {}\n", path, error);
      ++failed;
      continue;
    }
    totalBytes += text->size();
    auto source = std::make_shared<SourceFile>(path == "-" ? "<stdin>" : path, std::move(*text));
    DiagnosticEngine diags;
    auto start = std::chrono::steady_clock::now();
    auto module = ptx::parseModule(source, diags);
    // Instructions are checked against the instruction table only once the syntax is sound.
    if (!diags.hasErrors() && !opts.noValidate)
      ptx::validateModule(*module, diags);
    parseSeconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    diags.print(std::cerr);
    if (diags.hasErrors()) {
      ++failed;
      continue;
    }
    astBytes += module->arena().getBytesAllocated();
    ptx::ModuleStats s = ptx::computeStats(*module);
    total.functions += s.functions;
    total.entries += s.entries;
    total.instructions += s.instructions;
    total.variables += s.variables;
    if (opts.print || opts.roundTrip) {
      std::string printed = ptx::printModule(*module);
      if (opts.roundTrip) {
        ptx::RoundTripResult r = ptx::checkRoundTrip(*module, printed);
        if (!r.ok) {
          fmt::print(stderr, "{}: error: round trip failed: {}\n", source->name(), r.message);
          ++failed;
        }
      }
      if (opts.print)
        std::fwrite(printed.data(), 1, printed.size(), stdout);
    }
  }
  if (opts.stats) {
    double mb = static_cast<double>(totalBytes) / 1e6;
    fmt::print(stderr,
               "modules: {} ({} failed)\nfunctions: {} ({} kernels)\ninstructions: {}\n"
               "module variables: {}\nbytes: {}\nAST bytes: {} ({:.2f}x input)\nparse time: {:.3f} s\nspeed: {:.1f} MB/s\n",
               opts.files.size(), failed, total.functions, total.entries, total.instructions,
               total.variables, totalBytes, astBytes,
               totalBytes ? static_cast<double>(astBytes) / static_cast<double>(totalBytes) : 0.0, parseSeconds, parseSeconds > 0 ? mb / parseSeconds : 0.0);
  }
  return failed ? 1 : 0;
}
} // namespace

CommandRunner registerParseCommand(CLI::App &root) {
  auto opts = std::make_shared<ParseOptions>();
  CLI::App *cmd = root.add_subcommand(
      "parse", "Parse PTX files with the front end only (syntax, then every instruction against\n"
               "the PTX ISA 9.1 instruction forms); report errors as file:line:col.\n"
               "Exit status 1 if any file has an error.");
  cmd->add_option("files", opts->files, "PTX files to parse ('-' reads standard input)")->required();
  cmd->add_flag("--print", opts->print, "Write each module back as canonical PTX to standard output");
  cmd->add_flag("--stats", opts->stats,
                "Report modules, functions, instructions, bytes and parse speed (MB/s) on stderr");
  cmd->add_flag("--no-validate", opts->noValidate,
                "Skip checking each instruction's modifiers and operand count against the "
                "PTX ISA's instruction forms");
  cmd->add_flag("--check-round-trip", opts->roundTrip,
                "Check that the canonical printing reparses to the same printing");
  return [opts] { return runParse(*opts); };
}

} // namespace p2m::cli
