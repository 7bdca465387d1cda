// Log-normal distributions of the cuRAND device API: exp(mean + stddev * n) of the Box-Muller
// normals, with the same caching of the second value. The multiply-add is fused, as nvcc
// contracts it; the bits depend on the device math library (see curand_normal.h, plus expf /
// exp).
#if !defined(CURAND_LOGNORMAL_H_)
#define CURAND_LOGNORMAL_H_

#include "curand_normal.h"

template <typename State>
QUALIFIERS float __curand_log_normal_cached(State *state, float mean, float stddev) {
  if (state->boxmuller_flag != EXTRA_FLAG_LOG_NORMAL) {
    float2 v = __curand_normal_pair(state);
    state->boxmuller_extra = expf(fmaf(stddev, v.y, mean));
    state->boxmuller_flag = EXTRA_FLAG_LOG_NORMAL;
    return expf(fmaf(stddev, v.x, mean));
  }
  state->boxmuller_flag = 0;
  return state->boxmuller_extra;
}

template <typename State>
QUALIFIERS double __curand_log_normal_double_cached(State *state, double mean, double stddev) {
  if (state->boxmuller_flag_double != EXTRA_FLAG_LOG_NORMAL) {
    double2 v = __curand_normal_double_pair(state);
    state->boxmuller_extra_double = exp(fma(stddev, v.y, mean));
    state->boxmuller_flag_double = EXTRA_FLAG_LOG_NORMAL;
    return exp(fma(stddev, v.x, mean));
  }
  state->boxmuller_flag_double = 0;
  return state->boxmuller_extra_double;
}

QUALIFIERS float2 __curand_log_normal_pair(float2 v, float mean, float stddev) {
  v.x = expf(fmaf(stddev, v.x, mean));
  v.y = expf(fmaf(stddev, v.y, mean));
  return v;
}

QUALIFIERS double2 __curand_log_normal_pair(double2 v, double mean, double stddev) {
  v.x = exp(fma(stddev, v.x, mean));
  v.y = exp(fma(stddev, v.y, mean));
  return v;
}

QUALIFIERS float curand_log_normal(curandStateXORWOW_t *state, float mean, float stddev) {
  return __curand_log_normal_cached(state, mean, stddev);
}

QUALIFIERS float curand_log_normal(curandStatePhilox4_32_10_t *state, float mean, float stddev) {
  return __curand_log_normal_cached(state, mean, stddev);
}

QUALIFIERS float curand_log_normal(curandStateMRG32k3a_t *state, float mean, float stddev) {
  return __curand_log_normal_cached(state, mean, stddev);
}

QUALIFIERS float2 curand_log_normal2(curandStateXORWOW_t *state, float mean, float stddev) {
  return __curand_log_normal_pair(curand_box_muller(state), mean, stddev);
}

QUALIFIERS float2 curand_log_normal2(curandStatePhilox4_32_10_t *state, float mean, float stddev) {
  return __curand_log_normal_pair(curand_box_muller(state), mean, stddev);
}

QUALIFIERS float2 curand_log_normal2(curandStateMRG32k3a_t *state, float mean, float stddev) {
  return __curand_log_normal_pair(curand_box_muller_mrg(state), mean, stddev);
}

QUALIFIERS float4 curand_log_normal4(curandStatePhilox4_32_10_t *state, float mean, float stddev) {
  float4 v = curand_box_muller4(state);
  v.x = expf(fmaf(stddev, v.x, mean));
  v.y = expf(fmaf(stddev, v.y, mean));
  v.z = expf(fmaf(stddev, v.z, mean));
  v.w = expf(fmaf(stddev, v.w, mean));
  return v;
}

QUALIFIERS double curand_log_normal_double(curandStateXORWOW_t *state, double mean, double stddev) {
  return __curand_log_normal_double_cached(state, mean, stddev);
}

QUALIFIERS double curand_log_normal_double(curandStatePhilox4_32_10_t *state, double mean,
                                           double stddev) {
  return __curand_log_normal_double_cached(state, mean, stddev);
}

QUALIFIERS double curand_log_normal_double(curandStateMRG32k3a_t *state, double mean, double stddev) {
  return __curand_log_normal_double_cached(state, mean, stddev);
}

QUALIFIERS double2 curand_log_normal2_double(curandStateXORWOW_t *state, double mean, double stddev) {
  return __curand_log_normal_pair(curand_box_muller_double(state), mean, stddev);
}

QUALIFIERS double2 curand_log_normal2_double(curandStatePhilox4_32_10_t *state, double mean,
                                             double stddev) {
  return __curand_log_normal_pair(curand_box_muller2_double(state), mean, stddev);
}

QUALIFIERS double2 curand_log_normal2_double(curandStateMRG32k3a_t *state, double mean,
                                             double stddev) {
  return __curand_log_normal_pair(curand_box_muller_mrg_double(state), mean, stddev);
}

QUALIFIERS double4 curand_log_normal4_double(curandStatePhilox4_32_10_t *state, double mean,
                                             double stddev) {
  double4 v = curand_box_muller4_double(state);
  v.x = exp(fma(stddev, v.x, mean));
  v.y = exp(fma(stddev, v.y, mean));
  v.z = exp(fma(stddev, v.z, mean));
  v.w = exp(fma(stddev, v.w, mean));
  return v;
}

#endif // !defined(CURAND_LOGNORMAL_H_)
