// The reference model of the PTX integer instructions that emitters/msl/support/int_ops.h
// implements: ordinary host C++ written from the PTX ISA's pseudocode (bit loops, 128-bit
// products), independent of the header, plus the rules measured on an H200 where PTX leaves
// the result to the machine (division by zero: all ones). The measured hashes and edge cases
// (GpuHashes.inc, GpuEdges.inc) check this model as well as the header.
#ifndef P2M_TESTS_MSL_INT_REFERENCE_H
#define P2M_TESTS_MSL_INT_REFERENCE_H

#include <cstdint>

namespace p2m::inttest {

// Operation `op` (a P2M_IP_* value of tests/probes/int_ops_cases.h) on the operand patterns
// a..d (each truncated to its operand's width); the result's bits, zero-extended.
std::uint64_t referenceEval(int op, std::uint64_t a, std::uint64_t b, std::uint64_t c, std::uint64_t d);

} // namespace p2m::inttest

#endif // P2M_TESTS_MSL_INT_REFERENCE_H
