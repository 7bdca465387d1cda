// Binaries → bundle (BundleConverter.h): gather the distinct PTX texts of every input, translate
// them on a thread pool, write each module's files as soon as it is done, then the index.
#include "convert/BundleConverter.h"

#include "emitters/metallib/MetallibBuilder.h"
#include "emitters/reflection/JsonWriter.h"
#include "fatbin/PtxExtraction.h"
#include "link/Linker.h"
#include "support/Diagnostics.h"
#include "support/FileIO.h"
#include "support/Sha256.h"
#include "support/SourceFile.h"
#include "translate/Translate.h"

#include <llvm/ADT/StringExtras.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/ThreadPool.h>

#include <fmt/format.h>

#include <algorithm>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>

namespace p2m::convert {

namespace {

struct PendingModule {
  std::string key;
  std::string origin;
  std::string ptx;
};

struct KernelRecord {
  std::string name;
  bool translated = false;
  std::string reason;
};

struct ModuleResult {
  ModuleSummary summary;
  std::vector<KernelRecord> kernels;
  std::string parseErrors; // when the PTX did not parse
};

bool looksLikePtxText(const std::string &path, llvm::StringRef bytes) {
  if (llvm::StringRef(path).ends_with(".ptx"))
    return true;
  llvm::StringRef start = bytes.ltrim();
  return start.starts_with(".version") || start.starts_with("//");
}

// Adds the distinct PTX texts of one input to `modules` (deduplicated across inputs by `seen`).
void gather(const std::string &path, std::vector<PendingModule> &modules, std::set<std::string> &seen,
            ConvertReport &report) {
  std::string name = llvm::sys::path::filename(path).str();
  auto add = [&](std::string ptx, const std::string &origin) {
    std::string key = sha256Hex(ptx);
    if (seen.insert(key).second)
      modules.push_back({key, origin, std::move(ptx)});
  };
  // The file is read once: as PTX text, or scanned for fatbins.
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file = llvm::MemoryBuffer::getFile(path);
  if (!file) {
    report.errors.push_back(path + ": cannot read: " + file.getError().message());
    return;
  }
  llvm::StringRef text = (*file)->getBuffer();
  fatbin::Bytes bytes(reinterpret_cast<const uint8_t *>(text.data()), text.size());
  if (looksLikePtxText(path, text)) {
    add(text.str(), name);
    return;
  }
  fatbin::Result<fatbin::FatbinScan> scan = fatbin::scanFatbins(bytes);
  if (!scan) {
    report.errors.push_back(path + ": " + scan.error().reason);
    return;
  }
  fatbin::Extraction extraction = fatbin::extract(*scan, {});
  for (const fatbin::Error &problem : extraction.errors)
    report.warnings.push_back(path + ": " + fatbin::describe(problem));
  // An -rdc program registers its translation units' fatbins together, and the runtime links
  // them into one module before loading it: that module is translated here as well. The
  // linked text does not depend on the order of the units (link/Linker.h), so it is the text
  // the runtime makes, and its hash the key the runtime looks for.
  std::vector<link::LinkInput> units;
  for (const fatbin::ContainerPtx &c : fatbin::loadablePtx(extraction))
    if (fatbin::isRelocatableSection(c.location)) {
      const std::vector<uint8_t> &data = extraction.contents[c.content].data;
      units.push_back({fmt::format("{} ({} at {:#x})", name, c.location, c.containerOffset),
                       std::string(data.begin(), data.end())});
    }
  for (fatbin::ExtractedContent &content : extraction.contents)
    if (content.kind == fatbin::ContentKind::Ptx)
      add(std::string(content.data.begin(), content.data.end()), fmt::format("{} (sm_{})", name, content.smArch));
  if (units.size() < 2)
    return;
  DiagnosticEngine diags;
  if (std::optional<std::string> linked = link::linkPtx(units, diags)) {
    add(std::move(*linked), fmt::format("{} ({} -rdc translation units, device-linked)", name, units.size()));
    return;
  }
  std::ostringstream messages;
  diags.print(messages);
  report.warnings.push_back(path + ": its " + std::to_string(units.size()) +
                            " -rdc translation units do not link; the runtime will load them one by one:\n" +
                            messages.str());
}

ModuleResult translateOne(const PendingModule &module, const ConvertOptions &options, std::string *writeError) {
  ModuleResult result;
  result.summary.key = module.key;
  result.summary.origin = module.origin;
  result.summary.ptxBytes = module.ptx.size();
  auto source = std::make_shared<SourceFile>(module.key + ".ptx", module.ptx);
  DiagnosticEngine diags;
  translate::TranslateOptions translateOptions;
  translateOptions.target = options.target;
  translateOptions.mslFile = module.key + ".metal";
  translate::TranslateResult translated = translate::translateModule(source, translateOptions, diags);
  if (!translated.ok) {
    std::ostringstream messages;
    diags.print(messages);
    result.parseErrors = messages.str();
    return result;
  }
  result.summary.parsed = true;
  for (const translate::KernelOutcome &k : translated.kernels) {
    result.kernels.push_back({k.ptxName, k.translated, k.reason});
    ++result.summary.kernels;
    result.summary.translated += k.translated ? 1 : 0;
  }
  std::string base = (llvm::Twine(options.outputDir) + "/" + module.key).str();
  std::string error;
  if (!writeFile(base + ".metal", translated.msl(), error) ||
      !writeFile(base + ".json", translated.reflectionJson, error)) {
    *writeError = error;
    return result;
  }
  if (options.toolchain && result.summary.translated > 0)
    if (auto failed = metallib::buildMetallib(*options.toolchain,
                                              {base + ".metal", base + ".metallib", options.target}))
      *writeError = base + ".metallib: " + failed->message;
  return result;
}

std::string renderIndex(const std::vector<ModuleResult> &results, const ConvertReport &report) {
  reflection::JsonWriter json;
  json.beginObject();
  json.key("format");
  json.value("ptx2metal-bundle");
  json.key("version");
  json.value(1);
  json.key("translator");
  json.value(PTX2METAL_VERSION);
  json.key("kernels");
  json.value(report.kernels);
  json.key("translated");
  json.value(report.translated);
  json.key("modules");
  json.beginArray();
  for (const ModuleResult &m : results) {
    json.beginObject();
    json.key("sha256");
    json.value(m.summary.key);
    json.key("origin");
    json.value(m.summary.origin);
    json.key("ptx_bytes");
    json.value(m.summary.ptxBytes);
    if (!m.summary.parsed) {
      json.key("error");
      json.value(m.parseErrors);
    }
    json.key("kernels");
    json.beginArray();
    for (const KernelRecord &k : m.kernels) {
      json.beginObject();
      json.key("name");
      json.value(k.name);
      json.key("translated");
      json.value(k.translated);
      if (!k.translated) {
        json.key("reason");
        json.value(k.reason);
      }
      json.endObject();
    }
    json.endArray();
    json.endObject();
  }
  json.endArray();
  json.endObject();
  return json.text();
}

// Files of an earlier conversion into the same directory that this one did not write.
void removeStaleEntries(const std::string &dir, const std::set<std::string> &keys) {
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec; it.increment(ec)) {
    llvm::StringRef file = llvm::sys::path::filename(it->path());
    llvm::StringRef stem = llvm::sys::path::stem(file), ext = llvm::sys::path::extension(file);
    bool ours = ext == ".metal" || ext == ".json" || ext == ".metallib";
    if (ours && stem.size() == 64 && llvm::all_of(stem, llvm::isHexDigit) && !keys.count(stem.str()))
      llvm::sys::fs::remove(it->path());
  }
}

} // namespace

