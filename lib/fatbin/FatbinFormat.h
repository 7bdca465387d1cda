// The on-disk layout of NVIDIA fatbin containers and their host-side wrappers, as documented
// in docs/FATBIN.md. Only constants live here; parsing is in FatbinContainer.cpp and
// ObjectFatbins.cpp. All fields are little-endian.
#pragma once

#include <cstdint>

namespace p2m::fatbin::format {

// Container header (16 bytes): u32 magic, u16 version, u16 header size, u64 entries size.
inline constexpr uint32_t kFatbinMagic = 0xBA55ED50;
// Magic of the pre-CUDA-4.0 container format, recognised only to give a precise error.
inline constexpr uint32_t kLegacyFatbinMagic = 0x1EE55A01;
inline constexpr uint16_t kFatbinVersion = 1;
inline constexpr uint64_t kHeaderSize = 16;
inline constexpr uint64_t kHeaderVersionOffset = 4;
inline constexpr uint64_t kHeaderSizeOffset = 6;
inline constexpr uint64_t kHeaderEntriesSizeOffset = 8;

// Entry header (at least 64 bytes; the real size is stored in the header itself).
inline constexpr uint64_t kEntryMinHeaderSize = 64;
inline constexpr uint64_t kEntryKindOffset = 0;              // u16
inline constexpr uint64_t kEntryVersionOffset = 2;           // u16, 0x0101 in every known file
inline constexpr uint64_t kEntryHeaderSizeOffset = 4;        // u32
inline constexpr uint64_t kEntryPayloadSizeOffset = 8;       // u64, padded
inline constexpr uint64_t kEntryCompressedSizeOffset = 16;   // u32, 0 when uncompressed
inline constexpr uint64_t kEntryOptionsOffset = 20;          // u32 (meaning not fully known)
inline constexpr uint64_t kEntryMinorVersionOffset = 24;     // u16
inline constexpr uint64_t kEntryMajorVersionOffset = 26;     // u16
inline constexpr uint64_t kEntryArchOffset = 28;             // u32, e.g. 80 for sm_80
inline constexpr uint64_t kEntryNameOffsetOffset = 32;       // u32, relative to the entry
inline constexpr uint64_t kEntryNameLengthOffset = 36;       // u32
inline constexpr uint64_t kEntryFlagsOffset = 40;            // u64
inline constexpr uint64_t kEntryUncompressedSizeOffset = 56; // u64
inline constexpr uint16_t kEntryFormatVersion = 0x0101;

inline constexpr uint16_t kKindPtx = 1;
inline constexpr uint16_t kKindCubin = 2;
// ptx2metal's own entry: the translation of the container's PTX entry of the same
// architecture, made when the program was compiled (ptx2metal-nvcc). NVIDIA's tools use small
// kind values (1, 2, 4, 8 seen); this one spells "MP" and is skipped by NVIDIA's loaders.
// Its payload (uncompressed, 8-byte records) is described below and in docs/FATBIN.md.
inline constexpr uint16_t kKindTranslation = 0x504D;

// Translation payload: u32 magic, u16 layout version, u16 record count, then the records back
// to back, each u32 tag, u32 zero, u64 data size, the data, zero padding to 8 bytes.
inline constexpr uint32_t kTranslationMagic = 0x544D3250; // "P2MT"
inline constexpr uint16_t kTranslationLayoutVersion = 1;
inline constexpr uint64_t kTranslationHeaderSize = 8;
inline constexpr uint64_t kTranslationRecordHeaderSize = 16;
inline constexpr uint32_t kRecordPtxSha256 = 1;  // 64 lowercase hex digits of the PTX text
inline constexpr uint32_t kRecordOptions = 2;    // "key=value;..." the translation depended on
inline constexpr uint32_t kRecordReflection = 3; // the reflection JSON
inline constexpr uint32_t kRecordMsl = 4;        // the MSL text
inline constexpr uint32_t kRecordMetallib = 5;   // the metallib, where a Metal toolchain made one

inline constexpr uint64_t kFlag64Bit = 0x1;
inline constexpr uint64_t kFlagDebug = 0x2;
inline constexpr uint64_t kFlagLinux = 0x10;
inline constexpr uint64_t kFlagMac = 0x20;
inline constexpr uint64_t kFlagWindows = 0x40;
inline constexpr uint64_t kFlagCompressedLz4 = 0x2000;  // raw LZ4 block, no frame
inline constexpr uint64_t kFlagCompressedZstd = 0x8000; // regular zstd frame

// Host-side wrapper passed to __cudaRegisterFatBinary (24 bytes on 64-bit hosts):
// u32 magic, u32 version, u64 pointer to the fatbin, u64 filename (v1) or pointer to a
// NULL-terminated array of prelinked fatbins (v2).
inline constexpr uint32_t kWrapperMagic = 0x466243B1;
inline constexpr uint32_t kWrapperVersion = 1;
inline constexpr uint32_t kWrapperLinkedVersion = 2;
inline constexpr uint64_t kWrapperSize = 24;
inline constexpr uint64_t kWrapperFatbinPointerOffset = 8;
inline constexpr uint64_t kWrapperSecondPointerOffset = 16;

} // namespace p2m::fatbin::format
