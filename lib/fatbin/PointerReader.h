// Internal to lib/fatbin: reads the 64-bit pointers stored in fatbin wrappers the way the
// loader would see them, so that a wrapper can be followed to its fatbin without running
// anything. How a pointer is stored depends on the kind of file:
//   * relocatable objects (.o / .obj): a relocation against a symbol (ELF: explicit addend;
//     COFF and Mach-O: implicit addend in the section data);
//   * linked images: the address itself in the section data (GNU ld, PE base relocations,
//     Mach-O rebases), or zero plus a dynamic relocation carrying it (ELF RELA, as lld
//     writes by default).
#pragma once

#include "fatbin/ObjectSections.h"

#include <memory>
#include <string>

namespace p2m::fatbin {

struct PointerValue {
  enum class Kind {
    Null,       // the pointer is NULL (no relocation either)
    Target,     // it designates `target`
    Unresolved, // it cannot be followed statically; `reason` says why
  };
  Kind kind = Kind::Unresolved;
  Location target;
  std::string reason;
};

class PointerReader {
public:
  virtual ~PointerReader() = default;
  // Reads the pointer stored at `at`.
  virtual PointerValue read(Location at) = 0;
};

// Returns a reader for 64-bit little-endian ELF, COFF and Mach-O files; nullptr (with
// `whyNot` set) for anything else, whose wrappers are then not followed.
std::unique_ptr<PointerReader> makePointerReader(const llvm::object::ObjectFile &object,
                                                 const ObjectSections &sections,
                                                 std::string &whyNot);

} // namespace p2m::fatbin
