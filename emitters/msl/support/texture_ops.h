// ptx2metal MSL support library: PTX textures and surfaces (tex, tld4, txq, suld, sust, sured,
// suq, istypep) computed in software from the descriptor a texture or surface object points at
// (texture_abi.h) and point reads of device memory, so that the host backend and Metal give the
// same bits, and NVIDIA's (DESIGN.md "Textures").
//
// Every rule that decides bits lives in one function here, citing the measurement it follows
// (docs/gpu-facts.md, "Textures and surfaces": NVIDIA's rules measured on an H100; docs/textures.md
// lists them and what is not settled):
//   p2m_tex_fixed             a coordinate in texels as floor(512 u), exactly; NaN, infinities
//   p2m_tex_point_index, p2m_tex_linear_index   floor(u); floor(u - 0.5) and the 0..256 weight
//   p2m_tex_clamp_taps        clamped taps on one texel collapse
//   p2m_tex_address_index     address modes on a texel index
//   p2m_tex_weights_2d / _3d  the corner weights of linear filtering
//   p2m_tex_align_quad        texels aligned per 2x2 quad (block floating point)
//   p2m_tex_acc_*, p2m_tex_filter   the weighted sum of those, exact, rounded once (ties away)
//   p2m_tex_ratio_f32, p2m_tex_unorm / _snorm   normalized-float reads
//   p2m_tex_srgb_u8_hi        sRGB decoding (the H100's table)
//   p2m_tex_missing           channels a format lacks
//   p2m_tex_border_raw        the border colour by format and read mode
//   p2m_tex_cube_face         cube face selection
//   p2m_tex_clamp_layer       layer indices
//   p2m_tex_lod, p2m_tex_mip_level, p2m_tex_grad_lod   levels of detail
//   p2m_su_place, p2m_su_in_range, p2m_su_resolve   surface alignment and out-of-range modes
// Exact integer arithmetic throughout: no result depends on how the target's f32 arithmetic
// rounds or flushes subnormals, except the f32 products x * n, cube face coordinates and levels
// of detail, which are as NVIDIA computes them as far as measured.
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

// --- exact arithmetic ----------------------------------------------------------------------
// NVIDIA's filtering is integer arithmetic on block-aligned texels, rounded once
// (docs/gpu-facts.md, "Textures and surfaces"); MSL has no wide integers, long double or rounding
// modes, so the sums below are integers (64-bit, or a 320-bit accumulator for sums of f32
// texels) and the roundings are written out. Nothing here depends on how float arithmetic rounds or flushes subnormals.

static inline uint p2m_tex_clz64(ulong x)
{
  uint hi = uint(x >> 32);
  return hi != 0u ? clz(hi) : 32u + clz(uint(x));
}

// num / den (num < 2^40, 0 < den < 2^24, the quotient at least 2^-126) as f32 bits, rounded to
// nearest with ties away from zero (with an odd den no quotient other than an integer is a tie,
// so this is also the correctly rounded quotient of docs/gpu-facts.md's normalized reads).
static inline uint p2m_tex_ratio_f32(bool negative, ulong num, ulong den)
{
  if (num == 0ul)
    return 0u;
  uint s = p2m_tex_clz64(num) - 1u; // num << s < 2^63
  ulong q = (num << s) / den;       // at least 2^38: 24 bits and a rounding bit below
  uint top = 63u - p2m_tex_clz64(q);
  uint mant = uint(q >> (top - 23u)) + uint((q >> (top - 24u)) & 1ul);
  int e = int(top) - int(s);
  return (negative ? 0x80000000u : 0u) + (uint(e + 126) << 23) + mant;
}

// An exact sum of weight x f32 terms: two's complement over P2M_TEX_ACC_LIMBS 32-bit limbs,
// bit 0 worth 2^-149 (the smallest f32); weights are 0..256 so a term is a 32-bit integer at a
// bit position below 254, and eight of them stay below 2^290. NaN and infinite terms are
// counted apart (`special`: 1 NaN, 2 +inf, 4 -inf).
#define P2M_TEX_ACC_LIMBS 10u
struct p2m_tex_acc {
  uint limb[P2M_TEX_ACC_LIMBS];
  uint special;
};

static inline void p2m_tex_acc_clear(thread p2m_tex_acc &a)
{
  for (uint i = 0u; i < P2M_TEX_ACC_LIMBS; ++i)
    a.limb[i] = 0u;
  a.special = 0u;
}

static inline void p2m_tex_acc_add(thread p2m_tex_acc &a, uint w, uint fbits)
{
  if (w == 0u)
    return; // a tap of weight 0 takes no part (its value, even NaN, is not read into the sum)
  uint e = (fbits >> 23) & 0xFFu, m = fbits & 0x7FFFFFu;
  bool negative = (fbits >> 31) != 0u;
  if (e == 0xFFu) {
    a.special |= m != 0u ? 1u : negative ? 4u : 2u;
    return;
  }
  uint pos = 0u;
  if (e != 0u) {
    m |= 0x800000u;
    pos = e - 1u;
  }
  ulong v = ulong(w * m) << (pos % 32u); // w * m <= 256 * (2^24 - 1) < 2^32
  uint k = pos / 32u;
  ulong carry = 0ul;
  for (uint i = k; i < P2M_TEX_ACC_LIMBS; ++i) {
    ulong part = i == k ? (v & 0xFFFFFFFFul) : i == k + 1u ? (v >> 32) : 0ul;
    ulong cur = ulong(a.limb[i]);
    if (!negative) {
      ulong s = cur + part + carry;
      a.limb[i] = uint(s);
      carry = s >> 32;
    } else {
      ulong sub = part + carry;
      a.limb[i] = uint(cur - sub);
      carry = cur < sub ? 1ul : 0ul;
    }
  }
}

