// One step of a compilation that runs another program (Clang, the archiver), and how the
// driver shows it: `#$ ` before the words, as nvcc's --dryrun and -v print their steps
// (CMake reads those lines).
#pragma once

#include <string>
#include <vector>

namespace p2m::nvcc {

struct Command {
  std::vector<std::string> argv; // argv[0] is the program's path
};

// The words as a shell would take them back (quoted where needed).
std::string renderCommand(const Command &command);

// Runs the command with the driver's standard streams (its diagnostics reach the user as the
// program printed them) and returns its exit status; -1 with `error` set when it cannot run.
int runCommand(const Command &command, std::string &error);

} // namespace p2m::nvcc
