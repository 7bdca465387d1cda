#include "emitters/metallib/MetallibBuilder.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace p2m::metallib {

namespace {

ToolchainError toolFailed(const MetalTool &tool, const ToolOutcome &outcome,
                          const std::string &what) {
  std::string message = "`" + tool.displayName + "` " + outcome.failure + " " + what;
  if (!outcome.output.empty()) {
    message += ":\n" + outcome.output;
    if (message.back() == '\n')
      message.pop_back();
  }
  return ToolchainError{message};
}

// Removes the directory and what the tools left in it when it goes out of scope.
class TemporaryDirectory {
public:
  explicit TemporaryDirectory(std::string path) : path_(std::move(path)) {}
  ~TemporaryDirectory() { llvm::sys::fs::remove_directories(path_); }
  TemporaryDirectory(const TemporaryDirectory &) = delete;
  TemporaryDirectory &operator=(const TemporaryDirectory &) = delete;
  const std::string &path() const { return path_; }

private:
  std::string path_;
};

std::optional<ToolchainError> compileAndLink(const MetalToolchain &toolchain,
                                             const MetallibRequest &request,
                                             const std::string &partialPath) {
  llvm::SmallString<256> dir;
  if (std::error_code error = llvm::sys::fs::createUniqueDirectory("ptx2metal-metallib", dir))
    return ToolchainError{"cannot create a temporary directory: " + error.message()};
  TemporaryDirectory scratch{std::string(dir)};

  llvm::SmallString<256> air(scratch.path());
  llvm::sys::path::append(air, llvm::sys::path::stem(request.mslPath) + ".air");
  std::vector<std::string> arguments = {metalStandardFlag(request.target)};
  for (std::string &flag : metalMathFlags(request.target))
    arguments.push_back(std::move(flag));
  arguments.insert(arguments.end(), {"-c", request.mslPath, "-o", std::string(air)});
  const ToolOutcome compiled = runTool(toolchain.metal, arguments);
  if (!compiled.succeeded)
    return toolFailed(toolchain.metal, compiled, "compiling " + request.mslPath);
  if (!llvm::sys::fs::exists(air))
    return ToolchainError{"`" + toolchain.metal.displayName + "` wrote no " + std::string(air)};

  const ToolOutcome linked = runTool(toolchain.metallib, {std::string(air), "-o", partialPath});
  if (!linked.succeeded)
    return toolFailed(toolchain.metallib, linked, "linking " + std::string(air));
  if (!llvm::sys::fs::exists(partialPath))
    return ToolchainError{"`" + toolchain.metallib.displayName + "` wrote no " + partialPath};
  return std::nullopt;
}

} // namespace

std::string metalStandardFlag(const TargetProfile &target) {
  return "-std=metal" + std::string(spelling(target.mslVersion));
}

std::vector<std::string> metalMathFlags(const TargetProfile &target) {
  std::vector<std::string> flags = {"-fno-fast-math", "-ffp-contract=off"};
  if (target.has(Capability::SafeMathMode))
    flags.insert(flags.end(), {"-fmetal-math-mode=safe", "-fmetal-math-fp32-functions=precise"});
  return flags;
}

std::optional<ToolchainError> buildMetallib(const MetalToolchain &toolchain,
                                            const MetallibRequest &request) {
  llvm::sys::fs::remove(request.outputPath);
  // In the output's own directory, so that the final rename does not cross file systems.
  llvm::SmallString<256> partial;
  llvm::sys::fs::createUniquePath(request.outputPath + ".partial-%%%%%%", partial, false);
  std::optional<ToolchainError> error = compileAndLink(toolchain, request, std::string(partial));
  if (!error)
    if (std::error_code renamed = llvm::sys::fs::rename(partial, request.outputPath))
      error = ToolchainError{"cannot write " + request.outputPath + ": " + renamed.message()};
  if (error)
    llvm::sys::fs::remove(partial);
  return error;
}

} // namespace p2m::metallib
