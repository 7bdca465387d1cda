// The Poisson distribution of the cuRAND device API, by cuRAND's three regimes:
//   lambda < 64:          Knuth's multiplication method on float uniforms (Knuth, TAOCP vol. 2,
//                         3.4.1), starting from expf(lambda);
//   64 <= lambda <= 4000: rejection from an approximation of the regularized incomplete gamma
//                         function and its inverse, with Stirling's series (Hart et al.,
//                         "Computer Approximations", 1968, approximation 5404) for
//                         lgamma of integers above 8;
//   lambda > 4000:        the normal approximation sqrt(lambda) n + lambda, rounded.
// The counts depend on the device math library (expf, sqrt, log) and, in the middle regime, on
// the hardware's approximate reciprocal, reciprocal square root, exp2 and log2 (PTX .approx
// instructions, which cuRAND uses there); on the host cuRAND's host path is followed.
#if !defined(CURAND_POISSON_H_)
#define CURAND_POISSON_H_

#include "curand_normal.h"

QUALIFIERS float __cr_rsqrt(float a) {
#if defined(__CUDA_ARCH__)
  asm("rsqrt.approx.f32.ftz %0, %1;" : "=f"(a) : "f"(a));
#else
  a = 1.0f / sqrtf(a);
#endif
  return a;
}

QUALIFIERS float __cr_exp(float a) {
#if defined(__CUDA_ARCH__)
  a = (float)(a * 1.4426950408889634074); // log2(e), the product taken in double
  asm("ex2.approx.f32.ftz %0, %1;" : "=f"(a) : "f"(a));
#else
  a = expf(a);
#endif
  return a;
}

QUALIFIERS float __cr_log(float a) {
#if defined(__CUDA_ARCH__)
  asm("lg2.approx.f32.ftz %0, %1;" : "=f"(a) : "f"(a));
  a = (float)(a * 0.69314718055994530942); // ln(2), the product taken in double
#else
  a = logf(a);
#endif
  return a;
}

QUALIFIERS float __cr_rcp(float a) {
#if defined(__CUDA_ARCH__)
  asm("rcp.approx.f32.ftz %0, %1;" : "=f"(a) : "f"(a));
#else
  a = 1.0f / a;
#endif
  return a;
}

// The parametrization of P(a, x) = gammainc(a, x) / gamma(a) that cuRAND's rejection uses:
// 1 / (1 + exp(alpha (a - x) - beta))^2 with alpha, beta rational in 1/sqrt(a - const).
#define __CURAND_GAMMAINC_MA1 1.43248035075540910f
#define __CURAND_GAMMAINC_MA2 0.12400979329415655f
#define __CURAND_GAMMAINC_MA3 0.00025361074907033f
#define __CURAND_GAMMAINC_MB1 0.21096734870196546f
#define __CURAND_GAMMAINC_MB2 1.97381164089999420f
#define __CURAND_GAMMAINC_MB3 0.94201734077887530f

QUALIFIERS float __cr_pgammainc(float a, float x) {
  float alpha = fmaf(__CURAND_GAMMAINC_MA1, __cr_rsqrt(a - __CURAND_GAMMAINC_MA2), __CURAND_GAMMAINC_MA3);
  float beta = fmaf(__CURAND_GAMMAINC_MB1, __cr_rsqrt(a - __CURAND_GAMMAINC_MB2), __CURAND_GAMMAINC_MB3);
  float t = fmaf(alpha, a - x, -beta);
  t = 1.0f + __cr_exp(t);
  t = t * t;
  return __cr_rcp(t);
}

QUALIFIERS float __cr_pgammaincinv(float a, float y) {
  float alpha = fmaf(__CURAND_GAMMAINC_MA1, __cr_rsqrt(a - __CURAND_GAMMAINC_MA2), __CURAND_GAMMAINC_MA3);
  float beta = fmaf(__CURAND_GAMMAINC_MB1, __cr_rsqrt(a - __CURAND_GAMMAINC_MB2), __CURAND_GAMMAINC_MB3);
  float t = __cr_rsqrt(y) - 1.0f;
  t = __cr_log(t);
  t = beta + t;
  return fmaf(-t, __cr_rcp(alpha), a);
}

