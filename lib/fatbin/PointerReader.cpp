#include "fatbin/PointerReader.h"

#include <fmt/format.h>
#include <llvm/BinaryFormat/ELF.h>
#include <llvm/Object/COFF.h>
#include <llvm/Object/ELFObjectFile.h>
#include <llvm/Object/MachO.h>
#include <llvm/Object/ObjectFile.h>
#include <llvm/Support/Error.h>

#include <map>
#include <unordered_map>
#include <utility>

namespace p2m::fatbin {

using namespace llvm::object;

namespace {

PointerValue null() { return {PointerValue::Kind::Null, {}, {}}; }
PointerValue target(Location location) { return {PointerValue::Kind::Target, location, {}}; }
PointerValue unresolved(std::string reason) {
  return {PointerValue::Kind::Unresolved, {}, std::move(reason)};
}

PointerValue locateAddress(const ObjectSections &sections, uint64_t address) {
  if (std::optional<Location> location = sections.locate(address))
    return target(*location);
  return unresolved(fmt::format("address {:#x} lies in no section of the file", address));
}

// Reads the stored 64-bit value; a pointer in a zero-fill section (or past the section's
// file bytes) is only known at run time.
std::optional<uint64_t> storedValue(const ObjectSections &sections, Location at) {
  return readLE<uint64_t>(sections.sections[at.section].contents, at.offset);
}

// ELF through llvm::object::ELFFile, whose accessors all return Expected: the generic
// RelocationRef API calls report_fatal_error on out-of-range relocation entries.
class ElfPointerReader final : public PointerReader {
public:
  ElfPointerReader(const ELFFile<ELF64LE> &elf, const ObjectSections &sections, bool relocatable)
      : elf_(elf), sections_(sections), relocatable_(relocatable) {}

  PointerValue read(Location at) override {
    const SectionInfo &section = sections_.sections[at.section];
    std::optional<uint64_t> stored = storedValue(sections_, at);
    if (!stored)
      return unresolved(fmt::format("the pointer lies outside the file bytes of section {} "
                                    "(filled at run time)",
                                    section.name));
    indexRelocations();
    if (relocatable_) {
      auto it = static_.find({section.formatIndex, at.offset});
      if (it == static_.end())
        return *stored == 0 ? null()
                            : unresolved("non-null pointer without a relocation in a "
                                         "relocatable object");
      // SHT_REL keeps the addend in the section data.
      return viaSymbol(it->second, it->second.explicitAddend ? it->second.addend : *stored);
    }
    // Linked image. GNU ld also stores the target in the data of a RELA relocation; lld
    // (without --apply-dynamic-relocs) leaves zero there and only the relocation has it.
    if (*stored != 0)
      return locateAddress(sections_, *stored);
    auto it = dynamic_.find(section.address + at.offset);
    if (it == dynamic_.end())
      return null();
    return viaSymbol(it->second, it->second.addend);
  }

private:
  struct Reloc {
    const ELF64LE::Shdr *symtab = nullptr;
    uint32_t symbol = 0;
    uint64_t addend = 0;
    bool explicitAddend = false;
  };

