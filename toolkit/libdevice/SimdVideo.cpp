// The SIMD-within-a-word intrinsics (__vadd2, __vcmpgtu4, __vsads2, ...): two 16-bit or four
// 8-bit lanes per 32-bit word, each lane computed independently.
#include "Portability.h"

using namespace p2m;

namespace {
// Applies f to each lane of width W (16 or 8): signed lanes are sign-extended, unsigned
// lanes zero-extended, f's result is truncated back into the lane.
template <int W, bool Signed, typename F> P2M_FN unsigned lanes(unsigned a, unsigned b, F f)
{
  unsigned r = 0;
  constexpr unsigned mask = (1u << W) - 1;
  for (int i = 0; i < 32 / W; ++i) {
    int s = i * W;
    int x = static_cast<int>((a >> s) & mask), y = static_cast<int>((b >> s) & mask);
    if (Signed) {
      x = x >= (1 << (W - 1)) ? x - (1 << W) : x;
      y = y >= (1 << (W - 1)) ? y - (1 << W) : y;
    }
    r |= (static_cast<unsigned>(f(x, y)) & mask) << s;
  }
  return r;
}
template <int W, bool Signed, typename F> P2M_FN unsigned sumLanes(unsigned a, unsigned b, F f)
{
  unsigned total = 0;
  constexpr unsigned mask = (1u << W) - 1;
  for (int i = 0; i < 32 / W; ++i) {
    int s = i * W;
    int x = static_cast<int>((a >> s) & mask), y = static_cast<int>((b >> s) & mask);
    if (Signed) {
      x = x >= (1 << (W - 1)) ? x - (1 << W) : x;
      y = y >= (1 << (W - 1)) ? y - (1 << W) : y;
    }
    total += static_cast<unsigned>(f(x, y));
  }
  return total;
}
template <int W> P2M_FN int satS(int v)
{
  constexpr int hi = (1 << (W - 1)) - 1, lo = -(1 << (W - 1));
  return v > hi ? hi : v < lo ? lo : v;
}
template <int W> P2M_FN int satU(int v)
{
  constexpr int hi = (1 << W) - 1;
  return v > hi ? hi : v < 0 ? 0 : v;
}
P2M_FN int absi(int v) { return v < 0 ? -v : v; }
} // namespace

#define P2M_SIMD(name, W, S, expr)                                                            \
  P2M_EXPORT int __nv_##name(int a, int b)                                                   \
  {                                                                                           \
    return static_cast<int>(lanes<W, S>(static_cast<unsigned>(a), static_cast<unsigned>(b),  \
                                        [](int x, int y) { (void)y; return (expr); }));       \
  }
