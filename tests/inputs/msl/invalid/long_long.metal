// long long: MSL's 64-bit integer is long.
#include <metal_stdlib>
using namespace metal;

// EXPECT: type 'long long' is not available in Metal; use long [msl-type]
inline long long widen(int x)
{
  return x;
}
