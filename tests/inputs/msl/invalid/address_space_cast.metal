// A generic pointer resolved by a C-style cast between address spaces: Clang accepts it, Metal
// does not (shared memory is reached through the threadgroup window, never as device memory).
#include <metal_stdlib>
using namespace metal;

inline float read_shared(threadgroup uchar* smem, uint offset)
{
  device float* p = (device float*)(smem + offset); // EXPECT: cast from the 'threadgroup' to the 'device' address space [msl-address-space-cast]
  return *p;
}
