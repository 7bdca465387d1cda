// texture_ops.h against the rules measured on an H100 (docs/gpu-facts.md, "Textures and
// surfaces": addressing, point and linear filtering with 8-bit weights and block-aligned texels
// summed exactly and rounded ties away, the 2D and 3D corner weights, read modes, border colours,
// cube faces, mip levels, surfaces), each expected value worked out by hand from the rule.
// Descriptors are built here as the runtime builds them (texture_abi.h), over texels laid out as
// a CUDA array.
#include "Kernels.h"

#include "kernel_abi.h"
#include "texture_abi.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <vector>

namespace p2m::msltex::test {
namespace {

constexpr unsigned G1D = 0, G2D = 1, G3D = 2, GA1D = 3, GA2D = 4, GCUBE = 5, GACUBE = 6;
constexpr unsigned RF32 = 0, RS32 = 1, RU32 = 2;
constexpr unsigned WRAP = 0, CLAMP = 1, MIRROR = 2, BORDER = 3;
constexpr unsigned SU_TRAP = 0, SU_CLAMP = 1, SU_ZERO = 2;

std::uint32_t bitsOf(float f)
{
  std::uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

float floatOf(std::uint32_t u)
{
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

// A resource: its descriptor and texels (a CUDA array: rows padded to P2M_ARRAY_PITCH_ALIGN).
struct Resource {
  std::vector<std::uint32_t> desc = std::vector<std::uint32_t>(P2M_TEX_DESC_WORDS + 4, 0u);
  std::vector<std::uint8_t> data;
  unsigned texelBytes = 4, w = 1, h = 1, slices = 1;
  std::uint64_t rowPitch = 0, slicePitch = 0;

  // width x height x depth texels, `layers` layers (0: not layered), each level-0 only.
  Resource(unsigned kind, unsigned width, unsigned height, unsigned depth, unsigned layers, unsigned channels,
           unsigned bits, unsigned formatKind)
  {
    texelBytes = channels * bits / 8;
    w = width;
    h = height;
    slices = depth * (layers ? layers : 1) * (kind == P2M_TEX_KIND_CUBE || kind == P2M_TEX_KIND_CUBE_LAYERED ? 6 : 1);
    rowPitch = (std::uint64_t(width) * texelBytes + P2M_ARRAY_PITCH_ALIGN - 1) & ~std::uint64_t(P2M_ARRAY_PITCH_ALIGN - 1);
    slicePitch = rowPitch * height;
    data.assign(slicePitch * slices + 64, 0);
    set(P2M_TEX_KIND, kind);
    set(P2M_TEX_WIDTH, width);
    set(P2M_TEX_HEIGHT, height);
    set(P2M_TEX_DEPTH, depth);
    set(P2M_TEX_LAYERS, layers);
    set(P2M_TEX_CHANNELS, channels);
    set(P2M_TEX_CHANNEL_BITS, bits);
    set(P2M_TEX_FORMAT_KIND, formatKind);
    set(P2M_TEX_ADDRESS_MODE0, CLAMP);
    set(P2M_TEX_ADDRESS_MODE1, CLAMP);
    set(P2M_TEX_ADDRESS_MODE2, CLAMP);
    set(P2M_TEX_MIP_LEVELS, 1);
    set(P2M_TEX_MAX_LOD, bitsOf(1000.0f));
    set(P2M_TEX_FLAGS, P2M_TEX_FLAG_TEXTURE | P2M_TEX_FLAG_SAMPLER);
    place();
  }

  void set(unsigned word, std::uint32_t v) { base()[word] = v; }
  // The descriptor, 16-byte aligned inside `desc`.
  std::uint32_t *base()
  {
    auto a = reinterpret_cast<std::uintptr_t>(desc.data());
    return reinterpret_cast<std::uint32_t *>((a + 15) & ~std::uintptr_t(15));
  }
  void place()
  {
    auto d = reinterpret_cast<std::uint64_t>(data.data());
    set(P2M_TEX_DATA_LO, std::uint32_t(d));
    set(P2M_TEX_DATA_HI, std::uint32_t(d >> 32));
    set(P2M_TEX_ROW_PITCH_LO, std::uint32_t(rowPitch));
    set(P2M_TEX_SLICE_PITCH_LO, std::uint32_t(slicePitch));
  }
  std::uint64_t handle() { return reinterpret_cast<std::uint64_t>(base()); }
  std::uint8_t *texel(unsigned x, unsigned y = 0, unsigned slice = 0)
  {
    return data.data() + slice * slicePitch + y * rowPitch + x * texelBytes;
  }
  void putF(unsigned x, unsigned y, unsigned slice, float v) { std::memcpy(texel(x, y, slice), &v, 4); }
};

// A 1-channel f32 texture of width n holding `values`.
Resource floats1d(const std::vector<float> &values)
{
  Resource r(P2M_TEX_KIND_1D, unsigned(values.size()), 1, 1, 0, 1, 32, 2);
  for (unsigned i = 0; i < values.size(); ++i)
    r.putF(i, 0, 0, values[i]);
  return r;
}

float sample1d(Resource &r, float x, unsigned c = 0)
{
  return floatOf(tex(r.handle(), G1D, true, bitsOf(x), 0, 0, 0, false, 0.0f, c, RF32));
}

} // namespace

TEST_CASE("point filtering and address modes, unnormalized coordinates", "[texture][address]")
{
  Resource r = floats1d({10, 11, 12, 13});
  // tex(x) = T[floor(x)]; clamp keeps the index in [0, N-1].
  CHECK(sample1d(r, 2.7f) == 12.0f);
  CHECK(sample1d(r, 0.0f) == 10.0f);
  CHECK(sample1d(r, -3.0f) == 10.0f);
  CHECK(sample1d(r, 10.0f) == 13.0f);
  // Border: an index outside reads the border colour.
  r.set(P2M_TEX_ADDRESS_MODE0, BORDER);
  r.set(P2M_TEX_BORDER0, bitsOf(-7.5f));
  CHECK(sample1d(r, -0.5f) == -7.5f);
  CHECK(sample1d(r, 4.0f) == -7.5f);
  CHECK(sample1d(r, 3.99f) == 13.0f);
}

TEST_CASE("normalized coordinates: wrap and mirror", "[texture][address]")
{
  Resource r = floats1d({10, 11, 12, 13});
  r.set(P2M_TEX_NORMALIZED, 1);
  r.set(P2M_TEX_ADDRESS_MODE0, WRAP);
  // wrap: x -> frac(x); 1.25 -> 0.25 -> texel 1; -0.25 -> 0.75 -> texel 3.
  CHECK(sample1d(r, 1.25f) == 11.0f);
  CHECK(sample1d(r, -0.25f) == 13.0f);
  CHECK(sample1d(r, 0.5f) == 12.0f);
  // mirror acts on the integer index: j = i mod 2n, j < n ? j : 2n - 1 - j (not 1 - frac(x)).
  r.set(P2M_TEX_ADDRESS_MODE0, MIRROR);
  CHECK(sample1d(r, 1.25f) == 12.0f);  // i = 5 -> 2
  CHECK(sample1d(r, 2.25f) == 11.0f);  // i = 9 -> 1
  CHECK(sample1d(r, -0.25f) == 10.0f); // i = -1 -> 7 -> 0
  // NaN reads as 0; +-inf under wrap and mirror reads as 0 too.
  CHECK(sample1d(r, std::nanf("")) == 10.0f);
  CHECK(sample1d(r, INFINITY) == 10.0f);
  // clamp with normalized coordinates: 1.5 -> texel 3.
  r.set(P2M_TEX_ADDRESS_MODE0, CLAMP);
  CHECK(sample1d(r, 1.5f) == 13.0f);
  CHECK(sample1d(r, INFINITY) == 13.0f); // +inf clamps
  CHECK(sample1d(r, -INFINITY) == 10.0f);
  // Unnormalized coordinates: wrap and mirror act as clamp.
  r.set(P2M_TEX_NORMALIZED, 0);
  r.set(P2M_TEX_ADDRESS_MODE0, WRAP);
  CHECK(sample1d(r, 5.5f) == 13.0f);
  CHECK(sample1d(r, -1.5f) == 10.0f);
  r.set(P2M_TEX_ADDRESS_MODE0, MIRROR);
  CHECK(sample1d(r, 5.5f) == 13.0f);
}

TEST_CASE("linear filtering: 8-bit weights, aligned texels summed exactly, rounded ties away", "[texture][linear]")
{
  // i = floor(x - 0.5), w = floor(frac(x - 0.5) * 256 + 0.5): round half up, 0..256.
  unsigned w = 0;
  CHECK(linearTap(0.75f, w) == 0);
  CHECK(w == 64u);
  CHECK(linearTap(1.6f, w) == 1);
  CHECK(w == 26u); // 0.1 * 256 = 25.6
  CHECK(linearTap(0.25f, w) == -1);
  CHECK(w == 192u);
  CHECK(linearTap(0.5f + 1.0f / 512.0f, w) == 0);
  CHECK(w == 1u); // half a step rounds up (ties-to-even would give 0)
  CHECK(linearTap(1.499f, w) == 0);
  CHECK(w == 256u); // within 1/512 of the next texel: that texel alone
  Resource r = floats1d({0, 1, 4, 9});
  r.set(P2M_TEX_FILTER_MODE, 1);
  // x = 1.75: i = 1, w = 64: (192 * 1 + 64 * 4) / 256.
  CHECK(sample1d(r, 1.75f) == 1.75f);
  // x = 1.6: w = 26: (230 * 1 + 26 * 4) / 256, exact.
  CHECK(sample1d(r, 1.6f) == 334.0f / 256.0f);
  // At a texel centre the weight is 0: exactly the texel.
  CHECK(sample1d(r, 2.5f) == 4.0f);
  // Below the first centre the taps are T[-1] and T[0], clamped to T[0].
  CHECK(sample1d(r, 0.25f) == 0.0f);
  // NaN acts as 0 (the taps of x - 0.5 = -0.5: T[-1] = T[0] and T[0]); +inf clamps to the last
  // texel.
  CHECK(sample1d(r, std::nanf("")) == 0.0f);
  CHECK(sample1d(r, INFINITY) == 9.0f);
  // Border mode: the tap outside is the border colour.
  r.set(P2M_TEX_ADDRESS_MODE0, BORDER);
  r.set(P2M_TEX_BORDER0, bitsOf(8.0f));
  CHECK(sample1d(r, 0.25f) == 0.25f * 8.0f + 0.75f * 0.0f);
  // A 1D texture is 2D of height 1 sampled at y = -0.5 after the shift: border in dimension 1
  // blends half the border colour, even at a texel centre.
  r.set(P2M_TEX_ADDRESS_MODE0, CLAMP);
  r.set(P2M_TEX_ADDRESS_MODE1, BORDER);
  CHECK(sample1d(r, 2.5f) == (8.0f + 4.0f) / 2.0f);
  // As measured: x = 0.5, texel 1, border 100.5 -> 50.75.
  Resource one = floats1d({1, 2});
  one.set(P2M_TEX_FILTER_MODE, 1);
  one.set(P2M_TEX_ADDRESS_MODE1, BORDER);
  one.set(P2M_TEX_BORDER0, bitsOf(100.5f));
  CHECK(sample1d(one, 0.5f) == 50.75f);
  // The sum is exact, rounded once to f32 with ties away from zero: halfway between 1 and the
  // next float up is 1 + 2^-24, which rounds up (ties-to-even would give 1).
  Resource t = floats1d({1.0f, std::nextafter(1.0f, 2.0f), -1.0f, -std::nextafter(1.0f, 2.0f)});
  t.set(P2M_TEX_FILTER_MODE, 1);
  CHECK(sample1d(t, 1.0f) == std::nextafter(1.0f, 2.0f));
  CHECK(sample1d(t, 3.0f) == -std::nextafter(1.0f, 2.0f));
  // Texels of very different magnitudes: the exact sum, not per-step f32 rounding.
  Resource big = floats1d({1.0e30f, -1.0e30f, 3.0f});
  big.set(P2M_TEX_FILTER_MODE, 1);
  CHECK(sample1d(big, 1.0f) == 0.0f);
  CHECK(sample1d(big, 2.0f) == (-1.0e30f + 3.0f) / 2.0f);
  // The texels are first aligned to the larger with 28 bits (4 below its last place), truncated
  // toward zero (an H100 fetch, docs/gpu-facts.md): at w = 9, 1191.55591 (last place 2^-13) and
  // -0.000500288676 become 1191.55591 and -0.000495910645 (a multiple of 2^-17): the sum
  // 41.8901589 rounds to 41.8901596, where the exact sum would give 41.8901558.
  Resource tr = floats1d({-0.0005002886755391955f, 1191.555908203125f});
  tr.set(P2M_TEX_FILTER_MODE, 1);
  CHECK(sample1d(tr, 0.5f + 9.0f / 256.0f) == 41.890159606933594f);
}

TEST_CASE("exact rounding helpers", "[texture][exact]")
{
  CHECK(ratioF32(false, 1, 3) == bitsOf(1.0f / 3.0f));
  CHECK(ratioF32(true, 16384, 32767) == bitsOf(-16384.0f / 32767.0f));
  CHECK(ratioF32(false, 16777217, 1) == bitsOf(16777218.0f)); // a tie, away from zero
  CHECK(ratioF32(false, 0, 255) == 0u);
  // 3D corner weights: the rule fitted to the 3000 measured weight sets, on three of them (the
  // last one where the x column's y split rounds half down: 144 * 88 / 256 = 49.5 -> 49).
  unsigned w3[8];
  weights3d(215, 189, 129, w3);
  CHECK(std::vector<unsigned>(w3, w3 + 8) == std::vector<unsigned>{5, 28, 15, 79, 5, 28, 16, 80});
  weights3d(138, 153, 84, w3);
  CHECK(std::vector<unsigned>(w3, w3 + 8) == std::vector<unsigned>{32, 37, 47, 56, 16, 18, 23, 27});
  weights3d(8, 88, 107, w3);
  CHECK(std::vector<unsigned>(w3, w3 + 8) == std::vector<unsigned>{95, 3, 49, 2, 68, 2, 36, 1});
}

TEST_CASE("3D filtering: clamped taps on one texel collapse", "[texture][linear]")
{
  // z beyond the last slice: both z taps are slice 1, which then weighs 256 alone, so the x and y
  // weights are those of 2D (wx = wy = 3: 250, 3, 3, 0), not the sum of two half slices.
  Resource v(P2M_TEX_KIND_3D, 2, 2, 2, 0, 1, 32, 2);
  v.putF(0, 0, 1, 1.0f);
  v.putF(1, 0, 1, 2.0f);
  v.putF(0, 1, 1, 3.0f);
  v.putF(1, 1, 1, 4.0f);
  v.set(P2M_TEX_FILTER_MODE, 1);
  float p = 0.5f + 3.0f / 256.0f;
  CHECK(floatOf(tex(v.handle(), G3D, true, bitsOf(p), bitsOf(p), bitsOf(5.0f), 0, false, 0.0f, 0, RF32)) ==
        (250 * 1 + 3 * 2 + 3 * 3) / 256.0f);
}

TEST_CASE("2D linear filtering and wrap at the edge", "[texture][linear]")
{
  Resource r(P2M_TEX_KIND_2D, 2, 2, 1, 0, 1, 32, 2);
  r.putF(0, 0, 0, 1);
  r.putF(1, 0, 0, 2);
  r.putF(0, 1, 0, 3);
  r.putF(1, 1, 0, 4);
  r.set(P2M_TEX_FILTER_MODE, 1);
  auto at = [&](float x, float y) {
    return floatOf(tex(r.handle(), G2D, true, bitsOf(x), bitsOf(y), 0, 0, false, 0.0f, 0, RF32));
  };
  CHECK(at(1.0f, 1.0f) == 2.5f); // alpha = beta = 0.5
  CHECK(at(0.5f, 0.5f) == 1.0f);
  CHECK(at(1.5f, 0.5f) == 2.0f);
  // wx = 64, wy = 192: w11 = floor(64 * 192 / 256 + 0.5) = 48, w10 = 16, w01 = 144, w00 = 48.
  CHECK(at(0.75f, 1.25f) == (48 * 1 + 16 * 2 + 144 * 3 + 48 * 4) / 256.0f);
  // wx = wy = 3: w11 = floor(9 / 256 + 0.5) = 0, so w10 = w01 = 3 and w00 = 250 (the products
  // of the 1D weights would give texel (1, 1) 9/65536).
  float p = 0.5f + 3.0f / 256.0f;
  CHECK(at(p, p) == (250 * 1 + 3 * 2 + 3 * 3) / 256.0f);
  float q = 0.5f + 1.0f / 256.0f; // wx = wy = 1: w11 = 0, w10 = w01 = 1, w00 = 254
  CHECK(at(q, q) == 259.0f / 256.0f);
  // Normalized wrap: u = 0 is x = 0 texels, x - 0.5 = -0.5: taps T[-1] = T[1] and T[0], w 128.
  r.set(P2M_TEX_NORMALIZED, 1);
  r.set(P2M_TEX_ADDRESS_MODE0, WRAP);
  r.set(P2M_TEX_ADDRESS_MODE1, WRAP);
  CHECK(at(0.0f, 0.25f) == 0.5f * 2 + 0.5f * 1);
}

TEST_CASE("read modes: element type, normalized float, sRGB, missing channels", "[texture][read]")
{
  Resource u8(P2M_TEX_KIND_1D, 4, 1, 1, 0, 4, 8, 1);
  const std::uint8_t texels[] = {255, 128, 0, 7};
  std::memcpy(u8.texel(0), texels, 4);
  auto get = [&](Resource &r, unsigned c, unsigned rtype) {
    return tex(r.handle(), G1D, false, 0, 0, 0, 0, false, 0.0f, c, rtype);
  };
  // Element type: the stored integer.
  CHECK(get(u8, 0, RU32) == 255u);
  CHECK(get(u8, 3, RU32) == 7u);
  // Normalized float: v / 255.
  u8.set(P2M_TEX_READ_MODE, 1);
  CHECK(floatOf(get(u8, 0, RF32)) == 1.0f);
  CHECK(floatOf(get(u8, 1, RF32)) == 128.0f / 255.0f);
  CHECK(floatOf(get(u8, 2, RF32)) == 0.0f);
  // sRGB: colour channels from the H100's table (128 -> 0x3e5d0000, not the formula's
  // 0.21586), alpha linear.
  u8.set(P2M_TEX_SRGB, 1);
  CHECK(floatOf(get(u8, 0, RF32)) == 1.0f);
  CHECK(get(u8, 1, RF32) == 0x3e5d0000u);
  CHECK(floatOf(get(u8, 2, RF32)) == 0.0f);
  CHECK(floatOf(get(u8, 3, RF32)) == 7.0f / 255.0f);
  u8.set(P2M_TEX_SRGB, 0);
  // Signed 8-bit: element type sign-extends; normalized: v / 127, -128 -> -1.
  Resource s8(P2M_TEX_KIND_1D, 4, 1, 1, 0, 4, 8, 0);
  const std::int8_t st[] = {-128, 127, -5, -127};
  std::memcpy(s8.texel(0), st, 4);
  CHECK(get(s8, 2, RS32) == 0xFFFFFFFBu);
  s8.set(P2M_TEX_READ_MODE, 1);
  CHECK(floatOf(get(s8, 0, RF32)) == -1.0f);
  CHECK(floatOf(get(s8, 1, RF32)) == 1.0f);
  CHECK(floatOf(get(s8, 3, RF32)) == -1.0f);
  CHECK(floatOf(get(s8, 2, RF32)) == -5.0f / 127.0f);
  // 16-bit unsigned: v / 65535.
  Resource u16(P2M_TEX_KIND_1D, 1, 1, 1, 0, 1, 16, 1);
  const std::uint16_t v16 = 1000;
  std::memcpy(u16.texel(0), &v16, 2);
  u16.set(P2M_TEX_READ_MODE, 1);
  CHECK(floatOf(get(u16, 0, RF32)) == 1000.0f / 65535.0f);
  u16.set(P2M_TEX_SRGB, 1); // sRGB applies to 8-bit texels only
  CHECK(floatOf(get(u16, 0, RF32)) == 1000.0f / 65535.0f);
  u16.set(P2M_TEX_SRGB, 0);
  // A 1-channel texture's y, z and w read 0 (w too), in every read mode.
  CHECK(floatOf(get(u16, 1, RF32)) == 0.0f);
  CHECK(get(u16, 3, RF32) == 0u);
  u16.set(P2M_TEX_READ_MODE, 0);
  CHECK(get(u16, 3, RU32) == 0u);
  CHECK(get(u8, 3, RU32) == 7u);
  // Half-float texels convert exactly.
  Resource f16(P2M_TEX_KIND_1D, 1, 1, 1, 0, 1, 16, 2);
  const std::uint16_t half15 = 0x3E00; // 1.5
  std::memcpy(f16.texel(0), &half15, 2);
  CHECK(floatOf(get(f16, 0, RF32)) == 1.5f);
}

TEST_CASE("filtering of normalized and half texels", "[texture][linear][read]")
{
  auto at = [](Resource &r, float x) {
    return tex(r.handle(), G1D, true, bitsOf(x), 0, 0, 0, false, 0.0f, 0, RF32);
  };
  // u8 read as normalized floats: widened to 16-bit fixed point (v * 257), the sum over 256
  // rounded half up: texels 0, 255 at w = 64: N = floor(64 * 255 * 257 / 256 + 0.5) = 16384,
  // result 16384 / 65535 (not 0.25).
  Resource u8(P2M_TEX_KIND_1D, 2, 1, 1, 0, 1, 8, 1);
  u8.texel(1)[0] = 255;
  u8.set(P2M_TEX_READ_MODE, 1);
  u8.set(P2M_TEX_FILTER_MODE, 1);
  CHECK(at(u8, 0.75f) == bitsOf(16384.0f / 65535.0f));
  // s16: -32768 takes part unclamped: 192 * -32768 + 64 * 32767 = -4194368; / 256 = -16384.25,
  // rounded half up -16384, result -16384 / 32767.
  Resource s16(P2M_TEX_KIND_1D, 2, 1, 1, 0, 1, 16, 0);
  const std::int16_t sv[2] = {-32768, 32767};
  std::memcpy(s16.texel(0), sv, 4);
  s16.set(P2M_TEX_READ_MODE, 1);
  s16.set(P2M_TEX_FILTER_MODE, 1);
  CHECK(at(s16, 0.75f) == bitsOf(-16384.0f / 32767.0f));
  CHECK(at(s16, 0.5f) == bitsOf(-1.0f)); // -32768 alone: clamped to -1
  // f16: the exact sum rounded to f16, ties away: 1 and 1 + 2^-10 at w = 128 give 1 + 2^-10.
  Resource f16(P2M_TEX_KIND_1D, 2, 1, 1, 0, 1, 16, 2);
  const std::uint16_t hv[2] = {0x3C00, 0x3C01};
  std::memcpy(f16.texel(0), hv, 4);
  f16.set(P2M_TEX_FILTER_MODE, 1);
  CHECK(at(f16, 1.0f) == bitsOf(1.0f + 1.0f / 1024.0f));
  // Aligned to the larger texel with 15 bits (4 below its last place), truncated: 3.99609375 and
  // -0.07049560546875 at w = 186 (an H100 probe fetch): the small texel becomes
  // -0.0704345703125 (a multiple of 2^-13), the sum 1.04151 rounds to 1 + 43/1024; the exact sum
  // 1.04146 would round to 1 + 42/1024.
  const std::uint16_t hw[2] = {0x43FE, 0xAC83};
  std::memcpy(f16.texel(0), hw, 4);
  CHECK(at(f16, 0.5f + 186.0f / 256.0f) == bitsOf(1.0f + 43.0f / 1024.0f));
}

TEST_CASE("border colours by format and read mode", "[texture][border]")
{
  auto at = [](Resource &r, unsigned c, unsigned rtype) {
    return tex(r.handle(), G1D, true, bitsOf(-1.0f), 0, 0, 0, false, 0.0f, c, rtype);
  };
  // u8 read as normalized floats: the colour quantized to the format (f32 product, ties down).
  Resource u8(P2M_TEX_KIND_1D, 2, 1, 1, 0, 4, 8, 1);
  u8.set(P2M_TEX_READ_MODE, 1);
  u8.set(P2M_TEX_ADDRESS_MODE0, BORDER);
  const float colour[4] = {0.3f, 0.5f, 0.25f, 2.5f};
  for (unsigned c = 0; c < 4; ++c)
    u8.set(P2M_TEX_BORDER0 + c, bitsOf(colour[c]));
  CHECK(floatOf(at(u8, 0, RF32)) == 76.0f / 255.0f);
  CHECK(floatOf(at(u8, 1, RF32)) == 127.0f / 255.0f);
  CHECK(floatOf(at(u8, 2, RF32)) == 64.0f / 255.0f);
  CHECK(floatOf(at(u8, 3, RF32)) == 1.0f);
  // 32-bit integer element reads: the colour's f32 bit pattern.
  Resource i32(P2M_TEX_KIND_1D, 2, 1, 1, 0, 1, 32, 0);
  i32.set(P2M_TEX_ADDRESS_MODE0, BORDER);
  i32.set(P2M_TEX_BORDER0, bitsOf(1.5f));
  CHECK(at(i32, 0, RS32) == 0x3fc00000u);
  // f32 textures: as given.
  Resource f = floats1d({1, 2});
  f.set(P2M_TEX_ADDRESS_MODE0, BORDER);
  f.set(P2M_TEX_BORDER0, bitsOf(100.5f));
  CHECK(floatOf(at(f, 0, RF32)) == 100.5f);
}

TEST_CASE("linear resources (tex1Dfetch): in range reads, outside reads zero", "[texture][linear-resource]")
{
  Resource r(P2M_TEX_KIND_LINEAR, 3, 1, 1, 0, 1, 32, 2);
  r.putF(2, 0, 0, 42.0f);
  CHECK(floatOf(tex(r.handle(), G1D, false, 2, 0, 0, 0, false, 0.0f, 0, RF32)) == 42.0f);
  CHECK(tex(r.handle(), G1D, false, 3, 0, 0, 0, false, 0.0f, 0, RF32) == 0u);
  CHECK(tex(r.handle(), G1D, false, 0xFFFFFFFFu, 0, 0, 0, false, 0.0f, 0, RF32) == 0u);
}

TEST_CASE("layered, 3D and cube addressing", "[texture][layout]")
{
  // 2D layered 2x2, 3 layers: layer 2, texel (1, 0).
  Resource a(P2M_TEX_KIND_2D_LAYERED, 2, 2, 1, 3, 1, 32, 2);
  a.putF(1, 0, 2, 5.0f);
  CHECK(floatOf(tex(a.handle(), GA2D, true, 2, bitsOf(1.5f), bitsOf(0.5f), 0, false, 0.0f, 0, RF32)) == 5.0f);
  // The layer is unsigned, clamped to the last layer: 9 and -1 read layer 2.
  CHECK(floatOf(tex(a.handle(), GA2D, true, 9, bitsOf(1.5f), bitsOf(0.5f), 0, false, 0.0f, 0, RF32)) == 5.0f);
  CHECK(floatOf(tex(a.handle(), GA2D, true, 0xFFFFFFFFu, bitsOf(1.5f), bitsOf(0.5f), 0, false, 0.0f, 0, RF32)) ==
        5.0f);
  // 1D layered: {layer, x}.
  Resource a1(P2M_TEX_KIND_1D_LAYERED, 4, 1, 1, 2, 1, 32, 2);
  a1.putF(3, 0, 1, 6.0f);
  CHECK(floatOf(tex(a1.handle(), GA1D, true, 1, bitsOf(3.2f), 0, 0, false, 0.0f, 0, RF32)) == 6.0f);
  // 3D 2x2x2: texel (0, 1, 1).
  Resource v(P2M_TEX_KIND_3D, 2, 2, 2, 0, 1, 32, 2);
  v.putF(0, 1, 1, 7.0f);
  CHECK(floatOf(tex(v.handle(), G3D, true, bitsOf(0.5f), bitsOf(1.5f), bitsOf(1.5f), 0, false, 0.0f, 0, RF32)) ==
        7.0f);
  // 3D linear: halfway between slices 0 (0) and 1 (7) at texel (0, 1).
  v.set(P2M_TEX_FILTER_MODE, 1);
  CHECK(floatOf(tex(v.handle(), G3D, true, bitsOf(0.5f), bitsOf(1.5f), bitsOf(1.0f), 0, false, 0.0f, 0, RF32)) ==
        3.5f);
  // Cube 2x2 faces: direction +x selects face 0 at (s, t) = (0.5, 0.5) -> texel (1, 1); -z face 5.
  Resource c(P2M_TEX_KIND_CUBE, 2, 2, 1, 0, 1, 32, 2);
  c.putF(1, 1, 0, 8.0f);
  c.putF(1, 1, 5, 9.0f);
  c.putF(0, 0, 2, 4.0f);
  CHECK(floatOf(tex(c.handle(), GCUBE, true, bitsOf(1.0f), 0, 0, 0, false, 0.0f, 0, RF32)) == 8.0f);
  CHECK(floatOf(tex(c.handle(), GCUBE, true, 0, 0, bitsOf(-2.0f), 0, false, 0.0f, 0, RF32)) == 9.0f);
  // +y face 2: (s, t) = (x, z)/|y|: x = -0.9, z = -0.9 -> (0.05, 0.05) -> texel (0, 0).
  CHECK(floatOf(tex(c.handle(), GCUBE, true, bitsOf(-0.9f), bitsOf(1.0f), bitsOf(-0.9f), 0, false, 0.0f, 0, RF32)) ==
        4.0f);
  // Ties between major axes go to z, then y: (1, 1, 0) reads +y, (1, 0, 1) and (1, 1, 1) +z.
  c.putF(1, 1, 2, 20.0f);
  c.putF(1, 1, 4, 40.0f);
  c.putF(1, 0, 4, 41.0f);
  auto cube = [&](float x, float y, float z) {
    return floatOf(tex(c.handle(), GCUBE, true, bitsOf(x), bitsOf(y), bitsOf(z), 0, false, 0.0f, 0, RF32));
  };
  CHECK(cube(1, 1, 0) == 20.0f);
  CHECK(cube(1, 0, 1) == 40.0f);
  CHECK(cube(1, 1, 1) == 41.0f);
  // (2, 0, -2) selects -z, (s, t) = (-x, -y) / 2 -> (0, 0.5), texel (0, 1); (0, 0, 0) reads the +z
  // face at its centre.
  c.putF(0, 1, 5, 14.0f);
  CHECK(cube(2, 0, -2) == 14.0f);
  CHECK(cube(0, 0, 0) == 40.0f);
  // Layered cube: layer 1's face 0 is slice 6.
  Resource ac(P2M_TEX_KIND_CUBE_LAYERED, 2, 2, 1, 2, 1, 32, 2);
  ac.putF(1, 1, 6, 10.0f);
  CHECK(floatOf(tex(ac.handle(), GACUBE, true, 1, bitsOf(1.0f), 0, 0, false, 0.0f, 0, RF32)) == 10.0f);
}

TEST_CASE("mip levels: tex.level, level clamps, tex.grad's level of detail", "[texture][mip]")
{
  // A 4-texel 1D f32 texture with 3 levels: level 1 (2 texels) at offset 64, level 2 at 96.
  Resource r = floats1d({1, 1, 1, 1});
  r.data.assign(256, 0);
  r.place();
  r.putF(0, 0, 0, 1.0f);
  std::memcpy(r.data.data() + 64, std::vector<float>{2.0f, 2.0f}.data(), 8);
  std::memcpy(r.data.data() + 96, std::vector<float>{3.0f}.data(), 4);
  r.set(P2M_TEX_MIP_LEVELS, 3);
  r.set(P2M_TEX_LEVEL_OFFSETS + 2, 64);
  r.set(P2M_TEX_LEVEL_OFFSETS + 4, 96);
  r.set(P2M_TEX_NORMALIZED, 1);
  auto at = [&](float lod) {
    return floatOf(tex(r.handle(), G1D, true, bitsOf(0.1f), 0, 0, 0, true, lod, 0, RF32));
  };
  CHECK(at(0.0f) == 1.0f);
  CHECK(at(1.0f) == 2.0f);
  CHECK(at(1.4f) == 2.0f);  // point mip filter: nearest level
  CHECK(at(1.6f) == 3.0f);
  CHECK(at(9.0f) == 3.0f);  // past the last level
  r.set(P2M_TEX_MAX_LOD, bitsOf(1.0f));
  CHECK(at(9.0f) == 2.0f);  // maxMipmapLevelClamp
  r.set(P2M_TEX_MAX_LOD, bitsOf(1000.0f));
  // Linear mip filter: level 1 and 2 blended by frac(lod) = 0.5.
  r.set(P2M_TEX_MIP_FILTER_MODE, 1);
  CHECK(at(1.5f) == 2.5f);
  // Without a level (tex): zero derivatives, level of detail -infinity, brought to the
  // sampler's minimum level clamp.
  auto implicit = [&]() { return floatOf(tex(r.handle(), G1D, true, bitsOf(0.1f), 0, 0, 0, false, 0.0f, 0, RF32)); };
  r.set(P2M_TEX_MIP_FILTER_MODE, 0);
  CHECK(implicit() == 1.0f);
  r.set(P2M_TEX_MIN_LOD, bitsOf(2.0f));
  CHECK(implicit() == 3.0f);
  r.set(P2M_TEX_MIN_LOD, 0);
  // The bias is added to an explicit level too.
  r.set(P2M_TEX_MIP_FILTER_MODE, 0);
  r.set(P2M_TEX_MIP_LOD_BIAS, bitsOf(1.0f));
  CHECK(at(0.0f) == 2.0f);
  r.set(P2M_TEX_MIP_LOD_BIAS, 0);
  // Gradients of 2 texels (0.5 of a 4-texel width): lod = log2(2) = 1.
  CHECK(gradLod(r.handle(), G1D, 0.5f, 0.0f, 0.25f, 0.0f) == 1.0f);
}

TEST_CASE("tld4: the four texels' channel in the PTX ISA's order", "[texture][tld4]")
{
  Resource r(P2M_TEX_KIND_2D, 2, 2, 1, 0, 2, 32, 2);
  // Channel 1 (g) of each texel: 10 * (y * 2 + x) + 1.
  for (unsigned y = 0; y < 2; ++y)
    for (unsigned x = 0; x < 2; ++x) {
      float g = float(10 * (y * 2 + x) + 1);
      std::memcpy(r.texel(x, y) + 4, &g, 4);
    }
  auto at = [&](unsigned which) { return floatOf(tld4(r.handle(), G2D, bitsOf(1.0f), bitsOf(1.0f), 1, which, RF32)); };
  // Footprint i = j = 0: d.x = T[0,1], d.y = T[1,1], d.z = T[1,0], d.w = T[0,0].
  CHECK(at(0) == 21.0f);
  CHECK(at(1) == 31.0f);
  CHECK(at(2) == 11.0f);
  CHECK(at(3) == 1.0f);
  // A channel the format lacks reads 0.
  CHECK(tld4(r.handle(), G2D, bitsOf(1.0f), bitsOf(1.0f), 3, 0, RF32) == 0u);
}

TEST_CASE("txq and istypep", "[texture][query]")
{
  Resource r(P2M_TEX_KIND_2D_LAYERED, 16, 8, 1, 3, 1, 32, 2);
  r.set(P2M_TEX_MIP_LEVELS, 4);
  CHECK(txq(r.handle(), 0, 0) == 16u);
  CHECK(txq(r.handle(), 1, 0) == 8u);
  CHECK(txq(r.handle(), 0, 2) == 4u);
  CHECK(txq(r.handle(), 1, 5) == 1u);
  CHECK(txq(r.handle(), 4, 0) == 3u);
  CHECK(txq(r.handle(), 5, 0) == 4u);
  CHECK(istypep(r.handle(), P2M_TEX_FLAG_TEXTURE));
  CHECK(!istypep(r.handle(), P2M_TEX_FLAG_SURFACE));
  CHECK(!istypep(0, P2M_TEX_FLAG_TEXTURE));
}

TEST_CASE("surfaces: byte-addressed x, out-of-range modes", "[surface]")
{
  // A 4x2 surface of 4-byte texels (row pitch 16 bytes).
  Resource s(P2M_TEX_KIND_2D, 4, 2, 1, 0, 1, 32, 1);
  s.set(P2M_TEX_FLAGS, P2M_TEX_FLAG_SURFACE);
  for (unsigned y = 0; y < 2; ++y)
    for (unsigned x = 0; x < 4; ++x) {
      std::uint32_t v = 100 * y + x;
      std::memcpy(s.texel(x, y), &v, 4);
    }
  bool trapped = false;
  CHECK(suld(s.handle(), G2D, 8, 1, 0, 4, 1, 0, SU_TRAP, trapped) == 102u);
  CHECK(!trapped);
  // .v2 reads two elements from x.
  CHECK(suld(s.handle(), G2D, 4, 0, 0, 4, 2, 1, SU_TRAP, trapped) == 2u);
  // A byte read inside a texel.
  CHECK(suld(s.handle(), G2D, 4, 1, 0, 1, 1, 0, SU_TRAP, trapped) == 101u);
  // Out of range: .zero reads 0, .clamp the nearest element, .trap traps.
  CHECK(suld(s.handle(), G2D, 16, 0, 0, 4, 1, 0, SU_ZERO, trapped) == 0u);
  CHECK(!trapped);
  CHECK(suld(s.handle(), G2D, 16, 5, 0, 4, 1, 0, SU_CLAMP, trapped) == 103u);
  CHECK(suld(s.handle(), G2D, -4, 0, 0, 4, 1, 0, SU_CLAMP, trapped) == 0u);
  CHECK(suld(s.handle(), G2D, 1000, 0, 0, 4, 1, 0, SU_CLAMP, trapped) == 3u); // x clamped in texels
  CHECK(suld(s.handle(), G2D, 16, 0, 0, 4, 1, 0, SU_TRAP, trapped) == 0u);
  CHECK(trapped);
  CHECK(lastSurfaceStatus() == (P2M_STATUS_TRAP | P2M_STATUS_ILLEGAL_ADDRESS));
  // x not a multiple of the texel size: CUDA_ERROR_MISALIGNED_ADDRESS, in .zero mode too.
  CHECK(suld(s.handle(), G2D, 2, 0, 0, 4, 1, 0, SU_ZERO, trapped) == 0u);
  CHECK(trapped);
  CHECK(lastSurfaceStatus() == (P2M_STATUS_TRAP | P2M_STATUS_MISALIGNED_ADDRESS));
  // The check the lowering makes before a .trap access (the trap then sets the trap bit).
  CHECK(suInRange(s.handle(), G2D, 12, 1, 0, 4));
  CHECK(lastSurfaceStatus() == 0u);
  CHECK(!suInRange(s.handle(), G2D, 16, 1, 0, 4));
  CHECK(lastSurfaceStatus() == P2M_STATUS_ILLEGAL_ADDRESS);
  CHECK(!suInRange(s.handle(), G2D, 0, 2, 0, 4));
  CHECK(!suInRange(s.handle(), G2D, 14, 1, 0, 4));
  CHECK(lastSurfaceStatus() == P2M_STATUS_MISALIGNED_ADDRESS);
  CHECK(suInRange(s.handle(), G2D, 8, 0, 0, 8)); // a .v2 at the last two texels
  // Stores: in range, .zero drops, .clamp stores at the nearest element, .trap traps.
  const std::uint32_t v[4] = {7, 8, 0, 0};
  sust(s.handle(), G2D, 0, 1, 0, 4, 2, SU_TRAP, v, trapped);
  CHECK(!trapped);
  CHECK(suld(s.handle(), G2D, 4, 1, 0, 4, 1, 0, SU_TRAP, trapped) == 8u);
  sust(s.handle(), G2D, 64, 0, 0, 4, 1, SU_ZERO, v, trapped);
  CHECK(suld(s.handle(), G2D, 12, 0, 0, 4, 1, 0, SU_TRAP, trapped) == 3u);
  sust(s.handle(), G2D, 64, 0, 0, 4, 1, SU_CLAMP, v, trapped);
  CHECK(suld(s.handle(), G2D, 12, 0, 0, 4, 1, 0, SU_TRAP, trapped) == 7u);
  sust(s.handle(), G2D, 0, 2, 0, 4, 1, SU_TRAP, v, trapped);
  CHECK(trapped);
  // Reductions.
  sured(s.handle(), G2D, 0, 0, SU_TRAP, 0, false, 5, trapped);
  CHECK(suld(s.handle(), G2D, 0, 0, 0, 4, 1, 0, SU_TRAP, trapped) == 5u);
  sured(s.handle(), G2D, 0, 0, SU_TRAP, 1, true, 0xFFFFFFFFu, trapped); // signed min with -1
  CHECK(suld(s.handle(), G2D, 0, 0, 0, 4, 1, 0, SU_TRAP, trapped) == 0xFFFFFFFFu);
  sured(s.handle(), G2D, 0, 0, SU_TRAP, 4, false, 0x10u, trapped);
  CHECK(suld(s.handle(), G2D, 0, 0, 0, 4, 1, 0, SU_TRAP, trapped) == 0xFFFFFFFFu);
  // 1D layered: {layer, x}.
  Resource a(P2M_TEX_KIND_1D_LAYERED, 2, 1, 1, 2, 1, 32, 1);
  const std::uint32_t w = 77;
  std::memcpy(a.texel(1, 0, 1), &w, 4);
  CHECK(suld(a.handle(), GA1D, 1, 4, 0, 4, 1, 0, SU_TRAP, trapped) == 77u);
  CHECK(suInRange(a.handle(), GA1D, 1, 4, 0, 4));
  CHECK(!suInRange(a.handle(), GA1D, 2, 4, 0, 4));
  CHECK(!trapped);
  suld(a.handle(), GA1D, 2, 4, 0, 4, 1, 0, SU_TRAP, trapped); // layer 2 of 2
  CHECK(trapped);
}

} // namespace p2m::msltex::test
