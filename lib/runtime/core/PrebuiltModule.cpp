// Prebuilt modules and bundles (PrebuiltModule.h).
#include "runtime/core/PrebuiltModule.h"

#include "runtime/core/Log.h"
#include "support/FileIO.h"
#include "support/Sha256.h"

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>

#include <cstdlib>
#include <optional>

namespace p2m::runtime {

namespace {

// Reads a whole file; FileNotFound naming it and the reason otherwise.
RuntimeStatus readWhole(const std::string &path, const std::string &what, std::string *out) {
  std::string error;
  std::optional<std::string> text = readFile(path, error);
  if (!text)
    return failure(RuntimeErrorCode::FileNotFound, "cannot read " + what + " " + path + ": " + error);
  *out = std::move(*text);
  return succeeded();
}

// STEM.json → STEM.EXTENSION
std::string sibling(const std::string &reflectionPath, llvm::StringRef extension) {
  llvm::SmallString<256> path(reflectionPath);
  llvm::sys::path::replace_extension(path, extension);
  return std::string(path);
}

} // namespace

RuntimeStatus readPrebuiltModule(const std::string &reflectionPath, PrebuiltModule *out) {
  out->reflection.reset();
  if (RuntimeStatus s = readWhole(reflectionPath, "the reflection", &out->reflectionJson))
    return s;
  if (RuntimeStatus s = readWhole(sibling(reflectionPath, "metal"), "the MSL of the reflection", &out->msl))
    return s;
  out->metallib.clear();
  std::string metallibPath = sibling(reflectionPath, "metallib");
  if (llvm::sys::fs::exists(metallibPath))
    if (RuntimeStatus s = readWhole(metallibPath, "the metallib of the reflection", &out->metallib))
      return s;
  out->origin = reflectionPath;
  return succeeded();
}

bool isReflectionPath(const std::string &path) { return llvm::StringRef(path).ends_with(".json"); }

bool findInBundles(const std::string &ptx, const TargetProfile &wanted, PrebuiltModule *out) {
  const char *list = std::getenv("P2M_BUNDLE_PATH");
  if (!list || !*list)
    return false;
  std::string key = sha256Hex(ptx);
  llvm::SmallVector<llvm::StringRef, 4> dirs;
  llvm::StringRef(list).split(dirs, ':', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef dir : dirs) {
    llvm::SmallString<256> path(dir);
    llvm::sys::path::append(path, key + ".json");
    if (!llvm::sys::fs::exists(path))
      continue;
    PrebuiltModule found;
    if (RuntimeStatus s = readPrebuiltModule(std::string(path), &found)) {
      logMessage("bundle entry skipped: " + s->message);
      continue;
    }
    ModuleReflection reflection;
    if (RuntimeStatus s = parseReflection(found.reflectionJson, &reflection)) {
      logMessage("bundle entry skipped: " + std::string(path) + ": " + s->message);
      continue;
    }
    if (reflection.sourceSha256 != key) {
      logMessage("bundle entry skipped: " + std::string(path) + " was translated from other PTX");
      continue;
    }
    if (std::optional<std::string> why = profileMismatch(reflection.target, wanted)) {
      logMessage("bundle entry skipped: " + std::string(path) + " was translated for " + reflection.target.print() +
                 ", which does not fit this device: " + *why);
      continue;
    }
    found.reflection = std::move(reflection);
    logMessage("prebuilt translation from bundle " + dir.str() + " (" + key.substr(0, 16) + ", " +
               found.reflection->target.print() + ")");
    *out = std::move(found);
    return true;
  }
  return false;
}

bool findEmbedded(const std::string &ptx, const TargetProfile &wanted,
                  const std::vector<fatbin::EmbeddedTranslation> &embedded, PrebuiltModule *out) {
  if (embedded.empty())
    return false;
  std::string key = sha256Hex(ptx);
  for (const fatbin::EmbeddedTranslation &t : embedded) {
    if (t.ptxSha256 != key) {
      logMessage("embedded translation skipped: it was made from other PTX (" + t.ptxSha256.substr(0, 16) +
                 ", the module's is " + key.substr(0, 16) + ")");
      continue;
    }
    ModuleReflection reflection;
    if (RuntimeStatus s = parseReflection(t.reflectionJson, &reflection)) {
      logMessage("embedded translation skipped: " + s->message);
      continue;
    }
    if (reflection.sourceSha256 != key) {
      logMessage("embedded translation skipped: its reflection names other PTX");
      continue;
    }
    if (std::optional<std::string> why = profileMismatch(reflection.target, wanted)) {
      logMessage("embedded translation skipped: made for " + reflection.target.print() +
                 ", which does not fit this device: " + *why);
      continue;
    }
    out->reflectionJson = t.reflectionJson;
    out->msl = t.msl;
    out->metallib = t.metallib;
    out->origin = "the translation embedded in the fatbin (" + key.substr(0, 16) + ")";
    out->reflection = std::move(reflection);
    logMessage("embedded translation used (" + key.substr(0, 16) + ", " + out->reflection->target.print() +
               (t.metallib.empty() ? "" : ", with metallib") + ")");
    return true;
  }
  return false;
}

} // namespace p2m::runtime