// The accumulated sum divided by 256, rounded to nearest with ties away from zero, in a binary
// format of `p` significant bits, minimum normal exponent `emin` and exponent bias `bias`
// (f32: 24, -126, 127; f16: 11, -14, 15). Returns the magnitude's bits; `negative` the sign.
// Zero is +0. The caller handles `special`.
static inline uint p2m_tex_acc_round(thread p2m_tex_acc &a, uint p, int emin, int bias, thread bool &negative)
{
  negative = (a.limb[P2M_TEX_ACC_LIMBS - 1u] >> 31) != 0u;
  if (negative) {
    ulong carry = 1ul;
    for (uint i = 0u; i < P2M_TEX_ACC_LIMBS; ++i) {
      ulong s = ulong(~a.limb[i]) + carry;
      a.limb[i] = uint(s);
      carry = s >> 32;
    }
  }
  int top = -1;
  for (uint i = P2M_TEX_ACC_LIMBS; i > 0u && top < 0; --i)
    if (a.limb[i - 1u] != 0u)
      top = int(32u * (i - 1u) + 31u - clz(a.limb[i - 1u]));
  if (top < 0) {
    negative = false;
    return 0u;
  }
  int e = top - 157; // bit 0 of the sum over 256 is worth 2^-157
  int ulp = max(e, emin) - int(p) + 1;
  uint k = uint(ulp + 157); // bits below the result's last place (at least 8)
  uint at = k / 32u;
  ulong window = ulong(a.limb[at]) | (at + 1u < P2M_TEX_ACC_LIMBS ? ulong(a.limb[at + 1u]) << 32 : 0ul);
  uint mant = uint(window >> (k % 32u));
  mant += (a.limb[(k - 1u) / 32u] >> ((k - 1u) % 32u)) & 1u; // ties away: the half bit rounds up
  return (e < emin ? 0u : uint(e + bias - 1) << (p - 1u)) + mant;
}

// The texture unit's adder works in block floating point (docs/gpu-facts.md, "Coordinates and
// weights", the weighted sum): the four texels of a 2x2 quad (a 3D fetch is two quads, one per
// z slice) that carry weight are aligned to the largest of them and keep `keep` bits below its
// leading bit, 4 below that texel's last place (f32 texels 28, f16 texels 15), truncated toward
// zero. Truncates `texel` (f32 bits, weights `w`) in place; NaN and infinities pass through (the
// sum's `special` handles them).
static inline void p2m_tex_align_quad(thread uint *texel, thread const uint *w, int keep)
{
  int top = -1; // position (bit 0 worth 2^-149) just above the largest significand's leading bit
  for (uint k = 0u; k < 4u; ++k) {
    uint e = (texel[k] >> 23) & 0xFFu, m = texel[k] & 0x7FFFFFu;
    if (w[k] == 0u || e == 0xFFu || (e == 0u && m == 0u))
      continue;
    top = max(top, e != 0u ? int(e) + 23 : 32 - int(clz(m)));
  }
  for (uint k = 0u; k < 4u; ++k) {
    uint e = (texel[k] >> 23) & 0xFFu;
    if (w[k] == 0u || e == 0xFFu)
      continue;
    int drop = top - keep - (e != 0u ? int(e) - 1 : 0); // bits of this texel below the kept ones
    if (drop >= 24)
      texel[k] &= 0x80000000u;
    else if (drop > 0)
      texel[k] &= ~((1u << uint(drop)) - 1u);
  }
}

