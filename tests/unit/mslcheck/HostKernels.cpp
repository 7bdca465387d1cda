// Valid test inputs compiled as C++ with the host metal_stdlib, as the host backend will
// compile generated MSL, and the launchers HostRunTests calls. No system header may be included
// here: metal_stdlib defines device, constant, thread, threadgroup and kernel as macros.
#include "HostKernels.h"

#include "bits_and_types.metal"
#include "control_flow.metal"
#include "histogram_atomics.metal"
#include "vector_add.metal"

namespace p2m::mslcheck::test {
namespace {

// The host runtime's view of a host pointer in each address space (C-style casts: Clang allows
// them between address spaces, MSL does not).
constant uchar *asConstant(const unsigned char *pointer) {
  return (constant uchar *)pointer;
}
threadgroup uchar *asThreadgroup(unsigned char *pointer) {
  return (threadgroup uchar *)pointer;
}

} // namespace

void runVectorAdd(const unsigned char *params, unsigned groups, unsigned threads) {
  for (uint group = 0; group < groups; ++group)
    for (uint thread_id = 0; thread_id < threads; ++thread_id)
      vector_add_body(asConstant(params), asConstant(params), asThreadgroup(nullptr),
                      uint3{thread_id, 0, 0}, uint3{threads, 1, 1}, uint3{group, 0, 0});
}

void runHistogram(const unsigned char *params, unsigned groups, unsigned threads,
                  unsigned char *shared) {
  for (uint group = 0; group < groups; ++group)
    for (uint thread_id = 0; thread_id < threads; ++thread_id)
      histogram_body(asConstant(params), asConstant(params), asThreadgroup(shared),
                     uint3{thread_id, 0, 0}, uint3{threads, 1, 1}, uint3{group, 0, 0},
                     uint3{groups, 1, 1});
}

void runBits(const unsigned char *params) {
  bits_body(asConstant(params), asConstant(params), asThreadgroup(nullptr), uint3{0, 0, 0});
}

void runControlFlow(const unsigned char *params) {
  control_flow_body(asConstant(params), asConstant(params), asThreadgroup(nullptr),
                    uint3{0, 0, 0});
}

} // namespace p2m::mslcheck::test
