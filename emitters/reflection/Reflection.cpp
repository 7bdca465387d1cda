#include "emitters/reflection/Reflection.h"

#include "emitters/msl/support/kernel_abi.h"
#include "emitters/reflection/JsonWriter.h"
#include "support/Sha256.h"
#include "support/SourceFile.h"

#include <algorithm>
#include <fmt/format.h>
#include <llvm/ADT/StringExtras.h>
#include <llvm/Demangle/Demangle.h>

namespace p2m::reflection {

using namespace ir;

namespace {

// The feature names in bit order (Ir.h's Feature).
constexpr std::pair<uint32_t, const char *> kFeatureNames[] = {
    {kFeatureFp64, "fp64"},
    {kFeatureAtomic64, "atomic64"},
    {kFeatureBfloat, "bfloat"},
    {kFeatureHalf, "half"},
    {kFeatureSimd, "simd"},
    {kFeatureAtomics, "atomics"},
    {kFeatureDynamicShared, "dynamic_shared"},
    {kFeatureGenericWindows, "generic_windows"},
    {kFeatureTrap, "trap"},
    {kFeatureFences, "fences"},
    {kFeatureDenormals, "denormals"},
    {kFeaturePrintf, "printf"},
    {kFeatureAtomicU64MinMax, "atomic_u64_min_max"},
    {kFeatureDeviceOrdering, "device_ordering"},
    {kFeatureTensorCoresEmulated, "tensor_cores_emulated"},
    {kFeatureTexturesSoftware, "textures_software"},
};

// The module words by index (kernel_abi.h's P2M_MODULE_*).
constexpr const char *kModuleWordNames[] = {"global_base", "const_base", "status", "printf", "atomic_locks"};
static_assert(std::size(kModuleWordNames) == P2M_MODULE_WORDS && P2M_MODULE_GLOBAL_BASE == 0 &&
                  P2M_MODULE_CONST_BASE == 1 && P2M_MODULE_STATUS == 2 && P2M_MODULE_PRINTF == 3 &&
                  P2M_MODULE_ATOMIC_LOCKS == 4,
              "kModuleWordNames lists kernel_abi.h's module words in index order");

// Bytes of one element of a variable or parameter: its type times its vector width.
uint64_t elementBytes(const Symbol &s) {
  uint64_t bits = bitWidth(s.elementType);
  return std::max<uint64_t>(1, (bits + 7) / 8) * std::max<uint32_t>(1, s.vector);
}

class Writer {
public:
  Writer(const Module &m, const ReflectionOptions &o) : m_(m), o_(o) {}

  std::string run() {
    w_.beginObject();
    w_.key("format");
    w_.value("ptx2metal-reflection");
    w_.key("version");
    w_.value(kReflectionVersion);
    source();
    msl();
    profile();
    abi();
    moduleSegments();
    w_.key("kernels");
    w_.beginArray();
    // Only what went through the pipeline: kernels that --entry left out are not described.
    for (const Function &f : m_.functions)
      if (f.isEntry && f.lowered && !f.isDeclaration)
        kernel(f);
    w_.endArray();
    w_.key("functions");
    w_.beginArray();
    for (const Function &f : m_.functions)
      if (!f.isEntry && f.lowered && !f.isDeclaration)
        function(f);
    w_.endArray();
    w_.endObject();
    return w_.text();
  }

private:
  void optionalString(std::string_view s) {
    if (s.empty())
      w_.null();
    else
      w_.value(s);
  }

  void numbers(const std::vector<uint32_t> &values) {
    if (values.empty()) {
      w_.null();
      return;
    }
    w_.beginArray(true);
    for (uint32_t v : values)
      w_.value(v);
    w_.endArray();
  }

  void source() {
    const SourceFile *src = m_.source.get();
    std::string_view text = src ? src->text() : std::string_view();
    w_.key("source");
    w_.beginObject();
    w_.key("file");
    if (src)
      w_.value(src->name());
    else
      w_.null();
    w_.key("sha256");
    w_.value(sha256Hex(text));
    w_.key("bytes");
    w_.value(text.size());
    w_.key("ptx_version");
    optionalString(m_.version);
    w_.key("target");
    w_.beginArray(true);
    for (const std::string &t : m_.targets)
      w_.value(t);
    w_.endArray();
    w_.key("address_size");
    w_.value(m_.addressSize);
    w_.endObject();
  }

