#include "fatbin/ObjectFatbins.h"

#include "fatbin/FatbinFormat.h"
#include "fatbin/ObjectSections.h"
#include "fatbin/PointerReader.h"

#include <fmt/format.h>
#include <llvm/BinaryFormat/Magic.h>
#include <llvm/Object/Archive.h>
#include <llvm/Object/Binary.h>
#include <llvm/Object/MachOUniversal.h>
#include <llvm/Object/ObjectFile.h>
#include <llvm/Support/Error.h>
#include <llvm/Support/MemoryBufferRef.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <map>
#include <set>

namespace p2m::fatbin {

namespace f = format;
using namespace llvm::object;

std::string_view originName(BlobOrigin origin) {
  switch (origin) {
  case BlobOrigin::FatbinFile:
    return "fatbin-file";
  case BlobOrigin::FatbinSection:
    return "fatbin-section";
  case BlobOrigin::Wrapper:
    return "wrapper";
  case BlobOrigin::SectionScan:
    return "section-scan";
  }
  return "unknown";
}

namespace {

constexpr uint64_t kNotFound = ~uint64_t(0);
// Wrappers of version 2 point at a NULL-terminated array; a corrupt one that never ends is
// cut off here rather than walked to the end of its section.
constexpr uint64_t kMaxLinkedFatbins = 1 << 16;
// Archives inside universal binaries inside archives... one level of nesting is all real
// files have; the limit only stops pathological inputs from recursing without end.
constexpr unsigned kMaxNesting = 4;

// Offset of the first fatbin magic at or after `from`, or kNotFound. Not restricted to
// aligned offsets: blobs embedded as plain byte arrays need not be aligned.
uint64_t findMagic(Bytes bytes, uint64_t from) {
  static constexpr uint8_t magic[4] = {
      static_cast<uint8_t>(f::kFatbinMagic), static_cast<uint8_t>(f::kFatbinMagic >> 8),
      static_cast<uint8_t>(f::kFatbinMagic >> 16), static_cast<uint8_t>(f::kFatbinMagic >> 24)};
  while (from < bytes.size() && bytes.size() - from >= sizeof magic) {
    const void *hit = std::memchr(bytes.data() + from, magic[0], bytes.size() - from - 3);
    if (!hit)
      return kNotFound;
    uint64_t at = static_cast<uint64_t>(static_cast<const uint8_t *>(hit) - bytes.data());
    if (std::memcmp(hit, magic, sizeof magic) == 0)
      return at;
    from = at + 1;
  }
  return kNotFound;
}

// Outside fatbin sections the magic can occur by chance (code comparing against the
// constant, compressed data), so a container found there must look exactly like what
// NVIDIA's tools write before it is believed.
bool plausible(const Container &container) {
  if (container.headerSize != f::kHeaderSize || container.entries.empty())
    return false;
  return std::all_of(container.entries.begin(), container.entries.end(),
                     [](const Entry &e) { return e.formatVersion == f::kEntryFormatVersion; });
}

class Scanner {
public:
  explicit Scanner(Bytes file) : file_(file) {}

  Result<FatbinScan> run() {
    if (file_.empty())
      return Error{"empty file", 0};
    auto magic = readLE<uint32_t>(file_, 0);
    if (magic && (*magic == f::kFatbinMagic || *magic == f::kLegacyFatbinMagic)) {
      scan_.format = "fatbin";
      // A file may hold several containers back to back (nvcc writes one; fatbinary can be
      // asked to concatenate), so the whole file is scanned like a fatbin section.
      scanRegion(file_, "", BlobOrigin::FatbinFile, /*strict=*/true);
      return finish();
    }

    llvm::StringRef data(reinterpret_cast<const char *>(file_.data()), file_.size());
    llvm::file_magic type = llvm::identify_magic(data);
    if (type == llvm::file_magic::unknown)
      return Error{"not a fatbin, object file, archive or universal binary" + textHint(), 0};
    llvm::Expected<std::unique_ptr<Binary>> binary =
        createBinary(llvm::MemoryBufferRef(data, "input"));
    if (!binary)
      return Error{fmt::format("cannot read the input as an object file: {}",
                               llvm::toString(binary.takeError())),
                   0};
    if (std::optional<Error> error = scanBinary(**binary, "", 0))
      return *error;
    return finish();
  }

private:
  uint64_t offsetOf(Bytes region) const {
    return static_cast<uint64_t>(region.data() - file_.data());
  }

