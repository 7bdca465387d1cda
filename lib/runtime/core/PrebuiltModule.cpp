// Prebuilt modules and bundles (PrebuiltModule.h).
#include "runtime/core/PrebuiltModule.h"

#include "runtime/core/Log.h"

#include <llvm/ADT/StringExtras.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/JSON.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/SHA256.h>

#include <cstdlib>

namespace p2m::runtime {

namespace {

bool readFile(const std::string &path, std::string *out) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return false;
  *out = (*buffer)->getBuffer().str();
  return true;
}

// STEM.json → STEM.EXTENSION
std::string sibling(const std::string &reflectionPath, llvm::StringRef extension) {
  llvm::SmallString<256> path(reflectionPath);
  llvm::sys::path::replace_extension(path, extension);
  return std::string(path);
}

// The reflection's source.sha256, or empty when it has none (the full check comes later,
// from parseReflection).
std::string sourceHashOf(const std::string &reflectionJson) {
  llvm::Expected<llvm::json::Value> value = llvm::json::parse(reflectionJson);
  if (!value) {
    llvm::consumeError(value.takeError());
    return {};
  }
  const llvm::json::Object *root = value->getAsObject();
  const llvm::json::Object *source = root ? root->getObject("source") : nullptr;
  std::optional<llvm::StringRef> hash = source ? source->getString("sha256") : std::nullopt;
  return hash ? hash->str() : std::string();
}

} // namespace

RuntimeStatus readPrebuiltModule(const std::string &reflectionPath, PrebuiltModule *out) {
  if (!readFile(reflectionPath, &out->reflectionJson))
    return failure(RuntimeErrorCode::FileNotFound, "cannot read the reflection " + reflectionPath);
  std::string mslPath = sibling(reflectionPath, "metal");
  if (!readFile(mslPath, &out->msl))
    return failure(RuntimeErrorCode::FileNotFound,
                   "cannot read " + mslPath + ", the MSL that belongs to the reflection " + reflectionPath);
  out->metallib.clear();
  std::string metallibPath = sibling(reflectionPath, "metallib");
  if (llvm::sys::fs::exists(metallibPath) && !readFile(metallibPath, &out->metallib))
    return failure(RuntimeErrorCode::FileNotFound, "cannot read " + metallibPath);
  out->origin = reflectionPath;
  return succeeded();
}

bool isReflectionPath(const std::string &path) { return llvm::StringRef(path).ends_with(".json"); }

std::string ptxBundleKey(const std::string &ptx) {
  return llvm::toHex(llvm::SHA256::hash(llvm::arrayRefFromStringRef(ptx)), /*LowerCase=*/true);
}

bool findInBundles(const std::string &ptx, PrebuiltModule *out) {
  const char *list = std::getenv("P2M_BUNDLE_PATH");
  if (!list || !*list)
    return false;
  std::string key = ptxBundleKey(ptx);
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
    if (sourceHashOf(found.reflectionJson) != key) {
      logMessage("bundle entry skipped: " + std::string(path) + " was translated from other PTX");
      continue;
    }
    logMessage("prebuilt translation from bundle " + dir.str() + " (" + key.substr(0, 16) + ")");
    *out = std::move(found);
    return true;
  }
  return false;
}

} // namespace p2m::runtime
