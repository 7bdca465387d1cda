// The strict reflection reader (llvm/Support/JSON.h does the parsing; this checks shapes,
// ranges and consistency and names the offending field in its error).
#include "runtime/core/ModuleReflection.h"

#include "emitters/reflection/Reflection.h"

#include <llvm/ADT/StringExtras.h>
#include <llvm/Support/JSON.h>

#include <limits>
#include <set>

namespace p2m::runtime {

namespace {

namespace json = llvm::json;

// Each reader returns false after recording the first problem in `error`.
class Reader {
public:
  std::string error;

  bool fail(const std::string &where, const std::string &what) {
    if (error.empty())
      error = where + ": " + what;
    return false;
  }

  const json::Object *object(const json::Object &o, llvm::StringRef key, const std::string &where) {
    const json::Object *v = o.getObject(key);
    if (!v)
      fail(where + "." + key.str(), "missing or not an object");
    return v;
  }

  const json::Array *array(const json::Object &o, llvm::StringRef key, const std::string &where) {
    const json::Array *v = o.getArray(key);
    if (!v)
      fail(where + "." + key.str(), "missing or not an array");
    return v;
  }

  bool string(const json::Object &o, llvm::StringRef key, const std::string &where, std::string *out) {
    std::optional<llvm::StringRef> v = o.getString(key);
    if (!v)
      return fail(where + "." + key.str(), "missing or not a string");
    *out = v->str();
    return true;
  }

  bool boolean(const json::Object &o, llvm::StringRef key, const std::string &where, bool *out) {
    std::optional<bool> v = o.getBoolean(key);
    if (!v)
      return fail(where + "." + key.str(), "missing or not a boolean");
    *out = *v;
    return true;
  }

  template <typename T>
  bool number(const json::Object &o, llvm::StringRef key, const std::string &where, T *out) {
    const json::Value *v = o.get(key);
    if constexpr (std::numeric_limits<T>::is_signed) {
      std::optional<int64_t> i = v ? v->getAsInteger() : std::nullopt;
      if (i && *i >= int64_t(std::numeric_limits<T>::min()) && *i <= int64_t(std::numeric_limits<T>::max())) {
        *out = T(*i);
        return true;
      }
    } else {
      std::optional<uint64_t> u = v ? v->getAsUINT64() : std::nullopt;
      if (u && *u <= uint64_t(std::numeric_limits<T>::max())) {
        *out = T(*u);
        return true;
      }
    }
    return fail(where + "." + key.str(), "missing, not an integer or out of range");
  }

  // null → empty; else an array of 1..3 positive u32.
  bool dims(const json::Object &o, llvm::StringRef key, const std::string &where, std::vector<uint32_t> *out) {
    const json::Value *v = o.get(key);
    if (!v)
      return fail(where + "." + key.str(), "missing");
    if (v->getAsNull())
      return true;
    const json::Array *a = v->getAsArray();
    if (!a || a->empty() || a->size() > 3)
      return fail(where + "." + key.str(), "not null or an array of 1 to 3 numbers");
    for (const json::Value &e : *a) {
      std::optional<uint64_t> n = e.getAsUINT64();
      if (!n || *n == 0 || *n > 0xffffffffu)
        return fail(where + "." + key.str(), "not a positive 32-bit number");
      out->push_back(uint32_t(*n));
    }
    return true;
  }

  // Optional (reflections may predate a feature); names the runtime does not act on are fine.
  bool features(const json::Object &o, const std::string &where, KernelInfo *out) {
    const json::Value *v = o.get("features");
    if (!v)
      return true;
    const json::Array *names = v->getAsArray();
    if (!names)
      return fail(where + ".features", "not an array");
    for (const json::Value &name : *names) {
      std::optional<llvm::StringRef> s = name.getAsString();
      if (!s)
        return fail(where + ".features", "not an array of strings");
      out->usesPrintf |= *s == "printf";
      if (isCapabilityFeature(*s))
        out->capabilities.push_back(s->str());
    }
    return true;
  }

  bool param(const json::Value &v, const std::string &where, const KernelInfo &kernel, size_t index,
             ParamInfo *out) {
    const json::Object *o = v.getAsObject();
    if (!o)
      return fail(where, "not an object");
    // No "name": nvcc's own, which the writer leaves out.
    if (o->get("name")) {
      if (!string(*o, "name", where, &out->name))
        return false;
    } else {
      out->name = reflection::defaultParamName(kernel.name, index);
    }
    if (!number(*o, "offset", where, &out->offset) || !number(*o, "size", where, &out->size) ||
        !number(*o, "align", where, &out->align))
      return false;
    if (out->align == 0 || (out->align & (out->align - 1)) != 0 || out->offset % out->align != 0)
      return fail(where, "alignment is not a power of two dividing the offset");
    if (uint64_t(out->offset) + out->size > kernel.paramBytes)
      return fail(where, "lies outside param_bytes");
    return true;
  }

