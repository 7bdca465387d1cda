// Mutated real inputs (flipped bytes, truncations, overwritten fields) must produce results
// or errors, never crashes or out-of-bounds accesses. Run under ASan/UBSan to make the
// second half of that claim checkable (meson setup -Db_sanitize=address,undefined).
#include "FatbinBuilder.h"

#include "fatbin/ExtractionReport.h"
#include "fatbin/ObjectFatbins.h"
#include "fatbin/PtxExtraction.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <random>

using namespace p2m::fatbin;
using namespace p2m::fatbin::test;

namespace {

// Exercises everything downstream of the bytes: scan, decode (cubins too), reports.
void process(const std::vector<uint8_t> &bytes) {
  Result<FatbinScan> scan = scanFatbins(Bytes(bytes.data(), bytes.size()));
  if (!scan)
    return;
  ExtractOptions options;
  options.cubins = true;
  options.maxEntrySize = 1 << 24; // keep hostile sizes cheap
  Extraction out = extract(*scan, options);
  (void)formatListing("mutant", *scan);
  (void)formatSummary("mutant", out);
  ExtractionIndex index;
  index.add("mutant", out);
  (void)index.render();
}

const char *const kInputs[] = {
    "kernel.fatbin",    "kernel-lz4.fatbin", "kernel-zstd.fatbin", "kernel.o",
    "kernel-rdc.o",     "kernel-debug.o",    "fatbins.a",          "fatbin-elf.o",
    "libfatbin-lld.so", "libfatbin-bfd.so",  "fatbin-macho.o",     "libfatbin-macho.dylib",
    "fatbin-coff.obj",  "fatbin-pe.dll",
};

// More rounds find more, but the suite must stay fast; raise locally when hunting.
#ifndef P2M_FATBIN_MUTATION_ROUNDS
#define P2M_FATBIN_MUTATION_ROUNDS 400
#endif
constexpr int kRounds = P2M_FATBIN_MUTATION_ROUNDS;

} // namespace

TEST_CASE("mutated inputs never crash the extractor", "[robustness]") {
  std::mt19937_64 random(20240229);
  for (const char *name : kInputs) {
    INFO(name);
    const std::vector<uint8_t> original = readInput(name);
    REQUIRE(original.size() > 64);
    std::uniform_int_distribution<size_t> position(0, original.size() - 1);

    for (int round = 0; round < kRounds; ++round) {
      std::vector<uint8_t> bytes = original;
      switch (round % 5) {
      case 0: // a few random bytes
        for (int i = 0; i < 1 + round % 7; ++i)
          bytes[position(random)] = static_cast<uint8_t>(random());
        break;
      case 1: // truncation
        bytes.resize(position(random));
        break;
      case 2: { // a 64-bit field set to an extreme value, aligned like real fields
        size_t at = position(random) & ~size_t(7);
        uint64_t values[] = {0, ~uint64_t(0), uint64_t(1) << 63, 0x7FFFFFFF, bytes.size()};
        uint64_t value = values[random() % 5];
        for (size_t i = 0; i < 8 && at + i < bytes.size(); ++i)
          bytes[at + i] = static_cast<uint8_t>(value >> (8 * i));
        break;
      }
      case 3: { // a zeroed range
        size_t at = position(random);
        size_t length = std::min<size_t>(bytes.size() - at, 1 + random() % 256);
        std::fill_n(bytes.begin() + static_cast<long>(at), length, uint8_t(0));
        break;
      }
      case 4: // random bytes everywhere after a random point
        for (size_t i = position(random); i < bytes.size(); i += 1 + random() % 16)
          bytes[i] = static_cast<uint8_t>(random());
        break;
      }
      process(bytes);
    }
  }
  SUCCEED("no crash");
}

TEST_CASE("random data behind valid magics never crashes", "[robustness]") {
  std::mt19937_64 random(7);
  const std::vector<std::vector<uint8_t>> magics = {
      {0x50, 0xED, 0x55, 0xBA},          // fatbin
      {0x7F, 'E', 'L', 'F', 2, 1, 1, 0}, // ELF64 LE
      {0xCF, 0xFA, 0xED, 0xFE},          // Mach-O 64
      {0xCA, 0xFE, 0xBA, 0xBE},          // Mach-O universal
      {'!', '<', 'a', 'r', 'c', 'h', '>', '\n'},
      {0x64, 0x86}, // COFF x86-64
      {'M', 'Z'},   // PE
  };
  for (const std::vector<uint8_t> &magic : magics) {
    for (int round = 0; round < 200; ++round) {
      std::vector<uint8_t> bytes = magic;
      size_t size = random() % 2048;
      for (size_t i = 0; i < size; ++i)
        bytes.push_back(static_cast<uint8_t>(random() % 4 == 0 ? random() : 0));
      process(bytes);
    }
  }
  SUCCEED("no crash");
}