  // Relocatable objects: the relocation sections that apply to other sections (SHT_RELA /
  // SHT_REL with sh_info naming the target). Linked images: the dynamic relocations, i.e.
  // the allocated relocation sections, keyed by the address they patch.
  void indexRelocations() {
    if (indexed_)
      return;
    indexed_ = true;
    auto headers = elf_.sections();
    if (!headers) {
      llvm::consumeError(headers.takeError());
      return;
    }
    for (const ELF64LE::Shdr &header : *headers) {
      if (header.sh_type != llvm::ELF::SHT_RELA && header.sh_type != llvm::ELF::SHT_REL)
        continue;
      bool dynamic = header.sh_flags & llvm::ELF::SHF_ALLOC;
      // A linked image may also carry static relocations (--emit-relocs); they describe the
      // link, not the loaded image, so only the dynamic ones are used there.
      if (dynamic == relocatable_)
        continue;
      const ELF64LE::Shdr *symtab = nullptr;
      if (header.sh_link != 0) {
        if (auto linked = elf_.getSection(header.sh_link))
          symtab = *linked;
        else
          llvm::consumeError(linked.takeError());
      }
      auto add = [&](uint64_t offset, uint32_t symbol, uint64_t addend, bool explicitAddend) {
        Reloc reloc{symtab, symbol, addend, explicitAddend};
        if (relocatable_)
          static_.emplace(std::make_pair(uint64_t(header.sh_info), offset), reloc);
        else
          dynamic_.emplace(offset, reloc);
      };
      if (header.sh_type == llvm::ELF::SHT_RELA) {
        auto relocations = elf_.relas(header);
        if (!relocations) {
          llvm::consumeError(relocations.takeError());
          continue;
        }
        for (const ELF64LE::Rela &r : *relocations)
          add(r.r_offset, r.getSymbol(false), static_cast<uint64_t>(r.r_addend), true);
      } else {
        auto relocations = elf_.rels(header);
        if (!relocations) {
          llvm::consumeError(relocations.takeError());
          continue;
        }
        for (const ELF64LE::Rel &r : *relocations)
          add(r.r_offset, r.getSymbol(false), 0, false);
      }
    }
  }

  PointerValue viaSymbol(const Reloc &reloc, uint64_t addend) {
    if (reloc.symbol == 0) {
      // R_X86_64_RELATIVE and friends: the addend is the address.
      if (relocatable_)
        return unresolved("relocation without a symbol in a relocatable object");
      return locateAddress(sections_, addend);
    }
    if (!reloc.symtab)
      return unresolved("relocation has no symbol table");
    auto symbol = elf_.getEntry<ELF64LE::Sym>(*reloc.symtab, reloc.symbol);
    if (!symbol) {
      llvm::consumeError(symbol.takeError());
      return unresolved(
          fmt::format("relocation refers to symbol {} outside the symbol table", reloc.symbol));
    }
    uint16_t shndx = (*symbol)->st_shndx;
    if (shndx == llvm::ELF::SHN_UNDEF)
      return unresolved("the pointer refers to an undefined symbol");
    if (shndx >= llvm::ELF::SHN_LORESERVE)
      return unresolved("the pointer refers to an absolute or common symbol");
    uint64_t value = (*symbol)->st_value + addend;
    if (!relocatable_)
      return locateAddress(sections_, value);
    // In relocatable objects symbol values are offsets into their section.
    std::optional<size_t> index = sections_.findByFormatIndex(shndx);
    if (!index)
      return unresolved(fmt::format("the pointer refers to unreadable section {}", shndx));
    return target(Location{*index, value});
  }

  const ELFFile<ELF64LE> &elf_;
  const ObjectSections &sections_;
  bool relocatable_;
  bool indexed_ = false;
  std::map<std::pair<uint64_t, uint64_t>, Reloc> static_; // (section index, offset)
  std::unordered_map<uint64_t, Reloc> dynamic_;           // patched address
};

// COFF and Mach-O through the generic object API. Both use implicit addends: the section
// data holds the offset to add to the symbol's address.
class GenericPointerReader final : public PointerReader {
public:
  GenericPointerReader(const ObjectFile &object, const ObjectSections &sections)
      : object_(object), sections_(sections), macho_(llvm::dyn_cast<MachOObjectFile>(&object)),
        relocatable_(object.isRelocatableObject()) {}

