// FatbinWriter and the embedded translation entry, read back by parseContainer and
// decodeTranslation: what the driver writes, the runtime must read.
#include "fatbin/EmbeddedTranslation.h"
#include "fatbin/FatbinContainer.h"
#include "fatbin/FatbinFormat.h"
#include "fatbin/FatbinWriter.h"
#include "fatbin/PtxExtraction.h"

#include <catch2/catch.hpp>

using namespace p2m::fatbin;
namespace f = p2m::fatbin::format;

namespace {
Bytes view(const std::string &s) { return Bytes(reinterpret_cast<const uint8_t *>(s.data()), s.size()); }
const char *kPtx = ".version 8.5\n.target sm_80\n.address_size 64\n.visible .entry k() { ret; }\n";
} // namespace

TEST_CASE("a written PTX entry parses back with its version, architecture and text", "[writer]") {
  std::string blob = writeFatbin({ptxEntry(kPtx, 80)});
  REQUIRE(blob.size() % 8 == 0);
  Result<Container> c = parseContainer(view(blob));
  REQUIRE(c.ok());
  CHECK(c->size == blob.size());
  REQUIRE(c->entries.size() == 1);
  const Entry &e = c->entries[0];
  CHECK(e.isPtx());
  CHECK(e.smArch == 80);
  CHECK(e.majorVersion == 8);
  CHECK(e.minorVersion == 5);
  CHECK(e.compression == Compression::None);
  CHECK(e.flags & f::kFlag64Bit);
  Bytes text = ptxText(e.payload);
  CHECK(std::string(reinterpret_cast<const char *>(text.data()), text.size()) == kPtx);
}

TEST_CASE("a translation entry round-trips beside its PTX entry", "[writer]") {
  EmbeddedTranslation t;
  t.ptxSha256 = std::string(64, 'a');
  t.options = "msl-version=3.2 fp64=ieee f32-subnormals=flush";
  t.reflectionJson = "{\"kernels\":[]}";
  t.msl = "#include <metal_stdlib>\n"; // 24 bytes: no padding needed
  t.metallib = "MTLB\x01"; // odd size: padded
  EntryToWrite translation{f::kKindTranslation, 80, 0, 0, encodeTranslation(t)};
  std::string blob = writeFatbin({ptxEntry(kPtx, 80), translation});
  Result<Container> c = parseContainer(view(blob));
  REQUIRE(c.ok());
  REQUIRE(c->entries.size() == 2);
  CHECK(c->entries[1].kind == f::kKindTranslation);
  CHECK_FALSE(c->entries[1].isKnownKind());
  Result<EmbeddedTranslation> back = decodeTranslation(c->entries[1].payload);
  REQUIRE(back.ok());
  CHECK(back->ptxSha256 == t.ptxSha256);
  CHECK(back->options == "msl-version=3.2 fp64=ieee f32-subnormals=flush");
  CHECK(back->reflectionJson == t.reflectionJson);
  CHECK(back->msl == t.msl);
  CHECK(back->metallib == t.metallib);
}

TEST_CASE("a truncated or foreign translation payload is an error, not a crash", "[writer]") {
  EmbeddedTranslation t{std::string(64, 'b'), "o", "{}", "msl", ""};
  std::string payload = encodeTranslation(t);
  for (size_t cut : {size_t(0), size_t(4), size_t(8), size_t(20), payload.size() - 8})
    CHECK_FALSE(decodeTranslation(view(payload.substr(0, cut))).ok());
  std::string foreign = payload;
  foreign[0] = 'X';
  CHECK_FALSE(decodeTranslation(view(foreign)).ok());
  CHECK(decodeTranslation(view(payload)).ok());
}
