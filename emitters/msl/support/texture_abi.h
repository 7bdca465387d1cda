// Texture and surface objects (DESIGN.md, "Textures"): what a handle is and the descriptor it
// points at. Plain preprocessor definitions, read by MSL (texture_ops.h) and C++ (the runtimes
// that create objects), as kernel_abi.h is. Change the layout here and nowhere else.
//
// A CUDA texture or surface object (cudaTextureObject_t, cudaSurfaceObject_t, CUtexObject,
// CUsurfObject: 64-bit values that kernels receive as parameters) is, in ptx2metal, the device
// address of one descriptor: P2M_TEX_DESC_WORDS 32-bit words in device memory, 16-byte aligned.
// Texels live in plain device memory (a CUDA array is a linear allocation the runtime lays out,
// see below), and kernels sample them in MSL from point reads, so that the host backend and
// Metal both reproduce NVIDIA's addressing and filtering bit for bit (docs/gpu-facts.md).
// Handle 0 is never a valid object (CUDA's objects are non-zero too).
#ifndef P2M_TEXTURE_ABI_H
#define P2M_TEXTURE_ABI_H

// Word indices into the descriptor. 64-bit values are two words, low word first.
#define P2M_TEX_DATA_LO 0u        // device address of texel (0, 0, 0) of level 0, layer 0
#define P2M_TEX_DATA_HI 1u
#define P2M_TEX_ROW_PITCH_LO 2u   // bytes from one row to the next (level 0)
#define P2M_TEX_ROW_PITCH_HI 3u
#define P2M_TEX_SLICE_PITCH_LO 4u // bytes from one depth slice, layer or cube face to the next
#define P2M_TEX_SLICE_PITCH_HI 5u // (level 0); a layered cubemap's layer is 6 faces
#define P2M_TEX_KIND 6u           // P2M_TEX_KIND_*
#define P2M_TEX_WIDTH 7u          // level 0, in texels (a linear resource: its element count)
#define P2M_TEX_HEIGHT 8u         // 1 for 1D kinds
#define P2M_TEX_DEPTH 9u          // 1 for 1D and 2D kinds
#define P2M_TEX_LAYERS 10u        // layered kinds: layer count; 0 otherwise
#define P2M_TEX_CHANNELS 11u      // 1, 2 or 4 (CUDA has no 3-channel arrays)
#define P2M_TEX_CHANNEL_BITS 12u  // 8, 16 or 32: every channel has the same size
#define P2M_TEX_FORMAT_KIND 13u   // cudaChannelFormatKind: 0 signed, 1 unsigned, 2 float
#define P2M_TEX_ADDRESS_MODE0 14u // cudaTextureAddressMode per dimension: 0 wrap, 1 clamp,
#define P2M_TEX_ADDRESS_MODE1 15u //   2 mirror, 3 border
#define P2M_TEX_ADDRESS_MODE2 16u
#define P2M_TEX_FILTER_MODE 17u   // cudaTextureFilterMode: 0 point, 1 linear
#define P2M_TEX_READ_MODE 18u     // cudaTextureReadMode: 0 element type, 1 normalized float
#define P2M_TEX_NORMALIZED 19u    // 1: coordinates in [0, 1)
#define P2M_TEX_SRGB 20u          // 1: sRGB to linear on normalized-float reads
#define P2M_TEX_BORDER0 21u       // border colour, 4 f32 bit patterns (address mode border)
#define P2M_TEX_BORDER1 22u
#define P2M_TEX_BORDER2 23u
#define P2M_TEX_BORDER3 24u
#define P2M_TEX_MIP_LEVELS 25u    // 1 unless mipmapped
#define P2M_TEX_MIP_FILTER_MODE 26u
#define P2M_TEX_MIP_LOD_BIAS 27u  // f32 bit pattern
#define P2M_TEX_MIN_LOD 28u       // f32 bit pattern
#define P2M_TEX_MAX_LOD 29u       // f32 bit pattern
#define P2M_TEX_MAX_ANISOTROPY 30u
#define P2M_TEX_FLAGS 31u         // P2M_TEX_FLAG_*
// Byte offset of mip level L (L < P2M_TEX_MAX_MIP_LEVELS) from the data address: two words
// each, from P2M_TEX_LEVEL_OFFSETS. Level L is max(1, width >> L) x max(1, height >> L) x
// max(1, depth >> L) texels laid out as a CUDA array (below); level 0 uses the descriptor's
// pitches, which a pitch-2D resource sets itself.
#define P2M_TEX_LEVEL_OFFSETS 32u
#define P2M_TEX_MAX_MIP_LEVELS 16u
#define P2M_TEX_DESC_WORDS 64u
#define P2M_TEX_DESC_ALIGN 16u

// Resource kinds. A linear resource (cudaResourceTypeLinear) is LINEAR: tex.1d with integer
// coordinates only (tex1Dfetch). A pitch-2D resource is 2D with its own row pitch.
#define P2M_TEX_KIND_1D 1u
#define P2M_TEX_KIND_2D 2u
#define P2M_TEX_KIND_3D 3u
#define P2M_TEX_KIND_1D_LAYERED 4u
#define P2M_TEX_KIND_2D_LAYERED 5u
#define P2M_TEX_KIND_CUBE 6u
#define P2M_TEX_KIND_CUBE_LAYERED 7u
#define P2M_TEX_KIND_LINEAR 8u

// Flags: what the object is (istypep reads them).
#define P2M_TEX_FLAG_TEXTURE 1u   // a texture object (tex, tld4, txq)
#define P2M_TEX_FLAG_SURFACE 2u   // a surface object (suld, sust, sured, suq)
#define P2M_TEX_FLAG_SAMPLER 4u   // carries sampler state (a texture object always does)

// CUDA array layout (the runtime's cudaMallocArray/3DArray/MipmappedArray): texels packed
// row after row, the row pitch being width x texel bytes rounded up to P2M_ARRAY_PITCH_ALIGN,
// the slice pitch row pitch x height; slices, then layers, one after another (a cube's 6
// faces are 6 layers, in CUDA's face order +x -x +y -y +z -z).
#define P2M_ARRAY_PITCH_ALIGN 16u

#endif // P2M_TEXTURE_ABI_H
