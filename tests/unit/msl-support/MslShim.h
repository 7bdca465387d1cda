// Just enough of MSL's scalar types and integer built-ins to compile the MSL support headers
// (emitters/msl/support/*.h) as C++ on the host, with MSL's exact semantics:
//   * uint/ulong/ushort/uchar: unsigned 32/64/16/8-bit; MSL's `long` is 64-bit (as on LP64).
//   * clz(x): count of leading zeros, the bit width for x == 0 (MSL defines it; GCC/Clang's
//     builtins leave it undefined). Only the uint and ulong overloads exist on purpose: a
//     header that calls clz on an int or long gets an ambiguity error here, and must say
//     which width it means.
//   * popcount, mulhi (the high half of the full product), as_type<T> (bit reinterpretation
//     of same-size scalars), select(a, b, c) = c ? b : a, integer min/max, float fma and sqrt.
// The shim itself may use anything; the headers it serves may not.
#ifndef P2M_TESTS_MSL_SHIM_H
#define P2M_TESTS_MSL_SHIM_H

#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

static_assert(sizeof(long) == 8, "MSL's long is 64-bit; the shim assumes an LP64 host");

// glibc's <sys/types.h> may already declare some of these with the same types; repeating an
// identical typedef is allowed.
typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;

inline uint clz(uint x) { return x == 0 ? 32u : static_cast<uint>(__builtin_clz(x)); }
inline ulong clz(ulong x) { return x == 0 ? 64ul : static_cast<ulong>(__builtin_clzl(x)); }

// MSL's float fma and sqrt (fp64_demote.h): the float overloads, correctly rounded, not
// the double functions of <math.h>.
using std::fma;
using std::sqrt;

inline uint popcount(uint x) { return static_cast<uint>(__builtin_popcount(x)); }
inline ulong popcount(ulong x) { return static_cast<ulong>(__builtin_popcountl(x)); }

inline uint mulhi(uint a, uint b)
{
    return static_cast<uint>((static_cast<std::uint64_t>(a) * b) >> 32);
}

inline ulong mulhi(ulong a, ulong b)
{
    __extension__ typedef unsigned __int128 p2m_shim_u128;
    return static_cast<ulong>((static_cast<p2m_shim_u128>(a) * b) >> 64);
}

template <typename T, typename U>
inline T as_type(U x)
{
    static_assert(sizeof(T) == sizeof(U), "as_type needs types of the same size");
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_copyable_v<U>);
    return __builtin_bit_cast(T, x);
}

template <typename T>
inline T select(T a, T b, bool c)
{
    return c ? b : a;
}

inline int min(int a, int b) { return a < b ? a : b; }
inline uint min(uint a, uint b) { return a < b ? a : b; }
inline long min(long a, long b) { return a < b ? a : b; }
inline ulong min(ulong a, ulong b) { return a < b ? a : b; }
inline int max(int a, int b) { return a > b ? a : b; }
inline uint max(uint a, uint b) { return a > b ? a : b; }
inline long max(long a, long b) { return a > b ? a : b; }
inline ulong max(ulong a, ulong b) { return a > b ? a : b; }

#endif // P2M_TESTS_MSL_SHIM_H
