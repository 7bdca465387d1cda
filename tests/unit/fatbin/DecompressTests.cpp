// LZ4 block and zstd frame decoding, and the size checks that guard them.
#include "FatbinBuilder.h"

#include "fatbin/Decompress.h"
#include "fatbin/FatbinContainer.h"

#include <catch2/catch.hpp>
#include <lz4.h>
#include <zstd.h>

using namespace p2m::fatbin;
using namespace p2m::fatbin::test;

namespace {

Bytes view(const std::vector<uint8_t> &v) { return Bytes(v.data(), v.size()); }

std::vector<uint8_t> sampleText() {
  std::string text;
  for (int i = 0; i < 200; ++i)
    text += "\tld.global.f32 %f" + std::to_string(i) + ", [%rd" + std::to_string(i % 7) + "];\n";
  return bytesOf(text);
}

std::vector<uint8_t> lz4(const std::vector<uint8_t> &data) {
  std::vector<uint8_t> out(static_cast<size_t>(LZ4_compressBound(static_cast<int>(data.size()))));
  int n = LZ4_compress_default(reinterpret_cast<const char *>(data.data()),
                               reinterpret_cast<char *>(out.data()), static_cast<int>(data.size()),
                               static_cast<int>(out.size()));
  REQUIRE(n > 0);
  out.resize(static_cast<size_t>(n));
  return out;
}

std::vector<uint8_t> zstd(const std::vector<uint8_t> &data) {
  std::vector<uint8_t> out(ZSTD_compressBound(data.size()));
  size_t n = ZSTD_compress(out.data(), out.size(), data.data(), data.size(), 3);
  REQUIRE(!ZSTD_isError(n));
  out.resize(n);
  return out;
}

} // namespace

TEST_CASE("LZ4 blocks round-trip", "[decompress]") {
  std::vector<uint8_t> data = sampleText();
  std::vector<uint8_t> packed = lz4(data);
  Result<std::vector<uint8_t>> out = decompressLz4Block(view(packed), data.size());
  REQUIRE(out.ok());
  CHECK(*out == data);
}

TEST_CASE("zstd frames round-trip", "[decompress]") {
  std::vector<uint8_t> data = sampleText();
  std::vector<uint8_t> packed = zstd(data);
  Result<std::vector<uint8_t>> out = decompressZstdFrame(view(packed), data.size());
  REQUIRE(out.ok());
  CHECK(*out == data);
}

TEST_CASE("declared sizes that do not match the data are errors", "[decompress][malformed]") {
  std::vector<uint8_t> data = sampleText();
  std::vector<uint8_t> packedLz4 = lz4(data);
  std::vector<uint8_t> packedZstd = zstd(data);

  CHECK_FALSE(decompressLz4Block(view(packedLz4), data.size() - 1).ok());
  CHECK_FALSE(decompressLz4Block(view(packedLz4), data.size() + 1).ok());
  CHECK_FALSE(decompressZstdFrame(view(packedZstd), data.size() - 1).ok());
  CHECK_FALSE(decompressZstdFrame(view(packedZstd), data.size() + 1).ok());
  // Zero, absurd, and more than the format could encode from so few bytes.
  for (uint64_t size : {uint64_t(0), uint64_t(5) << 30, ~uint64_t(0)}) {
    CHECK_FALSE(decompressLz4Block(view(packedLz4), size).ok());
    CHECK_FALSE(decompressZstdFrame(view(packedZstd), size).ok());
  }
  Result<std::vector<uint8_t>> ratio = decompressLz4Block(view(packedLz4).first(10), 100'000'000);
  REQUIRE_FALSE(ratio.ok());
  CHECK_THAT(ratio.error().reason, Catch::Contains("more than the format can encode"));
  // A caller-chosen limit applies too.
  CHECK_FALSE(decompressZstdFrame(view(packedZstd), data.size(), data.size() - 1).ok());
}

TEST_CASE("corrupt compressed data is an error, not a crash", "[decompress][malformed]") {
  std::vector<uint8_t> data = sampleText();
  std::vector<uint8_t> packedLz4 = lz4(data);
  std::vector<uint8_t> packedZstd = zstd(data);

  // Truncations.
  for (size_t n = 0; n < packedLz4.size(); n += 7)
    CHECK_FALSE(decompressLz4Block(view(packedLz4).first(n), data.size()).ok());
  for (size_t n = 0; n < packedZstd.size(); n += 7)
    CHECK_FALSE(decompressZstdFrame(view(packedZstd).first(n), data.size()).ok());

  // Garbage: never valid with these exact sizes, and must never read or write out of bounds.
  std::vector<uint8_t> garbage(256);
  for (size_t i = 0; i < garbage.size(); ++i)
    garbage[i] = static_cast<uint8_t>(i * 37 + 11);
  CHECK_FALSE(decompressZstdFrame(view(garbage), 4096).ok());
  (void)decompressLz4Block(view(garbage), 4096);

  // Byte flips in a real stream: the result is an error or data of exactly the right size.
  for (size_t i = 0; i < packedZstd.size(); i += 3) {
    std::vector<uint8_t> flipped = packedZstd;
    flipped[i] ^= 0x5A;
    Result<std::vector<uint8_t>> out = decompressZstdFrame(view(flipped), data.size());
    if (out.ok())
      CHECK(out->size() == data.size());
  }
  for (size_t i = 0; i < packedLz4.size(); i += 3) {
    std::vector<uint8_t> flipped = packedLz4;
    flipped[i] ^= 0x5A;
    Result<std::vector<uint8_t>> out = decompressLz4Block(view(flipped), data.size());
    if (out.ok())
      CHECK(out->size() == data.size());
  }
}

TEST_CASE("decodePayload dispatches on the entry's compression", "[decompress]") {
  std::string text = ".version 8.5\n.target sm_80\n";
  std::vector<uint8_t> blob =
      buildFatbin({ptxEntry(text, 80, Compression::None), ptxEntry(text, 80, Compression::Lz4),
                   ptxEntry(text, 80, Compression::Zstd)});
  Result<Container> c = parseContainer(view(blob));
  REQUIRE(c.ok());
  REQUIRE(c->entries.size() == 3);
  for (const Entry &entry : c->entries) {
    Result<std::vector<uint8_t>> data = decodePayload(entry);
    REQUIRE(data.ok());
    REQUIRE(data->size() >= text.size() + 1);
    CHECK(std::string(data->begin(), data->begin() + static_cast<long>(text.size())) == text);
    CHECK((*data)[text.size()] == 0);
  }
  // Compressed entries decode to exactly the declared size: text plus its NUL.
  CHECK(decodePayload(c->entries[1])->size() == text.size() + 1);
  CHECK(decodePayload(c->entries[2])->size() == text.size() + 1);
}

TEST_CASE("a compressed entry with a lying uncompressed size fails cleanly",
          "[decompress][malformed]") {
  std::vector<uint8_t> blob = buildFatbin({ptxEntry(".version 8.5\n", 80, Compression::Zstd)});
  put64(blob, 16 + 56, 1 << 20); // uncompressed size
  Result<Container> c = parseContainer(view(blob));
  REQUIRE(c.ok());
  Result<std::vector<uint8_t>> data = decodePayload(c->entries[0]);
  REQUIRE_FALSE(data.ok());
  CHECK(data.error().offset == 16); // anchored at the entry
}
