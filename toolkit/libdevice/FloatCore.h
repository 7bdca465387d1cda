// Building blocks of the float-only functions (FloatExpLog.cpp, FloatTrig.cpp, ...): error-free
// transformations on float pairs (fma based), scaling by powers of two, and the shared cores
// (2^x of a float pair, log of a float split into exponent and 1 + f). Pure f32 arithmetic: on
// Apple GPUs, which have no fp64, these functions never touch the emulated double path.
#pragma once

#include "FloatPoly.h"
#include "Portability.h"

namespace p2m::flt {

P2M_FN bool isNan(float x) { return x != x; }
P2M_FN bool isFinite(float x) { return __builtin_fabsf(x) <= 0x1.fffffep127f; }

// s + t = a + b exactly (Knuth).
P2M_FN void twoSum(float a, float b, float& s, float& t)
{
  s = a + b;
  float bb = s - a;
  t = (a - (s - bb)) + (b - bb);
}
// s + t = a + b exactly, for |a| >= |b| or a == 0 (Dekker).
P2M_FN void fastTwoSum(float a, float b, float& s, float& t)
{
  s = a + b;
  t = b - (s - a);
}

// 2^k for -126 <= k <= 127.
P2M_FN float pow2i(int k) { return f32(static_cast<uint32_t>(k + 127) << 23); }
// p * 2^k for |k| <= 252, rounded once (the first factor is exact while p is normal and
// within [2^-1, 2^1]).
P2M_FN float scale(float p, int k)
{
  int k1 = k / 2;
  return p * pow2i(k1) * pow2i(k - k1);
}

// Horner's scheme with fma over coefficients c[0..N-1] (lowest degree first).
template <int N> P2M_FN float horner(const float (&c)[N], float x)
{
  float p = c[N - 1];
  for (int i = N - 2; i >= 0; --i)
    p = fmaf_(p, x, c[i]);
  return p;
}

// 2^(th + tl) for |tl| <= 2^-20 |th| or tiny, and -152 < th < 130 (outside, callers decide
// overflow and underflow). th = k + r with |r| <= 1/2; 2^r by its polynomial, times
// (1 + tl ln 2).
P2M_FN float exp2Pair(float th, float tl)
{
  float k = __builtin_rintf(th);
  float r = th - k; // exact
  float p = horner(fpoly::kExp2, r);
  constexpr float ln2 = fpoly::kLn2[0] + fpoly::kLn2[1];
  p = fmaf_(p, tl * ln2, p);
  return scale(p, static_cast<int>(k));
}

// 2^(x c) for c = c[0] + c[1], x's range checked by the caller.
P2M_FN float exp2Times(float x, const float (&c)[2])
{
  float th = x * c[0];
  float tl = fmaf_(x, c[0], -th) + x * c[1];
  return exp2Pair(th, tl);
}

// Splits finite x > 0 as 2^e (1 + f) with 1 + f in [sqrt(1/2), sqrt(2)); f is exact.
P2M_FN void splitLog(float x, float& e, float& f)
{
  int adj = 0;
  if (x < 0x1p-126f) { // subnormal: make it normal
    x *= 0x1p23f;
    adj = -23;
  }
  int32_t ix = static_cast<int32_t>(bits(x));
  int32_t k = (ix - 0x3f3504f3) >> 23; // 0x3f3504f3: sqrt(1/2)
  float m = f32(static_cast<uint32_t>(ix - (k << 23)));
  e = static_cast<float>(k + adj);
  f = m - 1.0f; // exact (Sterbenz)
}
// splitLog, and the correction c with log(1 + f) = f + c (c = f^2 q(f)).
P2M_FN float logParts(float x, float& e, float& f)
{
  splitLog(x, e, f);
  return f * f * horner(fpoly::kLog1pQ, f);
}

} // namespace p2m::flt
