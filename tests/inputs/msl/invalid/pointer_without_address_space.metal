// A pointer parameter without an address space: Metal requires device, constant, threadgroup
// or thread on every pointer (the host header maps thread to Clang's default space, so only the
// check can tell `float*` from `thread float*`).
#include <metal_stdlib>
using namespace metal;

inline float load_first(float* values) // EXPECT: pointer to 'float' has no address space [msl-address-space]
{
  return values[0];
}
