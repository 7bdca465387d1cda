// texture_ops.h as the host backend compiles generated MSL (C++17, host metal_stdlib, abi.h first).
#include <metal_stdlib>
using namespace metal;
#include "abi.h"
#include "texture_ops.h"

#include "Kernels.h"

namespace p2m::msltex {
namespace {

// A context whose module words hold the status word's address (what p2m_trap sets).
struct Context {
  ulong words[P2M_MODULE_WORDS] = {};
  uint status = 0;
  p2m_ctx ctx = {};
  Context()
  {
    words[P2M_MODULE_STATUS] = reinterpret_cast<ulong>(&status);
    ctx.module = (constant uchar *)(reinterpret_cast<ulong>(words));
  }
  bool trapped() const { return (status & P2M_STATUS_TRAP) != 0u; }
  ~Context() { lastStatus = status; }
  static inline uint lastStatus = 0;
};

} // namespace

std::uint32_t lastSurfaceStatus() { return Context::lastStatus; }

std::uint32_t tex(std::uint64_t h, unsigned geom, bool floatCoords, std::uint32_t a0, std::uint32_t a1,
                  std::uint32_t a2, std::uint32_t a3, bool withLod, float lod, unsigned c, unsigned rtype)
{
  return p2m_tex(h, geom, floatCoords ? 1u : 0u, a0, a1, a2, a3, withLod ? 1u : 0u, lod, c, rtype);
}

float gradLod(std::uint64_t h, unsigned geom, float dx0, float dx1, float dy0, float dy1)
{
  return p2m_tex_grad_lod(h, geom, as_type<uint>(dx0), as_type<uint>(dx1), 0u, as_type<uint>(dy0),
                          as_type<uint>(dy1), 0u);
}

std::uint32_t tld4(std::uint64_t h, unsigned geom, std::uint32_t a0, std::uint32_t a1, unsigned comp, unsigned which,
                   unsigned rtype)
{
  return p2m_tld4(h, geom, 1u, a0, a1, 0u, 0u, comp, which, rtype);
}

std::uint32_t txq(std::uint64_t h, unsigned query, unsigned lod) { return p2m_txq(h, query, lod); }

bool istypep(std::uint64_t h, unsigned flag) { return p2m_istypep(h, flag); }

long linearTap(float x, unsigned &weight)
{
  uint w = 0u;
  long i = p2m_tex_linear_index(p2m_tex_fixed(x, 1, 1u, false), w);
  weight = w;
  return i;
}

std::uint32_t ratioF32(bool negative, std::uint64_t num, std::uint64_t den) { return p2m_tex_ratio_f32(negative, num, den); }

void weights3d(unsigned wx, unsigned wy, unsigned wz, unsigned *w)
{
  uint v[8];
  p2m_tex_weights_3d(wx, wy, wz, v);
  for (unsigned k = 0; k < 8; ++k)
    w[k] = v[k];
}

void weights2d(unsigned wx, unsigned wy, unsigned *w)
{
  uint v[4];
  p2m_tex_weights_2d(wx, wy, v);
  for (unsigned k = 0; k < 4; ++k)
    w[k] = v[k];
}

std::uint32_t weightedSum(const unsigned *w, const std::uint32_t *texels, unsigned count, bool halfTexels)
{
  uint v[8], t[8];
  for (unsigned k = 0; k < count; ++k) {
    v[k] = w[k];
    t[k] = texels[k];
  }
  return p2m_tex_weighted_sum(t, v, count, halfTexels);
}

std::uint32_t suld(std::uint64_t h, unsigned geom, int x, int y, int z, unsigned bytes, unsigned count, unsigned elem,
                   unsigned mode, bool &trapped)
{
  Context c;
  uint r = p2m_suld_b(c.ctx, h, geom, as_type<uint>(x), as_type<uint>(y), as_type<uint>(z), bytes, count, elem, mode);
  trapped = c.trapped();
  return r;
}

void sust(std::uint64_t h, unsigned geom, int x, int y, int z, unsigned bytes, unsigned count, unsigned mode,
          const std::uint32_t *v, bool &trapped)
{
  Context c;
  p2m_sust_b(c.ctx, h, geom, as_type<uint>(x), as_type<uint>(y), as_type<uint>(z), bytes, count, mode, v[0], v[1],
             v[2], v[3]);
  trapped = c.trapped();
}

bool suInRange(std::uint64_t h, unsigned geom, int x, int y, int z, unsigned bytes)
{
  Context c;
  return p2m_su_in_range(c.ctx, h, geom, as_type<uint>(x), as_type<uint>(y), as_type<uint>(z), bytes);
}

void sured(std::uint64_t h, unsigned geom, int x, int y, unsigned mode, unsigned op, bool isSigned, std::uint32_t v,
           bool &trapped)
{
  Context c;
  p2m_sured_b32(c.ctx, h, geom, as_type<uint>(x), as_type<uint>(y), 0u, mode, op, isSigned ? 1u : 0u, v);
  trapped = c.trapped();
}

} // namespace p2m::msltex
