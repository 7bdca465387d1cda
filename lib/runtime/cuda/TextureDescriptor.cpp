// The descriptor words of a texture or surface object (TextureObjects.h, texture_abi.h).
#include "TextureObjects.h"

#include <cstring>

namespace p2m::cuda {

namespace {

uint32_t floatBits(float f) {
  uint32_t u = 0;
  std::memcpy(&u, &f, sizeof u);
  return u;
}

void put64(TextureDescriptorWords &w, unsigned index, uint64_t value) {
  w[index] = uint32_t(value);
  w[index + 1] = uint32_t(value >> 32);
}

} // namespace

TextureDescriptorWords fillTextureDescriptor(const TextureResource &r, const CUDA_TEXTURE_DESC *t) {
  TextureDescriptorWords w{};
  put64(w, P2M_TEX_DATA_LO, r.data);
  put64(w, P2M_TEX_ROW_PITCH_LO, r.rowPitch);
  put64(w, P2M_TEX_SLICE_PITCH_LO, r.slicePitch);
  w[P2M_TEX_KIND] = r.kind;
  w[P2M_TEX_WIDTH] = r.width;
  w[P2M_TEX_HEIGHT] = r.height;
  w[P2M_TEX_DEPTH] = r.depth;
  w[P2M_TEX_LAYERS] = r.layers;
  w[P2M_TEX_CHANNELS] = r.channels;
  w[P2M_TEX_CHANNEL_BITS] = r.channelBits;
  w[P2M_TEX_FORMAT_KIND] = r.formatKind;
  w[P2M_TEX_MIP_LEVELS] = r.mipLevels;
  for (unsigned level = 0; level < P2M_TEX_MAX_MIP_LEVELS; ++level)
    put64(w, P2M_TEX_LEVEL_OFFSETS + 2 * level, r.levelOffsets[level]);
  if (!t) {
    w[P2M_TEX_FLAGS] = P2M_TEX_FLAG_SURFACE;
    return w;
  }
  w[P2M_TEX_FLAGS] = P2M_TEX_FLAG_TEXTURE | P2M_TEX_FLAG_SAMPLER;
  for (unsigned i = 0; i < 3; ++i)
    w[P2M_TEX_ADDRESS_MODE0 + i] = unsigned(t->addressMode[i]);
  w[P2M_TEX_FILTER_MODE] = unsigned(t->filterMode);
  // The Driver API reads 8- and 16-bit integer texels as normalized floats unless
  // CU_TRSF_READ_AS_INTEGER; 32-bit integers and floats are read as they are.
  bool integer = r.formatKind != 2;
  w[P2M_TEX_READ_MODE] = integer && r.channelBits < 32 && !(t->flags & CU_TRSF_READ_AS_INTEGER) ? 1u : 0u;
  w[P2M_TEX_NORMALIZED] = (t->flags & CU_TRSF_NORMALIZED_COORDINATES) ? 1u : 0u;
  // sRGB applies to 8-bit unsigned texels read as normalized floats (an H100 ignores the flag
  // elsewhere: tests/probes/textures.cu, "srgb_u16").
  w[P2M_TEX_SRGB] = (t->flags & CU_TRSF_SRGB) && w[P2M_TEX_READ_MODE] && r.formatKind == 1 && r.channelBits == 8;
  for (unsigned i = 0; i < 4; ++i)
    w[P2M_TEX_BORDER0 + i] = floatBits(t->borderColor[i]);
  w[P2M_TEX_MIP_FILTER_MODE] = unsigned(t->mipmapFilterMode);
  w[P2M_TEX_MIP_LOD_BIAS] = floatBits(t->mipmapLevelBias);
  w[P2M_TEX_MIN_LOD] = floatBits(t->minMipmapLevelClamp);
  w[P2M_TEX_MAX_LOD] = floatBits(t->maxMipmapLevelClamp);
  w[P2M_TEX_MAX_ANISOTROPY] = t->maxAnisotropy;
  return w;
}

} // namespace p2m::cuda