// The f32 result of a filtered sum of f32 terms, and of f16 terms (rounded to f16 first:
// docs/gpu-facts.md, "Texel conversion", f16 texels). NaN terms, or infinities of both signs,
// give the canonical NaN; one infinity gives it.
static inline uint p2m_tex_acc_result(thread p2m_tex_acc &a, bool to_half)
{
  if ((a.special & 1u) != 0u || a.special == 6u)
    return 0x7FFFFFFFu;
  if (a.special != 0u)
    return a.special == 2u ? 0x7F800000u : 0xFF800000u;
  bool negative;
  if (to_half) {
    uint hb = p2m_tex_acc_round(a, 11u, -14, 15, negative);
    return as_type<uint>(float(as_type<half>(ushort(hb | (negative ? 0x8000u : 0u)))));
  }
  uint fb = p2m_tex_acc_round(a, 24u, -126, 127, negative);
  return fb | (negative ? 0x80000000u : 0u);
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

// The largest value of an n-bit normalized format: 2^n - 1, signed 2^(n-1) - 1.
static inline uint p2m_tex_norm_max(uint bits, bool is_signed)
{
  return is_signed ? (1u << (bits - 1u)) - 1u : (1u << bits) - 1u;
}

// Normalized-float reads (cudaReadModeNormalizedFloat) of an n-bit integer v: v / (2^n - 1)
// correctly rounded, signed max(v / (2^(n-1) - 1), -1) (docs/gpu-facts.md, "Texel conversion":
// all 65536 16-bit values and all 8-bit ones measured).
static inline float p2m_tex_unorm(uint v, uint bits)
{
  return as_type<float>(p2m_tex_ratio_f32(false, ulong(v), ulong(p2m_tex_norm_max(bits, false))));
}

static inline float p2m_tex_snorm(int v, uint bits)
{
  int vmax = int(p2m_tex_norm_max(bits, true));
  if (v <= -vmax)
    return -1.0f;
  return as_type<float>(p2m_tex_ratio_f32(v < 0, ulong(v < 0 ? -v : v), ulong(vmax)));
}

// sRGB decoding (docs/gpu-facts.md, "Texel conversion"): the H100 returns, for an 8-bit value
// v, a table that is not the IEC 61966-2-1 formula rounded (tests/probes/expected/textures/
// srgb_u8.txt); every entry's low 16 bits are zero, so the table holds the high halves.
constant ushort p2m_tex_srgb_u8_hi[256] = {
  0x0000u, 0x39a0u, 0x3a20u, 0x3a70u, 0x3aa0u, 0x3ac8u, 0x3af0u, 0x3b0cu, 0x3b20u, 0x3b34u, 0x3b48u, 0x3b5cu,
  0x3b70u, 0x3b84u, 0x3b90u, 0x3b9cu, 0x3baau, 0x3bb8u, 0x3bc6u, 0x3bd6u, 0x3be6u, 0x3bf6u, 0x3c03u, 0x3c0cu,
  0x3c16u, 0x3c1fu, 0x3c29u, 0x3c34u, 0x3c3eu, 0x3c49u, 0x3c55u, 0x3c60u, 0x3c6cu, 0x3c7au, 0x3c83u, 0x3c8au,
  0x3c91u, 0x3c98u, 0x3c9fu, 0x3ca6u, 0x3caeu, 0x3cb6u, 0x3cbeu, 0x3cc6u, 0x3cceu, 0x3cd7u, 0x3ce0u, 0x3ce9u,
  0x3cf2u, 0x3cfcu, 0x3d03u, 0x3d08u, 0x3d0du, 0x3d12u, 0x3d17u, 0x3d1cu, 0x3d22u, 0x3d28u, 0x3d2du, 0x3d33u,
  0x3d39u, 0x3d3fu, 0x3d45u, 0x3d4cu, 0x3d52u, 0x3d58u, 0x3d60u, 0x3d66u, 0x3d6cu, 0x3d74u, 0x3d7au, 0x3d81u,
  0x3d85u, 0x3d88u, 0x3d8cu, 0x3d90u, 0x3d94u, 0x3d98u, 0x3d9cu, 0x3da0u, 0x3da4u, 0x3da9u, 0x3dadu, 0x3db1u,
  0x3db6u, 0x3dbau, 0x3dbfu, 0x3dc3u, 0x3dc8u, 0x3dcdu, 0x3dd1u, 0x3dd6u, 0x3ddbu, 0x3de0u, 0x3de5u, 0x3deau,
  0x3df0u, 0x3df4u, 0x3dfau, 0x3e00u, 0x3e02u, 0x3e05u, 0x3e08u, 0x3e0bu, 0x3e0eu, 0x3e11u, 0x3e14u, 0x3e17u,
  0x3e1au, 0x3e1du, 0x3e20u, 0x3e23u, 0x3e26u, 0x3e29u, 0x3e2cu, 0x3e30u, 0x3e33u, 0x3e36u, 0x3e3au, 0x3e3du,
  0x3e40u, 0x3e44u, 0x3e47u, 0x3e4bu, 0x3e4eu, 0x3e52u, 0x3e56u, 0x3e59u, 0x3e5du, 0x3e61u, 0x3e65u, 0x3e68u,
  0x3e6cu, 0x3e70u, 0x3e74u, 0x3e78u, 0x3e7cu, 0x3e80u, 0x3e82u, 0x3e84u, 0x3e86u, 0x3e88u, 0x3e8au, 0x3e8du,
  0x3e8fu, 0x3e91u, 0x3e93u, 0x3e95u, 0x3e98u, 0x3e9au, 0x3e9cu, 0x3e9eu, 0x3ea1u, 0x3ea3u, 0x3ea5u, 0x3ea8u,
  0x3eaau, 0x3eadu, 0x3eafu, 0x3eb2u, 0x3eb4u, 0x3eb6u, 0x3eb9u, 0x3ebcu, 0x3ebeu, 0x3ec1u, 0x3ec3u, 0x3ec6u,
  0x3ec8u, 0x3ecbu, 0x3eceu, 0x3ed1u, 0x3ed3u, 0x3ed6u, 0x3ed9u, 0x3edbu, 0x3edeu, 0x3ee1u, 0x3ee4u, 0x3ee7u,
  0x3eeau, 0x3eedu, 0x3ef0u, 0x3ef2u, 0x3ef6u, 0x3ef8u, 0x3efcu, 0x3efeu, 0x3f01u, 0x3f02u, 0x3f04u, 0x3f05u,
  0x3f07u, 0x3f09u, 0x3f0au, 0x3f0cu, 0x3f0du, 0x3f0fu, 0x3f11u, 0x3f12u, 0x3f14u, 0x3f16u, 0x3f17u, 0x3f19u,
  0x3f1bu, 0x3f1cu, 0x3f1eu, 0x3f20u, 0x3f21u, 0x3f23u, 0x3f25u, 0x3f27u, 0x3f29u, 0x3f2au, 0x3f2cu, 0x3f2eu,
  0x3f30u, 0x3f32u, 0x3f33u, 0x3f35u, 0x3f37u, 0x3f39u, 0x3f3bu, 0x3f3du, 0x3f3fu, 0x3f41u, 0x3f43u, 0x3f45u,
  0x3f47u, 0x3f49u, 0x3f4bu, 0x3f4du, 0x3f4fu, 0x3f51u, 0x3f53u, 0x3f55u, 0x3f57u, 0x3f59u, 0x3f5bu, 0x3f5du,
  0x3f5fu, 0x3f61u, 0x3f63u, 0x3f65u, 0x3f68u, 0x3f6au, 0x3f6cu, 0x3f6eu, 0x3f70u, 0x3f72u, 0x3f74u, 0x3f76u,
  0x3f7au, 0x3f7cu, 0x3f7eu, 0x3f80u
};

// Whether channel c is sRGB-decoded: 8-bit unsigned texels read as normalized floats, x, y and
// z only (a 16-bit texture with sRGB set reads v / 65535 unchanged).
static inline bool p2m_tex_srgb_channel(ulong h, uint c)
{
  return p2m_tex_word(h, P2M_TEX_SRGB) == 1u && p2m_tex_word(h, P2M_TEX_READ_MODE) == 1u &&
         p2m_tex_word(h, P2M_TEX_FORMAT_KIND) == 1u && p2m_tex_word(h, P2M_TEX_CHANNEL_BITS) == 8u && c < 3u;
}

// Whether channel c reads through 16-bit fixed point when filtered (docs/gpu-facts.md,
// "Texel conversion": 8/16-bit integers read as normalized floats, sRGB channels excepted).
static inline bool p2m_tex_fixed16_channel(ulong h, uint c)
{
  return p2m_tex_word(h, P2M_TEX_FORMAT_KIND) != 2u && p2m_tex_word(h, P2M_TEX_READ_MODE) == 1u &&
         p2m_tex_word(h, P2M_TEX_CHANNEL_BITS) < 32u && !p2m_tex_srgb_channel(h, c);
}

// Channels a format lacks read 0, w included, in every read mode (docs/gpu-facts.md, "Texel
// conversion"; not D3D's 1 for w).
static inline bool p2m_tex_missing(ulong h, uint c)
{
  return c >= p2m_tex_word(h, P2M_TEX_CHANNELS);
}

// A raw channel value v (as stored) of the texture's format as an f32 result.
static inline float p2m_tex_value_float(ulong h, uint v, uint c)
{
  uint bits = p2m_tex_word(h, P2M_TEX_CHANNEL_BITS), kind = p2m_tex_word(h, P2M_TEX_FORMAT_KIND);
  if (kind == 2u)
    return bits == 16u ? float(as_type<half>(ushort(v))) : as_type<float>(v);
  if (p2m_tex_srgb_channel(h, c))
    return as_type<float>(uint(p2m_tex_srgb_u8_hi[v & 0xFFu]) << 16);
  if (p2m_tex_word(h, P2M_TEX_READ_MODE) == 1u && bits < 32u)
    return kind == 1u ? p2m_tex_unorm(v, bits) : p2m_tex_snorm(p2m_tex_sign_extend(v, bits), bits);
  // The element-type read of an integer texel as a float (CUDA cannot create this texture).
  return kind == 1u ? float(v) : float(p2m_tex_sign_extend(v, bits));
}

// --- the border colour ---------------------------------------------------------------------
// docs/gpu-facts.md, "Addressing": float textures return the colour as given; normalized-float
// reads of 8-bit texels quantize it to the format first (below) and convert it as a texel;
// 32-bit integer element reads return its f32 bit pattern.

// The border colour of channel c as a raw channel value of the format.
static inline uint p2m_tex_border_raw(ulong h, uint c)
{
  uint fb = p2m_tex_word(h, P2M_TEX_BORDER0 + c);
  uint bits = p2m_tex_word(h, P2M_TEX_CHANNEL_BITS), kind = p2m_tex_word(h, P2M_TEX_FORMAT_KIND);
  if (bits >= 32u || kind == 2u)
    return fb;
  if (p2m_tex_word(h, P2M_TEX_READ_MODE) != 1u)
    return fb & ((1u << bits) - 1u); // element reads: the bit pattern truncated (8-bit measured: 0)
  // Normalized reads: the colour clamped to [0, 1] ([-1, 1] signed: not measured), times vmax
  // in f32, rounded to the nearest integer with ties down (0.3 -> 76.5 in f32 -> 76, 0.5 ->
  // 127.5 -> 127, 0.25 -> 63.75 -> 64, 0.123456789 -> 31: the probe and tests/exec's
  // tex_2d.u8_normalized_linear_border). NaN reads 0.
  bool is_signed = kind == 0u;
  uint vmax = p2m_tex_norm_max(bits, is_signed);
  if ((fb & 0x7FFFFFFFu) > 0x7F800000u)
    return 0u;
  float f = clamp(as_type<float>(fb), is_signed ? -1.0f : 0.0f, 1.0f);
  int q = int(ceil(f * float(vmax) - 0.5f));
  return uint(q) & ((1u << bits) - 1u);
}

// --- addressing ----------------------------------------------------------------------------

// A coordinate in texels as the fixed-point value floor(512 u), exactly: u = x for
// unnormalized coordinates, x * n (an f32 product) for normalized ones (docs/gpu-facts.md,
// "Coordinates and weights"). NaN reads as 0; +-inf clamps, except under wrap and mirror with
// normalized coordinates, where it reads as 0 ("Addressing"). Values beyond +-2^51 texels
// saturate there (not measured: clamp is unaffected, wrap and mirror see the saturated index).
static inline long p2m_tex_fixed(float x, int n, uint mode, bool normalized)
{
  uint xb = as_type<uint>(x);
  bool wraps = normalized && (mode == 0u || mode == 2u);
  if ((xb & 0x7FFFFFFFu) > 0x7F800000u || ((xb & 0x7FFFFFFFu) == 0x7F800000u && wraps))
    xb = 0u;
  if (normalized && (xb & 0x7FFFFFFFu) < 0x7F800000u)
    xb = as_type<uint>(x * float(n));
  uint e = (xb >> 23) & 0xFFu, m = xb & 0x7FFFFFu;
  if (e != 0u)
    m |= 0x800000u;
  else
    e = 1u;
  int sh = int(e) - 141; // 512 * u = m * 2^(e - 141)
  long mag;
  bool frac = false;
  if (sh > 36)
    mag = 1l << 60;
  else if (sh >= 0)
    mag = long(m) << sh;
  else if (sh <= -32) {
    mag = 0l;
    frac = m != 0u;
  } else {
    mag = long(m >> uint(-sh));
    frac = (m & ((1u << uint(-sh)) - 1u)) != 0u;
  }
  return (xb >> 31) != 0u ? -mag - (frac ? 1l : 0l) : mag;
}

// A texel index under the address mode, for a dimension of n texels; -1 for border (the texel
// reads as the border colour). docs/gpu-facts.md, "Addressing": with unnormalized coordinates
// wrap and mirror act as clamp; with normalized ones wrap is i mod n and mirror acts on the
// integer index, j = i mod 2n, j < n ? j : 2n - 1 - j.
static inline int p2m_tex_address_index(long i, int n, uint mode, bool normalized)
{
  if (mode == 3u)
    return i < 0l || i >= long(n) ? -1 : int(i);
  if (normalized && mode == 0u) {
    long r = i % long(n);
    return int(r < 0l ? r + long(n) : r);
  }
  if (normalized && mode == 2u) {
    long r = i % (2l * long(n));
    r = r < 0l ? r + 2l * long(n) : r;
    return int(r < long(n) ? r : 2l * long(n) - 1l - r);
  }
  return i < 0l ? 0 : i >= long(n) ? n - 1 : int(i);
}

// Under clamp (and wrap or mirror with unnormalized coordinates, which act as clamp), taps that
// both fall on the first or the last texel become that texel alone (weight 0 or 256 on the
// other): the result of 1D and 2D filtering is the same either way, but the 3D corner weights
// are not separable, and the H100's 3D results follow the collapsed weights (docs/gpu-facts.md,
// "Coordinates and weights": 4 of 4096 probe fetches and 2 of 512 tests/exec results differ
// with it, 264 and 77 without).
static inline long p2m_tex_clamp_taps(long i, thread uint &w, int n, uint mode, bool normalized)
{
  bool clamps = mode == 1u || (!normalized && mode != 3u);
  if (!clamps)
    return i;
  if (i + 1l <= 0l) {
    w = 256u;
    return -1l;
  }
  if (i >= long(n) - 1l) {
    w = 0u;
    return long(n) - 1l;
  }
  return i;
}

// Point sampling's index: floor(u) (docs/gpu-facts.md, "Coordinates and weights").
static inline long p2m_tex_point_index(long f)
{
  return f >> 9;
}

// Linear filtering's first index and weight of the second (docs/gpu-facts.md, "Coordinates and
// weights"): i = floor(u - 0.5), w = floor(frac(u - 0.5) * 256 + 0.5), an integer 0..256 (round
// half up; 256 when the fraction is within 1/512 of 1).
static inline long p2m_tex_linear_index(long f, thread uint &w)
{
  long i = (f - 256l) >> 9;
  w = uint(((f + 1l) >> 1) - 128l - 256l * i);
  return i;
}

// The corner weights (in 1/256, summing to 256) of linear filtering, indexed x + 2y + 4z.
// 2D (docs/gpu-facts.md, "Coordinates and weights"): w11 = floor(wx * wy / 256 + 0.5), w10 =
// wx - w11, w01 = wy - w11, w00 = 256 - wx - wy + w11, not the products of the 1D weights.
static inline uint p2m_tex_round_product(uint a, uint b)
{
  return (a * b + 128u) >> 8;
}

static inline void p2m_tex_weights_2d(uint wx, uint wy, thread uint *w)
{
  uint w11 = p2m_tex_round_product(wx, wy);
  w[0] = 256u - wx - wy + w11;
  w[1] = wx - w11;
  w[2] = wy - w11;
  w[3] = w11;
}

// 3D (docs/gpu-facts.md, "Coordinates and weights"; fitted, not derived): the slice weights
// 256 - wz and wz, each split by x (x1 = floor(v * wx / 256 + 0.5) for x + 1, the rest for x),
// each of those split by y the same way, except that the x column rounds its y split half DOWN
// (ceil(v * wy / 256 - 0.5)). It reproduces all 3000 measured weight sets
// (textures-weights.txt.gz); why the x column rounds the other way is not known.
static inline void p2m_tex_weights_3d(uint wx, uint wy, uint wz, thread uint *w)
{
  for (uint k = 0u; k < 2u; ++k) {
    uint slice = k == 0u ? 256u - wz : wz;
    uint x1 = p2m_tex_round_product(slice, wx);
    for (uint i = 0u; i < 2u; ++i) {
      uint col = i == 0u ? slice - x1 : x1;
      uint y1 = i == 0u ? (col * wy + 127u) >> 8 : p2m_tex_round_product(col, wy);
      w[4u * k + 2u + i] = y1;
      w[4u * k + i] = col - y1;
    }
  }
}

// --- texels --------------------------------------------------------------------------------

// The address of texel (ix, iy, iz) of `layer` (indices already addressed and in range).
static inline ulong p2m_tex_texel_addr(ulong h, thread const p2m_tex_level &lv, int ix, int iy, int iz, uint layer)
{
  ulong slice = ulong(layer) * ulong(max(1, lv.d)) + ulong(iz);
  return lv.base + slice * lv.slice + ulong(iy) * lv.row + ulong(ix) * ulong(p2m_tex_texel_bytes(h));
}

// Channel c of an addressed texel as stored, or the border colour's raw value where an index is
// -1 (border mode).
static inline uint p2m_tex_raw(ulong h, thread const p2m_tex_level &lv, int ix, int iy, int iz, uint layer, uint c)
{
  if (ix < 0 || iy < 0 || iz < 0)
    return p2m_tex_border_raw(h, c);
  return p2m_tex_channel_bits(p2m_tex_texel_addr(h, lv, ix, iy, iz, layer), p2m_tex_word(h, P2M_TEX_CHANNEL_BITS), c);
}

// The border colour as an f32 result: float textures as given, normalized reads quantized.
static inline uint p2m_tex_raw_float(ulong h, thread const p2m_tex_level &lv, int ix, int iy, int iz, uint layer,
                                     uint c)
{
  // Float textures (f16 too: not measured) and element reads of integers as floats (which
  // CUDA cannot create) return the colour as given.
  if ((ix < 0 || iy < 0 || iz < 0) &&
      (p2m_tex_word(h, P2M_TEX_FORMAT_KIND) == 2u || p2m_tex_word(h, P2M_TEX_READ_MODE) != 1u))
    return p2m_tex_word(h, P2M_TEX_BORDER0 + c);
  return as_type<uint>(p2m_tex_value_float(h, p2m_tex_raw(h, lv, ix, iy, iz, layer, c), c));
}

// The same as an integer result (.s32/.u32): signed formats sign-extend.
static inline uint p2m_tex_raw_int(ulong h, thread const p2m_tex_level &lv, int ix, int iy, int iz, uint layer, uint c)
{
  uint v = p2m_tex_raw(h, lv, ix, iy, iz, layer, c);
  uint bits = p2m_tex_word(h, P2M_TEX_CHANNEL_BITS);
  return p2m_tex_word(h, P2M_TEX_FORMAT_KIND) == 0u ? as_type<uint>(p2m_tex_sign_extend(v, bits)) : v;
}

// The filtered f32 result of `count` (4 or 8) float texels (f32 bits; f16 texels widened) and
// their weights: each quad aligned (p2m_tex_align_quad), the exact weighted sum rounded once to
// f32, or to f16 for f16 texels. Rewrites `texel`.
static inline uint p2m_tex_weighted_sum(thread uint *texel, thread const uint *w, uint count, bool half_texels)
{
  for (uint q = 0u; q < count; q += 4u)
    p2m_tex_align_quad(texel + q, w + q, half_texels ? 15 : 28);
  p2m_tex_acc acc;
  p2m_tex_acc_clear(acc);
  for (uint k = 0u; k < count; ++k)
    p2m_tex_acc_add(acc, w[k], texel[k]);
  return p2m_tex_acc_result(acc, half_texels);
}

// The weighted sum of channel c over `count` addressed taps (weights in 1/256 summing to 256)
// as an f32 result (docs/gpu-facts.md, "Coordinates and weights" and "Texel conversion"):
//   f32 texels (and sRGB channels): the texels of each 2x2 quad aligned to 28 bits
//     (p2m_tex_align_quad), their exact weighted sum rounded to f32, ties away from zero;
//   f16 texels: the same with 15 bits per quad, the sum rounded to f16, ties away;
//   8/16-bit normalized reads: each texel widened exactly to 16-bit fixed point (v * 65535 /
//     (2^n - 1), signed v * 32767 / (2^(n-1) - 1): rationals), the sum over 256 rounded half up
//     to an integer N, the result N / 65535 (N / 32767 clamped to -1; the raw -2^(n-1) takes
//     part). Exact for u8, u16, s16; s8 is one unit of 1/32767 low in 308 of 6148 measured
//     fetches (not settled).
static inline uint p2m_tex_filter(ulong h, thread const p2m_tex_level &lv, thread const int *tx,
                                  thread const int *ty, thread const int *tz, thread const uint *w, uint count,
                                  uint layer, uint c)
{
  if (p2m_tex_fixed16_channel(h, c)) {
    uint bits = p2m_tex_word(h, P2M_TEX_CHANNEL_BITS);
    bool is_signed = p2m_tex_word(h, P2M_TEX_FORMAT_KIND) == 0u;
    long s = 0l;
    for (uint k = 0u; k < count; ++k) {
      uint v = p2m_tex_raw(h, lv, tx[k], ty[k], tz[k], layer, c);
      s += long(w[k]) * (is_signed ? long(p2m_tex_sign_extend(v, bits)) : long(v));
    }
    long d16 = is_signed ? 32767l : 65535l;
    long den = long(p2m_tex_norm_max(bits, is_signed)) * 256l;
    long num = 2l * s * d16 + den;                // N = floor(s * d16 / den + 1/2)
    long n = num >= 0l ? num / (2l * den) : -((-num + 2l * den - 1l) / (2l * den));
    if (is_signed && n <= -d16)
      return as_type<uint>(-1.0f);
    return p2m_tex_ratio_f32(n < 0l, ulong(n < 0l ? -n : n), ulong(d16));
  }
  uint texel[8];
  for (uint k = 0u; k < count; ++k)
    texel[k] = w[k] != 0u ? p2m_tex_raw_float(h, lv, tx[k], ty[k], tz[k], layer, c) : 0u;
  bool half_texels = p2m_tex_word(h, P2M_TEX_FORMAT_KIND) == 2u && p2m_tex_word(h, P2M_TEX_CHANNEL_BITS) == 16u;
  return p2m_tex_weighted_sum(texel, w, count, half_texels);
}

// --- cube maps -----------------------------------------------------------------------------

// The face a direction (x, y, z) selects and its coordinates on the face, normalized to [0, 1]
// (docs/gpu-facts.md, "Addressing", cube maps; 613 of 613 measured fetches): the major axis,
// ties going to z, then y; face 0 +x (s, t) = (-z, -y), 1 -x (z, -y), 2 +y (x, z), 3 -y
// (x, -z), 4 +z (x, -y), 5 -z (-x, -y) (CUDA's table); u = (s / |major| + 1) / 2, in f32.
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
  if (m == 0.0f) { // (0, 0, 0): face +z at its centre
    s = 0.5f;
    t = 0.5f;
    return 4u;
  }
  s = (sc / m + 1.0f) * 0.5f;
  t = (tc / m + 1.0f) * 0.5f;
  return face;
}

