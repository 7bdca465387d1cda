// Bit manipulation: popc, clz, ffs, brev, byte_perm (prmt), funnel shifts (shf), bit-field
// extract/insert (bfe/bfi), bfind, logical/arithmetic shifts, and/or/xor/not, dp4a/dp2a.
#include "common.h"

extern "C" __global__ void bit_ops32(const unsigned *a, const unsigned *b, unsigned *out, int n) {
  unsigned i = p2m_gid();
  if (i >= (unsigned)n) return;
  unsigned x = a[i], y = b[i];
  unsigned sh = y & 31u;
  unsigned *o = out + 20 * i;
  o[0] = __popc(x);
  o[1] = __clz(x);
  o[2] = __ffs(x);
  o[3] = __brev(x);
  o[4] = __byte_perm(x, y, 0x5140u);
  o[5] = __byte_perm(x, y, y & 0x7777u);      // selector from a register
  o[6] = __funnelshift_l(x, y, y);
  o[7] = __funnelshift_r(x, y, y);
  o[8] = __funnelshift_lc(x, y, y);
  o[9] = __funnelshift_rc(x, y, y);
  o[10] = x << sh;
  o[11] = x >> sh;
  o[12] = (unsigned)((int)x >> sh);
  o[13] = (x & y) ^ (x | ~y);
  o[14] = (x << 7) | (x >> 25);                // rotate: nvcc emits shf.l.wrap
  unsigned e, f;
  asm("bfe.u32 %0, %1, %2, %3;" : "=r"(e) : "r"(x), "r"(sh), "r"(9u));
  o[15] = e;
  asm("bfe.s32 %0, %1, %2, %3;" : "=r"(e) : "r"(x), "r"(4u), "r"(sh));
  o[16] = e;
  asm("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(f) : "r"(y), "r"(x), "r"(sh), "r"(5u));
  o[17] = f;
  asm("bfind.u32 %0, %1;" : "=r"(e) : "r"(x));
  o[18] = e;
  asm("bfind.shiftamt.s32 %0, %1;" : "=r"(e) : "r"(x));
  o[19] = e;
}

extern "C" __global__ void bit_ops64(const unsigned long long *a, const unsigned long long *b,
                                     unsigned long long *out, int n) {
  unsigned i = p2m_gid();
  if (i >= (unsigned)n) return;
  unsigned long long x = a[i], y = b[i];
  unsigned sh = (unsigned)y & 63u;
  unsigned long long *o = out + 10 * i;
  o[0] = __popcll(x);
  o[1] = __clzll((long long)x);
  o[2] = __ffsll((long long)x);
  o[3] = __brevll(x);
  o[4] = x << sh;
  o[5] = x >> sh;
  o[6] = (unsigned long long)((long long)x >> sh);
  o[7] = (x ^ y) & ~(x | y);
  unsigned long long e;
  asm("bfe.u64 %0, %1, %2, %3;" : "=l"(e) : "l"(x), "r"(sh), "r"(17u));
  o[8] = e;
  asm("bfi.b64 %0, %1, %2, %3, %4;" : "=l"(e) : "l"(y), "l"(x), "r"(sh & 31u), "r"(20u));
  o[9] = e;
}

// Packed byte/halfword dot products (dp4a, dp2a) and the SIMD-in-a-word video helpers.
extern "C" __global__ void bit_dot_simd(const int *a, const int *b, const int *c, int *out, int n) {
  unsigned i = p2m_gid();
  if (i >= (unsigned)n) return;
  int x = a[i], y = b[i], z = c[i];
  int *o = out + 6 * i;
  o[0] = __dp4a(x, y, z);
  o[1] = (int)__dp4a((unsigned)x, (unsigned)y, (unsigned)z);
  o[2] = __dp2a_lo(x, y, z);
  o[3] = __dp2a_hi(x, y, z);
  o[4] = (int)__vadd4((unsigned)x, (unsigned)y);
  o[5] = (int)__vabsdiffu4((unsigned)x, (unsigned)y);
}
