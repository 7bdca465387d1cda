// long double: no such type in Metal.
#include <metal_stdlib>
using namespace metal;

inline float precise_sum(float a, float b)
{
  long double sum = a; // EXPECT: type 'long double' is not available in Metal [msl-type]
  return static_cast<float>(sum + b);
}