// --- levels of detail ----------------------------------------------------------------------

// The level of detail after the sampler's bias and clamps (docs/gpu-facts.md, "Mipmaps": the
// bias is added to an explicit level too, then clamped to [minMipmapLevelClamp,
// maxMipmapLevelClamp] and to the last level).
static inline float p2m_tex_lod(ulong h, float lod)
{
  float levels = float(max(1u, p2m_tex_word(h, P2M_TEX_MIP_LEVELS)));
  lod = lod + p2m_tex_wordf(h, P2M_TEX_MIP_LOD_BIAS);
  lod = clamp(lod, p2m_tex_wordf(h, P2M_TEX_MIN_LOD), p2m_tex_wordf(h, P2M_TEX_MAX_LOD));
  return clamp(lod, 0.0f, levels - 1.0f);
}

// The mip level(s) a level of detail reads (docs/gpu-facts.md, "Mipmaps"): with point mip
// filtering level floor(lod + 0.5); with linear mip filtering levels floor(lod) and floor(lod)
// + 1, the second weighing `blend` / 256 with blend = floor(frac(lod) * 256 + 0.5) (measured
// exact in 1/64 steps; finer steps not probed). Returns the first level.
static inline uint p2m_tex_mip_level(ulong h, float lod, thread uint &blend)
{
  blend = 0u;
  if (p2m_tex_word(h, P2M_TEX_MIP_FILTER_MODE) == 0u)
    return uint(floor(lod + 0.5f));
  float f = floor(lod);
  blend = uint(floor((lod - f) * 256.0f + 0.5f));
  return uint(f);
}

