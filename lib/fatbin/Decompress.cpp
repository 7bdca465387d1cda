#include "fatbin/Decompress.h"

#include <fmt/format.h>
#include <lz4.h>
#include <zstd.h>

#include <climits>

namespace p2m::fatbin {

namespace {

// The best ratios either format can reach, used to reject headers that claim far more
// output than their input could possibly produce (a 10-byte payload "expanding" to 4 GiB):
// LZ4 spends at least one byte per 255 bytes of match length, and zstd's densest encoding
// is an RLE block, 4 bytes for at most 128 KiB. The slack covers headers and tiny inputs.
constexpr uint64_t kLz4MaxRatio = 255;
constexpr uint64_t kZstdMaxRatio = 32768;
constexpr uint64_t kRatioSlack = 1024;

// Common checks on the sizes declared by an entry before allocating the output.
std::optional<Error> checkSizes(const char *format, uint64_t compressed, uint64_t uncompressed,
                                uint64_t maxRatio, uint64_t maxSize) {
  if (uncompressed == 0)
    return Error{fmt::format("{} entry declares an uncompressed size of 0", format), 0};
  if (uncompressed > maxSize)
    return Error{fmt::format("{} entry declares an uncompressed size of {} bytes, above "
                             "the limit of {}",
                             format, uncompressed, maxSize),
                 0};
  // compressed fits in 32 bits (it comes from a u32 field), so this cannot overflow.
  if (uncompressed > compressed * maxRatio + kRatioSlack)
    return Error{fmt::format("{} entry declares {} uncompressed bytes from {} compressed "
                             "bytes, more than the format can encode",
                             format, uncompressed, compressed),
                 0};
  return std::nullopt;
}

} // namespace

Result<std::vector<uint8_t>> decompressLz4Block(Bytes compressed, uint64_t uncompressedSize,
                                                uint64_t maxSize) {
  if (auto error = checkSizes("LZ4", compressed.size(), uncompressedSize, kLz4MaxRatio, maxSize))
    return *error;
  // The LZ4 block API takes int sizes.
  if (compressed.size() > static_cast<uint64_t>(LZ4_MAX_INPUT_SIZE) ||
      uncompressedSize > static_cast<uint64_t>(INT_MAX))
    return Error{fmt::format("LZ4 block of {} -> {} bytes is too large for the LZ4 block API",
                             compressed.size(), uncompressedSize),
                 0};

  std::vector<uint8_t> out(static_cast<size_t>(uncompressedSize));
  // LZ4_decompress_safe never writes past the capacity nor reads past the input, and
  // returns a negative value on malformed input.
  int produced = LZ4_decompress_safe(
      reinterpret_cast<const char *>(compressed.data()), reinterpret_cast<char *>(out.data()),
      static_cast<int>(compressed.size()), static_cast<int>(out.size()));
  if (produced < 0)
    return Error{
        fmt::format("malformed LZ4 block (LZ4 error {}) of {} bytes", produced, compressed.size()),
        0};
  if (static_cast<uint64_t>(produced) != uncompressedSize)
    return Error{fmt::format("LZ4 block decoded to {} bytes, the entry declares {}", produced,
                             uncompressedSize),
                 0};
  return out;
}

Result<std::vector<uint8_t>> decompressZstdFrame(Bytes compressed, uint64_t uncompressedSize,
                                                 uint64_t maxSize) {
  if (auto error = checkSizes("zstd", compressed.size(), uncompressedSize, kZstdMaxRatio, maxSize))
    return *error;

  unsigned long long frameSize = ZSTD_getFrameContentSize(compressed.data(), compressed.size());
  if (frameSize == ZSTD_CONTENTSIZE_ERROR)
    return Error{"payload is not a zstd frame", 0};
  // Frames written without a content size are accepted; the entry header is then the only
  // source of the size and the decoder below still checks it.
  if (frameSize != ZSTD_CONTENTSIZE_UNKNOWN && frameSize != uncompressedSize)
    return Error{fmt::format("zstd frame holds {} bytes, the entry declares {}", frameSize,
                             uncompressedSize),
                 0};

  std::vector<uint8_t> out(static_cast<size_t>(uncompressedSize));
  size_t produced = ZSTD_decompress(out.data(), out.size(), compressed.data(), compressed.size());
  if (ZSTD_isError(produced))
    return Error{fmt::format("malformed zstd frame: {}", ZSTD_getErrorName(produced)), 0};
  if (produced != uncompressedSize)
    return Error{fmt::format("zstd frame decoded to {} bytes, the entry declares {}", produced,
                             uncompressedSize),
                 0};
  return out;
}

Result<std::vector<uint8_t>> decodePayload(const Entry &entry, uint64_t maxSize) {
  Bytes stored = entry.storedData();
  if (entry.compression == Compression::None) {
    if (stored.size() > maxSize)
      return Error{
          fmt::format("entry payload of {} bytes is above the limit of {}", stored.size(), maxSize),
          entry.offset};
    // nvcc leaves uncompressedSize at 0 here; should a writer record the unpadded size,
    // it is honoured so that the same data compares equal however it was stored.
    if (entry.uncompressedSize != 0 && entry.uncompressedSize < stored.size())
      stored = stored.first(static_cast<size_t>(entry.uncompressedSize));
    return std::vector<uint8_t>(stored.begin(), stored.end());
  }
  Result<std::vector<uint8_t>> result =
      entry.compression == Compression::Lz4
          ? decompressLz4Block(stored, entry.uncompressedSize, maxSize)
          : decompressZstdFrame(stored, entry.uncompressedSize, maxSize);
  if (!result)
    // Re-anchor the error at the entry so it can be located in the file.
    return Error{result.error().reason, entry.offset};
  return result;
}

} // namespace p2m::fatbin
