// The binary16 and bfloat16 operations under test, written once for both types and compiled
// twice: for the device (fp16.cu, bf16.cu: the PTX the translator runs) and for the host
// (reference.cpp: the headers' host code), whose results must agree bit for bit where the
// operation is exactly rounded, and within one unit in the last place for the approximate math.
#ifndef P2M_TEST_NARROW_OPS_H
#define P2M_TEST_NARROW_OPS_H

#include <cuda_bf16.h>
#include <cuda_fp16.h>

// Results per input triple; those from NARROW_APPROX_FIRST on are approximate math.
#define NARROW_RESULTS 73
#define NARROW_APPROX_FIRST 63

// Whether result j is the bits of a narrow value (else an integer, a float's bits or flags).
static inline bool narrow_result_is_narrow_bits(int j) {
  return !(j >= 5 && j <= 13) && j != 38 && !(j >= 52 && j <= 54);
}

struct Fp16Ops {
  typedef __half T;
  typedef __half2 T2;
  static __host__ __device__ T rn(float f) { return __float2half_rn(f); }
  static __host__ __device__ T rz(float f) { return __float2half_rz(f); }
  static __host__ __device__ T rd(float f) { return __float2half_rd(f); }
  static __host__ __device__ T ru(float f) { return __float2half_ru(f); }
  static __host__ __device__ T from_double(double d) { return __double2half(d); }
  static __host__ __device__ float to_float(T h) { return __half2float(h); }
  static __host__ __device__ unsigned bits(T h) { return __half_as_ushort(h); }
  static __host__ __device__ T2 pair(T a, T b) { return __halves2half2(a, b); }
  static __host__ __device__ T2 pair_rn(float a, float b) { return __floats2half2_rn(a, b); }
  static __host__ __device__ int to_int_rn(T h) { return __half2int_rn(h); }
  static __host__ __device__ int to_int_rz(T h) { return __half2int_rz(h); }
  static __host__ __device__ int to_int_rd(T h) { return __half2int_rd(h); }
  static __host__ __device__ int to_int_ru(T h) { return __half2int_ru(h); }
  static __host__ __device__ unsigned to_uint_rz(T h) { return __half2uint_rz(h); }
  static __host__ __device__ short to_short_rn(T h) { return __half2short_rn(h); }
  static __host__ __device__ long long to_ll_rd(T h) { return __half2ll_rd(h); }
  static __host__ __device__ unsigned long long to_ull_ru(T h) { return __half2ull_ru(h); }
  static __host__ __device__ T from_int_rn(int i) { return __int2half_rn(i); }
  static __host__ __device__ T from_int_rz(int i) { return __int2half_rz(i); }
  static __host__ __device__ T from_uint_rd(unsigned i) { return __uint2half_rd(i); }
  static __host__ __device__ T from_ushort_ru(unsigned short i) { return __ushort2half_ru(i); }
  static __host__ __device__ T from_ll_rn(long long i) { return __ll2half_rn(i); }
  static __host__ __device__ T from_ull_ru(unsigned long long i) { return __ull2half_ru(i); }
};

