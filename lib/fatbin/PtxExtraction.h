// Turning the fatbins of a file into distinct PTX texts (and optionally cubins): decode every
// entry, strip the NUL padding from PTX, deduplicate by content hash and name each distinct
// content after its hash. The same text appears once per fatbin that includes it (cuFFT
// holds ~24,000 containers for 8,131 texts), hence the deduplication.
#pragma once

#include "fatbin/ContentHash.h"
#include "fatbin/Decompress.h"
#include "fatbin/FatbinContainer.h"
#include "fatbin/ObjectFatbins.h"
#include "fatbin/Result.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace p2m::fatbin {

enum class ContentKind { Ptx, Cubin };

struct ExtractOptions {
  bool cubins = false; // decode cubins too (PTX is always decoded)
  uint64_t maxEntrySize = kMaxUncompressedSize;
};

enum class EntryStatus {
  Extracted,          // decoded; `content` says where its data went
  NotRequested,       // a cubin while ExtractOptions::cubins is off
  SkippedUnknownKind, // kind is neither PTX nor cubin (cuFFT has kind 8): counted, not decoded
  Failed,             // could not be decoded; an error was recorded
};

inline constexpr size_t kNoContent = ~size_t(0);

// One entry of one container, with the metadata worth keeping once the bytes are gone.
struct EntryRecord {
  uint64_t containerOffset = 0; // file offsets
  uint64_t entryOffset = 0;
  std::string location; // section holding the container
  uint16_t kind = 0;
  uint32_t smArch = 0;
  uint16_t majorVersion = 0;
  uint16_t minorVersion = 0;
  uint64_t flags = 0;
  Compression compression = Compression::None;
  uint64_t payloadSize = 0;
  uint32_t compressedSize = 0;
  uint64_t uncompressedSize = 0;
  std::string name;
  EntryStatus status = EntryStatus::Extracted;
  size_t content = kNoContent; // index into Extraction::contents when Extracted
};

struct ExtractedContent {
  ContentKind kind = ContentKind::Ptx;
  uint32_t smArch = 0; // of the first entry that held it
  ContentHash hash;
  std::string fileName;        // "<16 hex digits>.ptx" or "<16 hex digits>.sm_80.cubin"
  std::vector<uint8_t> data;   // PTX text without NULs, or the cubin ELF
  std::vector<size_t> entries; // indices into Extraction::entries
};

struct ExtractionStats {
  uint64_t containers = 0;
  uint64_t entries = 0;
  uint64_t ptxEntries = 0;
  uint64_t cubinEntries = 0;
  uint64_t unknownKindEntries = 0;
  uint64_t failedEntries = 0;
  uint64_t distinctPtx = 0;
  uint64_t distinctCubins = 0;
  uint64_t ptxBytes = 0;   // of the distinct texts
  uint64_t cubinBytes = 0; // of the distinct cubins
};

struct Extraction {
  std::string format; // as in FatbinScan
  std::vector<EntryRecord> entries;
  std::vector<ExtractedContent> contents; // in order of first appearance
  std::vector<Error> errors;              // scan errors plus entries that failed to decode
  std::vector<Error> warnings;
  ExtractionStats stats;
};

// The file name a content gets: the first `digits` hex digits of its hash (16 unless two
// different contents share them), then ".ptx" or ".sm_XX.cubin".
std::string contentFileName(ContentKind kind, uint32_t smArch, const ContentHash &hash,
                            size_t digits = 16);

// PTX text is NUL-terminated inside a zero-padded payload: the text is what precedes the
// first NUL (all of it when there is none).
Bytes ptxText(Bytes payload);

// The PTX a module loader takes from one container: its PTX entry of the highest architecture
// (the first of them), as the runtime does when it loads a fatbin (runtime/core/ModuleImage.h).
struct ContainerPtx {
  uint64_t containerOffset = 0;
  std::string location; // the section holding the container
  uint32_t smArch = 0;
  size_t content = kNoContent; // into Extraction::contents
};

// One per container that holds decoded PTX, in file order.
std::vector<ContainerPtx> loadablePtx(const Extraction &extraction);

// Whether containers in this section hold relocatable device code (nvcc -rdc=true keeps each
// translation unit's fatbin in __nv_relfatbin; the device-link step registers them together).
bool isRelocatableSection(std::string_view location);

// Decodes every entry found by `scan`, whose spans must still be valid.
Extraction extract(const FatbinScan &scan, const ExtractOptions &options);

// scanFatbins + extract on a file. Fails only when the file cannot be read or is not a
// fatbin / object file; problems inside it are in Extraction::errors.
Result<Extraction> extractFromFile(const std::string &path, const ExtractOptions &options);

} // namespace p2m::fatbin
