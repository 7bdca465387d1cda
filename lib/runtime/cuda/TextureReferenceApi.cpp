// Texture and surface references (TextureReferences.h): cuModuleGetTexRef / cuModuleGetSurfRef,
// cuTexRefSet* / cuTexRefGet*, cuTexRefCreate / cuTexRefDestroy, cuSurfRefSetArray /
// cuSurfRefGetArray, and the objects a launch builds from them. Semantics and error codes are
// cuda.h's: an unknown name is CUDA_ERROR_NOT_FOUND; a new binding supersedes the previous
// one; a getter of a binding the reference does not have is CUDA_ERROR_INVALID_VALUE. A
// binding is checked when it is made by the checks of cuTexObjectCreate (checkTextureObject);
// the sampler state is checked against the resource when the launch builds the object.
//
// cuTexRefSetAddress passes back a byte offset of 0 for every address: the object's descriptor
// holds the exact address bound, so fetches need no offset (NVIDIA's hardware needs one where
// the address is not aligned to CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT).
//
// A kernel that reads a reference bound to nothing reads zeros: the handle is then that of an
// "unbound" texture (a linear resource of no texels with a zero border: every fetch and gather
// is outside and reads 0; txq.width reads 0, as on an H100) or an
// unbound surface (a 2D surface of no texels: .trap accesses fail the launch with
// CUDA_ERROR_ILLEGAL_ADDRESS, .zero reads 0 and drops stores, .clamp reaches a scratch texel).
// NVIDIA documents no behaviour for this.
#include "Arrays.h"
#include "TextureObjects.h"
#include "TextureReferences.h"

#include "runtime/core/Log.h"

#include <cstring>
#include <optional>
#include <set>

using p2m::cuda::BaseAlignment;
using p2m::cuda::Driver;
using p2m::cuda::enumBits;
using p2m::cuda::ModuleReferences;
using p2m::cuda::toCuResult;

