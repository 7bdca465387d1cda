#include "fatbin/FatbinContainer.h"

#include "fatbin/FatbinFormat.h"

#include <fmt/format.h>

#include <cstring>

namespace p2m::fatbin {

namespace f = format;

bool Entry::isPtx() const { return kind == f::kKindPtx; }
bool Entry::isCubin() const { return kind == f::kKindCubin; }

Bytes Entry::storedData() const {
  if (compression == Compression::None)
    return payload;
  // parseContainer guarantees compressedSize <= payload.size() for compressed entries.
  return payload.first(compressedSize);
}

bool startsWithFatbinMagic(Bytes bytes) {
  auto magic = readLE<uint32_t>(bytes, 0);
  return magic && *magic == f::kFatbinMagic;
}

namespace {

// Parses the entry at `offset` (relative to the container); `end` is the end of the entries
// area, already known to lie inside `bytes`.
Result<Entry> parseEntry(Bytes bytes, uint64_t offset, uint64_t end) {
  uint64_t available = end - offset;
  if (available < f::kEntryMinHeaderSize)
    return Error{fmt::format("truncated fatbin entry header: {} bytes left, need at least {}",
                             available, f::kEntryMinHeaderSize),
                 offset};

  Bytes e = bytes.subspan(static_cast<size_t>(offset), static_cast<size_t>(available));
  Entry entry;
  entry.offset = offset;
  entry.kind = loadLE<uint16_t>(e, f::kEntryKindOffset);
  entry.formatVersion = loadLE<uint16_t>(e, f::kEntryVersionOffset);
  entry.headerSize = loadLE<uint32_t>(e, f::kEntryHeaderSizeOffset);
  entry.payloadSize = loadLE<uint64_t>(e, f::kEntryPayloadSizeOffset);
  entry.compressedSize = loadLE<uint32_t>(e, f::kEntryCompressedSizeOffset);
  entry.optionsOffset = loadLE<uint32_t>(e, f::kEntryOptionsOffset);
  entry.minorVersion = loadLE<uint16_t>(e, f::kEntryMinorVersionOffset);
  entry.majorVersion = loadLE<uint16_t>(e, f::kEntryMajorVersionOffset);
  entry.smArch = loadLE<uint32_t>(e, f::kEntryArchOffset);
  uint32_t nameOffset = loadLE<uint32_t>(e, f::kEntryNameOffsetOffset);
  uint32_t nameLength = loadLE<uint32_t>(e, f::kEntryNameLengthOffset);
  entry.flags = loadLE<uint64_t>(e, f::kEntryFlagsOffset);
  entry.uncompressedSize = loadLE<uint64_t>(e, f::kEntryUncompressedSizeOffset);

  if (entry.headerSize < f::kEntryMinHeaderSize)
    return Error{fmt::format("fatbin entry header size {} is smaller than the minimum {}",
                             entry.headerSize, f::kEntryMinHeaderSize),
                 offset};
  if (entry.headerSize > available)
    return Error{fmt::format("fatbin entry header size {} extends past the end of the "
                             "entries ({} bytes left)",
                             entry.headerSize, available),
                 offset};
  if (entry.payloadSize > available - entry.headerSize)
    return Error{fmt::format("fatbin entry payload of {} bytes extends past the end of the "
                             "entries ({} bytes left after the entry header)",
                             entry.payloadSize, available - entry.headerSize),
                 offset};
  uint64_t entrySize = entry.headerSize + entry.payloadSize;

  // The name may sit in the header extension or in the payload area; anywhere else would
  // mean reading another entry's bytes, so it is rejected.
  if (nameLength != 0) {
    if (!inBounds(entrySize, nameOffset, nameLength))
      return Error{fmt::format("fatbin entry name (offset {}, length {}) lies outside the "
                               "entry ({} bytes)",
                               nameOffset, nameLength, entrySize),
                   offset};
    const char *name = reinterpret_cast<const char *>(e.data()) + nameOffset;
    // Names are NUL-padded in some files; the text is what comes before the first NUL.
    entry.name.assign(name, strnlen(name, nameLength));
  }

  bool lz4 = entry.flags & f::kFlagCompressedLz4;
  bool zstd = entry.flags & f::kFlagCompressedZstd;
  if (lz4 && zstd)
    return Error{"fatbin entry is flagged as both LZ4- and zstd-compressed", offset};
  if (lz4 || zstd) {
    entry.compression = lz4 ? Compression::Lz4 : Compression::Zstd;
    if (entry.compressedSize == 0)
      return Error{"compressed fatbin entry has a compressed size of 0", offset};
    if (entry.compressedSize > entry.payloadSize)
      return Error{fmt::format("compressed size {} of fatbin entry exceeds its payload "
                               "size {}",
                               entry.compressedSize, entry.payloadSize),
                   offset};
  }
  // Uncompressed entries keep whatever compressedSize says: nvcc writes 0 there, and the
  // field has no meaning without a compression flag.

  entry.payload = e.subspan(entry.headerSize, static_cast<size_t>(entry.payloadSize));
  return entry;
}

} // namespace

Result<Container> parseContainer(Bytes bytes) {
  if (bytes.size() < f::kHeaderSize)
    return Error{
        fmt::format("truncated fatbin header: {} bytes, need {}", bytes.size(), f::kHeaderSize), 0};
  uint32_t magic = loadLE<uint32_t>(bytes, 0);
  if (magic == f::kLegacyFatbinMagic)
    return Error{"fatbin in the pre-CUDA 4.0 format (magic 0x1ee55a01) is not supported", 0};
  if (magic != f::kFatbinMagic)
    return Error{
        fmt::format("not a fatbin: magic is {:#010x}, expected {:#010x}", magic, f::kFatbinMagic),
        0};

  Container container;
  container.version = loadLE<uint16_t>(bytes, f::kHeaderVersionOffset);
  container.headerSize = loadLE<uint16_t>(bytes, f::kHeaderSizeOffset);
  container.entriesSize = loadLE<uint64_t>(bytes, f::kHeaderEntriesSizeOffset);
  if (container.version != f::kFatbinVersion)
    return Error{fmt::format("unsupported fatbin version {} (only version {} is known)",
                             container.version, f::kFatbinVersion),
                 f::kHeaderVersionOffset};
  if (container.headerSize < f::kHeaderSize)
    return Error{fmt::format("fatbin header size {} is smaller than {}", container.headerSize,
                             f::kHeaderSize),
                 f::kHeaderSizeOffset};
  if (container.headerSize > bytes.size())
    return Error{fmt::format("fatbin header size {} extends past the end of the input "
                             "({} bytes)",
                             container.headerSize, bytes.size()),
                 f::kHeaderSizeOffset};
  if (container.entriesSize > bytes.size() - container.headerSize)
    return Error{fmt::format("fatbin declares {} bytes of entries but only {} bytes follow "
                             "its header",
                             container.entriesSize, bytes.size() - container.headerSize),
                 f::kHeaderEntriesSizeOffset};

  container.size = container.headerSize + container.entriesSize;
  // Each entry consumes at least kEntryMinHeaderSize bytes, so this loop is bounded by the
  // input size whatever the header fields say.
  uint64_t offset = container.headerSize;
  while (offset < container.size) {
    Result<Entry> entry = parseEntry(bytes, offset, container.size);
    if (!entry)
      return std::move(entry).error();
    offset += entry->headerSize + entry->payloadSize;
    container.entries.push_back(std::move(entry).value());
  }
  return container;
}

std::string_view kindName(uint16_t kind) {
  switch (kind) {
  case f::kKindPtx:
    return "ptx";
  case f::kKindCubin:
    return "cubin";
  case f::kKindTranslation:
    return "p2m-translation";
  default:
    return "unknown";
  }
}

std::string_view compressionName(Compression c) {
  switch (c) {
  case Compression::None:
    return "none";
  case Compression::Lz4:
    return "lz4";
  case Compression::Zstd:
    return "zstd";
  }
  return "none";
}

std::string archName(uint32_t smArch) { return fmt::format("sm_{}", smArch); }

std::string versionString(const Entry &entry) {
  return fmt::format("{}.{}", entry.majorVersion, entry.minorVersion);
}

} // namespace p2m::fatbin