  std::string textHint() const {
    auto start = std::find_if(file_.begin(), file_.end(), [](uint8_t c) {
      return !std::isspace(static_cast<unsigned char>(c));
    });
    if (start != file_.end() && (*start == '/' || *start == '.'))
      return " (it looks like PTX text, which needs no extraction)";
    return "";
  }

  Result<FatbinScan> finish() {
    for (auto &[offset, blob] : blobs_)
      scan_.blobs.push_back(std::move(blob));
    return std::move(scan_);
  }

  // Looks for containers in `region`. In strict mode (fatbin sections and files) every magic
  // must start a valid container and a failure is an error; otherwise candidates that do not
  // parse, or do not look like NVIDIA output, are only counted.
  void scanRegion(Bytes region, const std::string &location, BlobOrigin origin, bool strict) {
    uint64_t position = 0;
    while ((position = findMagic(region, position)) != kNotFound) {
      uint64_t fileOffset = offsetOf(region) + position;
      if (auto known = blobs_.find(fileOffset); known != blobs_.end()) {
        position += known->second.container.size;
        continue;
      }
      Result<Container> container = parseContainer(region.subspan(position));
      if (container && (strict || plausible(*container))) {
        uint64_t size = container->size;
        blobs_.emplace(fileOffset,
                       FatbinBlob{fileOffset, location, origin, 0, std::move(container).value()});
        position += size;
        continue;
      }
      if (strict) {
        failed_.insert(fileOffset);
        std::string where = location.empty() ? "" : fmt::format(" in {}", location);
        const Error &error =
            container ? Error{"container does not look like nvcc output", 0} : container.error();
        scan_.errors.push_back(
            Error{fmt::format("malformed fatbin at {:#x}{}: {}", fileOffset, where, error.reason),
                  fileOffset + error.offset});
      } else {
        ++scan_.rejectedCandidates;
      }
      position += sizeof(uint32_t);
    }
  }

  std::optional<Error> scanBinary(const Binary &binary, const std::string &prefix, unsigned depth) {
    if (depth > kMaxNesting)
      return Error{"binaries nested too deeply", offsetOf(bytesOf(binary))};
    if (const auto *object = llvm::dyn_cast<ObjectFile>(&binary)) {
      if (scan_.format.empty())
        scan_.format = object->getFileFormatName().str();
      scanObject(*object, prefix);
      return std::nullopt;
    }
    if (const auto *archive = llvm::dyn_cast<Archive>(&binary)) {
      if (scan_.format.empty())
        scan_.format = "archive";
      scanArchive(*archive, prefix, depth);
      return std::nullopt;
    }
    if (const auto *universal = llvm::dyn_cast<MachOUniversalBinary>(&binary)) {
      if (scan_.format.empty())
        scan_.format = "Mach-O universal binary";
      for (const MachOUniversalBinary::ObjectForArch &slice : universal->objects()) {
        std::string slicePrefix = fmt::format("{}{}:", prefix, slice.getArchFlagName());
        auto object = slice.getAsObjectFile();
        if (object) {
          scanBinary(**object, slicePrefix, depth + 1);
          continue;
        }
        llvm::consumeError(object.takeError());
        // A slice can also be a static archive (universal .a files).
        if (auto archive = slice.getAsArchive()) {
          scanBinary(**archive, slicePrefix, depth + 1);
        } else {
          scan_.warnings.push_back(
              Error{fmt::format("cannot read universal binary slice {}: {}",
                                slice.getArchFlagName(), llvm::toString(archive.takeError())),
                    offsetOf(bytesOf(binary)) + slice.getOffset()});
        }
      }
      return std::nullopt;
    }
    return Error{"unsupported kind of binary (not an object file, archive or universal binary)",
                 offsetOf(bytesOf(binary))};
  }

  static Bytes bytesOf(const Binary &binary) {
    llvm::StringRef data = binary.getData();
    return Bytes(reinterpret_cast<const uint8_t *>(data.data()), data.size());
  }

  bool insideFile(Bytes bytes) const {
    return bytes.data() >= file_.data() && inBounds(file_.size(), offsetOf(bytes), bytes.size());
  }

