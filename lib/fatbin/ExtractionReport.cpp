#include "fatbin/ExtractionReport.h"

#include "fatbin/FatbinFormat.h"

#include <fmt/format.h>
#include <llvm/Support/FormatVariadic.h>
#include <llvm/Support/JSON.h>
#include <llvm/Support/raw_ostream.h>

#include <map>

namespace p2m::fatbin {

namespace json = llvm::json;

namespace {

// Entry names and paths come from the input and need not be UTF-8, which llvm::json
// requires; invalid sequences are replaced rather than rejected.
json::Value text(const std::string &s) {
  if (json::isUTF8(s))
    return s;
  return json::fixUTF8(s);
}

// Stored bytes -> decoded bytes, as the listing shows them. Uncompressed entries are their
// (padded) payload.
std::pair<uint64_t, uint64_t> sizes(const Entry &entry) {
  if (entry.compression == Compression::None)
    return {entry.payloadSize, entry.payloadSize};
  return {entry.compressedSize, entry.uncompressedSize};
}

json::Object errorJson(const Error &error) {
  return json::Object{{"offset", static_cast<int64_t>(error.offset)},
                      {"reason", text(error.reason)}};
}

json::Array errorsJson(const std::vector<Error> &errors) {
  json::Array out;
  for (const Error &error : errors)
    out.push_back(errorJson(error));
  return out;
}

std::string renderJson(const json::Value &value) {
  std::string out;
  llvm::raw_string_ostream stream(out);
  stream << llvm::formatv("{0:2}", value) << '\n';
  stream.flush();
  return out;
}

} // namespace

std::string formatSize(uint64_t bytes) {
  if (bytes < 1000)
    return fmt::format("{} B", bytes);
  if (bytes < 1000 * 1000)
    return fmt::format("{:.1f} KB", static_cast<double>(bytes) / 1e3);
  if (bytes < 1000ull * 1000 * 1000)
    return fmt::format("{:.1f} MB", static_cast<double>(bytes) / 1e6);
  return fmt::format("{:.2f} GB", static_cast<double>(bytes) / 1e9);
}

std::string formatListing(const std::string &path, const FatbinScan &scan) {
  uint64_t entries = 0;
  for (const FatbinBlob &blob : scan.blobs)
    entries += blob.container.entries.size();
  std::string out =
      fmt::format("{}: {}, {} container{}, {} entr{}\n", path, scan.format, scan.blobs.size(),
                  scan.blobs.size() == 1 ? "" : "s", entries, entries == 1 ? "y" : "ies");
  for (const FatbinBlob &blob : scan.blobs) {
    out +=
        fmt::format("  container {:#x}, {} bytes, in {} ({}", blob.fileOffset, blob.container.size,
                    blob.location.empty() ? "file" : blob.location, originName(blob.origin));
    if (blob.wrapperReferences != 0)
      out += fmt::format(", {} wrapper reference{}", blob.wrapperReferences,
                         blob.wrapperReferences == 1 ? "" : "s");
    out += ")\n";
    for (const Entry &entry : blob.container.entries) {
      auto [stored, decoded] = sizes(entry);
      std::string kind = entry.isKnownKind() || entry.kind == format::kKindTranslation
                             ? std::string(kindName(entry.kind))
                             : fmt::format("kind{}", entry.kind);
      out += fmt::format("    {:<#10x} {:<6} {:<7} {:<6} {:<5} {:>10} -> {:<10}",
                         blob.fileOffset + entry.offset, kind, archName(entry.smArch),
                         versionString(entry), compressionName(entry.compression), stored, decoded);
      if (!entry.name.empty())
        out += fmt::format(" {}", entry.name);
      // Trailing spaces from the fixed-width columns are noise in diffs.
      while (!out.empty() && out.back() == ' ')
        out.pop_back();
      out += '\n';
    }
  }
  return out;
}

std::string formatSummary(const std::string &path, const Extraction &extraction) {
  const ExtractionStats &s = extraction.stats;
  std::string cubins = fmt::format("{} cubin{}", s.cubinEntries, s.cubinEntries == 1 ? "" : "s");
  if (s.distinctCubins != 0)
    cubins += fmt::format(" ({} distinct, {})", s.distinctCubins, formatSize(s.cubinBytes));
  std::string out = fmt::format(
      "{}: {} container{}, {} entr{}: {} PTX ({} distinct, {}), {}, {} skipped (unknown kind)",
      path, s.containers, s.containers == 1 ? "" : "s", s.entries, s.entries == 1 ? "y" : "ies",
      s.ptxEntries, s.distinctPtx, formatSize(s.ptxBytes), cubins, s.unknownKindEntries);
  if (s.failedEntries != 0)
    out += fmt::format(", {} failed", s.failedEntries);
  return out;
}

struct JsonListing::Impl {
  json::Value files = json::Array();
  json::Array &array() { return *files.getAsArray(); }
};

JsonListing::JsonListing() : impl_(std::make_unique<Impl>()) {}
JsonListing::~JsonListing() = default;

void JsonListing::add(const std::string &path, const FatbinScan &scan) {
  json::Array containers;
  for (const FatbinBlob &blob : scan.blobs) {
    json::Array entries;
    for (const Entry &entry : blob.container.entries) {
      auto [stored, decoded] = sizes(entry);
      entries.push_back(json::Object{
          {"offset", static_cast<int64_t>(blob.fileOffset + entry.offset)},
          {"kind", std::string(kindName(entry.kind))},
          {"kind_value", entry.kind},
          {"arch", archName(entry.smArch)},
          {"version", versionString(entry)},
          {"compression", std::string(compressionName(entry.compression))},
          {"payload_size", static_cast<int64_t>(entry.payloadSize)},
          {"stored_size", static_cast<int64_t>(stored)},
          {"uncompressed_size", static_cast<int64_t>(decoded)},
          {"flags", fmt::format("{:#x}", entry.flags)},
          {"name", text(entry.name)},
      });
    }
    containers.push_back(json::Object{
        {"offset", static_cast<int64_t>(blob.fileOffset)},
        {"size", static_cast<int64_t>(blob.container.size)},
        {"location", text(blob.location)},
        {"origin", std::string(originName(blob.origin))},
        {"wrapper_references", blob.wrapperReferences},
        {"entries", std::move(entries)},
    });
  }
  impl_->array().push_back(json::Object{
      {"file", text(path)},
      {"format", text(scan.format)},
      {"containers", std::move(containers)},
      {"wrappers", scan.wrappers},
      {"unresolved_wrapper_pointers", scan.unresolvedPointers},
      {"errors", errorsJson(scan.errors)},
      {"warnings", errorsJson(scan.warnings)},
  });
}

void JsonListing::addFailure(const std::string &path, const Error &error) {
  impl_->array().push_back(json::Object{
      {"file", text(path)},
      {"errors", json::Array{errorJson(error)}},
  });
}

std::string JsonListing::render() const { return renderJson(impl_->files); }

struct ExtractionIndex::Impl {
  // File name -> its object in the index (a json::Value holding an Object, so rendering
  // needs no copy). std::map keeps the output order stable.
  std::map<std::string, json::Value> contents;
};

ExtractionIndex::ExtractionIndex() : impl_(std::make_unique<Impl>()) {}
ExtractionIndex::~ExtractionIndex() = default;

void ExtractionIndex::add(const std::string &source, const Extraction &extraction) {
  for (const ExtractedContent &content : extraction.contents) {
    auto [slot, inserted] = impl_->contents.try_emplace(content.fileName, json::Object());
    json::Object &object = *slot->second.getAsObject();
    if (inserted) {
      object["kind"] = content.kind == ContentKind::Ptx ? "ptx" : "cubin";
      object["blake3"] = content.hash.hex();
      object["size"] = static_cast<int64_t>(content.data.size());
      object["entries"] = json::Array();
    }
    json::Array &entries = *object.getArray("entries");
    for (size_t index : content.entries) {
      const EntryRecord &entry = extraction.entries[index];
      entries.push_back(json::Object{
          {"source", text(source)},
          {"location", text(entry.location)},
          {"container_offset", static_cast<int64_t>(entry.containerOffset)},
          {"entry_offset", static_cast<int64_t>(entry.entryOffset)},
          {"arch", archName(entry.smArch)},
          {"version", fmt::format("{}.{}", entry.majorVersion, entry.minorVersion)},
          {"compression", std::string(compressionName(entry.compression))},
          {"name", text(entry.name)},
      });
    }
  }
}

std::string ExtractionIndex::render() const {
  std::string out;
  llvm::raw_string_ostream stream(out);
  json::OStream writer(stream, 2);
  writer.object([&] {
    writer.attribute("format_version", 1);
    writer.attributeObject("contents", [&] {
      for (const auto &[name, object] : impl_->contents)
        writer.attribute(name, object);
    });
  });
  stream << '\n';
  stream.flush();
  return out;
}

} // namespace p2m::fatbin
