// MRG32k3a (L'Ecuyer, "Good parameters and implementations for combined multiple recursive
// random number generators", Operations Research 47(1), 1999), as cuRAND seeds and spaces it:
// subsequences 2^76 steps apart, sequences 2^127 apart. All arithmetic is exact modular
// arithmetic, so integer code gives the same bits as cuRAND's floating-point formulation.
#if !defined(CURAND_MRG32K3A_H_)
#define CURAND_MRG32K3A_H_

#include "curand_globals.h"
#include "curand_jump_tables.h"

#define MRG32K3A_MOD1 4294967087.
#define MRG32K3A_MOD2 4294944443.
#define MRG32K3A_A12 1403580.
#define MRG32K3A_A13N 810728.
#define MRG32K3A_A21 527612.
#define MRG32K3A_A23N 1370589.
#define MRG32K3A_NORM (2.3283065498378288e-10)
// curand() scales the combined value in (0, m1] to 32 bits by this factor.
#define MRG32K3A_BITS_NORM 1.000000048662

struct curandStateMRG32k3a {
  unsigned int s1[3];
  unsigned int s2[3];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;

#define __CURAND_MRG_M1 4294967087ull
#define __CURAND_MRG_M2 4294944443ull
// Where each kind of jump starts in the tables of powers A^(2^k).
#define __CURAND_MRG_SUBSEQUENCE_LOG2 76
#define __CURAND_MRG_SEQUENCE_LOG2 127

// The next combined value, in (0, m1].
QUALIFIERS double curand_MRG32k3a(curandStateMRG32k3a_t *state) {
  // p1 = a12 s1[1] - a13n s1[0] mod m1, written as a sum of non-negative terms.
  unsigned long long p1 = (1403580ull * state->s1[1] + 810728ull * (__CURAND_MRG_M1 - state->s1[0])) %
                          __CURAND_MRG_M1;
  state->s1[0] = state->s1[1];
  state->s1[1] = state->s1[2];
  state->s1[2] = (unsigned int)p1;
  unsigned long long p2 = (527612ull * state->s2[2] + 1370589ull * (__CURAND_MRG_M2 - state->s2[0])) %
                          __CURAND_MRG_M2;
  state->s2[0] = state->s2[1];
  state->s2[1] = state->s2[2];
  state->s2[2] = (unsigned int)p2;
  if (p1 <= p2)
    return (double)(p1 + __CURAND_MRG_M1 - p2);
  return (double)(p1 - p2);
}

// v = a v mod m for a 3x3 matrix a.
QUALIFIERS void __curand_mrg_matvec(const unsigned int (*a)[3], unsigned int *v, unsigned long long m) {
  unsigned long long r[3];
  for (int i = 0; i < 3; i++) {
    unsigned long long s = 0;
    for (int k = 0; k < 3; k++)
      s += ((unsigned long long)a[i][k] * v[k]) % m;
    r[i] = s % m;
  }
  for (int i = 0; i < 3; i++)
    v[i] = (unsigned int)r[i];
}

// Advances the state by n * 2^log2_unit steps (n < 2^64; log2_unit + 63 < 191).
QUALIFIERS void __curand_mrg_jump(curandStateMRG32k3a_t *state, unsigned long long n, int log2_unit) {
  for (int k = 0; n; k++, n >>= 1) {
    if (n & 1) {
      __curand_mrg_matvec(__curand_mrg32k3a_jump1[log2_unit + k], state->s1, __CURAND_MRG_M1);
      __curand_mrg_matvec(__curand_mrg32k3a_jump2[log2_unit + k], state->s2, __CURAND_MRG_M2);
    }
  }
}

QUALIFIERS unsigned int curand(curandStateMRG32k3a_t *state) {
  double r = curand_MRG32k3a(state) * MRG32K3A_BITS_NORM;
  return (unsigned int)r;
}

QUALIFIERS void skipahead(unsigned long long n, curandStateMRG32k3a_t *state) {
  __curand_mrg_jump(state, n, 0);
}

// cuRAND's jump is defined for n < 2^51 only (for larger n its table of powers has zero
// entries, which zero the state, and then ends); here every n < 2^64 jumps n * 2^76 steps.
QUALIFIERS void skipahead_subsequence(unsigned long long n, curandStateMRG32k3a_t *state) {
  __curand_mrg_jump(state, n, __CURAND_MRG_SUBSEQUENCE_LOG2);
}

QUALIFIERS void skipahead_sequence(unsigned long long n, curandStateMRG32k3a_t *state) {
  __curand_mrg_jump(state, n, __CURAND_MRG_SEQUENCE_LOG2);
}

QUALIFIERS void curand_init(unsigned long long seed, unsigned long long subsequence,
                            unsigned long long offset, curandStateMRG32k3a_t *state) {
  for (int i = 0; i < 3; i++) {
    state->s1[i] = 12345u;
    state->s2[i] = 12345u;
  }
  if (seed != 0ull) {
    // cuRAND's seeding: the seed's halves, salted, times the default state, modulo m.
    unsigned long long x1 = (unsigned int)seed ^ 0x55555555u;
    unsigned long long x2 = (unsigned int)(seed >> 32) ^ 0xAAAAAAAAu;
    state->s1[0] = (unsigned int)(x1 * 12345u % __CURAND_MRG_M1);
    state->s1[1] = (unsigned int)(x2 * 12345u % __CURAND_MRG_M1);
    state->s1[2] = (unsigned int)(x1 * 12345u % __CURAND_MRG_M1);
    state->s2[0] = (unsigned int)(x2 * 12345u % __CURAND_MRG_M2);
    state->s2[1] = (unsigned int)(x1 * 12345u % __CURAND_MRG_M2);
    state->s2[2] = (unsigned int)(x2 * 12345u % __CURAND_MRG_M2);
  }
  skipahead_subsequence(subsequence, state);
  skipahead(offset, state);
  state->boxmuller_flag = 0;
  state->boxmuller_flag_double = 0;
  state->boxmuller_extra = 0.f;
  state->boxmuller_extra_double = 0.;
}

#endif // !defined(CURAND_MRG32K3A_H_)
