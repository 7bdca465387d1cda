// ptx2metal MSL support library: PTX textures and surfaces (tex, tld4, txq, suld, sust, sured,
// suq, istypep) computed in software from the descriptor a texture or surface object points at
// (texture_abi.h) and point reads of device memory, so that the host backend and Metal give the
// same bits, and NVIDIA's (DESIGN.md "Textures").
//
// Every rule that decides bits lives in one function here, with its source:
//   p2m_tex_address_index     address modes on a texel index (CUDA Programming Guide, "Texture
//                             Fetching": wrap, clamp, mirror, border)
//   p2m_tex_address_coord     address modes on a normalized coordinate (same appendix)
//   p2m_tex_filter_weight     linear filtering's 9-bit fixed-point weights (same appendix: x_B =
//                             x - 0.5, i = floor(x_B), alpha = frac(x_B) with 8 fractional bits)
//   p2m_tex_lerp*             the weighted sums of linear filtering
//   p2m_tex_unorm / _snorm    normalized-float reads of 8/16-bit integer texels
//   p2m_tex_srgb_to_linear    sRGB decoding (the H100's table)
//   p2m_tex_missing_channel   the components a texture with fewer than 4 channels returns
//   p2m_tex_cube_face         cube face selection (CUDA Programming Guide, "Cubemap Textures")
//   p2m_tex_mip_level         level of detail to mip level(s)
//   p2m_su_resolve            surface out-of-range modes .trap, .clamp, .zero (PTX ISA, suld)
// Rules that NVIDIA's documentation leaves open were measured on an H100 (docs/gpu-facts.md,
// "Textures and surfaces", tests/probes/textures.cu); each function cites what it follows.
// Not followed yet (tests/exec/exec-driver-known-failures.txt lists the cases): the weighted
// sum computed exactly and rounded ties away (here: f32 arithmetic), 8/16-bit normalized
// filtering in 16-bit fixed point, f16 filtering rounded to f16, the 3D weights, the border colour quantized to 8-bit formats.
//
// Builds on abi.h (p2m_ctx, p2m_alias, p2m_trap, P2M_DEVICE_DATA). The lowering
// (passes/LowerTextureOps.cpp) passes coordinates and results as their 32-bit patterns (uint)
// and the instruction's shape as immediates, which the compiler folds.
#ifndef P2M_TEXTURE_OPS_H
#define P2M_TEXTURE_OPS_H
#include "texture_abi.h"

// Geometries as the instructions spell them (.1d .2d .3d .a1d .a2d .cube .acube).
#define P2M_TEXG_1D 0u
#define P2M_TEXG_2D 1u
#define P2M_TEXG_3D 2u
#define P2M_TEXG_A1D 3u
#define P2M_TEXG_A2D 4u
#define P2M_TEXG_CUBE 5u
#define P2M_TEXG_ACUBE 6u

// Result types of tex/tld4 (.f32, .s32, .u32).
#define P2M_TEXR_F32 0u
#define P2M_TEXR_S32 1u
#define P2M_TEXR_U32 2u

// Surface out-of-range modes (suld/sust/sured .trap, .clamp, .zero; .trap is the default).
#define P2M_SU_TRAP 0u
#define P2M_SU_CLAMP 1u
#define P2M_SU_ZERO 2u

// --- the descriptor ------------------------------------------------------------------------

static inline uint p2m_tex_word(ulong h, uint index)
{
  return reinterpret_cast<P2M_DEVICE_DATA p2m_alias<uint> *>(h + 4ul * ulong(index))->v;
}

static inline ulong p2m_tex_word64(ulong h, uint index)
{
  return ulong(p2m_tex_word(h, index)) | (ulong(p2m_tex_word(h, index + 1u)) << 32);
}

static inline float p2m_tex_wordf(ulong h, uint index) { return as_type<float>(p2m_tex_word(h, index)); }

static inline uint p2m_tex_texel_bytes(ulong h)
{
  return p2m_tex_word(h, P2M_TEX_CHANNELS) * (p2m_tex_word(h, P2M_TEX_CHANNEL_BITS) / 8u);
}

// One mip level of a resource: where it starts, its pitches and size (texture_abi.h: level 0
// uses the descriptor's pitches; level L > 0 is max(1, size >> L) laid out as a CUDA array).
struct p2m_tex_level {
  ulong base;
  ulong row;
  ulong slice;
  int w;
  int h;
  int d;
};

static inline p2m_tex_level p2m_tex_level_of(ulong h, uint level)
{
  p2m_tex_level lv;
  ulong data = p2m_tex_word64(h, P2M_TEX_DATA_LO);
  uint w = p2m_tex_word(h, P2M_TEX_WIDTH), hh = p2m_tex_word(h, P2M_TEX_HEIGHT), d = p2m_tex_word(h, P2M_TEX_DEPTH);
  uint levels = max(1u, p2m_tex_word(h, P2M_TEX_MIP_LEVELS));
  level = min(level, min(levels, P2M_TEX_MAX_MIP_LEVELS) - 1u);
  if (level == 0u) {
    lv.base = data;
    lv.row = p2m_tex_word64(h, P2M_TEX_ROW_PITCH_LO);
    lv.slice = p2m_tex_word64(h, P2M_TEX_SLICE_PITCH_LO);
  } else {
    w = max(1u, w >> level);
    hh = max(1u, hh >> level);
    d = max(1u, d >> level);
    lv.base = data + p2m_tex_word64(h, P2M_TEX_LEVEL_OFFSETS + 2u * level);
    lv.row = ulong((w * p2m_tex_texel_bytes(h) + (P2M_ARRAY_PITCH_ALIGN - 1u)) & ~(P2M_ARRAY_PITCH_ALIGN - 1u));
    lv.slice = lv.row * ulong(hh);
  }
  lv.w = int(w);
  lv.h = int(hh);
  lv.d = int(d);
  return lv;
}

// --- texel formats and read modes ----------------------------------------------------------

// Channel c of the texel at `addr`, as stored (zero-extended).
static inline uint p2m_tex_channel_bits(ulong addr, uint bits, uint c)
{
  if (bits == 8u)
    return uint(reinterpret_cast<P2M_DEVICE_DATA p2m_alias<uchar> *>(addr + ulong(c))->v);
  if (bits == 16u)
    return uint(reinterpret_cast<P2M_DEVICE_DATA p2m_alias<ushort> *>(addr + 2ul * ulong(c))->v);
  return reinterpret_cast<P2M_DEVICE_DATA p2m_alias<uint> *>(addr + 4ul * ulong(c))->v;
}

