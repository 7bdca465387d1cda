// Test helper: builds fatbin containers byte by byte, so that tests control every field
// (including the wrong ones) without depending on nvcc.
#pragma once

#include "fatbin/FatbinContainer.h"

#include <cstdint>
#include <string>
#include <vector>

namespace p2m::fatbin::test {

struct TestEntry {
  uint16_t kind = 1; // PTX
  uint32_t smArch = 75;
  uint16_t major = 8;
  uint16_t minor = 5;
  std::vector<uint8_t> data; // PTX: the text (a NUL is appended); cubin: the bytes
  Compression compression = Compression::None;
  std::string name;
  uint64_t extraFlags = 0x11; // 64-bit, Linux host
  uint32_t extraPadding = 0;  // zeros added after the (8-byte padded) payload
};

std::vector<uint8_t> bytesOf(const std::string &text);
TestEntry ptxEntry(const std::string &text, uint32_t smArch = 75,
                   Compression compression = Compression::None);
TestEntry cubinEntry(const std::vector<uint8_t> &elf, uint32_t smArch = 80,
                     Compression compression = Compression::None);

// One container holding `entries`.
std::vector<uint8_t> buildFatbin(const std::vector<TestEntry> &entries);

// Field patching for malformed-input tests.
void put16(std::vector<uint8_t> &bytes, size_t offset, uint16_t value);
void put32(std::vector<uint8_t> &bytes, size_t offset, uint32_t value);
void put64(std::vector<uint8_t> &bytes, size_t offset, uint64_t value);

// Reads a committed input from tests/inputs/fatbin (fails the test when missing).
std::vector<uint8_t> readInput(const std::string &name);
std::string inputPath(const std::string &name);

} // namespace p2m::fatbin::test