struct Bf16Ops {
  typedef __nv_bfloat16 T;
  typedef __nv_bfloat162 T2;
  static __host__ __device__ T rn(float f) { return __float2bfloat16_rn(f); }
  static __host__ __device__ T rz(float f) { return __float2bfloat16_rz(f); }
  static __host__ __device__ T rd(float f) { return __float2bfloat16_rd(f); }
  static __host__ __device__ T ru(float f) { return __float2bfloat16_ru(f); }
  static __host__ __device__ T from_double(double d) { return __double2bfloat16(d); }
  static __host__ __device__ float to_float(T h) { return __bfloat162float(h); }
  static __host__ __device__ unsigned bits(T h) { return __bfloat16_as_ushort(h); }
  static __host__ __device__ T2 pair(T a, T b) { return __halves2bfloat162(a, b); }
  static __host__ __device__ T2 pair_rn(float a, float b) { return __floats2bfloat162_rn(a, b); }
  static __host__ __device__ int to_int_rn(T h) { return __bfloat162int_rn(h); }
  static __host__ __device__ int to_int_rz(T h) { return __bfloat162int_rz(h); }
  static __host__ __device__ int to_int_rd(T h) { return __bfloat162int_rd(h); }
  static __host__ __device__ int to_int_ru(T h) { return __bfloat162int_ru(h); }
  static __host__ __device__ unsigned to_uint_rz(T h) { return __bfloat162uint_rz(h); }
  static __host__ __device__ short to_short_rn(T h) { return __bfloat162short_rn(h); }
  static __host__ __device__ long long to_ll_rd(T h) { return __bfloat162ll_rd(h); }
  static __host__ __device__ unsigned long long to_ull_ru(T h) { return __bfloat162ull_ru(h); }
  static __host__ __device__ T from_int_rn(int i) { return __int2bfloat16_rn(i); }
  static __host__ __device__ T from_int_rz(int i) { return __int2bfloat16_rz(i); }
  static __host__ __device__ T from_uint_rd(unsigned i) { return __uint2bfloat16_rd(i); }
  static __host__ __device__ T from_ushort_ru(unsigned short i) { return __ushort2bfloat16_ru(i); }
  static __host__ __device__ T from_ll_rn(long long i) { return __ll2bfloat16_rn(i); }
  static __host__ __device__ T from_ull_ru(unsigned long long i) { return __ull2bfloat16_ru(i); }
};

