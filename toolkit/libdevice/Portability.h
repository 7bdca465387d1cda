// The few primitives the device library needs that differ between the device build (clang CUDA
// for NVPTX: __nvvm_* builtins, which become single PTX instructions) and the host build (the
// accuracy test runs the same math code on the CPU). Everything else in toolkit/libdevice is
// ordinary C++ shared by both.
#pragma once

#include <stdint.h>

#if defined(__CUDA_ARCH__)
#define P2M_DEVICE_BUILD 1
// Helpers are internal to the bitcode; only the __nv_* entry points are exported.
#define P2M_FN static inline __attribute__((device, always_inline))
#define P2M_EXPORT extern "C" __attribute__((device))
// Functions shared between the library's files, kept out of line (they are large and shared
// by many entry points); internalized when a program links the bitcode.
#define P2M_INTERNAL __attribute__((device, noinline))
#define __device__ __attribute__((device))
#include <__clang_cuda_libdevice_declares.h> // our definitions must match clang's declarations
#undef __device__
#else
#include <cfenv>
#include <cmath>
#include <cstring>
#define P2M_FN static inline
#define P2M_EXPORT extern "C"
#define P2M_INTERNAL
#define __DEVICE__
#include <__clang_cuda_libdevice_declares.h> // our definitions must match clang's declarations
#endif