  void scanArchive(const Archive &archive, const std::string &prefix, unsigned depth) {
    llvm::Error error = llvm::Error::success();
    for (const Archive::Child &child : archive.children(error)) {
      llvm::Expected<llvm::StringRef> name = child.getName();
      std::string memberName = name ? name->str() : "?";
      if (!name)
        llvm::consumeError(name.takeError());
      llvm::Expected<llvm::MemoryBufferRef> buffer = child.getMemoryBufferRef();
      if (!buffer) {
        scan_.warnings.push_back(Error{fmt::format("cannot read archive member {}: {}", memberName,
                                                   llvm::toString(buffer.takeError())),
                                       offsetOf(bytesOf(archive))});
        continue;
      }
      Bytes member(reinterpret_cast<const uint8_t *>(buffer->getBufferStart()),
                   buffer->getBufferSize());
      // Thin archives name members stored in other files, which are not read here.
      if (!insideFile(member)) {
        scan_.warnings.push_back(
            Error{fmt::format("archive member {} is not stored in the archive (thin archive)",
                              memberName),
                  offsetOf(bytesOf(archive))});
        continue;
      }
      if (startsWithFatbinMagic(member)) {
        scanRegion(member, prefix + memberName, BlobOrigin::FatbinFile, /*strict=*/true);
        continue;
      }
      std::string memberPrefix = fmt::format("{}{}:", prefix, memberName);
      llvm::Expected<std::unique_ptr<Binary>> binary = createBinary(*buffer);
      if (!binary) {
        // Members that are not objects (symbol tables, text files) hold no fatbins.
        llvm::consumeError(binary.takeError());
        continue;
      }
      if (std::optional<Error> problem = scanBinary(**binary, memberPrefix, depth + 1))
        scan_.warnings.push_back(std::move(*problem));
    }
    if (error)
      scan_.errors.push_back(
          Error{fmt::format("malformed archive: {}", llvm::toString(std::move(error))),
                offsetOf(bytesOf(archive))});
  }

  void scanObject(const ObjectFile &object, const std::string &prefix) {
    prefix_ = prefix;
    ObjectSections sections = collectSections(object, file_);
    for (Error &problem : sections.problems)
      scan_.errors.push_back(std::move(problem));
    if (sections.sections.empty()) {
      // Section headers can be stripped from linked ELF files; the loader does not need them.
      scanRegion(bytesOf(object), prefix + "<whole file>", BlobOrigin::SectionScan, false);
      return;
    }

    for (const SectionInfo &section : sections.sections)
      if (section.role == SectionRole::FatbinData)
        scanRegion(section.contents, prefix + section.name, BlobOrigin::FatbinSection, true);

    bool hasWrappers =
        std::any_of(sections.sections.begin(), sections.sections.end(),
                    [](const SectionInfo &s) { return s.role == SectionRole::Wrappers; });
    if (hasWrappers) {
      std::string whyNot;
      if (std::unique_ptr<PointerReader> reader = makePointerReader(object, sections, whyNot))
        followWrappers(sections, *reader, prefix);
      else
        scan_.warnings.push_back(Error{whyNot, offsetOf(bytesOf(object))});
    }

    for (const SectionInfo &section : sections.sections)
      if (section.role == SectionRole::Other)
        scanRegion(section.contents, prefix + section.name, BlobOrigin::SectionScan, false);
  }

  void followWrappers(const ObjectSections &sections, PointerReader &reader,
                      const std::string &prefix) {
    for (size_t index = 0; index < sections.sections.size(); ++index) {
      const SectionInfo &section = sections.sections[index];
      if (section.role != SectionRole::Wrappers)
        continue;
      Bytes records = section.contents;
      if (records.size() % f::kWrapperSize != 0)
        scan_.warnings.push_back(
            Error{fmt::format("wrapper section {}{} is {} bytes, not a multiple of {}", prefix,
                              section.name, records.size(), f::kWrapperSize),
                  offsetOf(records)});
      for (uint64_t at = 0; records.size() - at >= f::kWrapperSize; at += f::kWrapperSize) {
        Bytes record = records.subspan(at, f::kWrapperSize);
        uint64_t recordOffset = offsetOf(record);
        uint32_t magic = loadLE<uint32_t>(record, 0);
        uint32_t version = loadLE<uint32_t>(record, 4);
        if (magic != f::kWrapperMagic) {
          bool padding =
              std::all_of(record.begin(), record.end(), [](uint8_t b) { return b == 0; });
          if (!padding)
            scan_.warnings.push_back(Error{
                fmt::format("record at {:#x} in {}{} is not a fatbin wrapper (magic {:#010x})",
                            recordOffset, prefix, section.name, magic),
                recordOffset});
          continue;
        }
        ++scan_.wrappers;
        if (version != f::kWrapperVersion && version != f::kWrapperLinkedVersion) {
          scan_.warnings.push_back(Error{
              fmt::format("fatbin wrapper at {:#x} has unknown version {}", recordOffset, version),
              recordOffset});
          continue;
        }
        std::string what = fmt::format("fatbin wrapper at {:#x}", recordOffset);
        followPointer(sections, reader, Location{index, at + f::kWrapperFatbinPointerOffset}, what,
                      /*nullIsNormal=*/false);
        if (version == f::kWrapperLinkedVersion)
          followLinkedArray(sections, reader, Location{index, at + f::kWrapperSecondPointerOffset},
                            what);
      }
    }
  }

