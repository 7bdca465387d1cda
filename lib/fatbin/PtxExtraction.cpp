#include "fatbin/PtxExtraction.h"

#include "fatbin/InputFile.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <utility>

namespace p2m::fatbin {

std::string contentFileName(ContentKind kind, uint32_t smArch, const ContentHash &hash,
                            size_t digits) {
  std::string stem = hash.hexPrefix(digits);
  if (kind == ContentKind::Ptx)
    return stem + ".ptx";
  return fmt::format("{}.{}.cubin", stem, archName(smArch));
}

Bytes ptxText(Bytes payload) {
  auto nul = std::find(payload.begin(), payload.end(), uint8_t(0));
  return payload.first(static_cast<size_t>(nul - payload.begin()));
}

namespace {

EntryRecord makeRecord(const FatbinBlob &blob, const Entry &entry) {
  EntryRecord record;
  record.containerOffset = blob.fileOffset;
  record.entryOffset = blob.fileOffset + entry.offset;
  record.location = blob.location;
  record.kind = entry.kind;
  record.smArch = entry.smArch;
  record.majorVersion = entry.majorVersion;
  record.minorVersion = entry.minorVersion;
  record.flags = entry.flags;
  record.compression = entry.compression;
  record.payloadSize = entry.payloadSize;
  record.compressedSize = entry.compressedSize;
  record.uncompressedSize = entry.uncompressedSize;
  record.name = entry.name;
  return record;
}

class Deduplicator {
public:
  explicit Deduplicator(Extraction &out) : out_(out) {}

  // Files the decoded data of entry `entryIndex` under its content hash.
  void add(size_t entryIndex, ContentKind kind, std::vector<uint8_t> data) {
    ContentHash hash = hashContent(data);
    auto [it, inserted] = byHash_.try_emplace({kind, hash}, out_.contents.size());
    EntryRecord &record = out_.entries[entryIndex];
    record.status = EntryStatus::Extracted;
    record.content = it->second;
    if (!inserted) {
      out_.contents[it->second].entries.push_back(entryIndex);
      return;
    }
    ExtractedContent content;
    content.kind = kind;
    content.smArch = record.smArch;
    content.hash = hash;
    content.data = std::move(data);
    content.entries.push_back(entryIndex);
    out_.contents.push_back(std::move(content));
  }

  // Names are given once all contents are known, so that two contents whose 16-digit prefixes
  // collide (not expected, but the names must never clash) both get full-length names.
  void assignNames() {
    std::map<std::string, unsigned> uses;
    for (const ExtractedContent &c : out_.contents)
      ++uses[contentFileName(c.kind, c.smArch, c.hash)];
    for (ExtractedContent &c : out_.contents) {
      std::string name = contentFileName(c.kind, c.smArch, c.hash);
      c.fileName = uses[name] > 1 ? contentFileName(c.kind, c.smArch, c.hash, 64) : name;
    }
  }

private:
  Extraction &out_;
  std::map<std::pair<ContentKind, ContentHash>, size_t> byHash_;
};

} // namespace

Extraction extract(const FatbinScan &scan, const ExtractOptions &options) {
  Extraction out;
  out.format = scan.format;
  out.errors = scan.errors;
  out.warnings = scan.warnings;
  Deduplicator dedup(out);
  ExtractionStats &stats = out.stats;

  for (const FatbinBlob &blob : scan.blobs) {
    ++stats.containers;
    for (const Entry &entry : blob.container.entries) {
      size_t index = out.entries.size();
      out.entries.push_back(makeRecord(blob, entry));
      EntryRecord &record = out.entries.back();
      ++stats.entries;
      if (!entry.isKnownKind()) {
        ++stats.unknownKindEntries;
        record.status = EntryStatus::SkippedUnknownKind;
        continue;
      }
      if (entry.isPtx())
        ++stats.ptxEntries;
      else
        ++stats.cubinEntries;
      if (entry.isCubin() && !options.cubins) {
        record.status = EntryStatus::NotRequested;
        continue;
      }

      Result<std::vector<uint8_t>> data = decodePayload(entry, options.maxEntrySize);
      if (!data) {
        ++stats.failedEntries;
        record.status = EntryStatus::Failed;
        out.errors.push_back(
            Error{fmt::format("cannot decode {} entry for {} at {:#x}: {}", kindName(entry.kind),
                              archName(entry.smArch), record.entryOffset, data.error().reason),
                  record.entryOffset});
        continue;
      }
      if (entry.isPtx()) {
        // Keep the text exactly as stored, minus the terminator and padding.
        size_t length = ptxText(*data).size();
        data->resize(length);
        dedup.add(index, ContentKind::Ptx, std::move(data).value());
      } else {
        dedup.add(index, ContentKind::Cubin, std::move(data).value());
      }
    }
  }
  dedup.assignNames();

  for (const ExtractedContent &content : out.contents) {
    if (content.kind == ContentKind::Ptx) {
      ++stats.distinctPtx;
      stats.ptxBytes += content.data.size();
    } else {
      ++stats.distinctCubins;
      stats.cubinBytes += content.data.size();
    }
  }
  return out;
}

std::vector<ContainerPtx> loadablePtx(const Extraction &extraction) {
  std::vector<ContainerPtx> out;
  std::map<uint64_t, size_t> byContainer;
  for (const EntryRecord &record : extraction.entries) {
    if (record.status != EntryStatus::Extracted || record.content == kNoContent ||
        extraction.contents[record.content].kind != ContentKind::Ptx)
      continue;
    auto [it, inserted] = byContainer.try_emplace(record.containerOffset, out.size());
    if (inserted) {
      out.push_back({record.containerOffset, record.location, record.smArch, record.content});
      continue;
    }
    ContainerPtx &best = out[it->second];
    if (record.smArch > best.smArch) {
      best.smArch = record.smArch;
      best.content = record.content;
    }
  }
  return out;
}

bool isRelocatableSection(std::string_view location) {
  // ELF __nv_relfatbin (in archives "member.o:__nv_relfatbin"), Mach-O __nv_relfatbin too.
  return location.find("relfatbin") != std::string_view::npos;
}

Result<Extraction> extractFromFile(const std::string &path, const ExtractOptions &options) {
  Result<InputFile> file = InputFile::open(path);
  if (!file)
    return std::move(file).error();
  Result<FatbinScan> scan = scanFatbins(file->bytes());
  if (!scan)
    return std::move(scan).error();
  // Everything kept in the Extraction is copied out of the file, which can now be unmapped.
  return extract(*scan, options);
}

} // namespace p2m::fatbin
