// 128-bit integers (a mul.wide.u64 emitted naively): Metal has none.
#include <metal_stdlib>
using namespace metal;

inline ulong high_half(ulong a, ulong b)
{
  unsigned __int128 product = static_cast<unsigned __int128>(a) * b; // EXPECT: type 'unsigned __int128' is not available in Metal [msl-type]
  return static_cast<ulong>(product >> 64);
}
