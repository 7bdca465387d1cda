// Legacy texture and surface references (TextureReferenceApi.cpp): `.global .texref t;` and
// `.global .surfref s;` of a module (docs/textures.md, "References"). The translator makes each
// an 8-byte .global variable holding the handle of a texture or surface object, and its tex /
// suld / sust instructions read that handle. A reference here is the state the cuTexRef* /
// cuSurfRef* calls set; before each launch of one of the module's kernels, every reference
// whose state changed since the last launch gets a new object built by createTextureObject
// (the code behind cuTexObjectCreate and cuSurfObjectCreate), and the launch writes every
// reference's handle into its variable before the kernel runs. The previous object is kept
// until the module is unloaded: launches enqueued before the change may still read it.
#pragma once

#include <cuda.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

struct CUctx_st;
struct CUmod_st;

// What a texture reference is bound to (the latest cuTexRefSet{Array,MipmappedArray,Address,
// Address2D} wins).
enum class TextureBinding { None, Array, MipmappedArray, Linear, Pitch2D };

struct CUtexref_st {
  CUmod_st *module = nullptr; // null for cuTexRefCreate's (which no kernel can read)
  CUctx_st *context = nullptr;
  uint64_t variable = 0;      // the device address of the variable holding the handle
  TextureBinding binding = TextureBinding::None;
  CUarray hArray = nullptr;
  CUmipmappedArray hMipmappedArray = nullptr;
  CUdeviceptr address = 0;    // Linear and Pitch2D
  size_t bytes = 0;           // Linear
  size_t width = 0, height = 0, pitch = 0; // Pitch2D
  CUarray_format format = CU_AD_FORMAT_FLOAT; // cuTexRefSetFormat: the texels of linear memory
  unsigned channels = 1;
  CUDA_TEXTURE_DESC sampler{}; // address and filter modes, flags, mipmap state, border colour
  bool changed = true;         // since the object was built
  uint64_t object = 0;         // the texture object of the state at the last launch, or 0
};

struct CUsurfref_st {
  CUmod_st *module = nullptr;
  CUctx_st *context = nullptr;
  uint64_t variable = 0;
  CUarray hArray = nullptr;
  bool changed = true;
  uint64_t object = 0;
};

namespace p2m::cuda {

class Driver;

// A module's references, by name, made from its reflection when first needed; with the
// objects they built and the "unbound" objects whose handles unbound references hold.
struct ModuleReferences {
  bool made = false;
  std::map<std::string, std::unique_ptr<CUtexref_st>, std::less<>> textures;
  std::map<std::string, std::unique_ptr<CUsurfref_st>, std::less<>> surfaces;
  std::vector<uint64_t> objects;   // every object the references built (released at unload)
  uint64_t unbound = 0;            // the unbound objects' allocation, or 0
  CUctx_st *context = nullptr;
  ModuleReferences() = default;
  ModuleReferences(const ModuleReferences &) = delete;
  ModuleReferences &operator=(const ModuleReferences &) = delete;
  ~ModuleReferences(); // releases the objects (the module's work is done by then)
};

// A handle to write into a reference's variable before a launch.
struct ReferenceHandle {
  uint64_t variable = 0;
  uint64_t handle = 0;
};

// The module's references, made from its reflection on first use (with the API lock held).
ModuleReferences &moduleReferences(Driver &driver, CUmod_st *module);

// Before enqueuing a launch of one of the module's kernels: the objects of references whose
// state changed are built, and the handles to write are returned (none for a module without
// references). An object that cannot be built fails the launch with its error.
CUresult prepareReferences(Driver &driver, CUmod_st *module, std::vector<ReferenceHandle> *handles);

// When the launch runs: the handles written into their variables.
void writeReferences(Driver &driver, const std::vector<ReferenceHandle> &handles);

} // namespace p2m::cuda
