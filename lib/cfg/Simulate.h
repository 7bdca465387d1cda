// Reference interpreters for tests and debugging: run a Cfg, or a structured Program, under the
// same deterministic decisions and record which blocks execute. A correct structuring yields the
// same trace as its Cfg for every decision function.
#pragma once

#include "cfg/Cfg.h"
#include "cfg/Structured.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace p2m::cfg {

// `visit` counts earlier tests of the same condition (or selector) id, from 0. Degenerate
// terminators (see Cfg.h) test nothing and so consume no visit.
struct Decisions {
  std::function<bool(int32_t condition, uint32_t visit)> branch;
  std::function<int64_t(int32_t selector, uint32_t visit)> select;
};

enum class TraceEnd : uint8_t {
  Return,      // a Return terminator / node
  Unreachable, // an Unreachable terminator / node
  StepLimit,   // `blockLimit` blocks ran
  FellOff,     // the program tree ended without returning (never correct)
  Stuck,       // the tree ran a very long time without running a block (never correct)
};

struct Trace {
  std::vector<BlockId> blocks;
  TraceEnd end = TraceEnd::FellOff;

  bool operator==(const Trace &) const = default;
};

Trace simulate(const Cfg &cfg, const Decisions &decisions, size_t blockLimit);
Trace simulate(const Program &program, const Decisions &decisions, size_t blockLimit);

const char *traceEndName(TraceEnd end);

} // namespace p2m::cfg
