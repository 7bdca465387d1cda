// parseContainer on synthetic fatbins: every field, then every way the header can lie.
#include "FatbinBuilder.h"

#include "fatbin/FatbinContainer.h"
#include "fatbin/FatbinFormat.h"

#include <catch2/catch.hpp>

using namespace p2m::fatbin;
using namespace p2m::fatbin::test;
namespace f = p2m::fatbin::format;

namespace {
Bytes view(const std::vector<uint8_t> &v) { return Bytes(v.data(), v.size()); }
const char *kPtx = ".version 8.5\n.target sm_75\n.address_size 64\n";
} // namespace

TEST_CASE("a plain PTX entry is parsed field by field", "[container]") {
  TestEntry entry = ptxEntry(kPtx, 75);
  entry.name = "kernel.cu";
  std::vector<uint8_t> blob = buildFatbin({entry});
  Result<Container> c = parseContainer(view(blob));
  REQUIRE(c.ok());
  CHECK(c->version == 1);
  CHECK(c->headerSize == 16);
  CHECK(c->size == blob.size());
  REQUIRE(c->entries.size() == 1);
  const Entry &e = c->entries[0];
  CHECK(e.offset == 16);
  CHECK(e.isPtx());
  CHECK_FALSE(e.isCubin());
  CHECK(e.smArch == 75);
  CHECK(e.majorVersion == 8);
  CHECK(e.minorVersion == 5);
  CHECK(versionString(e) == "8.5");
  CHECK(archName(e.smArch) == "sm_75");
  CHECK(e.name == "kernel.cu");
  CHECK(e.compression == Compression::None);
  CHECK(e.flags == 0x11);
  // Payload: the text, its NUL, zero padding to 8 bytes.
  CHECK(e.payload.size() % 8 == 0);
  CHECK(std::string(reinterpret_cast<const char *>(e.payload.data())) == kPtx);
}

TEST_CASE("several entries, compression flags and padding", "[container]") {
  TestEntry lz4 = ptxEntry(kPtx, 80, Compression::Lz4);
  TestEntry zstd = cubinEntry(bytesOf("\x7f"
                                      "ELF fake cubin"),
                              90, Compression::Zstd);
  TestEntry padded = ptxEntry(kPtx, 86);
  padded.extraPadding = 64;
  std::vector<uint8_t> blob = buildFatbin({lz4, zstd, padded});
  Result<Container> c = parseContainer(view(blob));
  REQUIRE(c.ok());
  REQUIRE(c->entries.size() == 3);
  CHECK(c->entries[0].compression == Compression::Lz4);
  CHECK(c->entries[0].storedData().size() == c->entries[0].compressedSize);
  CHECK(c->entries[0].uncompressedSize == std::string(kPtx).size() + 1);
  CHECK(c->entries[1].compression == Compression::Zstd);
  CHECK(c->entries[1].isCubin());
  CHECK(c->entries[1].smArch == 90);
  CHECK(c->entries[2].payload.size() >= 64);
  CHECK(c->entries[2].smArch == 86);
}

TEST_CASE("unknown entry kinds are kept, not rejected", "[container]") {
  TestEntry odd = ptxEntry("opaque", 75);
  odd.kind = 8; // seen in cuFFT
  std::vector<uint8_t> blob = buildFatbin({odd, ptxEntry(kPtx)});
  Result<Container> c = parseContainer(view(blob));
  REQUIRE(c.ok());
  REQUIRE(c->entries.size() == 2);
  CHECK(c->entries[0].kind == 8);
  CHECK_FALSE(c->entries[0].isKnownKind());
  CHECK(kindName(8) == "unknown");
}

TEST_CASE("a container is delimited by its header inside a larger buffer", "[container]") {
  std::vector<uint8_t> blob = buildFatbin({ptxEntry(kPtx)});
  size_t size = blob.size();
  blob.resize(size + 100, 0xCC);
  Result<Container> c = parseContainer(view(blob));
  REQUIRE(c.ok());
  CHECK(c->size == size);
}

TEST_CASE("an empty container is valid", "[container]") {
  std::vector<uint8_t> blob = buildFatbin({});
  Result<Container> c = parseContainer(view(blob));
  REQUIRE(c.ok());
  CHECK(c->entries.empty());
  CHECK(c->size == 16);
}

