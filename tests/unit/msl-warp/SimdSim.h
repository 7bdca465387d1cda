// A test double of the host runtime's SIMD-group and threadgroup scheduling (the contract in
// lib/runtime/host/include/metal_simdgroup and metal_compute), so that the warp helpers can
// run before the runtime implements it. Each thread of a threadgroup is a std::thread;
// warps are 32 consecutive threads. The SIMD functions (SimdSimMetal.cpp) are meeting points
// built on exchange(): every live lane of the warp deposits a value and all of them get every
// deposit, like lanes running in lock step. A lane is live from its start until its body
// returns, so lanes that are not started or have returned are Metal's inactive lanes. Lanes on
// different control-flow paths are not modelled: the tests keep the live lanes converged.
//
// Plain C++ (no metal_stdlib), so that it can use the standard library.
#pragma once

#include <array>
#include <cstdint>
#include <functional>

namespace p2m::mslwarp::sim {

struct Exchange {
  std::array<std::uint64_t, 32> values{}; // the deposit of each lane (0 where none)
  std::uint32_t lanes = 0;                // the lanes that took part (the live lanes)
};

// Runs body(thread) on each thread t < threads of one threadgroup for which started(t) is
// true, and returns when all have returned. Exceptions in a body abort the test run: bodies
// record results and the caller checks them afterwards.
void runThreadgroup(unsigned threads, const std::function<void(unsigned thread)> &body,
                    const std::function<bool(unsigned thread)> &started = {});

// The calling thread's lane (thread index % 32).
unsigned currentLane();

// SIMD-group meeting point of the live lanes of the caller's warp.
Exchange exchange(std::uint64_t mine);

// Threadgroup meeting point of the live threads.
void threadgroupBarrier();

// Misuse seen by the Metal-side functions (e.g. a shuffle reading an inactive lane); a test
// resets the count and checks it stays zero.
void reportMisuse();
unsigned misuseCount();
void resetMisuse();

} // namespace p2m::mslwarp::sim
