// Internal to passes/: what insert-saturation and lower-rounding-and-ftz know about an f32
// operand's value without running the code, as an interval of finite values. A register whose
// every write is a constant move or a .sat clamp (insert-saturation's p2m_sat_f32 or
// p2m_sat_any_zero_f32: [0, 1], NaN -> +0) holds a value of
// the hull of those writes, or, read before any write, an undefined one (PTX gives a register
// no initial value), so the hull bounds every defined value it can have. Anything else (other
// instructions, vector or call-result destinations, no write at all) is unknown.
#pragma once

#include "ir/Ir.h"

#include <optional>
#include <vector>

namespace p2m::passes {

// Every value lies in [lo, hi]; both finite, NaN excluded.
struct F32Interval {
  double lo = 0.0;
  double hi = 0.0;
};

class F32Ranges {
public:
  // Scans `f` once; `m` names its helper calls.
  F32Ranges(const ir::Module &m, const ir::Function &f);

  // The interval of an f32 register or immediate, or nullopt when nothing is known. Registers
  // made after the scan are unknown.
  std::optional<F32Interval> of(const ir::Operand &o) const;

private:
  enum class State : uint8_t { Unwritten, Known, Unknown };
  std::vector<State> state_;
  std::vector<F32Interval> hull_;
};

} // namespace p2m::passes