namespace {

constexpr unsigned kKnownFlags = CU_TRSF_READ_AS_INTEGER | CU_TRSF_NORMALIZED_COORDINATES | CU_TRSF_SRGB |
                                 CU_TRSF_DISABLE_TRILINEAR_OPTIMIZATION | CU_TRSF_SEAMLESS_CUBEMAP;

// Every live reference (modules' and cuTexRefCreate's), guarded by the API lock.
std::set<CUtexref_st *> &liveTextures() {
  static std::set<CUtexref_st *> set;
  return set;
}
std::set<CUsurfref_st *> &liveSurfaces() {
  static std::set<CUsurfref_st *> set;
  return set;
}
// cuTexRefCreate's references, owned here.
std::map<CUtexref_st *, std::unique_ptr<CUtexref_st>> &createdTextures() {
  static std::map<CUtexref_st *, std::unique_ptr<CUtexref_st>> map;
  return map;
}

// A live reference of a live context, or the error to return.
CUresult checkTexture(Driver &driver, CUtexref_st *t) {
  if (!t || !liveTextures().count(t))
    return CUDA_ERROR_INVALID_VALUE;
  return driver.checkContext(t->context);
}

CUresult checkSurface(Driver &driver, CUsurfref_st *s) {
  if (!s || !liveSurfaces().count(s))
    return CUDA_ERROR_INVALID_VALUE;
  return driver.checkContext(s->context);
}

// The resource a texture reference's binding describes.
CUDA_RESOURCE_DESC resourceOf(const CUtexref_st &t) {
  CUDA_RESOURCE_DESC r{};
  switch (t.binding) {
  case TextureBinding::Array:
    r.resType = CU_RESOURCE_TYPE_ARRAY;
    r.res.array.hArray = t.hArray;
    break;
  case TextureBinding::MipmappedArray:
    r.resType = CU_RESOURCE_TYPE_MIPMAPPED_ARRAY;
    r.res.mipmap.hMipmappedArray = t.hMipmappedArray;
    break;
  case TextureBinding::Linear:
    r.resType = CU_RESOURCE_TYPE_LINEAR;
    r.res.linear.devPtr = t.address;
    r.res.linear.format = t.format;
    r.res.linear.numChannels = t.channels;
    r.res.linear.sizeInBytes = t.bytes;
    break;
  case TextureBinding::Pitch2D:
    r.resType = CU_RESOURCE_TYPE_PITCH2D;
    r.res.pitch2D.devPtr = t.address;
    r.res.pitch2D.format = t.format;
    r.res.pitch2D.numChannels = t.channels;
    r.res.pitch2D.width = t.width;
    r.res.pitch2D.height = t.height;
    r.res.pitch2D.pitchInBytes = t.pitch;
    break;
  case TextureBinding::None:
    break;
  }
  return r;
}

BaseAlignment alignmentOf(const CUtexref_st &t) {
  return t.binding == TextureBinding::Linear ? BaseAlignment::Any : BaseAlignment::Texture;
}

// A new binding, checked as cuTexObjectCreate checks its resource (with a sampler that reads
// it as simply as possible: the reference's sampler state is checked at the launch).
CUresult bind(Driver &driver, CUtexref_st *t, const CUtexref_st &binding, const char *api) {
  CUDA_TEXTURE_DESC plain{};
  plain.addressMode[0] = plain.addressMode[1] = plain.addressMode[2] = CU_TR_ADDRESS_MODE_CLAMP;
  if (CUresult r = p2m::cuda::checkTextureObject(driver, resourceOf(binding), &plain, alignmentOf(binding), api))
    return r;
  t->binding = binding.binding;
  t->hArray = binding.hArray;
  t->hMipmappedArray = binding.hMipmappedArray;
  t->address = binding.address;
  t->bytes = binding.bytes;
  t->width = binding.width;
  t->height = binding.height;
  t->pitch = binding.pitch;
  t->format = binding.format;
  t->channels = binding.channels;
  t->changed = true;
  return CUDA_SUCCESS;
}

// The unbound texture and surface objects of a module: two descriptors and a zero texel in one
// allocation of its context, filled by fillTextureDescriptor as every object is.
CUresult makeUnbound(Driver &driver, ModuleReferences &refs) {
  if (refs.unbound)
    return CUDA_SUCCESS;
  constexpr uint64_t kDescriptorBytes = sizeof(p2m::cuda::TextureDescriptorWords);
  uint64_t address = 0;
  if (CUresult r = toCuResult(driver.device().allocate(2 * kDescriptorBytes + 16, refs.context, &address),
                              "cuLaunchKernel"))
    return r;
  auto *bytes = static_cast<uint8_t *>(driver.device().hostPointer(address));
  std::memset(bytes, 0, 2 * kDescriptorBytes + 16);
  p2m::cuda::TextureResource r;
  r.data = address + 2 * kDescriptorBytes;
  r.channels = 4;
  r.channelBits = 32;
  r.formatKind = 2;
  r.kind = P2M_TEX_KIND_LINEAR;
  r.width = 0;
  // Border addressing with a zero border: a gather (tld4), which does not take the linear
  // path, reads the border for every texel of a resource of no texels.
  CUDA_TEXTURE_DESC sampler{};
  sampler.addressMode[0] = sampler.addressMode[1] = sampler.addressMode[2] = CU_TR_ADDRESS_MODE_BORDER;
  auto texture = p2m::cuda::fillTextureDescriptor(r, &sampler);
  r.kind = P2M_TEX_KIND_2D;
  r.height = 0;
  auto surface = p2m::cuda::fillTextureDescriptor(r, nullptr);
  std::memcpy(bytes, texture.data(), kDescriptorBytes);
  std::memcpy(bytes + kDescriptorBytes, surface.data(), kDescriptorBytes);
  refs.unbound = address;
  return CUDA_SUCCESS;
}

// The object of a reference's current state (built when its state changed), or 0 when it is
// bound to nothing.
CUresult textureObject(Driver &driver, ModuleReferences &refs, CUtexref_st &t, uint64_t *handle) {
  if (t.binding == TextureBinding::None) {
    *handle = 0;
    return CUDA_SUCCESS;
  }
  if (t.changed || !t.object) {
    uint64_t object = 0;
    if (CUresult r = p2m::cuda::createTextureObject(driver, t.context, resourceOf(t), &t.sampler, alignmentOf(t),
                                                    &object, "cuLaunchKernel (a texture reference)"))
      return r;
    refs.objects.push_back(object);
    t.object = object;
    t.changed = false;
  }
  *handle = t.object;
  return CUDA_SUCCESS;
}

CUresult surfaceObject(Driver &driver, ModuleReferences &refs, CUsurfref_st &s, uint64_t *handle) {
  if (!s.hArray) {
    *handle = 0;
    return CUDA_SUCCESS;
  }
  if (s.changed || !s.object) {
    CUDA_RESOURCE_DESC resource{};
    resource.resType = CU_RESOURCE_TYPE_ARRAY;
    resource.res.array.hArray = s.hArray;
    uint64_t object = 0;
    if (CUresult r = p2m::cuda::createTextureObject(driver, s.context, resource, nullptr, BaseAlignment::Texture,
                                                    &object, "cuLaunchKernel (a surface reference)"))
      return r;
    refs.objects.push_back(object);
    s.object = object;
    s.changed = false;
  }
  *handle = s.object;
  return CUDA_SUCCESS;
}

// The array a reference may still name after cuArrayDestroy: checked when it is used.
bool liveArray(CUarray a) { return a && p2m::cuda::isArray(a); }

CUresult setAddress2D(Driver &driver, CUtexref t, const CUDA_ARRAY_DESCRIPTOR *desc, CUdeviceptr dptr, size_t pitch) {
  if (CUresult r = checkTexture(driver, t))
    return r;
  if (!desc)
    return CUDA_ERROR_INVALID_VALUE;
  CUtexref_st binding = *t;
  binding.binding = TextureBinding::Pitch2D;
  binding.address = dptr;
  binding.width = desc->Width;
  binding.height = desc->Height;
  binding.pitch = pitch;
  binding.format = desc->Format;
  binding.channels = desc->NumChannels;
  return bind(driver, t, binding, "cuTexRefSetAddress2D");
}

// The sampler-state setters: the reference checked, then the new value (`valid`), then set by
// `set`; the next launch rebuilds the reference's object.
template <typename Set> CUresult setSamplerState(CUtexref hTexRef, bool valid, Set set) {
  P2M_API_ENTER();
  if (CUresult r = checkTexture(driver, hTexRef))
    return r;
  if (!valid)
    return CUDA_ERROR_INVALID_VALUE;
  set(hTexRef->sampler);
  hTexRef->changed = true;
  return CUDA_SUCCESS;
}

// The single-value getters: the reference checked, then `out`, then `get`'s value written
// there (std::nullopt: the reference holds none, CUDA_ERROR_INVALID_VALUE).
template <typename T, typename Get> CUresult getTextureState(CUtexref hTexRef, T *out, Get get) {
  P2M_API_ENTER();
  if (CUresult r = checkTexture(driver, hTexRef))
    return r;
  std::optional<T> value = out ? std::optional<T>(get(*hTexRef)) : std::nullopt;
  if (!value)
    return CUDA_ERROR_INVALID_VALUE;
  *out = *value;
  return CUDA_SUCCESS;
}

bool isFilterMode(CUfilter_mode fm) {
  return enumBits(fm) == CU_TR_FILTER_MODE_POINT || enumBits(fm) == CU_TR_FILTER_MODE_LINEAR;
}

} // namespace

