// Launchers for some of tests/inputs/msl/valid, compiled as C++ against the host metal_stdlib
// (HostKernels.cpp). Plain types only: this header is included both there and in ordinary C++
// code, where `device` and friends are not macros.
#pragma once

namespace p2m::mslcheck::test {

// Runs every thread of a one-dimensional grid of `groups` threadgroups of `threads` threads,
// one after the other (the kernels run here use no barrier or SIMD-group function).
// `params` is the CUDA parameter block; `shared` is each threadgroup's shared-memory window.
void runVectorAdd(const unsigned char *params, unsigned groups, unsigned threads);
void runHistogram(const unsigned char *params, unsigned groups, unsigned threads,
                  unsigned char *shared);
void runBits(const unsigned char *params);
void runControlFlow(const unsigned char *params);

} // namespace p2m::mslcheck::test
