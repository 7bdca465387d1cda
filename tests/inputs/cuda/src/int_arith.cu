// Integer arithmetic: 32- and 64-bit add/sub/mul/mad/div/rem, high and wide multiplies,
// 24-bit multiplies, abs/min/max, sum of absolute differences, halving adds, and multi-word
// adds/subtracts built from the carry chain (add.cc / addc / sub.cc / subc / mad.lo.cc).
//
// Inputs must avoid division by zero (the kernels substitute 1) and INT_MIN / -1.
#include "common.h"

// 16 results per element.
extern "C" __global__ void int_arith_s32(const int *a, const int *b, int *out, int n) {
  unsigned i = p2m_gid();
  if (i >= (unsigned)n) return;
  int x = a[i], y = b[i];
  int d = y == 0 ? 1 : y;
  int *o = out + 16 * i;
  o[0] = x + y;
  o[1] = x - y;
  o[2] = x * y;
  o[3] = __mulhi(x, y);
  o[4] = x / d;
  o[5] = x % d;
  o[6] = abs(x);
  o[7] = min(x, y);
  o[8] = max(x, y);
  o[9] = x * y + o[0];            // mad.lo
  o[10] = __mul24(x, y);
  o[11] = (int)__sad(x, y, 3u);
  o[12] = __hadd(x, y);           // (x + y) >> 1 without overflow
  o[13] = __rhadd(x, y);          // (x + y + 1) >> 1 without overflow
  o[14] = -x;
  o[15] = x / 7 + x % 13;         // division by constants becomes mul.hi + shifts
}

extern "C" __global__ void int_arith_u32(const unsigned *a, const unsigned *b, unsigned *out, int n) {
  unsigned i = p2m_gid();
  if (i >= (unsigned)n) return;
  unsigned x = a[i], y = b[i];
  unsigned d = y == 0 ? 1u : y;
  unsigned *o = out + 12 * i;
  o[0] = x + y;
  o[1] = x - y;
  o[2] = x * y;
  o[3] = __umulhi(x, y);
  o[4] = x / d;
  o[5] = x % d;
  o[6] = min(x, y);
  o[7] = max(x, y);
  o[8] = __umul24(x, y);
  o[9] = __usad(x, y, 1u);
  o[10] = __uhadd(x, y);
  o[11] = __urhadd(x, y) + x / 10u;
}

// 64-bit signed and unsigned, plus 32x32->64 widening multiplies (mul.wide).
extern "C" __global__ void int_arith_64(const long long *a, const long long *b, const int *c,
                                        long long *out, int n) {
  unsigned i = p2m_gid();
  if (i >= (unsigned)n) return;
  long long x = a[i], y = b[i];
  long long d = y == 0 ? 1 : y;
  unsigned long long ux = (unsigned long long)x, uy = (unsigned long long)y;
  unsigned long long ud = uy == 0 ? 1 : uy;
  int c32 = c[i];
  long long *o = out + 14 * i;
  o[0] = x + y;
  o[1] = x - y;
  o[2] = x * y;
  o[3] = __mul64hi(x, y);
  o[4] = (long long)__umul64hi(ux, uy);
  o[5] = x / d;
  o[6] = x % d;
  o[7] = (long long)(ux / ud);
  o[8] = (long long)(ux % ud);
  o[9] = llabs(x);
  o[10] = min(x, y);
  o[11] = (long long)max(ux, uy);
  o[12] = (long long)c32 * (long long)(int)x;                  // mul.wide.s32
  o[13] = (long long)((unsigned long long)(unsigned)c32 * (unsigned)y);  // mul.wide.u32
}

// 128-bit add and subtract on four 32-bit limbs through the carry flag, and a 64x64->128
// multiply from mad.lo.cc / madc.hi. a, b: 4 limbs per element, least significant first.
extern "C" __global__ void int_carry_chain(const unsigned *a, const unsigned *b, unsigned *out, int n) {
  unsigned i = p2m_gid();
  if (i >= (unsigned)n) return;
  const unsigned *x = a + 4 * i, *y = b + 4 * i;
  unsigned s0, s1, s2, s3, d0, d1, d2, d3;
  asm("add.cc.u32 %0, %4, %8;\n\t"
      "addc.cc.u32 %1, %5, %9;\n\t"
      "addc.cc.u32 %2, %6, %10;\n\t"
      "addc.u32 %3, %7, %11;"
      : "=r"(s0), "=r"(s1), "=r"(s2), "=r"(s3)
      : "r"(x[0]), "r"(x[1]), "r"(x[2]), "r"(x[3]), "r"(y[0]), "r"(y[1]), "r"(y[2]), "r"(y[3]));
  asm("sub.cc.u32 %0, %4, %8;\n\t"
      "subc.cc.u32 %1, %5, %9;\n\t"
      "subc.cc.u32 %2, %6, %10;\n\t"
      "subc.u32 %3, %7, %11;"
      : "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3)
      : "r"(x[0]), "r"(x[1]), "r"(x[2]), "r"(x[3]), "r"(y[0]), "r"(y[1]), "r"(y[2]), "r"(y[3]));
  // 32x32 -> 64 with the low word of a running sum: lo = x0*y0 + x1 (carry into hi).
  unsigned lo, hi;
  asm("mad.lo.cc.u32 %0, %2, %3, %4;\n\t"
      "madc.hi.u32 %1, %2, %3, 0;"
      : "=r"(lo), "=r"(hi)
      : "r"(x[0]), "r"(y[0]), "r"(x[1]));
  // 64-bit carry chain: (x1:x0 as u64) + (y1:y0 as u64) with carry out.
  unsigned long long p = ((unsigned long long)x[1] << 32) | x[0];
  unsigned long long q = ((unsigned long long)y[1] << 32) | y[0];
  unsigned long long s64;
  unsigned carry;
  asm("add.cc.u64 %0, %2, %3;\n\t"
      "addc.u32 %1, 0, 0;"
      : "=l"(s64), "=r"(carry)
      : "l"(p), "l"(q));
  unsigned *o = out + 14 * i;
  o[0] = s0; o[1] = s1; o[2] = s2; o[3] = s3;
  o[4] = d0; o[5] = d1; o[6] = d2; o[7] = d3;
  o[8] = lo; o[9] = hi;
  o[10] = (unsigned)s64; o[11] = (unsigned)(s64 >> 32); o[12] = carry;
  o[13] = __umulhi(x[2], y[2]) + (unsigned)(__umul64hi(p, q) >> 7);
}

// Saturating and extended-precision forms only reachable through inline PTX.
extern "C" __global__ void int_sat_asm(const int *a, const int *b, int *out, int n) {
  unsigned i = p2m_gid();
  if (i >= (unsigned)n) return;
  int x = a[i], y = b[i], s, t, m;
  asm("add.sat.s32 %0, %1, %2;" : "=r"(s) : "r"(x), "r"(y));
  asm("sub.sat.s32 %0, %1, %2;" : "=r"(t) : "r"(x), "r"(y));
  asm("mad.hi.s32 %0, %1, %2, %1;" : "=r"(m) : "r"(x), "r"(y));
  long long w;
  asm("mad.wide.s32 %0, %1, %2, %3;" : "=l"(w) : "r"(x), "r"(y), "l"((long long)x));
  out[5 * i + 0] = s;
  out[5 * i + 1] = t;
  out[5 * i + 2] = m;
  out[5 * i + 3] = (int)w;
  out[5 * i + 4] = (int)(w >> 32);
}
