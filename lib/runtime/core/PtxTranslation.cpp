// Translation with an on-disk cache (PtxTranslation.h).
#include "runtime/core/PtxTranslation.h"

#include "support/Sha256.h"

#include "runtime/core/Log.h"
#include "support/Diagnostics.h"
#include "support/FileIO.h"
#include "support/SourceFile.h"
#include "translate/Translate.h"

#include <llvm/ADT/StringExtras.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/SHA256.h>
#include <llvm/Support/raw_ostream.h>

#include <dlfcn.h>
#include <cstdlib>
#include <optional>
#include <sstream>

namespace p2m::runtime {

namespace {

// The translator's identity: its version, and the size and time of the binary that holds
// this code, so that a rebuilt translator never serves an older translation.
std::string translatorIdentity() {
  std::string id = PTX2METAL_VERSION;
  Dl_info info;
  if (dladdr(reinterpret_cast<void *>(&translatorIdentity), &info) && info.dli_fname) {
    llvm::sys::fs::file_status status;
    if (!llvm::sys::fs::status(info.dli_fname, status))
      id += ";" + std::to_string(status.getSize()) + ";" +
            std::to_string(status.getLastModificationTime().time_since_epoch().count());
  }
  return id;
}

std::string cacheKey(const std::string &ptx, const TargetProfile &target) {
  llvm::SHA256 hash;
  static const std::string identity = translatorIdentity();
  hash.update(identity);
  // The profile's text ends at the NUL, so it cannot run into the PTX.
  std::string profile = ";" + target.print();
  hash.update(llvm::StringRef(profile.c_str(), profile.size() + 1));
  hash.update(ptx);
  return llvm::toHex(hash.final(), /*LowerCase=*/true);
}

// A cache entry's file; false when it is absent or unreadable (a miss, not an error).
bool readCached(const std::string &path, std::string *out) {
  std::string error;
  std::optional<std::string> text = readFile(path, error);
  if (text)
    *out = std::move(*text);
  return text.has_value();
}

// Written to a unique temporary name and renamed: concurrent processes never see half a file.
void writeFileAtomically(const std::string &path, const std::string &text) {
  llvm::SmallString<256> temporary;
  int fd = -1;
  if (llvm::sys::fs::createUniqueFile(path + ".tmp-%%%%%%%%", fd, temporary))
    return;
  {
    llvm::raw_fd_ostream out(fd, /*shouldClose=*/true);
    out << text;
    if (out.has_error()) {
      out.clear_error();
      llvm::sys::fs::remove(temporary);
      return;
    }
  }
  if (llvm::sys::fs::rename(temporary, path))
    llvm::sys::fs::remove(temporary);
}

} // namespace

std::string runtimeCacheDirectory() {
  if (const char *dir = std::getenv("P2M_CACHE_DIR"); dir && *dir)
    return dir;
  llvm::SmallString<256> path;
  if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) {
    path = xdg;
  } else if (const char *home = std::getenv("HOME"); home && *home) {
    path = home;
    llvm::sys::path::append(path, ".cache");
  } else {
    return "";
  }
  llvm::sys::path::append(path, "ptx2metal");
  return std::string(path);
}

RuntimeStatus translatePtx(const std::string &ptx, const TargetProfile &target, TranslatedModule *out,
                           bool useCache) {
  std::string root = useCache ? runtimeCacheDirectory() : std::string();
  std::string key = cacheKey(ptx, target);
  llvm::SmallString<256> dir(root);
  llvm::sys::path::append(dir, "translations");
  std::string base = (dir + "/" + key).str();
  if (!root.empty() && readCached(base + ".metal", &out->msl) && readCached(base + ".json", &out->reflectionJson)) {
    logMessage("translation cache hit " + key.substr(0, 16));
    return succeeded();
  }

  // Named as `ptx2metal convert` names it (the PTX's SHA-256), so that a translation made here
  // and the same module's bundle entry are the same MSL text, compiled once.
  std::string name = sha256Hex(ptx);
  auto source = std::make_shared<SourceFile>(name + ".ptx", ptx);
  DiagnosticEngine diags;
  translate::TranslateOptions options;
  options.mslFile = name + ".metal";
  options.target = target;
  translate::TranslateResult result = translate::translateModule(source, options, diags);
  std::ostringstream messages;
  diags.print(messages);
  for (const translate::KernelOutcome &k : result.kernels)
    if (!k.translated)
      messages << "kernel " << k.ptxName << " not translated: " << k.reason << "\n";
  out->diagnostics = messages.str();
  logMessage("translated PTX at load (" + key.substr(0, 16) + ", " + target.print() + ")");
  if (!result.ok)
    return failure(RuntimeErrorCode::InvalidPtx, "the PTX does not translate:\n" + out->diagnostics);
  out->msl = result.msl();
  out->reflectionJson = std::move(result.reflectionJson);
  if (!root.empty() && !llvm::sys::fs::create_directories(dir)) {
    // The reflection last: a reader finds both files or treats the entry as missing.
    writeFileAtomically(base + ".metal", out->msl);
    writeFileAtomically(base + ".json", out->reflectionJson);
  }
  return succeeded();
}

} // namespace p2m::runtime