  // Version 2 wrappers: a NULL-terminated array of further fatbins. nvcc points it at .bss,
  // filled by __cudaRegisterLinkedBinary at run time, so "unresolved" is the normal outcome.
  void followLinkedArray(const ObjectSections &sections, PointerReader &reader, Location at,
                         const std::string &what) {
    PointerValue array = reader.read(at);
    if (array.kind == PointerValue::Kind::Null)
      return;
    if (array.kind == PointerValue::Kind::Unresolved) {
      ++scan_.unresolvedPointers;
      return;
    }
    for (uint64_t i = 0; i < kMaxLinkedFatbins; ++i) {
      Location element{array.target.section, array.target.offset + i * 8};
      if (!followPointer(sections, reader, element,
                         fmt::format("entry {} of the fatbin array of the {}", i, what),
                         /*nullIsNormal=*/true))
        return;
    }
  }

  // Follows one pointer to a container. Returns false when the pointer is NULL or cannot be
  // followed (which ends a version-2 array).
  bool followPointer(const ObjectSections &sections, PointerReader &reader, Location at,
                     const std::string &what, bool nullIsNormal) {
    PointerValue pointer = reader.read(at);
    switch (pointer.kind) {
    case PointerValue::Kind::Null:
      if (!nullIsNormal)
        scan_.warnings.push_back(
            Error{what + " has a NULL fatbin pointer",
                  offsetOf(sections.sections[at.section].contents) + at.offset});
      return false;
    case PointerValue::Kind::Unresolved:
      ++scan_.unresolvedPointers;
      if (!nullIsNormal)
        scan_.warnings.push_back(
            Error{fmt::format("cannot follow the {}: {}", what, pointer.reason),
                  offsetOf(sections.sections[at.section].contents) + at.offset});
      return false;
    case PointerValue::Kind::Target:
      break;
    }
    const SectionInfo &section = sections.sections[pointer.target.section];
    if (pointer.target.offset >= section.contents.size()) {
      // Into zero-fill memory or past the section: only known at run time.
      ++scan_.unresolvedPointers;
      if (!nullIsNormal)
        scan_.warnings.push_back(
            Error{fmt::format("the {} points to offset {:#x} of {}, which has no file data", what,
                              pointer.target.offset, section.name),
                  offsetOf(sections.sections[at.section].contents) + at.offset});
      return false;
    }
    Bytes bytes = section.contents.subspan(pointer.target.offset);
    uint64_t fileOffset = offsetOf(bytes);
    if (auto known = blobs_.find(fileOffset); known != blobs_.end()) {
      ++known->second.wrapperReferences;
      ++scan_.resolvedPointers;
      return true;
    }
    if (failed_.count(fileOffset))
      return false; // already reported by the section scan
    Result<Container> container = parseContainer(bytes);
    if (!container) {
      failed_.insert(fileOffset);
      scan_.errors.push_back(
          Error{fmt::format("the {} points to {:#x} in {}, which holds no "
                            "valid fatbin: {}",
                            what, fileOffset, section.name, container.error().reason),
                fileOffset + container.error().offset});
      return false;
    }
    ++scan_.resolvedPointers;
    blobs_.emplace(fileOffset, FatbinBlob{fileOffset, prefix_ + section.name, BlobOrigin::Wrapper,
                                          1, std::move(container).value()});
    return true;
  }

  Bytes file_;
  std::string prefix_; // of the object being scanned: "member.o:" inside archives
  FatbinScan scan_;
  std::map<uint64_t, FatbinBlob> blobs_; // by file offset: the deduplication key
  std::set<uint64_t> failed_;            // offsets already reported as malformed
};

} // namespace

Result<FatbinScan> scanFatbins(Bytes file) { return Scanner(file).run(); }

} // namespace p2m::fatbin
