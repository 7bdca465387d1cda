// The device link of -rdc units (DeviceLink.h).
#include "nvcc/DeviceLink.h"

#include "nvcc/ClangPtx.h"

#include "fatbin/Decompress.h"
#include "fatbin/FatbinContainer.h"
#include "fatbin/PtxExtraction.h"
#include "link/Linker.h"
#include "support/Diagnostics.h"

#include <llvm/Object/Archive.h>
#include <llvm/Object/Binary.h>
#include <llvm/Object/ObjectFile.h>
#include <llvm/Support/MemoryBuffer.h>

#include <set>
#include <sstream>

namespace p2m::nvcc {

namespace {

std::string sectionText(const llvm::object::SectionRef &section) {
  llvm::Expected<llvm::StringRef> contents = section.getContents();
  if (!contents) {
    llvm::consumeError(contents.takeError());
    return {};
  }
  return contents->str();
}

// One object's unit, when it is one.
bool unitOfObject(const llvm::object::ObjectFile &object, const std::string &origin, bool member,
                  std::vector<RdcUnit> &units, std::string &error) {
  std::string moduleId, relfatbin;
  for (const llvm::object::SectionRef &section : object.sections()) {
    llvm::Expected<llvm::StringRef> name = section.getName();
    if (!name) {
      llvm::consumeError(name.takeError());
      continue;
    }
    if (*name == "__nv_module_id")
      moduleId = sectionText(section);
    else if (*name == "__nv_relfatbin")
      relfatbin = sectionText(section);
  }
  if (moduleId.empty())
    return true; // not an -rdc unit (host code only, or compiled without -rdc)
  moduleId = moduleId.substr(0, moduleId.find('\0'));
  fatbin::Bytes bytes(reinterpret_cast<const uint8_t *>(relfatbin.data()), relfatbin.size());
  fatbin::Result<fatbin::Container> container = fatbin::parseContainer(bytes);
  if (!container) {
    error = origin + ": its device code (__nv_relfatbin) is not a fatbin: " + fatbin::describe(container.error());
    return false;
  }
  const fatbin::Entry *best = nullptr;
  for (const fatbin::Entry &e : container->entries)
    if (e.isPtx() && (!best || e.smArch > best->smArch))
      best = &e;
  if (!best) {
    error = origin + ": its fatbin holds no PTX (compiled by another compiler?)";
    return false;
  }
  fatbin::Result<std::vector<uint8_t>> data = fatbin::decodePayload(*best);
  if (!data) {
    error = origin + ": its PTX entry cannot be decoded: " + fatbin::describe(data.error());
    return false;
  }
  fatbin::Bytes text = fatbin::ptxText(*data);
  std::string ptx(reinterpret_cast<const char *>(text.data()), text.size());
  units.push_back({origin, moduleId, withoutClangUsedExternals(ptx), best->smArch, member});
  return true;
}

} // namespace

bool collectRdcUnits(const std::string &path, std::vector<RdcUnit> &units, std::string &error) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer) {
    error = path + ": " + buffer.getError().message();
    return false;
  }
  llvm::Expected<std::unique_ptr<llvm::object::Binary>> binary =
      llvm::object::createBinary((*buffer)->getMemBufferRef());
  if (!binary) {
    llvm::consumeError(binary.takeError());
    return true; // not an object (a linker script, a shared library's text): no unit
  }
  if (auto *object = llvm::dyn_cast<llvm::object::ObjectFile>(binary->get()))
    return unitOfObject(*object, path, false, units, error);
  if (auto *archive = llvm::dyn_cast<llvm::object::Archive>(binary->get())) {
    llvm::Error err = llvm::Error::success();
    for (const llvm::object::Archive::Child &child : archive->children(err)) {
      llvm::Expected<std::unique_ptr<llvm::object::Binary>> member = child.getAsBinary();
      if (!member) {
        llvm::consumeError(member.takeError());
        continue;
      }
      llvm::Expected<llvm::StringRef> name = child.getName();
      std::string origin = path + "(" + (name ? name->str() : std::string("?")) + ")";
      if (!name)
        llvm::consumeError(name.takeError());
      if (auto *object = llvm::dyn_cast<llvm::object::ObjectFile>(member->get()))
        if (!unitOfObject(*object, origin, true, units, error))
          return false;
    }
    if (err) {
      error = path + ": " + llvm::toString(std::move(err));
      return false;
    }
  }
  return true;
}

