// Scenarios that exercise the cuRAND device API. The same text is compiled against NVIDIA's
// curand_kernel.h (record.cu, run once on NVIDIA hardware to make the recording) and against
// ours (the host test and the device-path test), so both sides produce the same lines.
//
// The includer defines SCENARIO_QUALIFIERS (__device__ for NVIDIA's header, whose functions
// are device-only; __host__ __device__ for ours) before including this file.
//
// Our tests may define SCENARIO_EXACT_ONLY (leave out the kinds whose values depend on the
// math library) and SCENARIO_SKIP_POISSON; the recording is made with neither.
//
// Every output word carries a tag that says how a comparison must treat it:
//   'u' exact 32-bit integer, 'f' exact float bits, 'd' exact double bits (low word; the high
//   word is tagged '-'), 'F'/'D' float/double whose bits depend on the device math library
//   (logf, sqrtf, __sincosf, expf / log, sqrt, sincospi, exp), 'P' a Poisson count (it depends
//   on the math library too).
#pragma once

#include "scenario_list.h"

struct ScenarioOut {
  unsigned *word;
  char *tag;
  int n;
};

SCENARIO_QUALIFIERS inline void put_u(ScenarioOut &o, unsigned v, char tag = 'u') {
  o.word[o.n] = v;
  o.tag[o.n] = tag;
  o.n++;
}

SCENARIO_QUALIFIERS inline void put_f(ScenarioOut &o, float v, char tag) {
  union {
    float f;
    unsigned u;
  } b;
  b.f = v;
  put_u(o, b.u, tag);
}

SCENARIO_QUALIFIERS inline void put_d(ScenarioOut &o, double v, char tag) {
  union {
    double d;
    unsigned long long u;
  } b;
  b.d = v;
  put_u(o, (unsigned)b.u, tag);
  put_u(o, (unsigned)(b.u >> 32), '-');
}

SCENARIO_QUALIFIERS inline void put_state(ScenarioOut &o, curandStateXORWOW_t *s) {
  put_u(o, s->d);
  for (int i = 0; i < 5; i++)
    put_u(o, s->v[i]);
}

SCENARIO_QUALIFIERS inline void put_state(ScenarioOut &o, curandStatePhilox4_32_10_t *s) {
  put_u(o, s->ctr.x);
  put_u(o, s->ctr.y);
  put_u(o, s->ctr.z);
  put_u(o, s->ctr.w);
  put_u(o, s->output.x);
  put_u(o, s->output.y);
  put_u(o, s->output.z);
  put_u(o, s->output.w);
  put_u(o, s->key.x);
  put_u(o, s->key.y);
  put_u(o, s->STATE);
}

SCENARIO_QUALIFIERS inline void put_state(ScenarioOut &o, curandStateMRG32k3a_t *s) {
  for (int i = 0; i < 3; i++)
    put_u(o, s->s1[i]);
  for (int i = 0; i < 3; i++)
    put_u(o, s->s2[i]);
}