static inline int p2m_tex_sign_extend(uint v, uint bits)
{
  return bits >= 32u ? as_type<int>(v) : as_type<int>(v << (32u - bits)) >> (32u - bits);
}

// Normalized-float reads (cudaReadModeNormalizedFloat): an unsigned n-bit value v reads as
// v / (2^n - 1), a signed one as max(v / (2^(n-1) - 1), -1) (CUDA Programming Guide, "Texture
// Object API": "[0.0, 1.0] for unsigned integer type and [-1.0, 1.0] for signed integer type";
// the D3D/Vulkan UNORM/SNORM rules). One correctly rounded f32 division each: exact for the
// endpoints; the H200's rounding of the others is among the filtering probes.
static inline float p2m_tex_unorm(uint v, uint bits)
{
  return float(v) / float((1u << bits) - 1u);
}

static inline float p2m_tex_snorm(int v, uint bits)
{
  return max(float(v) / float((1u << (bits - 1u)) - 1u), -1.0f);
}

// sRGB decoding of an 8-bit texel v as NVIDIA's hardware does it: a table, not the IEC
// 61966-2-1 formula rounded (measured on an H100, tests/probes/expected/textures/srgb_u8.txt:
// the f32 bit pattern for each v). It applies to 8-bit unsigned texels read as normalized
// floats, to x, y and z (w stays v / 255); 16-bit textures with sRGB set read v / 65535.
constant uint p2m_tex_srgb_u8[256] = {
    0x00000000u, 0x39a00000u, 0x3a200000u, 0x3a700000u, 0x3aa00000u, 0x3ac80000u, 0x3af00000u, 0x3b0c0000u,
    0x3b200000u, 0x3b340000u, 0x3b480000u, 0x3b5c0000u, 0x3b700000u, 0x3b840000u, 0x3b900000u, 0x3b9c0000u,
    0x3baa0000u, 0x3bb80000u, 0x3bc60000u, 0x3bd60000u, 0x3be60000u, 0x3bf60000u, 0x3c030000u, 0x3c0c0000u,
    0x3c160000u, 0x3c1f0000u, 0x3c290000u, 0x3c340000u, 0x3c3e0000u, 0x3c490000u, 0x3c550000u, 0x3c600000u,
    0x3c6c0000u, 0x3c7a0000u, 0x3c830000u, 0x3c8a0000u, 0x3c910000u, 0x3c980000u, 0x3c9f0000u, 0x3ca60000u,
    0x3cae0000u, 0x3cb60000u, 0x3cbe0000u, 0x3cc60000u, 0x3cce0000u, 0x3cd70000u, 0x3ce00000u, 0x3ce90000u,
    0x3cf20000u, 0x3cfc0000u, 0x3d030000u, 0x3d080000u, 0x3d0d0000u, 0x3d120000u, 0x3d170000u, 0x3d1c0000u,
    0x3d220000u, 0x3d280000u, 0x3d2d0000u, 0x3d330000u, 0x3d390000u, 0x3d3f0000u, 0x3d450000u, 0x3d4c0000u,
    0x3d520000u, 0x3d580000u, 0x3d600000u, 0x3d660000u, 0x3d6c0000u, 0x3d740000u, 0x3d7a0000u, 0x3d810000u,
    0x3d850000u, 0x3d880000u, 0x3d8c0000u, 0x3d900000u, 0x3d940000u, 0x3d980000u, 0x3d9c0000u, 0x3da00000u,
    0x3da40000u, 0x3da90000u, 0x3dad0000u, 0x3db10000u, 0x3db60000u, 0x3dba0000u, 0x3dbf0000u, 0x3dc30000u,
    0x3dc80000u, 0x3dcd0000u, 0x3dd10000u, 0x3dd60000u, 0x3ddb0000u, 0x3de00000u, 0x3de50000u, 0x3dea0000u,
    0x3df00000u, 0x3df40000u, 0x3dfa0000u, 0x3e000000u, 0x3e020000u, 0x3e050000u, 0x3e080000u, 0x3e0b0000u,
    0x3e0e0000u, 0x3e110000u, 0x3e140000u, 0x3e170000u, 0x3e1a0000u, 0x3e1d0000u, 0x3e200000u, 0x3e230000u,
    0x3e260000u, 0x3e290000u, 0x3e2c0000u, 0x3e300000u, 0x3e330000u, 0x3e360000u, 0x3e3a0000u, 0x3e3d0000u,
    0x3e400000u, 0x3e440000u, 0x3e470000u, 0x3e4b0000u, 0x3e4e0000u, 0x3e520000u, 0x3e560000u, 0x3e590000u,
    0x3e5d0000u, 0x3e610000u, 0x3e650000u, 0x3e680000u, 0x3e6c0000u, 0x3e700000u, 0x3e740000u, 0x3e780000u,
    0x3e7c0000u, 0x3e800000u, 0x3e820000u, 0x3e840000u, 0x3e860000u, 0x3e880000u, 0x3e8a0000u, 0x3e8d0000u,
    0x3e8f0000u, 0x3e910000u, 0x3e930000u, 0x3e950000u, 0x3e980000u, 0x3e9a0000u, 0x3e9c0000u, 0x3e9e0000u,
    0x3ea10000u, 0x3ea30000u, 0x3ea50000u, 0x3ea80000u, 0x3eaa0000u, 0x3ead0000u, 0x3eaf0000u, 0x3eb20000u,
    0x3eb40000u, 0x3eb60000u, 0x3eb90000u, 0x3ebc0000u, 0x3ebe0000u, 0x3ec10000u, 0x3ec30000u, 0x3ec60000u,
    0x3ec80000u, 0x3ecb0000u, 0x3ece0000u, 0x3ed10000u, 0x3ed30000u, 0x3ed60000u, 0x3ed90000u, 0x3edb0000u,
    0x3ede0000u, 0x3ee10000u, 0x3ee40000u, 0x3ee70000u, 0x3eea0000u, 0x3eed0000u, 0x3ef00000u, 0x3ef20000u,
    0x3ef60000u, 0x3ef80000u, 0x3efc0000u, 0x3efe0000u, 0x3f010000u, 0x3f020000u, 0x3f040000u, 0x3f050000u,
    0x3f070000u, 0x3f090000u, 0x3f0a0000u, 0x3f0c0000u, 0x3f0d0000u, 0x3f0f0000u, 0x3f110000u, 0x3f120000u,
    0x3f140000u, 0x3f160000u, 0x3f170000u, 0x3f190000u, 0x3f1b0000u, 0x3f1c0000u, 0x3f1e0000u, 0x3f200000u,
    0x3f210000u, 0x3f230000u, 0x3f250000u, 0x3f270000u, 0x3f290000u, 0x3f2a0000u, 0x3f2c0000u, 0x3f2e0000u,
    0x3f300000u, 0x3f320000u, 0x3f330000u, 0x3f350000u, 0x3f370000u, 0x3f390000u, 0x3f3b0000u, 0x3f3d0000u,
    0x3f3f0000u, 0x3f410000u, 0x3f430000u, 0x3f450000u, 0x3f470000u, 0x3f490000u, 0x3f4b0000u, 0x3f4d0000u,
    0x3f4f0000u, 0x3f510000u, 0x3f530000u, 0x3f550000u, 0x3f570000u, 0x3f590000u, 0x3f5b0000u, 0x3f5d0000u,
    0x3f5f0000u, 0x3f610000u, 0x3f630000u, 0x3f650000u, 0x3f680000u, 0x3f6a0000u, 0x3f6c0000u, 0x3f6e0000u,
    0x3f700000u, 0x3f720000u, 0x3f740000u, 0x3f760000u, 0x3f7a0000u, 0x3f7c0000u, 0x3f7e0000u, 0x3f800000u,
};

