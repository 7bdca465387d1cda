// fp32 arithmetic with every rounding mode the CUDA intrinsics expose, saturation, min/max,
// copysign, the precise and the approximate transcendental functions, and fma.
#include "common.h"

// 24 results per element.
extern "C" __global__ void float_rounding(const float *a, const float *b, const float *c,
                                          float *out, int n) {
  unsigned i = p2m_gid();
  if (i >= (unsigned)n) return;
  float x = a[i], y = b[i], z = c[i];
  float *o = out + 24 * i;
  o[0] = x + y;
  o[1] = x - y;
  o[2] = x * y;
  o[3] = x / y;                      // div.rn.f32 (IEEE)
  o[4] = __fadd_rn(x, y);
  o[5] = __fadd_rz(x, y);
  o[6] = __fadd_ru(x, y);
  o[7] = __fadd_rd(x, y);
  o[8] = __fmul_rz(x, y);
  o[9] = __fmul_ru(x, y);
  o[10] = __fmul_rd(x, y);
  o[11] = __fdiv_rn(x, y);
  o[12] = __fdiv_rz(x, y);
  o[13] = __fdividef(x, y);          // div.approx
  o[14] = __frcp_rn(x);
  o[15] = __frcp_rz(x);
  o[16] = __fsqrt_rn(fabsf(x));
  o[17] = __fsqrt_rd(fabsf(x));
  o[18] = __fmaf_rn(x, y, z);
  o[19] = __fmaf_rz(x, y, z);
  o[20] = __fmaf_ru(x, y, z);
  o[21] = fmaf(x, y, z);
  o[22] = __fsub_ru(x, y);
  o[23] = __frsqrt_rn(fabsf(y));
}

extern "C" __global__ void float_misc(const float *a, const float *b, float *out, int n) {
  unsigned i = p2m_gid();
  if (i >= (unsigned)n) return;
  float x = a[i], y = b[i];
  float *o = out + 16 * i;
  o[0] = __saturatef(x);
  o[1] = fminf(x, y);
  o[2] = fmaxf(x, y);
  o[3] = copysignf(x, y);
  o[4] = fabsf(x);
  o[5] = -x;
  o[6] = floorf(x);
  o[7] = ceilf(x);
  o[8] = truncf(x);
  o[9] = rintf(x);
  o[10] = roundf(x);
  o[11] = fdimf(x, y);
  o[12] = fmodf(x, y);
  o[13] = (float)(x < y) + 2.0f * (float)(x != x) + 4.0f * (float)isinf(y);
  o[14] = x > y ? x : y * 0.5f;       // selp / setp
  o[15] = sqrtf(fabsf(x)) + rsqrtf(fabsf(y) + 1.0f);
}

// Precise libm-style functions (large inline expansions from libdevice) next to the fast
// hardware approximations (sin.approx, ex2.approx, lg2.approx, tanh.approx).
extern "C" __global__ void float_transcendental(const float *a, float *out, int n) {
  unsigned i = p2m_gid();
  if (i >= (unsigned)n) return;
  float x = a[i];
  float *o = out + 16 * i;
  o[0] = sinf(x);
  o[1] = cosf(x);
  o[2] = __sinf(x);
  o[3] = __cosf(x);
  o[4] = expf(x);
  o[5] = __expf(x);
  o[6] = logf(fabsf(x) + 1.0f);
  o[7] = __logf(fabsf(x) + 1.0f);
  o[8] = tanhf(x);
  o[9] = exp2f(x);
  o[10] = log2f(fabsf(x) + 1.0f);
  o[11] = __powf(fabsf(x) + 1.0f, 0.5f);
  o[12] = atan2f(x, 1.5f);
  o[13] = __tanf(x);
  o[14] = erff(x);
  o[15] = powf(fabsf(x), 1.25f);
}

// Flush-to-zero and saturating forms spelled directly in PTX.
extern "C" __global__ void float_ftz_asm(const float *a, const float *b, float *out, int n) {
  unsigned i = p2m_gid();
  if (i >= (unsigned)n) return;
  float x = a[i], y = b[i], r0, r1, r2, r3, r4;
  asm("add.ftz.f32 %0, %1, %2;" : "=f"(r0) : "f"(x), "f"(y));
  asm("mul.rn.sat.f32 %0, %1, %2;" : "=f"(r1) : "f"(x), "f"(y));
#if P2M_SM80
  asm("min.NaN.f32 %0, %1, %2;" : "=f"(r2) : "f"(x), "f"(y));   // sm_80+
#else
  asm("min.f32 %0, %1, %2;" : "=f"(r2) : "f"(x), "f"(y));
#endif
  asm("tanh.approx.f32 %0, %1;" : "=f"(r3) : "f"(x));
  asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(r4) : "f"(x));
  float *o = out + 5 * i;
  o[0] = r0; o[1] = r1; o[2] = r2; o[3] = r3; o[4] = r4;
}