// Kinds every generator supports.
template <typename State>
// (Skip amounts as scalars: ptx2metal cannot yet take the address of a by-value .func
// parameter, which clang does for a struct argument.)
SCENARIO_QUALIFIERS inline bool run_common(ScenarioOut &o, State *s, int kind,
                                           unsigned long long subsequence,
                                           unsigned long long offset) {
  switch (kind) {
  case K_STATE:
    put_state(o, s);
    return true;
  case K_RAW:
    for (int i = 0; i < 16; i++)
      put_u(o, curand(s));
    return true;
  case K_UNIFORM:
    for (int i = 0; i < 16; i++)
      put_f(o, curand_uniform(s), 'f');
    return true;
  case K_UNIFORM_DOUBLE:
    for (int i = 0; i < 8; i++)
      put_d(o, curand_uniform_double(s), 'd');
    return true;
#if !defined(SCENARIO_EXACT_ONLY)
  case K_NORMAL:
    for (int i = 0; i < 16; i++)
      put_f(o, curand_normal(s), 'F');
    return true;
  case K_NORMAL2:
    for (int i = 0; i < 8; i++) {
      float2 v = curand_normal2(s);
      put_f(o, v.x, 'F');
      put_f(o, v.y, 'F');
    }
    return true;
  case K_NORMAL_DOUBLE:
    for (int i = 0; i < 8; i++)
      put_d(o, curand_normal_double(s), 'D');
    return true;
  case K_NORMAL2_DOUBLE:
    for (int i = 0; i < 4; i++) {
      double2 v = curand_normal2_double(s);
      put_d(o, v.x, 'D');
      put_d(o, v.y, 'D');
    }
    return true;
  case K_LOG_NORMAL:
    for (int i = 0; i < 16; i++)
      put_f(o, curand_log_normal(s, 0.5f, 1.5f), 'F');
    return true;
  case K_LOG_NORMAL2:
    for (int i = 0; i < 8; i++) {
      float2 v = curand_log_normal2(s, -0.25f, 0.75f);
      put_f(o, v.x, 'F');
      put_f(o, v.y, 'F');
    }
    return true;
  case K_LOG_NORMAL_DOUBLE:
    for (int i = 0; i < 8; i++)
      put_d(o, curand_log_normal_double(s, 0.25, 0.75), 'D');
    return true;
  case K_MIXED:
    // The Box-Muller caches (float and double, normal and log-normal) interleaved.
    put_u(o, curand(s));
    put_f(o, curand_normal(s), 'F');
    put_f(o, curand_uniform(s), 'f');
    put_f(o, curand_normal(s), 'F');
    put_d(o, curand_normal_double(s), 'D');
    put_u(o, curand(s));
    put_f(o, curand_log_normal(s, 0.5f, 1.5f), 'F');
    put_f(o, curand_normal(s), 'F');
    put_d(o, curand_normal_double(s), 'D');
    put_d(o, curand_normal_double(s), 'D');
    put_d(o, curand_uniform_double(s), 'd');
    put_u(o, curand(s));
    put_f(o, curand_log_normal(s, 0.5f, 1.5f), 'F');
    put_f(o, curand_log_normal(s, 0.5f, 1.5f), 'F');
    put_f(o, curand_normal(s), 'F');
    put_d(o, curand_log_normal_double(s, 0.25, 0.75), 'D');
    put_d(o, curand_normal_double(s), 'D');
    put_u(o, curand(s));
    return true;
#endif
  case K_SKIPAHEAD:
    skipahead(offset, s);
    for (int i = 0; i < 8; i++)
      put_u(o, curand(s));
    return true;
  case K_SKIPAHEAD_SEQUENCE:
    skipahead_sequence(subsequence, s);
    for (int i = 0; i < 8; i++)
      put_u(o, curand(s));
    return true;
#if !defined(SCENARIO_SKIP_POISSON) && !defined(SCENARIO_EXACT_ONLY)
  case K_POISSON: {
    const double lambdas[6] = {0.5, 3.7, 25.0, 150.0, 3000.0, 70000.0};
    for (int l = 0; l < 6; l++)
      for (int i = 0; i < 4; i++)
        put_u(o, curand_poisson(s, lambdas[l]), 'P');
    return true;
  }
#endif
  default:
    return false;
  }
}

SCENARIO_QUALIFIERS inline bool run_philox_only(ScenarioOut &o, curandStatePhilox4_32_10_t *s,
                                                int kind) {
  switch (kind) {
  case K_CURAND4:
    for (int i = 0; i < 4; i++) {
      put_u(o, curand(s)); // leaves STATE at 1, 2, 3, 0 before each curand4
      uint4 v = curand4(s);
      put_u(o, v.x);
      put_u(o, v.y);
      put_u(o, v.z);
      put_u(o, v.w);
    }
    return true;
  case K_UNIFORM4:
    for (int i = 0; i < 4; i++) {
      float4 v = curand_uniform4(s);
      put_f(o, v.x, 'f');
      put_f(o, v.y, 'f');
      put_f(o, v.z, 'f');
      put_f(o, v.w, 'f');
    }
    return true;
#if !defined(SCENARIO_EXACT_ONLY)
  case K_NORMAL4:
    for (int i = 0; i < 4; i++) {
      float4 v = curand_normal4(s);
      put_f(o, v.x, 'F');
      put_f(o, v.y, 'F');
      put_f(o, v.z, 'F');
      put_f(o, v.w, 'F');
    }
    return true;
#endif
  case K_UNIFORM2_DOUBLE:
    for (int i = 0; i < 4; i++) {
      double2 v = curand_uniform2_double(s);
      put_d(o, v.x, 'd');
      put_d(o, v.y, 'd');
    }
    return true;
  default:
    return false;
  }
}

