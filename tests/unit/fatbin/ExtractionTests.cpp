// extract(): decoding, NUL stripping, deduplication, naming, unknown kinds, and agreement
// between every container format and compression mode on the committed inputs.
#include "FatbinBuilder.h"

#include "fatbin/ContentHash.h"
#include "fatbin/ObjectFatbins.h"
#include "fatbin/PtxExtraction.h"

#include <catch2/catch.hpp>

#include <set>

using namespace p2m::fatbin;
using namespace p2m::fatbin::test;

namespace {

Bytes view(const std::vector<uint8_t> &v) { return Bytes(v.data(), v.size()); }

Extraction extractBytes(const std::vector<uint8_t> &file, bool cubins = false) {
  Result<FatbinScan> scan = scanFatbins(view(file));
  REQUIRE(scan.ok());
  ExtractOptions options;
  options.cubins = cubins;
  return extract(*scan, options);
}

std::string textOf(const ExtractedContent &content) {
  return std::string(content.data.begin(), content.data.end());
}

const std::string kPtxA = ".version 8.5\n.target sm_75\n.address_size 64\n// A\n";
const std::string kPtxB = ".version 8.5\n.target sm_80\n.address_size 64\n// B\n";

} // namespace

TEST_CASE("ptxText stops at the first NUL", "[extract]") {
  std::vector<uint8_t> payload = bytesOf("abc");
  payload.insert(payload.end(), {0, 0, 'x', 0});
  CHECK(ptxText(view(payload)).size() == 3);
  std::vector<uint8_t> unterminated = bytesOf("abc");
  CHECK(ptxText(view(unterminated)).size() == 3);
}

TEST_CASE("PTX is decoded, stripped and deduplicated by content", "[extract]") {
  std::vector<uint8_t> file =
      buildFatbin({ptxEntry(kPtxA, 75, Compression::None), ptxEntry(kPtxA, 75, Compression::Lz4),
                   ptxEntry(kPtxB, 80, Compression::Zstd), ptxEntry(kPtxA, 86, Compression::Zstd)});
  Extraction out = extractBytes(file);
  CHECK(out.errors.empty());
  CHECK(out.stats.entries == 4);
  CHECK(out.stats.ptxEntries == 4);
  CHECK(out.stats.distinctPtx == 2);
  CHECK(out.stats.ptxBytes == kPtxA.size() + kPtxB.size());
  REQUIRE(out.contents.size() == 2);
  CHECK(textOf(out.contents[0]) == kPtxA);
  CHECK(textOf(out.contents[1]) == kPtxB);
  CHECK(out.contents[0].entries == std::vector<size_t>{0, 1, 3});
  // Names derive from the BLAKE3 hash of the text alone.
  ContentHash hash = hashContent(view(bytesOf(kPtxA)));
  CHECK(out.contents[0].hash == hash);
  CHECK(out.contents[0].fileName == hash.hex().substr(0, 16) + ".ptx");
  CHECK(hash.hex().size() == 64);
  for (const EntryRecord &entry : out.entries)
    CHECK(entry.status == EntryStatus::Extracted);
  CHECK(out.entries[3].smArch == 86);
  CHECK(out.entries[2].compression == Compression::Zstd);
}

TEST_CASE("BLAKE3 matches the reference test vector", "[extract]") {
  // The empty input's BLAKE3 digest, from the BLAKE3 specification.
  CHECK(hashContent(Bytes()).hex() ==
        "af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262");
}

TEST_CASE("unknown kinds are skipped and counted; cubins only on request", "[extract]") {
  TestEntry unknown = ptxEntry("not really ptx", 75);
  unknown.kind = 8;
  std::vector<uint8_t> elf = bytesOf("\x7f"
                                     "ELF cubin bytes");
  elf.resize(64, 0);
  std::vector<uint8_t> file =
      buildFatbin({unknown, ptxEntry(kPtxA), cubinEntry(elf, 80, Compression::Lz4),
                   cubinEntry(elf, 80, Compression::None)});
  Extraction withoutCubins = extractBytes(file);
  CHECK(withoutCubins.errors.empty());
  CHECK(withoutCubins.stats.unknownKindEntries == 1);
  CHECK(withoutCubins.stats.cubinEntries == 2);
  CHECK(withoutCubins.stats.distinctCubins == 0);
  CHECK(withoutCubins.entries[0].status == EntryStatus::SkippedUnknownKind);
  CHECK(withoutCubins.entries[2].status == EntryStatus::NotRequested);
  CHECK(withoutCubins.contents.size() == 1);

  Extraction withCubins = extractBytes(file, /*cubins=*/true);
  CHECK(withCubins.stats.distinctCubins == 1); // LZ4 and stored copies are the same cubin
  REQUIRE(withCubins.contents.size() == 2);
  const ExtractedContent &cubin = withCubins.contents[1];
  CHECK(cubin.kind == ContentKind::Cubin);
  CHECK(cubin.data == elf);
  CHECK(cubin.fileName == cubin.hash.hexPrefix(16) + ".sm_80.cubin");
}

