// Plain C++ declarations of the f32 support functions (emitters/msl/support/f32_ops.h) as the
// test executable sees them. F32OpsKernels.cpp defines them by compiling the header as MSL
// (C++17 against the host metal_stdlib) in a translation unit of its own, since metal_stdlib's
// macros (device, thread, kernel, ...) and its poisoned `double` must not reach the tests.
#ifndef P2M_TESTS_MSL_F32_F32OPS_H
#define P2M_TESTS_MSL_F32_F32OPS_H

namespace p2m::f32ops {

// Rounding modes, in the order of the header's P2M_F32OP_RN/RZ/RM/RP.
enum Mode { RN = 0, RZ = 1, RM = 2, RP = 3 };

float add(float a, float b, Mode m);
float sub(float a, float b, Mode m);
float mul(float a, float b, Mode m);
float fma(float a, float b, float c, Mode m);
// p2m_fma_{rz,rm,rp}_in_binade_f32: valid only where the exact result lies in c's binade
// (f32_ops.h says the conditions).
float fmaInBinade(float a, float b, float c, Mode m);
float div(float a, float b, Mode m);
float rcp(float a, Mode m);
float sqrt(float a, Mode m);
float divFull(float a, float b);

float rcpApprox(float a);
float sqrtApprox(float a);
float rsqrtApprox(float a);
float rsqrtRefine(float a, float estimate); // the Newton step of rsqrtApprox
float divApprox(float a, float b);
float sinApprox(float a);
float cosApprox(float a);
float lg2Approx(float a);
float ex2Approx(float a);
float ex2ApproxFtz(float a);
float tanhApprox(float a);

float min(float a, float b);
float max(float a, float b);
float minNan(float a, float b);
float maxNan(float a, float b);
float minAnyNan(float a, float b);
float maxAnyNan(float a, float b);
float minXorsignAbs(float a, float b);
float maxXorsignAbs(float a, float b);

bool testpFinite(float a);
bool testpInfinite(float a);
bool testpNumber(float a);
bool testpNotanumber(float a);
bool testpNormal(float a);
bool testpSubnormal(float a);

float copysign(float a, float b);
float abs(float a);
float neg(float a);
float absBits(float a);
float negBits(float a);
float sat(float a);
float satAnyZero(float a);

// The header's constants, for the consistency checks.
unsigned canonicalNan();
int modeConstant(Mode m);

} // namespace p2m::f32ops

#endif // P2M_TESTS_MSL_F32_F32OPS_H