// tex.grad's level of detail (NOT settled, docs/gpu-facts.md "Mipmaps"): log2 of the longer
// gradient in texels, as measured for axis-aligned gradients, but with a Euclidean length and
// an exact log2, where the H100 gives a diagonal gradient (g, g) log2(g) + 0.176 rather than
// + 0.5 and approximates the fraction (2.375 -> 2.3711). Derivatives are in the coordinates'
// units (normalized ones scale by the size).
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

// The address mode of dimension `d`: a cube face is fetched with clamp (docs/gpu-facts.md).
static inline uint p2m_tex_mode(ulong h, uint d, bool cube)
{
  return cube ? 1u : p2m_tex_word(h, P2M_TEX_ADDRESS_MODE0 + d);
}

// Component c of a sample at one mip level. (x, y, z): coordinates as given (normalized or in
// texels), or integer texel indices (ix, iy, iz) when `int_coords`.
static inline uint p2m_tex_sample_level(ulong h, uint level, uint dims, uint layer, bool int_coords, int ix, int iy,
                                        int iz, float x, float y, float z, bool normalized, bool cube, uint c,
                                        uint rtype)
{
  p2m_tex_level lv = p2m_tex_level_of(h, level);
  uint m0 = p2m_tex_mode(h, 0u, cube), m1 = p2m_tex_mode(h, 1u, cube), m2 = p2m_tex_mode(h, 2u, cube);
  if (int_coords || p2m_tex_word(h, P2M_TEX_FILTER_MODE) == 0u || rtype != P2M_TEXR_F32) {
    // Point sampling (integer results are never filtered: CUDA allows linear filtering only for
    // float reads).
    long px = int_coords ? long(ix) : p2m_tex_point_index(p2m_tex_fixed(x, lv.w, m0, normalized));
    long py = int_coords ? long(iy) : p2m_tex_point_index(p2m_tex_fixed(y, lv.h, m1, normalized));
    long pz = int_coords ? long(iz) : p2m_tex_point_index(p2m_tex_fixed(z, lv.d, m2, normalized));
    bool nc = normalized && !int_coords;
    int ax = p2m_tex_address_index(px, lv.w, m0, nc);
    int ay = dims > 1u ? p2m_tex_address_index(py, lv.h, m1, nc) : 0;
    int az = dims > 2u ? p2m_tex_address_index(pz, lv.d, m2, nc) : 0;
    if (rtype == P2M_TEXR_F32)
      return p2m_tex_raw_float(h, lv, ax, ay, az, layer, c);
    return p2m_tex_raw_int(h, lv, ax, ay, az, layer, c);
  }
  // Linear filtering. A 1D texture is a 2D texture of height 1 sampled at y = 0 (-0.5 after the
  // shift: rows -1 and 0 at weight 128 each), so that border mode in dimension 1 blends half
  // the border colour (docs/gpu-facts.md, "Coordinates and weights"; measured on 1D, assumed
  // for 1D layered).
  uint wx, wy = 128u, wz = 0u;
  long i = p2m_tex_clamp_taps(p2m_tex_linear_index(p2m_tex_fixed(x, lv.w, m0, normalized), wx), wx, lv.w, m0,
                              normalized);
  long j = -1l, k = 0l;
  if (dims > 1u)
    j = p2m_tex_clamp_taps(p2m_tex_linear_index(p2m_tex_fixed(y, lv.h, m1, normalized), wy), wy, lv.h, m1,
                           normalized);
  if (dims > 2u)
    k = p2m_tex_clamp_taps(p2m_tex_linear_index(p2m_tex_fixed(z, lv.d, m2, normalized), wz), wz, lv.d, m2,
                           normalized);
  int xs[2] = {p2m_tex_address_index(i, lv.w, m0, normalized), p2m_tex_address_index(i + 1l, lv.w, m0, normalized)};
  int ys[2] = {p2m_tex_address_index(j, lv.h, m1, normalized), p2m_tex_address_index(j + 1l, lv.h, m1, normalized)};
  int zs[2] = {0, 0};
  if (dims > 2u) {
    zs[0] = p2m_tex_address_index(k, lv.d, m2, normalized);
    zs[1] = p2m_tex_address_index(k + 1l, lv.d, m2, normalized);
  }
  uint w[8];
  uint count = dims > 2u ? 8u : 4u;
  if (dims > 2u)
    p2m_tex_weights_3d(wx, wy, wz, w);
  else
    p2m_tex_weights_2d(wx, wy, w);
  int tx[8], ty[8], tz[8];
  for (uint t = 0u; t < count; ++t) {
    tx[t] = xs[t & 1u];
    ty[t] = ys[(t >> 1) & 1u];
    tz[t] = zs[t >> 2];
  }
  return p2m_tex_filter(h, lv, tx, ty, tz, w, count, layer, c);
}

