// Writing fatbin containers (docs/FATBIN.md), the inverse of parseContainer: ptx2metal-nvcc
// writes the fatbin a program embeds, with its PTX entry and the translation entry beside it
// (EmbeddedTranslation.h). Entries are stored uncompressed with 64-byte headers; payloads are
// padded to 8 bytes, as nvcc's are.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace p2m::fatbin {

struct EntryToWrite {
  uint16_t kind = 0;   // format::kKindPtx, kKindTranslation, ...
  uint32_t smArch = 0; // 80 for sm_80
  uint16_t majorVersion = 0;
  uint16_t minorVersion = 0;
  std::string payload; // the bytes as they are to be stored (a PTX payload gets its NUL here)
};

// The host's flags (64-bit, and the operating system nvcc would name).
uint64_t hostEntryFlags();

// A PTX entry for `ptx`: the ISA version taken from its .version directive (0.0 when none).
EntryToWrite ptxEntry(std::string_view ptx, uint32_t smArch);

// One container holding `entries` in order.
std::string writeFatbin(const std::vector<EntryToWrite> &entries);

} // namespace p2m::fatbin