// lgamma(a) for integers a >= 1: ln((a-1)!) rounded to double up to 8, Stirling's series above.
QUALIFIERS double __cr_lgamma_integer(int a) {
  double fa = fabs((float)a);
  if (a > 8) {
    double s = 1.0 / fa;
    double t = s * s;
    double sum = -0.1633436431e-2;
    sum = fma(sum, t, 0.83645878922e-3);
    sum = fma(sum, t, -0.5951896861197e-3);
    sum = fma(sum, t, 0.793650576493454e-3);
    sum = fma(sum, t, -0.277777777735865004e-2);
    sum = fma(sum, t, 0.833333333333331018375e-1);
    sum = fma(sum, s, 0.918938533204672); // ln(2 pi) / 2
    s = 0.5 * log(fa);
    t = fa - 0.5;
    s = s * t;
    t = s - fa;
    s = s + sum;
    return t + s;
  }
  switch ((int)fa) {
  case 1:
  case 2:
    return 0.0;
  case 3:
    return 6.931471805599453094e-1; // ln 2
  case 4:
    return 1.791759469228055001e0; // ln 6
  case 5:
    return 3.178053830347945620e0; // ln 24
  case 6:
    return 4.787491742782045994e0; // ln 120
  case 7:
    return 6.579251212010100995e0; // ln 720
  case 8:
    return 8.525161361065414300e0; // ln 5040
  default:
    return 1.060460290274525023e1; // ln 40320, as cuRAND's host path answers
  }
}

template <typename T> QUALIFIERS unsigned int curand_poisson_knuth(T *state, float lambda) {
  unsigned int k = 0;
  float p = expf(lambda);
  do {
    k++;
    p *= curand_uniform(state);
  } while (p > 1.0);
  return k - 1;
}

template <typename T> QUALIFIERS unsigned int curand_poisson_gammainc(T state, float lambda) {
  float logl = __cr_log(lambda);
  float x;
  while (true) {
    float y = curand_uniform(state);
    x = floorf(__cr_pgammaincinv(lambda, y));
    float z = curand_uniform(state);
    float v = (__cr_pgammainc(lambda, x + 1.0f) - __cr_pgammainc(lambda, x)) * 1.3f;
    z = z * v;
    float t = __cr_exp(fmaf(x, logl, -lambda) - (float)__cr_lgamma_integer((int)(1.0f + x)));
    if ((z < t) && (v >= 1e-20))
      break;
  }
  return (unsigned int)x;
}

// The normal approximation, rounded to nearest; nvcc fuses sqrt(lambda) * n + lambda.
QUALIFIERS unsigned int __curand_poisson_from_normal(double lambda, double n) {
  return (unsigned int)(fma(sqrt(lambda), n, lambda) + 0.5);
}

template <typename State> QUALIFIERS unsigned int __curand_poisson(State *state, double lambda) {
  if (lambda < 64)
    return curand_poisson_knuth(state, (float)lambda);
  if (lambda > 4000)
    return __curand_poisson_from_normal(lambda, curand_normal_double(state));
  return curand_poisson_gammainc(state, (float)lambda);
}

QUALIFIERS unsigned int curand_poisson(curandStateXORWOW_t *state, double lambda) {
  return __curand_poisson(state, lambda);
}

QUALIFIERS unsigned int curand_poisson(curandStatePhilox4_32_10_t *state, double lambda) {
  return __curand_poisson(state, lambda);
}

QUALIFIERS unsigned int curand_poisson(curandStateMRG32k3a_t *state, double lambda) {
  return __curand_poisson(state, lambda);
}

#endif // !defined(CURAND_POISSON_H_)
