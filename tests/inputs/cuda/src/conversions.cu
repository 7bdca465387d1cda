// Conversions: every integer <-> float direction with every rounding mode the intrinsics
// expose, float <-> double, float <-> half/bf16, and bit reinterpretation.
#include "common.h"

// float -> integer. 16 results per element (as raw 32-bit words; 64-bit results use 2).
extern "C" __global__ void cvt_float_to_int(const float *a, unsigned *out, int n) {
  unsigned i = p2m_gid();
  if (i >= (unsigned)n) return;
  float x = a[i];
  unsigned *o = out + 16 * i;
  o[0] = (unsigned)__float2int_rn(x);
  o[1] = (unsigned)__float2int_rz(x);
  o[2] = (unsigned)__float2int_ru(x);
  o[3] = (unsigned)__float2int_rd(x);
  o[4] = __float2uint_rn(x);
  o[5] = __float2uint_rz(x);
  o[6] = __float2uint_ru(x);
  o[7] = __float2uint_rd(x);
  long long ll = __float2ll_rz(x);
  unsigned long long ull = __float2ull_rn(x);
  o[8] = (unsigned)ll; o[9] = (unsigned)(ll >> 32);
  o[10] = (unsigned)ull; o[11] = (unsigned)(ull >> 32);
  o[12] = (unsigned)(int)x;                 // C cast: cvt.rzi.s32.f32
  o[13] = (unsigned)(short)(int)x;          // narrowing after conversion
  o[14] = (unsigned)(unsigned char)__float2uint_rd(x);
  o[15] = (unsigned)__float_as_int(x);      // reinterpretation
}

// integer -> float with rounding modes, in both widths. 12 results per element.
extern "C" __global__ void cvt_int_to_float(const int *a, const long long *b, float *out, int n) {
  unsigned i = p2m_gid();
  if (i >= (unsigned)n) return;
  int x = a[i];
  long long y = b[i];
  float *o = out + 12 * i;
  o[0] = (float)x;
  o[1] = __int2float_rz(x);
  o[2] = __int2float_ru(x);
  o[3] = __uint2float_rd((unsigned)x);
  o[4] = __uint2float_rn((unsigned)x);
  o[5] = (float)y;
  o[6] = __ll2float_rz(y);
  o[7] = __ull2float_ru((unsigned long long)y);
  o[8] = (float)(unsigned short)x;
  o[9] = (float)(signed char)x;
  o[10] = __int_as_float(x);
  o[11] = __ll2float_rd(y);
}

// double <-> everything. 12 double results per element.
extern "C" __global__ void cvt_double(const double *a, const float *b, double *out, int n) {
  unsigned i = p2m_gid();
  if (i >= (unsigned)n) return;
  double x = a[i];
  float y = b[i];
  double *o = out + 12 * i;
  o[0] = (double)y;
  o[1] = (double)__double2float_rn(x);
  o[2] = (double)__double2float_rz(x);
  o[3] = (double)__double2float_ru(x);
  o[4] = (double)__double2int_rz(x);
  o[5] = (double)__double2uint_rn(fabs(x));
  o[6] = (double)__double2ll_rd(x);
  o[7] = __ll2double_rn((long long)y);
  o[8] = __uint2double_rn((unsigned)fabsf(y));
  o[9] = __hiloint2double(__double2hiint(x), __double2loint(x) ^ 1);
  o[10] = __longlong_as_double(__double_as_longlong(x) & 0x7fffffffffffffffLL);
  o[11] = (double)__ull2double_rz((unsigned long long)fabs(x));
}

// float <-> half and float <-> bf16 with rounding modes (cvt.rn.f16.f32, cvt.f32.bf16, ...).
extern "C" __global__ void cvt_half_bf16(const float *a, unsigned short *out16, float *outf, int n) {
  unsigned i = p2m_gid();
  if (i >= (unsigned)n) return;
  float x = a[i];
  __half h0 = __float2half(x);
  __half h1 = __float2half_rz(x);
  __half h2 = __float2half_ru(x);
  __half h3 = __int2half_rn((int)x);
  __nv_bfloat16 b0 = __float2bfloat16(x);
  __nv_bfloat16 b1 = __float2bfloat16_rz(x);
  __nv_bfloat16 b2 = __double2bfloat16((double)x * 3.0);
  unsigned short *o = out16 + 8 * i;
  o[0] = __half_as_ushort(h0);
  o[1] = __half_as_ushort(h1);
  o[2] = __half_as_ushort(h2);
  o[3] = __half_as_ushort(h3);
  o[4] = __bfloat16_as_ushort(b0);
  o[5] = __bfloat16_as_ushort(b1);
  o[6] = __bfloat16_as_ushort(b2);
  o[7] = (unsigned short)__half2int_rz(h0);
  float *f = outf + 3 * i;
  f[0] = __half2float(h0);
  f[1] = __bfloat162float(b0);
  f[2] = __half2float(__ushort_as_half((unsigned short)(__half_as_ushort(h0) ^ 0x8000u)));
}
