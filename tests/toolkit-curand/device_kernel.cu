// The scenarios as a kernel, compiled by clang to PTX with our curand_kernel.h: the device path
// of the header, run through ptx2metal's libcuda on the host backend by device_runner.cpp.
// Only the kinds whose bits do not depend on the math library (SCENARIO_EXACT_ONLY): the
// device math functions come from the toolkit's device library, which this test does not link.
#include <curand_kernel.h>

#define SCENARIO_QUALIFIERS __device__
#include "scenarios.h"

extern "C" __global__ void run_scenarios(unsigned *words, char *tags, int *counts) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= SCENARIO_TOTAL)
    return;
  ScenarioOut o{words + (size_t)i * SCENARIO_MAX_WORDS, tags + (size_t)i * SCENARIO_MAX_WORDS, 0};
  run_scenario(i, o);
  counts[i] = o.n;
}