  bool kernel(const json::Value &v, const std::string &where, KernelInfo *out) {
    const json::Object *o = v.getAsObject();
    if (!o)
      return fail(where, "not an object");
    if (!string(*o, "name", where, &out->name) || !string(*o, "msl_name", where, &out->mslName) ||
        !boolean(*o, "translated", where, &out->translated) ||
        !number(*o, "param_bytes", where, &out->paramBytes) ||
        !number(*o, "local_bytes", where, &out->localBytes) || !dims(*o, "reqntid", where, &out->reqntid) ||
        !dims(*o, "maxntid", where, &out->maxntid))
      return false;
    if (!features(*o, where, out))
      return false;
    if (!out->translated) {
      std::optional<llvm::StringRef> reason = o->getString("error");
      out->error = reason ? reason->str() : "not translated (no reason given)";
    }
    if (out->paramBytes > 32764) // CUDA's largest parameter block (4 KiB before 12.1, 32 KiB now)
      return fail(where + ".param_bytes", "larger than CUDA's limit of 32764");
    const json::Object *shared = object(*o, "shared", where);
    if (!shared || !number(*shared, "static_bytes", where + ".shared", &out->staticSharedBytes) ||
        !boolean(*shared, "dynamic", where + ".shared", &out->dynamicShared))
      return false;
    const json::Array *params = array(*o, "params", where);
    if (!params)
      return false;
    uint64_t end = 0;
    for (size_t i = 0; i < params->size(); ++i) {
      ParamInfo p;
      if (!param((*params)[i], where + ".params[" + std::to_string(i) + "]", *out, i, &p))
        return false;
      if (p.offset < end)
        return fail(where + ".params[" + std::to_string(i) + "]", "overlaps the previous parameter");
      end = uint64_t(p.offset) + p.size;
      out->params.push_back(std::move(p));
    }
    return true;
  }

  bool relocation(const json::Value &v, const std::string &where, uint64_t varSize, RelocationInfo *out) {
    const json::Object *o = v.getAsObject();
    if (!o)
      return fail(where, "not an object");
    if (!number(*o, "offset", where, &out->offset) || !number(*o, "addend", where, &out->addend) ||
        !boolean(*o, "generic", where, &out->generic))
      return false;
    const json::Value *target = o->get("target");
    if (!target)
      return fail(where + ".target", "missing");
    if (std::optional<llvm::StringRef> name = target->getAsString())
      out->target = name->str();
    else if (!target->getAsNull())
      return fail(where + ".target", "not a string or null");
    if (out->offset > varSize || varSize - out->offset < 8)
      return fail(where, "the 8-byte address lies outside the variable");
    if (const json::Value *function = o->get("function"); function && !function->getAsNull()) {
      uint32_t id = 0;
      if (!number(*o, "function", where, &id))
        return false;
      if (out->addend != 0)
        return fail(where, "a function's address with an addend");
      out->function = id;
    }
    return true;
  }

  bool variable(const json::Value &v, const std::string &where, const ModuleReflection &m, VariableInfo *out) {
    const json::Object *o = v.getAsObject();
    if (!o)
      return fail(where, "not an object");
    std::string space;
    if (!string(*o, "name", where, &out->name) || !string(*o, "space", where, &space) ||
        !number(*o, "offset", where, &out->offset) || !number(*o, "size", where, &out->size))
      return false;
    if (space == "global")
      out->segment = SegmentKind::Global;
    else if (space == "const")
      out->segment = SegmentKind::Const;
    else
      return fail(where + ".space", "neither \"global\" nor \"const\"");
    uint64_t segmentBytes = out->segment == SegmentKind::Global ? m.globalBytes : m.constBytes;
    if (out->offset > segmentBytes || segmentBytes - out->offset < out->size)
      return fail(where, "lies outside its segment");
    // Optional: only a reference's variable has it (version 4).
    if (const json::Value *reference = o->get("reference")) {
      std::optional<llvm::StringRef> kind = reference->getAsString();
      if (kind == "texture")
        out->reference = ReferenceKind::Texture;
      else if (kind == "surface")
        out->reference = ReferenceKind::Surface;
      else
        return fail(where + ".reference", "neither \"texture\" nor \"surface\"");
      if (out->segment != SegmentKind::Global || out->size != 8 || out->offset % 8)
        return fail(where + ".reference", "a reference's handle is an aligned 8-byte .global variable");
    }
    const json::Value *init = o->get("init");
    if (!init)
      return fail(where + ".init", "missing");
    if (std::optional<llvm::StringRef> hex = init->getAsString()) {
      std::string bytes;
      if (!llvm::tryGetFromHex(*hex, bytes))
        return fail(where + ".init", "not hexadecimal");
      if (bytes.size() > out->size)
        return fail(where + ".init", "longer than the variable");
      out->init.assign(bytes.begin(), bytes.end());
    } else if (!init->getAsNull()) {
      return fail(where + ".init", "not a string or null");
    }
    const json::Array *relocations = array(*o, "relocations", where);
    if (!relocations)
      return false;
    for (size_t i = 0; i < relocations->size(); ++i) {
      RelocationInfo r;
      if (!relocation((*relocations)[i], where + ".relocations[" + std::to_string(i) + "]", out->size, &r))
        return false;
      out->relocations.push_back(std::move(r));
    }
    return true;
  }

