// An unsuffixed floating-point literal is a double in C++: the host would compute in double
// what Metal computes in float.
#include <metal_stdlib>
using namespace metal;

inline float scale(float x)
{
  return x * 0.5; // EXPECT: literal without a suffix has type 'double' [msl-type]
}