  void msl() {
    w_.key("msl");
    w_.beginObject();
    w_.key("file");
    optionalString(o_.mslFile);
    w_.endObject();
  }

  // Every option of the target profile, by its key (support/TargetProfile.def).
  void profile() {
    w_.key("profile");
    w_.beginObject();
    for (const TargetOption &option : targetOptions()) {
      w_.key(option.key());
      w_.value(option.get(o_.target));
    }
    w_.endObject();
  }

  // The kernel ABI the MSL follows, from its one definition (emitters/msl/support/kernel_abi.h),
  // for hosts other than our runtime (which is built with that header).
  void abi() {
    w_.key("abi");
    w_.beginObject();
    w_.key("params_buffer");
    w_.value(P2M_PARAMS_BUFFER);
    w_.key("module_buffer");
    w_.value(P2M_MODULE_BUFFER);
    w_.key("threadgroup_index");
    w_.value(P2M_THREADGROUP_INDEX);
    w_.key("threadgroup_granule");
    w_.value(P2M_THREADGROUP_GRANULE);
    w_.key("module_words");
    w_.beginArray(true);
    for (const char *word : kModuleWordNames)
      w_.value(word);
    w_.endArray();
    w_.key("status_bits");
    w_.beginObject();
    w_.key("trap");
    w_.value(P2M_STATUS_TRAP);
    w_.key("assert");
    w_.value(P2M_STATUS_ASSERT);
    w_.endObject();
    w_.key("launch_words_align");
    w_.value(P2M_LAUNCH_WORDS_ALIGN);
    w_.key("launch_words_bytes");
    w_.value(P2M_LAUNCH_WORDS_BYTES);
    w_.key("body_suffix");
    w_.value(P2M_BODY_SUFFIX);
    for (auto [key, window] : {std::pair{"shared_window", P2M_SHARED_WINDOW}, {"local_window", P2M_LOCAL_WINDOW},
                               {"param_window", P2M_PARAM_WINDOW}, {"function_window", P2M_FUNCTION_WINDOW}}) {
      w_.key(key);
      w_.value(fmt::format("0x{:016X}", window));
    }
    w_.key("window_size");
    w_.value(fmt::format("0x{:016X}", P2M_WINDOW_SIZE));
    w_.endObject();
  }

  void moduleSegments() {
    w_.key("module");
    w_.beginObject();
    w_.key("global_bytes");
    w_.value(m_.globalBytes);
    w_.key("const_bytes");
    w_.value(m_.constBytes);
    w_.key("variables");
    w_.beginArray();
    for (const Symbol &s : m_.symbols)
      if (s.kind == SymbolKind::Variable && s.owner == kNone &&
          (s.space == Space::Global || s.space == Space::Const))
        variable(s);
    w_.endArray();
    w_.endObject();
  }

  void variable(const Symbol &s) {
    w_.beginObject();
    w_.key("name");
    w_.value(s.ptxName);
    w_.key("msl_name");
    w_.value(s.name);
    w_.key("space");
    w_.value(spelling(s.space));
    w_.key("offset");
    w_.value(s.offset);
    w_.key("size");
    w_.value(s.size);
    w_.key("align");
    w_.value(s.align);
    w_.key("type");
    w_.value(spelling(s.elementType));
    w_.key("vector");
    w_.value(s.vector);
    // A texture or surface reference: the variable holds the handle of the object the runtime
    // builds from the reference's state (cuModuleGetTexRef / cuModuleGetSurfRef).
    if (s.reference != ReferenceKind::None) {
      w_.key("reference");
      w_.value(s.reference == ReferenceKind::Texture ? "texture" : "surface");
    }
    w_.key("init");
    if (s.init.empty())
      w_.null();
    else
      w_.value(llvm::toHex(s.init, /*LowerCase=*/true));
    w_.key("relocations");
    w_.beginArray();
    for (const Relocation &r : s.relocations) {
      w_.beginObject();
      w_.key("offset");
      w_.value(r.offset);
      w_.key("target");
      if (r.target.index() < m_.symbols.size())
        w_.value(m_.symbol(r.target).ptxName);
      else
        w_.null();
      w_.key("addend");
      w_.value(r.addend);
      w_.key("generic");
      w_.value(r.generic);
      // A function's address is its id: function_window + this index (abi.h).
      w_.key("function");
      if (r.target.index() < m_.symbols.size() && m_.symbol(r.target).kind == SymbolKind::Function)
        w_.value(m_.symbol(r.target).function.index());
      else
        w_.null();
      w_.endObject();
    }
    w_.endArray();
    w_.endObject();
  }