#define P2M_SIMD_BOTH(name, S, expr)                                                          \
  P2M_SIMD(name##2, 16, S, expr)                                                              \
  P2M_SIMD(name##4, 8, S, expr)

P2M_SIMD_BOTH(vadd, false, x + y)
P2M_SIMD_BOTH(vsub, false, x - y)
P2M_SIMD(vaddss2, 16, true, satS<16>(x + y))
P2M_SIMD(vaddss4, 8, true, satS<8>(x + y))
P2M_SIMD(vaddus2, 16, false, satU<16>(x + y))
P2M_SIMD(vaddus4, 8, false, satU<8>(x + y))
P2M_SIMD(vsubss2, 16, true, satS<16>(x - y))
P2M_SIMD(vsubss4, 8, true, satS<8>(x - y))
P2M_SIMD(vsubus2, 16, false, satU<16>(x - y))
P2M_SIMD(vsubus4, 8, false, satU<8>(x - y))
P2M_SIMD_BOTH(vabsdiffs, true, absi(x - y))
P2M_SIMD_BOTH(vabsdiffu, false, absi(x - y))
P2M_SIMD_BOTH(vavgs, true, (x + y + 1) >> 1)
P2M_SIMD_BOTH(vavgu, false, (x + y + 1) >> 1)
P2M_SIMD_BOTH(vhaddu, false, (x + y) >> 1)
P2M_SIMD_BOTH(vmaxs, true, x > y ? x : y)
P2M_SIMD_BOTH(vmaxu, false, x > y ? x : y)
P2M_SIMD_BOTH(vmins, true, x < y ? x : y)
P2M_SIMD_BOTH(vminu, false, x < y ? x : y)
P2M_SIMD_BOTH(vcmpeq, false, x == y ? -1 : 0)
P2M_SIMD_BOTH(vcmpne, false, x != y ? -1 : 0)
P2M_SIMD_BOTH(vcmpges, true, x >= y ? -1 : 0)
P2M_SIMD_BOTH(vcmpgeu, false, x >= y ? -1 : 0)
P2M_SIMD_BOTH(vcmpgts, true, x > y ? -1 : 0)
P2M_SIMD_BOTH(vcmpgtu, false, x > y ? -1 : 0)
P2M_SIMD_BOTH(vcmples, true, x <= y ? -1 : 0)
P2M_SIMD_BOTH(vcmpleu, false, x <= y ? -1 : 0)
P2M_SIMD_BOTH(vcmplts, true, x < y ? -1 : 0)
P2M_SIMD_BOTH(vcmpltu, false, x < y ? -1 : 0)
P2M_SIMD_BOTH(vseteq, false, x == y ? 1 : 0)
P2M_SIMD_BOTH(vsetne, false, x != y ? 1 : 0)
P2M_SIMD_BOTH(vsetges, true, x >= y ? 1 : 0)
P2M_SIMD_BOTH(vsetgeu, false, x >= y ? 1 : 0)
P2M_SIMD_BOTH(vsetgts, true, x > y ? 1 : 0)
P2M_SIMD_BOTH(vsetgtu, false, x > y ? 1 : 0)
P2M_SIMD_BOTH(vsetles, true, x <= y ? 1 : 0)
P2M_SIMD_BOTH(vsetleu, false, x <= y ? 1 : 0)
P2M_SIMD_BOTH(vsetlts, true, x < y ? 1 : 0)
P2M_SIMD_BOTH(vsetltu, false, x < y ? 1 : 0)

#define P2M_SIMD_UNARY(name, W, expr)                                                         \
  P2M_EXPORT int __nv_##name(int a)                                                          \
  {                                                                                           \
    return static_cast<int>(                                                                  \
      lanes<W, true>(static_cast<unsigned>(a), 0u, [](int x, int) { return (expr); }));       \
  }
P2M_SIMD_UNARY(vabs2, 16, absi(x))
P2M_SIMD_UNARY(vabs4, 8, absi(x))
P2M_SIMD_UNARY(vabsss2, 16, satS<16>(absi(x)))
P2M_SIMD_UNARY(vabsss4, 8, satS<8>(absi(x)))
P2M_SIMD_UNARY(vneg2, 16, -x)
P2M_SIMD_UNARY(vneg4, 8, -x)
P2M_SIMD_UNARY(vnegss2, 16, satS<16>(-x))
P2M_SIMD_UNARY(vnegss4, 8, satS<8>(-x))

P2M_EXPORT int __nv_vsads2(int a, int b)
{
  return static_cast<int>(sumLanes<16, true>(static_cast<unsigned>(a), static_cast<unsigned>(b),
                                          [](int x, int y) { return absi(x - y); }));
}
P2M_EXPORT int __nv_vsads4(int a, int b)
{
  return static_cast<int>(sumLanes<8, true>(static_cast<unsigned>(a), static_cast<unsigned>(b),
                                          [](int x, int y) { return absi(x - y); }));
}
P2M_EXPORT int __nv_vsadu2(int a, int b)
{
  return static_cast<int>(sumLanes<16, false>(static_cast<unsigned>(a), static_cast<unsigned>(b),
                                          [](int x, int y) { return absi(x - y); }));
}
P2M_EXPORT int __nv_vsadu4(int a, int b)
{
  return static_cast<int>(sumLanes<8, false>(static_cast<unsigned>(a), static_cast<unsigned>(b),
                                          [](int x, int y) { return absi(x - y); }));
}