static inline float p2m_tex_srgb_to_linear(uint v) { return as_type<float>(p2m_tex_srgb_u8[v & 255u]); }

// The component a texture with fewer channels than 4 returns for a channel it lacks: 0, w too
// (measured, docs/gpu-facts.md "Texel conversion"; not D3D's 1 for w).
static inline uint p2m_tex_missing_channel(uint c, uint rtype)
{
  (void)c;
  (void)rtype;
  return 0u;
}

// Channel c of a texel as a float (float results): half and float formats convert exactly,
// integer formats by the read mode (normalized float; with the element-type read mode an
// integer texel's f32 result is its integer value converted, as CUDA's tex<float> of an int
// texture cannot be created).
static inline float p2m_tex_channel_float(ulong h, ulong addr, uint c)
{
  uint channels = p2m_tex_word(h, P2M_TEX_CHANNELS);
  if (c >= channels)
    return as_type<float>(p2m_tex_missing_channel(c, P2M_TEXR_F32));
  uint bits = p2m_tex_word(h, P2M_TEX_CHANNEL_BITS), kind = p2m_tex_word(h, P2M_TEX_FORMAT_KIND);
  uint v = p2m_tex_channel_bits(addr, bits, c);
  float f;
  if (kind == 2u)
    f = bits == 16u ? float(as_type<half>(ushort(v))) : as_type<float>(v);
  else if (p2m_tex_word(h, P2M_TEX_READ_MODE) == 1u && bits < 32u)
    f = kind == 1u ? p2m_tex_unorm(v, bits) : p2m_tex_snorm(p2m_tex_sign_extend(v, bits), bits);
  else
    f = kind == 1u ? float(v) : float(p2m_tex_sign_extend(v, bits));
  if (kind == 1u && bits == 8u && p2m_tex_word(h, P2M_TEX_SRGB) == 1u && p2m_tex_word(h, P2M_TEX_READ_MODE) == 1u &&
      c < 3u)
    f = p2m_tex_srgb_to_linear(v);
  return f;
}

// Channel c of a texel as an integer result (.s32/.u32): signed formats sign-extend.
static inline uint p2m_tex_channel_int(ulong h, ulong addr, uint c, uint rtype)
{
  uint channels = p2m_tex_word(h, P2M_TEX_CHANNELS);
  if (c >= channels)
    return p2m_tex_missing_channel(c, rtype);
  uint bits = p2m_tex_word(h, P2M_TEX_CHANNEL_BITS);
  uint v = p2m_tex_channel_bits(addr, bits, c);
  return p2m_tex_word(h, P2M_TEX_FORMAT_KIND) == 0u ? as_type<uint>(p2m_tex_sign_extend(v, bits)) : v;
}

// --- addressing ----------------------------------------------------------------------------

// A normalized coordinate under wrap or mirror (CUDA Programming Guide, "Texture Fetching"):
// wrap replaces x by frac(x); mirror by frac(x) when floor(x) is even, 1 - frac(x) when odd.
// Clamp and border act on texel indices (p2m_tex_address_index).
static inline float p2m_tex_address_coord(float x, uint mode)
{
  if ((mode == 0u || mode == 2u) && (isnan(x) || isinf(x)))
    return 0.0f; // measured: in wrap and mirror, NaN and infinities act as 0
  if (mode == 0u)
    return x - floor(x);
  if (mode == 2u) {
    float f = floor(x);
    float r = x - f;
    return (int(f) & 1) != 0 ? 1.0f - r : r;
  }
  return x;
}

// A texel index under the address mode, for a dimension of n texels. Returns -1 for border
// (the texel reads as the border colour). Wrap and mirror, which CUDA defines only for
// normalized coordinates, wrap and mirror the index (the taps of linear filtering across the
// edge); with unnormalized coordinates they clamp, as the runtime's cudaCreateTextureObject
// documents ("only supported for normalized texture coordinates") — to be confirmed on the
// H200.
static inline int p2m_tex_address_index(int i, int n, uint mode, bool normalized)
{
  if (mode == 3u)
    return i < 0 || i >= n ? -1 : i;
  if (normalized && mode == 0u) {
    int r = i % n;
    return r < 0 ? r + n : r;
  }
  if (normalized && mode == 2u) {
    int r = i % (2 * n);
    r = r < 0 ? r + 2 * n : r;
    return r < n ? r : 2 * n - 1 - r;
  }
  return clamp(i, 0, n - 1);
}

// Linear filtering's weight in 1/256: frac(x_B) in 9-bit fixed point with 8 fractional bits
// (CUDA Programming Guide, "Texture Fetching"), rounded half up: floor(frac * 256 + 0.5), 0..256
// (measured, docs/gpu-facts.md "Coordinates and weights").
static inline uint p2m_tex_weight256(float xb)
{
  float f = xb - floor(xb);
  if (isnan(f))
    return 0u; // an infinite coordinate: both taps are the same clamped texel
  return uint(floor(f * 256.0f + 0.5f));
}

static inline float p2m_tex_filter_weight(float xb) { return float(p2m_tex_weight256(xb)) / 256.0f; }

