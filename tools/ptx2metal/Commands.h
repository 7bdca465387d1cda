// Each subcommand registers its options on the root app and returns the function that runs it.
#pragma once

#include <functional>

namespace CLI {
class App;
}

namespace p2m::cli {

using CommandRunner = std::function<int()>;

CommandRunner registerParseCommand(CLI::App &root);
CommandRunner registerExtractCommand(CLI::App &root);
CommandRunner registerCompileCommand(CLI::App &root);
CommandRunner registerConvertCommand(CLI::App &root);
CommandRunner registerCheckMslCommand(CLI::App &root);
CommandRunner registerLinkCommand(CLI::App &root);

} // namespace p2m::cli
