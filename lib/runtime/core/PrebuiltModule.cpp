// Prebuilt modules and bundles (PrebuiltModule.h).
#include "runtime/core/PrebuiltModule.h"

#include "runtime/core/Log.h"
#include "support/FileIO.h"
#include "support/Sha256.h"
#include "translate/Translate.h"

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/JSON.h>
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

// The reflection's source.sha256, or empty when it has none (the full check comes later,
// from parseReflection).
// What decides whether a bundle entry fits: the PTX it was translated from, the f32 subnormal
// behaviour it was translated for ("flush" when the reflection does not say), and its f64
// arithmetic ("ieee" when it does not say): the runtime computes f64 exactly, as its own
// translations do, so an entry made with `convert --fp64 demote` is not taken in its place.
struct EntryFacts {
  std::string sourceSha256;
  std::string f32Subnormals = "flush";
  std::string fp64 = "ieee";
};

EntryFacts entryFactsOf(const std::string &reflectionJson) {
  EntryFacts facts;
  llvm::Expected<llvm::json::Value> value = llvm::json::parse(reflectionJson);
  if (!value) {
    llvm::consumeError(value.takeError());
    return facts;
  }
  const llvm::json::Object *root = value->getAsObject();
  const llvm::json::Object *source = root ? root->getObject("source") : nullptr;
  if (std::optional<llvm::StringRef> hash = source ? source->getString("sha256") : std::nullopt)
    facts.sourceSha256 = hash->str();
  const llvm::json::Object *msl = root ? root->getObject("msl") : nullptr;
  if (std::optional<llvm::StringRef> mode = msl ? msl->getString("f32_subnormals") : std::nullopt)
    facts.f32Subnormals = mode->str();
  if (std::optional<llvm::StringRef> mode = msl ? msl->getString("fp64") : std::nullopt)
    facts.fp64 = mode->str();
  return facts;
}

} // namespace

RuntimeStatus readPrebuiltModule(const std::string &reflectionPath, PrebuiltModule *out) {
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

bool findInBundles(const std::string &ptx, bool keepsF32Subnormals, PrebuiltModule *out) {
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
    EntryFacts facts = entryFactsOf(found.reflectionJson);
    if (facts.sourceSha256 != key) {
      logMessage("bundle entry skipped: " + std::string(path) + " was translated from other PTX");
      continue;
    }
    if (facts.f32Subnormals != (keepsF32Subnormals ? "keep" : "flush")) {
      logMessage("bundle entry skipped: " + std::string(path) + " was translated for f32 subnormals '" +
                 facts.f32Subnormals + "', which this device does not match");
      continue;
    }
    if (facts.fp64 != "ieee") {
      logMessage("bundle entry skipped: " + std::string(path) + " computes f64 as '" + facts.fp64 +
                 "'; the runtime computes it exactly (ieee)");
      continue;
    }
    logMessage("prebuilt translation from bundle " + dir.str() + " (" + key.substr(0, 16) + ")");
    *out = std::move(found);
    return true;
  }
  return false;
}

bool findEmbedded(const std::string &ptx, bool keepsF32Subnormals,
                  const std::vector<fatbin::EmbeddedTranslation> &embedded, PrebuiltModule *out) {
  if (embedded.empty())
    return false;
  std::string key = sha256Hex(ptx);
  std::string wanted = fatbin::translationOptionsKey(keepsF32Subnormals, /*fp64Ieee=*/true,
                                                     translate::TranslateOptions{}.mslVersion);
  for (const fatbin::EmbeddedTranslation &t : embedded) {
    if (t.ptxSha256 != key) {
      logMessage("embedded translation skipped: it was made from other PTX (" + t.ptxSha256.substr(0, 16) +
                 ", the module's is " + key.substr(0, 16) + ")");
      continue;
    }
    if (t.options != wanted) {
      logMessage("embedded translation skipped: made with '" + t.options + "', this device needs '" + wanted + "'");
      continue;
    }
    EntryFacts facts = entryFactsOf(t.reflectionJson);
    if (facts.sourceSha256 != key) {
      logMessage("embedded translation skipped: its reflection names other PTX");
      continue;
    }
    out->reflectionJson = t.reflectionJson;
    out->msl = t.msl;
    out->metallib = t.metallib;
    out->origin = "the translation embedded in the fatbin (" + key.substr(0, 16) + ")";
    logMessage("embedded translation used (" + key.substr(0, 16) + (t.metallib.empty() ? "" : ", with metallib") + ")");
    return true;
  }
  return false;
}

} // namespace p2m::runtime
