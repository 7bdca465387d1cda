// Host IEEE-754 reference results; see Reference.h. Built with -frounding-math (meson.build).
#pragma STDC FENV_ACCESS ON
#pragma STDC FP_CONTRACT OFF

#include "Reference.h"

#include <cfenv>
#include <cmath>

#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
#define P2M_F32REF_HAVE_MXCSR 1
#endif

namespace p2m::f32ref {

namespace {
int hostMode(f32ops::Mode mode)
{
    switch (mode) {
    case f32ops::RZ: return FE_TOWARDZERO;
    case f32ops::RM: return FE_DOWNWARD;
    case f32ops::RP: return FE_UPWARD;
    default: return FE_TONEAREST;
    }
}
} // namespace

RoundingScope::RoundingScope(f32ops::Mode mode) : saved_(std::fegetround())
{
    std::fesetround(hostMode(mode));
}

RoundingScope::~RoundingScope() { std::fesetround(saved_); }

#if defined(P2M_F32REF_HAVE_MXCSR)
FtzScope::FtzScope() : saved_(_mm_getcsr()) { _mm_setcsr(saved_ | 0x8040u); } // FTZ | DAZ
FtzScope::~FtzScope() { _mm_setcsr(saved_); }
bool FtzScope::supported() { return true; }
#else
FtzScope::FtzScope() : saved_(0) {}
FtzScope::~FtzScope() {}
bool FtzScope::supported() { return false; }
#endif

float add(float a, float b) { return a + b; }
float sub(float a, float b) { return a - b; }
float mul(float a, float b) { return a * b; }
float fma(float a, float b, float c) { return std::fmaf(a, b, c); }
float div(float a, float b) { return a / b; }
float sqrt(float a) { return std::sqrt(a); }

} // namespace p2m::f32ref
