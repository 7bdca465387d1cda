// Arithmetic with an explicit rounding direction (__fadd_rz, __fmul_ru, __ddiv_rd, __fmaf_rn,
// __frcp_rz, __fsqrt_rd, ...): one IEEE operation each.
#include "Portability.h"

using namespace p2m;

#define P2M_ROUNDED2(name, T, op)                                                             \
  P2M_EXPORT T __nv_##name##_rn(T a, T b) { return op<Rnd::Nearest>(a, b); }                 \
  P2M_EXPORT T __nv_##name##_rz(T a, T b) { return op<Rnd::Zero>(a, b); }                    \
  P2M_EXPORT T __nv_##name##_rd(T a, T b) { return op<Rnd::Down>(a, b); }                    \
  P2M_EXPORT T __nv_##name##_ru(T a, T b) { return op<Rnd::Up>(a, b); }
#define P2M_ROUNDED1(name, T, op)                                                             \
  P2M_EXPORT T __nv_##name##_rn(T a) { return op<Rnd::Nearest>(a); }                         \
  P2M_EXPORT T __nv_##name##_rz(T a) { return op<Rnd::Zero>(a); }                            \
  P2M_EXPORT T __nv_##name##_rd(T a) { return op<Rnd::Down>(a); }                            \
  P2M_EXPORT T __nv_##name##_ru(T a) { return op<Rnd::Up>(a); }
#define P2M_ROUNDED3(name, T, op)                                                             \
  P2M_EXPORT T __nv_##name##_rn(T a, T b, T c) { return op<Rnd::Nearest>(a, b, c); }         \
  P2M_EXPORT T __nv_##name##_rz(T a, T b, T c) { return op<Rnd::Zero>(a, b, c); }            \
  P2M_EXPORT T __nv_##name##_rd(T a, T b, T c) { return op<Rnd::Down>(a, b, c); }            \
  P2M_EXPORT T __nv_##name##_ru(T a, T b, T c) { return op<Rnd::Up>(a, b, c); }

namespace {
template <Rnd M, typename T> P2M_FN T sub(T a, T b) { return add<M>(a, -b); }
} // namespace

P2M_ROUNDED2(fadd, float, add)
P2M_ROUNDED2(fsub, float, sub)
P2M_ROUNDED2(fmul, float, mul)
P2M_ROUNDED2(fdiv, float, div)
P2M_ROUNDED1(frcp, float, rcp)
P2M_ROUNDED1(fsqrt, float, sqrt)
P2M_ROUNDED3(fmaf, float, fma)
P2M_ROUNDED3(fmaf_ieee, float, fma)
P2M_ROUNDED2(dadd, double, add)
P2M_ROUNDED2(dsub, double, sub)
P2M_ROUNDED2(dmul, double, mul)
P2M_ROUNDED2(ddiv, double, div)
P2M_ROUNDED1(drcp, double, rcp)
P2M_ROUNDED1(dsqrt, double, sqrt)
P2M_ROUNDED3(fma, double, fma)

P2M_EXPORT float __nv_fmaf(float a, float b, float c) { return fmaf_(a, b, c); }
P2M_EXPORT double __nv_fma(double a, double b, double c) { return fma_(a, b, c); }

// Reciprocal of the high word of a (the low 32 bits of a and of the result are zero), as
// PTX rcp.approx.ftz.f64 defines its operands.
P2M_EXPORT double __nv_rcp64h(double a)
{
  double hiOnly = f64(bits(a) & 0xffffffff00000000ull);
  return f64(bits(1.0 / hiOnly) & 0xffffffff00000000ull);
}