// floor(x) as a texel index: NaN acts as 0, infinities and huge values clamp far outside any
// texture (measured: NaN reads as 0, +inf clamps to the last texel, -inf to the first).
static inline int p2m_tex_floor_index(float x)
{
  if (isnan(x))
    return 0;
  return int(clamp(floor(x), -1073741824.0f, 1073741824.0f));
}

// The weighted sums of linear filtering. 1D: ((256 - w) t[i] + w t[i+1]) / 256. 2D: integer
// corner weights in 1/256 that sum to 256 (measured, docs/gpu-facts.md "Coordinates and
// weights": w11 = floor(wx wy / 256 + 0.5), w10 = wx - w11, w01 = wy - w11, w00 = 256 - wx -
// wy + w11). NVIDIA computes the sum exactly and rounds it to f32 ties away; here each product
// and sum is rounded to f32 (the same result whenever the sum is exact in f32).
static inline float p2m_tex_lerp(float t0, float t1, float a)
{
  return (1.0f - a) * t0 + a * t1;
}

static inline float p2m_tex_lerp2(float t00, float t10, float t01, float t11, float a, float b)
{
  uint wx = uint(a * 256.0f), wy = uint(b * 256.0f);
  uint w11 = (wx * wy + 128u) / 256u;
  uint w10 = wx - w11, w01 = wy - w11, w00 = 256u + w11 - wx - wy;
  return (float(w00) * t00 + float(w10) * t10 + float(w01) * t01 + float(w11) * t11) / 256.0f;
}

// Channel c (f32 result) of the texel at integer position (x, y, z) of `layer`, after the
// address modes: the border colour where any index is outside under border mode.
static inline float p2m_tex_texel_float(ulong h, thread const p2m_tex_level &lv, int x, int y, int z, uint layer,
                                        bool normalized, uint dims, uint c)
{
  int ix = p2m_tex_address_index(x, lv.w, p2m_tex_word(h, P2M_TEX_ADDRESS_MODE0), normalized);
  int iy = dims > 1u ? p2m_tex_address_index(y, lv.h, p2m_tex_word(h, P2M_TEX_ADDRESS_MODE1), normalized) : 0;
  int iz = dims > 2u ? p2m_tex_address_index(z, lv.d, p2m_tex_word(h, P2M_TEX_ADDRESS_MODE2), normalized) : 0;
  if (ix < 0 || iy < 0 || iz < 0)
    return p2m_tex_wordf(h, P2M_TEX_BORDER0 + c);
  ulong slice = ulong(layer) * ulong(max(1, lv.d)) + ulong(iz);
  ulong addr = lv.base + slice * lv.slice + ulong(iy) * lv.row + ulong(ix) * ulong(p2m_tex_texel_bytes(h));
  return p2m_tex_channel_float(h, addr, c);
}

// The same as an integer result (.s32/.u32): border mode gives the border colour's bits.
static inline uint p2m_tex_texel_int(ulong h, thread const p2m_tex_level &lv, int x, int y, int z, uint layer,
                                     bool normalized, uint dims, uint c, uint rtype)
{
  int ix = p2m_tex_address_index(x, lv.w, p2m_tex_word(h, P2M_TEX_ADDRESS_MODE0), normalized);
  int iy = dims > 1u ? p2m_tex_address_index(y, lv.h, p2m_tex_word(h, P2M_TEX_ADDRESS_MODE1), normalized) : 0;
  int iz = dims > 2u ? p2m_tex_address_index(z, lv.d, p2m_tex_word(h, P2M_TEX_ADDRESS_MODE2), normalized) : 0;
  if (ix < 0 || iy < 0 || iz < 0)
    return p2m_tex_word(h, P2M_TEX_BORDER0 + c);
  ulong slice = ulong(layer) * ulong(max(1, lv.d)) + ulong(iz);
  ulong addr = lv.base + slice * lv.slice + ulong(iy) * lv.row + ulong(ix) * ulong(p2m_tex_texel_bytes(h));
  return p2m_tex_channel_int(h, addr, c, rtype);
}

// --- cube maps -----------------------------------------------------------------------------

// The face a direction (x, y, z) selects and its coordinates on the face, normalized to [0, 1]
// (CUDA Programming Guide, "Cubemap Textures", the table of faces: face 0 +x (s, t) = (-z, -y)/|x|,
// 1 -x (z, -y), 2 +y (x, z), 3 -y (x, -z), 4 +z (x, -y), 5 -z (-x, -y); (s/m + 1)/2). Ties between
// equal magnitudes go to z, then y; (0, 0, 0) reads the +z face at its centre (measured,
// docs/gpu-facts.md "Addressing").
static inline uint p2m_tex_cube_face(float x, float y, float z, thread float &s, thread float &t)
{
  float ax = fabs(x), ay = fabs(y), az = fabs(z);
  uint face;
  float m, sc, tc;
  if (az >= ax && az >= ay) {
    face = z >= 0.0f ? 4u : 5u;
    m = az;
    sc = z >= 0.0f ? x : -x;
    tc = -y;
  } else if (ay >= ax) {
    face = y >= 0.0f ? 2u : 3u;
    m = ay;
    sc = x;
    tc = y >= 0.0f ? z : -z;
  } else {
    face = x >= 0.0f ? 0u : 1u;
    m = ax;
    sc = x >= 0.0f ? -z : z;
    tc = -y;
  }
  s = m == 0.0f ? 0.5f : (sc / m + 1.0f) * 0.5f;
  t = m == 0.0f ? 0.5f : (tc / m + 1.0f) * 0.5f;
  return face;
}

// --- levels of detail ----------------------------------------------------------------------

// The level of detail after the sampler's bias and clamps (cudaTextureDesc's mipmapLevelBias,
// minMipmapLevelClamp, maxMipmapLevelClamp), within the resource's levels.
static inline float p2m_tex_lod(ulong h, float lod)
{
  float levels = float(max(1u, p2m_tex_word(h, P2M_TEX_MIP_LEVELS)));
  lod = lod + p2m_tex_wordf(h, P2M_TEX_MIP_LOD_BIAS);
  lod = clamp(lod, p2m_tex_wordf(h, P2M_TEX_MIN_LOD), p2m_tex_wordf(h, P2M_TEX_MAX_LOD));
  return clamp(lod, 0.0f, levels - 1.0f);
}

