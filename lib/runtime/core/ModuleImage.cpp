// Image classification and PTX selection (ModuleImage.h); fatbin decoding is lib/fatbin's.
#include "runtime/core/ModuleImage.h"

#include "fatbin/Decompress.h"
#include "fatbin/FatbinFormat.h"
#include "fatbin/FatbinContainer.h"
#include "fatbin/ObjectFatbins.h"
#include "fatbin/PtxExtraction.h"
#include "runtime/core/Log.h"

#include <cstring>
#include <string_view>

namespace p2m::runtime {

namespace {

constexpr uint32_t kFatbinMagic = 0xBA55ED50;
constexpr uint64_t kFatbinHeaderBytes = 16;
// Only stops a corrupt size field from describing an absurd span.
constexpr uint64_t kMaxFatbinBytes = uint64_t(16) << 30;

uint32_t magicOf(std::span<const uint8_t> bytes) {
  return bytes.size() >= 4 ? fatbin::loadLE<uint32_t>(bytes, 0) : 0;
}

bool isElf(std::span<const uint8_t> bytes) {
  return bytes.size() >= 4 && std::memcmp(bytes.data(), "\x7f" "ELF", 4) == 0;
}

// PTX text is printable and carries a .version or .target directive; binary junk and
// other text formats are not sent to the translator as "PTX".
bool looksLikePtx(std::string_view text) {
  for (unsigned char c : text)
    if (c < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != '\f' && c != '\v')
      return false;
  return text.find(".version") != std::string_view::npos || text.find(".target") != std::string_view::npos;
}

RuntimeStatus ptxFromText(std::string_view text, std::string *ptx) {
  if (!looksLikePtx(text))
    return failure(RuntimeErrorCode::InvalidImage,
                   "the module image is neither PTX text, a fatbin nor a fatbin wrapper");
  ptx->assign(text);
  return succeeded();
}

using Translations = std::vector<fatbin::EmbeddedTranslation>;

// The translation entries made of the chosen PTX entry's architecture; one that does not
// decode is skipped (logged): the PTX is still there to translate.
void collectTranslations(const fatbin::Container &container, uint32_t smArch, Translations *out) {
  for (const fatbin::Entry &e : container.entries) {
    if (e.kind != fatbin::format::kKindTranslation || e.smArch != smArch)
      continue;
    fatbin::Result<fatbin::EmbeddedTranslation> t = fatbin::decodeTranslation(e.payload);
    if (t)
      out->push_back(std::move(*t));
    else
      logMessage("embedded translation skipped: " + fatbin::describe(t.error()));
  }
}

RuntimeStatus ptxFromFatbin(std::span<const uint8_t> bytes, std::string *ptx, Translations *translations) {
  fatbin::Result<fatbin::Container> container = fatbin::parseContainer(bytes);
  if (!container)
    return failure(RuntimeErrorCode::InvalidImage, "malformed fatbin: " + fatbin::describe(container.error()));
  const fatbin::Entry *best = nullptr;
  size_t cubins = 0;
  for (const fatbin::Entry &e : container->entries) {
    if (e.isCubin())
      ++cubins;
    if (e.isPtx() && (!best || e.smArch > best->smArch))
      best = &e;
  }
  if (!best) {
    if (cubins)
      return failure(RuntimeErrorCode::NoBinaryForGpu,
                     "the fatbin holds only cubins (" + std::to_string(cubins) +
                         "), which are NVIDIA machine code; ptx2metal translates PTX: rebuild with PTX "
                         "embedded (nvcc -gencode arch=compute_XX,code=compute_XX)");
    return failure(RuntimeErrorCode::InvalidImage, "the fatbin holds no PTX and no cubin");
  }
  fatbin::Result<std::vector<uint8_t>> data = fatbin::decodePayload(*best);
  if (!data)
    return failure(RuntimeErrorCode::InvalidImage,
                   "the fatbin's " + fatbin::archName(best->smArch) + " PTX entry cannot be decoded: " +
                       fatbin::describe(data.error()));
  fatbin::Bytes text = fatbin::ptxText(*data);
  if (translations)
    collectTranslations(*container, best->smArch, translations);
  return ptxFromText(std::string_view(reinterpret_cast<const char *>(text.data()), text.size()), ptx);
}

// The fatbin a pointer designates, its length read from its header.
RuntimeStatus fatbinSpanAt(const void *address, std::span<const uint8_t> *out) {
  if (!address)
    return failure(RuntimeErrorCode::InvalidImage, "the fatbin wrapper points to no fatbin");
  std::span<const uint8_t> header(static_cast<const uint8_t *>(address), kFatbinHeaderBytes);
  if (magicOf(header) != kFatbinMagic)
    return failure(RuntimeErrorCode::InvalidImage, "the fatbin wrapper does not point to a fatbin");
  uint64_t entries = fatbin::loadLE<uint64_t>(header, 8);
  if (entries > kMaxFatbinBytes)
    return failure(RuntimeErrorCode::InvalidImage, "the fatbin header claims an absurd size");
  *out = std::span<const uint8_t>(static_cast<const uint8_t *>(address), kFatbinHeaderBytes + entries);
  return succeeded();
}

RuntimeStatus ptxFromWrapper(std::span<const uint8_t> wrapper, std::string *ptx, Translations *translations) {
  if (wrapper.size() < 16)
    return failure(RuntimeErrorCode::InvalidImage, "truncated fatbin wrapper");
  uint64_t pointer = fatbin::loadLE<uint64_t>(wrapper, 8);
  std::span<const uint8_t> fatbinBytes;
  if (RuntimeStatus s = fatbinSpanAt(reinterpret_cast<const void *>(uintptr_t(pointer)), &fatbinBytes))
    return s;
  return ptxFromFatbin(fatbinBytes, ptx, translations);
}

} // namespace

RuntimeStatus ptxFromBytes(std::span<const uint8_t> bytes, std::string *ptx, bool followWrapperPointer,
                           Translations *translations) {
  uint32_t magic = magicOf(bytes);
  if (magic == kFatbinMagic)
    return ptxFromFatbin(bytes, ptx, translations);
  if (magic == kFatbinWrapperMagic) {
    if (!followWrapperPointer)
      return failure(RuntimeErrorCode::InvalidImage, "a fatbin wrapper read from a file: its pointer is meaningless");
    return ptxFromWrapper(bytes, ptx, translations);
  }
  if (isElf(bytes))
    return failure(RuntimeErrorCode::NoBinaryForGpu,
                   "the image is a cubin (NVIDIA machine code); ptx2metal translates PTX only");
  std::string_view text(reinterpret_cast<const char *>(bytes.data()), bytes.size());
  return ptxFromText(text.substr(0, text.find('\0')), ptx);
}

RuntimeStatus ptxFromImage(const void *image, std::string *ptx, Translations *translations) {
  if (!image)
    return failure(RuntimeErrorCode::InvalidValue, "the module image is null");
  const auto *p = static_cast<const uint8_t *>(image);
  // Look at the first bytes only as far as a NUL-terminated text would allow: a 1-byte
  // string must not be read as a 4-byte magic.
  size_t prefix = 0;
  while (prefix < 4 && p[prefix] != 0)
    ++prefix;
  if (prefix == 4) {
    uint32_t magic = magicOf(std::span<const uint8_t>(p, 4));
    if (magic == kFatbinMagic) {
      std::span<const uint8_t> bytes;
      if (RuntimeStatus s = fatbinSpanAt(image, &bytes))
        return s;
      return ptxFromFatbin(bytes, ptx, translations);
    }
    if (magic == kFatbinWrapperMagic)
      return ptxFromWrapper(std::span<const uint8_t>(p, 24), ptx, translations);
    if (isElf(std::span<const uint8_t>(p, 4)))
      return failure(RuntimeErrorCode::NoBinaryForGpu,
                     "the image is a cubin (NVIDIA machine code); ptx2metal translates PTX only");
  }
  return ptxFromText(std::string_view(reinterpret_cast<const char *>(p)), ptx);
}

RuntimeStatus ptxFromObject(std::span<const uint8_t> bytes, std::vector<ObjectPtx> *out) {
  fatbin::Result<fatbin::FatbinScan> scan = fatbin::scanFatbins(bytes);
  if (!scan)
    return failure(RuntimeErrorCode::InvalidImage, "not an object file or library: " + scan.error().reason);
  fatbin::Extraction extraction = fatbin::extract(*scan, {});
  for (const fatbin::ContainerPtx &c : fatbin::loadablePtx(extraction)) {
    const std::vector<uint8_t> &text = extraction.contents[c.content].data;
    out->push_back({c.location, std::string(text.begin(), text.end())});
  }
  if (!out->empty())
    return succeeded();
  if (extraction.stats.cubinEntries)
    return failure(RuntimeErrorCode::NoBinaryForGpu,
                   "its device code is cubins only (" + std::to_string(extraction.stats.cubinEntries) +
                       "), NVIDIA machine code; ptx2metal links PTX: rebuild with PTX embedded");
  return failure(RuntimeErrorCode::InvalidImage, "it holds no device code");
}

} // namespace p2m::runtime
