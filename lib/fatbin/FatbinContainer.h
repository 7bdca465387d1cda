// Parsing of one fatbin container (header 0xBA55ED50 followed by entries) from untrusted
// bytes. The parser never reads outside the given span and reports every inconsistency as
// an Error whose offset is relative to the start of the container.
#pragma once

#include "fatbin/ByteReader.h"
#include "fatbin/Result.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace p2m::fatbin {

enum class Compression { None, Lz4, Zstd };

struct Entry {
  uint64_t offset = 0;        // of the entry header, relative to the container start
  uint16_t kind = 0;          // raw value: 1 PTX, 2 ELF cubin, others unknown (kept, not guessed)
  uint16_t formatVersion = 0; // 0x0101 in every file seen so far
  uint32_t headerSize = 0;
  uint64_t payloadSize = 0;    // as stored, including padding
  uint32_t compressedSize = 0; // bytes of compressed data at the payload start (0 if none)
  uint32_t optionsOffset = 0;
  uint16_t minorVersion = 0; // PTX ISA version for PTX, ELF ABI version for cubins
  uint16_t majorVersion = 0;
  uint32_t smArch = 0; // 80 for sm_80 / compute_80
  uint64_t flags = 0;
  uint64_t uncompressedSize = 0; // 0 for uncompressed entries in files written by nvcc
  std::string name;              // often empty; the source file name in -G builds
  Compression compression = Compression::None;
  // The payload exactly as stored (compressed bytes plus padding when compressed). Points
  // into the span given to parseContainer, which must outlive the Entry.
  Bytes payload;

  bool isPtx() const;
  bool isCubin() const;
  bool isKnownKind() const { return isPtx() || isCubin(); }
  // The bytes that encode the data: the first compressedSize bytes when compressed (the rest
  // is padding), else the whole payload.
  Bytes storedData() const;
};

struct Container {
  uint16_t version = 0;
  uint16_t headerSize = 0;
  uint64_t entriesSize = 0;
  uint64_t size = 0; // header + entries: the bytes this container occupies
  std::vector<Entry> entries;
};

// True when `bytes` begins with the fatbin header magic (the container may still be invalid).
bool startsWithFatbinMagic(Bytes bytes);

// Parses the container that begins at bytes[0]. `bytes` may extend past its end (a fatbin
// inside a section); Container::size says how much it occupies.
Result<Container> parseContainer(Bytes bytes);

// Display helpers shared by the listing, the JSON index and error messages.
std::string_view kindName(uint16_t kind);        // "ptx", "cubin", "p2m-translation", "unknown"
std::string_view compressionName(Compression c); // "none", "lz4", "zstd"
std::string archName(uint32_t smArch);           // "sm_80"
std::string versionString(const Entry &entry);   // "9.0"

} // namespace p2m::fatbin
