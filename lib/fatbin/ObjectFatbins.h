// Finding the fatbin containers inside a file: a bare fatbin, an ELF / Mach-O / COFF object
// or image, a static archive, or a Mach-O universal binary.
//
// Three sources are combined, deduplicated by the container's file offset:
//   1. the fatbin sections (.nv_fatbin, __nv_relfatbin, Mach-O __NV_CUDA,__nv_fatbin ...),
//      scanned for the header magic; a malformed container there is an error;
//   2. the wrappers (.nvFatBinSegment), whose pointers are resolved through relocations;
//      they must lead to containers, normally ones already found by 1;
//   3. every other section with file contents, scanned for the magic and accepted only when
//      a complete, plausible container parses there (cuFFT keeps its kernels in .ldata,
//      referenced by no wrapper). Candidates that do not parse are counted, not reported.
#pragma once

#include "fatbin/ByteReader.h"
#include "fatbin/FatbinContainer.h"
#include "fatbin/Result.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace p2m::fatbin {

enum class BlobOrigin {
  FatbinFile,    // the input is a fatbin (or a concatenation of them)
  FatbinSection, // found in a fatbin section
  Wrapper,       // reached only through a wrapper
  SectionScan,   // found in another section
};
std::string_view originName(BlobOrigin origin);

struct FatbinBlob {
  uint64_t fileOffset = 0; // of the container header, in the scanned buffer
  std::string location;    // section ("member.o:.nv_fatbin" in archives); "" for a fatbin file
  BlobOrigin origin = BlobOrigin::FatbinFile;
  unsigned wrapperReferences = 0; // wrappers that point at this container
  Container container;            // its spans point into the scanned buffer
};

struct FatbinScan {
  std::string format;              // "fatbin", or LLVM's name: "elf64-x86-64", "COFF-x86-64" ...
  std::vector<FatbinBlob> blobs;   // in file order, each offset once
  std::vector<Error> errors;       // data that could not be read (offsets: scanned buffer)
  std::vector<Error> warnings;     // oddities that lost nothing
  unsigned wrappers = 0;           // wrapper records read
  unsigned resolvedPointers = 0;   // wrapper pointers followed to a container
  unsigned unresolvedPointers = 0; // pointers only known at run time (arrays in .bss ...)
  unsigned rejectedCandidates = 0; // magic outside fatbin sections not starting a container
};

// Scans a whole file held in memory. Fails only when the input is neither a fatbin nor a
// binary format LLVM can open; everything found is returned together with the problems met.
// The returned spans point into `file`, which must outlive the result.
Result<FatbinScan> scanFatbins(Bytes file);

} // namespace p2m::fatbin
