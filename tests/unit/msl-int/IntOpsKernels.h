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

// The scalar video helpers with their arguments as the emitter passes them (op2: the header's
// P2M_VSEC_* values 0..3 none/add/min/max; dsel: P2M_VSEL_* 0 none, 1..4 b0..b3, 5 h0, 6 h1;
// op: P2M_VOP_* 0..4 add/sub/absdiff/min/max; cmp: P2M_VCMP_* 0..5 eq/ne/lt/le/gt/ge).
namespace builtin {
unsigned vshift(bool left, unsigned a, unsigned b, unsigned c, bool dSigned, bool aSigned, bool clamp, bool sat,
                unsigned op2, unsigned dsel);
unsigned vop(unsigned op, unsigned a, unsigned b, unsigned c, bool dSigned, bool aSigned, bool bSigned, bool sat,
             unsigned op2, unsigned dsel);
unsigned vset(unsigned cmp, unsigned a, unsigned b, unsigned c, bool aSigned, bool bSigned, unsigned op2,
              unsigned dsel);
unsigned vmad(unsigned a, unsigned b, unsigned c, bool aSigned, bool bSigned, bool negProduct, bool negC, bool po,
              unsigned scale, bool sat);
}

} // namespace p2m::inttest

#endif // P2M_TESTS_MSL_INT_KERNELS_H
