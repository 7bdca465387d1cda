// Locating the toolkit directory and Clang (Toolkit.h).
#include "nvcc/Toolkit.h"

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/Program.h>

#include <cstdlib>
#include <vector>

#ifndef P2M_LLVM_BINDIR
#define P2M_LLVM_BINDIR ""
#endif
#ifndef P2M_TOOLKIT_INSTALL_DIR
#define P2M_TOOLKIT_INSTALL_DIR ""
#endif

namespace p2m::nvcc {

namespace {

std::string parentOf(const std::string &path, int levels) {
  llvm::SmallString<256> p(path);
  for (int i = 0; i < levels; ++i)
    llvm::sys::path::remove_filename(p);
  return std::string(p);
}

std::string join(const std::string &a, const std::string &b) {
  llvm::SmallString<256> p(a);
  llvm::sys::path::append(p, b);
  return std::string(p);
}

bool isToolkit(const std::string &dir) { return !dir.empty() && llvm::sys::fs::exists(join(dir, "version.json")); }

std::string absolute(const std::string &path) {
  llvm::SmallString<256> p(path);
  llvm::sys::fs::make_absolute(p);
  llvm::sys::path::remove_dots(p, /*remove_dot_dot=*/true);
  return std::string(p);
}

// argv[0] as typed: a path when it has a slash, else looked up on PATH (not resolving links).
std::string invokedPath(const std::string &argv0) {
  if (argv0.find('/') != std::string::npos)
    return absolute(argv0);
  llvm::ErrorOr<std::string> found = llvm::sys::findProgramByName(argv0);
  return found ? absolute(*found) : std::string();
}

std::string findClang() {
  if (const char *env = std::getenv("P2M_CLANG"); env && *env)
    return env;
  std::string bindir = P2M_LLVM_BINDIR;
  if (!bindir.empty() && llvm::sys::fs::can_execute(join(bindir, "clang++")))
    return join(bindir, "clang++");
  llvm::ErrorOr<std::string> found = llvm::sys::findProgramByName("clang++-19");
  return found ? *found : std::string();
}

} // namespace

std::optional<Toolkit> locateToolkit(const std::string &argv0, std::string &error) {
  std::vector<std::string> candidates;
  if (const char *env = std::getenv("P2M_TOOLKIT_DIR"); env && *env)
    candidates.push_back(absolute(env));
  if (std::string invoked = invokedPath(argv0); !invoked.empty())
    candidates.push_back(parentOf(invoked, 2));
  std::string self = llvm::sys::fs::getMainExecutable(argv0.c_str(), reinterpret_cast<void *>(&locateToolkit));
  if (!self.empty())
    candidates.push_back(join(parentOf(self, 3), "toolkit/cuda")); // the build tree
  candidates.push_back(P2M_TOOLKIT_INSTALL_DIR);                    // where it is installed
  Toolkit toolkit;
  for (const std::string &c : candidates)
    if (isToolkit(c)) {
      toolkit.root = c;
      break;
    }
  if (toolkit.root.empty()) {
    error = "cannot find the toolkit directory (a directory with version.json, include/ and lib/); set "
            "P2M_TOOLKIT_DIR";
    return std::nullopt;
  }
  toolkit.include = join(toolkit.root, "include");
  toolkit.lib = join(toolkit.root, "lib");
  if (std::string bc = join(toolkit.lib, "p2m-libdevice.bc"); llvm::sys::fs::exists(bc))
    toolkit.libdevice = bc;
  toolkit.clang = findClang();
  toolkit.hostLink = toolkit.clang;
  if (std::string launcher = join(join(toolkit.root, "bin"), "ptx2metal-host-link"); llvm::sys::fs::exists(launcher))
    toolkit.hostLink = launcher;
  if (toolkit.clang.empty()) {
    error = "cannot find Clang 19 (clang++-19); install it or set P2M_CLANG";
    return std::nullopt;
  }
  return toolkit;
}

} // namespace p2m::nvcc