// The mip level(s) a level of detail reads: with point mip filtering the nearest level
// (floor(lod + 0.5), as D3D and OpenGL select it), with linear mip filtering levels floor(lod)
// and floor(lod) + 1 blended by frac(lod) (measured exact in 1/64 steps; finer quantization,
// here the texel weights' 1/256, not probed). Point: floor(lod + 0.5), measured (0.5 -> 1). Returns the first level; `blend` the second level's weight (0: one level).
static inline uint p2m_tex_mip_level(ulong h, float lod, thread float &blend)
{
  blend = 0.0f;
  if (p2m_tex_word(h, P2M_TEX_MIP_FILTER_MODE) == 0u)
    return uint(floor(lod + 0.5f));
  float f = floor(lod);
  blend = p2m_tex_filter_weight(lod);
  return uint(f);
}

// tex.grad's level of detail for a 1-, 2- or 3-dimensional footprint: log2 of the longer
// derivative vector in texels (the isotropic rule of the OpenGL specification, 8.14.1; CUDA's
// tex*Grad without anisotropy). Derivatives are in the coordinates' units (normalized ones
// scale by the size).
static inline float p2m_tex_grad_lod(ulong h, uint geom, uint dx0, uint dx1, uint dx2, uint dy0, uint dy1, uint dy2)
{
  bool normalized = p2m_tex_word(h, P2M_TEX_NORMALIZED) == 1u;
  float w = normalized ? float(p2m_tex_word(h, P2M_TEX_WIDTH)) : 1.0f;
  float hh = normalized ? float(p2m_tex_word(h, P2M_TEX_HEIGHT)) : 1.0f;
  float d = normalized ? float(p2m_tex_word(h, P2M_TEX_DEPTH)) : 1.0f;
  uint dims = geom == P2M_TEXG_1D || geom == P2M_TEXG_A1D ? 1u : geom == P2M_TEXG_3D ? 3u : 2u;
  float x0 = as_type<float>(dx0) * w, x1 = dims > 1u ? as_type<float>(dx1) * hh : 0.0f;
  float x2 = dims > 2u ? as_type<float>(dx2) * d : 0.0f;
  float y0 = as_type<float>(dy0) * w, y1 = dims > 1u ? as_type<float>(dy1) * hh : 0.0f;
  float y2 = dims > 2u ? as_type<float>(dy2) * d : 0.0f;
  float rho = max(sqrt(x0 * x0 + x1 * x1 + x2 * x2), sqrt(y0 * y0 + y1 * y1 + y2 * y2));
  return log2(rho);
}

// --- tex and tld4 --------------------------------------------------------------------------

// How many dimensions a geometry's texel coordinates have (cube faces are 2D).
static inline uint p2m_tex_dims(uint geom)
{
  return geom == P2M_TEXG_1D || geom == P2M_TEXG_A1D ? 1u : geom == P2M_TEXG_3D ? 3u : 2u;
}

// Component c of a sample at one mip level. (u, v, w): coordinates in texels before the
// filter's half-texel shift (normalized coordinates already scaled), or integer texel indices
// when `int_coords`.
static inline uint p2m_tex_sample_level(ulong h, uint level, uint dims, uint layer, bool int_coords, int ix, int iy,
                                        int iz, float x, float y, float z, bool normalized, uint c, uint rtype)
{
  p2m_tex_level lv = p2m_tex_level_of(h, level);
  if (int_coords) {
    if (rtype == P2M_TEXR_F32)
      return as_type<uint>(p2m_tex_texel_float(h, lv, ix, iy, iz, layer, false, dims, c));
    return p2m_tex_texel_int(h, lv, ix, iy, iz, layer, false, dims, c, rtype);
  }
  float u = normalized ? x * float(lv.w) : x;
  float v = normalized ? y * float(lv.h) : y;
  float w = normalized ? z * float(lv.d) : z;
  // Integer results are never filtered (CUDA allows linear filtering only for float reads).
  if (p2m_tex_word(h, P2M_TEX_FILTER_MODE) == 0u || rtype != P2M_TEXR_F32) {
    int px = p2m_tex_floor_index(u), py = p2m_tex_floor_index(v), pz = p2m_tex_floor_index(w);
    if (rtype == P2M_TEXR_F32)
      return as_type<uint>(p2m_tex_texel_float(h, lv, px, py, pz, layer, normalized, dims, c));
    return p2m_tex_texel_int(h, lv, px, py, pz, layer, normalized, dims, c, rtype);
  }
  float xb = u - 0.5f, yb = v - 0.5f, zb = w - 0.5f;
  if (isnan(xb))
    xb = -0.5f; // NaN coordinates act as 0
  if (isnan(yb))
    yb = -0.5f;
  if (isnan(zb))
    zb = -0.5f;
  int i = p2m_tex_floor_index(xb), j = p2m_tex_floor_index(yb), k = p2m_tex_floor_index(zb);
  float a = p2m_tex_filter_weight(xb), b = p2m_tex_filter_weight(yb), g = p2m_tex_filter_weight(zb);
  float r;
  if (dims == 1u && p2m_tex_word(h, P2M_TEX_ADDRESS_MODE1) == 3u) {
    // A 1D texture is a 2D texture of height 1 sampled at y = -0.5 after the shift: with
    // border in dimension 1, row -1 is the border colour, weighted half (measured).
    float t0 = p2m_tex_texel_float(h, lv, i, 0, 0, layer, normalized, 1u, c);
    float t1 = p2m_tex_texel_float(h, lv, i + 1, 0, 0, layer, normalized, 1u, c);
    float bc = p2m_tex_wordf(h, P2M_TEX_BORDER0 + c);
    r = p2m_tex_lerp2(bc, bc, t0, t1, a, 0.5f);
  } else if (dims == 1u) {
    r = p2m_tex_lerp(p2m_tex_texel_float(h, lv, i, 0, 0, layer, normalized, 1u, c),
                     p2m_tex_texel_float(h, lv, i + 1, 0, 0, layer, normalized, 1u, c), a);
  } else if (dims == 2u) {
    r = p2m_tex_lerp2(p2m_tex_texel_float(h, lv, i, j, 0, layer, normalized, 2u, c),
                      p2m_tex_texel_float(h, lv, i + 1, j, 0, layer, normalized, 2u, c),
                      p2m_tex_texel_float(h, lv, i, j + 1, 0, layer, normalized, 2u, c),
                      p2m_tex_texel_float(h, lv, i + 1, j + 1, 0, layer, normalized, 2u, c), a, b);
  } else {
    // 3D: (1-g) * the 2D sum of slice k + g * that of slice k+1 (the guide's formula).
    float s0 = p2m_tex_lerp2(p2m_tex_texel_float(h, lv, i, j, k, layer, normalized, 3u, c),
                             p2m_tex_texel_float(h, lv, i + 1, j, k, layer, normalized, 3u, c),
                             p2m_tex_texel_float(h, lv, i, j + 1, k, layer, normalized, 3u, c),
                             p2m_tex_texel_float(h, lv, i + 1, j + 1, k, layer, normalized, 3u, c), a, b);
    float s1 = p2m_tex_lerp2(p2m_tex_texel_float(h, lv, i, j, k + 1, layer, normalized, 3u, c),
                             p2m_tex_texel_float(h, lv, i + 1, j, k + 1, layer, normalized, 3u, c),
                             p2m_tex_texel_float(h, lv, i, j + 1, k + 1, layer, normalized, 3u, c),
                             p2m_tex_texel_float(h, lv, i + 1, j + 1, k + 1, layer, normalized, 3u, c), a, b);
    r = p2m_tex_lerp(s0, s1, g);
  }
  return as_type<uint>(r);
}