DeviceLinkResult linkDeviceCode(const std::vector<RdcUnit> &units, const DeviceCodeOptions &options) {
  DeviceLinkResult result;
  DiagnosticEngine diags;
  link::Linker linker;
  uint32_t arch = 0;
  for (const RdcUnit &unit : units) {
    // Every unit, static-library members too, as nvlink does: the host linker may take a
    // member's host object (whose registration calls this link's __cudaRegisterLinkedBinary) even
    // when no device code needs the member, e.g. a C++ test program over a CUDA library.
    bool added = linker.addModule(unit.origin, unit.ptx, diags);
    if (!added)
      break;
    arch = std::max(arch, unit.smArch);
  }
  std::optional<std::string> linked;
  if (!diags.hasErrors())
    linked = linker.link(diags);
  if (!linked) {
    std::ostringstream messages;
    diags.print(messages);
    result.error = messages.str();
    return result;
  }
  DeviceCode code = buildDeviceCode("the device link", *linked, arch, options);
  result.ok = true;
  result.fatbin = std::move(code.fatbin);
  result.warnings = std::move(code.warnings);
  return result;
}

std::string deviceLinkSource(const std::vector<RdcUnit> &units, const std::string &fatbinPath,
                             const std::string &fatbinHash) {
  // The path is the driver's temporary file (no quotes or backslashes in it).
  const std::string &escaped = fatbinPath;
  std::string symbol = "__p2m_linked_fatbin_" + fatbinHash.substr(0, 16);
  std::ostringstream s;
  s << "// The device-link object of ptx2metal-nvcc: the linked module's fatbin and the\n"
       "// registration functions that the -rdc units' start-up code calls.\n"
       "extern \"C\" {\n"
       "void **__cudaRegisterFatBinary(void *fatCubin);\n"
       "void __cudaRegisterFatBinaryEnd(void **handle);\n"
       "void __cudaUnregisterFatBinary(void **handle);\n"
       "int atexit(void (*function)(void));\n"
       "extern const unsigned char "
    << symbol << "[] __asm__(\"" << symbol << "\");\n"
    << "}\n"
       "#if defined(__APPLE__)\n"
       "#define P2M_FATBIN_SECTION \"__NV_CUDA,__nv_fatbin\"\n"
       "#define P2M_WRAPPER_SECTION \"__NV_CUDA,__fatbin\"\n"
       "#else\n"
       "#define P2M_FATBIN_SECTION \".nv_fatbin,\\\"a\\\"\"\n"
       "#define P2M_WRAPPER_SECTION \".nvFatBinSegment\"\n"
       "#endif\n"
       "__asm__(\".section \" P2M_FATBIN_SECTION \"\\n.p2align 3\\n"
    << symbol << ":\\n.incbin \\\"" << escaped << "\\\"\\n.text\\n\");\n"
    << "namespace {\n"
       "struct FatbinWrapper {\n"
       "  unsigned magic, version;\n"
       "  const void *fatbin, *unused;\n"
       "};\n"
       "__attribute__((section(P2M_WRAPPER_SECTION), used)) const FatbinWrapper wrapper = {0x466243B1u, 1u, "
    << symbol << ", nullptr};\n"
    << "void **handle;\n"
       "void unregisterLinked() { __cudaUnregisterFatBinary(handle); }\n"
       "void **linkedHandle() {\n"
       "  if (!handle) {\n"
       "    handle = __cudaRegisterFatBinary(const_cast<FatbinWrapper *>(&wrapper));\n"
       "    atexit(unregisterLinked);\n"
       "  }\n"
       "  return handle;\n"
       "}\n"
       "void registerUnit(void (*registerGlobals)(void **)) {\n"
       "  void **h = linkedHandle();\n"
       "  if (registerGlobals)\n"
       "    registerGlobals(h);\n"
       "  __cudaRegisterFatBinaryEnd(h);\n"
       "}\n"
       "} // namespace\n"
       "extern \"C\" {\n";
  std::set<std::string> done;
  for (const RdcUnit &unit : units)
    if (done.insert(unit.moduleId).second)
      s << "// " << unit.origin << "\n"
        << "void __cudaRegisterLinkedBinary" << unit.moduleId
        << "(void (*registerGlobals)(void **), void *, void *, void (*)(void *)) { registerUnit(registerGlobals); }\n";
  s << "}\n";
  return s.str();
}

} // namespace p2m::nvcc