// A layered resource's layer: an unsigned integer clamped to the last layer (docs/gpu-facts.md,
// "Addressing": -1 and -2 read the last layer). Cube maps count cubes.
static inline uint p2m_tex_clamp_layer(ulong h, uint geom, uint layer)
{
  if (geom != P2M_TEXG_A1D && geom != P2M_TEXG_A2D && geom != P2M_TEXG_ACUBE)
    return 0u;
  return min(layer, max(1u, p2m_tex_word(h, P2M_TEX_LAYERS)) - 1u);
}

// The coordinates of a tex/tld4 operand vector {a0, a1, a2, a3} as the PTX ISA lays them out
// per geometry (.a1d {layer, x}, .a2d {layer, x, y, _}, .cube {x, y, z, _}, .acube {layer, x,
// y, z}): the layer, clamped (p2m_tex_clamp_layer), with cube faces folded in (layer * 6 +
// face), and x, y, z in the coordinate type. Cube coordinates become normalized face
// coordinates.
static inline uint p2m_tex_coords(ulong h, uint geom, bool float_coords, uint a0, uint a1, uint a2, uint a3,
                                  thread uint &x, thread uint &y, thread uint &z)
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
  layer = p2m_tex_clamp_layer(h, geom, layer);
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

// tex.<geom>.v4.<rtype>.<ctype> d, [h, {a0, a1, a2, a3}] (, lod): component c of the sample, as
// the bits of rtype. `lod_mode` 0: tex without .level/.grad/.base, whose implicit derivatives
// are zero in a compute kernel: a level of detail of -infinity, which the sampler's clamps bring
// to minMipmapLevelClamp (the OpenGL/D3D level-of-detail rule; not measured on NVIDIA's GPUs);
// 1: `lod` (tex.level, and tex.grad through p2m_tex_grad_lod); 2: tex.base, the base level.
static inline uint p2m_tex(ulong h, uint geom, uint float_coords, uint a0, uint a1, uint a2, uint a3, uint lod_mode,
                           float lod, uint c, uint rtype)
{
  if (p2m_tex_missing(h, c))
    return 0u;
  // A linear resource (tex1Dfetch): integer indices only, no addressing; outside reads 0 in all
  // four channels (docs/gpu-facts.md, "Addressing").
  if (p2m_tex_word(h, P2M_TEX_KIND) == P2M_TEX_KIND_LINEAR) {
    int i = float_coords != 0u ? int(floor(as_type<float>(a0))) : as_type<int>(a0);
    if (i < 0 || i >= int(p2m_tex_word(h, P2M_TEX_WIDTH)))
      return 0u;
    p2m_tex_level lv = p2m_tex_level_of(h, 0u);
    lv.row = 0ul;
    if (rtype == P2M_TEXR_F32)
      return p2m_tex_raw_float(h, lv, i, 0, 0, 0u, c);
    return p2m_tex_raw_int(h, lv, i, 0, 0, 0u, c);
  }
  uint x, y, z;
  uint layer = p2m_tex_coords(h, geom, float_coords != 0u, a0, a1, a2, a3, x, y, z);
  bool cube = geom == P2M_TEXG_CUBE || geom == P2M_TEXG_ACUBE;
  bool normalized = cube || p2m_tex_word(h, P2M_TEX_NORMALIZED) == 1u;
  uint dims = p2m_tex_dims(geom);
  float fx = as_type<float>(x), fy = as_type<float>(y), fz = as_type<float>(z);
  uint blend = 0u;
  uint level = 0u;
  if (p2m_tex_word(h, P2M_TEX_MIP_LEVELS) > 1u && lod_mode != 2u)
    level = p2m_tex_mip_level(h, p2m_tex_lod(h, lod_mode == 1u ? lod : -INFINITY), blend);
  bool ints = float_coords == 0u;
  uint r0 = p2m_tex_sample_level(h, level, dims, layer, ints, as_type<int>(x), as_type<int>(y), as_type<int>(z), fx,
                                 fy, fz, normalized, cube, c, rtype);
  if (blend == 0u || rtype != P2M_TEXR_F32)
    return r0;
  uint r1 = p2m_tex_sample_level(h, level + 1u, dims, layer, ints, as_type<int>(x), as_type<int>(y), as_type<int>(z),
                                 fx, fy, fz, normalized, cube, c, rtype);
  // The two levels' results blended as texels are (an exact sum rounded to f32, ties away):
  // how NVIDIA combines the levels is not measured beyond 1/64 steps of f32 results.
  p2m_tex_acc acc;
  p2m_tex_acc_clear(acc);
  p2m_tex_acc_add(acc, 256u - blend, r0);
  p2m_tex_acc_add(acc, blend, r1);
  return p2m_tex_acc_result(acc, false);
}

