// The scenario list shared by the recorder, the tests and the line formatter: generators,
// kinds, (seed, subsequence, offset) configurations and their names. No curand code here, so
// plain host code (the device-path runner) can format lines too.
#pragma once

#if !defined(__CUDACC__) && !defined(__CUDA__)
#define __host__
#define __device__
#endif

#define SCENARIO_MAX_WORDS 48

enum ScenarioGenerator { GEN_XORWOW, GEN_PHILOX, GEN_MRG, GEN_COUNT };

enum ScenarioKind {
  K_STATE,
  K_RAW,
  K_UNIFORM,
  K_UNIFORM_DOUBLE,
  K_NORMAL,
  K_NORMAL2,
  K_NORMAL_DOUBLE,
  K_NORMAL2_DOUBLE,
  K_LOG_NORMAL,
  K_LOG_NORMAL2,
  K_LOG_NORMAL_DOUBLE,
  K_MIXED,
  K_SKIPAHEAD,
  K_SKIPAHEAD_SEQUENCE,
  K_SKIPAHEAD_SUBSEQUENCE,
  K_CURAND4,
  K_UNIFORM4,
  K_NORMAL4,
  K_UNIFORM2_DOUBLE,
  K_POISSON,
  K_SIZEOF,
  K_COUNT
};

// (seed, subsequence, offset) triples: edge values, single bits, long carries.
#define SCENARIO_CONFIG_COUNT 27
// Bulk scenarios: curand_init(777, i, 3 * i) for i < SCENARIO_BULK, two outputs each.
#define SCENARIO_BULK 512
#define SCENARIO_DETAILED ((int)GEN_COUNT * (int)K_COUNT * SCENARIO_CONFIG_COUNT)
#define SCENARIO_TOTAL (SCENARIO_DETAILED + (int)GEN_COUNT * SCENARIO_BULK)

struct ScenarioConfig {
  unsigned long long seed, subsequence, offset;
};

__host__ __device__ inline ScenarioConfig scenario_config(int index) {
  const unsigned long long ALL = ~0ull;
  ScenarioConfig table[SCENARIO_CONFIG_COUNT] = {
      {0, 0, 0},
      {1, 0, 0},
      {1234, 0, 0},
      {0xdeadbeefcafef00dull, 0, 0},
      {ALL, 0, 0},
      {0x100000000ull, 0, 0},
      {1234, 1, 0},
      {1234, 2, 0},
      {1234, 3, 0},
      {1234, 5, 0},
      {1234, 1000, 0},
      {1234, 0x12345678ull, 0},
      {1234, 0x123456789abull, 0},
      {1234, 0x00ffffffffffffffull, 0},
      {1234, 0x8000000000000001ull, 0},
      {1234, ALL, 0},
      {1234, 0, 1},
      {1234, 0, 3},
      {1234, 0, 4},
      {1234, 0, 5},
      {1234, 0, 1000},
      {1234, 0, 123456789},
      {1234, 0, (1ull << 40) + 3},
      {1234, 0, ALL},
      {42, 7, 99},
      {42, 0xabcdefull, 0xfedcba9876ull},
      {7, 1ull << 55, 1ull << 63},
  };
  return table[index];
}

// Names used in the recording's lines.
inline const char *scenario_generator_name(int gen) {
  return gen == GEN_XORWOW ? "xorwow" : gen == GEN_PHILOX ? "philox" : "mrg32k3a";
}

inline const char *scenario_kind_name(int kind) {
  static const char *const names[K_COUNT] = {
      "state",     "raw",          "uniform",     "uniform_double",   "normal",
      "normal2",   "normal_double", "normal2_double", "log_normal",   "log_normal2",
      "log_normal_double", "mixed", "skipahead", "skipahead_sequence", "skipahead_subsequence",
      "curand4",   "uniform4",     "normal4",     "uniform2_double",  "poisson",
      "sizeof"};
  return names[kind];
}