  // Every option of the target profile (support/TargetProfile.def), each required.
  bool profile(const json::Object &o, TargetProfile *out) {
    const json::Object *profile = object(o, "profile", "reflection");
    if (!profile)
      return false;
    for (const TargetOption &option : targetOptions()) {
      std::string value;
      if (!string(*profile, option.key(), "reflection.profile", &value))
        return false;
      if (!option.set(*out, value)) {
        std::string known;
        for (std::string_view v : option.values)
          known += (known.empty() ? "" : ", ") + std::string(v);
        return fail("reflection.profile." + option.key(), "'" + value + "' is none of " + known);
      }
    }
    return true;
  }

  bool module(const json::Value &root, ModuleReflection *out) {
    const json::Object *o = root.getAsObject();
    if (!o)
      return fail("reflection", "not an object");
    std::optional<llvm::StringRef> format = o->getString("format");
    if (!format || *format != "ptx2metal-reflection")
      return fail("reflection.format", "not \"ptx2metal-reflection\"");
    int64_t version = 0;
    if (!number(*o, "version", "reflection", &version))
      return false;
    if (version != reflection::kReflectionVersion)
      return fail("reflection.version", "version " + std::to_string(version) + ", where this runtime reads " +
                                            std::to_string(reflection::kReflectionVersion));
    const json::Object *source = object(*o, "source", "reflection");
    if (!source || !string(*source, "sha256", "reflection.source", &out->sourceSha256))
      return false;
    if (!profile(*o, &out->target))
      return false;
    const json::Object *module = object(*o, "module", "reflection");
    if (!module || !number(*module, "global_bytes", "reflection.module", &out->globalBytes) ||
        !number(*module, "const_bytes", "reflection.module", &out->constBytes))
      return false;
    if (out->globalBytes > (uint64_t(1) << 40) || out->constBytes > (uint64_t(1) << 40))
      return fail("reflection.module", "segment sizes beyond 1 TiB");
    const json::Array *variables = array(*module, "variables", "reflection.module");
    if (!variables)
      return false;
    std::set<std::string> names;
    for (size_t i = 0; i < variables->size(); ++i) {
      VariableInfo v;
      std::string where = "reflection.module.variables[" + std::to_string(i) + "]";
      if (!variable((*variables)[i], where, *out, &v))
        return false;
      if (!names.insert(v.name).second)
        return fail(where, "a second variable named " + v.name);
      out->variables.push_back(std::move(v));
    }
    const json::Array *kernels = array(*o, "kernels", "reflection");
    if (!kernels)
      return false;
    std::set<std::string> kernelNames;
    for (size_t i = 0; i < kernels->size(); ++i) {
      KernelInfo k;
      std::string where = "reflection.kernels[" + std::to_string(i) + "]";
      if (!kernel((*kernels)[i], where, &k))
        return false;
      if (!kernelNames.insert(k.name).second)
        return fail(where, "a second kernel named " + k.name);
      out->kernels.push_back(std::move(k));
    }
    return true;
  }
};

} // namespace

bool isCapabilityFeature(std::string_view feature) { return feature == "atomic_u64_min_max"; }

const KernelInfo *ModuleReflection::findKernel(std::string_view name) const {
  for (const KernelInfo &k : kernels)
    if (k.name == name)
      return &k;
  return nullptr;
}

const VariableInfo *ModuleReflection::findVariable(std::string_view name) const {
  for (const VariableInfo &v : variables)
    if (v.name == name)
      return &v;
  return nullptr;
}

RuntimeStatus parseReflection(std::string_view text, ModuleReflection *out) {
  llvm::Expected<json::Value> root = json::parse(llvm::StringRef(text.data(), text.size()));
  if (!root)
    return failure(RuntimeErrorCode::InvalidImage,
                   "the reflection is not valid JSON: " + llvm::toString(root.takeError()));
  ModuleReflection parsed;
  Reader reader;
  if (!reader.module(*root, &parsed))
    return failure(RuntimeErrorCode::InvalidImage, "malformed reflection: " + reader.error);
  *out = std::move(parsed);
  return succeeded();
}

} // namespace p2m::runtime
