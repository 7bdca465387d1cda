// Texture and surface objects (TextureApi.cpp): the handle is the device address of a
// descriptor of P2M_TEX_DESC_WORDS words (emitters/msl/support/texture_abi.h) that the object
// owns; the descriptor is filled once, when the object is created, from the resource and
// texture descriptions (fillTextureDescriptor, a pure function the unit tests call).
#pragma once

#include "emitters/msl/support/texture_abi.h"

#include <cuda.h>

#include <array>
#include <cstdint>

namespace p2m::cuda {

using TextureDescriptorWords = std::array<uint32_t, P2M_TEX_DESC_WORDS>;

// What the descriptor says about the texels, resolved from the resource.
struct TextureResource {
  uint64_t data = 0;       // device address of texel (0, 0, 0) of level 0
  uint64_t rowPitch = 0;   // bytes
  uint64_t slicePitch = 0; // bytes
  unsigned kind = 0;       // P2M_TEX_KIND_*
  unsigned width = 0, height = 1, depth = 1, layers = 0;
  unsigned channels = 0, channelBits = 0, formatKind = 0;
  unsigned mipLevels = 1;
  uint64_t levelOffsets[P2M_TEX_MAX_MIP_LEVELS] = {};
};

// The words of a texture object (`texture` non-null) or a surface object (null).
TextureDescriptorWords fillTextureDescriptor(const TextureResource &resource, const CUDA_TEXTURE_DESC *texture);

class Driver;

// How a resource's base address is checked: objects and pitch-2D references need
// CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT; a linear texture reference binds any address
// (cuTexRefSetAddress's byte offset is then 0: the descriptor holds the exact address).
enum class BaseAlignment { Texture, Any };

// The checks of cuTexObjectCreate / cuSurfObjectCreate (`sampler` null: a surface) on a
// resource and sampler, without creating anything (TextureApi.cpp).
CUresult checkTextureObject(Driver &driver, const CUDA_RESOURCE_DESC &resource, const CUDA_TEXTURE_DESC *sampler,
                            BaseAlignment alignment, const char *api);
// A new texture or surface object in `context`, as cuTexObjectCreate / cuSurfObjectCreate make
// it; its handle in *handle. Texture and surface references build theirs with it too.
CUresult createTextureObject(Driver &driver, CUctx_st *context, const CUDA_RESOURCE_DESC &resource,
                             const CUDA_TEXTURE_DESC *sampler, BaseAlignment alignment, uint64_t *handle,
                             const char *api);
// Releases an object made by createTextureObject whose readers have finished (a module's
// references at unload: its work is done by then).
void releaseTextureObject(Driver &driver, uint64_t handle);

} // namespace p2m::cuda
