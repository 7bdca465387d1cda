#include "emitters/metallib/MetalToolchain.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

namespace p2m::metallib {

namespace {

ToolchainLookup found(MetalToolchain toolchain) {
  ToolchainLookup lookup;
  lookup.toolchain = std::move(toolchain);
  return lookup;
}

ToolchainLookup noneFound(std::string why) {
  ToolchainLookup lookup;
  lookup.noneFound = std::move(why);
  return lookup;
}

ToolchainLookup failed(std::string message) {
  ToolchainLookup lookup;
  lookup.error = ToolchainError{std::move(message)};
  return lookup;
}

// The first line of a tool's output, for a one-line reason.
std::string firstLine(const std::string &text) {
  const size_t end = text.find('\n');
  return end == std::string::npos ? text : text.substr(0, end);
}

ToolchainLookup fromDirectory(std::string_view directory) {
  const std::string dir(directory);
  if (!llvm::sys::fs::is_directory(dir))
    return failed("--metal-toolchain " + dir + ": not a directory");
  MetalToolchain toolchain;
  for (auto [tool, name] : {std::pair{&toolchain.metal, "metal"}, {&toolchain.metallib, "metallib"}}) {
    llvm::SmallString<256> path(dir);
    llvm::sys::path::append(path, name);
    if (!llvm::sys::fs::exists(path))
      return failed("--metal-toolchain " + dir + ": there is no '" + name + "' in this directory");
    if (!llvm::sys::fs::can_execute(path))
      return failed("--metal-toolchain " + dir + ": '" + std::string(path) + "' is not executable");
    *tool = MetalTool{std::string(path), {}, name};
  }
  return found(std::move(toolchain));
}

ToolchainLookup fromXcrun() {
  llvm::ErrorOr<std::string> xcrun = llvm::sys::findProgramByName("xcrun");
  if (!xcrun)
    return noneFound("xcrun not found; pass --metal-toolchain DIR");
  MetalToolchain toolchain;
  for (auto [tool, name] : {std::pair{&toolchain.metal, "metal"}, {&toolchain.metallib, "metallib"}}) {
    *tool = MetalTool{*xcrun, {"-sdk", "macosx", name}, std::string("xcrun -sdk macosx ") + name};
    // Xcode may lack the Metal toolchain (newer versions download it separately): ask xcrun
    // first, so that a missing component is "no toolchain" rather than a failed build.
    const ToolOutcome probe = runTool(MetalTool{*xcrun, {"-sdk", "macosx"}, "xcrun"}, {"--find", name});
    if (!probe.succeeded)
      return noneFound(std::string("`xcrun -sdk macosx --find ") + name + "` " + probe.failure +
                       (probe.output.empty() ? "" : ": " + firstLine(probe.output)) +
                       "; install Xcode's Metal toolchain or pass --metal-toolchain DIR");
  }
  return found(std::move(toolchain));
}

} // namespace

ToolchainLookup findMetalToolchain(std::string_view explicitDirectory) {
  return explicitDirectory.empty() ? fromXcrun() : fromDirectory(explicitDirectory);
}

} // namespace p2m::metallib
