// The cuRAND device API: XORWOW (the default curandState), Philox4_32_10 and MRG32k3a
// generators with curand_init, curand, skipahead and the uniform, normal and log-normal
// distributions, producing the same sequences as NVIDIA's cuRAND.
//
// Functions are `static __forceinline__ __device__` as cuRAND's; a program may define
// QUALIFIERS before including this header (e.g. adding __host__) to use them on the host too.
#if !defined(CURAND_KERNEL_H_)
#define CURAND_KERNEL_H_

#include <cuda_runtime.h>

#include "curand_globals.h"
#include "curand_jump_tables.h"
#include "curand_mrg32k3a.h"
#include "curand_philox4x32_x.h"

// ---------------------------------------------------------------------------------------------
// XORWOW (Marsaglia, "Xorshift RNGs", J. Stat. Softw. 8(14), 2003, p. 5): a 160-bit xorshift
// generator plus a Weyl sequence d. Subsequences are 2^67 steps apart.

struct curandStateXORWOW {
  unsigned int d, v[5];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;

#define __CURAND_XORWOW_WEYL 362437u
#define __CURAND_XORWOW_SUBSEQUENCE_LOG2 67

QUALIFIERS unsigned int curand(curandStateXORWOW_t *state) {
  unsigned int t = state->v[0] ^ (state->v[0] >> 2);
  state->v[0] = state->v[1];
  state->v[1] = state->v[2];
  state->v[2] = state->v[3];
  state->v[3] = state->v[4];
  state->v[4] = (state->v[4] ^ (state->v[4] << 4)) ^ (t ^ (t << 1));
  state->d += __CURAND_XORWOW_WEYL;
  return state->v[4] + state->d;
}

// The xorshift part of one step (linear over GF(2)), on five words.
QUALIFIERS void __curand_xorwow_shift(unsigned int *v) {
  unsigned int t = v[0] ^ (v[0] >> 2);
  v[0] = v[1];
  v[1] = v[2];
  v[2] = v[3];
  v[3] = v[4];
  v[4] = (v[4] ^ (v[4] << 4)) ^ (t ^ (t << 1));
}

// a = a * b mod P over GF(2), P = x^160 + __curand_xorwow_charpoly_low (160-bit polynomials,
// bit i of the five little-endian words is the coefficient of x^i).
QUALIFIERS void __curand_xorwow_polymul(unsigned int *a, const unsigned int *b) {
  unsigned int acc[5] = {0, 0, 0, 0, 0};
  for (int i = 159; i >= 0; i--) {
    unsigned int carry = acc[4] >> 31;
    for (int w = 4; w > 0; w--)
      acc[w] = (acc[w] << 1) | (acc[w - 1] >> 31);
    acc[0] <<= 1;
    unsigned int reduce = 0u - carry;
    unsigned int add = 0u - ((a[i >> 5] >> (i & 31)) & 1u);
    for (int w = 0; w < 5; w++)
      acc[w] ^= (__curand_xorwow_charpoly_low[w] & reduce) ^ (b[w] & add);
  }
  for (int w = 0; w < 5; w++)
    a[w] = acc[w];
}

// Advances the xorshift part by subsequence * 2^67 + offset steps: T^N = r(T) with
// r = x^N mod P (Cayley-Hamilton), r built from the tabulated x^(2^k) and applied to v by
// Horner's rule. The Weyl part is advanced by the caller.
QUALIFIERS void __curand_xorwow_jump(unsigned int *v, unsigned long long subsequence,
                                     unsigned long long offset) {
  if (subsequence == 0 && offset == 0)
    return;
  unsigned int r[5] = {1u, 0, 0, 0, 0};
  for (int k = 0; offset; k++, offset >>= 1)
    if (offset & 1)
      __curand_xorwow_polymul(r, __curand_xorwow_jump_powers[k]);
  for (int k = 0; subsequence; k++, subsequence >>= 1)
    if (subsequence & 1)
      __curand_xorwow_polymul(r, __curand_xorwow_jump_powers[__CURAND_XORWOW_SUBSEQUENCE_LOG2 + k]);
  unsigned int acc[5] = {0, 0, 0, 0, 0};
  for (int i = 159; i >= 0; i--) {
    __curand_xorwow_shift(acc);
    unsigned int add = 0u - ((r[i >> 5] >> (i & 31)) & 1u);
    for (int w = 0; w < 5; w++)
      acc[w] ^= v[w] & add;
  }
  for (int w = 0; w < 5; w++)
    v[w] = acc[w];
}

QUALIFIERS void skipahead(unsigned long long n, curandStateXORWOW_t *state) {
  __curand_xorwow_jump(state->v, 0, n);
  state->d += __CURAND_XORWOW_WEYL * (unsigned int)n;
}

// The Weyl part is unchanged: 2^67 * 362437 is 0 modulo 2^32.
QUALIFIERS void skipahead_sequence(unsigned long long n, curandStateXORWOW_t *state) {
  __curand_xorwow_jump(state->v, n, 0);
}

QUALIFIERS void curand_init(unsigned long long seed, unsigned long long subsequence,
                            unsigned long long offset, curandStateXORWOW_t *state) {
  // cuRAND's seeding: the seed's halves salted, multiplied by odd constants, and mixed into
  // Marsaglia's default state.
  unsigned int s0 = (unsigned int)seed ^ 0xaad26b49u;
  unsigned int s1 = (unsigned int)(seed >> 32) ^ 0xf7dcefddu;
  unsigned int t0 = 1099087573u * s0;
  unsigned int t1 = 2591861531u * s1;
  state->d = 6615241u + t1 + t0;
  state->v[0] = 123456789u + t0;
  state->v[1] = 362436069u ^ t0;
  state->v[2] = 521288629u + t1;
  state->v[3] = 88675123u ^ t1;
  state->v[4] = 5783321u + t0;
  __curand_xorwow_jump(state->v, subsequence, offset);
  state->d += __CURAND_XORWOW_WEYL * (unsigned int)offset;
  state->boxmuller_flag = 0;
  state->boxmuller_flag_double = 0;
  state->boxmuller_extra = 0.f;
  state->boxmuller_extra_double = 0.;
}

// ---------------------------------------------------------------------------------------------
// Philox4_32_10: the API over curand_philox4x32_x.h. `output` always holds the outputs of the
// current counter, and STATE says how many of them were returned.

// Word i (< 8) of the eight outputs a, b. Written with selects rather than a switch: clang
// turns a switch over STATE, which it proves is below 4, into one with an unreachable default.
QUALIFIERS unsigned int __curand_philox_word(uint4 a, uint4 b, unsigned int i) {
  uint4 q = i < 4 ? a : b;
  i &= 3;
  return i == 0 ? q.x : i == 1 ? q.y : i == 2 ? q.z : q.w;
}

QUALIFIERS unsigned int curand(curandStatePhilox4_32_10_t *state) {
  // (A STATE above 3 never occurs; cuRAND would then return .x, and so does this.)
  unsigned int r = __curand_philox_word(state->output, state->output, state->STATE <= 3 ? state->STATE : 0);
  if (++state->STATE == 4) {
    Philox_State_Incr(state);
    state->output = curand_Philox4x32_10(state->ctr, state->key);
    state->STATE = 0;
  }
  return r;
}

// The next four outputs; STATE stays where it was.
QUALIFIERS uint4 curand4(curandStatePhilox4_32_10_t *state) {
  uint4 old = state->output;
  Philox_State_Incr(state);
  state->output = curand_Philox4x32_10(state->ctr, state->key);
  unsigned int s = state->STATE <= 3 ? state->STATE : 0;
  uint4 r;
  r.x = __curand_philox_word(old, state->output, s);
  r.y = __curand_philox_word(old, state->output, s + 1);
  r.z = __curand_philox_word(old, state->output, s + 2);
  r.w = __curand_philox_word(old, state->output, s + 3);
  return r;
}

QUALIFIERS void skipahead(unsigned long long n, curandStatePhilox4_32_10_t *state) {
  state->STATE += (unsigned int)(n & 3);
  n /= 4;
  if (state->STATE > 3) {
    n += 1;
    state->STATE -= 4;
  }
  Philox_State_Incr(state, n);
  state->output = curand_Philox4x32_10(state->ctr, state->key);
}

QUALIFIERS void skipahead_sequence(unsigned long long n, curandStatePhilox4_32_10_t *state) {
  Philox_State_Incr_hi(state, n);
  state->output = curand_Philox4x32_10(state->ctr, state->key);
}

QUALIFIERS void curand_init(unsigned long long seed, unsigned long long subsequence,
                            unsigned long long offset, curandStatePhilox4_32_10_t *state) {
  state->ctr.x = state->ctr.y = state->ctr.z = state->ctr.w = 0;
  state->key.x = (unsigned int)seed;
  state->key.y = (unsigned int)(seed >> 32);
  state->STATE = 0;
  state->boxmuller_flag = 0;
  state->boxmuller_flag_double = 0;
  state->boxmuller_extra = 0.f;
  state->boxmuller_extra_double = 0.;
  skipahead_sequence(subsequence, state);
  skipahead(offset, state);
}

#include "curand_uniform.h"
#include "curand_normal.h"
#include "curand_lognormal.h"
#include "curand_poisson.h"

#endif // !defined(CURAND_KERNEL_H_)
