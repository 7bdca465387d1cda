// Philox4x32-10 (Salmon, Moraes, Dror, Shaw, "Parallel random numbers: as easy as 1, 2, 3",
// SC'11): a counter-based generator; the state is a 128-bit counter and a 64-bit key, each
// counter value gives four 32-bit outputs.
#if !defined(CURAND_PHILOX4X32_X__H_)
#define CURAND_PHILOX4X32_X__H_

#include "curand_globals.h"

#define PHILOX_W32_0 (0x9E3779B9)
#define PHILOX_W32_1 (0xBB67AE85)
#define PHILOX_M4x32_0 (0xD2511F53)
#define PHILOX_M4x32_1 (0xCD9E8D57)

// Layout as cuRAND's (programs allocate arrays of states by its size).
struct curandStatePhilox4_32_10 {
  uint4 ctr;           // the counter
  uint4 output;        // the outputs of the current counter
  uint2 key;           // the seed
  unsigned int STATE;  // how many of `output` have been returned
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;

// ctr += n. cuRAND's carry from the second word to the third is taken only when the second
// word wraps (a carry out of the first word into nhi = 0xffffffff is dropped); kept as is, since
// it decides the sequence.
QUALIFIERS void Philox_State_Incr(curandStatePhilox4_32_10_t *s, unsigned long long n) {
  unsigned int nlo = (unsigned int)n;
  unsigned int nhi = (unsigned int)(n >> 32);
  s->ctr.x += nlo;
  if (s->ctr.x < nlo)
    nhi++;
  s->ctr.y += nhi;
  if (nhi <= s->ctr.y)
    return;
  if (++s->ctr.z)
    return;
  ++s->ctr.w;
}

// The upper 64 bits of the counter += n (one subsequence is 2^64 counters, 2^66 outputs).
QUALIFIERS void Philox_State_Incr_hi(curandStatePhilox4_32_10_t *s, unsigned long long n) {
  unsigned int nlo = (unsigned int)n;
  unsigned int nhi = (unsigned int)(n >> 32);
  s->ctr.z += nlo;
  if (s->ctr.z < nlo)
    nhi++;
  s->ctr.w += nhi;
}

QUALIFIERS void Philox_State_Incr(curandStatePhilox4_32_10_t *s) {
  if (++s->ctr.x)
    return;
  if (++s->ctr.y)
    return;
  if (++s->ctr.z)
    return;
  ++s->ctr.w;
}

// The low word of a * b; the high word in *hip.
QUALIFIERS unsigned int mulhilo32(unsigned int a, unsigned int b, unsigned int *hip) {
  unsigned long long product = (unsigned long long)a * b;
  *hip = (unsigned int)(product >> 32);
  return (unsigned int)product;
}

QUALIFIERS uint4 _philox4x32round(uint4 ctr, uint2 key) {
  unsigned int hi0, hi1;
  unsigned int lo0 = mulhilo32(PHILOX_M4x32_0, ctr.x, &hi0);
  unsigned int lo1 = mulhilo32(PHILOX_M4x32_1, ctr.z, &hi1);
  uint4 r;
  r.x = hi1 ^ ctr.y ^ key.x;
  r.y = lo1;
  r.z = hi0 ^ ctr.w ^ key.y;
  r.w = lo0;
  return r;
}

// Ten rounds, the key bumped by the Weyl constants between rounds.
QUALIFIERS uint4 curand_Philox4x32_10(uint4 c, uint2 k) {
  for (int round = 0; round < 9; round++) {
    c = _philox4x32round(c, k);
    k.x += PHILOX_W32_0;
    k.y += PHILOX_W32_1;
  }
  return _philox4x32round(c, k);
}

#endif // !defined(CURAND_PHILOX4X32_X__H_)
