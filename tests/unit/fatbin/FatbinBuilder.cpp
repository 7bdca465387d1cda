#include "FatbinBuilder.h"

#include "fatbin/FatbinFormat.h"

#include <catch2/catch.hpp>
#include <lz4.h>
#include <zstd.h>

#include <fstream>
#include <iterator>

namespace p2m::fatbin::test {

namespace f = format;

std::vector<uint8_t> bytesOf(const std::string &text) {
  return std::vector<uint8_t>(text.begin(), text.end());
}

TestEntry ptxEntry(const std::string &text, uint32_t smArch, Compression compression) {
  TestEntry entry;
  entry.kind = f::kKindPtx;
  entry.smArch = smArch;
  entry.data = bytesOf(text);
  entry.compression = compression;
  return entry;
}

TestEntry cubinEntry(const std::vector<uint8_t> &elf, uint32_t smArch, Compression compression) {
  TestEntry entry;
  entry.kind = f::kKindCubin;
  entry.smArch = smArch;
  entry.major = 1;
  entry.minor = 8;
  entry.data = elf;
  entry.compression = compression;
  return entry;
}

void put16(std::vector<uint8_t> &bytes, size_t offset, uint16_t value) {
  for (size_t i = 0; i < 2; ++i)
    bytes.at(offset + i) = static_cast<uint8_t>(value >> (8 * i));
}
void put32(std::vector<uint8_t> &bytes, size_t offset, uint32_t value) {
  for (size_t i = 0; i < 4; ++i)
    bytes.at(offset + i) = static_cast<uint8_t>(value >> (8 * i));
}
void put64(std::vector<uint8_t> &bytes, size_t offset, uint64_t value) {
  for (size_t i = 0; i < 8; ++i)
    bytes.at(offset + i) = static_cast<uint8_t>(value >> (8 * i));
}

namespace {

size_t padded(size_t n) { return (n + 7) & ~size_t(7); }

std::vector<uint8_t> compress(const std::vector<uint8_t> &data, Compression compression) {
  std::vector<uint8_t> out;
  if (compression == Compression::Lz4) {
    out.resize(static_cast<size_t>(LZ4_compressBound(static_cast<int>(data.size()))));
    int n = LZ4_compress_default(reinterpret_cast<const char *>(data.data()),
                                 reinterpret_cast<char *>(out.data()),
                                 static_cast<int>(data.size()), static_cast<int>(out.size()));
    REQUIRE(n > 0);
    out.resize(static_cast<size_t>(n));
  } else {
    out.resize(ZSTD_compressBound(data.size()));
    size_t n = ZSTD_compress(out.data(), out.size(), data.data(), data.size(), 3);
    REQUIRE(!ZSTD_isError(n));
    out.resize(n);
  }
  return out;
}

} // namespace

std::vector<uint8_t> buildFatbin(const std::vector<TestEntry> &entries) {
  std::vector<uint8_t> body;
  for (const TestEntry &e : entries) {
    std::vector<uint8_t> data = e.data;
    if (e.kind == f::kKindPtx)
      data.push_back(0); // PTX is NUL-terminated
    std::vector<uint8_t> stored = data;
    uint64_t flags = e.extraFlags;
    uint32_t compressedSize = 0;
    uint64_t uncompressedSize = 0;
    if (e.compression != Compression::None) {
      stored = compress(data, e.compression);
      compressedSize = static_cast<uint32_t>(stored.size());
      uncompressedSize = data.size();
      flags |= e.compression == Compression::Lz4 ? f::kFlagCompressedLz4 : f::kFlagCompressedZstd;
    }
    stored.resize(padded(stored.size()) + e.extraPadding, 0);

    size_t nameSpace = e.name.empty() ? 0 : padded(e.name.size() + 1);
    uint32_t headerSize = static_cast<uint32_t>(f::kEntryMinHeaderSize + nameSpace);
    std::vector<uint8_t> header(headerSize, 0);
    put16(header, f::kEntryKindOffset, e.kind);
    put16(header, f::kEntryVersionOffset, f::kEntryFormatVersion);
    put32(header, f::kEntryHeaderSizeOffset, headerSize);
    put64(header, f::kEntryPayloadSizeOffset, stored.size());
    put32(header, f::kEntryCompressedSizeOffset, compressedSize);
    put16(header, f::kEntryMinorVersionOffset, e.minor);
    put16(header, f::kEntryMajorVersionOffset, e.major);
    put32(header, f::kEntryArchOffset, e.smArch);
    if (!e.name.empty()) {
      put32(header, f::kEntryNameOffsetOffset, static_cast<uint32_t>(f::kEntryMinHeaderSize));
      put32(header, f::kEntryNameLengthOffset, static_cast<uint32_t>(e.name.size()));
      std::copy(e.name.begin(), e.name.end(), header.begin() + f::kEntryMinHeaderSize);
    }
    put64(header, f::kEntryFlagsOffset, flags);
    put64(header, f::kEntryUncompressedSizeOffset, uncompressedSize);
    body.insert(body.end(), header.begin(), header.end());
    body.insert(body.end(), stored.begin(), stored.end());
  }
  std::vector<uint8_t> out(f::kHeaderSize, 0);
  put32(out, 0, f::kFatbinMagic);
  put16(out, f::kHeaderVersionOffset, f::kFatbinVersion);
  put16(out, f::kHeaderSizeOffset, static_cast<uint16_t>(f::kHeaderSize));
  put64(out, f::kHeaderEntriesSizeOffset, body.size());
  out.insert(out.end(), body.begin(), body.end());
  return out;
}

std::string inputPath(const std::string &name) {
  return std::string(P2M_FATBIN_TEST_INPUTS) + "/" + name;
}

std::vector<uint8_t> readInput(const std::string &name) {
  std::ifstream in(inputPath(name), std::ios::binary);
  INFO("input " << inputPath(name));
  REQUIRE(in.good());
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

} // namespace p2m::fatbin::test
