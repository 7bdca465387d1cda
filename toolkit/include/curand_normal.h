// Normal distributions of the cuRAND device API: the Box-Muller transform, as cuRAND computes
// it. Single-value calls return one result of a pair and keep the other in the state.
//
// The bits depend on the device math library: floats on logf, sqrtf and __sincosf, doubles on
// log, sqrt and sincospi (on the host, cuRAND's own host path: sinf/cosf and sin/cos of v*pi).
// The inputs to those functions are exact; where cuRAND's expression is a multiply-add, nvcc
// contracts it to a fused multiply-add, so it is written as fmaf here.
#if !defined(CURAND_NORMAL_H_)
#define CURAND_NORMAL_H_

#include "curand_globals.h"

QUALIFIERS void __curand_sincosf(float v, float *s, float *c) {
#if defined(__CUDA_ARCH__)
  __sincosf(v, s, c);
#else
  *s = sinf(v);
  *c = cosf(v);
#endif
}

QUALIFIERS void __curand_sincospi(double v, double *s, double *c) {
#if defined(__CUDA_ARCH__)
  sincospi(v, s, c);
#else
  *s = sin(v * CURAND_PI_DOUBLE);
  *c = cos(v * CURAND_PI_DOUBLE);
#endif
}

QUALIFIERS float2 _curand_box_muller(unsigned int x, unsigned int y) {
  float u = x * CURAND_2POW32_INV + (CURAND_2POW32_INV / 2);
  float v = fmaf((float)y, CURAND_2POW32_INV_2PI, CURAND_2POW32_INV_2PI / 2);
  float s = sqrtf(-2.0f * logf(u));
  float2 r;
  __curand_sincosf(v, &r.x, &r.y);
  r.x *= s;
  r.y *= s;
  return r;
}

QUALIFIERS float2 curand_box_muller_mrg(curandStateMRG32k3a_t *state) {
  float x = curand_uniform(state);
  float y = curand_uniform(state) * CURAND_2PI;
  float s = sqrtf(-2.0f * logf(x));
  float2 r;
  __curand_sincosf(y, &r.x, &r.y);
  r.x *= s;
  r.y *= s;
  return r;
}

QUALIFIERS double2 _curand_box_muller_double(unsigned int x0, unsigned int x1, unsigned int y0,
                                             unsigned int y1) {
  unsigned long long zx = (unsigned long long)x0 ^ ((unsigned long long)x1 << (53 - 32));
  double u = zx * CURAND_2POW53_INV_DOUBLE + (CURAND_2POW53_INV_DOUBLE / 2.0);
  unsigned long long zy = (unsigned long long)y0 ^ ((unsigned long long)y1 << (53 - 32));
  double v = zy * (CURAND_2POW53_INV_DOUBLE * 2.0) + CURAND_2POW53_INV_DOUBLE;
  double s = sqrt(-2.0 * log(u));
  double2 r;
  __curand_sincospi(v, &r.x, &r.y);
  r.x *= s;
  r.y *= s;
  return r;
}

QUALIFIERS double2 curand_box_muller_mrg_double(curandStateMRG32k3a_t *state) {
  double x = curand_uniform_double(state);
  double y = curand_uniform_double(state) * 2.0;
  double s = sqrt(-2.0 * log(x));
  double2 r;
  __curand_sincospi(y, &r.x, &r.y);
  r.x *= s;
  r.y *= s;
  return r;
}

template <typename R> QUALIFIERS float2 curand_box_muller(R *state) {
  unsigned int x = curand(state);
  unsigned int y = curand(state);
  return _curand_box_muller(x, y);
}

template <typename R> QUALIFIERS float4 curand_box_muller4(R *state) {
  uint4 x = curand4(state);
  float2 a = _curand_box_muller(x.x, x.y);
  float2 b = _curand_box_muller(x.z, x.w);
  float4 r;
  r.x = a.x;
  r.y = a.y;
  r.z = b.x;
  r.w = b.y;
  return r;
}

template <typename R> QUALIFIERS double2 curand_box_muller_double(R *state) {
  unsigned int x0 = curand(state);
  unsigned int x1 = curand(state);
  unsigned int y0 = curand(state);
  unsigned int y1 = curand(state);
  return _curand_box_muller_double(x0, x1, y0, y1);
}

template <typename R> QUALIFIERS double2 curand_box_muller2_double(R *state) {
  uint4 x = curand4(state);
  return _curand_box_muller_double(x.x, x.y, x.z, x.w);
}