namespace p2m::cuda {

ModuleReferences::~ModuleReferences() {
  for (const auto &[name, t] : textures)
    liveTextures().erase(t.get());
  for (const auto &[name, s] : surfaces)
    liveSurfaces().erase(s.get());
  Driver &driver = Driver::get();
  for (uint64_t object : objects)
    releaseTextureObject(driver, object);
  if (unbound && driver.isContext(context))
    (void)driver.device().release(unbound, context);
}

ModuleReferences &moduleReferences(Driver &driver, CUmod_st *module) {
  ModuleReferences &refs = module->references;
  if (refs.made)
    return refs;
  refs.made = true;
  refs.context = module->context;
  for (const runtime::VariableInfo &v : module->module->reflection().variables) {
    if (v.reference == runtime::ReferenceKind::None)
      continue;
    uint64_t address = 0, bytes = 0;
    if (module->module->getGlobal(v.name, &address, &bytes) || bytes != 8)
      continue; // the reader checked its size and segment
    if (v.reference == runtime::ReferenceKind::Texture) {
      auto t = std::make_unique<CUtexref_st>();
      t->module = module;
      t->context = module->context;
      t->variable = address;
      liveTextures().insert(t.get());
      refs.textures[v.name] = std::move(t);
    } else {
      auto s = std::make_unique<CUsurfref_st>();
      s->module = module;
      s->context = module->context;
      s->variable = address;
      liveSurfaces().insert(s.get());
      refs.surfaces[v.name] = std::move(s);
    }
  }
  (void)driver;
  return refs;
}

CUresult prepareReferences(Driver &driver, CUmod_st *module, std::vector<ReferenceHandle> *handles) {
  ModuleReferences &refs = moduleReferences(driver, module);
  if (refs.textures.empty() && refs.surfaces.empty())
    return CUDA_SUCCESS;
  if (CUresult r = makeUnbound(driver, refs))
    return r;
  uint64_t unboundTexture = refs.unbound, unboundSurface = refs.unbound + sizeof(TextureDescriptorWords);
  for (auto &[name, t] : refs.textures) {
    uint64_t handle = 0;
    if (CUresult r = textureObject(driver, refs, *t, &handle)) {
      runtime::logMessage("cuLaunchKernel: texture reference " + name + " cannot be read as bound");
      return r;
    }
    handles->push_back({t->variable, handle ? handle : unboundTexture});
  }
  for (auto &[name, s] : refs.surfaces) {
    uint64_t handle = 0;
    if (CUresult r = surfaceObject(driver, refs, *s, &handle)) {
      runtime::logMessage("cuLaunchKernel: surface reference " + name + " cannot be accessed as bound");
      return r;
    }
    handles->push_back({s->variable, handle ? handle : unboundSurface});
  }
  return CUDA_SUCCESS;
}

void writeReferences(Driver &driver, const std::vector<ReferenceHandle> &handles) {
  // Written only where it changed: kernels of the module may be running on other streams and
  // reading the variable.
  for (const ReferenceHandle &h : handles) {
    void *variable = driver.device().hostPointer(h.variable);
    if (std::memcmp(variable, &h.handle, sizeof h.handle) != 0)
      std::memcpy(variable, &h.handle, sizeof h.handle);
  }
}

} // namespace p2m::cuda