ConvertReport convertToBundle(const ConvertOptions &options) {
  ConvertReport report;
  std::vector<PendingModule> modules;
  std::set<std::string> seen;
  for (const std::string &input : options.inputs)
    gather(input, modules, seen, report);
  // Inputs are read before anything is written: a command whose every input fails leaves no
  // empty bundle behind.
  if (modules.empty() && !report.errors.empty()) {
    report.nothingConverted = true;
    return report;
  }
  if (std::error_code ec = llvm::sys::fs::create_directories(options.outputDir)) {
    report.errors.push_back(options.outputDir + ": cannot create the bundle directory: " + ec.message());
    return report;
  }

  // Largest first: the long translations start early and the pool stays busy to the end.
  std::vector<size_t> order(modules.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return modules[a].ptx.size() != modules[b].ptx.size() ? modules[a].ptx.size() > modules[b].ptx.size() : a < b;
  });

  std::vector<ModuleResult> results(modules.size());
  std::mutex mutex;
  size_t done = 0;
  {
    llvm::DefaultThreadPool pool(llvm::hardware_concurrency(options.jobs));
    for (size_t i : order)
      pool.async([&, i] {
        std::string writeError;
        ModuleResult result = translateOne(modules[i], options, &writeError);
        std::string().swap(modules[i].ptx); // the text is no longer needed
        std::lock_guard<std::mutex> lock(mutex);
        if (!writeError.empty())
          report.errors.push_back(writeError);
        results[i] = std::move(result);
        if (options.progress)
          options.progress(++done, modules.size());
      });
    pool.wait();
  }

  std::sort(results.begin(), results.end(),
            [](const ModuleResult &a, const ModuleResult &b) { return a.summary.key < b.summary.key; });
  std::sort(report.errors.begin(), report.errors.end());
  for (const ModuleResult &m : results) {
    report.modules.push_back(m.summary);
    report.ptxBytes += m.summary.ptxBytes;
    report.kernels += m.summary.kernels;
    report.translated += m.summary.translated;
    report.unparsedModules += m.summary.parsed ? 0 : 1;
    for (const KernelRecord &k : m.kernels)
      if (!k.translated)
        ++report.reasons[translate::reasonGroup(k.reason)];
  }
  removeStaleEntries(options.outputDir, seen);
  std::string error;
  if (!writeFile(options.outputDir + "/index.json", renderIndex(results, report), error))
    report.errors.push_back(error);
  return report;
}

} // namespace p2m::convert
