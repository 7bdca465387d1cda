// What cuModuleLoadData / cuModuleLoadFatBinary / cuModuleLoad receive, reduced to the one
// PTX text the runtime translates: NUL-terminated PTX text as is; a fatbin (header magic
// 0xBA55ED50) or a fatbin wrapper (0x466243B1, pointing to a fatbin) → the PTX entry of the
// highest architecture. A fatbin with cubins only, or a bare cubin (ELF), is
// NoBinaryForGpu: only PTX can be translated. Anything else is InvalidImage.
// A fatbin written by ptx2metal-nvcc also carries translations of its PTX (the entries of
// kind format::kKindTranslation for the chosen PTX entry's architecture); those are returned
// beside the PTX, for the loader to use in place of translating (PrebuiltModule.h).
#pragma once

#include "fatbin/EmbeddedTranslation.h"
#include "runtime/core/RuntimeError.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace p2m::runtime {

inline constexpr uint32_t kFatbinWrapperMagic = 0x466243B1;

// An image as cuModuleLoadData gets it: a pointer with no length. The length is taken from
// the fatbin header or the text's NUL, as NVIDIA's driver does; a wrapper's fatbin pointer
// is followed. Untrusted only as far as a pointer without a length can be.
RuntimeStatus ptxFromImage(const void *image, std::string *ptx,
                           std::vector<fatbin::EmbeddedTranslation> *translations = nullptr);

// The same for bytes of known length (a file for cuModuleLoad, fuzzing). A wrapper here is
// refused (its pointer means nothing outside the process that wrote it) unless
// `followWrapperPointer` is set.
RuntimeStatus ptxFromBytes(std::span<const uint8_t> bytes, std::string *ptx, bool followWrapperPointer = false,
                           std::vector<fatbin::EmbeddedTranslation> *translations = nullptr);

// The PTX inside a host object file or static library (cuLinkAddData's CU_JIT_INPUT_OBJECT and
// _LIBRARY): one text per fatbin container that holds PTX, its highest architecture's, in file
// order, each named by the section it was found in. A file with cubins only is NoBinaryForGpu,
// one with no device code InvalidImage.
struct ObjectPtx {
  std::string location; // "__nv_relfatbin", "member.o:__nv_relfatbin" in an archive
  std::string ptx;
};
RuntimeStatus ptxFromObject(std::span<const uint8_t> bytes, std::vector<ObjectPtx> *out);

} // namespace p2m::runtime
