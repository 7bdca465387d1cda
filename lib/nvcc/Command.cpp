// Running and rendering steps (Command.h).
#include "nvcc/Command.h"

#include <llvm/ADT/SmallVector.h>
#include <llvm/ADT/StringRef.h>
#include <llvm/Support/Program.h>

namespace p2m::nvcc {

namespace {

std::string quote(const std::string &word) {
  if (!word.empty() && word.find_first_of(" \t\n'\"\\$`*?[]{}()<>|&;#~") == std::string::npos)
    return word;
  std::string out = "'";
  for (char c : word)
    out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

} // namespace

std::string renderCommand(const Command &command) {
  std::string line;
  for (const std::string &word : command.argv) {
    if (!line.empty())
      line += ' ';
    line += quote(word);
  }
  return line;
}

int runCommand(const Command &command, std::string &error) {
  llvm::SmallVector<llvm::StringRef, 32> args(command.argv.begin(), command.argv.end());
  bool failedToRun = false;
  int status = llvm::sys::ExecuteAndWait(command.argv.front(), args, std::nullopt, {}, 0, 0, &error, &failedToRun);
  if (failedToRun)
    return -1;
  if (status < 0 && error.empty())
    error = command.argv.front() + " was killed";
  return status;
}

} // namespace p2m::nvcc
