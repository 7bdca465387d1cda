// Float-only circular functions: sinf cosf sincosf tanf. Arguments are reduced to
// r = x - q pi/2, |r| <= pi/4, kept as a float pair: Cody-Waite with pi/2 in three floats
// below 2^17, Payne-Hanek with integer arithmetic on the bits of 2/pi above.
#include "Constants.h"
#include "FloatCore.h"

using namespace p2m;
using namespace p2m::flt;

namespace {
constexpr float kCodyWaiteLimit = 0x1p17f;

// Word j of 2/pi's bits with one zero word in front (bits 2^31 .. 2^0 of the integer part).
P2M_FN uint32_t twoOverPiWord(int j) { return j == 0 ? 0u : k::kTwoOverPiBits[j - 1]; }
// 32 bits of that stream starting `sh` bits into word j.
P2M_FN uint32_t twoOverPiBits32(int j, int sh)
{
  uint64_t w = (static_cast<uint64_t>(twoOverPiWord(j)) << 32) | twoOverPiWord(j + 1);
  return static_cast<uint32_t>(w >> (32 - sh));
}

// Payne-Hanek for finite |x| >= 2^17: x = m 2^(e-23) with m a 24-bit integer. Bits of 2/pi
// of weight above 2^-(e-24) contribute multiples of 4 to x 2/pi; the 96 bits from there on,
// times m, give x 2/pi mod 4 with 62 fraction bits (and 32 more, dropped).
P2M_FN int reduceLarge(float x, float& rh, float& rl)
{
  uint32_t ix = bits(x) & 0x7fffffffu;
  int e = static_cast<int>(ix >> 23) - 127;
  uint64_t m = (ix & 0x7fffffu) | 0x800000u;
  int pos = e - 25 + 32; // 0-based bit of the zero-padded stream where the window starts
  int j = pos >> 5, sh = pos & 31;
  uint64_t p2 = m * twoOverPiBits32(j + 2, sh);
  uint64_t p1 = m * twoOverPiBits32(j + 1, sh);
  uint64_t p0 = m * twoOverPiBits32(j, sh);
  uint64_t a = (p2 >> 32) + p1;
  uint64_t top = static_cast<uint32_t>((a >> 32) + p0);
  uint64_t F = (top << 32) | static_cast<uint32_t>(a); // x 2/pi mod 4, times 2^62
  int q = static_cast<int>((F + (1ull << 61)) >> 62);
  int64_t frac = static_cast<int64_t>(F << 2) >> 2; // in [-2^61, 2^61): r / (pi/2) times 2^62
  float fh = static_cast<float>(frac);
  float fl = static_cast<float>(frac - static_cast<int64_t>(fh));
  // (fh + fl) pi/2 2^-62 as a pair.
  float h = fh * fpoly::kPiOver2[0];
  float l = fmaf_(fh, fpoly::kPiOver2[0], -h) + fmaf_(fh, fpoly::kPiOver2[1], fl * fpoly::kPiOver2[0]);
  fastTwoSum(h * 0x1p-62f, l * 0x1p-62f, rh, rl);
  if (x < 0) {
    rh = -rh;
    rl = -rl;
    q = -q;
  }
  return q;
}

// q and r = rh + rl with x = q pi/2 + r, |r| <= pi/4 (about), for finite x.
P2M_FN int reduce(float x, float& rh, float& rl)
{
  if (!(__builtin_fabsf(x) < kCodyWaiteLimit))
    return reduceLarge(x, rh, rl);
  float kq = __builtin_rintf(x * fpoly::kTwoOverPi[0]);
  // x - kq P1 is exact (both are multiples of x's or P1's ulp and the difference is small).
  float r1 = fmaf_(-kq, fpoly::kPiOver2[0], x);
  float ah = kq * fpoly::kPiOver2[1];
  float al = fmaf_(kq, fpoly::kPiOver2[1], -ah);
  float s, t;
  twoSum(r1, -ah, s, t);
  t = t - fmaf_(kq, fpoly::kPiOver2[2], al);
  fastTwoSum(s, t, rh, rl);
  return static_cast<int>(kq);
}

// sin and cos of r = rh + rl, |r| <= pi/4 (about).
P2M_FN void sinCosReduced(float rh, float rl, float& s, float& c)
{
  float z = rh * rh;
  s = rh + fmaf_(rh * z, horner(fpoly::kSinS, z), rl);
  c = 1.0f + fmaf_(z, horner(fpoly::kCosC, z), -rl * rh);
}

// sin and cos of finite x.
P2M_FN void sinCosFinite(float x, float& s, float& c)
{
  float rh, rl, sr, cr;
  int q = reduce(x, rh, rl);
  sinCosReduced(rh, rl, sr, cr);
  float sq = (q & 1) ? cr : sr, cq = (q & 1) ? sr : cr;
  s = (q & 2) ? -sq : sq;
  c = ((q + 1) & 2) ? -cq : cq;
}
} // namespace

P2M_EXPORT float __nv_sinf(float x)
{
  if (!isFinite(x))
    return x - x; // NaN for inf and NaN
  if (__builtin_fabsf(x) < 0x1p-12f)
    return x; // sin x = x (1 - x^2/6 ...) rounds to x within 0.17 ulp; keeps -0
  float s, c;
  sinCosFinite(x, s, c);
  return s;
}
P2M_EXPORT float __nv_cosf(float x)
{
  if (!isFinite(x))
    return x - x;
  float s, c;
  sinCosFinite(x, s, c);
  return c;
}
P2M_EXPORT void __nv_sincosf(float x, float* s, float* c)
{
  if (!isFinite(x)) {
    *s = *c = x - x;
    return;
  }
  float sv, cv;
  sinCosFinite(x, sv, cv);
  *s = __builtin_fabsf(x) < 0x1p-12f ? x : sv;
  *c = cv;
}
P2M_EXPORT float __nv_tanf(float x)
{
  if (!isFinite(x))
    return x - x;
  if (__builtin_fabsf(x) < 0x1p-12f)
    return x; // tan x = x (1 + x^2/3 ...): within 0.33 ulp
  float rh, rl, sr, cr;
  int q = reduce(x, rh, rl);
  sinCosReduced(rh, rl, sr, cr);
  return (q & 1) ? -cr / sr : sr / cr;
}
