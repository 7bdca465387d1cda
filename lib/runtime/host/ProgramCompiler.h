// Turns an MSL program into a shared object the host backend can dlopen, through an on-disk
// cache shared by every process that uses the same cache directory.
//
// The object is the generated MSL plus a generated launcher translation unit (one extern "C"
// entry per kernel, p2m_host_abi.h) compiled with Clang, linked with the host runtime object
// (launcher/p2m_host_simdgroup.h compiled once per cache and toolchain). Cache key: SHA-256 of
// the MSL, the launcher (hence the kernel names), the Clang flags, Clang's path and version
// string, and the embedded headers. Files are written under temporary names and renamed into
// place, so concurrent processes never see a partial file.
#pragma once

#include "runtime/Backend.h"

#include <mutex>
#include <string>
#include <vector>

namespace p2m::runtime::host {

class ProgramCompiler {
public:
  ProgramCompiler(std::string cacheDirectory, std::string clang);

  const std::string &cacheDirectory() const { return cacheDirectory_; }

  // The cache key of `request` (finds Clang and its version on first use).
  Status key(const CompileRequest &request, std::string *key);

  // The shared object for `request` under `key`: from the disk cache, or compiled now.
  // `compilerRuns` counts the Clang compilations this call made.
  Status build(const CompileRequest &request, const std::string &key, std::string *path,
               unsigned *compilerRuns);

private:
  Status findToolchain();
  Status ensureIncludeDirectory(std::string *path);
  Status ensureRuntimeObject(const std::string &include, std::string *path,
                             unsigned *compilerRuns);
  Status runClang(const std::vector<std::string> &arguments, const std::string &workDirectory);

  std::string cacheDirectory_;
  std::string clangOverride_;
  std::mutex toolchainMutex_;
  bool toolchainFound_ = false;
  std::string clang_;        // resolved path
  std::string clangVersion_; // `clang --version` output
};

// The launcher translation unit for `kernels` of the MSL file `mslFile` (exposed for tests).
std::string launcherSource(const std::vector<std::string> &kernels, const std::string &mslFile);

} // namespace p2m::runtime::host
