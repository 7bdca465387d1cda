// Integer and bit intrinsics (__popc, __clz, __brev, __mulhi, __byte_perm, __sad, ...).
#include "Portability.h"

using namespace p2m;

P2M_EXPORT int __nv_abs(int a) { return a < 0 ? static_cast<int>(0u - static_cast<unsigned>(a)) : a; }
P2M_EXPORT long long __nv_llabs(long long a)
{
  return a < 0 ? static_cast<long long>(0ull - static_cast<unsigned long long>(a)) : a;
}
P2M_EXPORT int __nv_min(int a, int b) { return a < b ? a : b; }
P2M_EXPORT int __nv_max(int a, int b) { return a > b ? a : b; }
P2M_EXPORT unsigned int __nv_umin(unsigned int a, unsigned int b) { return a < b ? a : b; }
P2M_EXPORT unsigned int __nv_umax(unsigned int a, unsigned int b) { return a > b ? a : b; }
P2M_EXPORT long long __nv_llmin(long long a, long long b) { return a < b ? a : b; }
P2M_EXPORT long long __nv_llmax(long long a, long long b) { return a > b ? a : b; }
P2M_EXPORT unsigned long long __nv_ullmin(unsigned long long a, unsigned long long b)
{
  return a < b ? a : b;
}
P2M_EXPORT unsigned long long __nv_ullmax(unsigned long long a, unsigned long long b)
{
  return a > b ? a : b;
}

P2M_EXPORT int __nv_brev(int a) { return static_cast<int>(brev32(static_cast<uint32_t>(a))); }
P2M_EXPORT long long __nv_brevll(long long a)
{
  return static_cast<long long>(brev64(static_cast<uint64_t>(a)));
}
P2M_EXPORT int __nv_clz(int a) { return clz32(static_cast<uint32_t>(a)); }
P2M_EXPORT int __nv_clzll(long long a) { return clz64(static_cast<uint64_t>(a)); }
// Position (1-based) of the least significant set bit; 0 for 0.
P2M_EXPORT int __nv_ffs(int a)
{
  uint32_t u = static_cast<uint32_t>(a);
  return u ? 32 - clz32(u & (0u - u)) : 0;
}
P2M_EXPORT int __nv_ffsll(long long a)
{
  uint64_t u = static_cast<uint64_t>(a);
  return u ? 64 - clz64(u & (0ull - u)) : 0;
}
P2M_EXPORT int __nv_popc(unsigned int a) { return popc32(a); }
P2M_EXPORT int __nv_popcll(unsigned long long a) { return popc64(a); }

P2M_EXPORT int __nv_mulhi(int a, int b) { return mulhi32(a, b); }
P2M_EXPORT unsigned int __nv_umulhi(unsigned int a, unsigned int b) { return umulhi32(a, b); }
P2M_EXPORT long long __nv_mul64hi(long long a, long long b) { return mulhi64(a, b); }
P2M_EXPORT unsigned long long __nv_umul64hi(unsigned long long a, unsigned long long b)
{
  return umulhi64(a, b);
}
// Product of the low 24 bits (signed/unsigned), low 32 bits of the result.
P2M_EXPORT int __nv_mul24(int a, int b)
{
  int32_t x = static_cast<int32_t>(static_cast<uint32_t>(a) << 8) >> 8;
  int32_t y = static_cast<int32_t>(static_cast<uint32_t>(b) << 8) >> 8;
  return static_cast<int>(static_cast<uint32_t>(static_cast<int64_t>(x) * y));
}
P2M_EXPORT unsigned int __nv_umul24(unsigned int a, unsigned int b)
{
  return (a & 0xffffffu) * (b & 0xffffffu);
}
P2M_EXPORT int __nv_sad(int a, int b, int c)
{
  return static_cast<int>(static_cast<unsigned>(c) + (a > b ? static_cast<unsigned>(a) - static_cast<unsigned>(b)
                    : static_cast<unsigned>(b) - static_cast<unsigned>(a)));
}
P2M_EXPORT unsigned int __nv_usad(unsigned int a, unsigned int b, unsigned int c)
{
  return c + (a > b ? a - b : b - a);
}
P2M_EXPORT int __nv_byte_perm(int a, int b, int s)
{
  // __byte_perm uses only the low 3 bits of each selector nibble (no sign replication).
  return static_cast<int>(bytePerm(static_cast<uint32_t>(a), static_cast<uint32_t>(b),
                                   static_cast<uint32_t>(s) & 0x7777u));
}
// Halving adds without intermediate overflow: (a + b) >> 1 and (a + b + 1) >> 1.
P2M_EXPORT int __nv_hadd(int a, int b)
{
  return static_cast<int>((static_cast<int64_t>(a) + b) >> 1);
}
P2M_EXPORT int __nv_rhadd(int a, int b)
{
  return static_cast<int>((static_cast<int64_t>(a) + b + 1) >> 1);
}
P2M_EXPORT int __nv_uhadd(unsigned int a, unsigned int b)
{
  return static_cast<int>((static_cast<uint64_t>(a) + b) >> 1);
}
P2M_EXPORT unsigned int __nv_urhadd(unsigned int a, unsigned int b)
{
  return static_cast<unsigned>((static_cast<uint64_t>(a) + b + 1) >> 1);
}
