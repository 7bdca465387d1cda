// Shared-memory addresses are offsets into the threadgroup window; only device pointers are
// made from integers.
#include <metal_stdlib>
using namespace metal;

inline float read_shared(ulong address)
{
  threadgroup float* p = reinterpret_cast<threadgroup float*>(address); // EXPECT: cast from an integer to a 'threadgroup' pointer [msl-address-space-cast]
  return *p;
}
