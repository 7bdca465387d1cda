// Uniform distributions of the cuRAND device API. A 32-bit output x maps to
// x * 2^-32 + 2^-33 in (0, 1] (floats) and two outputs make a 53-bit double; the products are
// exact, so these bits do not depend on contraction or the math library.
#if !defined(CURAND_UNIFORM_H_)
#define CURAND_UNIFORM_H_

#include "curand_globals.h"

QUALIFIERS float _curand_uniform(unsigned int x) {
  return x * CURAND_2POW32_INV + (CURAND_2POW32_INV / 2.0f);
}

QUALIFIERS float4 _curand_uniform4(uint4 x) {
  float4 y;
  y.x = _curand_uniform(x.x);
  y.y = _curand_uniform(x.y);
  y.z = _curand_uniform(x.z);
  y.w = _curand_uniform(x.w);
  return y;
}

QUALIFIERS float _curand_uniform(unsigned long long x) {
  return _curand_uniform((unsigned int)(x >> 32));
}

QUALIFIERS double _curand_uniform_double(unsigned int x) {
  return x * CURAND_2POW32_INV_DOUBLE + CURAND_2POW32_INV_DOUBLE;
}

QUALIFIERS double _curand_uniform_double(unsigned long long x) {
  return (x >> 11) * CURAND_2POW53_INV_DOUBLE + (CURAND_2POW53_INV_DOUBLE / 2.0);
}

// 53 bits from two outputs: x in the low bits, y shifted up by 21 (overlapping x's top 11).
QUALIFIERS double _curand_uniform_double_hq(unsigned int x, unsigned int y) {
  unsigned long long z = (unsigned long long)x ^ ((unsigned long long)y << (53 - 32));
  return z * CURAND_2POW53_INV_DOUBLE + (CURAND_2POW53_INV_DOUBLE / 2.0);
}

QUALIFIERS float curand_uniform(curandStateXORWOW_t *state) { return _curand_uniform(curand(state)); }

QUALIFIERS double curand_uniform_double(curandStateXORWOW_t *state) {
  unsigned int x = curand(state);
  unsigned int y = curand(state);
  return _curand_uniform_double_hq(x, y);
}

QUALIFIERS float curand_uniform(curandStateMRG32k3a_t *state) {
  return (float)(curand_MRG32k3a(state) * MRG32K3A_NORM);
}

QUALIFIERS double curand_uniform_double(curandStateMRG32k3a_t *state) {
  return curand_MRG32k3a(state) * MRG32K3A_NORM;
}

QUALIFIERS float curand_uniform(curandStatePhilox4_32_10_t *state) {
  return _curand_uniform(curand(state));
}

QUALIFIERS float4 curand_uniform4(curandStatePhilox4_32_10_t *state) {
  return _curand_uniform4(curand4(state));
}

// One 32-bit output per double, as cuRAND does for Philox.
QUALIFIERS double curand_uniform_double(curandStatePhilox4_32_10_t *state) {
  return _curand_uniform_double(curand(state));
}

QUALIFIERS double2 curand_uniform2_double(curandStatePhilox4_32_10_t *state) {
  uint4 x = curand4(state);
  double2 r;
  r.x = _curand_uniform_double_hq(x.x, x.y);
  r.y = _curand_uniform_double_hq(x.z, x.w);
  return r;
}

QUALIFIERS double4 curand_uniform4_double(curandStatePhilox4_32_10_t *state) {
  uint4 x = curand4(state);
  uint4 y = curand4(state);
  double4 r;
  r.x = _curand_uniform_double_hq(x.x, x.y);
  r.y = _curand_uniform_double_hq(x.z, x.w);
  r.z = _curand_uniform_double_hq(y.x, y.y);
  r.w = _curand_uniform_double_hq(y.z, y.w);
  return r;
}

#endif // !defined(CURAND_UNIFORM_H_)
