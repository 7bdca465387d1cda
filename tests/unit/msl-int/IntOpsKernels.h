// The code under test: emitters/msl/support/int_ops.h compiled as C++17 against the host
// metal_stdlib (IntOpsKernels.cpp), behind plain C++ functions. No system header here: the
// kernels' translation unit includes this after <metal_stdlib>.
#ifndef P2M_TESTS_MSL_INT_KERNELS_H
#define P2M_TESTS_MSL_INT_KERNELS_H

namespace p2m::inttest {

// The header's function for operation `op` (a P2M_IP_* value of tests/probes/int_ops_cases.h)
// on the operand patterns a..d, each cast to the function's parameter type; the result's bits,
// zero-extended, compiled as the emitter uses it.
namespace builtin {
unsigned long long evalHeader(int op, unsigned long long a, unsigned long long b, unsigned long long c,
                              unsigned long long d);
}

// p2m_vshift (vshl/vshr) with its arguments as the emitter passes them.
namespace builtin {
unsigned vshift(bool left, unsigned a, unsigned b, unsigned c, bool dSigned, bool aSigned, bool clamp,
                unsigned op2);
}

} // namespace p2m::inttest

#endif // P2M_TESTS_MSL_INT_KERNELS_H
