// Device printf, host side: the module's printf buffer that kernels fill
// (emitters/msl/support/printf.h describes the layout; the constants here must match it) and
// the formatting of its records after a launch, each conversion with the host's snprintf as
// CUDA's driver does. Everything read from the buffer or from device memory is untrusted:
// every read is checked against the buffer or the allocation that holds the address.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>

namespace p2m::runtime {

// printf.h's constants.
inline constexpr uint32_t kPrintfHeaderBytes = 16;
inline constexpr uint32_t kPrintfRecordHeaderBytes = 16;
inline constexpr uint32_t kPrintfKindFormat = 0;
inline constexpr uint32_t kPrintfKindAssert = 1;
inline constexpr uint32_t kPrintfMaxArgs = 32;
inline constexpr uint32_t kPrintfMaxFormatBytes = 65536;

// A module's printf buffer: CUDA's default printf FIFO size.
inline constexpr uint64_t kPrintfBufferBytes = uint64_t(1) << 20;

// Device memory as the formatter reads it: the bytes from `address` to the end of the live
// allocation that holds it, empty when none does.
using DeviceBytes = std::function<std::span<const uint8_t>(uint64_t address)>;

// Makes `buffer` (header included) an empty printf buffer with room for records in all of
// the rest: done before each launch.
void resetPrintfBuffer(std::span<uint8_t> buffer);

struct PrintfOutput {
  std::string text;        // the records, formatted, in buffer order
  uint32_t dropped = 0;    // records the kernels could not fit into the buffer
  uint32_t undecodable = 0; // records skipped: a format outside device memory, an unknown
                            // kind, or a damaged record (which ends the buffer's decoding)
};

// Formats the records of a printf buffer (its bytes, header included).
PrintfOutput formatPrintfBuffer(std::span<const uint8_t> buffer, const DeviceBytes &memory);

} // namespace p2m::runtime
