// Decompression of fatbin entry payloads: LZ4 raw blocks (flag 0x2000) and zstd frames
// (flag 0x8000). Sizes come from the untrusted entry header, so every output size is
// checked before anything is allocated.
#pragma once

#include "fatbin/ByteReader.h"
#include "fatbin/FatbinContainer.h"
#include "fatbin/Result.h"

#include <cstdint>
#include <vector>

namespace p2m::fatbin {

// No real entry comes near this (the largest PTX text in the CUDA 13 libraries is tens of
// MB); it only stops a corrupt size field from asking for an absurd allocation.
inline constexpr uint64_t kMaxUncompressedSize = uint64_t(4) << 30;

// Decodes `compressed` (exactly the compressed bytes, no padding), which must produce
// exactly `uncompressedSize` bytes. Errors carry offset 0 (relative to the compressed data).
Result<std::vector<uint8_t>> decompressLz4Block(Bytes compressed, uint64_t uncompressedSize,
                                                uint64_t maxSize = kMaxUncompressedSize);
Result<std::vector<uint8_t>> decompressZstdFrame(Bytes compressed, uint64_t uncompressedSize,
                                                 uint64_t maxSize = kMaxUncompressedSize);

// The data an entry encodes: decompressed if it is compressed, otherwise a copy of the
// stored payload (padding included, unless the entry records a smaller uncompressed size).
// Error offsets are relative to the container holding the entry.
Result<std::vector<uint8_t>> decodePayload(const Entry &entry,
                                           uint64_t maxSize = kMaxUncompressedSize);

} // namespace p2m::fatbin