extern "C" {

CUresult CUDAAPI cuModuleGetTexRef(CUtexref *pTexRef, CUmodule hmod, const char *name) {
  P2M_API_ENTER();
  if (!pTexRef || !name)
    return CUDA_ERROR_INVALID_VALUE;
  if (!driver.isModule(hmod))
    return CUDA_ERROR_INVALID_HANDLE;
  if (CUresult r = driver.checkContext(hmod->context))
    return r;
  ModuleReferences &refs = p2m::cuda::moduleReferences(driver, hmod);
  auto it = refs.textures.find(std::string_view(name));
  if (it == refs.textures.end())
    return CUDA_ERROR_NOT_FOUND;
  *pTexRef = it->second.get();
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuModuleGetSurfRef(CUsurfref *pSurfRef, CUmodule hmod, const char *name) {
  P2M_API_ENTER();
  if (!pSurfRef || !name)
    return CUDA_ERROR_INVALID_VALUE;
  if (!driver.isModule(hmod))
    return CUDA_ERROR_INVALID_HANDLE;
  if (CUresult r = driver.checkContext(hmod->context))
    return r;
  ModuleReferences &refs = p2m::cuda::moduleReferences(driver, hmod);
  auto it = refs.surfaces.find(std::string_view(name));
  if (it == refs.surfaces.end())
    return CUDA_ERROR_NOT_FOUND;
  *pSurfRef = it->second.get();
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuTexRefCreate(CUtexref *pTexRef) {
  P2M_API_ENTER_CONTEXT();
  if (!pTexRef)
    return CUDA_ERROR_INVALID_VALUE;
  auto t = std::make_unique<CUtexref_st>();
  t->context = context;
  CUtexref_st *handle = t.get();
  liveTextures().insert(handle);
  createdTextures()[handle] = std::move(t);
  *pTexRef = handle;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuTexRefDestroy(CUtexref hTexRef) {
  P2M_API_ENTER();
  auto it = createdTextures().find(hTexRef);
  if (it == createdTextures().end()) // a module's reference goes with its module
    return CUDA_ERROR_INVALID_VALUE;
  liveTextures().erase(hTexRef);
  createdTextures().erase(it);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuTexRefSetArray(CUtexref hTexRef, CUarray hArray, unsigned int Flags) {
  P2M_API_ENTER();
  if (CUresult r = checkTexture(driver, hTexRef))
    return r;
  // cuda.h asks for CU_TRSA_OVERRIDE_FORMAT; NVIDIA's driver accepts 0 too (H100, 580.159.04).
  // Either way the array's format is the one read.
  if (Flags != 0 && Flags != CU_TRSA_OVERRIDE_FORMAT)
    return CUDA_ERROR_INVALID_VALUE;
  CUtexref_st binding = *hTexRef;
  binding.binding = TextureBinding::Array;
  binding.hArray = hArray;
  return bind(driver, hTexRef, binding, "cuTexRefSetArray");
}

CUresult CUDAAPI cuTexRefSetMipmappedArray(CUtexref hTexRef, CUmipmappedArray hMipmappedArray, unsigned int Flags) {
  P2M_API_ENTER();
  if (CUresult r = checkTexture(driver, hTexRef))
    return r;
  // cuda.h asks for CU_TRSA_OVERRIDE_FORMAT; NVIDIA's driver accepts 0 too (H100, 580.159.04).
  // Either way the array's format is the one read.
  if (Flags != 0 && Flags != CU_TRSA_OVERRIDE_FORMAT)
    return CUDA_ERROR_INVALID_VALUE;
  CUtexref_st binding = *hTexRef;
  binding.binding = TextureBinding::MipmappedArray;
  binding.hMipmappedArray = hMipmappedArray;
  return bind(driver, hTexRef, binding, "cuTexRefSetMipmappedArray");
}

CUresult CUDAAPI cuTexRefSetAddress_v2(size_t *ByteOffset, CUtexref hTexRef, CUdeviceptr dptr, size_t bytes) {
  P2M_API_ENTER();
  if (CUresult r = checkTexture(driver, hTexRef))
    return r;
  CUtexref_st binding = *hTexRef;
  binding.binding = TextureBinding::Linear;
  binding.address = dptr;
  binding.bytes = bytes;
  if (CUresult r = bind(driver, hTexRef, binding, "cuTexRefSetAddress"))
    return r;
  if (ByteOffset)
    *ByteOffset = 0; // the descriptor holds the exact address (above)
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuTexRefSetAddress2D_v3(CUtexref hTexRef, const CUDA_ARRAY_DESCRIPTOR *desc, CUdeviceptr dptr,
                                         size_t Pitch) {
  P2M_API_ENTER();
  return setAddress2D(driver, hTexRef, desc, dptr, Pitch);
}

// CUDA 3.2's symbol, of the same signature (CUDA 4.1 moved cuda.h to _v3).
CUresult CUDAAPI cuTexRefSetAddress2D_v2(CUtexref hTexRef, const CUDA_ARRAY_DESCRIPTOR *desc, CUdeviceptr dptr,
                                         size_t Pitch) {
  P2M_API_ENTER();
  return setAddress2D(driver, hTexRef, desc, dptr, Pitch);
}

CUresult CUDAAPI cuTexRefSetFormat(CUtexref hTexRef, CUarray_format fmt, int NumPackedComponents) {
  P2M_API_ENTER();
  if (CUresult r = checkTexture(driver, hTexRef))
    return r;
  p2m::cuda::TexelFormat f;
  bool known = false;
  if (NumPackedComponents <= 0 || !p2m::cuda::texelFormat(enumBits(fmt), unsigned(NumPackedComponents), &f, &known))
    return known ? p2m::cuda::notSupported("cuTexRefSetFormat", "packed, planar and block-compressed texel formats")
                 : CUDA_ERROR_INVALID_VALUE;
  hTexRef->format = fmt;
  hTexRef->channels = unsigned(NumPackedComponents);
  hTexRef->changed = true;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuTexRefSetAddressMode(CUtexref hTexRef, int dim, CUaddress_mode am) {
  const bool valid = dim >= 0 && dim <= 2 && enumBits(am) >= CU_TR_ADDRESS_MODE_WRAP &&
                     enumBits(am) <= CU_TR_ADDRESS_MODE_BORDER;
  return setSamplerState(hTexRef, valid, [&](auto &s) { s.addressMode[dim] = am; });
}

CUresult CUDAAPI cuTexRefSetFilterMode(CUtexref hTexRef, CUfilter_mode fm) {
  return setSamplerState(hTexRef, isFilterMode(fm), [&](auto &s) { s.filterMode = fm; });
}

CUresult CUDAAPI cuTexRefSetMipmapFilterMode(CUtexref hTexRef, CUfilter_mode fm) {
  return setSamplerState(hTexRef, isFilterMode(fm), [&](auto &s) { s.mipmapFilterMode = fm; });
}

CUresult CUDAAPI cuTexRefSetMipmapLevelBias(CUtexref hTexRef, float bias) {
  return setSamplerState(hTexRef, true, [&](auto &s) { s.mipmapLevelBias = bias; });
}

CUresult CUDAAPI cuTexRefSetMipmapLevelClamp(CUtexref hTexRef, float minMipmapLevelClamp, float maxMipmapLevelClamp) {
  return setSamplerState(hTexRef, true, [&](auto &s) {
    s.minMipmapLevelClamp = minMipmapLevelClamp;
    s.maxMipmapLevelClamp = maxMipmapLevelClamp;
  });
}

CUresult CUDAAPI cuTexRefSetMaxAnisotropy(CUtexref hTexRef, unsigned int maxAniso) {
  return setSamplerState(hTexRef, true, [&](auto &s) { s.maxAnisotropy = maxAniso; });
}

CUresult CUDAAPI cuTexRefSetBorderColor(CUtexref hTexRef, float *pBorderColor) {
  return setSamplerState(hTexRef, pBorderColor != nullptr, [&](auto &s) {
    std::memcpy(s.borderColor, pBorderColor, sizeof s.borderColor);
  });
}

CUresult CUDAAPI cuTexRefSetFlags(CUtexref hTexRef, unsigned int Flags) {
  return setSamplerState(hTexRef, (Flags & ~kKnownFlags) == 0, [&](auto &s) { s.flags = Flags; });
}

CUresult CUDAAPI cuTexRefGetAddress_v2(CUdeviceptr *pdptr, CUtexref hTexRef) {
  return getTextureState(hTexRef, pdptr, [](const CUtexref_st &t) -> std::optional<CUdeviceptr> {
    if (t.binding != TextureBinding::Linear && t.binding != TextureBinding::Pitch2D)
      return std::nullopt;
    return t.address;
  });
}

CUresult CUDAAPI cuTexRefGetArray(CUarray *phArray, CUtexref hTexRef) {
  return getTextureState(hTexRef, phArray, [](const CUtexref_st &t) -> std::optional<CUarray> {
    if (t.binding != TextureBinding::Array)
      return std::nullopt;
    return t.hArray;
  });
}

CUresult CUDAAPI cuTexRefGetMipmappedArray(CUmipmappedArray *phMipmappedArray, CUtexref hTexRef) {
  return getTextureState(hTexRef, phMipmappedArray, [](const CUtexref_st &t) -> std::optional<CUmipmappedArray> {
    if (t.binding != TextureBinding::MipmappedArray)
      return std::nullopt;
    return t.hMipmappedArray;
  });
}

CUresult CUDAAPI cuTexRefGetAddressMode(CUaddress_mode *pam, CUtexref hTexRef, int dim) {
  return getTextureState(hTexRef, pam, [&](const CUtexref_st &t) -> std::optional<CUaddress_mode> {
    if (dim < 0 || dim > 2)
      return std::nullopt;
    return t.sampler.addressMode[dim];
  });
}

CUresult CUDAAPI cuTexRefGetFilterMode(CUfilter_mode *pfm, CUtexref hTexRef) {
  return getTextureState(hTexRef, pfm, [](const CUtexref_st &t) { return t.sampler.filterMode; });
}

// The format of the bound array where the reference is bound to one (cuda.h), else the
// format set for linear memory.
CUresult CUDAAPI cuTexRefGetFormat(CUarray_format *pFormat, int *pNumChannels, CUtexref hTexRef) {
  P2M_API_ENTER();
  if (CUresult r = checkTexture(driver, hTexRef))
    return r;
  CUarray_format format = hTexRef->format;
  unsigned channels = hTexRef->channels;
  CUarray array = hTexRef->binding == TextureBinding::Array ? hTexRef->hArray
                  : hTexRef->binding == TextureBinding::MipmappedArray &&
                          p2m::cuda::isMipmappedArray(hTexRef->hMipmappedArray)
                      ? hTexRef->hMipmappedArray->levels[0].get()
                      : nullptr;
  if (liveArray(array)) {
    format = array->desc.Format;
    channels = array->desc.NumChannels;
  }
  if (pFormat)
    *pFormat = format;
  if (pNumChannels)
    *pNumChannels = int(channels);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuTexRefGetMipmapFilterMode(CUfilter_mode *pfm, CUtexref hTexRef) {
  return getTextureState(hTexRef, pfm, [](const CUtexref_st &t) { return t.sampler.mipmapFilterMode; });
}

CUresult CUDAAPI cuTexRefGetMipmapLevelBias(float *pbias, CUtexref hTexRef) {
  return getTextureState(hTexRef, pbias, [](const CUtexref_st &t) { return t.sampler.mipmapLevelBias; });
}

CUresult CUDAAPI cuTexRefGetMipmapLevelClamp(float *pminMipmapLevelClamp, float *pmaxMipmapLevelClamp,
                                             CUtexref hTexRef) {
  P2M_API_ENTER();
  if (CUresult r = checkTexture(driver, hTexRef))
    return r;
  if (!pminMipmapLevelClamp || !pmaxMipmapLevelClamp)
    return CUDA_ERROR_INVALID_VALUE;
  *pminMipmapLevelClamp = hTexRef->sampler.minMipmapLevelClamp;
  *pmaxMipmapLevelClamp = hTexRef->sampler.maxMipmapLevelClamp;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuTexRefGetMaxAnisotropy(int *pmaxAniso, CUtexref hTexRef) {
  return getTextureState(hTexRef, pmaxAniso, [](const CUtexref_st &t) { return int(t.sampler.maxAnisotropy); });
}

CUresult CUDAAPI cuTexRefGetBorderColor(float *pBorderColor, CUtexref hTexRef) {
  P2M_API_ENTER();
  if (CUresult r = checkTexture(driver, hTexRef))
    return r;
  if (!pBorderColor)
    return CUDA_ERROR_INVALID_VALUE;
  std::memcpy(pBorderColor, hTexRef->sampler.borderColor, sizeof hTexRef->sampler.borderColor);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuTexRefGetFlags(unsigned int *pFlags, CUtexref hTexRef) {
  return getTextureState(hTexRef, pFlags, [](const CUtexref_st &t) { return t.sampler.flags; });
}

CUresult CUDAAPI cuSurfRefSetArray(CUsurfref hSurfRef, CUarray hArray, unsigned int Flags) {
  P2M_API_ENTER();
  if (CUresult r = checkSurface(driver, hSurfRef))
    return r;
  if (Flags != 0 || !liveArray(hArray) || !(hArray->desc.Flags & CUDA_ARRAY3D_SURFACE_LDST))
    return CUDA_ERROR_INVALID_VALUE;
  CUDA_RESOURCE_DESC resource{};
  resource.resType = CU_RESOURCE_TYPE_ARRAY;
  resource.res.array.hArray = hArray;
  if (CUresult r = p2m::cuda::checkTextureObject(driver, resource, nullptr, BaseAlignment::Texture, "cuSurfRefSetArray"))
    return r;
  hSurfRef->hArray = hArray;
  hSurfRef->changed = true;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuSurfRefGetArray(CUarray *phArray, CUsurfref hSurfRef) {
  P2M_API_ENTER();
  if (CUresult r = checkSurface(driver, hSurfRef))
    return r;
  if (!phArray || !hSurfRef->hArray)
    return CUDA_ERROR_INVALID_VALUE;
  *phArray = hSurfRef->hArray;
  return CUDA_SUCCESS;
}

} // extern "C"
