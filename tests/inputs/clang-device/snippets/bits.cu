// bit manipulation: popcount, clz, ctz, bit reversal, byte swap, prmt, rotates.
#include "prelude.h"
__global__ void k(const unsigned *a, const unsigned long long *b, unsigned *o) {
  int i = threadIdx.x; unsigned x = a[i]; unsigned long long y = b[i];
  o[i*8+0] = __builtin_popcount(x) + __builtin_popcountll(y); o[i*8+1] = __builtin_clz(x | 1) + __builtin_clzll(y | 1);
  o[i*8+2] = __builtin_ctz(x | 0x80000000u); o[i*8+3] = __builtin_bitreverse32(x); o[i*8+4] = __builtin_bswap32(x);
  o[i*8+5] = (unsigned)__builtin_bitreverse64(y); o[i*8+6] = __nvvm_prmt(x, x >> 3, 0x3210 ^ i); o[i*8+7] = __builtin_rotateleft32(x, i) ^ (unsigned)__builtin_rotateright64(y, i);
}
