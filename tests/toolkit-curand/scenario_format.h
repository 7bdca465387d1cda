// Formats one scenario's words as a line of the recording (host code, shared by the recorder
// and the tests so that both write the same text).
#pragma once

#include <cstdio>
#include <string>

#include "scenario_list.h"

// "<generator> <kind> <seed> <subsequence> <offset>: <tag><hex> ..." with doubles as one
// 16-digit token; bulk scenarios read "<generator> bulk <i>: ...". Empty for scenarios that do
// not apply.
inline std::string format_scenario(int index, const unsigned *word, const char *tag, int n) {
  if (n == 0)
    return std::string();
  char buf[128];
  std::string line;
  if (index >= SCENARIO_DETAILED) {
    int b = index - SCENARIO_DETAILED;
    std::snprintf(buf, sizeof buf, "%s bulk %d:", scenario_generator_name(b / SCENARIO_BULK),
                  b % SCENARIO_BULK);
    line = buf;
  } else {
    int gen = index / (K_COUNT * SCENARIO_CONFIG_COUNT);
    int kind = (index / SCENARIO_CONFIG_COUNT) % K_COUNT;
    ScenarioConfig c = scenario_config(index % SCENARIO_CONFIG_COUNT);
    if (gen == GEN_MRG)
      c.subsequence &= (1ull << 51) - 1;
    std::snprintf(buf, sizeof buf, "%s %s %llx %llx %llx:", scenario_generator_name(gen),
                  scenario_kind_name(kind), c.seed, c.subsequence, c.offset);
    line = buf;
  }
  for (int i = 0; i < n; i++) {
    if (tag[i] == '-')
      continue;
    if (i + 1 < n && tag[i + 1] == '-') {
      unsigned long long v = ((unsigned long long)word[i + 1] << 32) | word[i];
      std::snprintf(buf, sizeof buf, " %c%016llx", tag[i], v);
    } else {
      std::snprintf(buf, sizeof buf, " %c%08x", tag[i], word[i]);
    }
    line += buf;
  }
  return line;
}
