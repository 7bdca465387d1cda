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

} // namespace p2m::cuda
