// Listings, summaries and index.json: readable text and well-formed JSON.
#include "FatbinBuilder.h"

#include "fatbin/ExtractionReport.h"
#include "fatbin/ObjectFatbins.h"
#include "fatbin/PtxExtraction.h"

#include <catch2/catch.hpp>
#include <llvm/Support/JSON.h>

using namespace p2m::fatbin;
using namespace p2m::fatbin::test;

namespace {

Bytes view(const std::vector<uint8_t> &v) { return Bytes(v.data(), v.size()); }

llvm::json::Value parseJson(const std::string &text) {
  llvm::Expected<llvm::json::Value> value = llvm::json::parse(text);
  if (!value) {
    FAIL("invalid JSON: " << llvm::toString(value.takeError()));
  }
  return std::move(*value);
}

} // namespace

TEST_CASE("text listing names every entry", "[report]") {
  std::vector<uint8_t> file = readInput("kernel-debug.o");
  Result<FatbinScan> scan = scanFatbins(view(file));
  REQUIRE(scan.ok());
  std::string listing = formatListing("kernel-debug.o", *scan);
  CHECK_THAT(listing, Catch::StartsWith("kernel-debug.o: elf64-x86-64, 1 container, 1 entry\n"));
  CHECK_THAT(listing, Catch::Contains("in .nv_fatbin (fatbin-section, 1 wrapper reference)"));
  CHECK_THAT(listing, Catch::Contains("ptx    sm_75   9.0    zstd"));
  CHECK_THAT(listing, Catch::EndsWith("kernel.cu\n"));
}

TEST_CASE("JSON listing is valid JSON with the entry metadata", "[report]") {
  TestEntry odd = ptxEntry("x", 75);
  odd.kind = 8;
  odd.name = "bad\xff\xfename"; // not UTF-8: must still produce valid JSON
  std::vector<uint8_t> file = buildFatbin({ptxEntry(".version 8.5\n", 80, Compression::Lz4), odd});
  Result<FatbinScan> scan = scanFatbins(view(file));
  REQUIRE(scan.ok());
  JsonListing listing;
  listing.add("synthetic.fatbin", *scan);
  listing.addFailure("missing", Error{"No such file or directory", 0});
  llvm::json::Value json = parseJson(listing.render());
  llvm::json::Array *files = json.getAsArray();
  REQUIRE(files);
  REQUIRE(files->size() == 2);
  llvm::json::Object *first = (*files)[0].getAsObject();
  REQUIRE(first);
  CHECK(first->getString("format") == "fatbin");
  llvm::json::Array *containers = first->getArray("containers");
  REQUIRE(containers);
  llvm::json::Array *entries = (*containers)[0].getAsObject()->getArray("entries");
  REQUIRE(entries);
  REQUIRE(entries->size() == 2);
  llvm::json::Object *ptx = (*entries)[0].getAsObject();
  CHECK(ptx->getString("kind") == "ptx");
  CHECK(ptx->getString("arch") == "sm_80");
  CHECK(ptx->getString("version") == "8.5");
  CHECK(ptx->getString("compression") == "lz4");
  CHECK(ptx->getInteger("uncompressed_size") == 14);
  CHECK((*entries)[1].getAsObject()->getString("kind") == "unknown");
  CHECK((*entries)[1].getAsObject()->getInteger("kind_value") == 8);
}

TEST_CASE("index.json maps file names to the entries holding them", "[report]") {
  std::vector<uint8_t> a = buildFatbin({ptxEntry(".version 8.5\n// a\n", 75)});
  std::vector<uint8_t> b = buildFatbin({ptxEntry(".version 8.5\n// a\n", 80, Compression::Zstd),
                                        ptxEntry(".version 8.5\n// b\n", 86)});
  ExtractionIndex index;
  std::string firstName;
  for (auto [name, bytes] : {std::pair{"a.fatbin", &a}, std::pair{"b.fatbin", &b}}) {
    Result<FatbinScan> scan = scanFatbins(view(*bytes));
    REQUIRE(scan.ok());
    Extraction out = extract(*scan, {});
    if (firstName.empty())
      firstName = out.contents.at(0).fileName;
    index.add(name, out);
  }
  llvm::json::Value json = parseJson(index.render());
  llvm::json::Object *contents = json.getAsObject()->getObject("contents");
  REQUIRE(contents);
  CHECK(contents->size() == 2);
  llvm::json::Object *shared = contents->getObject(firstName);
  REQUIRE(shared);
  CHECK(shared->getString("kind") == "ptx");
  CHECK(shared->getString("blake3")->size() == 64);
  llvm::json::Array *entries = shared->getArray("entries");
  REQUIRE(entries);
  REQUIRE(entries->size() == 2);
  CHECK((*entries)[0].getAsObject()->getString("source") == "a.fatbin");
  CHECK((*entries)[1].getAsObject()->getString("source") == "b.fatbin");
  CHECK((*entries)[1].getAsObject()->getString("arch") == "sm_80");
  CHECK((*entries)[1].getAsObject()->getString("compression") == "zstd");
}

TEST_CASE("summary line and sizes", "[report]") {
  CHECK(formatSize(999) == "999 B");
  CHECK(formatSize(1500) == "1.5 KB");
  CHECK(formatSize(408'700'000) == "408.7 MB");
  CHECK(formatSize(1'400'000'000) == "1.40 GB");
  std::vector<uint8_t> file = readInput("kernel.fatbin");
  Result<FatbinScan> scan = scanFatbins(view(file));
  REQUIRE(scan.ok());
  Extraction out = extract(*scan, {});
  CHECK(formatSummary("k", out) ==
        "k: 1 container, 2 entries: 1 PTX (1 distinct, 667 B), 1 cubin, 0 skipped (unknown kind)");
}
