// Conversions with an explicit rounding direction (__float2int_rz, __ll2float_ru, ...), bit
// reinterpretations, half-precision conversion and classification.
#include "Portability.h"

using namespace p2m;

// Arg is the declared parameter type, Via the fixed-width type the primitive takes.
#define P2M_CONVERT(name, Ret, Arg, Via, fn)                                                  \
  P2M_EXPORT Ret __nv_##name##_rn(Arg a) { return static_cast<Ret>(fn<Rnd::Nearest>(Via(a))); } \
  P2M_EXPORT Ret __nv_##name##_rz(Arg a) { return static_cast<Ret>(fn<Rnd::Zero>(Via(a))); }    \
  P2M_EXPORT Ret __nv_##name##_rd(Arg a) { return static_cast<Ret>(fn<Rnd::Down>(Via(a))); }    \
  P2M_EXPORT Ret __nv_##name##_ru(Arg a) { return static_cast<Ret>(fn<Rnd::Up>(Via(a))); }

P2M_CONVERT(float2int, int, float, float, toI32)
P2M_CONVERT(float2uint, unsigned int, float, float, toU32)
P2M_CONVERT(float2ll, long long, float, float, toI64)
P2M_CONVERT(float2ull, unsigned long long, float, float, toU64)
P2M_CONVERT(double2int, int, double, double, toI32)
P2M_CONVERT(double2uint, unsigned int, double, double, toU32)
P2M_CONVERT(double2ll, long long, double, double, toI64)
P2M_CONVERT(double2ull, unsigned long long, double, double, toU64)
P2M_CONVERT(double2float, float, double, double, toF32)
P2M_CONVERT(int2float, float, int, int32_t, toF32)
P2M_CONVERT(uint2float, float, unsigned int, uint32_t, toF32)
P2M_CONVERT(ll2float, float, long long, int64_t, toF32)
P2M_CONVERT(ull2float, float, unsigned long long, uint64_t, toF32)
P2M_CONVERT(ll2double, double, long long, int64_t, toF64)
P2M_CONVERT(ull2double, double, unsigned long long, uint64_t, toF64)

P2M_EXPORT double __nv_int2double_rn(int a) { return a; }           // exact
P2M_EXPORT double __nv_uint2double_rn(unsigned int a) { return a; } // exact

P2M_EXPORT int __nv_float_as_int(float a) { return static_cast<int>(bits(a)); }
P2M_EXPORT unsigned int __nv_float_as_uint(float a) { return bits(a); }
P2M_EXPORT float __nv_int_as_float(int a) { return f32(static_cast<uint32_t>(a)); }
P2M_EXPORT float __nv_uint_as_float(unsigned int a) { return f32(a); }
P2M_EXPORT unsigned long long __nv_double_as_longlong(double a) { return bits(a); }
P2M_EXPORT double __nv_longlong_as_double(long long a) { return f64(static_cast<uint64_t>(a)); }
P2M_EXPORT int __nv_double2hiint(double a) { return static_cast<int>(bits(a) >> 32); }
P2M_EXPORT int __nv_double2loint(double a) { return static_cast<int>(bits(a) & 0xffffffffu); }
P2M_EXPORT double __nv_hiloint2double(int hi, int lo)
{
  return f64((static_cast<uint64_t>(static_cast<uint32_t>(hi)) << 32) | static_cast<uint32_t>(lo));
}

// binary32 -> binary16, round to nearest even (NaN stays a quiet NaN, overflow gives inf).
P2M_EXPORT unsigned short __nv_float2half_rn(float a)
{
  uint32_t u = bits(a);
  uint32_t sign = (u >> 16) & 0x8000u;
  uint32_t mag = u & 0x7fffffffu;
  if (mag > 0x7f800000u) // NaN: keep the top payload bits, force quiet
    return static_cast<unsigned short>(sign | 0x7e00u | ((mag >> 13) & 0x1ffu));
  if (mag >= 0x477ff000u) // rounds to >= 65520: infinity
    return static_cast<unsigned short>(sign | 0x7c00u);
  if (mag >= 0x38800000u) { // normal half
    uint32_t r = mag - 0x38000000u; // rebias exponent 127 -> 15
    uint32_t h = r >> 13, rest = r & 0x1fffu;
    h += (rest > 0x1000u) || (rest == 0x1000u && (h & 1));
    return static_cast<unsigned short>(sign | h);
  }
  if (mag < 0x33000000u) // below half of the smallest subnormal (2^-25): zero
    return static_cast<unsigned short>(sign);
  // Subnormal half: significand * 2^-24.
  uint32_t e = mag >> 23;
  uint32_t m = (mag & 0x7fffffu) | 0x800000u;
  uint32_t shift = 126 - e; // 14 for 2^-14 * 1.x ... grows as the value shrinks
  uint32_t h = m >> shift, rest = m & ((1u << shift) - 1), half = 1u << (shift - 1);
  h += (rest > half) || (rest == half && (h & 1));
  return static_cast<unsigned short>(sign | h);
}

P2M_EXPORT float __nv_half2float(unsigned short h)
{
  uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  uint32_t e = (h >> 10) & 0x1f, m = h & 0x3ffu;
  if (e == 0x1f)
    return f32(sign | 0x7f800000u | (m << 13));
  if (e != 0)
    return f32(sign | ((e + 112) << 23) | (m << 13));
  if (m == 0)
    return f32(sign); // +-0
  float magnitude = static_cast<float>(m) * 0x1p-24f; // subnormal half: exact in float
  return sign ? -magnitude : magnitude;
}

P2M_EXPORT int __nv_isnanf(float a) { return (bits(a) & 0x7fffffffu) > 0x7f800000u; }
P2M_EXPORT int __nv_isnand(double a) { return (bits(a) & ~(1ull << 63)) > 0x7ff0000000000000ull; }
P2M_EXPORT int __nv_isinff(float a) { return (bits(a) & 0x7fffffffu) == 0x7f800000u; }
P2M_EXPORT int __nv_isinfd(double a) { return (bits(a) & ~(1ull << 63)) == 0x7ff0000000000000ull; }
P2M_EXPORT int __nv_finitef(float a) { return (bits(a) & 0x7fffffffu) < 0x7f800000u; }
P2M_EXPORT int __nv_isfinited(double a) { return (bits(a) & ~(1ull << 63)) < 0x7ff0000000000000ull; }
P2M_EXPORT int __nv_signbitf(float a) { return static_cast<int>(bits(a) >> 31); }
P2M_EXPORT int __nv_signbitd(double a) { return static_cast<int>(bits(a) >> 63); }
