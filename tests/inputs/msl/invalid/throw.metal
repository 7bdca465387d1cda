// A trap emitted as a C++ exception.
#include <metal_stdlib>
using namespace metal;

inline uint checked_divide(uint a, uint b)
{
  if (b == 0u)
    throw 1; // EXPECT: 'throw' is not available in Metal (no exceptions) [msl-exceptions]
  return a / b;
}