  // "file:line:col: error: message", like the compiler's other diagnostics.
  std::string located(const Unsupported &u) const {
    if (!m_.source)
      return "error: " + u.message;
    LineColumn lc = m_.source->lineColumn(u.srcOffset);
    return fmt::format("{}:{}:{}: error: {}", m_.source->name(), lc.line, lc.column, u.message);
  }

  // The keys kernels and functions share.
  void header(const Function &f) {
    w_.key("name");
    w_.value(f.ptxName);
    w_.key("msl_name");
    w_.value(f.name);
  }

  void status(const Function &f) {
    w_.key("translated");
    w_.value(!f.unsupported.has_value());
    w_.key("error");
    if (f.unsupported)
      w_.value(located(*f.unsupported));
    else
      w_.null();
  }

  void kernel(const Function &f) {
    w_.beginObject();
    header(f);
    w_.key("body");
    w_.value(f.name + P2M_BODY_SUFFIX);
    w_.key("demangled");
    std::string demangled = llvm::demangle(f.ptxName);
    if (demangled == f.ptxName)
      w_.null();
    else
      w_.value(demangled);
    status(f);

    w_.key("params");
    w_.beginArray();
    for (size_t i = 0; i < f.params.size(); ++i)
      param(f, i, m_.symbol(f.params[i]));
    w_.endArray();
    w_.key("param_bytes");
    w_.value(f.paramBytes);

    w_.key("shared");
    w_.beginObject();
    w_.key("static_bytes");
    w_.value(f.staticSharedBytes);
    w_.key("dynamic");
    w_.value(f.usesDynamicShared);
    w_.key("variables");
    w_.beginArray();
    // The map has no order: list by offset (then symbol) so the text is deterministic.
    std::vector<std::pair<uint64_t, SymId>> shared;
    for (const auto &[id, offset] : f.sharedOffsets)
      shared.emplace_back(offset, id);
    std::sort(shared.begin(), shared.end());
    for (const auto &[offset, id] : shared) {
      const Symbol &s = m_.symbol(id);
      w_.beginObject();
      w_.key("name");
      w_.value(s.ptxName);
      w_.key("offset");
      w_.value(offset);
      w_.key("size");
      w_.value(s.size);
      w_.key("align");
      w_.value(s.align);
      w_.endObject();
    }
    w_.endArray();
    w_.endObject();

    w_.key("local_bytes");
    w_.value(f.localWindowBytes);
    w_.key("reqntid");
    numbers(f.reqntid);
    w_.key("maxntid");
    numbers(f.maxntid);
    w_.key("minnctapersm");
    if (f.minnctapersm)
      w_.value(f.minnctapersm);
    else
      w_.null();
    w_.key("features");
    w_.beginArray(true);
    for (const auto &[bit, name] : kFeatureNames)
      if (f.features & bit)
        w_.value(name);
    w_.endArray();
    w_.endObject();
  }

  // A name is left out where it is nvcc's `<kernel>_param_<index>` (a fifth of the reflection
  // of a library of long mangled names); readers rebuild it (defaultParamName).
  void param(const Function &kernel, size_t index, const Symbol &s) {
    w_.beginObject();
    if (s.ptxName != defaultParamName(kernel.ptxName, index)) {
      w_.key("name");
      w_.value(s.ptxName);
    }
    w_.key("offset");
    w_.value(s.offset);
    w_.key("size");
    w_.value(s.size);
    w_.key("align");
    w_.value(s.align);
    w_.key("type");
    w_.value(spelling(s.elementType));
    w_.key("vector");
    w_.value(s.vector);
    w_.key("array");
    uint64_t count = s.size / elementBytes(s);
    if (count > 1)
      w_.value(count);
    else
      w_.null();
    w_.endObject();
  }

  void function(const Function &f) {
    w_.beginObject();
    header(f);
    status(f);
    w_.endObject();
  }

  const Module &m_;
  const ReflectionOptions &o_;
  JsonWriter w_;
};

} // namespace

std::string emitReflection(const Module &module, const ReflectionOptions &options) {
  return Writer(module, options).run();
}

} // namespace p2m::reflection
