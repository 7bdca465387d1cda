// The divergent-barrier rule (msl-divergent-barrier): Metal requires every thread of the
// threadgroup (threadgroup_barrier) or SIMD-group (simdgroup_barrier) to reach the same
// barrier; one inside a branch or loop whose condition differs between threads is undefined,
// and Apple's compiler may hang or miscompile it. The rule is a forward taint analysis over
// each function's structured control flow (flow-sensitive: generated code reuses one variable
// for values of different kinds):
//   * thread-dependent values come from kernel arguments with a per-thread attribute
//     ([[thread_position_in_threadgroup]], [[thread_index_in_simdgroup]], ...) and from the
//     SIMD-group, quad-group and atomic functions of the standard library; they flow through
//     assignments (a new value replaces the old one), initializers (field by field for
//     structs, so `ctx.b.tid` is thread-dependent and `ctx.b.ntid` is not), loads from
//     thread-dependent addresses, calls (arguments to parameters, results back, to a fixed
//     point over the file), and assignments made under a thread-dependent condition;
//   * a barrier, or a call of a function that reaches one, is reported when it lies under an
//     `if`, `?:`, `&&`/`||`, `switch` or loop condition that is thread-dependent, or after a
//     `break`, `continue` or `return` taken under one.
// Values stored to memory and loaded back from a uniform address are taken as uniform. Only
// Apple's view has kernels, so only it finds thread-dependent values.
#pragma once

#include "mslcheck/Reporter.h"

namespace clang {
class ASTContext;
}

namespace p2m::mslcheck {

void checkDivergentBarriers(clang::ASTContext &context, Reporter &reporter);

} // namespace p2m::mslcheck
