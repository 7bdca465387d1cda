// f16 / f16x2 and bf16 / bf16x2 arithmetic through cuda_fp16.h and cuda_bf16.h: add, sub, mul,
// fma, div, neg, abs, min/max, comparisons, packed forms, conversions, and a dot product that
// accumulates in float.
#include "common.h"

// Scalar half. Results are stored as raw 16-bit patterns, 10 per element.
extern "C" __global__ void half_scalar(const __half *a, const __half *b, const __half *c,
                                       __half *out, int n) {
  unsigned i = p2m_gid();
  if (i >= (unsigned)n) return;
  __half x = a[i], y = b[i], z = c[i];
  __half *o = out + 10 * i;
  o[0] = __hadd(x, y);
  o[1] = __hsub(x, y);
  o[2] = __hmul(x, y);
  o[3] = __hfma(x, y, z);
  o[4] = __hdiv(x, y);
  o[5] = __hneg(x);
  o[6] = __habs(x);
  o[7] = __hmax(x, y);
  o[8] = __hmin(x, y);
  o[9] = __hlt(x, y) ? x : __hadd_sat(y, z);
}

// Packed half2: one 32-bit register holds two lanes.
extern "C" __global__ void half2_packed(const __half2 *a, const __half2 *b, __half2 *out, float *dot,
                                        int n) {
  unsigned i = p2m_gid();
  if (i >= (unsigned)n) return;
  __half2 x = a[i], y = b[i];
  __half2 *o = out + 6 * i;
  o[0] = __hadd2(x, y);
  o[1] = __hmul2(x, y);
  o[2] = __hfma2(x, y, x);
  o[3] = __hneg2(y);
  o[4] = __lowhigh2highlow(x);
  o[5] = __halves2half2(__low2half(x), __high2half(y));
  dot[i] = __low2float(x) * __low2float(y) + __high2float(x) * __high2float(y);
}

// bf16. sm_80 has native bf16 fma/min/max; sm_90 adds add/sub/mul; older targets get the
// float-based emulation from the headers. 8 raw results per element.
extern "C" __global__ void bf16_ops(const __nv_bfloat16 *a, const __nv_bfloat16 *b,
                                    const __nv_bfloat16 *c, __nv_bfloat16 *out, int n) {
  unsigned i = p2m_gid();
  if (i >= (unsigned)n) return;
  __nv_bfloat16 x = a[i], y = b[i], z = c[i];
  __nv_bfloat16 *o = out + 8 * i;
  o[0] = __hadd(x, y);
  o[1] = __hsub(x, y);
  o[2] = __hmul(x, y);
#if P2M_SM80
  o[3] = __hfma(x, y, z);
#else  // no bf16 fma before sm_80: float fma, then one rounding to bf16
  o[3] = __float2bfloat16(fmaf(__bfloat162float(x), __bfloat162float(y), __bfloat162float(z)));
#endif
  o[4] = __hmax(x, y);
  o[5] = __hmin(x, y);
  o[6] = __hneg(x);
  o[7] = __float2bfloat16(__bfloat162float(x) / (__bfloat162float(y) + 2.0f));
}

extern "C" __global__ void bf16x2_packed(const __nv_bfloat162 *a, const __nv_bfloat162 *b,
                                         __nv_bfloat162 *out, int n) {
  unsigned i = p2m_gid();
  if (i >= (unsigned)n) return;
  __nv_bfloat162 x = a[i], y = b[i];
  out[3 * i + 0] = __hadd2(x, y);
  out[3 * i + 1] = __hmul2(x, y);
#if P2M_SM80
  out[3 * i + 2] = __hfma2(x, y, x);
#else
  out[3 * i + 2] = __floats2bfloat162_rn(
      fmaf(__low2float(x), __low2float(y), __low2float(x)),
      fmaf(__high2float(x), __high2float(y), __high2float(x)));
#endif
}

// Half-precision dot product with a float accumulator (a typical mixed-precision loop).
extern "C" __global__ void half_dot(const __half *a, const __half *b, float *out, int len) {
  float acc = 0.0f;
  for (int k = threadIdx.x; k < len; k += blockDim.x)
    acc += __half2float(a[k]) * __half2float(b[k]);
  out[threadIdx.x] = acc;
}
