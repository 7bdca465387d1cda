// The register storage class is one of the C++ features MSL leaves out.
#include <metal_stdlib>
using namespace metal;

inline uint twice(uint x)
{
  register uint y = x; // EXPECT: register variable 'y': Metal has no register storage class [msl-storage-class]
  return y + y;
}
