// A reference without an address space.
#include <metal_stdlib>
using namespace metal;

inline void accumulate(float& total, float value) // EXPECT: reference to 'float' has no address space [msl-address-space]
{
  total += value;
}