// tld4.<comp>.2d (and .a2d, .cube, .acube) d, [h, {...}]: element `which` (0..3) of the gather
// of channel `comp` (r g b a = 0..3) over the four texels linear filtering would weigh,
// addressed as linear filtering addresses them (docs/gpu-facts.md, "Gather"): d.x = T[i, j+1],
// d.y = T[i+1, j+1], d.z = T[i+1, j], d.w = T[i, j]; the filter mode does not matter.
static inline uint p2m_tld4(ulong h, uint geom, uint float_coords, uint a0, uint a1, uint a2, uint a3, uint comp,
                            uint which, uint rtype)
{
  if (p2m_tex_missing(h, comp))
    return 0u;
  uint x, y, z;
  uint layer = p2m_tex_coords(h, geom, float_coords != 0u, a0, a1, a2, a3, x, y, z);
  bool cube = geom == P2M_TEXG_CUBE || geom == P2M_TEXG_ACUBE;
  bool normalized = cube || p2m_tex_word(h, P2M_TEX_NORMALIZED) == 1u;
  p2m_tex_level lv = p2m_tex_level_of(h, 0u);
  uint m0 = p2m_tex_mode(h, 0u, cube), m1 = p2m_tex_mode(h, 1u, cube);
  float fx = float_coords != 0u ? as_type<float>(x) : float(as_type<int>(x));
  float fy = float_coords != 0u ? as_type<float>(y) : float(as_type<int>(y));
  uint wx, wy;
  long i = p2m_tex_linear_index(p2m_tex_fixed(fx, lv.w, m0, normalized), wx);
  long j = p2m_tex_linear_index(p2m_tex_fixed(fy, lv.h, m1, normalized), wy);
  long ti = which == 1u || which == 2u ? i + 1l : i;
  long tj = which == 0u || which == 1u ? j + 1l : j;
  int ax = p2m_tex_address_index(ti, lv.w, m0, normalized), ay = p2m_tex_address_index(tj, lv.h, m1, normalized);
  if (rtype == P2M_TEXR_F32)
    return p2m_tex_raw_float(h, lv, ax, ay, 0, layer, comp);
  return p2m_tex_raw_int(h, lv, ax, ay, 0, layer, comp);
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
// (txq.level) are max(1, size >> lod), level 0's the size itself (0 for the unbound texture of
// a texture reference, as on an H100); a cube map's array size counts cubes.
static inline uint p2m_txq(ulong h, uint query, uint lod)
{
  switch (query) {
  case P2M_TXQ_WIDTH: return lod == 0u ? p2m_tex_word(h, P2M_TEX_WIDTH) : max(1u, p2m_tex_word(h, P2M_TEX_WIDTH) >> lod);
  case P2M_TXQ_HEIGHT: return lod == 0u ? p2m_tex_word(h, P2M_TEX_HEIGHT) : max(1u, p2m_tex_word(h, P2M_TEX_HEIGHT) >> lod);
  case P2M_TXQ_DEPTH: return lod == 0u ? p2m_tex_word(h, P2M_TEX_DEPTH) : max(1u, p2m_tex_word(h, P2M_TEX_DEPTH) >> lod);
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

// A surface access's coordinates {x, y, z} (x in bytes, as suld.b/sust.b address it; .a1d
// {layer, x}, .a2d {layer, x, y, _}) as x, row y and slice or layer z, with the surface's row
// count `ny` and slice or layer count `nz`, and whether the access is misaligned (x not a
// multiple of the texel size) or outside (docs/gpu-facts.md, "Surfaces", measured on the H100:
// only accesses of the texel's size were measured; narrower ones are held to the same rule).
static inline void p2m_su_place(ulong h, uint geom, thread int &x, thread int &y, thread int &z, uint bytes,
                                thread int &ny, thread int &nz, thread bool &misaligned, thread bool &outside)
{
  p2m_tex_level lv = p2m_tex_level_of(h, 0u);
  int texel = int(p2m_tex_texel_bytes(h));
  bool layered = geom == P2M_TEXG_A1D || geom == P2M_TEXG_A2D;
  ny = geom == P2M_TEXG_1D || geom == P2M_TEXG_A1D ? 1 : lv.h;
  nz = geom == P2M_TEXG_3D ? lv.d : layered ? int(max(1u, p2m_tex_word(h, P2M_TEX_LAYERS))) : 1;
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
  misaligned = texel > 0 && x % texel != 0;
  outside = x < 0 || x > lv.w * texel - int(bytes) || y < 0 || y >= ny || z < 0 || z >= nz;
}

// .trap's check before an access (the lowering branches to a trap when it fails, so that the
// thread stops there): true when the access is aligned and inside; otherwise the status word
// gets the bit that makes the launch fail with CUDA_ERROR_MISALIGNED_ADDRESS or
// CUDA_ERROR_ILLEGAL_ADDRESS (the trap sets the trap bit).
static inline bool p2m_su_in_range(thread p2m_ctx &ctx, ulong h, uint geom, uint x, uint y, uint z, uint bytes)
{
  int ix = as_type<int>(x), iy = as_type<int>(y), iz = as_type<int>(z), ny, nz;
  bool misaligned, outside;
  p2m_su_place(h, geom, ix, iy, iz, bytes, ny, nz, misaligned, outside);
  if (!misaligned && !outside)
    return true;
  device atomic_uint *status =
      reinterpret_cast<device atomic_uint *>(p2m_module_word(ctx.module, P2M_MODULE_STATUS));
  atomic_fetch_or_explicit(status, misaligned ? P2M_STATUS_MISALIGNED_ADDRESS : P2M_STATUS_ILLEGAL_ADDRESS,
                           memory_order_relaxed);
  return false;
}

// The byte address of a surface access of `bytes` bytes at {x, y, z} (p2m_su_place) after the
// out-of-range mode (docs/gpu-facts.md, "Surfaces"): a misaligned x fails the launch with
// CUDA_ERROR_MISALIGNED_ADDRESS in every mode; out of range, .zero reads 0 and drops stores,
// .clamp accesses the nearest texel (x clamped in texels), .trap fails the launch with
// CUDA_ERROR_ILLEGAL_ADDRESS (the lowering checks .trap accesses first: p2m_su_in_range).
// Returns 0 when nothing is accessed.
static inline ulong p2m_su_resolve(thread p2m_ctx &ctx, ulong h, uint geom, int x, int y, int z, uint bytes,
                                   uint mode)
{
  p2m_tex_level lv = p2m_tex_level_of(h, 0u);
  int texel = int(p2m_tex_texel_bytes(h)), ny, nz;
  bool misaligned, outside;
  p2m_su_place(h, geom, x, y, z, bytes, ny, nz, misaligned, outside);
  if (misaligned) {
    p2m_trap(ctx, P2M_STATUS_MISALIGNED_ADDRESS);
    return 0ul;
  }
  if (outside) {
    if (mode == P2M_SU_ZERO)
      return 0ul;
    if (mode == P2M_SU_TRAP) {
      p2m_trap(ctx, P2M_STATUS_ILLEGAL_ADDRESS);
      return 0ul;
    }
    x = clamp(x / max(texel, 1), 0, lv.w - 1) * texel;
    x = clamp(x, 0, max(0, lv.w * texel - int(bytes)));
    y = clamp(y, 0, ny - 1);
    z = clamp(z, 0, nz - 1);
  }
  return lv.base + ulong(z) * lv.slice + ulong(y) * lv.row + ulong(x);
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