  PointerValue read(Location at) override {
    const SectionInfo &section = sections_.sections[at.section];
    std::optional<uint64_t> stored = storedValue(sections_, at);
    if (!stored)
      return unresolved(fmt::format("the pointer lies outside the file bytes of section {} "
                                    "(filled at run time)",
                                    section.name));
    if (!relocatable_) {
      // PE base relocations and classic Mach-O rebase opcodes leave the preferred address in
      // the data. (Mach-O chained fixups encode it differently and end up unresolved.)
      return *stored == 0 ? null() : locateAddress(sections_, *stored);
    }
    indexRelocations();
    auto it = relocations_.find({section.formatIndex, at.offset});
    if (it == relocations_.end()) {
      if (*stored == 0)
        return null();
      // Mach-O objects have one address space, so a bare address still means something.
      return macho_ ? locateAddress(sections_, *stored)
                    : unresolved("non-null pointer without a relocation in a relocatable "
                                 "object");
    }
    return viaRelocation(it->second, *stored);
  }

private:
  void indexRelocations() {
    if (indexed_)
      return;
    indexed_ = true;
    const auto *coff = llvm::dyn_cast<COFFObjectFile>(&object_);
    for (const SectionRef &section : object_.sections()) {
      // LLVM aborts (report_fatal_error) when asked for the relocations of a COFF section
      // whose VirtualAddress is not 0; such an object is malformed, and its relocations are
      // skipped. With the address known to be 0, COFF relocation offsets are section
      // offsets, as Mach-O's always are.
      if (coff) {
        const coff_section *header = coff->getCOFFSection(section);
        if (header->VirtualAddress != 0)
          continue;
      }
      for (const RelocationRef &relocation : section.relocations())
        relocations_.emplace(std::make_pair(section.getIndex(), relocation.getOffset()),
                             relocation);
    }
  }

  PointerValue viaRelocation(const RelocationRef &relocation, uint64_t stored) {
    if (macho_) {
      // LLVM indexes the symbol table with the relocation's symbol number unchecked.
      llvm::MachO::any_relocation_info info = macho_->getRelocation(relocation.getRawDataRefImpl());
      if (!macho_->isRelocationScattered(info) && macho_->getPlainRelocationExternal(info) &&
          macho_->getPlainRelocationSymbolNum(info) >= macho_->getSymtabLoadCommand().nsyms)
        return unresolved("relocation refers to a symbol outside the symbol table");
    }
    symbol_iterator symbol = relocation.getSymbol();
    if (symbol == object_.symbol_end()) {
      // Mach-O section-relative (non-extern) relocation: the data holds the full address.
      if (macho_)
        return locateAddress(sections_, stored);
      return unresolved("relocation without a symbol");
    }
    llvm::Expected<section_iterator> symbolSection = symbol->getSection();
    if (!symbolSection) {
      llvm::consumeError(symbolSection.takeError());
      return unresolved("the pointer refers to a symbol with an invalid section");
    }
    if (*symbolSection == object_.section_end())
      return unresolved("the pointer refers to an undefined or absolute symbol");
    llvm::Expected<uint64_t> address = symbol->getAddress();
    if (!address) {
      llvm::consumeError(address.takeError());
      return unresolved("the pointer refers to a symbol without an address");
    }
    std::optional<size_t> index = sections_.findByFormatIndex((*symbolSection)->getIndex());
    if (!index)
      return unresolved("the pointer refers to an unreadable section");
    // Symbol addresses are section-relative in COFF objects (sections start at 0) and
    // absolute in Mach-O objects; subtracting the section address covers both.
    return target(Location{*index, *address + stored - (*symbolSection)->getAddress()});
  }

  const ObjectFile &object_;
  const ObjectSections &sections_;
  const MachOObjectFile *macho_;
  bool relocatable_;
  bool indexed_ = false;
  std::map<std::pair<uint64_t, uint64_t>, RelocationRef> relocations_;
};

} // namespace

std::unique_ptr<PointerReader>
makePointerReader(const ObjectFile &object, const ObjectSections &sections, std::string &whyNot) {
  // Wrappers are 24 bytes with 64-bit pointers only on 64-bit hosts; CUDA dropped 32-bit
  // host support, so other layouts are left to the section scan.
  if (object.getBytesInAddress() != 8 || !object.isLittleEndian()) {
    whyNot = "wrappers are only followed in 64-bit little-endian files";
    return nullptr;
  }
  if (const auto *elf = llvm::dyn_cast<ELF64LEObjectFile>(&object))
    return std::make_unique<ElfPointerReader>(elf->getELFFile(), sections,
                                              object.isRelocatableObject());
  if (llvm::isa<COFFObjectFile>(&object) || llvm::isa<MachOObjectFile>(&object))
    return std::make_unique<GenericPointerReader>(object, sections);
  whyNot = "wrappers are only followed in ELF, COFF and Mach-O files";
  return nullptr;
}

} // namespace p2m::fatbin
