// A lambda (a helper the emitter should have named): MSL has no lambda expressions.
#include <metal_stdlib>
using namespace metal;

inline float squared_sum(float a, float b)
{
  auto square = [](float x) { return x * x; }; // EXPECT: lambda expressions are not available in Metal [msl-lambda]
  return square(a) + square(b);
}
