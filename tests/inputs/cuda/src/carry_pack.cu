// The carry flag across instruction kinds and widths, cvt.pack.sat, and mov of vectors: the
// corners a peer's PTX suite found wrong or refused (tests/probes/isa_corners_driver.cpp has
// the exhaustive probe; docs/gpu-facts.md the findings). Inline PTX on run-time operands.
#include "common.h"

typedef unsigned long long u64;

// 16 results per element from x, y, z (u64 each; the 32-bit forms use the low words).
extern "C" __global__ void carry_mixed(const u64 *in, u64 *out, int n) {
  unsigned i = p2m_gid();
  if (i >= (unsigned)n) return;
  u64 x = in[3 * i], y = in[3 * i + 1], z = in[3 * i + 2];
  unsigned a = (unsigned)x, b = (unsigned)y, c = (unsigned)z;
  unsigned r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11;
  u64 l0, l1, l2, l3;
  // sub.cc then addc / addc.cc: a borrow clears CF.
  asm("sub.cc.u32 %0, %3, %4;\n\taddc.cc.u32 %1, %4, %5;\n\taddc.u32 %2, 0, 0;"
      : "=r"(r0), "=r"(r1), "=r"(r2) : "r"(a), "r"(b), "r"(c));
  // add.cc then subc / subc.cc: subc subtracts 1 - CF.
  asm("add.cc.u32 %0, %3, %4;\n\tsubc.cc.u32 %1, %5, %3;\n\taddc.u32 %2, 0, 0;"
      : "=r"(r3), "=r"(r4), "=r"(r5) : "r"(a), "r"(b), "r"(c));
  // sub.cc then madc.hi and mad.hi.cc.s32 then subc.
  asm("sub.cc.u32 %0, %3, %4;\n\tmadc.hi.u32 %1, %3, %4, %5;\n\tmad.hi.cc.s32 %2, %3, %5, %4;"
      : "=r"(r6), "=r"(r7), "=r"(r8) : "r"(a), "r"(b), "r"(c));
  asm("subc.u32 %0, %1, %2;" : "=r"(r9) : "r"(c), "r"(a));
  // subc.cc chains (96-bit subtraction) and madc.lo.cc.
  asm("sub.cc.u32 %0, %2, %3;\n\tsubc.cc.u32 %1, %3, %2;\n\t" : "=r"(r10), "=r"(r11) : "r"(a), "r"(b));
  // 64-bit: sub.cc.u64 then addc.u64 and subc.cc.u64, the flag read by a 32-bit addc.
  asm("sub.cc.u64 %0, %4, %5;\n\taddc.cc.u64 %1, %5, %6;\n\tsubc.cc.u64 %2, %6, %4;\n\tmadc.lo.cc.u64 %3, %4, %5, %6;"
      : "=l"(l0), "=l"(l1), "=l"(l2), "=l"(l3) : "l"(x), "l"(y), "l"(z));
  unsigned cf;
  asm("addc.u32 %0, 0, 0;" : "=r"(cf));
  u64 *o = out + 16 * i;
  o[0] = r0; o[1] = r1; o[2] = r2; o[3] = r3; o[4] = r4; o[5] = r5; o[6] = r6; o[7] = r7;
  o[8] = r8; o[9] = r9; o[10] = ((u64)r11 << 32) | r10; o[11] = l0; o[12] = l1; o[13] = l2;
  o[14] = l3; o[15] = cf;
}

// cvt.pack.sat: 4 results per element.
extern "C" __global__ void cvt_pack_sat(const int *a, const int *b, const unsigned *c, unsigned *out, int n) {
  unsigned i = p2m_gid();
  if (i >= (unsigned)n) return;
  unsigned d0, d1, d2, d3;
  asm("cvt.pack.sat.u8.s32.b32 %0, %1, %2, %3;" : "=r"(d0) : "r"(a[i]), "r"(b[i]), "r"(c[i]));
  asm("cvt.pack.sat.s8.s32.b32 %0, %1, %2, %3;" : "=r"(d1) : "r"(a[i]), "r"(b[i]), "r"(c[i]));
  asm("cvt.pack.sat.u16.s32 %0, %1, %2;" : "=r"(d2) : "r"(a[i]), "r"(b[i]));
  asm("cvt.pack.sat.s16.s32 %0, %1, %2;" : "=r"(d3) : "r"(a[i]), "r"(b[i]));
  unsigned *o = out + 4 * i;
  o[0] = d0; o[1] = d1; o[2] = d2; o[3] = d3;
}

// mov.v2/.v4 between braced vectors: 8 results per element of 4 words.
extern "C" __global__ void mov_vector(const unsigned *in, unsigned *out, int n) {
  unsigned i = p2m_gid();
  if (i >= (unsigned)n) return;
  unsigned a = in[4 * i], b = in[4 * i + 1], c = in[4 * i + 2], d = in[4 * i + 3];
  unsigned s0, s1, t0, t1, t2, t3;
  u64 q0, q1;
  asm("mov.v2.u32 {%0, %1}, {%3, %2};" : "=r"(s0), "=r"(s1) : "r"(a), "r"(b));
  asm("{\n\t.reg .b32 w<4>;\n\tmov.v4.b32 {w0, w1, w2, w3}, {%4, %5, %6, %7};\n\t"
      "mov.v4.b32 {w0, w1, w2, w3}, {w1, w2, w3, w0};\n\t"
      "mov.v4.b32 {%0, %1, %2, %3}, {w0, w1, w2, w3};\n\t}"
      : "=r"(t0), "=r"(t1), "=r"(t2), "=r"(t3) : "r"(a), "r"(b), "r"(c), "r"(d));
  asm("mov.v2.u64 {%0, %1}, {%3, %2};" : "=l"(q0), "=l"(q1) : "l"(((u64)a << 32) | b), "l"(((u64)c << 32) | d));
  unsigned *o = out + 8 * i;
  o[0] = s0; o[1] = s1; o[2] = t0; o[3] = t1; o[4] = t2; o[5] = t3;
  o[6] = (unsigned)(q0 ^ (q0 >> 32)); o[7] = (unsigned)(q1 - (q1 >> 32));
}
