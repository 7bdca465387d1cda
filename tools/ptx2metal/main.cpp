// ptx2metal: the command-line driver. Argument parsing and orchestration only; the work
// lives in the libraries.
#include "Commands.h"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <map>

#ifdef __GLIBC__
#include <malloc.h>
#endif

int main(int argc, char **argv) {
#ifdef __GLIBC__
  // The translator builds one function's IR, emits it and frees it, then builds the next:
  // keep the freed heap rather than handing it back to the system and faulting it in again.
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
  mallopt(M_TOP_PAD, 16 << 20);
#endif
  CLI::App app{"ptx2metal: an ahead-of-time compiler from NVIDIA PTX to Apple Metal.\n"
               "Reads PTX text, fatbins, or binaries with embedded fatbins.",
               "ptx2metal"};
  app.set_version_flag("--version", std::string("ptx2metal ") + PTX2METAL_VERSION);
  app.require_subcommand(1);
  app.footer("Run 'ptx2metal SUBCOMMAND --help' for the options of a subcommand.");

  std::map<CLI::App *, p2m::cli::CommandRunner> runners;
  auto add = [&](p2m::cli::CommandRunner runner) {
    runners[app.get_subcommands({}).back()] = std::move(runner);
  };
  add(p2m::cli::registerParseCommand(app));
  add(p2m::cli::registerExtractCommand(app));
  add(p2m::cli::registerCompileCommand(app));
  add(p2m::cli::registerConvertCommand(app));
  add(p2m::cli::registerCheckMslCommand(app));
  add(p2m::cli::registerLinkCommand(app));

  // CLI11 would only say "A subcommand is required"; name the unknown word instead.
  if (argc > 1 && argv[1][0] != '-') {
    bool known = false;
    for (auto &[sub, run] : runners)
      known = known || sub->get_name() == argv[1];
    if (!known) {
      std::fprintf(stderr, "ptx2metal: error: unknown subcommand '%s' (run 'ptx2metal --help')\n", argv[1]);
      return 2;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError &e) {
    return app.exit(e);
  }
  for (auto &[sub, run] : runners)
    if (sub->parsed())
      return run();
  return 1;
}
