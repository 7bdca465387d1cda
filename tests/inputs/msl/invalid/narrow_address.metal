// A device pointer made from a 32-bit value: device addresses are 64-bit.
#include <metal_stdlib>
using namespace metal;

inline float read_global(uint address)
{
  device float* p = reinterpret_cast<device float*>(address); // EXPECT: cast from the 32-bit integer type 'uint' to a device pointer [msl-address-space-cast]
  return *p;
}
