// PTX → translation → fatbin (DeviceCode.h).
#include "nvcc/DeviceCode.h"

#include "emitters/metallib/MetallibBuilder.h"
#include "emitters/metallib/MetalToolchain.h"
#include "fatbin/EmbeddedTranslation.h"
#include "fatbin/FatbinFormat.h"
#include "fatbin/FatbinWriter.h"
#include "support/Diagnostics.h"
#include "support/FileIO.h"
#include "support/Sha256.h"
#include "support/SourceFile.h"
#include "translate/Translate.h"

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>

#include <memory>
#include <sstream>

namespace p2m::nvcc {

namespace {

// The metallib of `msl`, or empty when there is no Metal toolchain (said in `warnings` only
// when building one failed: no toolchain is the normal case off macOS).
std::string metallibOf(const std::string &key, const std::string &msl, const TargetProfile &target,
                       std::vector<std::string> &warnings) {
  metallib::ToolchainLookup lookup = metallib::findMetalToolchain("");
  if (!lookup.toolchain)
    return {};
  llvm::SmallString<256> dir;
  if (llvm::sys::fs::createUniqueDirectory("p2m-nvcc-metal", dir))
    return {};
  std::string base = (dir + "/" + key).str();
  std::string error, result;
  if (writeFile(base + ".metal", msl, error)) {
    if (auto failed = metallib::buildMetallib(*lookup.toolchain, {base + ".metal", base + ".metallib", target}))
      warnings.push_back("no metallib embedded: " + failed->message);
    else if (std::optional<std::string> bytes = readFile(base + ".metallib", error))
      result = std::move(*bytes);
  }
  llvm::sys::fs::remove_directories(dir);
  return result;
}

} // namespace

DeviceCode buildDeviceCode(const std::string &origin, const std::string &ptx, uint32_t smArch,
                           const DeviceCodeOptions &options) {
  DeviceCode code;
  std::vector<fatbin::EntryToWrite> entries = {fatbin::ptxEntry(ptx, smArch)};
  if (!options.translate) {
    code.fatbin = fatbin::writeFatbin(entries);
    return code;
  }

  // Named as the runtime names a translation it makes (PtxTranslation.cpp): the same MSL text.
  std::string key = sha256Hex(ptx);
  auto source = std::make_shared<SourceFile>(key + ".ptx", ptx);
  DiagnosticEngine diags;
  translate::TranslateOptions translateOptions;
  translateOptions.mslFile = key + ".metal";
  translateOptions.target = options.target;
  translate::TranslateResult result = translate::translateModule(source, translateOptions, diags);
  if (!result.ok) {
    std::ostringstream messages;
    diags.print(messages);
    code.warnings.push_back("the PTX compiled from " + origin +
                            " does not translate; the program carries only its PTX:\n" + messages.str());
  } else {
    for (const translate::KernelOutcome &k : result.kernels)
      if (!k.translated)
        code.warnings.push_back("kernel " + k.ptxName + " of " + origin + " is not translated: " + k.reason);
    fatbin::EmbeddedTranslation translation;
    translation.ptxSha256 = key;
    translation.options = options.target.print();
    translation.msl = result.msl();
    translation.reflectionJson = std::move(result.reflectionJson);
    if (options.buildMetallib)
      translation.metallib = metallibOf(key, translation.msl, options.target, code.warnings);
    entries.push_back({fatbin::format::kKindTranslation, smArch, 0, 0, fatbin::encodeTranslation(translation)});
    code.translated = true;
  }
  code.fatbin = fatbin::writeFatbin(entries);
  return code;
}

} // namespace p2m::nvcc