namespace p2m {

// IEEE rounding directions of PTX's .rn/.rz/.rm/.rp modifiers.
enum class Rnd { Nearest, Zero, Down, Up };

P2M_FN uint32_t bits(float x) { return __builtin_bit_cast(uint32_t, x); }
P2M_FN uint64_t bits(double x) { return __builtin_bit_cast(uint64_t, x); }
P2M_FN float f32(uint32_t u) { return __builtin_bit_cast(float, u); }
P2M_FN double f64(uint64_t u) { return __builtin_bit_cast(double, u); }

P2M_FN float fmaf_(float a, float b, float c) { return __builtin_fmaf(a, b, c); }
P2M_FN double fma_(double a, double b, double c) { return __builtin_fma(a, b, c); }
P2M_FN float sqrtf_(float a) { return __builtin_sqrtf(a); }   // sqrt.rn.f32
P2M_FN double sqrt_(double a) { return __builtin_sqrt(a); }   // sqrt.rn.f64

// Integer primitives.
P2M_FN int popc32(uint32_t x) { return __builtin_popcount(x); }
P2M_FN int popc64(uint64_t x) { return __builtin_popcountll(x); }
P2M_FN int clz32(uint32_t x) { return x ? __builtin_clz(x) : 32; }
P2M_FN int clz64(uint64_t x) { return x ? __builtin_clzll(x) : 64; }
P2M_FN uint32_t brev32(uint32_t x) { return __builtin_bitreverse32(x); }
P2M_FN uint64_t brev64(uint64_t x) { return __builtin_bitreverse64(x); }
#if defined(__CUDA_ARCH__)
P2M_FN uint64_t umulhi64(uint64_t a, uint64_t b) { return __nvvm_mulhi_ull(a, b); }
P2M_FN int64_t mulhi64(int64_t a, int64_t b) { return __nvvm_mulhi_ll(a, b); }
#else
P2M_FN uint64_t umulhi64(uint64_t a, uint64_t b)
{
  return static_cast<uint64_t>((static_cast<unsigned __int128>(a) * b) >> 64);
}
P2M_FN int64_t mulhi64(int64_t a, int64_t b)
{
  return static_cast<int64_t>((static_cast<__int128>(a) * b) >> 64);
}
#endif

#if defined(P2M_DEVICE_BUILD)

#define P2M_RND(M, name, sfx, ...)                                                            \
  (M == Rnd::Nearest ? __nvvm_##name##_rn##sfx(__VA_ARGS__)                                   \
   : M == Rnd::Zero  ? __nvvm_##name##_rz##sfx(__VA_ARGS__)                                   \
   : M == Rnd::Down  ? __nvvm_##name##_rm##sfx(__VA_ARGS__)                                   \
                     : __nvvm_##name##_rp##sfx(__VA_ARGS__))

template <Rnd M> P2M_FN float add(float a, float b) { return P2M_RND(M, add, _f, a, b); }
template <Rnd M> P2M_FN double add(double a, double b) { return P2M_RND(M, add, _d, a, b); }
template <Rnd M> P2M_FN float mul(float a, float b) { return P2M_RND(M, mul, _f, a, b); }
template <Rnd M> P2M_FN double mul(double a, double b) { return P2M_RND(M, mul, _d, a, b); }
template <Rnd M> P2M_FN float div(float a, float b) { return P2M_RND(M, div, _f, a, b); }
template <Rnd M> P2M_FN double div(double a, double b) { return P2M_RND(M, div, _d, a, b); }
template <Rnd M> P2M_FN float fma(float a, float b, float c)
{
  return P2M_RND(M, fma, _f, a, b, c);
}
template <Rnd M> P2M_FN double fma(double a, double b, double c)
{
  return P2M_RND(M, fma, _d, a, b, c);
}
template <Rnd M> P2M_FN float sqrt(float a) { return P2M_RND(M, sqrt, _f, a); }
template <Rnd M> P2M_FN double sqrt(double a) { return P2M_RND(M, sqrt, _d, a); }
template <Rnd M> P2M_FN float rcp(float a) { return P2M_RND(M, rcp, _f, a); }
template <Rnd M> P2M_FN double rcp(double a) { return P2M_RND(M, rcp, _d, a); }

// Conversions (PTX cvt: integer results saturate; NaN: see saturatingConvert below).
template <Rnd M> P2M_FN int32_t toI32(float a) { return P2M_RND(M, f2i, , a); }
template <Rnd M> P2M_FN uint32_t toU32(float a) { return P2M_RND(M, f2ui, , a); }
template <Rnd M> P2M_FN int64_t toI64(float a) { return P2M_RND(M, f2ll, , a); }
template <Rnd M> P2M_FN uint64_t toU64(float a) { return P2M_RND(M, f2ull, , a); }
template <Rnd M> P2M_FN int32_t toI32(double a) { return P2M_RND(M, d2i, , a); }
template <Rnd M> P2M_FN uint32_t toU32(double a) { return P2M_RND(M, d2ui, , a); }
template <Rnd M> P2M_FN int64_t toI64(double a) { return P2M_RND(M, d2ll, , a); }
template <Rnd M> P2M_FN uint64_t toU64(double a) { return P2M_RND(M, d2ull, , a); }
template <Rnd M> P2M_FN float toF32(double a) { return P2M_RND(M, d2f, , a); }
template <Rnd M> P2M_FN float toF32(int32_t a) { return P2M_RND(M, i2f, , a); }
template <Rnd M> P2M_FN float toF32(uint32_t a) { return P2M_RND(M, ui2f, , a); }
template <Rnd M> P2M_FN float toF32(int64_t a) { return P2M_RND(M, ll2f, , a); }
template <Rnd M> P2M_FN float toF32(uint64_t a) { return P2M_RND(M, ull2f, , a); }
template <Rnd M> P2M_FN double toF64(int64_t a) { return P2M_RND(M, ll2d, , a); }
template <Rnd M> P2M_FN double toF64(uint64_t a) { return P2M_RND(M, ull2d, , a); }
#undef P2M_RND

P2M_FN int32_t mulhi32(int32_t a, int32_t b) { return __nvvm_mulhi_i(a, b); }
P2M_FN uint32_t umulhi32(uint32_t a, uint32_t b) { return __nvvm_mulhi_ui(a, b); }
P2M_FN uint32_t bytePerm(uint32_t a, uint32_t b, uint32_t s) { return __nvvm_prmt(a, b, s); }

// The approximate instructions of the fast-math intrinsics (ex2/lg2/sin/cos/rsqrt.approx):
// the translator lowers them within PTX's documented bounds.
P2M_FN float ex2Approx(float a) { return __nvvm_ex2_approx_f(a); }
P2M_FN float lg2Approx(float a) { return __nvvm_lg2_approx_f(a); }
P2M_FN float sinApprox(float a) { return __nvvm_sin_approx_f(a); }
P2M_FN float cosApprox(float a) { return __nvvm_cos_approx_f(a); }
P2M_FN float rsqrtApprox(float a) { return __nvvm_rsqrt_approx_f(a); }
P2M_FN float divApprox(float a, float b) { return __nvvm_div_approx_f(a, b); }

#else // host build

// The host evaluates directed rounding with the C floating-point environment; every such
// operation restores round-to-nearest before it returns.
template <Rnd M> constexpr int fenvMode()
{
  return M == Rnd::Nearest ? FE_TONEAREST
       : M == Rnd::Zero    ? FE_TOWARDZERO
       : M == Rnd::Down    ? FE_DOWNWARD
                           : FE_UPWARD;
}

template <Rnd M, typename F> inline auto withRounding(F f)
{
#pragma STDC FENV_ACCESS ON
  std::fesetround(fenvMode<M>());
  auto r = f();
  std::fesetround(FE_TONEAREST);
  return r;
}

template <Rnd M> float add(float a, float b)
{
#pragma STDC FENV_ACCESS ON
  return withRounding<M>([&] { volatile float x = a, y = b; return x + y; });
}
template <Rnd M> double add(double a, double b)
{
#pragma STDC FENV_ACCESS ON
  return withRounding<M>([&] { volatile double x = a, y = b; return x + y; });
}
template <Rnd M> float mul(float a, float b)
{
#pragma STDC FENV_ACCESS ON
  return withRounding<M>([&] { volatile float x = a, y = b; return x * y; });
}
template <Rnd M> double mul(double a, double b)
{
#pragma STDC FENV_ACCESS ON
  return withRounding<M>([&] { volatile double x = a, y = b; return x * y; });
}
template <Rnd M> float div(float a, float b)
{
#pragma STDC FENV_ACCESS ON
  return withRounding<M>([&] { volatile float x = a, y = b; return x / y; });
}
template <Rnd M> double div(double a, double b)
{
#pragma STDC FENV_ACCESS ON
  return withRounding<M>([&] { volatile double x = a, y = b; return x / y; });
}
template <Rnd M> float fma(float a, float b, float c)
{
#pragma STDC FENV_ACCESS ON
  return withRounding<M>([&] { volatile float x = a, y = b, z = c; return std::fma(x, y, z); });
}
template <Rnd M> double fma(double a, double b, double c)
{
#pragma STDC FENV_ACCESS ON
  return withRounding<M>([&] { volatile double x = a, y = b, z = c; return std::fma(x, y, z); });
}
template <Rnd M> float sqrt(float a)
{
#pragma STDC FENV_ACCESS ON
  return withRounding<M>([&] { volatile float x = a; return std::sqrt(x); });
}
template <Rnd M> double sqrt(double a)
{
#pragma STDC FENV_ACCESS ON
  return withRounding<M>([&] { volatile double x = a; return std::sqrt(x); });
}
template <Rnd M> float rcp(float a) { return div<M>(1.0f, a); }
template <Rnd M> double rcp(double a) { return div<M>(1.0, a); }

// Round to an integral value in direction M (no environment needed).
template <Rnd M, typename T> T roundIntegral(T a)
{
  return M == Rnd::Nearest ? std::nearbyint(a)
       : M == Rnd::Zero    ? std::trunc(a)
       : M == Rnd::Down    ? std::floor(a)
                           : std::ceil(a);
}
// PTX cvt to an integer: round, saturate to the destination's range. A NaN gives what
// NVIDIA's hardware gives (measured for the translator's cvt lowering, emitters/msl/support):
// 0 from f32 to 32-bit integers, 0x80000000 from f64 to 32-bit integers, and
// 0x8000000000000000 for 64-bit destinations from either.
template <typename I, Rnd M, typename T> I saturatingConvert(T a)
{
  if (a != a)
    return sizeof(I) == 8 ? static_cast<I>(1ull << 63)
         : sizeof(T) == 8 ? static_cast<I>(0x80000000u)
                          : static_cast<I>(0);
  T r = roundIntegral<M>(a);
  constexpr I lo = static_cast<I>(I(0) < I(-1) ? 0 : I(1) << (sizeof(I) * 8 - 1));
  constexpr I hi = static_cast<I>(~lo);
  if (r <= static_cast<T>(lo))
    return lo;
  if (r >= static_cast<T>(hi)) // hi rounds up to 2^n in T: >= catches the overflow
    return hi;
  return static_cast<I>(r);
}
template <Rnd M> int32_t toI32(float a) { return saturatingConvert<int32_t, M>(a); }
template <Rnd M> uint32_t toU32(float a) { return saturatingConvert<uint32_t, M>(a); }
template <Rnd M> int64_t toI64(float a) { return saturatingConvert<int64_t, M>(a); }
template <Rnd M> uint64_t toU64(float a) { return saturatingConvert<uint64_t, M>(a); }
template <Rnd M> int32_t toI32(double a) { return saturatingConvert<int32_t, M>(a); }
template <Rnd M> uint32_t toU32(double a) { return saturatingConvert<uint32_t, M>(a); }
template <Rnd M> int64_t toI64(double a) { return saturatingConvert<int64_t, M>(a); }
template <Rnd M> uint64_t toU64(double a) { return saturatingConvert<uint64_t, M>(a); }
template <Rnd M, typename T> float toF32Rounded(T a)
{
#pragma STDC FENV_ACCESS ON
  return withRounding<M>([&] { volatile T x = a; return static_cast<float>(x); });
}
template <Rnd M> float toF32(double a) { return toF32Rounded<M>(a); }
template <Rnd M> float toF32(int32_t a) { return toF32Rounded<M>(a); }
template <Rnd M> float toF32(uint32_t a) { return toF32Rounded<M>(a); }
template <Rnd M> float toF32(int64_t a) { return toF32Rounded<M>(a); }
template <Rnd M> float toF32(uint64_t a) { return toF32Rounded<M>(a); }
template <Rnd M, typename T> double toF64Rounded(T a)
{
#pragma STDC FENV_ACCESS ON
  return withRounding<M>([&] { volatile T x = a; return static_cast<double>(x); });
}
template <Rnd M> double toF64(int64_t a) { return toF64Rounded<M>(a); }
template <Rnd M> double toF64(uint64_t a) { return toF64Rounded<M>(a); }

inline int32_t mulhi32(int32_t a, int32_t b)
{
  return static_cast<int32_t>((static_cast<int64_t>(a) * b) >> 32);
}
inline uint32_t umulhi32(uint32_t a, uint32_t b)
{
  return static_cast<uint32_t>((static_cast<uint64_t>(a) * b) >> 32);
}
// PTX prmt (default mode): selector nibbles pick bytes of {b,a}; bit 3 of a nibble replicates
// the picked byte's sign bit.
inline uint32_t bytePerm(uint32_t a, uint32_t b, uint32_t s)
{
  uint64_t pool = (static_cast<uint64_t>(b) << 32) | a;
  uint32_t r = 0;
  for (int i = 0; i < 4; ++i) {
    uint32_t sel = (s >> (4 * i)) & 0xf;
    uint32_t byte = (pool >> (8 * (sel & 7))) & 0xff;
    if (sel & 8)
      byte = (byte & 0x80) ? 0xff : 0;
    r |= byte << (8 * i);
  }
  return r;
}

// Host stand-ins for the approximate instructions: correctly rounded or nearly so, hence
// within PTX's bounds; the device's values may differ in the last bits.
float ex2Approx(float a);
float lg2Approx(float a);
float sinApprox(float a);
float cosApprox(float a);
float rsqrtApprox(float a);
float divApprox(float a, float b);

#endif

} // namespace p2m
