// Records the cuRAND device API's outputs on NVIDIA hardware, with NVIDIA's curand_kernel.h,
// for the scenarios in scenarios.h. Build and run with NVIDIA's toolkit:
//   nvcc -O2 -arch=native -o record record.cu && ./record > recording.txt
// The output is the expected text of the curand test (recording.txt in this directory).
#include <cstdio>
#include <cstdlib>
#include <curand_kernel.h>

#define SCENARIO_QUALIFIERS __device__
#include "scenarios.h"
#include "scenario_format.h"

__global__ void run_all(unsigned *words, char *tags, int *counts) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= SCENARIO_TOTAL)
    return;
  ScenarioOut o{words + (size_t)i * SCENARIO_MAX_WORDS, tags + (size_t)i * SCENARIO_MAX_WORDS, 0};
  run_scenario(i, o);
  counts[i] = o.n;
}

static void check(cudaError_t e, const char *what) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
    std::exit(1);
  }
}

int main() {
  size_t nw = (size_t)SCENARIO_TOTAL * SCENARIO_MAX_WORDS;
  unsigned *dw;
  char *dt;
  int *dc;
  check(cudaMalloc(&dw, nw * sizeof(unsigned)), "cudaMalloc");
  check(cudaMalloc(&dt, nw), "cudaMalloc");
  check(cudaMalloc(&dc, SCENARIO_TOTAL * sizeof(int)), "cudaMalloc");
  check(cudaDeviceSetLimit(cudaLimitStackSize, 16384), "cudaDeviceSetLimit");
  run_all<<<(SCENARIO_TOTAL + 63) / 64, 64>>>(dw, dt, dc);
  check(cudaGetLastError(), "launch");
  check(cudaDeviceSynchronize(), "kernel");
  unsigned *hw = (unsigned *)std::malloc(nw * sizeof(unsigned));
  char *ht = (char *)std::malloc(nw);
  int *hc = (int *)std::malloc(SCENARIO_TOTAL * sizeof(int));
  check(cudaMemcpy(hw, dw, nw * sizeof(unsigned), cudaMemcpyDeviceToHost), "copy");
  check(cudaMemcpy(ht, dt, nw, cudaMemcpyDeviceToHost), "copy");
  check(cudaMemcpy(hc, dc, SCENARIO_TOTAL * sizeof(int), cudaMemcpyDeviceToHost), "copy");
  for (int i = 0; i < SCENARIO_TOTAL; i++) {
    std::string line = format_scenario(i, hw + (size_t)i * SCENARIO_MAX_WORDS,
                                       ht + (size_t)i * SCENARIO_MAX_WORDS, hc[i]);
    if (!line.empty())
      std::printf("%s\n", line.c_str());
  }
  return 0;
}
