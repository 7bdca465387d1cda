// Reference results for the f32 support functions, from the host's IEEE-754 hardware and C
// library. The arithmetic functions compute in the host's *current* rounding mode (set it with
// a RoundingScope); Reference.cpp is compiled with -frounding-math and FENV_ACCESS so that
// Clang neither folds them nor moves them across the mode switch. FtzScope sets the host's
// flush-to-zero and denormals-are-zero modes (what the host backend does to mimic Apple GPUs).
#ifndef P2M_TESTS_MSL_F32_REFERENCE_H
#define P2M_TESTS_MSL_F32_REFERENCE_H

#include "F32Ops.h"

namespace p2m::f32ref {

class RoundingScope {
public:
    explicit RoundingScope(f32ops::Mode mode);
    ~RoundingScope();
    RoundingScope(const RoundingScope &) = delete;
    RoundingScope &operator=(const RoundingScope &) = delete;

private:
    int saved_;
};

// Flush-to-zero and denormals-are-zero on (where the host has them: see supported()).
class FtzScope {
public:
    FtzScope();
    ~FtzScope();
    FtzScope(const FtzScope &) = delete;
    FtzScope &operator=(const FtzScope &) = delete;
    static bool supported();

private:
    unsigned saved_;
};

// In the current rounding mode (NaN results are the host's: callers canonicalize).
float add(float a, float b);
float sub(float a, float b);
float mul(float a, float b);
float fma(float a, float b, float c);
float div(float a, float b);
float sqrt(float a);

} // namespace p2m::f32ref

#endif // P2M_TESTS_MSL_F32_REFERENCE_H
