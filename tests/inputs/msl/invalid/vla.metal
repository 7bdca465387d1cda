// A local array sized at run time (.local size not computed statically).
#include <metal_stdlib>
using namespace metal;

inline uint local_sum(uint n)
{
  uint scratch[n]; // EXPECT: variable-length array [msl-vla]
  uint total = 0;
  for (uint i = 0; i < n; ++i) {
    scratch[i] = i;
    total += scratch[i];
  }
  return total;
}