TEST_CASE("an entry that fails to decode is an error; the rest is extracted",
          "[extract][malformed]") {
  std::vector<uint8_t> file =
      buildFatbin({ptxEntry(kPtxA, 75, Compression::Zstd), ptxEntry(kPtxB)});
  file[16 + 64 + 5] ^= 0xFF; // inside the zstd frame
  Extraction out = extractBytes(file);
  CHECK(out.stats.failedEntries + out.stats.distinctPtx == 2);
  if (out.stats.failedEntries == 1) {
    CHECK(out.errors.size() == 1);
    CHECK(out.entries[0].status == EntryStatus::Failed);
  }
  CHECK(textOf(out.contents.back()) == kPtxB);
}

TEST_CASE("every format and compression mode yields the same PTX text", "[extract][inputs]") {
  // kernel.cu's PTX is stored zstd-compressed, LZ4-compressed and plain across these files.
  std::set<std::string> names;
  std::string text;
  for (const char *input : {"kernel.fatbin", "kernel-plain.fatbin", "kernel-lz4.fatbin",
                            "kernel-zstd.fatbin", "kernel.o", "fatbins.a"}) {
    INFO(input);
    Extraction out = extractBytes(readInput(input));
    CHECK(out.errors.empty());
    for (const ExtractedContent &content : out.contents) {
      names.insert(content.fileName);
      text = textOf(content);
    }
  }
  // Including the -rdc=true object in fatbins.a: for this kernel nvcc emits the same PTX.
  CHECK(names.size() == 1);
  Extraction plain = extractBytes(readInput("kernel-plain.fatbin"));
  REQUIRE(plain.contents.size() == 1);
  std::string ptx = textOf(plain.contents[0]);
  CHECK(ptx.find(".visible .entry scale(") != std::string::npos);
  CHECK(ptx.find('\0') == std::string::npos);
  CHECK(ptx.back() == '\n');
  Extraction zstd = extractBytes(readInput("kernel-zstd.fatbin"));
  CHECK(textOf(zstd.contents.at(0)) == ptx);
}

TEST_CASE("decompressed cubins equal the stored ones", "[extract][inputs]") {
  // kernel.fatbin stores the sm_80 cubin uncompressed, the other two compress it.
  std::set<std::string> cubins;
  for (const char *input : {"kernel.fatbin", "kernel-lz4.fatbin", "kernel-zstd.fatbin"}) {
    Extraction out = extractBytes(readInput(input), /*cubins=*/true);
    CHECK(out.errors.empty());
    for (const ExtractedContent &content : out.contents)
      if (content.kind == ContentKind::Cubin) {
        cubins.insert(content.fileName);
        CHECK(content.data.size() > 4);
        CHECK(content.data[0] == 0x7f);
        CHECK(content.data[1] == 'E');
      }
  }
  CHECK(cubins.size() == 1);
}

TEST_CASE("the hand-laid objects hold two distinct PTX texts", "[extract][inputs]") {
  for (const char *input :
       {"fatbin-elf.o", "libfatbin-lld.so", "libfatbin-bfd.so", "fatbin-macho.o",
        "libfatbin-macho.dylib", "fatbin-coff.obj", "fatbin-pe.dll"}) {
    INFO(input);
    Extraction out = extractBytes(readInput(input), /*cubins=*/true);
    CHECK(out.errors.empty());
    CHECK(out.stats.containers == 3);
    CHECK(out.stats.ptxEntries == 3);
    CHECK(out.stats.distinctPtx == 2);
    CHECK(out.stats.distinctCubins == 2);
  }
}

TEST_CASE("extractFromFile reports unreadable and unrecognised files", "[extract]") {
  Result<Extraction> missing = extractFromFile(inputPath("does-not-exist"), {});
  REQUIRE_FALSE(missing.ok());
  Result<Extraction> script = extractFromFile(inputPath("generate.sh"), {});
  REQUIRE_FALSE(script.ok());
  Result<Extraction> good = extractFromFile(inputPath("kernel.o"), {});
  REQUIRE(good.ok());
  CHECK(good->stats.distinctPtx == 1);
}
