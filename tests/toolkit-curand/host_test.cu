// Runs the scenarios with our curand_kernel.h on the host and compares them with the
// recording made on NVIDIA hardware (compare.h says how each value is compared).
#define QUALIFIERS static __forceinline__ __host__ __device__
#include <curand_kernel.h>

#define SCENARIO_QUALIFIERS __host__ __device__
#include "scenarios.h"
#include "scenario_format.h"
#include "compare.h"

#include <vector>

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s recording.txt\n", argv[0]);
    return 2;
  }
  std::vector<std::string> lines;
  for (int i = 0; i < SCENARIO_TOTAL; i++) {
    unsigned word[SCENARIO_MAX_WORDS];
    char tag[SCENARIO_MAX_WORDS];
    ScenarioOut o{word, tag, 0};
    run_scenario(i, o);
    std::string line = format_scenario(i, word, tag, o.n);
    if (!line.empty())
      lines.push_back(line);
  }
  return compare_with_recording(argv[1], lines, "host") ? 0 : 1;
}
