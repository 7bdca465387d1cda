// Internal to lib/fatbin: a format-neutral view of an object file's sections (name, address,
// file bytes) and the classification of the sections NVIDIA's tools put fatbins in.
#pragma once

#include "fatbin/ByteReader.h"
#include "fatbin/Result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace llvm::object {
class ObjectFile;
}

namespace p2m::fatbin {

enum class SectionRole {
  Other,      // may still hold fatbins (cuFFT keeps thousands in .ldata); scanned leniently
  FatbinData, // .nv_fatbin / __nv_relfatbin (Mach-O: __NV_CUDA,__nv_fatbin ...)
  Wrappers,   // .nvFatBinSegment (Mach-O: __NV_CUDA,__fatbin): 24-byte wrapper records
};

struct SectionInfo {
  std::string name; // for messages; Mach-O sections are shown as "SEGMENT,section"
  SectionRole role = SectionRole::Other;
  uint64_t formatIndex = 0; // the section's index in the object format's own numbering
  uint64_t address = 0;
  uint64_t size = 0;   // size in memory, which exceeds contents.size() for zero-fill
  Bytes contents;      // bytes in the file; empty for .bss-like sections
  bool mapped = false; // `address` is meaningful for address -> section lookups
};

// A byte inside a section: what a resolved pointer designates.
struct Location {
  size_t section = 0; // index into ObjectSections::sections
  uint64_t offset = 0;
};

struct ObjectSections {
  std::vector<SectionInfo> sections;
  // Sections that could not be read (bad offsets, names): reported, then ignored.
  std::vector<Error> problems;

  std::optional<size_t> findByFormatIndex(uint64_t formatIndex) const;
  // The mapped section whose memory range holds `address`; sections with file contents win
  // over zero-fill ones that overlap them (.tbss overlaps the next section in ELF).
  std::optional<Location> locate(uint64_t address) const;
};

// Collects the sections of `object`, whose data must lie inside `file` (error offsets are
// relative to `file`). Never fails as a whole: unreadable sections become problems.
ObjectSections collectSections(const llvm::object::ObjectFile &object, Bytes file);

// Classification by name, shared with the tests. `segment` is empty except for Mach-O.
SectionRole classifySection(std::string_view name, std::string_view segment, bool coff);

} // namespace p2m::fatbin