// The coordinates of a tex/tld4 operand vector {a0, a1, a2, a3} as the PTX ISA lays them out
// per geometry (.a1d {layer, x}, .a2d {layer, x, y, _}, .cube {x, y, z, _}, .acube {layer, x,
// y, z}): the layer (cube faces folded in: layer * 6 + face) and x, y, z in the coordinate type.
// Cube coordinates become normalized face coordinates.
static inline uint p2m_tex_coords(uint geom, bool float_coords, uint a0, uint a1, uint a2, uint a3, thread uint &x,
                                  thread uint &y, thread uint &z)
{
  uint layer = 0u;
  x = a0;
  y = a1;
  z = a2;
  if (geom == P2M_TEXG_A1D || geom == P2M_TEXG_A2D || geom == P2M_TEXG_ACUBE) {
    layer = a0;
    x = a1;
    y = a2;
    z = a3;
  }
  if ((geom == P2M_TEXG_CUBE || geom == P2M_TEXG_ACUBE) && float_coords) {
    float s, t;
    uint face = p2m_tex_cube_face(as_type<float>(x), as_type<float>(y), as_type<float>(z), s, t);
    layer = layer * 6u + face;
    x = as_type<uint>(s);
    y = as_type<uint>(t);
    z = 0u;
  }
  return layer;
}

// A layered resource's layer index: an unsigned integer clamped to the last layer (measured:
// -1 and -2 read the last layer).
static inline uint p2m_tex_clamp_layer(ulong h, uint geom, uint layer)
{
  uint layers = max(1u, p2m_tex_word(h, P2M_TEX_LAYERS));
  if (geom == P2M_TEXG_ACUBE)
    return min(layer / 6u, layers - 1u) * 6u + layer % 6u;
  if (geom == P2M_TEXG_CUBE)
    return min(layer, 5u);
  return min(layer, layers - 1u);
}

// tex.<geom>.v4.<rtype>.<ctype> d, [h, {a0, a1, a2, a3}] (, lod): component c of the sample, as
// the bits of rtype. `lod_mode` 0: tex without .level/.grad/.base, whose implicit derivatives
// are zero in a compute kernel: a level of detail of -infinity, which the sampler's clamps bring
// to minMipmapLevelClamp (the OpenGL/D3D level-of-detail rule; to be confirmed on the H200);
// 1: `lod` (tex.level, and tex.grad through p2m_tex_grad_lod); 2: tex.base, the base level.
static inline uint p2m_tex(ulong h, uint geom, uint float_coords, uint a0, uint a1, uint a2, uint a3, uint lod_mode,
                           float lod, uint c, uint rtype)
{
  // A linear resource (tex1Dfetch): integer indices only, no addressing; outside reads 0.
  if (p2m_tex_word(h, P2M_TEX_KIND) == P2M_TEX_KIND_LINEAR) {
    int i = float_coords != 0u ? p2m_tex_floor_index(as_type<float>(a0)) : as_type<int>(a0);
    if (i < 0 || i >= int(p2m_tex_word(h, P2M_TEX_WIDTH)))
      return 0u;
    ulong addr = p2m_tex_word64(h, P2M_TEX_DATA_LO) + ulong(i) * ulong(p2m_tex_texel_bytes(h));
    if (rtype == P2M_TEXR_F32)
      return as_type<uint>(p2m_tex_channel_float(h, addr, c));
    return p2m_tex_channel_int(h, addr, c, rtype);
  }
  uint x, y, z;
  uint layer = p2m_tex_clamp_layer(h, geom, p2m_tex_coords(geom, float_coords != 0u, a0, a1, a2, a3, x, y, z));
  bool cube = geom == P2M_TEXG_CUBE || geom == P2M_TEXG_ACUBE;
  bool normalized = cube || p2m_tex_word(h, P2M_TEX_NORMALIZED) == 1u;
  uint dims = p2m_tex_dims(geom);
  float fx = as_type<float>(x), fy = as_type<float>(y), fz = as_type<float>(z);
  if (float_coords != 0u && normalized && !cube) {
    fx = p2m_tex_address_coord(fx, p2m_tex_word(h, P2M_TEX_ADDRESS_MODE0));
    fy = p2m_tex_address_coord(fy, p2m_tex_word(h, P2M_TEX_ADDRESS_MODE1));
    fz = p2m_tex_address_coord(fz, p2m_tex_word(h, P2M_TEX_ADDRESS_MODE2));
  }
  float blend = 0.0f;
  uint level = 0u;
  if (p2m_tex_word(h, P2M_TEX_MIP_LEVELS) > 1u && lod_mode != 2u)
    level = p2m_tex_mip_level(h, p2m_tex_lod(h, lod_mode == 1u ? lod : -INFINITY), blend);
  bool ints = float_coords == 0u;
  uint r0 = p2m_tex_sample_level(h, level, dims, layer, ints, as_type<int>(x), as_type<int>(y), as_type<int>(z), fx,
                                 fy, fz, normalized, c, rtype);
  if (blend == 0.0f || rtype != P2M_TEXR_F32)
    return r0;
  uint r1 = p2m_tex_sample_level(h, level + 1u, dims, layer, ints, as_type<int>(x), as_type<int>(y), as_type<int>(z),
                                 fx, fy, fz, normalized, c, rtype);
  return as_type<uint>(p2m_tex_lerp(as_type<float>(r0), as_type<float>(r1), blend));
}

