// CUDA arrays and mipmapped arrays in the shim (ArrayApi.cpp): a CUarray is a linear device
// allocation laid out as emitters/msl/support/texture_abi.h says (rows padded to
// P2M_ARRAY_PITCH_ALIGN, then slices, layers or cube faces), so that kernels read it through a
// texture or surface object's descriptor and copies (Memcpy2DApi.cpp) address it as pitched
// memory. A mipmapped array is one allocation holding every level; each level is a CUarray
// that shares it. The size limits are an H100's (cudaDeviceProp), which the probes in
// tests/probes/textures.cu checked against cudaMalloc3DArray.
#pragma once

#include "Driver.h"

#include "emitters/msl/support/texture_abi.h"

#include <cuda.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace p2m::cuda {

// CU_DEVICE_ATTRIBUTE_MAXIMUM_* of arrays and textures.
struct ArrayLimits {
  static constexpr int kTexture1D = 131072;
  static constexpr int kTexture2DWidth = 131072, kTexture2DHeight = 65536;
  static constexpr int kTexture3D = 16384;
  static constexpr int kTexture3DAltWidth = 8192, kTexture3DAltDepth = 32768;
  static constexpr int kLayeredWidth = 32768, kLayers = 2048;
  static constexpr int kCubemap = 32768, kCubemapLayers = 2046;
  static constexpr int kGather = 32768;
  static constexpr int kMipmapped = 32768;
  static constexpr int kSurface1D = 32768;
  static constexpr int kLinearWidth = 1 << 28; // texels of a linear texture
  static constexpr int kLinear2DWidth = 131072, kLinear2DHeight = 65000, kLinear2DPitch = 2097120;
};

// The texel format of an array: CUarray_format and its channel count.
struct TexelFormat {
  unsigned channels = 0;    // 1, 2 or 4
  unsigned channelBits = 0; // 8, 16 or 32
  unsigned kind = 0;        // cudaChannelFormatKind: 0 signed, 1 unsigned, 2 float
  unsigned bytes() const { return channels * channelBits / 8; }
};
// The format of (format, channels), or false for one arrays here do not hold (the block-
// compressed, packed and planar formats are NOT_SUPPORTED by the callers; anything else
// INVALID_VALUE). `known` is set when `format` is one of CUDA's formats.
bool texelFormat(long long format, unsigned channels, TexelFormat *out, bool *known);

} // namespace p2m::cuda

struct CUarray_st {
  CUctx_st *context = nullptr;
  CUDA_ARRAY3D_DESCRIPTOR desc{}; // as created (Height / Depth 0 where the array has none)
  p2m::cuda::TexelFormat format;
  uint64_t address = 0;  // device address of texel (0, 0, 0)
  size_t rowPitch = 0;   // bytes
  size_t slicePitch = 0; // bytes: rowPitch x max(1, Height)
  size_t slices = 1;     // max(1, Depth): depth slices, layers or cube faces
  struct CUmipmappedArray_st *mipmap = nullptr; // a level of this mipmapped array (not owned)
  unsigned level = 0;
};

struct CUmipmappedArray_st {
  CUctx_st *context = nullptr;
  CUDA_ARRAY3D_DESCRIPTOR desc{};
  uint64_t address = 0; // the allocation of every level
  std::vector<std::unique_ptr<CUarray_st>> levels;
  std::vector<uint64_t> levelOffsets; // bytes from `address`
};

namespace p2m::cuda {

// The live arrays and mipmapped arrays of live contexts (with the API lock held).
bool isArray(CUarray_st *array);
bool isMipmappedArray(CUmipmappedArray_st *mipmap);

// The layout of an array of `desc` (validated): pitches and total bytes.
void arrayLayout(const CUDA_ARRAY3D_DESCRIPTOR &desc, const TexelFormat &format, size_t *rowPitch,
                 size_t *slicePitch, size_t *slices, size_t *bytes);

} // namespace p2m::cuda