TEST_CASE("malformed headers are errors with offsets", "[container][malformed]") {
  std::vector<uint8_t> good = buildFatbin({ptxEntry(kPtx)});

  SECTION("empty and truncated headers") {
    for (size_t n = 0; n < 16; ++n) {
      Result<Container> c = parseContainer(view(good).first(n));
      REQUIRE_FALSE(c.ok());
      CHECK_THAT(c.error().reason, Catch::Contains("truncated fatbin header"));
    }
  }
  SECTION("wrong magic") {
    std::vector<uint8_t> bad = good;
    put32(bad, 0, 0x12345678);
    Result<Container> c = parseContainer(view(bad));
    REQUIRE_FALSE(c.ok());
    CHECK_THAT(c.error().reason, Catch::Contains("not a fatbin"));
  }
  SECTION("pre-CUDA-4 magic") {
    std::vector<uint8_t> bad = good;
    put32(bad, 0, f::kLegacyFatbinMagic);
    Result<Container> c = parseContainer(view(bad));
    REQUIRE_FALSE(c.ok());
    CHECK_THAT(c.error().reason, Catch::Contains("pre-CUDA 4.0"));
  }
  SECTION("unknown version") {
    std::vector<uint8_t> bad = good;
    put16(bad, 4, 7);
    Result<Container> c = parseContainer(view(bad));
    REQUIRE_FALSE(c.ok());
    CHECK(c.error().offset == 4);
  }
  SECTION("header size too small or beyond the input") {
    std::vector<uint8_t> bad = good;
    put16(bad, 6, 8);
    CHECK_FALSE(parseContainer(view(bad)).ok());
    put16(bad, 6, 0xFFFF);
    CHECK_FALSE(parseContainer(view(bad)).ok());
  }
  SECTION("entries size beyond the input, including values that overflow when added") {
    for (uint64_t size :
         {uint64_t(good.size()), ~uint64_t(0), ~uint64_t(0) - 15, uint64_t(1) << 63}) {
      std::vector<uint8_t> bad = good;
      put64(bad, 8, size);
      Result<Container> c = parseContainer(view(bad));
      REQUIRE_FALSE(c.ok());
      CHECK(c.error().offset == 8);
    }
  }
  SECTION("entries area too short for an entry header") {
    std::vector<uint8_t> bad = good;
    put64(bad, 8, 10);
    Result<Container> c = parseContainer(view(bad));
    REQUIRE_FALSE(c.ok());
    CHECK_THAT(c.error().reason, Catch::Contains("truncated fatbin entry header"));
    CHECK(c.error().offset == 16);
  }
}

TEST_CASE("malformed entries are errors, whatever the sizes say", "[container][malformed]") {
  std::vector<uint8_t> good = buildFatbin({ptxEntry(kPtx), ptxEntry(kPtx, 80)});
  const size_t e = 16; // first entry

  SECTION("entry header size below 64") {
    std::vector<uint8_t> bad = good;
    put32(bad, e + 4, 32);
    CHECK_FALSE(parseContainer(view(bad)).ok());
  }
  SECTION("entry header size beyond the entries") {
    std::vector<uint8_t> bad = good;
    put32(bad, e + 4, 0xFFFFFFF0);
    CHECK_FALSE(parseContainer(view(bad)).ok());
  }
  SECTION("payload size overflowing") {
    for (uint64_t size : {~uint64_t(0), ~uint64_t(0) - 63, uint64_t(good.size())}) {
      std::vector<uint8_t> bad = good;
      put64(bad, e + 8, size);
      Result<Container> c = parseContainer(view(bad));
      REQUIRE_FALSE(c.ok());
      CHECK(c.error().offset == e);
    }
  }
  SECTION("name outside the entry") {
    std::vector<uint8_t> bad = good;
    put32(bad, e + 32, 60);
    put32(bad, e + 36, 0xFFFFFFFF);
    Result<Container> c = parseContainer(view(bad));
    REQUIRE_FALSE(c.ok());
    CHECK_THAT(c.error().reason, Catch::Contains("name"));
  }
  SECTION("both compression flags") {
    std::vector<uint8_t> bad = good;
    put64(bad, e + 40, 0x11 | f::kFlagCompressedLz4 | f::kFlagCompressedZstd);
    put32(bad, e + 16, 8);
    CHECK_FALSE(parseContainer(view(bad)).ok());
  }
  SECTION("compressed size of zero or beyond the payload") {
    std::vector<uint8_t> bad = good;
    put64(bad, e + 40, 0x11 | f::kFlagCompressedZstd);
    put32(bad, e + 16, 0);
    CHECK_FALSE(parseContainer(view(bad)).ok());
    put32(bad, e + 16, 0xFFFFFFFF);
    Result<Container> c = parseContainer(view(bad));
    REQUIRE_FALSE(c.ok());
    CHECK_THAT(c.error().reason, Catch::Contains("exceeds its payload"));
  }
  SECTION("second entry truncated by the container size") {
    std::vector<uint8_t> bad = good;
    uint64_t entries = good.size() - 16;
    put64(bad, 8, entries - 8);
    Result<Container> c = parseContainer(view(bad).first(bad.size() - 8));
    REQUIRE_FALSE(c.ok());
    CHECK(c.error().offset > e);
  }
}