// tld4.<comp>.2d (and .a2d, .cube, .acube) d, [h, {...}]: element `which` (0..3) of the gather
// of channel `comp` (r g b a = 0..3) over the four texels linear filtering would weigh, in the
// PTX ISA's order: d.x = T[i, j+1], d.y = T[i+1, j+1], d.z = T[i+1, j], d.w = T[i, j] (the
// "tld4" figure; D3D's Gather order).
static inline uint p2m_tld4(ulong h, uint geom, uint float_coords, uint a0, uint a1, uint a2, uint a3, uint comp,
                            uint which, uint rtype)
{
  uint x, y, z;
  uint layer = p2m_tex_clamp_layer(h, geom, p2m_tex_coords(geom, float_coords != 0u, a0, a1, a2, a3, x, y, z));
  bool cube = geom == P2M_TEXG_CUBE || geom == P2M_TEXG_ACUBE;
  bool normalized = cube || p2m_tex_word(h, P2M_TEX_NORMALIZED) == 1u;
  p2m_tex_level lv = p2m_tex_level_of(h, 0u);
  float fx = as_type<float>(x), fy = as_type<float>(y);
  if (normalized && !cube) {
    fx = p2m_tex_address_coord(fx, p2m_tex_word(h, P2M_TEX_ADDRESS_MODE0));
    fy = p2m_tex_address_coord(fy, p2m_tex_word(h, P2M_TEX_ADDRESS_MODE1));
  }
  if (float_coords == 0u) {
    fx = float(as_type<int>(x));
    fy = float(as_type<int>(y));
  }
  float u = (normalized ? fx * float(lv.w) : fx) - 0.5f, v = (normalized ? fy * float(lv.h) : fy) - 0.5f;
  int i = p2m_tex_floor_index(u), j = p2m_tex_floor_index(v);
  int ti = which == 1u || which == 2u ? i + 1 : i;
  int tj = which == 0u || which == 1u ? j + 1 : j;
  if (rtype == P2M_TEXR_F32)
    return as_type<uint>(p2m_tex_texel_float(h, lv, ti, tj, 0, layer, normalized, 2u, comp));
  return p2m_tex_texel_int(h, lv, ti, tj, 0, layer, normalized, 2u, comp, rtype);
}

// --- queries -------------------------------------------------------------------------------

// txq / suq queries the descriptor answers (the pass refuses the others, whose encodings the
// PTX ISA does not give).
#define P2M_TXQ_WIDTH 0u
#define P2M_TXQ_HEIGHT 1u
#define P2M_TXQ_DEPTH 2u
#define P2M_TXQ_NORMALIZED_COORDS 3u
#define P2M_TXQ_ARRAY_SIZE 4u
#define P2M_TXQ_NUM_MIPMAP_LEVELS 5u

// txq[.level].<query>.b32 d, [h] (, lod) and suq.<query>.b32 d, [h]. Sizes of level `lod`
// (txq.level) are max(1, size >> lod); a cube map's array size counts cubes.
static inline uint p2m_txq(ulong h, uint query, uint lod)
{
  switch (query) {
  case P2M_TXQ_WIDTH: return max(1u, p2m_tex_word(h, P2M_TEX_WIDTH) >> lod);
  case P2M_TXQ_HEIGHT: return max(1u, p2m_tex_word(h, P2M_TEX_HEIGHT) >> lod);
  case P2M_TXQ_DEPTH: return max(1u, p2m_tex_word(h, P2M_TEX_DEPTH) >> lod);
  case P2M_TXQ_NORMALIZED_COORDS: return p2m_tex_word(h, P2M_TEX_NORMALIZED);
  case P2M_TXQ_ARRAY_SIZE: return p2m_tex_word(h, P2M_TEX_LAYERS);
  case P2M_TXQ_NUM_MIPMAP_LEVELS: return max(1u, p2m_tex_word(h, P2M_TEX_MIP_LEVELS));
  default: return 0u;
  }
}

// istypep.{texref,samplerref,surfref} p, h: whether the object is of that kind (its flags).
static inline bool p2m_istypep(ulong h, uint flag)
{
  return h != 0ul && (p2m_tex_word(h, P2M_TEX_FLAGS) & flag) != 0u;
}

// --- surfaces ------------------------------------------------------------------------------

// The byte address of a surface access of `bytes` bytes at the coordinates {x, y, z} (x in
// bytes, as suld.b/sust.b address it; .a1d {layer, x}, .a2d {layer, x, y, _}) after the out-of-range mode (PTX ISA, suld:
// .trap traps, .clamp accesses the nearest in-range element, .zero reads zero and drops
// stores). Returns 0 when nothing is accessed (.zero, or .trap after trapping).
static inline ulong p2m_su_resolve(thread p2m_ctx &ctx, ulong h, uint geom, int x, int y, int z, uint bytes,
                                   uint mode)
{
  p2m_tex_level lv = p2m_tex_level_of(h, 0u);
  int row_bytes = lv.w * int(p2m_tex_texel_bytes(h));
  bool layered = geom == P2M_TEXG_A1D || geom == P2M_TEXG_A2D;
  int ny = geom == P2M_TEXG_1D || geom == P2M_TEXG_A1D ? 1 : lv.h;
  int nz = geom == P2M_TEXG_3D ? lv.d : layered ? int(max(1u, p2m_tex_word(h, P2M_TEX_LAYERS))) : 1;
  if (layered) { // {layer, x} and {layer, x, y, _} (the layer first, as tex lays it out)
    int layer = x;
    x = y;
    y = geom == P2M_TEXG_A2D ? z : 0;
    z = layer;
  }
  if (geom == P2M_TEXG_1D)
    y = 0;
  if (geom == P2M_TEXG_1D || geom == P2M_TEXG_2D)
    z = 0;
  int xmax = row_bytes - int(bytes);
  bool outside = x < 0 || x > xmax || y < 0 || y >= ny || z < 0 || z >= nz;
  if (outside) {
    if (mode == P2M_SU_ZERO)
      return 0ul;
    if (mode == P2M_SU_TRAP) {
      p2m_trap(ctx);
      return 0ul;
    }
    x = clamp(x, 0, max(0, xmax));
    y = clamp(y, 0, ny - 1);
    z = clamp(z, 0, nz - 1);
  }
  return lv.base + ulong(z) * lv.slice + ulong(y) * lv.row + ulong(x);
}

