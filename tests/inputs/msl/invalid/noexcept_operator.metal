// The noexcept operator is one of the C++ features MSL leaves out.
#include <metal_stdlib>
using namespace metal;

inline uint identity(uint x)
{
  return x;
}

inline bool cannot_throw(uint x)
{
  return noexcept(identity(x)); // EXPECT: the 'noexcept' operator is not available in Metal [msl-exceptions]
}
