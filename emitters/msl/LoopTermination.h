// Which structured loops provably end, so that the emitter can print them without the guard
// DESIGN.md asks for where the translator cannot prove a loop finite (Apple's compiler may assume
// that a loop without volatile accesses or synchronization ends, and delete or reshape it).
//
// The proof covers the counted loops compilers write: one integer register i that the loop
// changes only by `add i, i, s` (or `sub i, i, s`) once per iteration, and a top-level exit
// `if (!(i CMP n)) break;` reached on every iteration, with s and n unchanged by the loop (the
// update may also take two steps through a copy, `add t, i, s` with `mov i, t` or `mov q, i`
// with `add i, q, s`, as nvcc writes unrolled loops). Such a
// loop ends unless i wraps around its width before the test fails:
//   i < n,  i <= n   stepping up by s > 0: ends when n <= MAX - s + 1 (resp. MAX - s)
//   i > n,  i >= n   stepping down by m:   ends when n >= MIN + m - 1 (resp. MIN + m)
//   i != n           stepping by an odd s: ends always (i takes every value of its width)
// with MAX/MIN those of the comparison's signedness. Where the condition is not a constant, it
// is an MSL expression of loop-invariant registers: the emitter tests it once before the loop
// and runs a copy without the guard when it holds.
#pragma once

#include "ir/Ir.h"

#include <optional>
#include <string>

namespace p2m::msl {

struct LoopTermination {
  // Empty: the loop always ends. Otherwise an MSL condition (of registers the loop does not
  // write) under which it ends.
  std::string condition;
};

// nullopt when the loop `loop` (a Loop node of f's structured program) is not provably finite.
std::optional<LoopTermination> proveLoopTermination(const ir::Function &f, cfg::NodeId loop);

} // namespace p2m::msl