// Whether a surface access of `bytes` bytes at {x, y, z} is inside the surface: what .trap
// checks before the access (the lowering branches to a trap when it is not, so that the thread
// stops there; p2m_su_resolve's own .trap handling is then never reached).
static inline bool p2m_su_in_range(ulong h, uint geom, uint x, uint y, uint z, uint bytes)
{
  p2m_tex_level lv = p2m_tex_level_of(h, 0u);
  int row_bytes = lv.w * int(p2m_tex_texel_bytes(h));
  bool layered = geom == P2M_TEXG_A1D || geom == P2M_TEXG_A2D;
  int ny = geom == P2M_TEXG_1D || geom == P2M_TEXG_A1D ? 1 : lv.h;
  int nz = geom == P2M_TEXG_3D ? lv.d : layered ? int(max(1u, p2m_tex_word(h, P2M_TEX_LAYERS))) : 1;
  int ix = as_type<int>(x), iy = as_type<int>(y), iz = as_type<int>(z);
  if (layered) {
    int layer = ix;
    ix = iy;
    iy = geom == P2M_TEXG_A2D ? iz : 0;
    iz = layer;
  }
  if (geom == P2M_TEXG_1D)
    iy = 0;
  if (geom == P2M_TEXG_1D || geom == P2M_TEXG_2D)
    iz = 0;
  return ix >= 0 && ix <= row_bytes - int(bytes) && iy >= 0 && iy < ny && iz >= 0 && iz < nz;
}

// suld.b.<geom>{.v2,.v4}.<b8,b16,b32> d, [h, {x, y, z}]: element `elem` (`bytes` wide, zero-extended)
// of the vector at the resolved address.
static inline uint p2m_suld_b(thread p2m_ctx &ctx, ulong h, uint geom, uint x, uint y, uint z, uint bytes, uint count,
                              uint elem, uint mode)
{
  ulong a = p2m_su_resolve(ctx, h, geom, as_type<int>(x), as_type<int>(y), as_type<int>(z), bytes * count, mode);
  if (a == 0ul)
    return 0u;
  a += ulong(elem) * ulong(bytes);
  if (bytes == 1u)
    return uint(reinterpret_cast<P2M_DEVICE_DATA p2m_alias<uchar> *>(a)->v);
  if (bytes == 2u)
    return uint(reinterpret_cast<P2M_DEVICE_DATA p2m_alias<ushort> *>(a)->v);
  return reinterpret_cast<P2M_DEVICE_DATA p2m_alias<uint> *>(a)->v;
}

static inline ulong p2m_suld_b64(thread p2m_ctx &ctx, ulong h, uint geom, uint x, uint y, uint z, uint count,
                                 uint elem, uint mode)
{
  ulong a = p2m_su_resolve(ctx, h, geom, as_type<int>(x), as_type<int>(y), as_type<int>(z), 8u * count, mode);
  if (a == 0ul)
    return 0ul;
  return reinterpret_cast<P2M_DEVICE_DATA p2m_alias<ulong> *>(a + 8ul * ulong(elem))->v;
}

// sust.b.<geom>{.v2,.v4}.<b8,b16,b32> [h, {x, y, z}], {v0, v1, v2, v3}: stores `count` elements.
static inline void p2m_sust_b(thread p2m_ctx &ctx, ulong h, uint geom, uint x, uint y, uint z, uint bytes, uint count,
                              uint mode, uint v0, uint v1, uint v2, uint v3)
{
  ulong a = p2m_su_resolve(ctx, h, geom, as_type<int>(x), as_type<int>(y), as_type<int>(z), bytes * count, mode);
  if (a == 0ul)
    return;
  uint v[4] = {v0, v1, v2, v3};
  for (uint k = 0u; k < count; ++k) {
    ulong e = a + ulong(k) * ulong(bytes);
    if (bytes == 1u)
      reinterpret_cast<P2M_DEVICE_DATA p2m_alias<uchar> *>(e)->v = uchar(v[k]);
    else if (bytes == 2u)
      reinterpret_cast<P2M_DEVICE_DATA p2m_alias<ushort> *>(e)->v = ushort(v[k]);
    else
      reinterpret_cast<P2M_DEVICE_DATA p2m_alias<uint> *>(e)->v = v[k];
  }
}

static inline void p2m_sust_b64(thread p2m_ctx &ctx, ulong h, uint geom, uint x, uint y, uint z, uint count, uint mode,
                                ulong v0, ulong v1)
{
  ulong a = p2m_su_resolve(ctx, h, geom, as_type<int>(x), as_type<int>(y), as_type<int>(z), 8u * count, mode);
  if (a == 0ul)
    return;
  reinterpret_cast<P2M_DEVICE_DATA p2m_alias<ulong> *>(a)->v = v0;
  if (count > 1u)
    reinterpret_cast<P2M_DEVICE_DATA p2m_alias<ulong> *>(a + 8ul)->v = v1;
}

// sured.b.<op>.<geom>.{u32,s32,b32} [h, {x, y, z}], v: an atomic reduction on the 32-bit word at
// x bytes (ops: 0 add, 1 min, 2 max, 3 and, 4 or; signedness from `is_signed`).
static inline void p2m_sured_b32(thread p2m_ctx &ctx, ulong h, uint geom, uint x, uint y, uint z, uint mode, uint op,
                                 uint is_signed, uint v)
{
  ulong a = p2m_su_resolve(ctx, h, geom, as_type<int>(x), as_type<int>(y), as_type<int>(z), 4u, mode);
  if (a == 0ul)
    return;
  if (is_signed != 0u && (op == 1u || op == 2u)) {
    device atomic_int *p = reinterpret_cast<device atomic_int *>(a);
    if (op == 1u)
      atomic_fetch_min_explicit(p, as_type<int>(v), memory_order_relaxed);
    else
      atomic_fetch_max_explicit(p, as_type<int>(v), memory_order_relaxed);
    return;
  }
  device atomic_uint *p = reinterpret_cast<device atomic_uint *>(a);
  switch (op) {
  case 0u: atomic_fetch_add_explicit(p, v, memory_order_relaxed); break;
  case 1u: atomic_fetch_min_explicit(p, v, memory_order_relaxed); break;
  case 2u: atomic_fetch_max_explicit(p, v, memory_order_relaxed); break;
  case 3u: atomic_fetch_and_explicit(p, v, memory_order_relaxed); break;
  default: atomic_fetch_or_explicit(p, v, memory_order_relaxed); break;
  }
}

#endif // P2M_TEXTURE_OPS_H
