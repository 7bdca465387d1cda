// Running one tool of the Metal toolchain as a child process and keeping what it printed, so
// that a failure can be reported with the tool's own diagnostics.
#pragma once

#include <string>
#include <vector>

namespace p2m::metallib {

// A program and the arguments that come before the tool's own: `xcrun -sdk macosx metal`, or
// a `metal` executable with none.
struct MetalTool {
  std::string program;                  // a path to an executable
  std::vector<std::string> leadingArgs; // e.g. {"-sdk", "macosx", "metal"}
  std::string displayName;              // how messages name it: "metal", "xcrun -sdk macosx metal"
};

struct ToolOutcome {
  bool succeeded = false;
  std::string output;  // stdout and stderr together, as the tool printed them
  std::string failure; // why it did not succeed: "exited with status 1", "could not be run: ..."
};

// Runs `tool` with `args` after its leading arguments, standard input empty, and waits.
ToolOutcome runTool(const MetalTool &tool, const std::vector<std::string> &args);

} // namespace p2m::metallib
