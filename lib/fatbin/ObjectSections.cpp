#include "fatbin/ObjectSections.h"

#include <fmt/format.h>
#include <llvm/BinaryFormat/ELF.h>
#include <llvm/Object/COFF.h>
#include <llvm/Object/ELFObjectFile.h>
#include <llvm/Object/MachO.h>
#include <llvm/Object/ObjectFile.h>
#include <llvm/Support/Error.h>

namespace p2m::fatbin {

using namespace llvm::object;

std::optional<size_t> ObjectSections::findByFormatIndex(uint64_t formatIndex) const {
  for (size_t i = 0; i < sections.size(); ++i)
    if (sections[i].formatIndex == formatIndex)
      return i;
  return std::nullopt;
}

std::optional<Location> ObjectSections::locate(uint64_t address) const {
  std::optional<Location> zeroFill;
  for (size_t i = 0; i < sections.size(); ++i) {
    const SectionInfo &s = sections[i];
    if (!s.mapped || address < s.address || address - s.address >= s.size)
      continue;
    Location location{i, address - s.address};
    if (!s.contents.empty())
      return location;
    if (!zeroFill)
      zeroFill = location;
  }
  return zeroFill;
}

SectionRole classifySection(std::string_view name, std::string_view segment, bool coff) {
  if (coff) {
    // COFF objects may group sections as "name$suffix"; PE images truncate section names
    // to 8 characters (".nv_fatbin" -> ".nv_fatb", ".nvFatBinSegment" -> ".nvFatBi").
    name = name.substr(0, name.find('$'));
    if (name == ".nv_fatbin" || name == "__nv_relfatbin" || name == ".nv_fatb" ||
        name == "__nv_rel")
      return SectionRole::FatbinData;
    if (name == ".nvFatBinSegment" || name == ".nvFatBi")
      return SectionRole::Wrappers;
    return SectionRole::Other;
  }
  if (!segment.empty()) {
    // Mach-O: NVIDIA's headers place both data and wrappers in segment __NV_CUDA; the
    // 16-character limit on section names is why the wrapper section is called __fatbin.
    if (segment != "__NV_CUDA")
      return SectionRole::Other;
    if (name == "__nv_fatbin" || name == "__nv_relfatbin")
      return SectionRole::FatbinData;
    if (name == "__fatbin")
      return SectionRole::Wrappers;
    return SectionRole::Other;
  }
  if (name == ".nv_fatbin" || name == "__nv_relfatbin")
    return SectionRole::FatbinData;
  if (name == ".nvFatBinSegment")
    return SectionRole::Wrappers;
  return SectionRole::Other;
}

ObjectSections collectSections(const ObjectFile &object, Bytes file) {
  ObjectSections result;
  const auto *macho = llvm::dyn_cast<MachOObjectFile>(&object);
  const auto *elf = llvm::dyn_cast<ELFObjectFileBase>(&object);
  bool coff = llvm::isa<COFFObjectFile>(&object);
  bool relocatable = object.isRelocatableObject();
  auto fileOffsetOf = [&](const uint8_t *p) { return static_cast<uint64_t>(p - file.data()); };
  // The object buffer itself lies inside `file` (archives and universal binaries hand out
  // sub-buffers), so its start is a good offset for problems that have no better one.
  uint64_t objectOffset = fileOffsetOf(reinterpret_cast<const uint8_t *>(object.getData().data()));

  for (const SectionRef &section : object.sections()) {
    SectionInfo info;
    info.formatIndex = section.getIndex();

    llvm::Expected<llvm::StringRef> name = section.getName();
    if (!name) {
      result.problems.push_back(
          Error{fmt::format("cannot read the name of section {}: {}", info.formatIndex,
                            llvm::toString(name.takeError())),
                objectOffset});
      continue;
    }
    std::string_view segment;
    if (macho)
      segment = std::string_view(macho->getSectionFinalSegmentName(section.getRawDataRefImpl()));
    info.name = segment.empty() ? name->str() : fmt::format("{},{}", segment, name->str());
    info.role = classifySection(std::string_view(*name), segment, coff);
    info.address = section.getAddress();
    info.size = section.getSize();

    // Addresses are meaningless in relocatable ELF and COFF objects (every section starts at
    // 0) but real in Mach-O objects, which are laid out in one address space.
    if (macho)
      info.mapped = true;
    else if (elf)
      info.mapped = !relocatable && (ELFSectionRef(section).getFlags() & llvm::ELF::SHF_ALLOC);
    else if (coff)
      info.mapped = !relocatable;

    if (!section.isVirtual()) {
      llvm::Expected<llvm::StringRef> contents = section.getContents();
      if (!contents) {
        result.problems.push_back(Error{fmt::format("cannot read section {}: {}", info.name,
                                                    llvm::toString(contents.takeError())),
                                        objectOffset});
        continue;
      }
      const auto *begin = reinterpret_cast<const uint8_t *>(contents->data());
      // LLVM checks section bounds against the object's buffer; this re-checks against the
      // whole file because offsets are reported relative to it.
      if (!contents->empty() &&
          (begin < file.data() || !inBounds(file.size(), fileOffsetOf(begin), contents->size()))) {
        result.problems.push_back(
            Error{fmt::format("section {} lies outside the input", info.name), objectOffset});
        continue;
      }
      info.contents = Bytes(begin, contents->size());
    }
    result.sections.push_back(std::move(info));
  }
  return result;
}

} // namespace p2m::fatbin