template <typename Ops> __host__ __device__ void narrow_ops(float x, float y, float z, unsigned *o) {
  typedef typename Ops::T T;
  typedef typename Ops::T2 T2;
  const T a = Ops::rn(x), b = Ops::rn(y), c = Ops::rn(z);
  unsigned n = 0;
  // Conversions.
  o[n++] = Ops::bits(Ops::rn(x));
  o[n++] = Ops::bits(Ops::rz(x));
  o[n++] = Ops::bits(Ops::rd(x));
  o[n++] = Ops::bits(Ops::ru(x));
  o[n++] = Ops::bits(Ops::from_double((double)x * 1.0000001));
  o[n++] = __builtin_bit_cast(unsigned, Ops::to_float(a));
  o[n++] = (unsigned)Ops::to_int_rn(a);
  o[n++] = (unsigned)Ops::to_int_rz(a);
  o[n++] = (unsigned)Ops::to_int_rd(a);
  o[n++] = (unsigned)Ops::to_int_ru(a);
  o[n++] = Ops::to_uint_rz(a);
  o[n++] = (unsigned)(unsigned short)Ops::to_short_rn(a);
  o[n++] = (unsigned)Ops::to_ll_rd(b);
  o[n++] = (unsigned)(Ops::to_ull_ru(c) >> 3);
  // An integer from x (x itself where it is small enough for every integer type used).
  const float bounded = (x > -100000.0f && x < 100000.0f) ? x : 12345.0f;
  const long long ix = (long long)(bounded * 1024.0f);
  o[n++] = Ops::bits(Ops::from_int_rn((int)ix));
  o[n++] = Ops::bits(Ops::from_int_rz((int)ix));
  o[n++] = Ops::bits(Ops::from_uint_rd((unsigned)(ix < 0 ? -ix : ix)));
  o[n++] = Ops::bits(Ops::from_ushort_ru((unsigned short)ix));
  o[n++] = Ops::bits(Ops::from_ll_rn(ix * 1000003));
  o[n++] = Ops::bits(Ops::from_ull_ru((unsigned long long)(ix < 0 ? -ix : ix) * 77777ull));
  // Arithmetic, exactly rounded.
  o[n++] = Ops::bits(__hadd(a, b));
  o[n++] = Ops::bits(__hsub(a, b));
  o[n++] = Ops::bits(__hmul(a, b));
  o[n++] = Ops::bits(__hdiv(a, b));
  o[n++] = Ops::bits(__hfma(a, b, c));
  o[n++] = Ops::bits(__hadd_rn(a, c));
  o[n++] = Ops::bits(__hmul_rn(b, c));
  o[n++] = Ops::bits(__hadd_sat(a, b));
  o[n++] = Ops::bits(__hfma_sat(a, b, c));
  o[n++] = Ops::bits(__hfma_relu(a, b, c));
  o[n++] = Ops::bits(__hmax(a, b));
  o[n++] = Ops::bits(__hmin(a, b));
  o[n++] = Ops::bits(__hmax_nan(a, b));
  o[n++] = Ops::bits(__hmin_nan(a, b));
  o[n++] = Ops::bits(__hneg(a));
  o[n++] = Ops::bits(__habs(a));
  o[n++] = Ops::bits(a + b * c);
  o[n++] = Ops::bits(-a / c);
  // Comparisons.
  o[n++] = (unsigned)__heq(a, b) | (unsigned)__hne(a, b) << 1 | (unsigned)__hlt(a, b) << 2 |
           (unsigned)__hle(a, b) << 3 | (unsigned)__hgt(a, b) << 4 | (unsigned)__hge(a, b) << 5 |
           (unsigned)__hequ(a, b) << 6 | (unsigned)__hneu(a, b) << 7 | (unsigned)__hltu(a, b) << 8 |
           (unsigned)__hleu(a, b) << 9 | (unsigned)__hgtu(a, b) << 10 | (unsigned)__hgeu(a, b) << 11 |
           (unsigned)__hisnan(a) << 12 | (unsigned)(__hisinf(a) + 1) << 13 | (unsigned)(a < c) << 16 |
           (unsigned)(a == c) << 17 | (unsigned)(a != c) << 18 | (unsigned)(a >= c) << 19;
  // Pairs.
  const T2 p = Ops::pair(a, b), q = Ops::pair(b, c), r = Ops::pair_rn(z, x);
  const T2 sum = __hadd2(p, q), prod = __hmul2(p, q), fma = __hfma2(p, q, r), diff = __hsub2(p, r);
  o[n++] = Ops::bits(sum.x);
  o[n++] = Ops::bits(sum.y);
  o[n++] = Ops::bits(prod.x);
  o[n++] = Ops::bits(prod.y);
  o[n++] = Ops::bits(fma.x);
  o[n++] = Ops::bits(fma.y);
  o[n++] = Ops::bits(diff.x);
  o[n++] = Ops::bits(diff.y);
  o[n++] = Ops::bits(__hmax2(p, r).x);
  o[n++] = Ops::bits(__hmin2(p, r).y);
  o[n++] = Ops::bits(__h2div(p, q).x);
  o[n++] = Ops::bits(__hneg2(p).y);
  o[n++] = Ops::bits(__habs2(r).x);
  o[n++] = __hlt2_mask(p, q);
  o[n++] = __hgeu2_mask(p, r);
  o[n++] = (unsigned)__hbeq2(p, p) | (unsigned)__hblt2(p, q) << 1 | (unsigned)__hbgeu2(p, r) << 2;
  o[n++] = Ops::bits(__hcmadd(p, q, r).x);
  o[n++] = Ops::bits(__hcmadd(p, q, r).y);
  // Math that is exactly rounded.
  o[n++] = Ops::bits(hsqrt(__habs(a)));
  o[n++] = Ops::bits(hrcp(b));
  o[n++] = Ops::bits(htrunc(a));
  o[n++] = Ops::bits(hceil(a));
  o[n++] = Ops::bits(hfloor(b));
  o[n++] = Ops::bits(hrint(c));
  // Approximate math (NARROW_APPROX_FIRST).
  o[n++] = Ops::bits(hrsqrt(__habs(a)));
  o[n++] = Ops::bits(hexp(Ops::rn(x / 8.0f)));
  o[n++] = Ops::bits(hexp2(Ops::rn(y / 4.0f)));
  o[n++] = Ops::bits(hexp10(Ops::rn(z / 16.0f)));
  o[n++] = Ops::bits(hlog(__habs(a)));
  o[n++] = Ops::bits(hlog2(__habs(b)));
  o[n++] = Ops::bits(hlog10(__habs(c)));
  // sin and cos reduce their argument exactly only below 2^14 (all of binary16's range); the
  // bfloat16 inputs are kept there.
  o[n++] = Ops::bits(hsin(Ops::rn(bounded)));
  o[n++] = Ops::bits(hcos(Ops::rn(y > -60000.0f && y < 60000.0f ? y : 0.5f)));
  o[n++] = Ops::bits(htanh(c));
}

#endif // P2M_TEST_NARROW_OPS_H
