// Fatbin containers written (FatbinWriter.h); the layout constants are FatbinFormat.h's.
#include "fatbin/FatbinWriter.h"

#include "fatbin/FatbinFormat.h"

#include <charconv>

namespace p2m::fatbin {

namespace f = format;

namespace {

template <typename T> void storeLE(std::string &out, size_t offset, T value) {
  for (size_t i = 0; i < sizeof(T); ++i)
    out[offset + i] = static_cast<char>((static_cast<uint64_t>(value) >> (8 * i)) & 0xFF);
}

uint64_t padded(uint64_t size) { return (size + 7) & ~uint64_t(7); }

} // namespace

uint64_t hostEntryFlags() {
#if defined(__APPLE__)
  return f::kFlag64Bit | f::kFlagMac;
#elif defined(_WIN32)
  return f::kFlag64Bit | f::kFlagWindows;
#else
  return f::kFlag64Bit | f::kFlagLinux;
#endif
}

EntryToWrite ptxEntry(std::string_view ptx, uint32_t smArch) {
  EntryToWrite entry;
  entry.kind = f::kKindPtx;
  entry.smArch = smArch;
  // ".version 8.5": the entry header repeats the ISA version.
  if (size_t at = ptx.find(".version"); at != std::string_view::npos) {
    std::string_view rest = ptx.substr(at + 8);
    size_t start = rest.find_first_not_of(" \t");
    if (start != std::string_view::npos) {
      rest = rest.substr(start);
      unsigned major = 0, minor = 0;
      auto [dot, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), major);
      if (ec == std::errc() && dot < rest.data() + rest.size() && *dot == '.')
        std::from_chars(dot + 1, rest.data() + rest.size(), minor);
      entry.majorVersion = static_cast<uint16_t>(major);
      entry.minorVersion = static_cast<uint16_t>(minor);
    }
  }
  entry.payload.assign(ptx);
  entry.payload.push_back('\0');
  return entry;
}

std::string writeFatbin(const std::vector<EntryToWrite> &entries) {
  std::string out(f::kHeaderSize, '\0');
  for (const EntryToWrite &e : entries) {
    size_t at = out.size();
    uint64_t payloadSize = padded(e.payload.size());
    out.resize(at + f::kEntryMinHeaderSize, '\0');
    storeLE<uint16_t>(out, at + f::kEntryKindOffset, e.kind);
    storeLE<uint16_t>(out, at + f::kEntryVersionOffset, f::kEntryFormatVersion);
    storeLE<uint32_t>(out, at + f::kEntryHeaderSizeOffset, uint32_t(f::kEntryMinHeaderSize));
    storeLE<uint64_t>(out, at + f::kEntryPayloadSizeOffset, payloadSize);
    storeLE<uint16_t>(out, at + f::kEntryMinorVersionOffset, e.minorVersion);
    storeLE<uint16_t>(out, at + f::kEntryMajorVersionOffset, e.majorVersion);
    storeLE<uint32_t>(out, at + f::kEntryArchOffset, e.smArch);
    storeLE<uint64_t>(out, at + f::kEntryFlagsOffset, hostEntryFlags());
    out += e.payload;
    out.resize(at + f::kEntryMinHeaderSize + payloadSize, '\0');
  }
  storeLE<uint32_t>(out, 0, f::kFatbinMagic);
  storeLE<uint16_t>(out, f::kHeaderVersionOffset, f::kFatbinVersion);
  storeLE<uint16_t>(out, f::kHeaderSizeOffset, uint16_t(f::kHeaderSize));
  storeLE<uint64_t>(out, f::kHeaderEntriesSizeOffset, out.size() - f::kHeaderSize);
  return out;
}

} // namespace p2m::fatbin
