#include "emitters/metallib/ToolProcess.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"

#include <optional>

namespace p2m::metallib {

ToolOutcome runTool(const MetalTool &tool, const std::vector<std::string> &args) {
  ToolOutcome outcome;
  // The output goes to a temporary file rather than a pipe: no deadlock on a chatty tool.
  llvm::SmallString<256> logPath;
  if (std::error_code error = llvm::sys::fs::createTemporaryFile("ptx2metal-tool", "log", logPath)) {
    outcome.failure = "could not be run: cannot create a temporary file: " + error.message();
    return outcome;
  }
  std::vector<llvm::StringRef> argv;
  argv.push_back(tool.program);
  for (const std::string &a : tool.leadingArgs)
    argv.push_back(a);
  for (const std::string &a : args)
    argv.push_back(a);
  // Naming the same file for stdout and stderr makes LLVM share one descriptor, so the two
  // streams interleave as the tool wrote them.
  const std::optional<llvm::StringRef> redirects[] = {llvm::StringRef(""), llvm::StringRef(logPath),
                                                      llvm::StringRef(logPath)};
  std::string message;
  bool executionFailed = false;
  const int status = llvm::sys::ExecuteAndWait(tool.program, argv, std::nullopt, redirects, 0, 0,
                                               &message, &executionFailed);
  if (auto text = llvm::MemoryBuffer::getFile(logPath))
    outcome.output = (*text)->getBuffer().str();
  llvm::sys::fs::remove(logPath);

  if (executionFailed)
    outcome.failure = "could not be run: " + message;
  else if (status == -2)
    outcome.failure = "crashed: " + message;
  else if (status != 0)
    outcome.failure = "exited with status " + std::to_string(status);
  else
    outcome.succeeded = true;
  return outcome;
}

} // namespace p2m::metallib