// Runs scenario `index` (< SCENARIO_TOTAL) and writes its words; o.n == 0 means the scenario
// does not apply to its generator.
SCENARIO_QUALIFIERS inline void run_scenario(int index, ScenarioOut &o) {
  o.n = 0;
  if (index >= SCENARIO_DETAILED) {
    int b = index - SCENARIO_DETAILED;
    int gen = b / SCENARIO_BULK;
    unsigned long long i = (unsigned long long)(b % SCENARIO_BULK);
    if (gen == GEN_XORWOW) {
      curandStateXORWOW_t s;
      curand_init(777, i, 3 * i, &s);
      put_u(o, curand(&s));
      put_u(o, curand(&s));
    } else if (gen == GEN_PHILOX) {
      curandStatePhilox4_32_10_t s;
      curand_init(777, i, 3 * i, &s);
      put_u(o, curand(&s));
      put_u(o, curand(&s));
    } else {
      curandStateMRG32k3a_t s;
      curand_init(777, i, 3 * i, &s);
      put_u(o, curand(&s));
      put_u(o, curand(&s));
    }
    return;
  }
  int gen = index / (K_COUNT * SCENARIO_CONFIG_COUNT);
  int kind = (index / SCENARIO_CONFIG_COUNT) % K_COUNT;
  int ci = index % SCENARIO_CONFIG_COUNT;
  ScenarioConfig c = scenario_config(ci);
  if (kind == K_SIZEOF) {
    if (ci == 0) {
      put_u(o, (unsigned)(gen == GEN_XORWOW  ? sizeof(curandStateXORWOW_t)
                          : gen == GEN_PHILOX ? sizeof(curandStatePhilox4_32_10_t)
                                              : sizeof(curandStateMRG32k3a_t)));
    }
    return;
  }
  // Poisson is recorded for a few configurations only: it is slow for large lambda.
  if (kind == K_POISSON && ci > 6)
    return;
  if (gen == GEN_XORWOW) {
    curandStateXORWOW_t s;
    if (kind == K_SKIPAHEAD || kind == K_SKIPAHEAD_SEQUENCE)
      curand_init(c.seed, 0, 0, &s);
    else
      curand_init(c.seed, c.subsequence, c.offset, &s);
    run_common(o, &s, kind, c.subsequence, c.offset);
  } else if (gen == GEN_PHILOX) {
    curandStatePhilox4_32_10_t s;
    if (kind == K_SKIPAHEAD || kind == K_SKIPAHEAD_SEQUENCE)
      curand_init(c.seed, 0, 0, &s);
    else
      curand_init(c.seed, c.subsequence, c.offset, &s);
    if (!run_common(o, &s, kind, c.subsequence, c.offset))
      run_philox_only(o, &s, kind);
  } else {
    // cuRAND's MRG32k3a subsequence jumps are defined below 2^51 only (above, its table of
    // powers has zero entries, then ends).
    c.subsequence &= (1ull << 51) - 1;
    curandStateMRG32k3a_t s;
    if (kind == K_SKIPAHEAD || kind == K_SKIPAHEAD_SEQUENCE || kind == K_SKIPAHEAD_SUBSEQUENCE)
      curand_init(c.seed, 0, 0, &s);
    else
      curand_init(c.seed, c.subsequence, c.offset, &s);
    if (kind == K_SKIPAHEAD_SUBSEQUENCE) {
      skipahead_subsequence(c.subsequence, &s);
      for (int i = 0; i < 8; i++)
        put_u(o, curand(&s));
    } else {
      run_common(o, &s, kind, c.subsequence, c.offset);
    }
  }
}
