// emitters/msl/support/texture_ops.h compiled as the host backend compiles MSL (Kernels.cpp),
// behind plain C++ signatures for the tests. A handle is the address of a descriptor in host
// memory (the host backend's device addresses are host addresses).
#pragma once

#include <cstdint>

namespace p2m::msltex {

std::uint32_t tex(std::uint64_t h, unsigned geom, bool floatCoords, std::uint32_t a0, std::uint32_t a1,
                  std::uint32_t a2, std::uint32_t a3, bool withLod, float lod, unsigned c, unsigned rtype);
float gradLod(std::uint64_t h, unsigned geom, float dx0, float dx1, float dy0, float dy1);
std::uint32_t tld4(std::uint64_t h, unsigned geom, std::uint32_t a0, std::uint32_t a1, unsigned comp, unsigned which,
                   unsigned rtype);
std::uint32_t txq(std::uint64_t h, unsigned query, unsigned lod);
bool istypep(std::uint64_t h, unsigned flag);
// Linear filtering's first tap and the second tap's weight (0..256) for an unnormalized x.
long linearTap(float x, unsigned &weight);
// num / den as f32 bits, rounded to nearest, ties away.
std::uint32_t ratioF32(bool negative, std::uint64_t num, std::uint64_t den);
// The 3D corner weights, indexed x + 2y + 4z.
void weights3d(unsigned wx, unsigned wy, unsigned wz, unsigned *w);
// The 2D corner weights, indexed x + 2y.
void weights2d(unsigned wx, unsigned wy, unsigned *w);
// Linear filtering's sum of `count` (4 or 8) float texels (f32 bits) with corner weights `w`:
// the f32 result's bits (halfTexels: f16 texels, the sum rounded to f16).
std::uint32_t weightedSum(const unsigned *w, const std::uint32_t *texels, unsigned count, bool halfTexels);

// Surfaces; `trapped` says whether the access trapped (the module's status word).
std::uint32_t suld(std::uint64_t h, unsigned geom, int x, int y, int z, unsigned bytes, unsigned count, unsigned elem,
                   unsigned mode, bool &trapped);
void sust(std::uint64_t h, unsigned geom, int x, int y, int z, unsigned bytes, unsigned count, unsigned mode,
          const std::uint32_t *v, bool &trapped);
// The status word the last surface access left (P2M_STATUS_* bits).
std::uint32_t lastSurfaceStatus();
// .trap's check before an access: whether it is aligned and in range (else its status bit set).
bool suInRange(std::uint64_t h, unsigned geom, int x, int y, int z, unsigned bytes);
void sured(std::uint64_t h, unsigned geom, int x, int y, unsigned mode, unsigned op, bool isSigned, std::uint32_t v,
           bool &trapped);

} // namespace p2m::msltex