template <typename R> QUALIFIERS double4 curand_box_muller4_double(R *state) {
  uint4 x = curand4(state);
  uint4 y = curand4(state);
  double2 a = _curand_box_muller_double(x.x, x.y, x.z, x.w);
  double2 b = _curand_box_muller_double(y.x, y.y, y.z, y.w);
  double4 r;
  r.x = a.x;
  r.y = a.y;
  r.z = b.x;
  r.w = b.y;
  return r;
}

// The pair each generator's single-value calls draw from (XORWOW and Philox: two 32-bit
// outputs, or four for doubles; MRG32k3a: two uniforms).
QUALIFIERS float2 __curand_normal_pair(curandStateXORWOW_t *state) { return curand_box_muller(state); }
QUALIFIERS float2 __curand_normal_pair(curandStatePhilox4_32_10_t *state) {
  return curand_box_muller(state);
}
QUALIFIERS float2 __curand_normal_pair(curandStateMRG32k3a_t *state) {
  return curand_box_muller_mrg(state);
}
QUALIFIERS double2 __curand_normal_double_pair(curandStateXORWOW_t *state) {
  return curand_box_muller_double(state);
}
// Philox makes a double pair from one curand4.
QUALIFIERS double2 __curand_normal_double_pair(curandStatePhilox4_32_10_t *state) {
  return curand_box_muller2_double(state);
}
QUALIFIERS double2 __curand_normal_double_pair(curandStateMRG32k3a_t *state) {
  return curand_box_muller_mrg_double(state);
}

// One value of a cached pair: the first call computes both and returns .x, the next returns .y.
template <typename State> QUALIFIERS float __curand_normal_cached(State *state) {
  if (state->boxmuller_flag != EXTRA_FLAG_NORMAL) {
    float2 v = __curand_normal_pair(state);
    state->boxmuller_extra = v.y;
    state->boxmuller_flag = EXTRA_FLAG_NORMAL;
    return v.x;
  }
  state->boxmuller_flag = 0;
  return state->boxmuller_extra;
}

template <typename State> QUALIFIERS double __curand_normal_double_cached(State *state) {
  if (state->boxmuller_flag_double != EXTRA_FLAG_NORMAL) {
    double2 v = __curand_normal_double_pair(state);
    state->boxmuller_extra_double = v.y;
    state->boxmuller_flag_double = EXTRA_FLAG_NORMAL;
    return v.x;
  }
  state->boxmuller_flag_double = 0;
  return state->boxmuller_extra_double;
}

QUALIFIERS float curand_normal(curandStateXORWOW_t *state) {
  return __curand_normal_cached(state);
}

QUALIFIERS float curand_normal(curandStatePhilox4_32_10_t *state) {
  return __curand_normal_cached(state);
}

QUALIFIERS float curand_normal(curandStateMRG32k3a_t *state) {
  return __curand_normal_cached(state);
}

QUALIFIERS float2 curand_normal2(curandStateXORWOW_t *state) { return curand_box_muller(state); }

QUALIFIERS float2 curand_normal2(curandStatePhilox4_32_10_t *state) { return curand_box_muller(state); }

QUALIFIERS float4 curand_normal4(curandStatePhilox4_32_10_t *state) { return curand_box_muller4(state); }

QUALIFIERS float2 curand_normal2(curandStateMRG32k3a_t *state) { return curand_box_muller_mrg(state); }

QUALIFIERS double curand_normal_double(curandStateXORWOW_t *state) {
  return __curand_normal_double_cached(state);
}

QUALIFIERS double curand_normal_double(curandStatePhilox4_32_10_t *state) {
  return __curand_normal_double_cached(state);
}

QUALIFIERS double curand_normal_double(curandStateMRG32k3a_t *state) {
  return __curand_normal_double_cached(state);
}

QUALIFIERS double2 curand_normal2_double(curandStateXORWOW_t *state) {
  return curand_box_muller_double(state);
}

QUALIFIERS double2 curand_normal2_double(curandStatePhilox4_32_10_t *state) {
  return curand_box_muller2_double(state);
}

QUALIFIERS double4 curand_normal4_double(curandStatePhilox4_32_10_t *state) {
  return curand_box_muller4_double(state);
}

QUALIFIERS double2 curand_normal2_double(curandStateMRG32k3a_t *state) {
  return curand_box_muller_mrg_double(state);
}

#endif // !defined(CURAND_NORMAL_H_)
