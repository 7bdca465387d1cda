// `ptx2metal link`: several PTX modules whose .extern names are defined in one another → one
// linked PTX module (lib/link does the work), as the runtime links -rdc programs and cuLink*
// inputs before translating them.
#include "Commands.h"

#include "link/Linker.h"
#include "support/Diagnostics.h"
#include "support/FileIO.h"

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <cstdio>
#include <iostream>
#include <memory>

namespace p2m::cli {

namespace {

struct LinkOptions {
  std::vector<std::string> inputs;
  std::string output;
};

int runLink(const LinkOptions &opts) {
  DiagnosticEngine diags;
  link::Linker linker;
  bool ok = true;
  for (const std::string &path : opts.inputs) {
    std::string error;
    std::optional<std::string> text = readFile(path, error);
    if (!text) {
      fmt::print(stderr, "{}: error: cannot read file: {}\n", path, error);
      ok = false;
      continue;
    }
    ok = linker.addModule(path, std::move(*text), diags) && ok;
  }
  std::optional<std::string> linked;
  if (ok)
    linked = linker.link(diags);
  diags.print(std::cerr);
  if (!linked)
    return 1;
  if (opts.output.empty() || opts.output == "-") {
    std::fwrite(linked->data(), 1, linked->size(), stdout);
    return 0;
  }
  std::string error;
  if (!writeFile(opts.output, *linked, error)) {
    fmt::print(stderr, "{}: error: {}\n", opts.output, error);
    return 1;
  }
  return 0;
}

} // namespace

CommandRunner registerLinkCommand(CLI::App &root) {
  auto opts = std::make_shared<LinkOptions>();
  CLI::App *cmd = root.add_subcommand(
      "link", "Link PTX modules into one: resolve each .extern function and variable against the\n"
              "definitions of the other modules (.weak yields to .visible, .common merges), rename\n"
              "the modules' own names that would collide, and write one PTX module, the same\n"
              "whatever the order of the inputs. Errors are reported as file:line:col.\n"
              "Exit status 1 if the modules do not link.");
  cmd->add_option("inputs", opts->inputs, "PTX files to link")->required();
  cmd->add_option("-o,--output", opts->output, "The linked PTX file (default: standard output)");
  return [opts] { return runLink(*opts); };
}

} // namespace p2m::cli
